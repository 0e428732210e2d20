"""What to do with the real cards when actions are taken back (undo), in the table's words.

An undo restores the state before some actions; the player must then make the real table match
it. Within one session that means moving cards back, in an order that rebuilds the ordered piles
(the draw pile, the monster's piles): `undo_card_moves` says each move. Once a session has ended
the real deck was gathered and shuffled, so an undo that goes back past that end can't be done
by moving cards back: `session_crossing` says so, what must be rebuilt, and where to stop
instead.

Every card is followed from the states alone: a known card by its name, an unknown one by its
deal number (its position in the session's shuffled deck, places.py). A card named for the
first time by an action (a card turned, a card of the hand played) is matched with the deal
number that vanished in the same action.
"""

from ..cards import DECK, card_text, cards_text
from ..text import _, ngettext

# Where cards are (the `from` and `to` of a move).
DRAW_PILE = "draw_pile"  # as a destination: on top of the draw pile
DRAW_BOTTOM = "draw_bottom"  # known cards put at the bottom of the draw pile (T-08a)
HAND = "hand"
DISCARD_PILE = "discard_pile"
INVENTORY = "inventory"
MONSTER = "monster"
HIDDEN = "hidden"  # face down under the monster
ATTACK_PILE = "attack_pile"
TABLE = "table"  # played or turned this turn, not yet on the discard pile
DECK_PLACE = "deck"  # no session: every card but the class card and the inventory

# Piles whose order matters: cards going back to them are put deepest first.
_ORDERED = (DRAW_PILE, HIDDEN, ATTACK_PILE)
# Within one action taken back: the monster goes out before the cards dealt to it, and cards go
# back on top of the draw pile last (the top card of all last).
_STEP_ORDER = {
    MONSTER: 0,
    HIDDEN: 1,
    ATTACK_PILE: 2,
    TABLE: 3,
    HAND: 4,
    INVENTORY: 5,
    DISCARD_PILE: 6,
    DRAW_BOTTOM: 7,
    DRAW_PILE: 8,
}
_BELOW_UNKNOWN = 10_000  # depth of the known bottom cards: under every unseen card


def undo_card_moves(before: dict, actions: list[dict], states: list[dict]) -> list[dict]:
    """The real-card moves that take the table from `states[-1]` back to `before`, in order.

    `before` is the state before the actions taken back, `actions` those actions and `states`
    the state after each. Each move is ``{"text", "cards", "count", "from", "to"}``: `cards`
    lists the known cards moved (face-down cards the app hasn't seen are only counted and are
    described by where they lie). When the actions cross the end of a session (see
    `session_crossing`), the moves are the steps that rebuild the table instead.
    """
    chain = _chain(before, actions, states)
    if len(chain) == 1 or before["character"] is None:
        return []
    if _session_ends(chain):
        return _rebuild(before, chain[-1])
    if before["session"] is None:
        return _gather(before, chain[-1])  # a session's start taken back
    return _moves_in_session(chain)


def session_crossing(before: dict, actions: list[dict], states: list[dict]) -> dict | None:
    """None if taking back `actions` stays within what the real table can undo; otherwise what
    crossing a session end means (the real deck was gathered and shuffled since):

    ``{"sessions_ended", "session", "stop_index", "rebuild_needed", "text", "rebuild"}``:
    how many session ends are taken back; the session `before` is in (None between sessions);
    `stop_index`, the index in `actions` of the last action that ended a session (taking back
    only the actions after it needs no rebuilding); whether the table must be rebuilt (False
    when `before` has no session: gathering the deck is all); a sentence to confirm with; and
    the rebuilding steps (as `undo_card_moves` gives them).
    """
    chain = _chain(before, actions, states)
    ends = _session_ends(chain)
    if not ends or before["character"] is None:
        return None
    session = before["session"]
    number = session["number"] if session else None
    count = len(ends)
    if session is not None:
        text = ngettext(
            "This goes back into session {session}, past its end: the real deck has been "
            "gathered and shuffled since, so the table must be rebuilt as it was.",
            "This goes back into session {session}, past {count} session ends: the real deck "
            "has been gathered and shuffled since, so the table must be rebuilt as it was.",
            count,
            session=number,
        )
    else:
        text = ngettext(
            "This goes back past the end of a session: gather every card back into the deck.",
            "This goes back past {count} session ends: gather every card back into the deck.",
            count,
        )
    return {
        "sessions_ended": count,
        "session": number,
        "stop_index": ends[-1],
        "rebuild_needed": session is not None,
        "text": text,
        "rebuild": _rebuild(before, chain[-1]),
    }


# --- following the cards ---------------------------------------------------------------------


def _chain(before: dict, actions: list[dict], states: list[dict]) -> list[dict]:
    if len(actions) != len(states):
        raise ValueError(f"{len(actions)} actions but {len(states)} states after them")
    return [before, *states]


def _session_ends(chain: list[dict]) -> list[int]:
    """Indexes of the actions after which a running session was over (S-15, T-08)."""
    return [
        index
        for index, (pre, post) in enumerate(zip(chain, chain[1:], strict=False))
        if pre["session"] is not None and post["session"] is None
    ]


def _placement(state: dict) -> dict:
    """Where every card of a running session is: identity -> (place, depth).

    Identity: a card's name when known, else its deal number. Depth orders ordered piles: for
    the draw pile the deal number (top first), then the known bottom cards; for the monster's
    piles the position from the top. The class card never moves and is left out.
    """
    where: dict = {card: (INVENTORY, 0) for card in state["character"]["inventory"]}
    session, cards, fight = state["session"], state["cards"], state["fight"]
    for card in session["hand"]["known"]:
        where[card] = (HAND, 0)
    for number in cards["hand_unknown"]:
        where[number] = (HAND, 0)
    for card in session["discard_pile"]:
        where[card] = (DISCARD_PILE, 0)
    for number in cards["discard_unknown"]:
        where[number] = (DISCARD_PILE, 0)
    for number in range(cards["dealt"], cards["dealt"] + cards["draw_unknown"]):
        where[number] = (DRAW_PILE, number)
    for position, card in enumerate(cards["draw_bottom"]):
        where[card] = (DRAW_BOTTOM, _BELOW_UNKNOWN + position)
    if fight is not None:
        where[fight["monster"]] = (MONSTER, 0)
        for card in fight["table"]:
            where[card] = (TABLE, 0)
        for pile in (HIDDEN, ATTACK_PILE):
            for position, slot in enumerate(cards[pile]):
                where[slot] = (pile, position)
    return where


def _moves_in_session(chain: list[dict]) -> list[dict]:
    """Take each action back in turn, last first; then keep one move per card, from where it
    is now to where it was, at the place in the sequence where it reached that place."""
    placements = [_placement(state) for state in chain]
    final = placements[-1]
    physical = {identity: identity for identity in final}  # identity now -> identity at the end
    sequence: list[tuple] = []  # (card, by its identity at the end; place it goes back to)
    for pre, post in zip(reversed(placements[:-1]), reversed(placements[1:]), strict=True):
        named = _named_in(pre, post)
        earlier = {}
        step = []
        for identity, (place, depth) in pre.items():
            later = named.get(identity, identity)
            if later not in post:
                continue  # not followed (never happens within a session)
            card = physical[later]
            earlier[identity] = card
            source = post[later][0]
            if source == place:
                continue
            # A refill is the last thing an action does (T-07): its cards go back first,
            # before other cards join the hand they are in.
            refill = source == HAND and place == DRAW_PILE
            step.append((0 if refill else 1, _STEP_ORDER[place], -depth, card, place))
        step.sort(key=lambda move: move[:3])
        sequence.extend((card, place) for *_key, card, place in step)
        physical = earlier
    last = {card: index for index, (card, _place) in enumerate(sequence)}
    moves = []
    for index, (card, place) in enumerate(sequence):
        now = final[card][0]
        if last[card] == index and now != place:
            # A known bottom card leaves the draw pile only from its top (T-08a): it goes
            # back on top, before the cards that lay above it.
            moves.append((card, now, DRAW_PILE if place == DRAW_BOTTOM else place))
    return _describe(moves, chain[-1])


def _named_in(pre: dict, post: dict) -> dict:
    """Deal numbers of `pre` that became named cards in `post` (a card turned up, an unseen
    card of the hand played or noted, an unseen discard bought back): deal number -> name."""
    vanished = [identity for identity in pre if type(identity) is int and identity not in post]
    vanished.sort(key=lambda number: (pre[number][0], number))
    appeared = [identity for identity in post if type(identity) is str and identity not in pre]
    return dict(zip(vanished, appeared, strict=False))


# --- sentences ---------------------------------------------------------------------------------


def _describe(moves: list[tuple], now: dict) -> list[dict]:
    """Group moves that read as one sentence, and say each."""
    groups: list[dict] = []
    for card, source, destination in moves:
        known = type(card) is str
        previous = groups[-1] if groups else None
        if (
            previous is not None
            and (previous["from"], previous["to"]) == (source, destination)
            and bool(previous["cards"]) == known
            and (not known or destination not in _ORDERED)
        ):
            previous["count"] += 1
            if known:
                previous["cards"].append(card)
            continue
        groups.append({"cards": [card] if known else [], "count": 1, "from": source})
        groups[-1]["to"] = destination
    for group in groups:
        what = _what(group, now)
        group["text"] = _destination(group["to"], what)
    return [
        {key: group[key] for key in ("text", "cards", "count", "from", "to")} for group in groups
    ]


def _monster(state: dict) -> str:
    fight = state["fight"]
    return card_text(fight["monster"]) if fight else _("monster")


def _what(group: dict, now: dict):
    """The cards of a move as the player finds them on the table now."""
    source, count = group["from"], group["count"]
    if group["cards"]:
        cards = cards_text(group["cards"])
        return {
            HAND: lambda: _("the {cards} from your hand", cards=cards),
            DISCARD_PILE: lambda: _("the {cards} from the discard pile", cards=cards),
            TABLE: lambda: _("the {cards} from the table", cards=cards),
            INVENTORY: lambda: _("the {cards} from your inventory", cards=cards),
            MONSTER: lambda: _("the {cards}, the monster,", cards=cards),
            HIDDEN: lambda: _("the {cards} from under the monster", cards=cards),
            ATTACK_PILE: lambda: _("the {cards} from the monster's attack pile", cards=cards),
            DRAW_BOTTOM: lambda: _("the {cards} from the bottom of the draw pile", cards=cards),
        }[source]()
    monster = _monster(now)
    cards = now["cards"]
    if source == HIDDEN:
        if count == len(cards["hidden"]):
            return ngettext(
                "the card under the {monster}",
                "the {count} cards under the {monster}",
                count,
                monster=monster,
            )
        return ngettext(
            "the top card under the {monster}",
            "the top {count} cards under the {monster}",
            count,
            monster=monster,
        )
    if source == ATTACK_PILE:
        if count == len(cards["attack_pile"]):
            return ngettext(
                "the card of the {monster}'s attack pile",
                "the {count} cards of the {monster}'s attack pile",
                count,
                monster=monster,
            )
        return ngettext(
            "the top card of the {monster}'s attack pile",
            "the top {count} cards of the {monster}'s attack pile",
            count,
            monster=monster,
        )
    if source == HAND:
        if group["to"] == DRAW_PILE:
            # Unseen cards leave the hand for the draw pile only when a refill is taken back.
            return ngettext(
                "the card you drew last into your hand",
                "the {count} cards you drew last into your hand",
                count,
            )
        return ngettext(
            "{count} card from your hand that the app hasn't seen",
            "{count} cards from your hand that the app hasn't seen",
            count,
        )
    return ngettext(
        "the last card put on the discard pile that the app hasn't seen",
        "the last {count} cards put on the discard pile that the app hasn't seen",
        count,
    )


def _destination(place: str, what) -> str:
    """The sentence for one move: `what` goes back to `place`."""
    return {
        DRAW_PILE: lambda: _("Put {what} back on top of the draw pile.", what=what),
        HAND: lambda: _("Take {what} back into your hand.", what=what),
        DISCARD_PILE: lambda: _("Put {what} back on the discard pile.", what=what),
        INVENTORY: lambda: _("Put {what} back into your inventory.", what=what),
        MONSTER: lambda: _("Put {what} back out as the monster.", what=what),
        HIDDEN: lambda: _("Put {what} back face down under the monster.", what=what),
        ATTACK_PILE: lambda: _(
            "Put {what} back face down on top of the monster's attack pile.", what=what
        ),
        TABLE: lambda: _("Put {what} back on the table with this turn's cards.", what=what),
        DECK_PLACE: lambda: _("Put {what} back into the deck.", what=what),
    }[place]()


# --- back to no session, or across a session end ----------------------------------------------


def _move(text, cards=(), count=None, source=DECK_PLACE, destination=DECK_PLACE) -> dict:
    cards = list(cards)
    return {
        "text": text,
        "cards": cards,
        "count": len(cards) if count is None else count,
        "from": source,
        "to": destination,
    }


def _gather(before: dict, now: dict) -> list[dict]:
    """Every card but the class card and the inventory into the deck; then the inventory as it
    was in `before` (cards it gained since back into the deck, cards it lost out of it)."""
    steps = []
    inventory = before["character"]["inventory"]
    held = now["character"]["inventory"]
    class_card = card_text(before["character"]["class"])
    if now["session"] is not None:
        if held:
            text = _(
                "Gather all the cards back into the deck, but the {card} (your class card) and "
                "your inventory.",
                card=class_card,
            )
        else:
            text = _(
                "Gather all the cards back into the deck, but the {card} (your class card).",
                card=class_card,
            )
        steps.append(_move(text, count=len(DECK) - 1 - len(held), source=TABLE))
    leaving = [card for card in held if card not in inventory]
    if leaving:
        what = _("the {cards} from your inventory", cards=cards_text(leaving))
        steps.append(_move(_destination(DECK_PLACE, what), leaving, source=INVENTORY))
    joining = [card for card in inventory if card not in held]
    if joining:
        text = _("Take the {cards} out of the deck into your inventory.", cards=cards_text(joining))
        steps.append(_move(text, joining, destination=INVENTORY))
    return steps


def _rebuild(before: dict, now: dict) -> list[dict]:
    """Steps that rebuild the table of `before` from the real cards as they are in `now`."""
    steps = _gather(before, now)
    session = before["session"]
    if session is None:
        return steps
    cards, fight = before["cards"], before["fight"]
    monster = card_text(fight["monster"]) if fight else None
    known = [
        (HAND, session["hand"]["known"]),
        (DISCARD_PILE, session["discard_pile"]),
    ]
    if fight is not None:
        known.insert(0, (MONSTER, [fight["monster"]]))
        known.append((TABLE, fight["table"]))
        for pile in (HIDDEN, ATTACK_PILE):
            known.append((pile, [slot for slot in cards[pile] if isinstance(slot, str)]))
    for place, listed in known:
        if listed:
            text = _take_out(place, cards_text(listed))
            steps.append(_move(text, listed, destination=place))
    if cards["draw_bottom"]:
        bottom = cards["draw_bottom"]
        text = _(
            "Take the {cards} out of the deck and keep them aside: they go under the draw "
            "pile, in that order from the top.",
            cards=cards_text(bottom),
        )
        steps.append(_move(text, bottom, destination=DRAW_BOTTOM))
    unseen = (
        cards["draw_unknown"]
        + len(cards["hand_unknown"])
        + len(cards["discard_unknown"])
        + _unseen_in(cards, "hidden")
        + _unseen_in(cards, "attack_pile")
    )
    steps.append(
        _move(
            ngettext("Shuffle the {count} other card.", "Shuffle the {count} other cards.", unseen),
            count=unseen,
            destination=DECK_PLACE,
        )
    )
    deals = [
        (
            HAND,
            len(cards["hand_unknown"]),
            lambda n: ngettext(
                "Deal {count} card to your hand.", "Deal {count} cards to your hand.", n
            ),
        ),
        (
            HIDDEN,
            _unseen_in(cards, "hidden"),
            lambda n: ngettext(
                "Deal {count} card face down under the {monster}.",
                "Deal {count} cards face down under the {monster}.",
                n,
                monster=monster,
            ),
        ),
        (
            ATTACK_PILE,
            _unseen_in(cards, "attack_pile"),
            lambda n: ngettext(
                "Deal {count} card face down to the {monster}'s attack pile.",
                "Deal {count} cards face down to the {monster}'s attack pile.",
                n,
                monster=monster,
            ),
        ),
        (
            DISCARD_PILE,
            len(cards["discard_unknown"]),
            lambda n: ngettext(
                "Put {count} card on the discard pile without looking at it.",
                "Put {count} cards on the discard pile without looking at them.",
                n,
            ),
        ),
    ]
    for place, count, sentence in deals:
        if count:
            steps.append(_move(sentence(count), count=count, destination=place))
    if cards["draw_bottom"]:
        text = ngettext(
            "The {count} card left is the draw pile: put the {bottom} under it.",
            "The {count} cards left are the draw pile: put the {bottom} under them.",
            cards["draw_unknown"],
            bottom=cards_text(cards["draw_bottom"]),
        )
    else:
        text = ngettext(
            "The {count} card left is the draw pile.",
            "The {count} cards left are the draw pile.",
            cards["draw_unknown"],
        )
    steps.append(_move(text, count=cards["draw_unknown"], destination=DRAW_PILE))
    return steps


def _unseen_in(cards: dict, pile: str) -> int:
    """How many cards of a monster's pile nobody has seen (deal numbers, not names)."""
    return sum(1 for slot in cards[pile] if not isinstance(slot, str))


def _take_out(place: str, cards: str) -> str:
    return {
        MONSTER: lambda: _("Take the {cards} out of the deck: it is the monster.", cards=cards),
        HAND: lambda: _("Take the {cards} out of the deck into your hand.", cards=cards),
        DISCARD_PILE: lambda: _(
            "Take the {cards} out of the deck and put them on the discard pile.", cards=cards
        ),
        TABLE: lambda: _(
            "Take the {cards} out of the deck and lay them on the table: they were played "
            "this turn.",
            cards=cards,
        ),
        HIDDEN: lambda: _(
            "Take the {cards} out of the deck and put them face down under the monster.",
            cards=cards,
        ),
        ATTACK_PILE: lambda: _(
            "Take the {cards} out of the deck and put them face down as the monster's attack pile.",
            cards=cards,
        ),
    }[place]()
