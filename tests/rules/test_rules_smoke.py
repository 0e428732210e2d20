"""Smoke test of the public API (the full suite follows)."""

from tracker.rules.card_rpg import apply, initial_state


def test_s04_new_character_starts_at_level_1():
    state = apply(
        initial_state(),
        {
            "type": "create_character",
            "name": "Capi",
            "class": "KS",
            "str_dice": [5],
            "hp_dice": [5],
        },
    )
    assert state["character"]["level"] == 1
    assert state["awaiting"]["action"] == "start_session"
