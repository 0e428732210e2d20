"""The Drink Hoard and winning: H-11, H-20, H-28, HT-03, HT-13, HT-22."""

from tracker.rules.barcadia import can_challenge_hoard, hoard_challenge

HOARD = {"kind": "hoard", "level": 17, "attack": 40}


def holding(hob, state, name, count):
    for index in range(count):
        state = hob.act(state, "gain_power_up", player=name, card=f"Power {index}")
    return state


def test_example_7_h20_two_power_ups_end_the_turn_then_a_later_challenge(hob):
    state = holding(hob, hob.table(), "Ana", 2)
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=HOARD)
    assert state["turn"]["player"] == "Bo" and state["turn"]["number"] == 2
    assert state["tiles"]["2,-1"]["face"] == "up" and state["dungeon"]["hoard"] == [2, -1]
    assert hob.position(state, "Ana") == [0, 0] and state["pending"] == []
    state = hob.act(state, "end_turn", player="Bo")
    state = hob.act(state, "gain_power_up", player="Ana", card="Power 2")
    assert can_challenge_hoard(state, "Ana") and "challenge_hoard" in hob.types(state)
    error = hob.refused(state, "challenge_hoard", "H-20", player="Ana", roll=15,
                        modifiers=[{"value": 2, "source": "other"}])  # fmt: skip
    assert "bare roll" in error.message
    lost = hob.act(state, "challenge_hoard", player="Ana", roll=16, modifiers=[])
    assert lost["players"]["Ana"]["hp"] == 60 and lost["tiles"]["2,-1"]["face"] == "up"
    assert lost["turn"]["actions_left"] == 0 and lost["winner"] is None
    state = hob.act(hob.act(lost, "end_turn", player="Ana"), "end_turn", player="Bo")
    won = hob.act(state, "challenge_hoard", player="Ana", roll=17)
    assert won["winner"] == "Ana" and won["phase"] == "over"


def test_h20_three_power_ups_force_the_challenge_at_once(hob):
    state = holding(hob, hob.table(), "Ana", 3)
    state = hob.act(state, "explore", player="Ana", at=[2, -1], tile=HOARD)
    assert state["pending"] == [{"kind": "hoard", "player": "Ana", "at": [2, -1]}]
    assert state["awaiting"]["action"][0] == "challenge_hoard"
    hob.refused(state, "end_turn", "HT-06", player="Ana")
    hob.refused(state, "challenge_hoard", "HT-06", player="Bo", roll=20)
    lost = hob.act(state, "challenge_hoard", player="Ana", roll=3)
    assert lost["players"]["Ana"]["hp"] == 60 and lost["turn"]["player"] == "Ana"
    assert lost["turn"]["actions_taken"] == 1 and lost["pending"] == []
    won = hob.act(state, "challenge_hoard", player="Ana", roll=20)
    assert won["winner"] == "Ana"


def test_h20_nobody_enters_or_passes_the_hoard(hob):
    state = hob.room(hob.room(hob.table(), (2, -1), kind="hoard"), (3, -1))
    hob.refused(state, "move", "H-20", player="Ana", path=[[2, -1]])
    hob.refused(state, "move", "H-20", player="Ana", path=[[2, -1], [3, -1]])
    hob.refused(state, "place_hero", "H-20", player="Ana", at=[2, -1])
    hob.refused(state, "explore", "H-20", player="Ana", at=[2, -1])
    hob.refused(state, "set_trap", "H-24", player="Ana", at=[2, -1], when="your_turn")


def test_h11_a_challenge_needs_the_hoard_adjacent_and_three_power_ups(hob):
    state = hob.table()
    hob.refused(holding(hob, state, "Ana", 3), "challenge_hoard", "H-11", player="Ana", roll=17)
    state = hob.room(state, (3, -1), kind="hoard")
    hob.refused(holding(hob, state, "Ana", 3), "challenge_hoard", "H-11", player="Ana", roll=17)
    next_door = hob.room(hob.table(), (2, -1), kind="hoard")
    error = hob.refused(holding(hob, next_door, "Ana", 2), "challenge_hoard", "H-11",
                        player="Ana", roll=17)  # fmt: skip
    assert error.message == "a challenge needs three power-ups; Ana holds 2"
    signature = hob.table(moves={"Ana": "Keg Toss"})
    signature = holding(hob, hob.room(signature, (2, -1), kind="hoard"), "Ana", 2)
    assert not can_challenge_hoard(signature, "Ana")  # the signature move is not a power-up
    ready = holding(hob, next_door, "Ana", 3)
    assert hoard_challenge(ready, "Ana") == {
        "available": True, "hoard": [2, -1], "power_ups": 3, "adjacent": True,
    }  # fmt: skip
    spent = hob.turn(ready, actions_left=0, actions_taken=1, started=True)
    hob.refused(spent, "challenge_hoard", "H-08", player="Ana", roll=17)


def test_ht13_the_explorer_never_stands_on_the_hoard_and_a_challenge_is_the_action(hob):
    state = holding(hob, hob.room(hob.table(), (2, -1)), "Ana", 3)
    state = hob.hero(state, "Ana", position=[2, -1])
    state = hob.act(state, "explore", player="Ana", at=[3, -1], tile=HOARD)
    assert hob.position(state, "Ana") == [2, -1]
    state = hob.act(state, "challenge_hoard", player="Ana", roll=1)
    assert hob.position(state, "Ana") == [2, -1] and state["turn"]["actions_left"] == 0
    from_start = holding(hob, hob.room(hob.table(), (0, 2), kind="hoard"), "Ana", 3)
    assert can_challenge_hoard(from_start, "Ana")  # next to a start tile is next to the start
    chosen = hob.act(from_start, "challenge_hoard", player="Ana", roll=2)
    assert chosen["turn"]["started"] and chosen["turn"]["actions_taken"] == 1


def test_ht03_one_drink_hoard_only(hob):
    state = hob.room(hob.table(), (-2, 2), kind="hoard")
    error = hob.refused(state, "explore", "HT-03", player="Ana", at=[2, -1], tile=HOARD)
    assert error.message == "there is only one Drink Hoard, and it is at [-2, 2]"


def test_h28_ht22_the_first_to_beat_the_guardian_wins_and_nothing_more_is_accepted(hob):
    state = holding(hob, hob.room(hob.table(), (2, -1), kind="hoard"), "Ana", 3)
    won = hob.act(state, "challenge_hoard", player="Ana", roll=19)
    assert won["winner"] == "Ana" and won["phase"] == "over" and won["pending"] == []
    assert won["awaiting"] == {
        "player": None,
        "action": [],
        "reason": "Ana beat the Grand Drink Guardian and won",
    }
    assert won["turn"]["player"] == "Ana"  # left as it was
    for kind, fields in (
        ("heal", {"player": "Bo", "amount": 5}),
        ("note_loot", {"player": "Bo", "cards": ["X"]}),
        ("end_turn", {"player": "Ana"}),
        ("challenge_hoard", {"player": "Bo", "roll": 20}),
    ):
        error = hob.refused(won, kind, "HT-22", **fields)
        assert error.message == "Ana has won: this game is over"
