"""An independent reading of the Barbarian Vince contracts, for checking the engine from outside.

Nothing here imports the engine's own logic: the awaiting table, base skills (BT-08), a played
card's value (BT-09, BT-10) and a check's round arithmetic (BT-11…BT-13) are written again
straight from the specification, and `Tracker` follows an adventure step by step to know what
the state alone does not say (where encounters happened last turn, which cards a check spent).
"""

OVER = {"won", "dead", "removed", "ended"}
SKILLS = ("combat", "survival", "unlock_disarm", "hide", "charm", "recovery")


def classes(entry: dict) -> list:
    return entry.get("classes") or []


def terrain_types(location: dict) -> dict[str, int]:
    """{"G": 2, "C": 0} from a stored location's terrains ["G+2", "C"]."""
    found = {}
    for text in location["terrains"]:
        cut = next((i for i, ch in enumerate(text) if i and ch in "+-"), len(text))
        found[text[:cut]] = int(text[cut:] or 0)
    return found


def location(state: dict) -> dict | None:
    where = state["location"]
    if where is None:
        return None
    for entry in state["catalogue"][where["map"]]["locations"]:
        if entry["name"] == where["location"]:
            return entry
    raise AssertionError(f"Vince stands nowhere on {where}")


def expected_skills(state: dict) -> dict[str, int]:
    """BT-08 from the hands: player card + ready maps + ready Skills + Curses in either hand."""
    catalogue = state["catalogue"]
    skills = dict.fromkeys(SKILLS, 0)
    if state["status"] in ("new", "setup"):
        return skills
    for card in state["ready"] + state["exhausted"]:
        entry = catalogue[card]
        ready = card in state["ready"]
        adds = {}
        if entry["kind"] == "player":
            adds = entry["skills"]
        elif entry["kind"] == "map" and ready:
            adds = entry["bonus"]
        elif "Curse" in classes(entry) or ("Skill" in classes(entry) and ready):
            adds = entry["modifiers"]
        for skill, value in adds.items():
            skills[skill] += value
    return skills


def own_bonus(entry: dict, skill: str) -> int:
    """BT-10 whole_check: a spent card's map bonus, Skill or plain modifier (not a Curse)."""
    if entry["kind"] == "map":
        return entry["bonus"].get(skill, 0)
    if not classes(entry) or "Curse" in classes(entry):
        return 0
    return entry["modifiers"].get(skill, 0)


def plain_modifier(entry: dict, skill: str) -> int:
    cls = classes(entry)
    if not cls or "Skill" in cls or "Curse" in cls:
        return 0
    return entry["modifiers"].get(skill, 0)


def expected_value(before: dict, action: dict, spent: list[str]) -> int:
    """The value of a `play_check_card` from the state before it (BT-09, BT-10)."""
    catalogue = before["catalogue"]
    card = action["card"].strip()
    skill = before["check"]["skill"]
    if before["ruleset"]["check_value"] == "deck_draw":
        number = catalogue[action["draw"].strip()]["number"]
    else:
        number = catalogue[card]["number"] or 0
    value = number + expected_skills(before)[skill] + plain_modifier(catalogue[card], skill)
    if before["ruleset"]["exhausted_bonus"] == "whole_check":
        value += sum(own_bonus(catalogue[c], skill) for c in spent if c in before["exhausted"])
    return value


def check_play(before: dict, after: dict, value: int) -> None:
    """BT-11, BT-13: what one play does to the check."""
    old, new = before["check"], after["check"]
    if new["round"] == old["round"]:
        assert new["played"][-1]["value"] == value
        assert new["played"][:-1] == old["played"]
    ready = after["ready"]
    if old["target"] is None:
        assert (new["status"], new["result"]) == ("done", value)
        assert new["reuse"] == bool(ready)
        return
    if value >= old["target"]:
        assert new["successes"] == old["successes"] + 1
        if new["successes"] == old["times"]:
            assert new["status"] == "passed" and new["round"] == old["round"]
            assert new["reuse"] == bool(ready)
        elif ready:
            assert new["status"] == "in_progress" and new["round"] == old["round"] + 1
            assert new["played"] == [] and new["reuse"] is True
        else:
            assert new["status"] == "failed" and new["round"] == old["round"]
        return
    assert new["successes"] == old["successes"]
    played = len(old["played"]) + 1
    if not ready:
        assert new["status"] == "failed" and new["reuse"] is False
    elif old["round_speed"] is not None and played >= old["round_speed"]:
        if old["damage"]:
            assert new["damage_due"] == min(old["damage"], len(ready))
            assert new["round"] == old["round"] and len(new["played"]) == played
        else:
            assert new["round"] == old["round"] + 1 and new["played"] == []
            assert new["reuse"] is True
    else:
        assert new["status"] == "in_progress" and new["round"] == old["round"]
        assert len(new["played"]) == played and new["played"][-1]["value"] == value


def check_damage(before: dict, after: dict) -> None:
    old, new = before["check"], after["check"]
    assert new["damage_due"] == 0
    assert len(before["ready"]) - len(after["ready"]) == old["damage_due"]
    if after["ready"]:
        assert new["round"] == old["round"] + 1 and new["played"] == [] and new["reuse"]
    else:
        assert new["status"] == "failed" and new["round"] == old["round"]


def expected_types(state: dict, lay_low_here: bool) -> set[str]:
    """The awaiting table of the actions spec, condition by condition."""
    status = state["status"]
    if status == "new":
        return {"begin_adventure"}
    if status == "setup":
        return {"register_card", "setup"}
    if status in OVER:
        return set()
    catalogue = state["catalogue"]
    interlude = state["interlude"]
    phase = state["phase"]
    encounter = state["encounter"]
    is_open = encounter is not None and not encounter["suspended"]
    suspended = encounter is not None and encounter["suspended"]
    check = state["check"]
    in_check = check is not None and check["status"] == "in_progress"
    due = check is not None and check["damage_due"] > 0
    window = (is_open and not in_check) or interlude
    resting = (
        not interlude
        and not is_open
        and (phase == "rest" or (phase == "encounter" and state["encounters_this_turn"] >= 1))
    )
    locked = encounter["card"] if encounter is not None and encounter["from_hand"] else None
    hands = state["ready"] + state["exhausted"]
    discardable = [
        c for c in hands if catalogue[c]["kind"] not in ("map", "player") and c != locked
    ]
    unlocked_exhausted = [c for c in state["exhausted"] if c != locked]
    here = location(state)
    types_here = terrain_types(here)
    waiting_here = [c for c, home in state["waiting"].items() if home == state["location"]]
    found = {"register_card", "die", "end_adventure"}
    if (
        not interlude
        and phase == "lay_low"
        and lay_low_here
        and not suspended
        and here["lay_low"] is not None
    ):
        found.add("lay_low")
    if not interlude and phase in ("lay_low", "travel"):
        found.add("travel")
    pre_encounter = phase in ("lay_low", "travel", "encounter")
    if not interlude and pre_encounter and state["encounters_this_turn"] == 0 and waiting_here:
        found.add("retrieve")
    if not interlude and encounter is None and pre_encounter:
        found.add("draw_encounter")
    if is_open and not in_check and not interlude:
        found |= {"begin_check", "end_encounter"}
        if encounter["card"] not in state["quests_won"]:
            found.add("win_quest")
    if in_check and not due:
        found |= {"play_check_card", "fail_check"}
    if due:
        found.add("take_damage")
    reusable = any("Reusable" in classes(catalogue[c]) for c in unlocked_exhausted)
    if check is not None and check["reuse"] and reusable:
        found.add("reuse")
    if window:
        found |= {"random_draw", "draw_item", "move"}
        if state["ready"]:
            found.add("exhaust")
        if unlocked_exhausted:
            found.add("restore")
    if (window or resting) and discardable:
        found.add("discard")
    if resting:
        recovery = expected_skills(state)["recovery"]
        if state["recoveries_left"] > 0 and recovery >= 1 and unlocked_exhausted:
            found.add("recover")
        another = state["ruleset"]["trades_per_rest"] == "any" or state["trades"] < 1
        common = any(t in types_here for t in "VCGU") and len(discardable) >= 2
        uncommon = any(t in types_here for t in "CG") and len(discardable) >= 4
        if another and (common or uncommon):
            found.add("trade")
        found.add("end_turn")
    if not interlude and not in_check:
        found.add("one_year_passed")
    if interlude:
        found.add("resume")
    return found


def expected_reason(state: dict) -> str:
    status = state["status"]
    if status == "new":
        return "begin"
    if status == "setup":
        return "setup"
    if status in OVER:
        return "over"
    check = state["check"]
    encounter = state["encounter"]
    if state["interlude"]:
        return "interlude"
    if check is not None and check["damage_due"]:
        return "damage"
    if check is not None and check["status"] == "in_progress":
        return "check"
    if encounter is not None and not encounter["suspended"]:
        return "encounter_open"
    if state["phase"] == "rest":
        return "rest"
    if state["phase"] == "encounter":
        return "after_encounter" if state["encounters_this_turn"] else "encounter"
    return state["phase"]


class Tracker:
    """Follows an adventure action by action: what the state alone does not record."""

    def __init__(self):
        self.places_this_turn: list = []
        self.places_last_turn: list = []
        self.spent: list[str] = []
        self.maps_held: set[str] = set()

    def lay_low_here(self, state: dict) -> bool:
        """BT-04's first condition: an encounter drawn or resumed here in the previous turn."""
        return state["location"] in self.places_last_turn

    def step(self, before: dict, action: dict, after: dict) -> None:
        kind = action["type"]
        if kind == "draw_encounter":
            self.places_this_turn.append(before["location"])
        elif kind == "end_turn":
            self.places_last_turn = self.places_this_turn
            resumed = after["encounter"] is not None
            self.places_this_turn = [after["location"]] if resumed else []
        elif kind == "begin_check":
            self.spent = []
        elif kind == "play_check_card":
            self.spent.append(action["card"].strip())
        elif kind == "reuse":
            card = action["card"].strip()
            self.spent = [c for c in self.spent if c != card]
        for card in after["ready"] + after["exhausted"]:
            if after["catalogue"][card]["kind"] == "map":
                self.maps_held.add(card)
