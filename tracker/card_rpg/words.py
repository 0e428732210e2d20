"""Card RPG's actions in the player's words: what a logged action was, what the app did.

The undo button, the table's strip and the answer to a tap name actions here; the engine's own
sentences (its awaiting and events) are its business and are only translated on the way.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy, ngettext

from tracker.card_rpg.card_words import card_words as card_text
from tracker.core.i18n import listing, sentences
from tracker.rules.cards import CardNotationError, parse_card

# The undo button names the action it takes back, in the player's words.
UNDO_WORDS = {
    "start_session": gettext_lazy("Start the session"),
    "note_hand": gettext_lazy("Note {cards}"),
    "reveal_monster": gettext_lazy("Monster {card}"),
    "roll_monster_hp": gettext_lazy("Roll the monster's HP"),
    "attack": gettext_lazy("Attack with {cards}"),
    "use_item": gettext_lazy("Use the {card}"),
    "sell": gettext_lazy("Sell the {card}"),
    "turn": gettext_lazy("Turn the {card}"),
    "end_turn": gettext_lazy("End my turn"),
    "save": gettext_lazy("Save with the {card}"),
    "accept_death": gettext_lazy("Accept death"),
    "keep_hand": gettext_lazy("Keep my hand"),
    "level_up": gettext_lazy("Roll for new HP"),
    "buy_back": gettext_lazy("Buy back the {card}"),
    "buy_top": gettext_lazy("Buy the {card}"),
    "end_session": gettext_lazy("End the session"),
    "rename": gettext_lazy("Rename to {name}"),
    # At a table (T-27 … T-36): one undo takes such a step back from both logs.
    "rob": gettext_lazy("Rob the {card}"),
    "robbed": gettext_lazy("Robbed of the {card}"),
    "start_duel": gettext_lazy("Start the duel"),
    "duel_hit": gettext_lazy("The opponent's hit"),
    "duel_turn_over": gettext_lazy("The opponent's turn over"),
    "duel_saved": gettext_lazy("The opponent's save"),
    "duel_won": gettext_lazy("The duel won"),
    "call_off_duel": gettext_lazy("Call the duel off"),
    "duel_called_off": gettext_lazy("The duel called off"),
}

# What the app did when it turned a card itself, by the reason the card was turned.
APP_TURNED = {
    "random attack": gettext_lazy("The app turned the {card} for your random attack."),
    "critical hit": gettext_lazy("The app turned the {card} for your critical hit."),
    "monster attack card": gettext_lazy(
        "The app turned the {card} from the {monster}'s attack pile."
    ),
    "monster random attack": gettext_lazy(
        "The app turned the {card} for the {monster}'s random attack."
    ),
    "monster critical hit": gettext_lazy(
        "The app turned the {card} for the {monster}'s critical hit."
    ),
    "loot": gettext_lazy("The app turned the {card} from under the {monster}: loot."),
    "jack extra card": gettext_lazy("The app turned the {card}: the Jack's extra card."),
}


def action_words(action: dict) -> str:
    """A logged action in a few player words: "Attack with 7♣ 7♥", "End my turn"."""
    kind = action.get("type", "")
    words = UNDO_WORDS.get(kind)
    if words is None:
        return kind.replace("_", " ").capitalize()
    cards = " ".join(card_words(card) for card in action.get("cards") or [])
    card = card_words(action.get("card", ""))
    if kind == "keep_hand" and not action.get("keep"):
        return gettext("Discard my hand")
    if kind == "buy_top" and not action.get("buy"):
        return gettext("Discard the top card ({card})").format(card=card)
    if kind == "start_session" and action.get("hand"):
        return gettext("Start the session")
    return str(words).format(cards=cards, card=card, name=action.get("name", ""))


def app_did(action: dict, before: dict, after: dict | None = None) -> str:
    """What the app did when it filled in a table input itself, in a sentence or two."""
    kind = action.get("type")
    fight = before.get("fight") or {}
    monster = card_text(fight["monster"]) if fight.get("monster") else gettext("monster")
    if kind == "turn":
        reason = (before.get("awaiting") or {}).get("reason", "")
        words = APP_TURNED.get(reason, gettext_lazy("The app turned the {card}."))
        return str(words).format(card=card_words(action.get("card")), monster=monster)
    if kind == "roll_monster_hp":
        dice = [int(die) for die in action.get("dice") or []]
        return gettext("The app rolled {dice} = {total} for the {monster}'s HP.").format(
            dice=" + ".join(map(str, dice)), total=sum(dice), monster=monster
        )
    if kind == "level_up":
        (die,) = action.get("hp_dice") or [0]
        return gettext("The app rolled a {die} for your new HP.").format(die=die)
    if kind == "note_hand":
        cards = " ".join(card_words(card) for card in action.get("cards") or [])
        return gettext("The app drew {cards} into your hand.").format(cards=cards)
    if kind == "reveal_monster":
        turned = gettext("The app turned the {card}: it is your next monster.").format(
            card=card_words(action.get("card"))
        )
        dealt = _app_dealt(((after or {}).get("internal") or {}).get("deal") or {})
        return f"{turned} {dealt}" if dealt else turned
    if kind == "start_session":
        cards = " ".join(card_words(card) for card in action.get("hand") or [])
        return gettext("The app dealt your hand: {cards}.").format(cards=cards)
    return ""


def tap_said(steps: list, *, by_app: bool) -> tuple[str, int]:
    """What a tap did, said back on top of the answer, and how many of its `steps` that says.

    The app's cards or dice the deal button asked for (a look at the cards drawn, on the way,
    with the input after it); the cards a player noted in their hand.
    """
    told = [steps[0]]
    if by_app and steps[0].action["type"] == "note_hand" and len(steps) > 1:
        told.append(steps[1])
    notice = sentences(text for text in (_step_said(step, by_app=by_app) for step in told) if text)
    return notice, len(told) if by_app else 0


def _step_said(step, *, by_app: bool) -> str:
    if by_app:
        return app_did(step.action, step.before, step.after)
    action = step.action
    if action.get("type") != "note_hand":
        return ""
    cards = " ".join(card_text(card) for card in action["cards"])
    if len(action["cards"]) == 1:
        return gettext("Noted: {cards} is in your hand.").format(cards=cards)
    return gettext("Noted: {cards} are in your hand.").format(cards=cards)


def _app_dealt(deal: dict) -> str:
    """The cards the app dealt face down to a new monster (S-16, S-17), in a sentence."""
    hidden, pile = deal.get("hidden") or 0, deal.get("attack_pile") or 0
    under = ngettext(
        "{count} card face down under it", "{count} cards face down under it", hidden
    ).format(count=hidden)
    attack = ngettext(
        "{count} card face down to its attack pile",
        "{count} cards face down to its attack pile",
        pile,
    ).format(count=pile)
    if hidden and pile:
        return gettext("The app dealt {under} and {attack}.").format(under=under, attack=attack)
    if hidden or pile:
        return gettext("The app dealt {cards}.").format(cards=under if hidden else attack)
    return ""


def card_words(card) -> str:
    """A card of a logged action as players write it (the action as logged if it is no card)."""
    try:
        return card_text(parse_card(card))
    except (CardNotationError, TypeError, ValueError):
        return str(card)


def cards_count(count: int) -> str:
    """``3 cards``, in the player's language."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def and_list(parts: list[str]) -> str:
    """``7♣, 8♥ and 2 face-down cards``, in the player's language."""
    return listing(parts, "and")


def or_list(parts: list[str]) -> str:
    """``buy back, sell or end the session``, in the player's language."""
    return listing(parts, "or")


__all__ = [
    "APP_TURNED",
    "UNDO_WORDS",
    "action_words",
    "and_list",
    "app_did",
    "card_words",
    "cards_count",
    "or_list",
    "tap_said",
]
