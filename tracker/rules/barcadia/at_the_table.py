"""What the players do with the real things after an action: who drinks, which tile goes face
down again, who swaps or moves, what is left in which room, who draws or discards (issue: "the
phone says what to do at the table"). Pure: read from the states around the action, each line
with the rule it comes from, in the order the table does them.
"""

from ..text import _, listed, ngettext
from .geometry import is_start, key
from .words import place_text

# The rule each kind of action's results come from.
RULES = {
    "fight": "H-14",
    "team_battle": "H-16",
    "boss_fight": "H-19",
    "challenge_hoard": "H-20",
    "duel": "H-26",
    "trap_roll": "H-25",
    "explore": "HT-08",
    "move": "H-10",
    "use_portal": "H-18",
    "place_hero": "HT-17",
    "move_tile": "HT-17",
    "take_damage": "HT-17",
    "heal": "HT-01",
    "set_trap": "H-24",
    "gain_power_up": "H-22",
    "discard_power_up": "H-22",
    "play_loot": "H-21",
    "gain_loot": "H-21",
}


def instructions(before: dict, action: dict, after: dict) -> list[dict]:
    """The steps at the table an applied action calls for: ``[{"text": Msg, "rule": id}]``."""
    if before.get("phase") != "play":
        return []
    kind = action["type"]
    rule = RULES.get(kind, "HT-06")
    out: list[dict] = []

    def say(text, rule_id: str = rule) -> None:
        out.append({"text": text, "rule": rule_id})

    players_before, players_after = before["players"], after["players"]
    dead = [n for n, h in players_after.items() if h["deaths"] > players_before[n]["deaths"]]
    if kind in ("boss_fight", "duel") and after["pending"] and _tied(before, after, action):
        say(
            _(
                "A tie: {hero} and {other} pick up their D20s and roll again",
                hero=action["player"].strip(),
                other=_other(action),
            )
        )
    # Tiles turned back face down (a fight lost: H-14, H-16, H-19).
    for tile_key, tile in after["tiles"].items():
        was = before["tiles"].get(tile_key)
        if tile["face"] == "down" and was is not None and was["face"] == "up":
            say(
                _("Turn the tile at {at} face down again, where it lies", at=place_text(tile["at"]))
            )
    # Who drinks how much (a death empties the cup: H-27).
    for name, hero in players_after.items():
        was = players_before[name]
        if name in dead:
            say(
                _(
                    "{hero}: drink the whole cup ({hp} HP left): {hero} dies",
                    hero=name,
                    hp=was["hp"],
                ),
                "H-27",
            )
        elif hero["hp"] < was["hp"]:
            say(_("{hero}: drink {amount}", hero=name, amount=was["hp"] - hero["hp"]))
        elif hero["hp"] > was["hp"]:
            gained = hero["hp"] - was["hp"]
            say(_("{hero}: fill your cup up by {amount}", hero=name, amount=gained), "HT-09")
    # Places: a swap, or each hero who moved (the dead are said below).
    swapped = _swap(before, action, after)
    if swapped:
        say(_("{hero} and {other}: swap places", hero=swapped[0], other=swapped[1]))
    for name, hero in players_after.items():
        if name in dead or name in swapped or kind == "move_tile":
            continue
        was = players_before[name]["position"]
        now = hero["position"]
        if now != was:
            if is_start((now[0], now[1])):
                say(_("{hero}: stand your hero on the Starting Point", hero=name))
            else:
                say(
                    _("{hero}: move your hero onto the tile at {at}", hero=name, at=place_text(now))
                )
    # Deaths (H-27): power-ups left, loot down to one, back to the start with a full cup.
    for name in dead:
        was = players_before[name]
        if was["power_ups"]:
            cards = listed(was["power_ups"], "and")
            if is_start((was["position"][0], was["position"][1])):
                say(
                    _(
                        "{hero}: put {cards} at the bottom of the power-up deck",
                        hero=name,
                        cards=cards,
                    ),
                    "H-27",
                )
            else:
                say(
                    _(
                        "{hero}: leave {cards} face up in the room at {at}",
                        hero=name,
                        cards=cards,
                        at=place_text(was["position"]),
                    ),
                    "H-27",
                )
        if was["loot_count"] >= 2:
            say(_("{hero}: discard your loot cards down to one", hero=name), "H-27")
        say(
            _(
                "{hero}: refill your cup to the full line and stand on the Starting Point",
                hero=name,
            ),
            "H-27",
        )
    # Loot drawn as a reward, and loot cards played (to the discard pile).
    for name, hero in players_after.items():
        if name in dead:
            continue
        change = hero["loot_count"] - players_before[name]["loot_count"]
        if change > 0 and kind != "gain_loot":
            say(
                ngettext(
                    "{hero}: draw a loot card",
                    "{hero}: draw {count} loot cards",
                    change,
                    hero=name,
                ),
                "HT-09",
            )
        elif change < 0 and kind in ("fight", "team_battle", "boss_fight", "duel", "trap_roll"):
            say(
                ngettext(
                    "{hero}: put the loot card you declared on the discard pile",
                    "{hero}: put the {count} loot cards you declared on the discard pile",
                    -change,
                    hero=name,
                ),
                "HT-14",
            )
    # Power-ups to draw (a reward) and power-ups laid in a room (a discard).
    for item in after["pending"]:
        if item["kind"] == "power_up" and item not in before["pending"]:
            say(
                ngettext(
                    "{hero}: draw a power-up and name it here",
                    "{hero}: draw {count} power-ups and name each here",
                    item["left"],
                    hero=item["player"],
                ),
                "HT-09",
            )
    if kind == "discard_power_up":
        name = action["player"].strip()
        card = action["card"].strip()
        at = players_after[name]["position"]
        if is_start((at[0], at[1])):
            say(
                _("{hero}: put {card} at the bottom of the power-up deck", hero=name, card=card),
                "HT-16",
            )
        else:
            say(
                _(
                    "{hero}: leave {card} face up in the room at {at}",
                    hero=name,
                    card=card,
                    at=place_text(at),
                ),
                "HT-16",
            )
    # Traps: a trap card taken off a room, or laid there.
    for tile_key, tile in after["tiles"].items():
        was = before["tiles"].get(tile_key)
        if was is None or kind == "move_tile":
            continue
        if tile["traps"] < was["traps"]:
            say(_("Take a trap card off the room at {at}", at=place_text(tile["at"])), "HT-18")
        elif tile["traps"] > was["traps"]:
            say(_("Lay a trap card in the room at {at}", at=place_text(tile["at"])), "H-24")
    if kind == "trap_roll" and after["ruleset"]["trap_removal"] == "disarmed_only":
        tile = after["tiles"].get(key(before["pending"][0]["at"]))
        if tile and tile["traps"] == before["tiles"][key(tile["at"])]["traps"]:
            say(_("The sprung trap stays in the room at {at}", at=place_text(tile["at"])), "HT-18")
    if kind == "move_tile":
        say(
            _(
                "Move the tile at {source} to {to}, with everything on it",
                source=place_text(action["from"]),
                to=place_text(action["to"]),
            )
        )
    if after["phase"] == "over":
        say(_("{hero} wins the game: the Drink Hoard is theirs", hero=after["winner"]), "H-28")
    elif (
        kind == "explore"
        and before["turn"]["player"] != after["turn"]["player"]
        and before["turn"]["number"] != after["turn"]["number"]
    ):
        say(
            _(
                "{hero}'s turn is over: the Drink Hoard stays face up; now {next}'s turn",
                hero=before["turn"]["player"],
                next=after["turn"]["player"],
            ),
            "H-20",
        )
    return out


def _other(action: dict) -> str:
    for field in ("boss_player", "target", "partner"):
        if isinstance(action.get(field), str):
            return action[field].strip()
    return ""


def _tied(before: dict, after: dict, action: dict) -> bool:
    """A duel or boss roll left its item waiting: a tie (H-19, HT-19)."""
    first = after["pending"][0]
    return first["kind"] in ("duel", "boss_fight") and first["player"] == action["player"].strip()


def _swap(before: dict, action: dict, after: dict) -> tuple[str, ...]:
    """The two heroes of a duel won by the challenger (H-26), when both swapped places."""
    if action["type"] != "duel":
        return ()
    hero, target = action["player"].strip(), action["target"].strip()
    was, now = before["players"], after["players"]
    if (
        now[hero]["position"] == was[target]["position"]
        and now[target]["position"] == was[hero]["position"]
        and now[hero]["position"] != was[hero]["position"]
    ):
        return (hero, target)
    return ()
