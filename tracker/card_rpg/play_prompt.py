"""The play screen's prompt: what the game waits for now, in the words of the table it is
played at (real cards, or the app dealing), and the button that lets the app deal it."""

from __future__ import annotations

from functools import cached_property

from django.utils.translation import gettext, gettext_lazy, gettext_noop, ngettext

from tracker.card_rpg.card_words import card_words as card_text
from tracker.card_rpg.words import and_list, cards_count
from tracker.core.i18n import say
from tracker.rules import RuleError
from tracker.rules.card_rpg import VirtualDeck, rule_summary
from tracker.rules.card_rpg import apply as engine_apply

# The inputs a virtual table can fill in, and what its button says.
DEAL_LABELS = {
    "start_session": gettext_lazy("Shuffle and deal my hand"),
    "note_hand": gettext_lazy("Show me the cards I drew"),
    "reveal_monster": gettext_lazy("Turn the next monster"),
    "roll_monster_hp": gettext_lazy("Roll the monster's HP"),
    "turn": gettext_lazy("Turn the card"),
    "level_up": gettext_lazy("Roll for my new HP"),
}
# At a virtual table: what the app does for a card turned, by the reason it is turned.
VIRTUAL_TURN = {
    "random attack": gettext_lazy("Random attack: the app turns the top card of the draw pile."),
    "critical hit": gettext_lazy(
        "Critical hit: the app turns the top card of the draw pile (face cards and "
        "Jokers are discarded until a number card comes; it deals double)."
    ),
    "monster attack card": gettext_lazy(
        "The {monster} attacks: the app turns the top card of its attack pile."
    ),
    "monster random attack": gettext_lazy(
        "The {monster} makes a random attack: the app turns the top card of the draw pile."
    ),
    "monster critical hit": gettext_lazy(
        "The {monster} scores a critical hit: the app turns the top card of "
        "the draw pile (face cards and Jokers are discarded until a number card comes; it deals "
        "double)."
    ),
    "loot": gettext_lazy(
        "Loot: the app turns the next card that lay face down under the {monster}."
    ),
    "jack extra card": gettext_lazy(
        "The Jack's extra card: the app turns the top card of the draw pile."
    ),
}
# The headings of a card turned, by the reason it is turned.
TURN_TITLES = {
    "random attack": gettext_noop("Random attack"),
    "critical hit": gettext_noop("Critical hit!"),
    "monster attack card": gettext_noop("The monster attacks"),
    "monster random attack": gettext_noop("The monster's random attack"),
    "monster critical hit": gettext_noop("The monster's critical hit!"),
    "loot": gettext_noop("Loot"),
    "jack extra card": gettext_noop("The Jack's extra card"),
}
# The headings of the other steps (the engine's awaiting.reason, capitalised).
REASON_TITLES = {
    "new character": gettext_noop("New character"),
    "no session": gettext_noop("No session"),
    "between fights": gettext_noop("Between fights"),
    "monster HP": gettext_noop("Monster HP"),
    "your turn": gettext_noop("Your turn"),
    "dying": gettext_noop("Dying"),
    "king's death": gettext_noop("King's death"),
    "level up": gettext_noop("Level up"),
}


class Prompt:
    """What to do now: the heading, the instruction and the app's deal button."""

    @property
    def rule(self) -> str:
        return self.awaiting.get("rule", "")

    @property
    def rule_text(self) -> str:
        return rule_summary(self.rule)

    @property
    def error_rule_text(self) -> str:
        return rule_summary(self.error_rule)

    @property
    def heading(self) -> str:
        """The heading in English (compared with the engine's English instruction)."""
        if "turn" in self.actions:
            return TURN_TITLES.get(self.reason, gettext_noop("Turn a card"))
        return REASON_TITLES.get(self.reason) or self.reason[:1].upper() + self.reason[1:]

    @property
    def reason(self) -> str:
        return self.awaiting.get("reason", "")

    @property
    def now_title(self) -> str:
        """A heading for what is awaited: the reason a card is turned, or the step."""
        heading = self.heading
        return gettext(heading) if heading else heading

    @property
    def show_title(self) -> bool:
        """The heading is shown unless the instruction already starts with the same words."""
        title = self.heading.rstrip("!").lower()
        return not (self.awaiting.get("instruction") or "").lower().startswith(title)

    @property
    def instruction(self) -> str:
        """What to do now. At a virtual table: what the app does and what the player taps,
        mapped from what is awaited (the engine's words are about real cards)."""
        text = self.awaiting.get("instruction") or ""
        if not self.virtual:
            return say(text)
        deal = self.deal_next
        kind = deal["type"] if deal else ""
        tap = gettext(" Tap “{label}”.").format(label=self.deal_label) if deal else ""
        choices = self.choices
        monster = card_text(self.fight["monster"]) if self.fight else ""
        dealt = self._virtual_deal_text(monster)
        if kind == "start_session":
            first = (
                gettext(" (first session: as many as your STR)")
                if choices.get("first_session")
                else ""
            )
            if self.character.get("inventory"):
                words = gettext(
                    "The app takes the {card} and your inventory out of the deck, shuffles it "
                    "and deals your hand of {cards}{first}.{tap}"
                )
            else:
                words = gettext(
                    "The app takes the {card} out of the deck, shuffles it and deals your hand "
                    "of {cards}{first}.{tap}"
                )
            return words.format(
                card=card_text(self.character["class"]),
                cards=cards_count(choices.get("hand_cards", 0)),
                first=first,
                tap=tap,
            )
        if kind == "reveal_monster":
            refill = choices.get("refill")
            drew = (
                gettext("The app drew {cards} into your hand (refill to STR {str}). ").format(
                    cards=cards_count(refill), str=self.character.get("str")
                )
                if refill
                else ""
            )
            return gettext(
                "{drew}The app turns the top card of the draw pile: it is the next monster."
                "{tap} To buy, sell or end the session, do it first (below)."
            ).format(drew=drew, tap=tap)
        if kind == "roll_monster_hp":
            dice = choices.get("dice") or 0
            roll = ngettext(
                "The app rolls {count} die for its HP.",
                "The app rolls {count} dice for its HP.",
                dice,
            ).format(count=dice)
            return f"{dealt}{roll}{tap}"
        if kind == "turn":
            said = str(
                VIRTUAL_TURN.get(self.reason, gettext_lazy("The app turns the card."))
            ).format(monster=monster)
            return f"{dealt}{said}{tap}"
        if kind == "level_up":
            up = choices
            stronger = ""
            if up.get("str") and up["str"].get("to") != up["str"].get("from"):
                stronger = gettext("; STR {old} → {new}").format(
                    old=up["str"]["from"], new=up["str"]["to"]
                )
            level = up.get("level") or {}
            return gettext(
                "Level {old} → {new}! The app rolls 1 die: your HP max ({hp}) goes up by the "
                "roll{stronger}.{tap}"
            ).format(
                old=level.get("from"),
                new=level.get("to"),
                hp=up.get("hp_max"),
                stronger=stronger,
                tap=tap,
            )
        if kind == "note_hand":
            return gettext("The app shows you the cards drawn into your hand.{tap}").format(tap=tap)
        if dealt and text.startswith("Deal "):
            # The engine's first sentence tells a real table what to deal: the app did it.
            head = text.partition(". ")[0]
            said = say(text)
            rest = said.partition("。" if "。" in said else ". ")[2]
            hp = ""
            if "HP" in head and self.fight:
                hp = gettext(" It has {hp} HP.").format(hp=self.fight["monster_hp"])
            return f"{dealt.rstrip()}{hp} {rest}".strip()
        return say(text)

    def _virtual_deal_text(self, monster: str) -> str:
        """The cards the app just dealt to the monster (awaiting.choices.deal), in words."""
        deal = self.choices.get("deal") or {}
        parts = []
        if deal.get("hidden"):
            parts.append(
                gettext("{cards} face down under the {monster}").format(
                    cards=cards_count(deal["hidden"]), monster=monster
                )
            )
        if deal.get("attack_pile"):
            whose = (
                gettext("{cards} to its attack pile")
                if parts
                else gettext("{cards} to the {monster}'s attack pile")
            )
            parts.append(whose.format(cards=cards_count(deal["attack_pile"]), monster=monster))
        return gettext("The app dealt {what}. ").format(what=and_list(parts)) if parts else ""

    # -- what can be done now -----------------------------------------------------------------

    @cached_property
    def deal_action(self) -> dict | None:
        """The input a virtual table would fill in now (peeked on a copy of the table)."""
        if self.table is None:
            return None
        copy = VirtualDeck.from_dict(self.table.to_dict())
        return copy.next_action(self.state)

    @cached_property
    def deal_next(self) -> dict | None:
        """The input the deal button ends with: after a look at cards drawn into the hand
        (note_hand, done on the way), the table's input after it."""
        action = self.deal_action
        if action is None or action["type"] != "note_hand":
            return action
        copy = VirtualDeck.from_dict(self.table.to_dict())
        try:
            after = engine_apply(self.state, action)
        except RuleError:
            return action
        return copy.next_action(after) or action

    @property
    def deal_label(self) -> str:
        action = self.deal_next
        return str(DEAL_LABELS.get(action["type"], gettext("Deal for me"))) if action else ""

    @property
    def main_actions(self) -> list[str]:
        """The awaited actions of the game's main path, in the order the page shows them."""
        order = (
            "start_session",
            "reveal_monster",
            "roll_monster_hp",
            "turn",
            "attack",
            "use_item",
            "end_turn",
            "save",
            "accept_death",
            "keep_hand",
            "level_up",
        )
        return [kind for kind in order if kind in self.actions]

    @property
    def manual_entry_hidden(self) -> bool:
        """At a virtual table the app's button replaces typing in the awaited card or dice."""
        return self.deal_action is not None
