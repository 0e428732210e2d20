"""HTTPS on the LAN: a certificate authority of this computer's own, and the server's
certificate it signs, so that a phone opening the app at https://<LAN address> sees a secure
context (the Screen Wake Lock API, installing the app) once it trusts that authority.

The authority may only vouch for this computer's own kind of addresses (an X.509 name
constraint: private IPv4 ranges, localhost and .local names), so a phone that trusts it trusts
nothing else with it, even if its key were stolen. Made with the `openssl` command (on Linux
and macOS alike); kept in DATA_DIR/tls/. The authority is made once (a phone trusts it once);
the server's certificate again whenever the LAN addresses change.
"""

from __future__ import annotations

import ipaddress
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

CA_DAYS = 3650
SERVER_DAYS = 825  # the longest a certificate may live for Apple's phones to accept it
# What the authority may vouch for: the private IPv4 ranges, loopback, localhost, .local names.
PERMITTED = (
    "IP:10.0.0.0/255.0.0.0",
    "IP:172.16.0.0/255.240.0.0",
    "IP:192.168.0.0/255.255.0.0",
    "IP:127.0.0.0/255.0.0.0",
    "DNS:localhost",
    "DNS:.local",
    "DNS:local",
)
PERMITTED_NETWORKS = [
    ipaddress.ip_network(f"{net}/{mask}")
    for net, mask in (p[3:].split("/") for p in PERMITTED if p.startswith("IP:"))
]


@dataclass(frozen=True)
class Files:
    """Where the certificates and keys are kept."""

    folder: Path

    @property
    def ca(self) -> Path:
        return self.folder / "ca.crt"

    @property
    def ca_key(self) -> Path:
        return self.folder / "ca.key"

    @property
    def certificate(self) -> Path:
        return self.folder / "server.crt"

    @property
    def key(self) -> Path:
        return self.folder / "server.key"

    @property
    def names(self) -> Path:
        return self.folder / "server.names"


def files(data_dir: Path) -> Files:
    return Files(Path(data_dir) / "tls")


def server_names(addresses: list[str]) -> list[str]:
    """The names the server's certificate is for: each LAN address, localhost and this
    computer's .local name (the one mDNS answers on most home networks)."""
    names = ["DNS:localhost", "IP:127.0.0.1"]
    host = socket.gethostname().split(".")[0]
    if host and all(c.isalnum() or c == "-" for c in host):
        names.append(f"DNS:{host.lower()}.local")
    for address in addresses:
        if any(ipaddress.ip_address(address) in network for network in PERMITTED_NETWORKS):
            names.append(f"IP:{address}")  # others the authority may not vouch for
    return list(dict.fromkeys(names))


def _openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True)


def make(data_dir: Path, addresses: list[str], *, renew: bool = False) -> tuple[Files, bool]:
    """Make what is missing (or the server's certificate again for new addresses, or when
    `renew`); answer the files and whether the authority was made now (phones trust it anew)."""
    where = files(data_dir)
    where.folder.mkdir(parents=True, exist_ok=True)
    where.folder.chmod(0o700)
    new_ca = not (where.ca.exists() and where.ca_key.exists())
    if new_ca:
        with tempfile.NamedTemporaryFile("w", suffix=".cnf") as config:
            config.write(
                "[req]\ndistinguished_name=dn\n[dn]\n[ca]\n"
                "basicConstraints=critical,CA:TRUE,pathlen:0\n"
                "keyUsage=critical,keyCertSign,cRLSign\n"
                "subjectKeyIdentifier=hash\n"
                f"nameConstraints=critical,{','.join('permitted;' + p for p in PERMITTED)}\n"
            )
            config.flush()
            _openssl(
                "req", "-x509", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                "-nodes", "-keyout", str(where.ca_key), "-out", str(where.ca),
                "-days", str(CA_DAYS), "-subj", f"/CN=Card table companion on {socket.gethostname()}",
                "-config", config.name, "-extensions", "ca",
            )  # fmt: skip
        where.ca_key.chmod(0o600)
    names = server_names(addresses)
    wanted = "\n".join(names)
    current = where.names.read_text() if where.names.exists() else ""
    if new_ca or renew or current != wanted or not where.certificate.exists():
        with tempfile.TemporaryDirectory() as work:
            request = Path(work) / "server.csr"
            extensions = Path(work) / "server.ext"
            extensions.write_text(
                "basicConstraints=critical,CA:FALSE\n"
                "keyUsage=critical,digitalSignature\n"
                "extendedKeyUsage=serverAuth\n"
                f"subjectAltName={','.join(names)}\n"
            )
            _openssl(
                "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                "-keyout", str(where.key), "-out", str(request), "-subj", "/CN=Card table companion",
            )  # fmt: skip
            signed = Path(work) / "server.crt"
            _openssl(
                "x509", "-req", "-in", str(request), "-CA", str(where.ca),
                "-CAkey", str(where.ca_key), "-CAcreateserial", "-out", str(signed),
                "-days", str(SERVER_DAYS), "-sha256", "-extfile", str(extensions),
            )  # fmt: skip
            # The chain a phone is sent: the server's certificate, then the authority's.
            where.certificate.write_bytes(signed.read_bytes() + where.ca.read_bytes())
        where.key.chmod(0o600)
        where.names.write_text(wanted)
    return where, new_ca


def fingerprint(certificate: Path) -> str:
    """The SHA-256 fingerprint a phone shows for the authority (to check it is this one)."""
    out = subprocess.run(
        ["openssl", "x509", "-in", str(certificate), "-noout", "-fingerprint", "-sha256"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return out.strip().split("=", 1)[1]
