"""Turn environment variables into settings values.

Kept apart from settings.py (and free of Django imports) so each rule can be unit-tested
with a plain dict standing in for ``os.environ``.
"""

from __future__ import annotations

import fcntl
import ipaddress
import secrets
import socket
import struct
from collections.abc import Mapping
from pathlib import Path

import dj_database_url

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_bool(value: str | None, *, default: bool = False) -> bool:
    """Read a yes/no environment value; anything unrecognised is an error, not a silent no."""
    if value is None:
        return default
    word = value.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(f"expected one of {sorted(TRUE_WORDS | FALSE_WORDS - {''})}, got {value!r}")


def env_list(value: str | None) -> list[str]:
    """Split a comma-separated environment value, dropping blanks."""
    if not value:
        return []
    return [item.strip() for item in value.split(",") if item.strip()]


def data_dir(env: Mapping[str, str], base_dir: Path) -> Path:
    """The folder that holds the SQLite database and the generated secret key."""
    return Path(env.get("CARDRPG_DATA_DIR") or base_dir / "data").resolve()


def secret_key(env: Mapping[str, str], folder: Path) -> str:
    """SECRET_KEY from the environment, else one generated once and kept in the data folder.

    Keeping it in a file means sessions survive restarts without the user ever setting one.
    """
    if env.get("SECRET_KEY"):
        return env["SECRET_KEY"]
    key_file = folder / "secret_key"
    if key_file.exists():
        key = key_file.read_text().strip()
        if key:
            return key
    folder.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    # Written with owner-only permissions: the key signs session cookies.
    key_file.touch(mode=0o600, exist_ok=True)
    key_file.write_text(key + "\n")
    return key


# Measured with 16 concurrent clients: deferred transactions gave "database is locked" on
# writes even in WAL mode; IMMEDIATE transactions with a short busy timeout gave none.
# The WAL file never shrinks by itself: once a big import had grown it to 413 MB it stayed so.
# journal_size_limit cuts it back to 64 MB at each checkpoint that empties it.
WAL_SIZE_LIMIT = 64 * 1024 * 1024
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 5,
    "init_command": (
        "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL;"
        f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}"
    ),
}


def database(env: Mapping[str, str], folder: Path) -> dict:
    """DATABASES['default']: DATABASE_URL if set, else SQLite in the data folder."""
    url = env.get("DATABASE_URL")
    if url:
        config = dj_database_url.parse(url, conn_max_age=600, conn_health_checks=True)
    else:
        config = {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(folder / "cardrpg.sqlite3"),
            "CONN_MAX_AGE": 600,
        }
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
        # The test database is a file too, as the app's is: with an in-memory one, Django's live
        # server hands one connection to all its request threads, and several phones polling at
        # once then break it ("bad parameter or other API misuse") where the app never would.
        config.setdefault("TEST", {"NAME": str(folder / "test-cardrpg.sqlite3")})
    return config


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine's network interfaces, loopback excluded.

    Read from the interfaces themselves (no packet is sent anywhere).
    """
    found: list[str] = []
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        names = []
    siocgifaddr = 0x8915  # Linux ioctl: the interface's IPv4 address
    for name in names:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            try:
                packed = fcntl.ioctl(
                    sock.fileno(), siocgifaddr, struct.pack("256s", name[:15].encode())
                )
            except OSError:
                continue
        address = socket.inet_ntoa(packed[20:24])
        if not ipaddress.ip_address(address).is_loopback and address not in found:
            found.append(address)
    if not found:
        try:
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                address = info[4][0]
                if not ipaddress.ip_address(address).is_loopback and address not in found:
                    found.append(address)
        except OSError:
            pass
    return found


def allowed_hosts(env: Mapping[str, str], lan: list[str]) -> list[str]:
    """ALLOWED_HOSTS from the environment, else this machine's own names and LAN addresses.

    The default lets a phone on the same network open http://<LAN address>:8000 without any
    configuration, while still refusing requests that name some other host.
    """
    if env.get("ALLOWED_HOSTS"):
        return env_list(env["ALLOWED_HOSTS"])
    hostname = socket.gethostname()
    hosts = ["localhost", "127.0.0.1", "[::1]", hostname, f"{hostname}.local", *lan]
    return list(dict.fromkeys(h for h in hosts if h))
