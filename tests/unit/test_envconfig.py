"""Settings parsing: database URL, secret key file, debug flag, hosts."""

import stat

import pytest

from cardrpg import envconfig


def test_database_defaults_to_sqlite_in_data_folder_with_wal_and_immediate(tmp_path):
    config = envconfig.database({}, tmp_path)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(tmp_path / "cardrpg.sqlite3")
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert config["OPTIONS"]["timeout"] == 5
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]
    assert config["CONN_MAX_AGE"] > 0


def test_database_url_selects_postgresql_with_persistent_connections(tmp_path):
    url = "postgres://player:secret@db.example:5433/cards"
    config = envconfig.database({"DATABASE_URL": url}, tmp_path)
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["NAME"], config["USER"], config["PASSWORD"]) == ("cards", "player", "secret")
    assert (config["HOST"], config["PORT"]) == ("db.example", 5433)
    assert config["CONN_MAX_AGE"] == 600
    assert "transaction_mode" not in config.get("OPTIONS", {})


def test_database_url_for_sqlite_keeps_the_locking_options(tmp_path):
    config = envconfig.database({"DATABASE_URL": f"sqlite:///{tmp_path}/x.db"}, tmp_path)
    assert config["NAME"] == f"{tmp_path}/x.db"
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_secret_key_is_generated_once_and_kept_in_the_data_folder(tmp_path):
    folder = tmp_path / "data"
    first = envconfig.secret_key({}, folder)
    assert len(first) >= 50
    assert envconfig.secret_key({}, folder) == first
    key_file = folder / "secret_key"
    assert key_file.read_text().strip() == first
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_secret_key_from_environment_wins_and_writes_nothing(tmp_path):
    assert envconfig.secret_key({"SECRET_KEY": "from-env"}, tmp_path) == "from-env"
    assert not (tmp_path / "secret_key").exists()


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, False),
        ("", False),
        ("0", False),
        ("false", False),
        ("off", False),
        ("1", True),
        ("true", True),
        ("YES", True),
        (" on ", True),
    ],
)
def test_debug_flag_words(value, expected):
    assert envconfig.env_bool(value) is expected


def test_debug_flag_rejects_unknown_words():
    with pytest.raises(ValueError, match="expected one of"):
        envconfig.env_bool("maybe")


def test_allowed_hosts_default_includes_local_names_and_lan_addresses():
    hosts = envconfig.allowed_hosts({}, ["192.168.1.23"])
    assert {"localhost", "127.0.0.1", "[::1]", "192.168.1.23"} <= set(hosts)
    assert "*" not in hosts


def test_allowed_hosts_and_trusted_origins_from_environment():
    env = {"ALLOWED_HOSTS": "cards.example, 10.0.0.5 ,"}
    assert envconfig.allowed_hosts(env, ["192.168.1.23"]) == ["cards.example", "10.0.0.5"]
    assert envconfig.env_list("https://a.example,https://b.example") == [
        "https://a.example",
        "https://b.example",
    ]


def test_data_folder_from_environment(tmp_path):
    assert envconfig.data_dir({"CARDRPG_DATA_DIR": str(tmp_path)}, tmp_path / "x") == tmp_path
    assert envconfig.data_dir({}, tmp_path) == tmp_path / "data"


def test_lan_addresses_are_not_loopback():
    assert all(not a.startswith("127.") for a in envconfig.lan_addresses())
