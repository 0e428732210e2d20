"""The character and its sessions: creation, a session's start and end, the hand noted (S-03–S-06,
S-14, S-15, T-08).
"""

from math import ceil

from ..cards import DECK, FACE_CARDS, card_text, cards_text
from ..errors import RuleError
from ..names import NameFault, clean_name
from ..text import _
from . import places
from .play_base import IN_HAND, TO_DECK, PlayBase, fresh_internal
from .rulebook import XP_PER_LEVEL, normalise_card, start_hand_size
from .ruleset import Ruleset

# S-03: the longest character name, in characters once normalised (NFC) and trimmed. The form,
# the import and the rename all take this one limit from here.
NAME_MAX_LENGTH = 100


def check_name(text) -> str:
    """The name as stored (NFC, trimmed), or RuleError (S-03) unless it is a name to show.

    S-03's rule is every game's name rule (tracker/rules/names.py); these are its words."""
    try:
        return clean_name(text, longest=NAME_MAX_LENGTH)
    except NameFault as fault:
        if fault.kind == "long":
            message = _("a name has at most {limit} characters", limit=NAME_MAX_LENGTH)
        elif fault.kind == "control":
            message = _(
                "a name can't hold control characters (line breaks, tabs, escapes or "
                "text-direction overrides)"
            )
        elif fault.kind == "invisible":
            message = _("give the character a name with at least one letter, digit or sign")
        else:
            message = _("give the character a name")
        raise RuleError("S-03", message) from None


class Sessions(PlayBase):
    """Creating the character, starting and ending sessions, noting the hand."""

    def do_create_character(self, action: dict) -> None:
        name = check_name(action.get("name"))
        if "class" not in action:
            raise RuleError("S-06", _("choose a face card (J, Q or K of any suit) as the class"))
        chosen = normalise_card(action["class"])
        if chosen not in FACE_CARDS:
            raise RuleError(
                "S-06",
                _(
                    "the class must be a face card (J, Q or K of any suit), not the {card}",
                    card=card_text(chosen),
                ),
            )
        ruleset = Ruleset.from_dict(action.get("ruleset"))
        count = ruleset.creation_dice_count
        rule = "T-02"
        str_roll = sum(self.dice_field(action, "str_dice", count, rule, _("STR roll")))
        hp_roll = sum(self.dice_field(action, "hp_dice", count, rule, _("HP roll")))
        self.state["character"] = {
            "name": name,
            "class": chosen,
            "level": 1,
            "str": ceil(str_roll / 2) + 2,  # S-05
            "hp_max": hp_roll + 2,  # S-05
            "xp": 0,
            "xp_next": XP_PER_LEVEL,  # S-04: 0 of 10
            "gold": 0,
            "jokers": 0,
            "kills": 0,
            "deaths": 0,
            "sessions": 0,
            "inventory": [],
            "ruleset": ruleset.to_dict(),
        }
        self.event(
            "created",
            "S-05",
            _(
                "{name} the {card}: STR {str} (roll {str_roll}), HP {hp} (roll {hp_roll}).",
                name=name,
                card=card_text(chosen),
                str=self.character["str"],
                str_roll=str_roll,
                hp=self.character["hp_max"],
                hp_roll=hp_roll,
            ),
        )
        self.set_step("no_session")

    def do_start_session(self, action: dict) -> None:
        character = self.character
        deck = [card for card in DECK if card != character["class"]]
        deck = [card for card in deck if card not in character["inventory"]]  # T-04
        size = min(start_hand_size(character), len(deck))
        hand = action.get("hand")
        if hand is not None:
            hand = self.cards_field(
                action, "hand", "S-14", _("name the cards dealt to your hand, or none at all")
            )
            if len(hand) != size:
                raise RuleError(
                    "S-14",
                    _(
                        "deal exactly {size} cards to the hand, not {count}",
                        size=size,
                        count=len(hand),
                    ),
                )
            for card in hand:
                if card not in deck:
                    phrase = places.locations(self.state)[card]
                    raise RuleError(
                        "S-01",
                        _(
                            "{place}, so it can't be dealt",
                            place=places.describe_place(card, phrase),
                        ),
                    )
        self.state["session"] = {
            "number": character["sessions"] + 1,
            "draw_pile": len(deck) - size,
            "discard_pile": [],
            "discard_count": 0,
            "hand": {"count": size, "known": list(hand or [])},
        }
        self.state["cards"] = {
            "draw_unknown": len(deck) - size,
            "draw_bottom": [],
            "dealt": size,
            "hand_unknown": [] if hand else list(range(size)),
            "discard_unknown": [],
            "hidden": [],
            "attack_pile": [],
        }
        self.event(
            "session_start",
            "S-14",
            _(
                "Session {number} starts: {size} cards dealt to your hand.",
                number=character["sessions"] + 1,
                size=size,
            ),
        )
        self.set_step("between")
        self.check_session_end()

    def do_end_session(self, action: dict) -> None:
        self.end_session(_("you ended it"))

    def end_session(self, why: str) -> None:
        """S-15, T-08: sessions +1; every card but the inventory goes back into the deck."""
        character = self.character
        character["sessions"] += 1
        self.state["session"] = None
        self.state["cards"] = None
        self.state["fight"] = None
        self.internal.update(fresh_internal("no_session"))
        self.event(
            "session_end",
            "T-08",
            _(
                "Session {number} is over ({why}). Sessions played: {played}.",
                number=character["sessions"],
                why=why,
                played=character["sessions"],
            ),
        )
        inventory = character["inventory"]
        if inventory:
            text = _(
                "Gather all the cards back into the deck except the {card} (your class card) "
                "and your inventory ({cards}), which stay out.",
                card=card_text(character["class"]),
                cards=cards_text(inventory),
            )
        else:
            text = _(
                "Gather all the cards back into the deck except the {card} (your class card), "
                "which stays out.",
                card=card_text(character["class"]),
            )
        self.move(
            [],
            TO_DECK,
            "T-08",
            text,
            count=len(DECK) - 1 - len(inventory),
        )

    def check_session_end(self) -> None:
        """T-08: between fights, fewer than level + 2 cards in the draw pile ends the session."""
        needed = self.character["level"] + 2
        if self.draw_count() < needed:
            self.end_session(_("the draw pile holds fewer than {needed} cards", needed=needed))

    def do_note_hand(self, action: dict) -> None:
        named = self.cards_field(
            action, "cards", "S-14", _("name at least one card you hold in your hand")
        )
        for card in named:
            if card in self.hand["known"]:
                continue
            self.refuse_if_known(card, IN_HAND)
            if not self.cards["hand_unknown"]:
                raise RuleError(
                    "S-14",
                    _(
                        "the {card} can't be in your hand: all its {count} cards are known "
                        "({cards})",
                        card=card_text(card),
                        count=self.hand_count(),
                        cards=cards_text(self.hand["known"]),
                    ),
                )
            self.cards["hand_unknown"].pop(0)
            self.hand["known"].append(card)
