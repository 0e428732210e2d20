"""HTTPS on the LAN (issue 28, point 5): this computer's certificate authority, limited to
LAN names, the server's certificate it signs for the LAN addresses, and what the serve
command hands the server."""

import shutil
import subprocess

import pytest
from django.urls import reverse

from cardrpg import lan_tls
from tracker.management.commands import serve

pytestmark = pytest.mark.skipif(not shutil.which("openssl"), reason="needs the openssl command")


def openssl(*args) -> str:
    return subprocess.run(["openssl", *args], check=True, capture_output=True, text=True).stdout


def test_the_server_certificate_is_for_the_lan_addresses_and_verifies_against_the_authority(
    tmp_path,
):
    where, new = lan_tls.make(tmp_path, ["192.168.1.20", "10.0.0.7", "8.8.8.8"])
    assert new
    assert "OK" in openssl("verify", "-CAfile", str(where.ca), str(where.certificate))
    names = openssl("x509", "-in", str(where.certificate), "-noout", "-ext", "subjectAltName")
    assert "IP Address:192.168.1.20" in names and "IP Address:10.0.0.7" in names
    assert "8.8.8.8" not in names, "the authority may vouch for LAN addresses only"
    assert "DNS:localhost" in names
    limits = openssl("x509", "-in", str(where.ca), "-noout", "-ext", "nameConstraints")
    assert "192.168.0.0/255.255.0.0" in limits and ".local" in limits
    assert where.key.stat().st_mode & 0o077 == 0 and where.ca_key.stat().st_mode & 0o077 == 0


def test_the_authority_is_kept_and_the_server_certificate_follows_new_addresses(tmp_path):
    where, _ = lan_tls.make(tmp_path, ["192.168.1.20"])
    authority = where.ca.read_bytes()
    first = where.certificate.read_bytes()
    again, new = lan_tls.make(tmp_path, ["192.168.1.20"])
    assert not new and again.certificate.read_bytes() == first, "nothing to make"
    moved, new = lan_tls.make(tmp_path, ["192.168.1.33"])
    assert not new and moved.ca.read_bytes() == authority, "a phone trusts it once"
    assert moved.certificate.read_bytes() != first
    assert "192.168.1.33" in openssl(
        "x509", "-in", str(moved.certificate), "-noout", "-ext", "subjectAltName"
    )


def test_the_serve_command_gives_the_server_the_chain_and_its_key(settings):
    settings.LAN_ADDRESSES = ["192.168.1.20"]
    argv = serve.granian_argv(
        bind="0.0.0.0",
        port=8000,
        certificate="/data/tls/server.crt",
        keyfile="/data/tls/server.key",
    )
    assert argv[argv.index("--ssl-certificate") + 1] == "/data/tls/server.crt"
    assert argv[argv.index("--ssl-keyfile") + 1] == "/data/tls/server.key"
    assert serve.lan_urls(8000, "https") == ["https://192.168.1.20:8000/"]
    plain = serve.granian_argv(bind="0.0.0.0", port=8000)
    assert "--ssl-certificate" not in plain and "--ssl-keyfile" not in plain
    assert serve.lan_urls(8000) == ["http://192.168.1.20:8000/"]


@pytest.mark.django_db
def test_a_phone_downloads_the_authority_to_trust_it(client, settings, tmp_path):
    assert client.get(reverse("tracker:ca_certificate")).status_code == 404  # plain http
    where, _ = lan_tls.make(tmp_path, ["192.168.1.20"])
    settings.TLS_CERTFILE, settings.TLS_KEYFILE = str(where.certificate), str(where.key)
    response = client.get(reverse("tracker:ca_certificate"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-x509-ca-cert"
    assert b"".join(response.streaming_content) == where.ca.read_bytes()
    assert b"PRIVATE KEY" not in where.ca.read_bytes()
