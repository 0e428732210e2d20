"""The table screen's presenter: one table's state, as one phone at it sees it.

No game rules here. What the table waits for comes from the engine's ``awaiting`` and its query
functions (who acts, what may be explored or walked into, who may be challenged); which phone
may act for which hero comes from the seats the request holds (tracker.core.seats). This module
only decides how that looks on this phone: whose controls it shows, what the cups and the
map show, and which loot names it may show (only its own hero's, HT-15).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tracker.barcadia import forms, hexmap, roll_parts, tile_box
from tracker.barcadia.game import GAME
from tracker.barcadia.models import Table
from tracker.core import services as core
from tracker.core.i18n import listing, say, sentences
from tracker.rules import barcadia as engine
from tracker.rules.barcadia.awaiting import describe
from tracker.rules.barcadia.geometry import text as hex_text
from tracker.rules.barcadia.queries import AWAITED
from tracker.rules.barcadia.ruleset import DEFAULTS
from tracker.rules.barcadia.words import modifier_source, sum_text
from tracker.rules.errors import RuleError
from tracker.rules.text import Msg

# The main panel shown for the first pending item, when this phone may answer it.
PENDING_PANELS = {
    "fight": "fight",
    "team_battle": "sides",
    "boss_fight": "sides",
    "hoard": "hoard",
    "duel": "sides",
    "traps": "traps",
    "power_up": "power_up",
    "discard": "discard",
}


def place_words(position) -> str:
    """A hero's place as players say it."""
    if list(position) == [0, 0]:
        return _("Starting Point")
    return hex_text(position)


def destination_words(position) -> str:
    """A place to go to, as players say it after "to"."""
    if list(position) == [0, 0]:
        return _("the Starting Point")
    return hex_text(position)


@dataclass
class HeroView:
    """One hero's row on every phone."""

    name: str
    seat: int
    hp: int
    hp_max: int
    power_ups: list[str]
    signature_move: str | None
    loot_count: int
    loot_names: list[str] | None  # None: this phone may not see them (HT-15)
    loot_folded: bool  # shown only behind "show" (one phone passed round)
    place: str
    deaths: int
    active: bool
    waited: bool
    mine: bool

    @property
    def percent(self) -> int:
        return max(0, min(100, round(100 * self.hp / self.hp_max))) if self.hp_max else 0

    @property
    def cup_level(self) -> float:
        """The drink's top in the cup picture (y: 8 at the full line, 44 empty)."""
        return round(44 - 36 * self.percent / 100, 1)

    @property
    def low(self) -> bool:
        return self.percent <= 25


class TableScreen:
    """What one phone shows of a table now, and what it may do."""

    def __init__(
        self,
        access,
        *,
        error: str = "",
        error_rule: str = "",
        notice: str = "",
        conflict: bool = False,
        chosen=None,
        undo_confirm: bool = False,
        end_confirm: bool = False,
        forbidden: bool = False,
    ):
        self.access = access
        self.table: Table = access.record
        self.state: dict = self.table.state
        self.version: int = self.table.version
        self.error = error
        self.error_rule = error_rule
        self.notice = notice
        self.conflict = conflict
        self.chosen = tuple(chosen) if chosen else None
        self.undo_confirm = undo_confirm
        self.end_confirm = end_confirm
        self.forbidden = forbidden

    # -- who this phone is --------------------------------------------------------------------

    @cached_property
    def by_seat(self) -> dict[int, str]:
        return {hero["seat"]: name for name, hero in self.state["players"].items()}

    @cached_property
    def my_heroes(self) -> list[str]:
        """The heroes whose seats this phone (or account) holds."""
        return [self.by_seat[n] for n in sorted(self.access.seat_numbers) if n in self.by_seat]

    @cached_property
    def pass_phone(self) -> bool:
        """Whether the host's phone acts for every hero: the host's choice, or, not chosen, while
        no seat is taken."""
        if not self.access.is_owner:
            return False
        if self.table.pass_phone is not None:
            return self.table.pass_phone
        # Asked once per request: the view may draw the table more than once.
        if not hasattr(self.access, "any_seat_taken"):
            self.access.any_seat_taken = any_seat_taken(self.table)
        return not self.access.any_seat_taken

    def may_act_for(self, hero: str | None) -> bool:
        """Whether this phone may post an action about `hero` (None: a table-wide one)."""
        if hero is None:
            return True
        seat = self.state["players"].get(hero, {}).get("seat")
        return seat is not None and self.access.may_act_for(
            seat, owner_acts_for_all=self.pass_phone
        )

    @cached_property
    def acting(self) -> str | None:
        """The hero whose controls this phone shows (None: it only watches)."""
        if self.pass_phone and self.state["players"]:
            mine = self.my_heroes[0] if self.my_heroes else next(iter(self.state["players"]))
            return self.waited or mine
        if self.my_heroes:
            waited = self.waited
            return waited if waited in self.my_heroes else self.my_heroes[0]
        return None

    @property
    def hero_choices(self) -> list[str]:
        """The heroes a form of this phone may name (one, unless the phone is passed round)."""
        if self.pass_phone:
            return list(self.state["players"])
        return [self.acting] if self.acting else []

    @property
    def watching(self) -> bool:
        return self.acting is None

    @cached_property
    def asked(self) -> str:
        """The fingerprint of what this phone is asked (tracker.barcadia.game): a tap drawn
        before another phone's change that asks it nothing new still goes ahead."""
        return core.asked_of(GAME, self.table, tuple(self.hero_choices))

    # -- what the table waits for -------------------------------------------------------------

    @cached_property
    def awaiting(self) -> dict:
        # Recomputed from the state: a stored state's sentences have lost their message ids.
        return describe(self.state)

    @property
    def phase(self) -> str:
        return self.state["phase"]

    @property
    def reason(self) -> Msg:
        return self.awaiting["reason"]

    @cached_property
    def waited(self) -> str | None:
        """The hero the table waits for (the active one when nothing is pending)."""
        return self.awaiting["player"]

    @property
    def turn(self) -> dict | None:
        return self.state["turn"]

    @property
    def active(self) -> str | None:
        return self.turn["player"] if self.turn and self.phase == "play" else None

    @property
    def first(self) -> dict | None:
        return self.state["pending"][0] if self.state["pending"] else None

    @property
    def panel(self) -> str:
        """The main panel: what this phone is asked for now."""
        if self.phase == "over":
            return "over"
        if self.phase == "order":
            return "order" if not self.watching else "waiting"
        roll = self.roll
        if roll is not None:
            sides = (roll["player"],) if roll["other"] is None else (roll["player"], roll["other"])
            return "sides" if any(self.may_act_for(hero) for hero in sides) else "waiting"
        first = self.first
        if first is not None:
            return PENDING_PANELS[first["kind"]] if self.may_act_for(first["player"]) else "waiting"
        if self.acting is not None and self.acting == self.active:
            return "turn"
        return "waiting"

    @property
    def nudge(self) -> str:
        """``turn`` when it is this phone's turn, ``roll`` when the table waits for a roll or a
        choice only this phone makes, else "": the page's script then vibrates the phone and
        marks the tab's title (tracker/static/tracker/barcadia.js)."""
        panel = self.panel
        if self.phase != "play" or self.pass_phone or panel in ("waiting", "over"):
            return ""
        if panel == "turn":
            return "turn"
        sides = self.sides
        if sides is not None and not (sides["choose"] or sides["roller"]):
            return ""
        return "roll"

    @property
    def my_turn(self) -> bool:
        return (
            self.acting is not None
            and self.acting == self.active
            and self.first is None
            and self.roll is None
        )

    # -- a two-sided roll, each phone its part (tracker.barcadia.roll_parts) -------------------

    @cached_property
    def roll(self) -> dict | None:
        """The team battle, boss fight or duel the table waits for, with the parts given."""
        return roll_parts.sides(self.state, self.table.roll_draft)

    @cached_property
    def held_seats(self) -> set[int]:
        """The seats some phone or account holds (one query, asked only for a roll)."""
        taken = self.table.seats.filter(Q(user__isnull=False) | ~Q(holder_key=""))
        return set(taken.values_list("number", flat=True))

    def _away(self, hero: str) -> bool:
        """Whether `hero`'s own phone can't be counted on to roll: no phone holds the seat."""
        return self.state["players"][hero]["seat"] not in self.held_seats

    @cached_property
    def sides(self) -> dict | None:
        """What this phone shows of the two-sided roll: who names the other side, whose die it
        rolls (`roller`), whose it may roll too (`also`: an absent phone never blocks the
        table), and the roll as it builds (`lines`)."""
        roll = self.roll
        if roll is None:
            return None
        kind, player, other = roll["kind"], roll["player"], roll["other"]
        parts = roll["parts"]
        view = {
            "kind": kind,
            "player": player,
            "other": other,
            "again": roll["again"],
            "choose": other is None and self.may_act_for(player),
            "candidates": [name for name in self.state["players"] if name != player],
            "roller": None,
            "also": None,
            "also_open": False,
            "lines": [],
            "cancel": False,
        }
        if other is None:
            return view
        for hero in (player, other):
            if hero in parts:
                view["lines"].append((hero, self._part_words(hero, parts[hero])))
            else:
                view["lines"].append((hero, None))
        mine = [hero for hero in (player, other) if self.may_act_for(hero)]
        missing = [hero for hero in (player, other) if hero not in parts]
        roller = next((hero for hero in mine if hero in missing), None)
        view["roller"] = roller
        if mine:
            counterpart = next(hero for hero in (player, other) if hero != (roller or mine[0]))
            if counterpart in missing and counterpart != roller:
                view["also"] = counterpart
                view["also_open"] = (
                    self.pass_phone
                    or self.table.one_phone_rolls
                    or counterpart in mine
                    or self._away(counterpart)
                )
        view["poster"] = roller or (mine[0] if mine else None)
        view["cancel"] = (
            not roll["again"] and not parts and self.may_act_for(player) and kind != "duel"
        ) or (kind == "duel" and not parts and self.may_act_for(player))
        return view

    def _part_words(self, hero: str, part: dict):
        terms = [part["roll"]]
        terms += [(m["value"], modifier_source(self.state, m)) for m in part["modifiers"]]
        return sum_text(terms)

    # -- the heroes ---------------------------------------------------------------------------

    @cached_property
    def heroes(self) -> list[HeroView]:
        views = []
        for name, hero in sorted(self.state["players"].items(), key=lambda i: i[1]["seat"]):
            mine = name in self.my_heroes
            shared = self.pass_phone
            views.append(
                HeroView(
                    name=name,
                    seat=hero["seat"],
                    hp=hero["hp"],
                    hp_max=hero["hp_max"],
                    power_ups=list(hero["power_ups"]),
                    signature_move=hero["signature_move"],
                    loot_count=hero["loot_count"],
                    # HT-15: a phone shows its own hero's loot names, never another's.
                    loot_names=list(hero["loot_known"]) if mine or shared else None,
                    loot_folded=shared and not mine,
                    place=place_words(hero["position"]),
                    deaths=hero["deaths"],
                    active=name == self.active,
                    waited=name == self.waited,
                    mine=mine,
                )
            )
        return views

    @property
    def acting_hero(self) -> dict | None:
        return self.state["players"].get(self.acting) if self.acting else None

    @property
    def dungeon(self) -> dict | None:
        return self.state["dungeon"]

    @property
    def dungeon_line(self) -> str:
        """How much of the dungeon is turned up, and where the Drink Hoard is."""
        dungeon = self.dungeon
        counted = _("Dungeon: %(recorded)s of %(size)s tiles turned up.") % {
            "recorded": dungeon["recorded"],
            "size": dungeon["size"],
        }
        if dungeon["hoard"]:
            hoard = _("The Drink Hoard is at [%(at)s].") % {
                "at": listing(str(n) for n in dungeon["hoard"])
            }
        else:
            hoard = _("The Drink Hoard is not found yet.")
        return sentences([counted, hoard])

    @property
    def small_dungeon(self) -> bool:
        return bool(self.dungeon) and self.dungeon["size"] < 50

    @property
    def changed_rules(self) -> list[tuple[str, str]]:
        """The table rules played other than their defaults: (option, value)."""
        return [
            (option, str(value))
            for option, value in self.state["ruleset"].items()
            if DEFAULTS.get(option) != value
        ]

    # -- the newest action --------------------------------------------------------------------

    @cached_property
    def last(self) -> dict | None:
        """The newest action in words, its roll, and whether this phone made it."""
        last = (self.table.projection or {}).get("last")
        if not last or last["type"] == "set_up_table":
            return None
        mine = last["player"] in self.my_heroes or self.pass_phone
        words = Msg.from_json(last["words"]) if last.get("words") else None
        dice = []
        if last.get("roll"):
            dice = [(side["hero"], side["roll"]) for side in last["roll"]["sides"]]
        elif last["type"] == "roll_for_order":
            dice = [
                (event["data"]["rolls"], None)
                for event in self.table.projection.get("new", [])
                if event["kind"] == "order"
            ]
            dice = [(hero, roll) for rolls, _ in dice for hero, roll in rolls.items()]
        return {
            "text": Msg.from_json(last["text"]),
            "words": words if mine else None,
            "dice": dice,
            "outcome": last["roll"]["outcome"] if last.get("roll") else "",
            "todo": [
                (Msg.from_json(item["text"]), item["rule"]) for item in last.get("todo") or []
            ],
            "player": last["player"],
            "mine": mine,
        }

    @cached_property
    def deaths(self) -> list[dict]:
        """Deaths the newest action caused: announced on every phone (H-27)."""
        return [
            {
                "text": Msg.from_json(event["text"]),
                "dropped": event["data"].get("dropped") or [],
                "at_start": event["data"].get("at") == [0, 0],
                "loot_kept": event["data"].get("loot_kept", 0),
                "hero": event.get("hero", ""),
            }
            for event in (self.table.projection or {}).get("new", [])
            if event["kind"] == "death"
        ]

    # -- undo ---------------------------------------------------------------------------------

    @property
    def undo_news(self) -> dict | None:
        """The newest undo, said on every phone while the table stands where it left it."""
        note = self.table.undo_note
        if not note or note.get("version") != self.version or not note.get("undone"):
            return None
        what = [Msg.from_json(item["text"]) for item in note["undone"]]
        return {"by": note.get("by") or "", "what": what}

    @property
    def undo_text(self) -> Msg | None:
        last = (self.table.projection or {}).get("last")
        if not last or self.table.last_seq <= 1:
            return None
        return Msg.from_json(last["text"])

    @property
    def undo_needs_confirm(self) -> bool:
        """Undoing another player's action is confirmed first."""
        last = (self.table.projection or {}).get("last") or {}
        player = last.get("player")
        if player is None or self.pass_phone:
            return False
        return player not in self.my_heroes

    # -- the turn's choices -------------------------------------------------------------------

    @cached_property
    def explore_targets(self) -> list[dict]:
        if not self.my_turn:
            return []
        found = []
        for at in engine.explorable(self.state, self.acting):
            tile = self.state["tiles"].get(f"{at[0]},{at[1]}")
            known = say(engine.face_words(tile)) if tile else None
            found.append({"at": f"{at[0]},{at[1]}", "words": hex_text(at), "known": known})
        return found

    @cached_property
    def box_offers(self) -> list[dict]:
        """The host's tile box faces not yet turned up in this game: one tap each, offered
        for the hex tapped on the map (the tap's answer reads the box; no other does)."""
        chosen = self.chosen_explore
        if chosen is None or chosen["known"]:
            return []
        return [
            {"key": offer.key, "words": say(engine.face_words(offer.face)), "left": offer.left,
             "reward_words": reward_words(offer.face.get("reward") or {})}
            for offer in tile_box.offers(owner_id=self.table.owner_id, state=self.state)
        ]  # fmt: skip

    @property
    def chosen_explore(self) -> dict | None:
        if self.chosen is None:
            return None
        at = f"{self.chosen[0]},{self.chosen[1]}"
        return next((t for t in self.explore_targets if t["at"] == at), None)

    @cached_property
    def move_targets(self) -> list[dict]:
        if not self.my_turn:
            return []
        found = []
        for target in engine.move_targets(self.state, self.acting):
            to = target["to"]
            via = hex_text(target["path"][0]) if target["steps"] == 2 else ""
            if target["steps"] == 2 and target["path"][0] == [0, 0]:
                via = _("the Starting Point")
            found.append({"to": f"{to[0]},{to[1]}", "words": destination_words(to), "via": via})
        return found

    @cached_property
    def portal_targets(self) -> list[dict]:
        if not self.my_turn:
            return []
        return [
            {"to": f"{at[0]},{at[1]}", "words": destination_words(at)}
            for at in engine.portal_targets(self.state, self.acting)
        ]

    @cached_property
    def duel_targets(self) -> list[str]:
        return engine.duel_targets(self.state, self.acting) if self.my_turn else []

    @property
    def can_challenge(self) -> bool:
        return self.my_turn and engine.can_challenge_hoard(self.state, self.acting)

    @property
    def pick_ups(self) -> list[str]:
        return engine.room_power_ups(self.state, self.acting) if self.my_turn else []

    @property
    def turn_ask(self) -> str:
        """What the active hero may do now, in a sentence (from the engine's targets)."""
        hero = self.acting
        if self.action_taken and not self.actions_left:
            return _("Action taken: use what is left of the turn, then end it.")
        explore, move = bool(self.explore_targets), bool(self.move_targets)
        if explore and move:
            text = _("%(hero)s: explore or move.") % {"hero": hero}
        elif explore:
            text = _("%(hero)s: explore.") % {"hero": hero}
        elif move:
            text = _("%(hero)s: move.") % {"hero": hero}
        else:
            text = _("%(hero)s: nothing to explore or walk to from here.") % {"hero": hero}
        if self.can_challenge:
            text += " " + _("You may challenge the Grand Drink Guardian.")
        if self.duel_targets:
            text += " " + _("You may duel a neighbour first.")
        if self.action_taken:
            text += " " + _("A card gave you one more action.")
        return text

    @property
    def action_taken(self) -> bool:
        return bool(self.turn and self.turn["actions_taken"])

    @property
    def turn_end(self) -> str:
        """How ending the turn is offered: after the action (``done``), asked to confirm one
        without an action (``asked``), or folded before the action (``early``)."""
        if self.action_taken:
            return "done"
        return "asked" if self.end_confirm else "early"

    @property
    def actions_left(self) -> int:
        return self.turn["actions_left"] if self.turn else 0

    @property
    def chosen_at(self) -> str:
        return f"{self.chosen[0]},{self.chosen[1]}" if self.chosen else ""

    @property
    def chosen_words(self) -> str:
        return hex_text(self.chosen) if self.chosen else ""

    @cached_property
    def chosen_refusal(self) -> tuple[str, str] | None:
        """A tapped place that is no target: the rule that says no, asked of the engine."""
        if self.chosen is None or not self.my_turn:
            return None
        at = f"{self.chosen[0]},{self.chosen[1]}"
        if any(t["at"] == at for t in self.explore_targets) or any(
            t["to"] == at for t in self.move_targets + self.portal_targets
        ):
            return None
        tile = self.state["tiles"].get(at)
        hero = self.acting
        if tile is None or tile["face"] == "down":
            trial = {"type": "explore", "player": hero, "at": list(self.chosen)}
            if tile is None:
                trial["tile"] = {"kind": "portal"}
        else:
            trial = {"type": "move", "player": hero, "path": [list(self.chosen)]}
        try:
            engine.apply(self.state, trial)
        except RuleError as error:
            return error.rule, error.message
        return None

    # -- rolls --------------------------------------------------------------------------------

    @property
    def reroll(self) -> bool:
        return engine.reroll_due(self.state)

    @property
    def others(self) -> list[str]:
        """Every hero but the one this phone acts for (partners, boss players, duel targets)."""
        return [name for name in self.state["players"] if name != self.acting]

    def modifier_choices(self, heroes: list[str]) -> list[tuple[str, str]]:
        return forms.modifier_choices(self.state, heroes)

    @property
    def roll_modifiers(self) -> list[tuple[str, str]]:
        """Modifier sources for the roll awaited now: the roller's, or both sides'."""
        first = self.first
        sides = self.sides
        if sides is not None:
            # Only the sides this phone rolls for now: the roll accepts no one else's.
            # (The other side's too only where this phone rolls for them by default: their
            # seat is free, the phone is passed round, or the table's rule says so.)
            also = sides["also"] if sides["also_open"] or not sides["roller"] else None
            heroes = [hero for hero in (sides["roller"], also) if hero]
        elif first is None:
            return []
        elif first["kind"] in ("fight", "traps"):
            heroes = [first["player"]]
        else:
            return []
        return self.modifier_choices(heroes)

    @property
    def modifier_rows(self) -> range:
        return range(forms.MODIFIER_ROWS)

    @property
    def fight_tile(self) -> dict | None:
        first = self.first
        if first is None or "at" not in first:
            return None
        tile = self.state["tiles"][f"{first['at'][0]},{first['at'][1]}"]
        return {**tile, "words": say(engine.face_words(tile)), "where": hex_text(first["at"])}

    @property
    def order_rollers(self) -> list[dict]:
        if self.phase != "order":
            return []
        return [
            {"name": name, "box": f"roll_{self.state['players'][name]['seat']}"}
            for name in self.state["pending"][0]["players"]
        ]

    @property
    def first_order_roll(self) -> bool:
        """Nobody has rolled for the order yet: the table is still being laid out."""
        return self.phase == "order" and not any(self.state["order_rolls"].values())

    @property
    def discard_choices(self) -> list[str]:
        first = self.first
        if first is None or first["kind"] != "discard":
            return []
        return [*self.state["players"][first["player"]]["power_ups"], first["card"]]

    # -- loot and card effects ----------------------------------------------------------------

    @cached_property
    def loot_timings(self) -> list[str]:
        if self.acting is None:
            return []
        return engine.loot_timings(self.state, self.acting)

    @property
    def between_turns_open(self) -> bool:
        """The H-13 window: any phone may play a between-turns loot card now."""
        return "between_turns" in self.loot_timings

    @property
    def unnamed_loot(self) -> int:
        hero = self.acting_hero
        return hero["loot_count"] - len(hero["loot_known"]) if hero else 0

    @property
    def known_loot(self) -> list[str]:
        """The names of the acting hero's loot cards to choose from, each once (two cards of
        one name are one choice)."""
        hero = self.acting_hero
        return list(dict.fromkeys(hero["loot_known"])) if hero else []

    @property
    def effects_open(self) -> bool:
        """Card effects other than healing and loot wait until nothing is pending (HT-17)."""
        return self.phase == "play" and self.first is None and self.acting is not None

    @property
    def trap_targets(self) -> list[dict]:
        return [
            {"at": f"{at[0]},{at[1]}", "words": hex_text(at)}
            for at in engine.trap_targets(self.state)
        ]

    @property
    def place_targets(self) -> list[dict]:
        if self.acting is None:
            return []
        return [
            {"at": f"{at[0]},{at[1]}", "words": place_words(at)}
            for at in engine.place_hero_targets(self.state, self.acting)
        ]

    @property
    def recorded_tiles(self) -> list[dict]:
        return [
            {"at": f"{t['at'][0]},{t['at'][1]}", "words": hex_text(t["at"])}
            for t in self.state["tiles"].values()
            if t["kind"] != "start"
        ]

    @property
    def power_ups_held(self) -> dict[str, list[str]]:
        return {name: hero["power_ups"] for name, hero in self.state["players"].items()}

    # -- the map ------------------------------------------------------------------------------

    @cached_property
    def map(self) -> hexmap.MapView:
        acting = self.acting if self.my_turn else None
        return hexmap.build(self.state, acting=acting, me=tuple(self.my_heroes), chosen=self.chosen)

    @property
    def map_title(self) -> str:
        """The map's title: the same on every phone and turn (it is part of the drawing, which
        a swap then leaves in place)."""
        return _("Dungeon map: on your turn, tap a lit hex to explore it or move there")

    @property
    def map_svg(self):
        """The map drawn for this phone."""
        return hexmap.svg(self.map, self.map_title)

    @property
    def map_parts(self) -> hexmap.MapParts:
        """The map drawn for this phone, in parts (tracker.barcadia.regions)."""
        return hexmap.svg_parts(self.map, self.map_title)

    @property
    def map_defs(self):
        return hexmap.defs(self.map.tokens)

    @property
    def awaited_type(self) -> str:
        first = self.first
        return AWAITED[first["kind"]] if first else ""

    @property
    def live_key(self) -> str:
        return str(self.version)


def reward_words(reward: dict) -> str:
    """A tile's printed reward, short: ``2 loot, 1 power-up, heal 20``."""
    words = []
    if reward.get("loot"):
        words.append(_("%(count)s loot") % {"count": reward["loot"]})
    if reward.get("power_ups"):
        words.append(
            ngettext("%(count)s power-up", "%(count)s power-ups", reward["power_ups"])
            % {"count": reward["power_ups"]}
        )
    if reward.get("heal"):
        words.append(_("heal %(count)s") % {"count": reward["heal"]})
    return listing(words)


def any_seat_taken(table: Table) -> bool:
    """Whether some seat of the table is held by a phone or an account (one query)."""
    return table.seats.filter(Q(user__isnull=False) | ~Q(holder_key="")).exists()
