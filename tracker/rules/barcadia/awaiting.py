"""What the table waits for: ``awaiting = {"player", "action", "reason"}`` (the actions contract,
"awaiting.action, exactly")."""

from ..text import _, listed, ngettext
from . import board, queries
from .geometry import key
from .geometry import text as hex_text

# Action types in a player's words, for refusals.
ACTION_WORDS = {
    "set_up_table": _("set up the table"),
    "roll_for_order": _("roll for the turn order"),
    "duel": _("duel"),
    "explore": _("explore"),
    "fight": _("roll against the monster"),
    "team_battle": _("roll the team battle"),
    "boss_fight": _("roll the boss fight"),
    "challenge_hoard": _("challenge the Grand Drink Guardian"),
    "move": _("move"),
    "use_portal": _("use a portal"),
    "trap_roll": _("roll for a trap"),
    "gain_power_up": _("gain a power-up"),
    "discard_power_up": _("discard a power-up"),
    "gain_loot": _("gain loot"),
    "note_loot": _("note loot names"),
    "play_loot": _("play a loot card"),
    "set_trap": _("set a trap"),
    "take_damage": _("take damage"),
    "heal": _("heal"),
    "place_hero": _("put a hero somewhere"),
    "move_tile": _("move a tile"),
    "end_turn": _("end the turn"),
}

_TURN_TYPES = ("duel", "explore", "move", "challenge_hoard", "use_portal")


def describe(state: dict) -> dict:
    """The `awaiting` object of a state."""
    phase = state["phase"]
    if phase == "setup":
        return {
            "player": None,
            "action": ["set_up_table"],
            "reason": _("Set up the table: the heroes in seating order and the table rules"),
        }
    if phase == "over":
        return {
            "player": None,
            "action": [],
            "reason": _("{hero} beat the Grand Drink Guardian and won", hero=state["winner"]),
        }
    players = state["players"]
    some_unnamed = any(board.unnamed_loot(hero) > 0 for hero in players.values())
    if phase == "order":
        rolling = state["pending"][0]["players"]
        return {
            "player": None,
            "action": ["roll_for_order"] + (["note_loot"] if some_unnamed else []),
            "reason": _("Roll for the turn order: {heroes}", heroes=listed(rolling, "and")),
        }
    light = ["gain_loot", "heal"]
    if some_unnamed:
        light.append("note_loot")
    if board.anyone_may_play_loot(state):
        light.append("play_loot")
    pending = state["pending"]
    if pending:
        first = pending[0]
        return {
            "player": first["player"],
            "action": [queries.AWAITED[first["kind"]], *light],
            "reason": pending_reason(state, first),
        }
    name = state["turn"]["player"]
    actions = [*light, "take_damage", "gain_power_up", "end_turn"]
    if any(hero["power_ups"] for hero in players.values()):
        actions.append("discard_power_up")
    # A hero in a room may be put on the Starting Point; one there, on any open room.
    if (
        any(hero["position"] != [0, 0] for hero in players.values())
        or len(board.open_places(state)) > 1
    ):
        actions.append("place_hero")
    if state["dungeon"]["recorded"] > 0:
        actions.append("move_tile")
    if "play_loot" in light and board.trap_rooms(state):
        actions.append("set_trap")
    if queries.duel_targets(state, name):
        actions.append("duel")
    if queries.explorable(state, name):
        actions.append("explore")
    if queries.can_move(state, name):
        actions.append("move")
    if queries.can_challenge_hoard(state, name):
        actions.append("challenge_hoard")
    if queries.portal_targets(state, name):
        actions.append("use_portal")
    return {"player": name, "action": actions, "reason": turn_reason(state)}


def turn_reason(state: dict):
    """Whose turn it is and how far it has gone."""
    turn = state["turn"]
    if not turn["started"]:
        return _("{hero}'s turn: between turns", hero=turn["player"])
    if turn["actions_left"] > 0 and turn["actions_taken"] == 0:
        return _("{hero}'s turn: no action yet", hero=turn["player"])
    if turn["actions_left"] > 0:
        return _("{hero}'s turn: an extra action left", hero=turn["player"])
    return _("{hero}'s turn: action taken", hero=turn["player"])


def pending_reason(state: dict, item: dict):
    """The sentence for a pending item, read after "first, " in refusals too."""
    kind = item["kind"]
    hero = item["player"]
    if kind in ("fight", "team_battle", "boss_fight", "hoard"):
        tile = state["tiles"][key(item["at"])]
        at = hex_text(item["at"])
        monster = {"hero": hero, "level": tile["level"], "at": at}
        if kind == "fight":
            return _("{hero} rolls against the level-{level} monster at {at}", **monster)
        if kind == "team_battle":
            return _(
                "{hero} and a partner roll against the level-{level} team battle monster at {at}",
                **monster,
            )
        if kind == "boss_fight":
            if item["boss_player"] is None:
                return _(
                    "{hero} fights the boss at {at}: another player plays the boss",
                    hero=hero,
                    at=at,
                )
            return _(
                "{hero} and {boss} tied over the boss at {at}: both roll again",
                hero=hero,
                boss=item["boss_player"],
                at=at,
            )
        return _(
            "{hero} must challenge the Grand Drink Guardian at {at} (level {level})",
            hero=hero,
            at=at,
            level=tile["level"],
        )
    if kind == "duel":
        return _(
            "{hero} and {target} tied in their duel: both roll again",
            hero=hero,
            target=item["target"],
        )
    if kind == "traps":
        return ngettext(
            "{hero} rolls for the trap in {at}",
            "{hero} rolls for the {count} traps in {at}, one at a time",
            item["rolls_left"],
            hero=hero,
            at=hex_text(item["at"]),
        )
    if kind == "power_up":
        return ngettext(
            "{hero} draws a power-up and names it",
            "{hero} draws {count} power-ups and names each",
            item["left"],
            hero=hero,
        )
    return _(
        "{hero} gains {card} as a fourth power-up: discard one",
        hero=hero,
        card=item["card"],
    )
