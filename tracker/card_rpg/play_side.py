"""The play screen's side actions (buying, selling, noting the hand, ending the session) and
the inventory's buttons: what may be done beside the game's main path."""

from __future__ import annotations

from django.utils.translation import gettext

from tracker.card_rpg.card_words import card_words as card_text
from tracker.card_rpg.words import or_list
from tracker.rules.card_rpg import buy_top_offer

# The actions that make up the main path of the game; the rest wait under "More".
SIDE_ACTIONS = ("buy_back", "buy_top", "sell", "note_hand", "end_session")


class SideActions:
    """The fold-out of side actions and the inventory's buttons."""

    @property
    def peek_offer(self) -> dict:
        """What buying the app's turned top card would do (price, buyable, a note), S-13/T-06."""
        return buy_top_offer(self.state, self.peek) if self.peek else {}

    @property
    def side_actions(self) -> list[str]:
        """The side actions offered now: only those that can succeed (issue 12)."""
        kinds = [kind for kind in SIDE_ACTIONS if kind in self.actions]
        if self.virtual or not self.hand_unknown:
            # The app knows the hand already: nothing to note.
            kinds = [kind for kind in kinds if kind != "note_hand"]
        if not self.choices.get("buy_top_affordable", True) and not self.peek:
            # S-13: not enough gold for any card the top of the draw pile can be (a top card
            # turned already is still answered: bought or discarded).
            kinds = [kind for kind in kinds if kind != "buy_top"]
        return kinds

    @property
    def ending_alone(self) -> bool:
        """Ending the session is the only side action: its own confirming fold-out is shown in
        place of the side actions' one, which would only say the same again."""
        return self.side_actions == ["end_session"]

    @property
    def side_items(self) -> list[dict]:
        """Each side action behind its own named button: kind, title, open (in the middle of it).

        Ending the session has its own confirming fold-out already.
        """
        items = []
        for kind in self.side_actions:
            if kind == "end_session":
                items.append({"kind": kind, "title": "", "open": False})
                continue
            items.append(
                {
                    "kind": kind,
                    "title": self._side_title(kind),
                    "open": self.entry_kind == kind or (kind == "buy_top" and bool(self.peek)),
                }
            )
        return items

    def _side_title(self, kind: str) -> str:
        choices = self.choices
        if kind == "buy_back":
            cost = choices.get("buy_back_cost")
            if cost:
                return gettext("Buy a card back from the discard pile ({cost} gold)…").format(
                    cost=cost
                )
            return gettext("Buy a card back from the discard pile (free with the A♦)…")
        if kind == "buy_top":
            return gettext("Buy the top card of the draw pile (you have {gold} gold)…").format(
                gold=self.character.get("gold", 0)
            )
        if kind == "sell":
            return gettext("Sell an inventory card (Diamond class)…")
        return gettext("Note the cards in your hand ({count} the app doesn't know)…").format(
            count=self.hand_unknown
        )

    @property
    def side_open(self) -> bool:
        """The fold-out opens by itself when something in it waits for the player."""
        return bool(self.peek or (self.entry_kind and self.entry_kind in self.side_actions))

    @property
    def side_summary(self) -> str:
        """The fold-out's title: what is in it."""
        words = {
            "buy_back": gettext("buy back"),
            "buy_top": gettext("buy the top card"),
            "sell": gettext("sell"),
            "note_hand": gettext("note your hand"),
            "end_session": gettext("end the session"),
        }
        listed = [words[kind] for kind in self.side_actions]
        text = or_list(listed)
        return gettext("{actions}…").format(actions=text[0].upper() + text[1:])

    @property
    def item_buttons(self) -> list[dict]:
        """One button per inventory card and way of using it, worded by the engine with what it
        does ("Use the 5♣ as a Spade: 5 damage"; awaiting.choices.item_uses)."""
        return [
            {"card": use["card"], "value": f"{use['card']}:{use['as']}", "label": use["text"]}
            for use in self.choices.get("item_uses") or []
        ]

    @property
    def sell_buttons(self) -> list[dict]:
        """One button per card a Diamond character may sell (S-09), warning when selling it
        leaves nothing to save a dying character (T-22a: death at once)."""
        saves = [save["card"] for save in self.choices.get("saves") or []]
        buttons = []
        for item in self.choices.get("sellable") or []:
            label = gettext("Sell the {card} for {gold} gold").format(
                card=card_text(item["card"]), gold=item["gold"]
            )
            if self.reason == "dying" and saves == [item["card"]]:
                label = gettext(
                    "Sell the {card} for {gold} gold — your last save: you die at once"
                ).format(card=card_text(item["card"]), gold=item["gold"])
            buttons.append({"card": item["card"], "label": label})
        return buttons

    @property
    def mixed_ranks(self) -> bool:
        """S-20: the attack may mix ranks now (the A♣'s blitz, S-12)."""
        return bool(self.choices.get("mixed_ranks"))

    @property
    def mixed_ranks_hint(self):
        """How cards of different ranks could be played, when they can't be now (or None)."""
        return self.choices.get("mixed_ranks_hint")

    @property
    def discard_offer(self) -> list[str]:
        """The discard-pile cards offered for buying back (all of them at a virtual table)."""
        if self.table is not None and self.session:
            return self.table.discard_pile(self.state)
        return self.discard_known
