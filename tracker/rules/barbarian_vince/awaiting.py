"""What the engine accepts now (`awaiting`, the table of the actions spec) and why not.

`awaiting(state)` lists exactly the action types whose condition holds. `why_not(state, kind)`
names the most specific rule that keeps an unlisted type out, so a refusal says more than
"not now" when it can (A-03).
"""

from ..errors import RuleError
from ..text import _, listed
from . import places
from .catalogue import skill_word

# Every action type of the log, in the order of the actions spec's table.
ACTION_TYPES = (
    "begin_adventure",
    "register_card",
    "setup",
    "lay_low",
    "travel",
    "retrieve",
    "draw_encounter",
    "begin_check",
    "play_check_card",
    "take_damage",
    "reuse",
    "fail_check",
    "random_draw",
    "exhaust",
    "restore",
    "discard",
    "draw_item",
    "move",
    "win_quest",
    "end_encounter",
    "recover",
    "trade",
    "end_turn",
    "one_year_passed",
    "resume",
    "die",
    "end_adventure",
)

# The action types in a player's words, for "now you can: …".
ACTION_WORDS = {
    "begin_adventure": _("begin an adventure"),
    "register_card": _("enter a card in the catalogue"),
    "setup": _("set up with the starting item"),
    "lay_low": _("lay low"),
    "travel": _("travel"),
    "retrieve": _("take back a Unique item waiting here"),
    "draw_encounter": _("draw an encounter"),
    "begin_check": _("begin a skill check"),
    "play_check_card": _("play a card in the check"),
    "take_damage": _("exhaust cards as damage"),
    "reuse": _("restore a Reusable item"),
    "fail_check": _("declare the check failed"),
    "random_draw": _("make a random draw"),
    "exhaust": _("exhaust cards"),
    "restore": _("restore cards"),
    "discard": _("discard cards"),
    "draw_item": _("draw an item"),
    "move": _("move Vince where a card sends him"),
    "win_quest": _("record the quest as won"),
    "end_encounter": _("end the encounter"),
    "recover": _("recover cards"),
    "trade": _("trade cards for an item"),
    "end_turn": _("end the turn"),
    "one_year_passed": _("record that One Year Has Passed turned up"),
    "resume": _("carry on after the One Year Has Passed card"),
    "die": _("record that Vince died or left the game"),
    "end_adventure": _("end the adventure"),
}

# Marks a refusal that says only "no card qualifies": the cards named are checked first.
CARDS_MATTER = "cards matter"

DURING_CHECK = ("play_check_card", "take_damage", "reuse", "fail_check", "register_card")
EFFECTS = ("random_draw", "exhaust", "restore", "discard", "draw_item", "move")


def join_words(words: list):
    """A list in a player's words ("a, b and c"), or "nothing" for none."""
    return listed(words, "and") if words else _("nothing")


def check_in_progress(state: dict) -> bool:
    """A check has begun and is neither passed, failed nor done."""
    check = state["check"]
    return check is not None and check["status"] == "in_progress"


def damage_due(state: dict) -> int:
    """Cards still to exhaust as damage in the check in progress (BT-11)."""
    check = state["check"]
    return check["damage_due"] if check is not None else 0


def open_encounter(state: dict) -> bool:
    """An encounter is drawn and not suspended."""
    encounter = state["encounter"]
    return encounter is not None and not encounter["suspended"]


def effect_window(state: dict) -> bool:
    """An open encounter with no check in progress, or a One Year interlude."""
    if state["status"] != places.PLAYING:
        return False
    return state["interlude"] or (open_encounter(state) and not check_in_progress(state))


def rest_ready(state: dict) -> bool:
    """No interlude, no open encounter, and the Rest phase or after this turn's encounter."""
    if state["status"] != places.PLAYING or state["interlude"] or open_encounter(state):
        return False
    phase = state["phase"]
    return phase == "rest" or (phase == "encounter" and state["encounters_this_turn"] >= 1)


def before_encounter(state: dict) -> bool:
    """Lay Low, Travel or Encounter phase with no encounter yet this turn, no interlude."""
    return (
        not state["interlude"]
        and state["phase"] in ("lay_low", "travel", "encounter")
        and state["encounters_this_turn"] == 0
    )


def trade_possible(state: dict) -> bool:
    """BT-15/B-33: another trade allowed here with enough cards to give."""
    if state["ruleset"]["trades_per_rest"] == "one" and state["trades"] >= 1:
        return False
    count = len(places.discardable_cards(state))
    return any(count >= places.trade_cost(name) for name in places.trade_classes(state))


def awaiting(state: dict) -> dict:
    """The action types accepted now and the reason (the actions spec's `awaiting`)."""
    status = state["status"]
    if status == "new":
        return {"action": ["begin_adventure"], "reason": "begin"}
    if status == "setup":
        return {"action": ["register_card", "setup"], "reason": "setup"}
    if status in places.OVER:
        return {"action": [], "reason": "over"}
    return {"action": _acceptable(state), "reason": _reason(state)}


def _acceptable(state: dict) -> list[str]:
    interlude = state["interlude"]
    phase = state["phase"]
    encounter = state["encounter"]
    is_open = open_encounter(state)
    in_check = check_in_progress(state)
    due = damage_due(state)
    window = effect_window(state)
    resting = rest_ready(state)
    found = ["register_card"]
    if places.lay_low_allowed(state):
        found.append("lay_low")
    if not interlude and phase in ("lay_low", "travel"):
        found.append("travel")
    if before_encounter(state) and places.waiting_here(state):
        found.append("retrieve")
    if not interlude and encounter is None and phase in ("lay_low", "travel", "encounter"):
        found.append("draw_encounter")
    if is_open and not in_check and not interlude:
        found.append("begin_check")
    if in_check and not due:
        found.append("play_check_card")
    if due:
        found.append("take_damage")
    check = state["check"]
    if check is not None and check["reuse"] and places.reusable_cards(state):
        found.append("reuse")
    if in_check and not due:
        found.append("fail_check")
    if window:
        found.append("random_draw")
        if state["ready"]:
            found.append("exhaust")
        if places.restorable_cards(state):
            found.append("restore")
    if (window or resting) and places.discardable_cards(state):
        found.append("discard")
    if window:
        found += ["draw_item", "move"]
    if is_open and not in_check and not interlude:
        if encounter["card"] not in state["quests_won"]:
            found.append("win_quest")
        found.append("end_encounter")
    if resting:
        if (
            state["recoveries_left"] > 0
            and state["skills"]["recovery"] >= 1
            and places.restorable_cards(state)
        ):
            found.append("recover")
        if trade_possible(state):
            found.append("trade")
        found.append("end_turn")
    if not interlude and not in_check:
        found.append("one_year_passed")
    if interlude:
        found.append("resume")
    found += ["die", "end_adventure"]
    return found


def _reason(state: dict) -> str:
    if state["interlude"]:
        return "interlude"
    if damage_due(state):
        return "damage"
    if check_in_progress(state):
        return "check"
    if open_encounter(state):
        return "encounter_open"
    phase = state["phase"]
    if phase == "rest":
        return "rest"
    if phase == "encounter":
        return "after_encounter" if state["encounters_this_turn"] else "encounter"
    return phase


def refuse_not_now(state: dict, kind: str, check_cards=None) -> None:
    """Raise the refusal for a type that is not acceptable now: the specific rule, or A-03.

    When the type is out only because no card in hand qualifies, the cards the action names may
    break a more specific rule (a locked encounter card, a map card): `check_cards()` runs the
    action's own checks first, and raises that refusal."""
    refusal = why_not(state, kind)
    rule, message = refusal[:2] if refusal else ("A-03", None)
    if refusal is not None and len(refusal) > 2 and check_cards is not None:
        check_cards()
    if message is None:
        words = [ACTION_WORDS[name] for name in state["awaiting"]["action"]]
        message = _(
            "you can't {doing} now; now you can: {choices}",
            doing=ACTION_WORDS[kind],
            choices=join_words(words),
        )
    raise RuleError(rule, message)


def why_not(state: dict, kind: str):
    """(rule, message) for the most specific rule keeping `kind` out now, or None for A-03."""
    status = state["status"]
    if status in places.OVER:
        return "BT-17", _("the adventure is over: nothing more can be recorded")
    if status != places.PLAYING:
        return None
    if kind in ("begin_adventure", "setup"):
        return "BT-03", _("the adventure has already begun")
    check = state["check"]
    if check_in_progress(state) and kind not in DURING_CHECK:
        rule = "BT-07" if kind in EFFECTS or kind in ("win_quest", "end_encounter") else "BT-11"
        if kind == "one_year_passed":
            rule = "BT-16"
        return rule, _("finish the {skill} check first", skill=skill_word(check["skill"]))
    if state["interlude"] and kind not in EFFECTS:
        if kind == "one_year_passed":
            return "BT-16", _("the One Year Has Passed card is already being carried out")
        return "BT-16", _(
            "carry out the One Year Has Passed card first, then say you are done with it"
        )
    return _WHY.get(kind, lambda _state: None)(state)


def _why_lay_low(state: dict):
    if state["phase"] != "lay_low":
        if state["laid_low"] or state["phase"] == "travel" and state["turn"] > 1:
            return "BT-04", _("Vince may try to lay low only once a turn, before travelling")
        if state["turn"] == 1:
            return "BT-04", _("there is no Lay Low in the first turn")
        return "BT-04", _("Vince may lay low only at the start of a turn, before anything else")
    where = state["location"]["location"]
    if not state["encounter_here_last_turn"]:
        return "BT-04", _(
            "Vince had no encounter at {place} last turn, so he cannot lay low", place=where
        )
    return "BT-04", _("{place} has no lay-low value, so Vince cannot lay low there", place=where)


def _why_travel(state: dict):
    first = state["phase"] == "encounter" and state["turn"] == 1
    if first and not state["encounters_this_turn"] and state["ruleset"]["first_turn"] == "stay":
        return "BT-03", _("in the first turn Vince stays at Ulendi and plays the X0 card")
    encounter = state["encounter"]
    if encounter is not None:
        return "BT-05", _("Vince cannot travel while an encounter is under way")
    if state["laid_low"]:
        return "BT-05", _("Vince laid low this turn: no travel")
    return "BT-05", _("Vince travels at most once a turn, before the turn's encounter")


def _why_retrieve(state: dict):
    if not places.waiting_here(state):
        where = state["location"]["location"]
        refusal = ("BT-14", _("no Unique item waits at {place}", place=where))
        return (*refusal, CARDS_MATTER) if before_encounter(state) else refusal
    return "BT-14", _("a waiting item is taken back only before the turn's encounter")


def _why_draw_encounter(state: dict):
    encounter = state["encounter"]
    if encounter is not None and encounter["suspended"]:
        return "BT-07", _("the encounter with {card} goes on next turn", card=encounter["card"])
    if encounter is not None:
        return "BT-07", _("end the encounter with {card} first", card=encounter["card"])
    return "BT-07", _("the Rest phase has begun: no more encounters this turn")


def _why_encounter_action(state: dict):
    encounter = state["encounter"]
    if encounter is not None and not encounter["suspended"]:
        if encounter["card"] in state["quests_won"]:
            return "BT-17", _(
                "the quest of {card} is already recorded as won", card=encounter["card"]
            )
        return None
    return "BT-07", _("no encounter is under way")


def _why_check_action(state: dict):
    if damage_due(state):
        return "B-27", _("exhaust {count} cards as damage first", count=damage_due(state))
    if check_in_progress(state):
        return None
    return "BT-11", _("no skill check is under way")


def _why_damage(state: dict):
    return "BT-11", _("no damage is due")


def _why_reuse(state: dict):
    check = state["check"]
    if check is None or not check["reuse"]:
        return "BT-12", _(
            "a Reusable item is restored only right after a round, with cards still ready"
        )
    return "BT-12", _("no Reusable item is in the exhausted hand"), CARDS_MATTER


def _why_effect(state: dict):
    return "BT-07", _("effects are carried out only while an encounter is under way")


def _why_exhaust(state: dict):
    if effect_window(state):
        return "B-05", _("the ready hand is empty"), CARDS_MATTER
    return _why_effect(state)


def _why_restore(state: dict):
    if effect_window(state):
        return "B-05", _("no card in the exhausted hand can be restored"), CARDS_MATTER
    return _why_effect(state)


def _why_discard(state: dict):
    if effect_window(state) or rest_ready(state):
        return (
            "B-29",
            _("no card in hand can be discarded: maps and the Player Card never are"),
            CARDS_MATTER,
        )
    return _why_rest(state)


def _why_rest(state: dict):
    if open_encounter(state):
        return "BT-07", _("end the encounter with {card} first", card=state["encounter"]["card"])
    return "B-14", _("Vince has an encounter this turn first, unless he lays low")


def _why_recover(state: dict):
    if not rest_ready(state):
        return _why_rest(state)
    if state["recoveries_left"] <= 0:
        return "BT-15", _("no recovery is left this turn")
    if state["skills"]["recovery"] < 1:
        return "BT-15", _(
            "Vince's Recovery is {value}: he cannot recover", value=state["skills"]["recovery"]
        )
    return "B-32", _("no card in the exhausted hand can be restored"), CARDS_MATTER


def _why_trade(state: dict):
    if not rest_ready(state):
        return _why_rest(state)
    if not places.trade_classes(state):
        return "B-33", _(
            "trading needs a Village, a City or a Port; {place} is none of them",
            place=state["location"]["location"],
        )
    if state["ruleset"]["trades_per_rest"] == "one" and state["trades"] >= 1:
        return "BT-15", _("one trade per Rest phase, and it has been made")
    return (
        "B-33",
        _("a trade gives up at least two cards that may be discarded"),
        CARDS_MATTER,
    )


def _why_end_turn(state: dict):
    return _why_rest(state)


def _why_resume(state: dict):
    return "BT-16", _("no One Year Has Passed card is being carried out")


_WHY = {
    "lay_low": _why_lay_low,
    "travel": _why_travel,
    "retrieve": _why_retrieve,
    "draw_encounter": _why_draw_encounter,
    "begin_check": _why_encounter_action,
    "end_encounter": _why_encounter_action,
    "win_quest": _why_encounter_action,
    "play_check_card": _why_check_action,
    "fail_check": _why_check_action,
    "take_damage": _why_damage,
    "reuse": _why_reuse,
    "random_draw": _why_effect,
    "draw_item": _why_effect,
    "move": _why_effect,
    "exhaust": _why_exhaust,
    "restore": _why_restore,
    "discard": _why_discard,
    "recover": _why_recover,
    "trade": _why_trade,
    "end_turn": _why_end_turn,
    "resume": _why_resume,
}
