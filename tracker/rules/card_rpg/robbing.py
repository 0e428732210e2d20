"""Robbing (T-27–T-29): `rob` in the robber's log, `robbed` in the victim's.

Decks never mix (T-25): the robber takes its own copy of the card out of its own deck, and the
victim gives its card up the way a spent inventory card leaves. Together the card has changed
hands while each deck stays whole (T-29).
"""

from ..cards import card_text, cards_text, is_ace, is_face, is_joker, rank
from ..errors import RuleError
from ..text import _
from . import engine, facts, rivalry
from .play_base import TO_BOTTOM, TO_DECK, TO_DISCARD, TO_INVENTORY


class Robbery(engine._Play):
    """A robbery applied to a working copy of one character's state (mutated in place)."""

    def __init__(self, state: dict):
        super().__init__(state)
        self.sends: list[dict] = []  # what the other character's log must receive (T-37)

    @property
    def rivals(self) -> dict:
        return self.state["rivals"]

    def doing(self) -> str:
        """What the character is busy with, for a refusal ("Bo is in a fight")."""
        name = self.character["name"]
        if self.state["duel"] is not None:
            return _("{name} is in a duel", name=name)
        if self.fight is not None:
            return _("{name} is in a fight", name=name)
        if self.session is not None and self.internal["step"] != "between":
            return _("{name} is in the middle of a step of the game", name=name)
        if self.session is not None:
            return _("{name} is between fights", name=name)
        return _("{name} has no session running", name=name)

    # -- the robber -----------------------------------------------------------------------------

    def do_rob(self, action: dict) -> None:
        own = self.character["class"]
        if rank(own) not in rivalry.ROBS:
            raise RuleError("T-27", _("a Jack robs nobody: only Queens and Kings rob (S-07)"))
        victim = facts.other_character(action.get("victim"), "T-27")
        if not rivalry.may_rob(own, victim["class"]):
            raise RuleError(
                "T-27",
                _(
                    "{robber} robs only {ranks}, not {victim}, who is {rank}",
                    robber=rivalry.RANK_WORDS[rank(own)],
                    ranks=rivalry.RANKS_ROBBED[rank(own)],
                    victim=victim["name"],
                    rank=rivalry.RANK_WORDS[rank(victim["class"])],
                ),
            )
        if self.session is not None:
            raise RuleError(
                "T-28",
                _(
                    "rob before your session starts: a robbery is part of getting ready for a "
                    "session, and yours is running"
                ),
            )
        if self.rivals["rob_used"]:
            raise RuleError(
                "T-28",
                _(
                    "you have robbed once since your last session: rob again once your next "
                    "session has ended"
                ),
            )
        card = self.card_field(action)
        self.refuse_unrobbable(card)
        if card in self.character["inventory"]:
            raise RuleError(
                "T-29",
                _(
                    "your own {card} is in your inventory already, and a deck holds one of each "
                    "card (S-01)",
                    card=card_text(card),
                ),
            )
        self.character["inventory"].append(card)
        self.rivals["rob_used"] = True
        self.rivals["robberies"] += 1
        if card == "AD":
            text = _(
                "You rob {victim}'s A♦: take your own A♦ out of your deck and lay it with your "
                "inventory, as your luck gem (T-04a).",
                victim=victim["name"],
            )
        else:
            text = _(
                "You rob {victim}'s {card}: take your own {card} out of your deck and lay it with "
                "your inventory.",
                victim=victim["name"],
                card=card_text(card),
            )
        self.event(
            "robbery",
            "T-29",
            text,
            cards=[card],
            to=TO_INVENTORY,
            count=1,
            victim=victim,
        )
        robber = facts.of(self.state)
        self.sends.append({"type": rivalry.ROBBED, "card": card, "robber": robber})

    @staticmethod
    def refuse_unrobbable(card: str) -> None:
        """T-29 (S-10): only what can lie in an inventory can be robbed."""
        if is_face(card) or is_joker(card):
            raise RuleError(
                "T-29",
                _(
                    "the {card} never lies in an inventory: rob a number card",
                    card=card_text(card),
                ),
            )
        if not rivalry.lies_in_inventory(card):
            raise RuleError(
                "T-29",
                _(
                    "the {card} never lies in an inventory: a Diamond 2–10 turns to gold as it "
                    "arrives (S-10)",
                    card=card_text(card),
                ),
            )

    # -- the victim -----------------------------------------------------------------------------

    def do_robbed(self, action: dict) -> None:
        own = self.character["class"]
        robber = facts.other_character(action.get("robber"), "T-27")
        name = self.character["name"]
        if not rivalry.may_rob(robber["class"], own):
            robber_rank = rank(robber["class"])
            if robber_rank in rivalry.ROBS:
                message = _(
                    "{robber} can't rob {name}: {rank} robs only {ranks}",
                    robber=robber["name"],
                    name=name,
                    rank=rivalry.RANK_WORDS[robber_rank],
                    ranks=rivalry.RANKS_ROBBED[robber_rank],
                )
            else:
                message = _(
                    "{robber} can't rob {name}: a Jack robs nobody (S-07)",
                    robber=robber["name"],
                    name=name,
                )
            raise RuleError("T-27", message)
        if self.internal["step"] not in ("no_session", "between") or self.state["duel"]:
            raise RuleError(
                "T-28",
                _(
                    "{doing}: a character is robbed only between fights or with no session running",
                    doing=self.doing(),
                ),
            )
        card = self.card_field(action)
        inventory = self.character["inventory"]
        if card not in inventory:
            if inventory:
                message = _(
                    "{name} has no {card} in the inventory to be robbed of: it holds {cards}",
                    name=name,
                    card=card_text(card),
                    cards=cards_text(inventory),
                )
            else:
                message = _(
                    "{name} has no {card} to be robbed of: the inventory is empty",
                    name=name,
                    card=card_text(card),
                )
            raise RuleError("T-29", message)
        inventory.remove(card)
        self.rivals["times_robbed"] += 1
        shown = card_text(card)
        who = robber["name"]
        if self.session is None:
            to = TO_DECK
            text = _(
                "{robber} robbed your {card}: put it back in your deck.", robber=who, card=shown
            )
        elif is_ace(card):
            self.to_bottom(card)  # S-12: an Ace leaving the inventory goes under the draw pile
            to = TO_BOTTOM
            text = _(
                "{robber} robbed your {card}: put it at the bottom of your draw pile.",
                robber=who,
                card=shown,
            )
        else:
            self.to_discard(card)  # S-11
            to = TO_DISCARD
            text = _(
                "{robber} robbed your {card}: put it on your discard pile.", robber=who, card=shown
            )
        self.event("robbed", "T-29", text, cards=[card], to=to, count=1, robber=robber)
