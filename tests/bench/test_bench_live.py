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


def test_i27_the_blocks_with_and_without_phones_take_turns_abba():
    assert [live.block_order(i, ["push"]) for i in range(4)] == [
        ["quiet", "push"],
        ["push", "quiet"],
        ["quiet", "push"],
        ["push", "quiet"],
    ]
    assert live.block_order(1, ["push", "poll"]) == ["poll", "push", "quiet"]


def _taps(*milliseconds: float) -> list:
    return [live.Tap(1, 2, 0.0, ms / 1000, 200) for ms in milliseconds]


def test_i27_the_tap_ratio_over_the_rounds_pools_their_taps():
    """A round's p95 over few taps says little; the pooled p95 is over all of them."""
    slow_round = {
        "quiet": {"raw_taps": _taps(*[10] * 19, 40)},
        "push": {
            "raw_taps": _taps(*[12] * 20),
            "raw_seen": ([20.0, 30.0], [5.0, 6.0], 0),
            "idle_requests_per_phone_per_minute": 1.5,
            "connected_at_end": 1000,
        },
    }
    quick_round = {
        "quiet": {"raw_taps": _taps(*[10] * 20)},
        "push": {
            "raw_taps": _taps(*[11] * 20),
            "raw_seen": ([25.0], [7.0], 1),
            "idle_requests_per_phone_per_minute": 1.7,
            "connected_at_end": 998,
        },
    }
    figures = live.pooled([slow_round, quick_round], "push")
    assert figures["taps"]["latency_ms"]["count"] == 40
    assert figures["quiet_taps"]["latency_ms"]["count"] == 40
    assert figures["change_seen"]["after_tap_sent_ms"]["count"] == 3
    assert figures["change_seen"]["missed"] == 1
    assert figures["idle_requests_per_phone_per_minute"] == 1.6
    assert figures["connected_at_end"] == 998
    lines = live.say_pooled("", figures)
    assert "tap p95 with phones / without = 1.2" in lines
    assert lines[0] == "change seen p50 = 25 ms, p95 = 30 ms"
