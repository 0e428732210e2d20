"""The play screen's card entries: the 54-card grid, the rank/suit picker of the several-card
entries (starting hand, noting the hand, an attack) and where a refusal is shown beside them."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from tracker.card_rpg.card_words import SUIT_PLURALS, card_name
from tracker.card_rpg.card_words import card_words as card_text
from tracker.rules.card_rpg import places
from tracker.rules.cards import (
    DECK,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    rank,
    suit,
)

# Where a greyed-out card of the grid is, in a word or two.
SHORT_PLACE = {
    places.CLASS_CARD: gettext_lazy("class"),
    places.INVENTORY: gettext_lazy("inventory"),
    places.HAND: gettext_lazy("hand"),
    places.DISCARD: gettext_lazy("discard"),
    places.DRAW_BOTTOM: gettext_lazy("bottom"),
    places.MONSTER: gettext_lazy("monster"),
    places.HIDDEN: gettext_lazy("under"),
    places.ATTACK_PILE: gettext_lazy("attack pile"),
    places.TABLE: gettext_lazy("table"),
}


# The several-card entries: what their button says.
ENTRY_SUBMIT = {
    "start_session": gettext_lazy("Start with these cards"),
    "note_hand": gettext_lazy("Note them"),
    "attack": gettext_lazy("Attack"),
}


@dataclass
class GridCard:
    """One card of the 54-card grid: can it be chosen, and if not, where is it."""

    code: str
    red: bool
    place: str = ""

    @property
    def name(self) -> str:
        return card_name(self.code)

    checked: bool = False

    @property
    def short(self) -> str:
        """What the grid cell shows: ``7♥``; a Joker as the word."""
        return (
            gettext("Joker")
            if self.code.startswith("JK")
            else rank(self.code) + SUIT_SYMBOLS[suit(self.code)]
        )

    @property
    def joker_colour(self) -> str:
        return {"JK1": gettext("black"), "JK2": gettext("red")}.get(self.code, "")

    @property
    def available(self) -> bool:
        return not self.place


@dataclass
class Entry:
    """One several-card entry form: where it posts, and the cards chosen in it so far."""

    kind: str
    url: str
    pick_url: str
    submit: str
    hand: list[str]
    ask_rank: bool
    source: str
    target: int | None
    picked: list[str]
    ticked: list[str]
    typed: str
    shown_rank: str
    suits_on: list[str]
    error: str
    error_rule: str
    hint: str
    unseen: int
    screen: Entries | None = None

    @property
    def grid(self) -> list[dict]:
        """The 54-card grid of this entry (drawn on a full page; fetched when opened after a
        swap)."""
        return self.screen.grid(self.source) if self.screen and self.source else []

    @property
    def is_open(self) -> bool:
        """Whether its fold-out starts open: the player is in the middle of it."""
        return bool(self.picked or self.ticked or self.typed or self.error or self.hint)

    @property
    def picked_text(self) -> list[dict]:
        return [
            {"code": card, "text": card_text(card), "name": card_name(card)} for card in self.picked
        ]


def _is_red(code: str) -> bool:
    return code == "JK2" or code[-1] in ("H", "D")


RANK_BUTTONS = RANKS
SUIT_BUTTONS = [
    (code, SUIT_SYMBOLS[code], code in ("H", "D"), SUIT_PLURALS[code]) for code in SUITS
]


class Entries:
    """The card entries: the grid, the picker and a refusal beside them."""

    def grid(self, source: str = "any") -> list[dict]:
        """The 54 cards in blocks: one suit per block (13 cards), then the two Jokers."""
        cards = self.grid_cards(source)
        blocks = []
        for index, code in enumerate(SUITS):
            blocks.append(
                {
                    "name": SUIT_PLURALS[code],
                    "symbol": SUIT_SYMBOLS[code],
                    "red": code in ("H", "D"),
                    "cards": cards[index * 13 : index * 13 + 13],
                }
            )
        blocks.append({"name": gettext("Jokers"), "symbol": "", "red": False, "cards": cards[52:]})
        return blocks

    def grid_cards(self, source: str = "any") -> list[GridCard]:
        """The 54 cards, those known to be elsewhere greyed out with where they are.

        `source` names the place the card is taken from ("hand", "discard"): its known cards
        stay choosable (the engine still has the last word).
        """
        where = places.locations(self.state)
        allowed = {"hand": places.HAND, "discard": places.DISCARD}.get(source)
        known_top = self.choices.get("known_card")
        cards = []
        for code in DECK:
            phrase = where.get(code)
            place = "" if phrase is None or phrase == allowed else str(SHORT_PLACE.get(phrase, "?"))
            if known_top and code == known_top:
                place = ""
            cards.append(GridCard(code, _is_red(code), place, code in self.ticked))
        return cards

    @property
    def grid_any(self) -> list[dict]:
        return self.grid()

    @property
    def grid_hand(self) -> list[dict]:
        return self.grid("hand") if self.ask_hand_rank else []

    @property
    def grid_discard(self) -> list[dict]:
        return self.grid("discard")

    # -- the several-card entries (starting hand, note_hand, attack) ----------------------------

    @property
    def error_inline(self) -> bool:
        """A refusal is shown next to the control it answers (when that control is drawn)."""
        return bool(self.error and self.entry_kind in self.inline_entries)

    @property
    def inline_entries(self) -> list[str]:
        """The entries drawn now that can show a refusal beside them (at a virtual table the
        app's button replaces typing in cards and dice, so a refusal goes on top)."""
        kinds = list(self.pick_entries)
        if not self.manual_entry_hidden:
            kinds += [
                kind
                for kind in ("reveal_monster", "turn", "roll_monster_hp", "level_up")
                if kind in self.main_actions
            ]
        if not self.virtual and "buy_top" in self.side_actions:
            kinds.append("buy_top")
        if not self.virtual and "buy_back" in self.side_actions and self.discard_unknown:
            kinds.append("buy_back")
        return kinds

    @property
    def kept_buy_top(self) -> tuple[str, str]:
        """The rank and suit the top-card entry keeps tapped after a refusal (issue 28: a card
        refused as too dear stays entered for "Discard it"). Only there: where the suit tap
        enters the card, the same suit tapped again would do nothing."""
        if self.entry_kind != "buy_top":
            return "", ""
        return self.shown_rank, self.suit

    @property
    def pick_entries(self) -> list[str]:
        """The several-card entries drawn on the screen now (the picker works only in them)."""
        kinds = []
        if "start_session" in self.main_actions and not self.virtual:
            kinds.append("start_session")
        if "note_hand" in self.side_actions:
            kinds.append("note_hand")
        if "attack" in self.main_actions:
            kinds.append("attack")
        return kinds

    def entry(self, kind: str) -> Entry:
        """A several-card entry as it is drawn now (as the player left it, if it is theirs)."""
        mine = kind == self.entry_kind
        picked = list(self.picked) if mine else []
        shown = self.shown_rank if mine else ""
        target = None
        hand: list[str] = []
        ask_rank, source = True, "any"
        if kind == "start_session":
            target = self.choices.get("hand_cards")
        elif kind == "note_hand":
            target = self.hand_unknown
        elif kind == "attack":
            hand, ask_rank, source = self.hand_cards, self.ask_hand_rank, self.hand_grid_source
        suits_on = [card[-1] for card in picked if shown and card[:-1] == shown]
        suits_on += [card for card in picked if card.startswith("JK")]
        return Entry(
            kind=kind,
            url=reverse("tracker:rpg_play_action", args=[self.character_id, kind]),
            pick_url=reverse("tracker:rpg_play_pick", args=[self.character_id, kind]),
            submit=str(ENTRY_SUBMIT[kind]),
            hand=hand,
            ask_rank=ask_rank,
            source=source,
            target=target,
            picked=picked,
            ticked=list(self.ticked) if mine else [],
            typed=self.typed if mine else "",
            shown_rank=shown,
            suits_on=suits_on,
            error=self.error if mine and self.error_inline else "",
            error_rule=self.error_rule if mine else "",
            hint=self.hint if mine else "",
            unseen=self.hand_unknown if kind == "attack" else 0,
            screen=self,
        )

    @property
    def entry_start_session(self) -> Entry:
        return self.entry("start_session")

    @property
    def entry_note_hand(self) -> Entry:
        return self.entry("note_hand")

    @property
    def entry_attack(self) -> Entry:
        return self.entry("attack")

    @property
    def picker_words(self) -> dict:
        """What picker.js writes as it keeps the rank/suit picker in the page: the sentences
        of the cards_entry partial of play.html (%(…)s filled in there) and each card as text and by name."""
        return {
            "head": gettext("Picked — tap a card to take it off"),
            "head_of": gettext("Picked: %(done)s of %(target)s — tap a card to take it off"),
            "take_off": gettext("Take the %(card)s off"),
            "suits": gettext("Suits of that rank — tick one or several"),
            "suits_of": gettext("Suits of the %(rank)s — tick one or several"),
            "rank_first": gettext("Tap a rank first, then its suits."),
            "cards": {card: [card_text(card), card_name(card)] for card in DECK},
        }

    @property
    def ask_hand_rank(self) -> bool:
        """Cards of the hand the app doesn't know are named by rank and suit when played."""
        return not self.virtual and self.hand_unknown > 0

    @property
    def hand_grid_source(self) -> str:
        return "hand" if self.ask_hand_rank else ""
