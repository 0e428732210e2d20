"""Rolls and actions in a player's words: the fight arithmetic, ties, and one line per action
for the history and the undo button. Pure functions of the states around an action."""

from ..text import _, listed, ngettext
from . import fields
from .board import seated
from .geometry import is_start, key
from .geometry import text as hex_text
from .play_base import TRAP_TARGET

ROLL_TYPES = ("fight", "team_battle", "boss_fight", "challenge_hoard", "duel", "trap_roll")


def sum_text(terms: list) -> str:
    """``14 + 2 (power-up: Lucky Mug) − 1 = 15``, or just ``14`` for a bare roll (HT-14: the sum
    names each modifier's source). A term is a number, or ``(number, source)``."""
    terms = [term if isinstance(term, tuple) else (term, None) for term in terms]
    if len(terms) == 1:
        return str(terms[0][0])
    shown = str(terms[0][0])
    for value, source in terms[1:]:
        if source is None and value > 0:
            shown = _("{sum} + {value}", sum=shown, value=value)
        elif source is None:
            shown = _("{sum} − {value}", sum=shown, value=-value)
        elif value > 0:
            shown = _("{sum} + {value} ({source})", sum=shown, value=value, source=source)
        else:
            shown = _("{sum} − {value} ({source})", sum=shown, value=-value, source=source)
    return _("{terms} = {total}", terms=shown, total=sum(value for value, _source in terms))


def modifier_source(state: dict, modifier: dict):
    """Where a declared modifier comes from, in a player's words (HT-14)."""
    source = modifier["source"]
    if source == "power_up":
        return _("power-up: {card}", card=modifier["card"])
    if source == "signature_move":
        move = state["players"][modifier["player"]]["signature_move"]
        return _("signature move: {card}", card=move) if move else _("signature move")
    if source == "loot":
        card = modifier.get("card")
        return _("loot card: {card}", card=card) if card else _("a loot card")
    note = modifier.get("note")
    return _("in play: {note}", note=note) if note else _("an effect in play")


def _labelled(side: dict) -> list:
    return list(zip(side["terms"], side["sources"], strict=True))


def roll_result(before: dict, action: dict, *, sources: bool = False) -> dict:
    """The arithmetic of a roll action applied to `before`: each side's roll, modifiers and
    total, what it is compared with, and the outcome (``win``, ``loss`` or ``tie``, from the
    roller's side).

    ``{"type", "sides": [{"hero", "roll", "terms", "total"}], "against", "outcome"}``;
    `against` is the level or threshold for one-sided rolls, None when two sides compare.
    With `sources`, each side also has its terms' `sources` (None for the die) in words.
    """
    kind = action["type"]
    name = action["player"].strip()
    declared = [] if kind == "challenge_hoard" else fields.modifiers(action, name, before)
    first = before["pending"][0] if before["pending"] else None

    def side(hero: str, roll: int, extra: tuple[int, ...] = ()) -> dict:
        mine = [m for m in declared if m["player"] == hero]
        terms = [roll, *(m["value"] for m in mine), *extra]
        found = {"hero": hero, "roll": roll, "terms": terms, "total": sum(terms)}
        if sources:
            named = [None, *(modifier_source(before, m) for m in mine)]
            found["sources"] = named + [_("boss level")] * len(extra)  # HT-11, boss_level: add
        return found

    if kind in ("fight", "team_battle", "challenge_hoard"):
        at = first["at"] if first and kind != "challenge_hoard" else before["dungeon"]["hoard"]
        level = before["tiles"][key(at)]["level"]
        if kind == "team_battle":
            partner = action["partner"].strip()
            sides = [side(name, action["roll"]), side(partner, action["partner_roll"])]
            total = sum(s["total"] for s in sides)
            outcome = "win" if total > level else "loss"  # H-16: more than the level
        else:
            sides = [side(name, action["roll"])]
            outcome = "win" if sides[0]["total"] >= level else "loss"  # H-14, H-20
        return {"type": kind, "sides": sides, "against": level, "outcome": outcome}
    if kind == "trap_roll":
        sides = [side(name, action["roll"])]
        outcome = "win" if sides[0]["total"] >= TRAP_TARGET else "loss"  # H-25
        return {"type": kind, "sides": sides, "against": TRAP_TARGET, "outcome": outcome}
    if kind == "boss_fight":
        boss = action["boss_player"].strip()
        level = before["tiles"][key(first["at"])]["level"]
        extra = (level,) if before["ruleset"]["boss_level"] == "add" else ()  # HT-11
        sides = [side(name, action["roll"]), side(boss, action["boss_roll"], extra)]
    else:  # duel
        target = action["target"].strip()
        sides = [side(name, action["roll"]), side(target, action["target_roll"])]
    mine, theirs = sides[0]["total"], sides[1]["total"]
    outcome = "tie" if mine == theirs else ("win" if mine > theirs else "loss")
    return {"type": kind, "sides": sides, "against": None, "outcome": outcome}


def must_reroll(before: dict, action: dict) -> bool:
    """True when this duel or boss fight roll ties and must be rolled again (H-19, H-26)."""
    return action.get("type") in ("duel", "boss_fight") and (
        roll_result(before, action)["outcome"] == "tie"
    )


def fight_words(before: dict, action: dict):
    """The roll as the roller reads it: ``14 + 2 = 16 ≥ level 12: you win``."""
    result = roll_result(before, action, sources=True)
    kind, outcome, sides = result["type"], result["outcome"], result["sides"]
    level = result["against"]
    if kind == "team_battle":
        terms = [term for s in sides for term in _labelled(s)]
        if outcome == "win":
            return _("{sum} > level {level}: you both win", sum=sum_text(terms), level=level)
        return _(
            "{sum} is not more than level {level}: you both lose",
            sum=sum_text(terms),
            level=level,
        )
    if kind in ("boss_fight", "duel"):
        mine, theirs = sum_text(_labelled(sides[0])), sum_text(_labelled(sides[1]))
        if outcome == "tie":
            return _("{mine} against {theirs}: a tie, roll again", mine=mine, theirs=theirs)
        if outcome == "win":
            return _("{mine} against {theirs}: you win", mine=mine, theirs=theirs)
        return _("{mine} against {theirs}: you lose", mine=mine, theirs=theirs)
    total = sum_text(_labelled(sides[0]))
    if kind == "trap_roll":
        if outcome == "win":
            return _("{sum} ≥ {target}: the trap is disarmed", sum=total, target=level)
        return _("{sum} < {target}: the trap springs", sum=total, target=level)
    if kind == "challenge_hoard" and outcome == "win":
        return _("{sum} ≥ level {level}: you win the game", sum=total, level=level)
    if outcome == "win":
        return _("{sum} ≥ level {level}: you win", sum=total, level=level)
    return _("{sum} < level {level}: you lose", sum=total, level=level)


def place_text(place):
    """A place as the players say it: the Starting Point by name, a room by its hex."""
    if is_start((place[0], place[1])):
        return _("the Starting Point")
    return hex_text(place)


def _deaths(before: dict, after: dict) -> list[str]:
    return [
        name
        for name in seated(after)
        if after["players"][name]["deaths"] > before["players"][name]["deaths"]
    ]


def describe_action(before: dict, action: dict, after: dict):
    """One line in a player's words for an applied action (history, undo)."""
    line = _describe(before, action, after)
    if before["phase"] in ("setup", "order"):
        return line
    dead = _deaths(before, after)
    if not dead:
        return line
    return _(
        "{event}. {aftermath}",
        event=line,
        aftermath=ngettext(
            "{heroes} died: back to the Starting Point with a full cup",
            "{heroes} died: back to the Starting Point with full cups",
            len(dead),
            heroes=listed(dead, "and"),
        ),
    )


def _describe(before: dict, action: dict, after: dict):
    kind = action["type"]
    name = action.get("player", "").strip() if isinstance(action.get("player"), str) else ""
    if kind == "set_up_table":
        return _(
            "The table is set: {heroes}, a dungeon of {size} tiles",
            heroes=listed(after["players"], "and"),
            size=after["dungeon"]["size"],
        )
    if kind == "roll_for_order":
        # A name and a number are the same in every language: only the list is translated.
        rolls = listed([f"{hero} {roll}" for hero, roll in action["rolls"].items()], None)
        if after["phase"] == "play":
            return _(
                "Order rolls {rolls}: the order is {order}",
                rolls=rolls,
                order=listed(after["order"], None),
            )
        return _(
            "Order rolls {rolls}: {heroes} roll again",
            rolls=rolls,
            heroes=listed(after["pending"][0]["players"], "and"),
        )
    if kind == "explore":
        at = (action["at"][0], action["at"][1])
        tile = after["tiles"][key(at)]
        if tile["kind"] == "hoard" and not after["pending"]:
            return _(
                "{hero} explored {at}: {face}; with fewer than three power-ups the turn ends",
                hero=name,
                at=hex_text(at),
                face=face_words(tile),
            )
        return _("{hero} explored {at}: {face}", hero=name, at=hex_text(at), face=face_words(tile))
    if kind in ROLL_TYPES:
        return _roll_line(before, action, after, name)
    if kind == "move":
        steps = [place_text(step) for step in action["path"]]
        if len(steps) == 1:
            return _("{hero} moved to {to}", hero=name, to=steps[0])
        return _("{hero} moved to {to} by {via}", hero=name, to=steps[1], via=steps[0])
    if kind == "use_portal":
        return _(
            "{hero} went through a portal to {to}",
            hero=name,
            to=place_text(after["players"][name]["position"]),
        )
    if kind == "gain_power_up":
        card = action["card"].strip()
        source = action.get("from") or "deck"
        if source == "room":
            return _("{hero} picked up the power-up {card}", hero=name, card=card)
        if source == "player":
            return _(
                "{hero} took the power-up {card} from {other}",
                hero=name,
                card=card,
                other=action["from_player"].strip(),
            )
        return _("{hero} gained the power-up {card}", hero=name, card=card)
    if kind == "discard_power_up":
        return _("{hero} discarded the power-up {card}", hero=name, card=action["card"].strip())
    if kind == "gain_loot":
        count = action.get("count") or 1
        return ngettext(
            "{hero} gained a loot card", "{hero} gained {count} loot cards", count, hero=name
        )
    if kind == "note_loot":
        count = len(action["cards"])
        return ngettext(
            "{hero} noted the name of a loot card",
            "{hero} noted the names of {count} loot cards",
            count,
            hero=name,
        )
    if kind == "play_loot":
        extra = bool(action.get("extra_action"))
        card = action.get("card")
        if isinstance(card, str) and card.strip():
            if extra:
                return _(
                    "{hero} played the loot card {card} for an extra action",
                    hero=name,
                    card=card.strip(),
                )
            return _("{hero} played the loot card {card}", hero=name, card=card.strip())
        if extra:
            return _("{hero} played a loot card for an extra action", hero=name)
        return _("{hero} played a loot card", hero=name)
    if kind == "set_trap":
        return _("{hero} set a trap in {at}", hero=name, at=hex_text(action["at"]))
    if kind == "take_damage":
        return _("{hero} drank {amount} HP", hero=name, amount=action["amount"])
    if kind == "heal":
        gained = after["players"][name]["hp"] - before["players"][name]["hp"]
        return _("{hero} healed {amount} HP", hero=name, amount=gained)
    if kind == "place_hero":
        return _(
            "{hero} was put on {at}", hero=name, at=place_text(after["players"][name]["position"])
        )
    if kind == "move_tile":
        return _(
            "{hero} moved the tile at {source} to {to}",
            hero=name,
            source=hex_text(action["from"]),
            to=hex_text(action["to"]),
        )
    # end_turn
    if before["turn"]["actions_taken"] == 0:
        return _(
            "{hero} ended the turn without an action; now {next}'s turn",
            hero=name,
            next=after["turn"]["player"],
        )
    return _("{hero} ended the turn; now {next}'s turn", hero=name, next=after["turn"]["player"])


def _roll_line(before: dict, action: dict, after: dict, name: str):
    """A roll in the third person, with its arithmetic."""
    result = roll_result(before, action, sources=True)
    kind, outcome, sides, level = (
        result["type"],
        result["outcome"],
        result["sides"],
        result["against"],
    )
    total = sum_text(_labelled(sides[0]))
    if kind == "fight":
        if outcome == "win":
            return _(
                "{hero} beat the level-{level} monster: {sum} ≥ {level}",
                hero=name,
                level=level,
                sum=total,
            )
        return _(
            "{hero} lost to the level-{level} monster: {sum} < {level}",
            hero=name,
            level=level,
            sum=total,
        )
    if kind == "team_battle":
        partner = sides[1]["hero"]
        terms = sum_text([term for side in sides for term in _labelled(side)])
        if outcome == "win":
            return _(
                "{hero} and {partner} beat the level-{level} team battle monster: {sum} > {level}",
                hero=name,
                partner=partner,
                level=level,
                sum=terms,
            )
        return _(
            "{hero} and {partner} lost to the level-{level} team battle monster: "
            "{sum} is not more than {level}",
            hero=name,
            partner=partner,
            level=level,
            sum=terms,
        )
    if kind in ("boss_fight", "duel"):
        other = sides[1]["hero"]
        theirs = sum_text(_labelled(sides[1]))
        if kind == "boss_fight":
            rolls = {"hero": name, "mine": total, "boss": other, "theirs": theirs}
            if outcome == "tie":
                return _(
                    "{hero} {mine} against the boss played by {boss} {theirs}: a tie, roll again",
                    **rolls,
                )
            if outcome == "win":
                return _("{hero} {mine} beat the boss played by {boss} {theirs}", **rolls)
            return _("{hero} {mine} lost to the boss played by {boss} {theirs}", **rolls)
        rolls = {"hero": name, "mine": total, "target": other, "theirs": theirs}
        if outcome == "tie":
            return _("{hero} {mine} dueled {target} {theirs}: a tie, roll again", **rolls)
        if outcome == "win":
            return _("{hero} {mine} won the duel against {target} {theirs}", **rolls)
        return _("{hero} {mine} lost the duel against {target} {theirs}", **rolls)
    if kind == "trap_roll":
        if outcome == "win":
            return _("{hero} disarmed a trap: {sum} ≥ {target}", hero=name, sum=total, target=level)
        return _(
            "{hero} sprang a trap and drank 10: {sum} < {target}",
            hero=name,
            sum=total,
            target=level,
        )
    if outcome == "win":
        return _(
            "{hero} beat the Grand Drink Guardian and wins the game: {sum} ≥ {level}",
            hero=name,
            sum=total,
            level=level,
        )
    return _(
        "{hero} lost to the Grand Drink Guardian: {sum} < {level}",
        hero=name,
        sum=total,
        level=level,
    )


def face_words(tile: dict):
    """A tile's face in a player's words: ``a level-12 monster (damage 20)``."""
    kind = tile["kind"]
    if kind in ("monster", "team_monster"):
        strength = {"level": tile["level"], "damage": tile["damage"]}
        if kind == "monster":
            return _("a level-{level} monster (damage {damage})", **strength)
        return _("a level-{level} team battle monster (damage {damage})", **strength)
    if kind in ("boss", "hoard"):
        strength = {"level": tile["level"], "attack": tile["attack"]}
        if kind == "boss":
            return _("a level-{level} boss (attack {attack})", **strength)
        return _("the Drink Hoard (level {level}, attack {attack})", **strength)
    if kind == "portal":
        return _("a portal")
    if kind == "reward":
        return _("a reward")
    return _("a start tile")
