"""The table screen's presenter: one table's state, as one phone at it sees it.

No game rules here. What the table waits for comes from the engine's ``awaiting`` and its query
functions (who acts, what may be explored or walked into, who may be challenged); which phone
may act for which hero comes from the seats the request holds (tracker.core.seats). This module
only decides how that looks on this phone: whose controls it shows, what the cups and the
map show, and which loot names it may show (only its own hero's, HT-15). The regions of the
page have a presenter each (tracker.barcadia.play_board, play_rolls, play_news, play_turn,
play_cards).
"""

from __future__ import annotations

from functools import cached_property

from django.db.models import Q

from tracker.barcadia import roll_parts
from tracker.barcadia.game import GAME
from tracker.barcadia.models import Table
from tracker.barcadia.play_board import Board
from tracker.barcadia.play_cards import Cards
from tracker.barcadia.play_news import News
from tracker.barcadia.play_rolls import Rolls
from tracker.barcadia.play_turn import Turn
from tracker.core import services as core
from tracker.core.i18n import say
from tracker.core.presenters import shows, undone_notice
from tracker.rules.barcadia import describe_action
from tracker.rules.barcadia.awaiting import describe
from tracker.rules.barcadia.board import seated
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


@shows(
    board=(
        "heroes acting_hero dungeon dungeon_line small_dungeon changed_rules map map_title "
        "map_svg map_parts map_defs"
    ),
    rolls=(
        "held_seats sides reroll others modifier_choices roll_modifiers modifier_rows fight_tile "
        "order_rollers first_order_roll discard_choices"
    ),
    news="last deaths undo_news undo_text",
    turn_choices=(
        "explore_targets box_offers chosen_explore move_targets portal_targets duel_targets "
        "can_challenge pick_ups turn_ask action_taken turn_end actions_left chosen_at "
        "chosen_words chosen_refusal"
    ),
    cards=(
        "loot_timings between_turns_open unnamed_loot known_loot effects_open trap_targets "
        "place_targets recorded_tiles power_ups_held"
    ),
)
class Screen:
    """What one phone shows of a table now, and what it may do.

    Who this phone is and what the table waits for are worked out here; each region of the page
    has its presenter, and the templates read what they work out off the screen, one name each.
    """

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
        self.board = Board(self)
        self.rolls = Rolls(self)
        self.news = News(self)
        self.turn_choices = Turn(self)
        self.cards = Cards(self)

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
            mine = self.my_heroes[0] if self.my_heroes else seated(self.state)[0]
            return self.waited or mine
        if self.my_heroes:
            waited = self.waited
            return waited if waited in self.my_heroes else self.my_heroes[0]
        return None

    @property
    def hero_choices(self) -> list[str]:
        """The heroes a form of this phone may name (one, unless the phone is passed round)."""
        if self.pass_phone:
            return seated(self.state)
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


def any_seat_taken(table: Table) -> bool:
    """Whether some seat of the table is held by a phone or an account (one query)."""
    return table.seats.filter(Q(user__isnull=False) | ~Q(holder_key="")).exists()


def undone_screen(access) -> Screen:
    """This phone's screen after its undo: what was taken back."""
    undone = access.record.undone or []
    words = [say(describe_action(step.before, step.action, step.after)) for step in undone]
    return Screen(access, notice=undone_notice(words))
