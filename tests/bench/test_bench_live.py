"""bench/live.py's event-stream client reads a stream as a browser does, before any server has one."""

from bench import live
from bench.barcadia_setup import idle_sizes
from tests.conftest import run_async


def test_event_stream_client_against_a_fake_server():
    """Chunks split mid-line, CR and CRLF, a dropped stream, retry, gone and 429 (--selftest)."""
    run_async(live.selftest())


def test_idle_tables_seat_exactly_the_phones_asked_for():
    for phones in range(2, 7):
        for idle in range(0, 40):
            sizes = idle_sizes(phones, idle)
            assert sum(sizes) == (2 if idle == 1 else idle)
            assert all(2 <= size <= 6 for size in sizes), (phones, idle, sizes)


def test_each_phone_has_a_loopback_address_of_its_own():
    addresses = [live.source_address(i) for i in range(1500)]
    assert len(set(addresses)) == 1500
    assert all(a.startswith("127.0.") and a != "127.0.0.1" for a in addresses)
