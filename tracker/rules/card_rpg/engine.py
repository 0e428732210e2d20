"""The Card RPG – Advanced state machine: ``apply(state, action) -> new state`` (rules/actions.md).

The state is a plain JSON dict. `apply` copies it, lets one handler change the copy and then
runs the automatic steps (damage, deaths, loot, refills, session ends) until the game waits for
the player again; a refusal raises RuleError before the caller ever sees the copy, so the state
it was given never changes. Randomness never happens here: cards and dice come in as actions.
"""

from collections import Counter
from math import ceil

from .. import log
from ..cards import (
    DECK,
    FACE_CARDS,
    SUIT_NAMES,
    CardNotationError,
    and_words,
    card_text,
    cards_text,
    is_ace,
    is_face,
    is_joker,
    is_number,
    or_words,
    parse_suit,
    rank,
    suit,
    typed,
    value,
)
from ..dice import DiceError, check_dice
from ..errors import RuleError
from ..names import NameFault, clean_name
from ..text import _, ngettext
from . import awaiting, places, rivalry
from .rulebook import (
    ACE_PRICE,
    CRITICAL,
    ESCALATE,
    MAX_LEVEL,
    STEP_ACTIONS,
    STR_LEVELS,
    TURN_REASONS,
    TURN_RULE,
    TURN_SIDE,
    TURN_SOURCE,
    XP_PER_LEVEL,
    hp_dice_count,
    normalise_card,
    start_hand_size,
)
from .ruleset import Ruleset

# Where a card named for a face-down or unseen place was expected ("… so it can't be {wanted}").
ON_TOP = _("on top of the draw pile")
IN_HAND = _("in your hand")
IN_DISCARD = _("in the discard pile")
IN_ATTACK_PILE = _("in the monster's attack pile")
UNDER_MONSTER = _("under the monster")
# S-03: the longest character name, in characters once normalised (NFC) and trimmed. The form,
# the import and the rename all take this one limit from here.
NAME_MAX_LENGTH = 100

# Where a `table` event tells the player to put real cards (its `to` field).
TO_DISCARD = "discard pile"
TO_BOTTOM = "bottom of draw pile"
TO_HAND = "hand"
TO_INVENTORY = "inventory"
TO_DECK = "deck"

# Action types in a player's words, for refusals ("now the game expects: roll the monster's HP").
ACTION_WORDS = {
    "create_character": _("create a character"),
    "start_session": _("start a session"),
    "note_hand": _("note the cards in your hand"),
    "reveal_monster": _("turn up the next monster"),
    "roll_monster_hp": _("roll the monster's HP"),
    "attack": _("attack"),
    "use_item": _("use an inventory card"),
    "sell": _("sell an inventory card"),
    "turn": _("enter the card turned up"),
    "end_turn": _("end your turn"),
    "save": _("spend a card that saves you"),
    "accept_death": _("accept death"),
    "keep_hand": _("choose whether your King keeps his hand"),
    "level_up": _("roll for the level-up"),
    "buy_back": _("buy back a card"),
    "buy_top": _("turn the top card to buy it"),
    "end_session": _("end the session"),
    **rivalry.ACTION_WORDS,  # several characters at one table (rules/card-rpg-table.md)
}
ACTION_TYPES = tuple(dict.fromkeys(t for types in STEP_ACTIONS.values() for t in types))
# L-01: the fields each action may hold besides its `type` (rules/actions.md); any other field
# is refused, so nothing the rules never read is stored with a log.
ACTION_FIELDS = {
    "create_character": ("name", "class", "str_dice", "hp_dice", "ruleset"),
    "start_session": ("hand",),
    "note_hand": ("cards",),
    "reveal_monster": ("card",),
    "roll_monster_hp": ("dice",),
    "attack": ("cards",),
    "use_item": ("card", "as"),
    "sell": ("card",),
    "turn": ("card",),
    "end_turn": (),
    "save": ("card",),
    "accept_death": (),
    "keep_hand": ("keep",),
    "level_up": ("hp_dice",),
    "buy_back": ("card",),
    "buy_top": ("card", "buy"),
    "end_session": (),
}
# Actions about the record rather than moves of the game (rules/actions.md lets a log add
# actions): accepted at any step once the character exists, never listed in `awaiting.action`
# (which lists what the game itself waits for), and with their fields checked the same way.
RENAME = "rename"
RECORD_ACTION_FIELDS = {RENAME: ("name",)}


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


def check_fields(action: dict) -> None:
    """L-01: refuse a field its type does not hold (rules/actions.md); the type must be known."""
    kind = action["type"]
    # The table's actions (robbing, duels: rivalry.py) are checked the same way.
    allowed = (ACTION_FIELDS | rivalry.ACTION_FIELDS | RECORD_ACTION_FIELDS)[kind]
    for field in action:
        if field != "type" and field not in allowed:
            if allowed:
                listed = and_words(list(allowed))
                message = _(
                    "the {kind} action holds only {fields}, not {field}",
                    kind=kind,
                    fields=listed,
                    field=typed(field),
                )
            else:
                message = _(
                    "the {kind} action holds nothing but its type, not {field}",
                    kind=kind,
                    field=typed(field),
                )
            raise RuleError("L-01", message)


def initial_state() -> dict:
    """The empty start every log is applied to: no character yet."""
    state = {
        "character": None,
        "session": None,
        "fight": None,
        "awaiting": None,
        "actions": 0,
        "events": [],
        "cards": None,
        "internal": _fresh_internal("create"),
    }
    state["awaiting"] = describe(state)
    return state


def apply(state: dict, action: dict) -> dict:
    """Return the state after `action`, or raise RuleError (the given state is never changed)."""
    if not isinstance(action, dict):
        raise RuleError(
            state["awaiting"]["rule"],
            _(
                "that is not something you can do in this game. {allowed}",
                allowed=_allowed_now(state),
            ),
        )
    kind = action.get("type")
    step = state["internal"]["step"]
    if kind == RENAME:
        return _rename(state, action)
    if kind not in STEP_ACTIONS[step]:
        _refuse_out_of_turn(state, kind)
    # L-01: an action of a type possible now is checked for unknown fields first (a misspelt
    # field is the likeliest mistake); a type no instance of which fits now is refused by the
    # rule that forbids it, and any action the handler would accept is still checked after.
    possible = kind in legal_action_types(state)
    if possible:
        check_fields(action)
    new = _copy_state(state)
    new["events"] = []
    # The cards dealt to a new monster (S-16, S-17) and the refill (T-07) are said once, with the
    # action that asks them: a player who read them again after a side action would deal or
    # draw cards too many (issue 28).
    new["internal"]["deal"] = None
    new["internal"]["refill"] = 0
    _Play(new).handle(kind, action)
    if not possible:
        check_fields(action)
    new["actions"] += 1
    _publish(new)
    new["awaiting"] = describe(new)
    return new


def settled(state: dict) -> dict:
    """The state once the real table matches it: what its last action asked is done.

    After an undo the table is put back to a state whose last action was played long ago: its
    events, the cards it dealt to a monster (S-16, S-17) and its refill (T-07) are not to be
    done again (issue 28).
    """
    internal = state["internal"]
    if not state["events"] and not internal["deal"] and not internal["refill"]:
        return state
    new = _copy_state(state)
    new["events"] = []
    new["internal"]["deal"] = None
    new["internal"]["refill"] = 0
    new["awaiting"] = describe(new)
    return new


def _rename(state: dict, action: dict, awaiting=None) -> dict:
    """S-03: a new name for the character, at any point after its creation; nothing else moves.

    What the game waits for stays as it was (the reminders of a deal or a refill too): only the
    name changes, so every later message and an export use the new one. `awaiting` builds what
    is awaited (a duel's is built by duel.py).
    """
    if state["character"] is None:
        raise RuleError(
            state["awaiting"]["rule"],
            _("there is no character to rename yet. {allowed}", allowed=_allowed_now(state)),
        )
    check_fields(action)
    name = check_name(action.get("name"))
    new = _copy_state(state)
    old = new["character"]["name"]
    new["character"]["name"] = name
    new["events"] = [
        {
            "type": "renamed",
            "rule": "S-03",
            "text": _("{old} is now called {name}.", old=old, name=name),
            "name": name,
        }
    ]
    new["actions"] += 1
    new["awaiting"] = (awaiting or describe)(new)
    return new


def replay(actions) -> dict:
    """Apply `actions` to the initial state; raise ReplayError at the first refusal."""
    return log.replay(apply, initial_state(), actions)


def legal_action_types(state: dict) -> list[str]:
    """The action types with at least one acceptable instance now (awaiting.action as a list)."""
    action = state["awaiting"]["action"]
    return [action] if isinstance(action, str) else list(action)


# --- internals -------------------------------------------------------------------------------


def _copy(value):
    """A deep copy of JSON data (much faster than copy.deepcopy for these small dicts)."""
    if type(value) is dict:
        return {key: _copy(item) for key, item in value.items()}
    if type(value) is list:
        return [_copy(item) for item in value]
    return value


def _copy_state(state: dict) -> dict:
    """A copy of everything `apply` may change, faster than a generic deep copy: the lists in
    the main parts hold only strings and numbers, so one `list()` copies each. `awaiting` and
    `events` are rebuilt by every action and not copied."""
    new = {key: _copy(value) for key, value in state.items() if key not in _NOT_DEEP}
    for key in _FLAT_LISTS:
        part = state.get(key)
        if part is not None:
            part = {
                name: list(item) if type(item) is list else _copy(item)
                for name, item in part.items()
            }
        new[key] = part
    return new


# State parts whose lists are flat (cards, deal numbers, reasons); nested dicts are deep-copied.
_FLAT_LISTS = ("character", "session", "fight", "cards", "internal")
_NOT_DEEP = (*_FLAT_LISTS, "awaiting", "events")


def _fresh_internal(step: str) -> dict:
    return {
        "step": step,
        "pending": [],  # reasons of the cards still to turn, the first one awaited now
        "deadly": False,  # the pending death is a deadly blow: only the A♥ saves (T-12)
        "free_buy_used": False,  # T-03 once_per_fight: the A♦'s free buy-back of this fight
        "refill": 0,  # cards the fight's end just drew into the hand (T-07), said with it once
        "deal": None,  # cards just dealt to a monster (S-16, S-17), said with it once
        "random_cards": [],  # the play's face cards/Jokers whose random attacks are not done yet
    }


def _publish(state: dict) -> None:
    """Bring the public counts (actions.md) in line with the internal card lists."""
    session, cards, fight = state["session"], state["cards"], state["fight"]
    if session is not None:
        session["draw_pile"] = cards["draw_unknown"] + len(cards["draw_bottom"])
        session["discard_count"] = len(session["discard_pile"]) + len(cards["discard_unknown"])
        hand = session["hand"]
        hand["count"] = len(hand["known"]) + len(cards["hand_unknown"])
    if fight is not None:
        fight["hidden"] = len(cards["hidden"])
        fight["attack_pile"] = len(cards["attack_pile"])
        # For screens: the monster's HP never shown below zero; `deadly_blow` (T-12) says the
        # character is dying while `hp` keeps its value (T-22a).
        hp = fight["monster_hp"]
        fight["monster_hp_shown"] = None if hp is None else max(hp, 0)
        fight.setdefault("deadly_blow", False)


def _allowed_now(state: dict) -> str:
    awaiting = state["awaiting"]
    words = [ACTION_WORDS.get(kind, kind) for kind in legal_action_types(state)]
    return _(
        "{instruction} (now the game expects: {actions})",
        instruction=awaiting["instruction"],
        actions=or_words(words),
    )


def _refuse_out_of_turn(state: dict, kind) -> None:
    rule = state["awaiting"]["rule"]
    if kind == "sell" and state["internal"]["step"] == "keep_hand":
        # T-22: the King has died; his inventory is lost whatever he chooses about his hand.
        raise RuleError(
            "T-22", _("your King has died: his inventory is lost, so nothing can be sold now")
        )
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        what = typed(kind) if isinstance(kind, str) else _("that")
        raise RuleError(
            rule,
            _(
                "{what} is not something you can do in this game. {allowed}",
                what=what,
                allowed=_allowed_now(state),
            ),
        )
    raise RuleError(
        rule,
        _("you can't {what} now. {allowed}", what=ACTION_WORDS[kind], allowed=_allowed_now(state)),
    )


class _Play:
    """One action applied to a working copy of the state (mutated in place)."""

    def __init__(self, state: dict):
        self.state = state
        self.internal = state["internal"]
        self.events = state["events"]

    # -- views on the state -------------------------------------------------------------------

    @property
    def character(self) -> dict:
        return self.state["character"]

    @property
    def session(self) -> dict:
        return self.state["session"]

    @property
    def cards(self) -> dict:
        return self.state["cards"]

    @property
    def fight(self) -> dict:
        return self.state["fight"]

    @property
    def ruleset(self) -> Ruleset:
        return Ruleset.from_dict(self.character["ruleset"])

    @property
    def hand(self) -> dict:
        return self.session["hand"]

    def hand_count(self) -> int:
        return len(self.hand["known"]) + len(self.cards["hand_unknown"])

    def draw_count(self) -> int:
        return self.cards["draw_unknown"] + len(self.cards["draw_bottom"])

    def class_rank(self) -> str:
        return rank(self.character["class"])

    def class_suit(self) -> str:
        return suit(self.character["class"])

    def set_step(self, step: str) -> None:
        self.internal["step"] = step

    def event(self, kind: str, rule: str, text: str, **data) -> None:
        self.events.append({"type": kind, "rule": rule, "text": text, **data})

    def move(self, cards: list, to: str, rule: str, text: str, count: int | None = None) -> None:
        """A `table` event: what the player does with real cards (`cards` = the known ones;
        `unseen` = the deal numbers of the cards nobody has seen, when there are any)."""
        known = [card for card in cards if isinstance(card, str)]
        unseen = [slot for slot in cards if isinstance(slot, int)]
        count = len(cards) if count is None else count
        extra = {"unseen": unseen} if unseen else {}
        self.event("table", rule, text, cards=known, to=to, count=count, **extra)

    # -- dispatch -----------------------------------------------------------------------------

    def handle(self, kind: str, action: dict) -> None:
        getattr(self, "do_" + kind)(action)

    # -- reading action fields ----------------------------------------------------------------

    @staticmethod
    def card_field(action: dict, field: str = "card") -> str:
        if action.get(field) in (None, ""):
            raise RuleError("T-01", _("name the card first"))
        return normalise_card(action[field])

    @staticmethod
    def cards_field(
        action: dict,
        field: str = "cards",
        rule: str = "S-20",
        what: str = _("choose at least one card from your hand to attack with"),
    ) -> list[str]:
        given = action.get(field)
        if not isinstance(given, list) or not given:
            raise RuleError(rule, what)
        if len(given) > len(DECK):
            # S-01: no list can name more cards than the deck holds; refused before any card
            # is read, however long the list.
            raise RuleError(
                "S-01",
                _(
                    "the deck holds {deck} cards, so a list of {count} cards can't be right",
                    deck=len(DECK),
                    count=len(given),
                ),
            )
        cards = [normalise_card(card) for card in given]
        doubles = sorted(card for card, times in Counter(cards).items() if times > 1)
        if doubles:
            raise RuleError(
                "S-01", _("each card exists once: {cards} named twice", cards=cards_text(doubles))
            )
        return cards

    @staticmethod
    def dice_field(action: dict, field: str, count: int, rule: str, what: str) -> list[int]:
        try:
            return check_dice(action.get(field), count)
        except DiceError as exc:
            raise RuleError(rule, _("{what}: {problem}", what=what, problem=exc.args[0])) from None

    @staticmethod
    def bool_field(action: dict, field: str, rule: str, question: str) -> bool:
        given = action.get(field)
        if not isinstance(given, bool):
            raise RuleError(rule, _("{question}? Answer yes or no", question=question))
        return given

    # -- where cards are ------------------------------------------------------------------------

    def refuse_if_known(self, card: str, wanted: str) -> None:
        """Refuse a card named for an unknown place when it is known to be elsewhere (S-01)."""
        phrase = places.locations(self.state).get(card)
        if phrase is None:
            return
        if phrase == places.DRAW_BOTTOM and wanted == ON_TOP:
            above = self.cards["draw_unknown"] + self.cards["draw_bottom"].index(card)
            raise RuleError(
                "T-08a",
                _(
                    "{place}: it can be turned only once the {above} cards above it are drawn",
                    place=places.describe_place(card, phrase),
                    above=above,
                ),
            )
        raise RuleError(
            "S-01",
            _(
                "{place}, so it can't be {wanted}",
                place=places.describe_place(card, phrase),
                wanted=wanted,
            ),
        )

    def take_top(self, card: str, rule: str) -> None:
        """Take `card` off the top of the draw pile, refusing a card that can't be there."""
        cards = self.cards
        if self.draw_count() == 0:
            raise RuleError(rule, _("the draw pile is empty"))
        if cards["draw_unknown"] > 0:
            self.refuse_if_known(card, ON_TOP)
            cards["draw_unknown"] -= 1
            cards["dealt"] += 1
            return
        top = cards["draw_bottom"][0]
        if card != top:
            # T-08a: only the known cards put at the bottom are left, in the order put there.
            raise RuleError(
                "T-08a",
                _(
                    "the top card of the draw pile is the {top} (put at the bottom earlier, and "
                    "every card above it has been drawn), not the {card}",
                    top=card_text(top),
                    card=card_text(card),
                ),
            )
        cards["draw_bottom"].pop(0)

    def deal(self, count: int) -> list:
        """Deal up to `count` cards off the top: deal numbers for unknown cards, names for known."""
        cards, dealt = self.cards, []
        for _deal in range(count):
            if cards["draw_unknown"] > 0:
                dealt.append(cards["dealt"])
                cards["dealt"] += 1
                cards["draw_unknown"] -= 1
            elif cards["draw_bottom"]:
                dealt.append(cards["draw_bottom"].pop(0))
            else:
                break  # T-08: if the pile runs out, deal what there is
        return dealt

    def take_from_face_down(self, pile: str, card: str, rule: str, where: str) -> None:
        """Turn the next card of a face-down pile, in the order dealt (T-08a)."""
        slot = self.cards[pile][0]
        if isinstance(slot, str):
            if card != slot:
                raise RuleError(
                    "T-08a",
                    _(
                        "the next card {where} is known to be the {known}, not the {card}",
                        where=where,
                        known=card_text(slot),
                        card=card_text(card),
                    ),
                )
        else:
            self.refuse_if_known(card, where)
        self.cards[pile].pop(0)

    def hand_listing(self) -> str:
        """What the hand holds, in full: ``7♥, 6♣ and 1 card the app hasn't seen``."""
        unseen = len(self.cards["hand_unknown"])
        parts = [card_text(card) for card in self.hand["known"]]
        if unseen:
            parts.append(
                ngettext(
                    "{count} card the app hasn't seen", "{count} cards the app hasn't seen", unseen
                )
            )
        if not parts:
            return _("your hand is empty")
        return _("your hand holds {cards}", cards=and_words(parts))

    def take_from_hand(self, card: str, rule: str, before: tuple[str, int] | None = None) -> None:
        """Take a card out of the hand. `before` = (the whole hand as text, how many of its
        cards were unseen) before this play began, so a refusal lists the hand in full."""
        known = self.hand["known"]
        if card in known:
            known.remove(card)
            return
        self.refuse_if_known(card, IN_HAND)
        if not self.cards["hand_unknown"]:
            listing, unseen = before or (self.hand_listing(), 0)
            if unseen:
                message = _(
                    "the {card} isn't one of your known cards, and this play already names as "
                    "many cards the app hasn't seen as your hand holds: {hand}",
                    card=card_text(card),
                    hand=listing,
                )
            else:
                message = _(
                    "the {card} isn't one of your known cards: {hand}",
                    card=card_text(card),
                    hand=listing,
                )
            raise RuleError(rule, message)
        self.cards["hand_unknown"].pop(0)

    def take_from_discard(self, card: str) -> None:
        known = self.session["discard_pile"]
        if card in known:
            known.remove(card)
            return
        self.refuse_if_known(card, IN_DISCARD)
        if not self.cards["discard_unknown"]:
            raise RuleError(
                "T-05",
                _(
                    "the {card} is not in the discard pile: it holds {cards}",
                    card=card_text(card),
                    cards=cards_text(known),
                )
                if known
                else _("the {card} is not in the discard pile: it is empty", card=card_text(card)),
            )
        self.cards["discard_unknown"].pop(0)

    def take_from_inventory(self, card: str, rule: str) -> None:
        inventory = self.character["inventory"]
        if card not in inventory:
            phrase = places.locations(self.state).get(card)
            if inventory:
                holds = _("Your inventory holds {cards}", cards=cards_text(inventory))
            else:
                holds = _("Your inventory is empty")
            if phrase:
                message = _(
                    "the {card} is not in your inventory; it {place}. {inventory}",
                    card=card_text(card),
                    place=phrase,
                    inventory=holds,
                )
            else:
                message = _(
                    "the {card} is not in your inventory. {inventory}",
                    card=card_text(card),
                    inventory=holds,
                )
            raise RuleError(rule, message)
        inventory.remove(card)

    def to_discard(self, slot) -> None:
        if isinstance(slot, str):
            self.session["discard_pile"].append(slot)
        else:
            self.cards["discard_unknown"].append(slot)

    def to_bottom(self, card: str) -> None:
        """S-10, S-12: Diamonds and spent Aces go to the bottom of the draw pile, known (T-08a)."""
        self.cards["draw_bottom"].append(card)

    def to_hand(self, slot) -> None:
        if isinstance(slot, str):
            self.hand["known"].append(slot)
        else:
            self.cards["hand_unknown"].append(slot)

    def spend(self, card: str, announce: bool = True) -> None:
        """An inventory card once used: Aces to the bottom of the draw pile, others discarded."""
        if is_ace(card):
            self.to_bottom(card)  # S-12
            if announce:
                self.move(
                    [card],
                    TO_BOTTOM,
                    "S-12",
                    _(
                        "Put the {card} at the bottom of the draw pile (a spent Ace goes there, "
                        "not to the discard pile).",
                        card=card_text(card),
                    ),
                )
        else:
            self.to_discard(card)  # S-11
            if announce:
                self.move(
                    [card],
                    TO_DISCARD,
                    "S-11",
                    _("Put the {cards} on the discard pile.", cards=card_text(card)),
                )

    def claim(self, card: str, how: str) -> None:
        """A card claimed into the inventory (loot, Jack's card, buying): S-10, T-04a, T-17."""
        moved = {"cards": [card], "count": 1}
        if not is_number(card):
            self.to_discard(card)
            self.event(
                "discard",
                "T-17",
                _(
                    "The {card} ({how}) is not an item: put it on the discard pile.",
                    card=card_text(card),
                    how=how,
                ),
                to=TO_DISCARD,
                **moved,
            )
            return
        if suit(card) == "D" and card != "AD":
            gold = value(card)
            self.character["gold"] += gold
            self.to_bottom(card)
            self.event(
                "gold",
                "S-10",
                _(
                    "The {card} ({how}) turns into {gold} gold: put it at the bottom of the draw "
                    "pile.",
                    card=card_text(card),
                    how=how,
                    gold=gold,
                ),
                gold=gold,
                to=TO_BOTTOM,
                **moved,
            )
            return
        self.character["inventory"].append(card)
        self.event(
            "item",
            "S-10",
            _(
                "The {card} ({how}) goes into your inventory: put it with your inventory cards.",
                card=card_text(card),
                how=how,
            ),
            to=TO_INVENTORY,
            **moved,
        )

    def flush_table(self) -> None:
        """T-11, T-13: the cards played or turned this turn go to the discard pile."""
        fight = self.fight
        if fight is not None and fight["table"]:
            table = fight["table"]
            self.session["discard_pile"].extend(table)
            fight["table"] = []
            self.move(
                table,
                TO_DISCARD,
                "T-13" if fight["turn"] == "monster" else "T-11",
                _("Put the {cards} on the discard pile.", cards=cards_text(table)),
            )

    # -- character and sessions ---------------------------------------------------------------

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
        self.internal.update(_fresh_internal("no_session"))
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

    # -- buying and selling -------------------------------------------------------------------

    def buy_back_cost(self) -> int:
        """S-12, T-03: 1 gold, or free with the A♦ (once per fight under once_per_fight)."""
        if "AD" not in self.character["inventory"]:
            return 1
        if self.ruleset.ace_of_diamonds == "free":
            return 0
        if self.fight is not None and not self.internal["free_buy_used"]:
            return 0
        return 1

    def do_buy_back(self, action: dict) -> None:
        card = self.card_field(action)
        if self.session["discard_count"] == 0:
            raise RuleError("T-05", _("the discard pile is empty: there is nothing to buy back"))
        cost = self.buy_back_cost()
        gold = self.character["gold"]
        if gold < cost:
            raise RuleError(
                "S-13",
                _(
                    "buying a card back costs {cost} gold and you have {gold}; gold never goes "
                    "below zero (T-05)",
                    cost=cost,
                    gold=gold,
                ),
            )
        self.take_from_discard(card)
        self.hand["known"].append(card)  # T-05: bought back into the hand
        self.character["gold"] -= cost
        if cost == 0 and self.ruleset.ace_of_diamonds == "once_per_fight":
            self.internal["free_buy_used"] = True
        paid = _("free with the A♦ (T-03)") if cost == 0 else _("{cost} gold", cost=cost)
        self.event(
            "buy_back",
            "T-05",
            _(
                "Bought back the {card} ({paid}): take it from the discard pile into your hand.",
                card=card_text(card),
                paid=paid,
            ),
            cards=[card],
            to=TO_HAND,
            count=1,
        )

    def do_buy_top(self, action: dict) -> None:
        card = self.card_field(action)
        buy = self.bool_field(action, "buy", "S-13", _("do you buy the card"))
        self.take_top(card, "S-13")
        if not buy:
            self.to_discard(card)
            self.event(
                "buy_top",
                "S-13",
                _("The {card} is not bought: put it on the discard pile.", card=card_text(card)),
                cards=[card],
                to=TO_DISCARD,
                count=1,
            )
        else:
            if not is_number(card):
                raise RuleError(
                    "S-13",
                    _(
                        "the {card} can't be bought: only number cards go into the inventory. "
                        "Choose not to buy it, and it goes to the discard pile",
                        card=card_text(card),
                    ),
                )
            price = ACE_PRICE if is_ace(card) else value(card)
            gold = self.character["gold"]
            if price > gold:
                raise RuleError(
                    "S-13",
                    _(
                        "the {card} costs {price} gold and you have {gold}. Choose not to buy it, "
                        "and it goes to the discard pile",
                        card=card_text(card),
                        price=price,
                        gold=gold,
                    ),
                )
            self.character["gold"] -= price
            self.event(
                "buy_top",
                "S-13",
                _("Bought the {card} for {price} gold.", card=card_text(card), price=price),
            )
            self.claim(card, _("bought"))  # T-06: a Diamond turns straight back into gold
        self.check_session_end()

    def sellable(self) -> list[str]:
        """S-09, T-04b: a Diamond character may sell any inventory card but the A♦."""
        if self.class_suit() != "D":
            return []
        return [card for card in self.character["inventory"] if card != "AD"]

    def do_sell(self, action: dict) -> None:
        card = self.card_field(action)
        if self.class_suit() != "D":
            raise RuleError("S-09", _("only a Diamond character may sell inventory cards"))
        if card == "AD":
            raise RuleError("T-04b", _("the A♦ can't be sold: it is kept as the luck gem"))
        self.take_from_inventory(card, "S-09")
        gold = value(card)
        self.character["gold"] += gold
        self.event(
            "sell",
            "S-09",
            _("Sold the {card} for {gold} gold.", card=card_text(card), gold=gold),
            gold=gold,
        )
        self.spend(card)  # T-04b: a sold Ace goes to the bottom of the draw pile
        if self.internal["step"] == "save" and not self.saves():
            # T-22a: the last card that could save a dying character is gone: death at once.
            self.event(
                "no_save",
                "T-22a",
                _("No card in your inventory can save you now: you die."),
            )
            self.die()

    # -- a fight: monster, HP, turns ----------------------------------------------------------

    def do_reveal_monster(self, action: dict) -> None:
        card = self.card_field(action)
        self.take_top(card, "S-16")
        level = self.character["level"]
        # S-16: 1 card under a face card, 2 under a Joker; S-17: level (2 × level) attack cards.
        hidden = self.deal(2 if is_joker(card) else 1 if is_face(card) else 0)
        attack_pile = self.deal(2 * level if is_joker(card) else level)
        self.cards["hidden"] = hidden
        self.cards["attack_pile"] = attack_pile
        self.internal["deal"] = {"hidden": len(hidden), "attack_pile": len(attack_pile)}
        dice = hp_dice_count(level)
        self.state["fight"] = {
            "monster": card,
            "hidden": len(hidden),
            "attack_pile": len(attack_pile),
            "monster_hp": None,
            "monster_hp_max": None,
            # T-16: a number card is worth its value, known before its HP roll.
            "xp_value": value(card) if is_number(card) else None,
            "hp": self.character["hp_max"],
            "turn": None,
            "extra_attacks": 0,
            "hp_dice": dice,
            "attacked": False,
            "blitz": False,
            "table": [],
            "result": None,
            "deadly_blow": False,
        }
        self.event("monster", "S-16", _("The monster is the {card}.", card=card_text(card)))
        if is_joker(card):
            hp = 6 * dice  # S-18: a Joker does not roll, every die counts 6
            self.set_monster_hp(hp, hp)
            self.begin_fight()
        else:
            self.set_step("monster_hp")

    def set_monster_hp(self, hp: int, xp: int) -> None:
        fight = self.fight
        fight["monster_hp"] = fight["monster_hp_max"] = hp
        fight["xp_value"] = xp  # T-16
        fight["hp_dice"] = None
        self.event(
            "monster_hp",
            "S-18",
            _(
                "The {monster} has {hp} HP and is worth {xp} XP.",
                monster=card_text(fight["monster"]),
                hp=hp,
                xp=xp,
            ),
        )

    def do_roll_monster_hp(self, action: dict) -> None:
        fight = self.fight
        dice = self.dice_field(action, "dice", fight["hp_dice"], "S-18", _("monster HP roll"))
        hp = sum(dice)
        monster = fight["monster"]
        # S-18, T-16: a face card is worth its HP roll, a number card its value.
        self.set_monster_hp(hp, hp if is_face(monster) else value(monster))
        self.begin_fight()

    def begin_fight(self) -> None:
        self.fight["hp"] = self.character["hp_max"]  # T-10: every fight at full HP
        if rank(self.fight["monster"]) == "J":
            self.event("jack_first", "S-19", _("A Jack monster strikes first."))
            self.monster_turn()  # S-19
        else:
            self.character_turn()

    def character_turn(self) -> None:
        self.flush_table()
        fight = self.fight
        fight.update(turn="character", attacked=False, extra_attacks=0, blitz=False)
        self.set_step("character_turn")

    def monster_turn(self) -> None:
        """T-13, T-14: the monster turns its next attack card, or skips, or is dealt a new pile."""
        self.flush_table()
        fight = self.fight
        fight.update(turn="monster", extra_attacks=0, blitz=False)
        if not self.cards["attack_pile"]:
            if self.ruleset.empty_attack_pile == "monster_redeals":
                pile = self.deal(self.character["level"])
                if not pile:
                    self.abandon(
                        _("the monster needs a new attack pile and the draw pile is empty")
                    )
                    return
                self.cards["attack_pile"] = pile
                self.internal["deal"] = {"hidden": 0, "attack_pile": len(pile)}
                self.event(
                    "redeal",
                    "T-14",
                    _(
                        "The monster's attack pile was empty: deal it {count} new cards.",
                        count=len(pile),
                    ),
                )
            else:
                self.event("skip", "T-14", _("The monster has no attack cards left: it skips."))
                self.character_turn()
                return
        self.queue(["monster attack card"])

    def queue(self, reasons: list[str]) -> None:
        """Wait for these cards to be turned (all for one side), then carry on."""
        self.internal["pending"] = list(reasons)
        self.proceed(TURN_SIDE[reasons[0]])

    def proceed(self, side: str) -> None:
        """Await the next pending turn, or carry on once there is none."""
        pending = self.internal["pending"]
        while pending:
            reason = pending[0]
            if TURN_SOURCE[reason] == "draw_pile" and self.draw_count() == 0:
                if reason == "jack extra card":
                    # T-17: no card left for the Jack: nothing else happens.
                    pending.pop(0)
                    self.event("no_extra_card", "T-17", _("The draw pile is empty: no extra card."))
                    continue
                self.abandon(_("a card must be turned and the draw pile is empty"))
                return
            self.set_step("turn")
            return
        if side == "character":
            self.after_play()
        elif side == "monster":
            self.character_turn()  # T-13: the character lives: its turn
        else:
            self.after_loot()

    def abandon(self, why: str) -> None:
        """T-08: a fight that needs a card from an empty draw pile is abandoned; session over."""
        self.event(
            "abandon", "T-08", _("The fight is abandoned ({why}): no XP, no death.", why=why)
        )
        self.end_session(_("the deck ran out in a fight"))

    # -- the character's turn -----------------------------------------------------------------

    def do_attack(self, action: dict) -> None:
        fight = self.fight
        if self.hand_count() == 0:
            raise RuleError(
                "T-15",
                _("your hand is empty: you may use an item, buy back a card, or end the turn"),
            )
        if fight["attacked"] and fight["extra_attacks"] <= 0:
            raise RuleError("T-15", _("you have made every attack of this turn: end the turn"))
        cards = self.cards_field(action)
        ranks = {rank(card) for card in cards}
        if len(ranks) > 1 and not fight["blitz"]:
            raise RuleError(
                "S-20",
                _(
                    "a combo needs cards of one rank: {cards} differ. Play them one at a time (an "
                    "inventory Club gives an extra attack) or use the A♣ first",
                    cards=cards_text(cards),
                ),
            )
        before = (self.hand_listing(), len(self.cards["hand_unknown"]))
        for card in cards:
            self.take_from_hand(card, "S-20", before)
        if fight["attacked"]:
            fight["extra_attacks"] -= 1  # T-15: a Club-granted attack
        fight["attacked"] = True
        fight["blitz"] = False  # T-04b: the A♣ changes this one play
        fight["table"].extend(cards)
        # T-11a: number cards first, then each random attack in the order played.
        numbers = [card for card in cards if is_number(card)]
        self.internal["random_cards"] = [card for card in cards if not is_number(card)]
        if numbers and self.hit_monster(sum(map(value, numbers)), cards_text(numbers)):
            return
        # S-21: a face card makes a random attack; a Joker's draw is a critical hit at once.
        randoms = ["critical hit" if is_joker(c) else "random attack" for c in cards]
        randoms = [
            reason for card, reason in zip(cards, randoms, strict=True) if not is_number(card)
        ]
        if randoms:
            self.queue(randoms)
        else:
            self.after_play()

    def hit_monster(self, damage: int, how: str) -> bool:
        """S-22: damage off the monster's HP; True if that killed it (the fight is won)."""
        fight = self.fight
        fight["monster_hp"] -= damage
        monster = card_text(fight["monster"])
        if fight["monster_hp"] > 0:
            text = _(
                "{how}: {damage} damage to the {monster} (HP {hp}).",
                how=how,
                damage=damage,
                monster=monster,
                hp=fight["monster_hp"],
            )
        else:
            text = _(
                "{how}: {damage} damage to the {monster} (HP 0: it is dead).",
                how=how,
                damage=damage,
                monster=monster,
            )
        self.event("damage", "S-22", text, damage=damage)
        if fight["monster_hp"] <= 0:
            self.win()
            return True
        return False

    def after_play(self) -> None:
        """T-15: the turn goes on while granted attacks remain and the hand holds cards."""
        self.flush_table()
        if self.fight["extra_attacks"] > 0 and self.hand_count() > 0:
            self.set_step("character_turn")
        else:
            self.end_character_turn()

    def do_end_turn(self, action: dict) -> None:
        self.end_character_turn()

    def end_character_turn(self) -> None:
        self.flush_table()
        skip = self.ruleset.empty_attack_pile == "skip"
        if skip and self.hand_count() == 0 and not self.cards["attack_pile"]:
            # T-14: empty hand, empty attack pile, monster alive: it escapes.
            self.event(
                "escape",
                "T-14",
                _(
                    "The {monster} escapes: no XP, no loot.",
                    monster=card_text(self.fight["monster"]),
                ),
            )
            self.end_fight()
            return
        self.monster_turn()

    # -- inventory cards in play (S-08, S-10, S-12; a duel's play, T-33, differs only in
    # which round the cards act on, what the Aces do and the word for a play) --

    ITEMS_STEP = "character_turn"  # the step at which inventory cards are played

    def round_of_play(self) -> dict | None:
        """What inventory cards act on: the fight."""
        return self.fight

    def ace_item(self, card: str) -> dict | None:
        """An Ace usable for its own power (T-04a): the A♠ and A♣; the A♥ and A♦ are not played."""
        if card == "AS":
            return {"card": card, "as": ["S"], "effect": _("kills the monster")}
        if card == "AC":
            return {"card": card, "as": ["C"], "effect": _("blitz: play any cards")}
        return None

    def ace_of_spades_effect(self) -> str:
        """What the A♠ does, said on its button."""
        return _("kills the monster")

    def extra_play_effect(self) -> str:
        """What a Club used from the inventory gives (S-10)."""
        return _("one extra attack")

    def separate_plays_hint(self) -> str:
        """S-20 with S-10: cards of different ranks need a Club's extra play each."""
        return _(
            "Cards of different ranks go in separate attacks: each Club you use gives one "
            "more attack this turn."
        )

    def usable_items(self) -> list[dict]:
        """Inventory cards usable now, with the suits each may be used as (S-08, S-10, S-12)."""
        played = self.round_of_play()
        if played is None or self.internal["step"] != self.ITEMS_STEP:
            return []
        class_suit, items = self.class_suit(), []
        for card in self.character["inventory"]:
            if is_ace(card):
                ace = self.ace_item(card)
                if ace is not None:
                    items.append(ace)
                continue
            suits = []
            for as_suit in dict.fromkeys([suit(card), class_suit]):
                if as_suit == "S" and not played["attacked"]:
                    suits.append("S")  # T-04b: Spades only before the turn's first play
                elif as_suit == "C":
                    suits.append("C")
            if suits:
                effects = {
                    "S": _("{damage} damage", damage=value(card)),
                    "C": self.extra_play_effect(),
                }
                items.append(
                    {"card": card, "as": suits, "effect": or_words([effects[s] for s in suits])}
                )
        return items

    def item_uses(self) -> list[dict]:
        """Each inventory card and suit it may be used as now, with what it does in words."""
        uses = []
        for item in self.usable_items():
            card = item["card"]
            for as_suit in item["as"]:
                if card == "AS":
                    effect = self.ace_of_spades_effect()
                elif card == "AC":
                    effect = _("blitz: your next play may be any cards from your hand")
                elif as_suit == "S":
                    effect = _("{damage} damage", damage=value(card))
                else:
                    effect = self.extra_play_effect()
                if as_suit == suit(card):
                    text = _("Use the {card}: {effect}", card=card_text(card), effect=effect)
                else:
                    text = _(
                        "Use the {card} as a {suit}: {effect}",
                        card=card_text(card),
                        suit=SUIT_NAMES[as_suit],
                        effect=effect,
                    )
                uses.append({"card": card, "as": as_suit, "effect": effect, "text": text})
        return uses

    def mixed_ranks_hint(self, uses: list[dict]) -> str | None:
        """S-20, S-12, S-10: how cards of different ranks could be played, if they can't now."""
        played = self.round_of_play()
        if played["blitz"]:
            return None
        if any(use["card"] == "AC" for use in uses):
            return _("To play cards of different ranks at once, use the A♣ first.")
        if played["extra_attacks"] or any(use["as"] == "C" for use in uses):
            return self.separate_plays_hint()
        return None

    def item_used_as(self, card: str, action: dict) -> str:
        """The suit an inventory card is used as: its own, or the character's (S-08, T-04b)."""
        used_as = suit(card)
        if action.get("as") is None:
            return used_as
        try:
            wanted = parse_suit(action["as"])
        except CardNotationError as exc:
            raise RuleError("S-08", exc.args[0]) from None
        if wanted == used_as:
            return used_as
        if is_ace(card):
            raise RuleError(
                "T-04b",
                _(
                    "an Ace keeps its own power (T-04a): the {card} can't be used as another suit",
                    card=card_text(card),
                ),
            )
        if wanted != self.class_suit():
            raise RuleError(
                "S-08",
                _(
                    "a {card} character may use an inventory card as its own suit or as a {suit}",
                    card=card_text(self.character["class"]),
                    suit=SUIT_NAMES[self.class_suit()],
                ),
            )
        return wanted

    def do_use_item(self, action: dict) -> None:
        card = self.card_field(action)
        self.take_from_inventory(card, "S-11")
        used_as = self.item_used_as(card, action)
        fight = self.fight
        if card == "AS":
            fight["monster_hp"] = min(fight["monster_hp"], 0)
            self.event(
                "ace_of_spades",
                "S-12",
                _("The A♠ kills the {monster} outright.", monster=card_text(fight["monster"])),
            )
            self.spend(card)
            self.win()
        elif card == "AC":
            fight["blitz"] = True
            self.event(
                "blitz", "S-12", _("The A♣: your next play may be any cards from your hand.")
            )
            self.spend(card)
        elif card in ("AH", "AD"):
            if card == "AH":
                message = _(
                    "the {card} is not played: it saves you when you die", card=card_text(card)
                )
            else:
                message = _(
                    "the {card} is not played: it pays for buying back cards", card=card_text(card)
                )
            raise RuleError("S-12", message)
        elif used_as == "S":
            if fight["attacked"]:
                raise RuleError(
                    "T-04b", _("a Spade can be used only before the turn's first attack")
                )
            self.spend(card)
            self.hit_monster(value(card), _("{card} used as a Spade", card=card_text(card)))
        elif used_as == "C":
            fight["extra_attacks"] += 1  # S-10, T-15
            self.event(
                "club",
                "S-10",
                _("{card} used as a Club: one extra attack this turn.", card=card_text(card)),
            )
            self.spend(card)
        elif used_as == "H":
            raise RuleError(
                "S-10",
                _(
                    "the {card} as a Heart is not played: it saves you when your HP falls below "
                    "zero",
                    card=card_text(card),
                ),
            )
        else:
            raise RuleError(
                "S-09",
                _(
                    "a Diamond is not played: a Diamond character may sell the {card}",
                    card=card_text(card),
                ),
            )

    # -- turned cards -------------------------------------------------------------------------

    def do_turn(self, action: dict) -> None:
        card = self.card_field(action)
        pending = self.internal["pending"]
        reason = pending[0]
        source, side, rule = TURN_SOURCE[reason], TURN_SIDE[reason], TURN_RULE[reason]
        if source == "draw_pile":
            self.take_top(card, rule)
        elif source == "attack_pile":
            self.take_from_face_down("attack_pile", card, rule, IN_ATTACK_PILE)
        else:
            self.take_from_face_down("hidden", card, rule, UNDER_MONSTER)
        if side == "loot":
            pending.pop(0)
            self.claim(card, _("Jack's extra card") if reason == "jack extra card" else _("loot"))
            self.proceed(side)
            return
        self.fight["table"].append(card)
        if is_number(card):
            pending.pop(0)
            critical = reason in CRITICAL
            damage = value(card) * (2 if critical else 1)
            if critical:
                how = _(
                    "{card} ({reason}, 2 × {value})",
                    card=card_text(card),
                    reason=TURN_REASONS[reason],
                    value=value(card),
                )
            else:
                how = _("{card} ({reason})", card=card_text(card), reason=TURN_REASONS[reason])
            if side == "character":
                self.random_attack_done()
            took_over = (
                self.hit_monster(damage, how)
                if side == "character"
                else self.hit_character(damage, how)
            )
            if took_over:
                return
        elif is_joker(card) and reason not in CRITICAL:
            pending.pop(0)
            if side == "character":
                self.random_attack_done()
            self.deadly_blow(side)  # T-12, T-13
            return
        elif reason in CRITICAL:
            # T-12: in a critical hit, face cards and Jokers are only discarded until a number
            # comes: no new critical hit, no deadly blow (the damage is the number's, doubled).
            text = (
                _(
                    "The {card} is discarded: the critical hit goes on until a number card comes.",
                    card=card_text(card),
                )
                if side == "character"
                else _(
                    "The {card} is discarded: the monster's critical hit goes on until a number "
                    "card comes.",
                    card=card_text(card),
                )
            )
            self.event("critical_goes_on", "T-12", text, cards=[card])
        else:
            # T-12, T-13: a face card turned for an attack escalates it.
            pending[0] = ESCALATE[reason]
            self.event(
                pending[0].replace("monster ", "").replace(" ", "_"),
                TURN_RULE[pending[0]],
                # What to turn next is the instruction's job: the same words serve real cards
                # and the app's table.
                _("{card}: {reason}!", card=card_text(card), reason=TURN_REASONS[pending[0]]),
            )
        self.proceed(side)

    def random_attack_done(self) -> None:
        """One of the play's random attacks is resolved (T-11a)."""
        played = self.internal.get("random_cards")
        if played:
            played.pop(0)

    def hit_character(self, damage: int, how: str) -> bool:
        """T-13: damage to the character; True if its HP fell below zero (S-23)."""
        fight = self.fight
        fight["hp"] -= damage
        self.event(
            "hit",
            "T-13",
            _("{how}: you take {damage} damage (HP {hp}).", how=how, damage=damage, hp=fight["hp"]),
            damage=damage,
            hp=fight["hp"],  # the HP the blow left (S-23: below zero is dying), for the history
        )
        if fight["hp"] < 0:
            self.dying(deadly=False)
            return True
        return False

    def deadly_blow(self, side: str) -> None:
        """T-12: a Joker turned for an attack kills its target outright."""
        # `damage`: all the HP the target had left, for the fight's counts (issue 28).
        if side == "character":
            left = max(self.fight["monster_hp"], 0)
            self.fight["monster_hp"] = min(self.fight["monster_hp"], 0)
            self.event(
                "deadly_blow",
                "T-12",
                _(
                    "A Joker: deadly blow! The {monster} dies.",
                    monster=card_text(self.fight["monster"]),
                ),
                on="monster",
                damage=left,
            )
            self.win()
        else:
            self.fight["deadly_blow"] = (
                True  # `hp` stays as it was; screens show the character dying
            )
            self.event(
                "deadly_blow",
                "T-12",
                _("A Joker: the monster strikes a deadly blow!"),
                on="character",
                damage=max(self.fight["hp"], 0),
            )
            self.dying(deadly=True)

    # -- death ----------------------------------------------------------------------------------

    def saves(self) -> list[dict]:
        """Possible saves, smallest Heart first and the A♥ last (T-21, T-22a)."""
        if self.internal["deadly"]:
            hearts = []  # T-12: Hearts do not save from a deadly blow
        else:
            heart_class = self.class_suit() == "H"
            hearts = [
                card
                for card in self.character["inventory"]
                if not is_ace(card) and (suit(card) == "H" or heart_class)
            ]
        options = [{"card": card, "hp": value(card)} for card in sorted(hearts, key=value)]
        if "AH" in self.character["inventory"]:
            options.append({"card": "AH", "hp": self.character["hp_max"]})  # S-12
        return options

    def dying(self, deadly: bool) -> None:
        """S-23, T-22a: HP below zero (or a deadly blow): wait for a save, or die at once."""
        self.internal["pending"] = []
        self.internal["deadly"] = deadly
        if self.saves():
            self.set_step("save")
        else:
            self.die()

    def do_save(self, action: dict) -> None:
        card = self.card_field(action)
        options = {option["card"]: option["hp"] for option in self.saves()}
        if card not in options:
            listed = cards_text(list(options))
            raise RuleError(
                "T-22a",
                _(
                    "the {card} can't save you now: choose {cards} or accept death",
                    card=card_text(card),
                    cards=listed,
                ),
            )
        self.take_from_inventory(card, "T-22a")
        self.fight["hp"] = options[card]
        self.fight["deadly_blow"] = False
        self.internal["deadly"] = False
        self.event(
            "save",
            "S-12" if card == "AH" else "S-10",
            _("The {card} saves you: HP {hp}.", card=card_text(card), hp=options[card]),
        )
        self.spend(card)
        self.character_turn()  # T-13: the monster's attack is over and the character lives

    def do_accept_death(self, action: dict) -> None:
        self.die()

    def die(self) -> None:
        """T-22: deaths +1; no XP or loot; XP to 0 unless a Queen; a King may keep the hand."""
        self.record_death()
        self.fight["result"] = "died"
        self.flush_table()  # T-13: the attack card that killed goes to the discard pile
        if self.class_rank() == "K" and self.hand_count() > 0:
            self.set_step("keep_hand")  # S-07
        else:
            self.finish_death(keep=False)

    def record_death(self) -> None:
        """T-22: deaths +1 and the XP lost (none for a Queen, S-07), said in a `death` event."""
        character = self.character
        character["deaths"] += 1
        lost_xp = character["xp"] if self.class_rank() != "Q" else 0
        character["xp"] -= lost_xp
        self.internal["deadly"] = False
        if lost_xp:
            xp_words = _("XP {xp} → 0", xp=lost_xp)
        elif self.class_rank() == "Q":
            xp_words = _("a Queen keeps her XP ({xp}, S-07)", xp=character["xp"])
        else:
            xp_words = _("no XP to lose")
        self.event("death", "T-22", self.death_text(xp_words), xp_lost=lost_xp)

    def death_text(self, xp_words: str) -> str:
        """The `death` event's sentence: what is lost and kept (T-22)."""
        character = self.character
        return _(
            "{name} dies: no XP or loot from this fight, {xp}; level, STR, HP, gold, kills "
            "and Jokers are kept. Deaths: {deaths}.",
            name=character["name"],
            xp=xp_words,
            deaths=character["deaths"],
        )

    def do_keep_hand(self, action: dict) -> None:
        keep = self.bool_field(action, "keep", "S-07", _("does your King keep his hand"))
        self.finish_death(keep)

    def finish_death(self, keep: bool) -> None:
        count = self.hand_count()
        if keep:
            self.move(
                list(self.hand["known"]),
                TO_HAND,
                "S-07",
                ngettext(
                    "Your King keeps his hand: hold on to your {count} card.",
                    "Your King keeps his hand: hold on to your {count} cards.",
                    count,
                ),
            )
        elif count:
            hand = list(self.hand["known"]) + list(self.cards["hand_unknown"])
            for slot in hand:
                self.to_discard(slot)
            self.hand["known"] = []
            self.cards["hand_unknown"] = []
            self.move(
                hand,
                TO_DISCARD,
                "T-22",
                ngettext(
                    "Put your hand ({count} card) on the discard pile.",
                    "Put your hand ({count} cards) on the discard pile.",
                    count,
                ),
            )
        # T-22: the inventory is lost but the A♦ (S-12); Aces to the bottom of the draw pile.
        inventory = self.character["inventory"]
        lost = [card for card in inventory if card != "AD"]
        for card in lost:
            inventory.remove(card)
            self.spend(card, announce=False)
        kept = _("Keep the A♦: it is never lost on death (S-12).") if "AD" in inventory else ""
        discarded = [card for card in lost if not is_ace(card)]
        aces = [card for card in lost if is_ace(card)]
        if discarded:
            text = _(
                "Your inventory is lost: put the {cards} on the discard pile.",
                cards=cards_text(discarded),
            )
            if kept and not aces:
                text = _("{text} {kept}", text=text, kept=kept)
            self.move(discarded, TO_DISCARD, "T-22", text)
        if aces:
            text = _(
                "Put the {cards} at the bottom of the draw pile (spent Aces go there, S-12).",
                cards=cards_text(aces),
            )
            if kept:
                text = _("{text} {kept}", text=text, kept=kept)
            self.move(aces, TO_BOTTOM, "T-22", text)
        if not lost and kept:
            self.move(["AD"], TO_INVENTORY, "S-12", kept)
        self.end_fight()

    # -- victory, loot, level-ups -------------------------------------------------------------

    def win(self) -> None:
        """T-16, T-18a (1)-(2): XP, kills, Jokers; then the hidden cards are turned as loot."""
        fight, character = self.fight, self.character
        self.internal["pending"] = []
        unneeded = self.internal.get("random_cards") or []
        self.internal["random_cards"] = []
        if unneeded:
            # T-11a: the monster is dead: the remaining random attacks are not turned.
            monster = card_text(fight["monster"])
            if len(unneeded) == 1:
                text = _(
                    "The {monster} is already dead: turn no card for the {card}'s random attack "
                    "(the {card} still goes on the discard pile).",
                    monster=monster,
                    card=card_text(unneeded[0]),
                )
            else:
                text = _(
                    "The {monster} is already dead: turn no card for the random attacks of the "
                    "{cards} (they still go on the discard pile).",
                    monster=monster,
                    cards=cards_text(unneeded),
                )
            self.event(
                "not_turned",
                "T-11a",
                text,
                cards=list(unneeded),
            )
        self.flush_table()
        fight["result"] = "won"
        fight["turn"] = None
        fight["extra_attacks"] = 0
        monster = fight["monster"]
        character["xp"] += fight["xp_value"]
        character["kills"] += 1
        text = _(
            "The {monster} is dead: +{xp} XP.", monster=card_text(monster), xp=fight["xp_value"]
        )
        self.event("kill", "T-16", text, xp=fight["xp_value"])
        if is_joker(monster):
            character["jokers"] += 1
            self.event(
                "joker_kill",
                "T-16",
                _("A Joker killed! Jokers: {jokers}.", jokers=character["jokers"]),
            )
        loot = ["loot"] * len(self.cards["hidden"])
        if loot and self.class_rank() == "J":
            loot.append("jack extra card")  # S-07, T-17: with loot only
        if loot:
            self.queue(loot)
        else:
            self.after_loot()

    def after_loot(self) -> None:
        """T-18a (4): one level-up roll per level gained, then the fight ends."""
        if self.level_up_due():
            self.set_step("level_up")
        else:
            self.end_fight()

    def level_up_due(self) -> bool:
        character = self.character
        return character["level"] < MAX_LEVEL and character["xp"] >= character["xp_next"]

    def do_level_up(self, action: dict) -> None:
        (die,) = self.dice_field(action, "hp_dice", 1, "T-20", _("level-up roll"))
        character = self.character
        old = dict(character)
        character["xp"] -= XP_PER_LEVEL * character["level"]  # T-19: the rest carries over
        character["level"] += 1
        character["hp_max"] += die
        if character["level"] in STR_LEVELS:
            character["str"] += 1
        level = character["level"]
        character["xp_next"] = None if level == MAX_LEVEL else XP_PER_LEVEL * level
        if character["str"] != old["str"]:
            text = _(
                "Level up: level {old} → {level}, HP max {old_hp} → {hp}, STR {old_str} → {str}.",
                old=old["level"],
                level=level,
                old_hp=old["hp_max"],
                hp=character["hp_max"],
                old_str=old["str"],
                str=character["str"],
            )
        else:
            text = _(
                "Level up: level {old} → {level}, HP max {old_hp} → {hp}.",
                old=old["level"],
                level=level,
                old_hp=old["hp_max"],
                hp=character["hp_max"],
            )
        self.event("level_up", "T-20", text, level=level)
        if not self.level_up_due():
            self.end_fight()

    def end_fight(self) -> None:
        """T-18, T-22, T-07: the fight's cards to the discard pile, refill the hand, next fight."""
        self.flush_table()
        fight, cards = self.fight, self.cards
        self.to_discard(fight["monster"])
        for slot in cards["hidden"] + cards["attack_pile"]:
            self.to_discard(slot)  # T-18: never-turned cards stay unknown
        self.move(
            [fight["monster"], *cards["hidden"], *cards["attack_pile"]],
            TO_DISCARD,
            {"won": "T-18", "died": "T-22"}.get(fight["result"], "T-14"),
            _(
                "Put {cards} on the discard pile.",
                cards=_fight_cards_text(fight["monster"], cards),
            ),
        )
        cards["hidden"], cards["attack_pile"] = [], []
        self.state["fight"] = None
        self.internal.update(pending=[], deadly=False, free_buy_used=False)
        self.refill_hand()

    def refill_hand(self) -> None:
        """T-07, T-08: between fights again: the hand drawn up to STR, then the session check."""
        self.set_step("between")
        needed = self.character["str"] - self.hand_count()
        self.internal["refill"] = 0
        if needed > 0:
            drawn = self.deal(needed)  # T-07: draw what there is
            for slot in drawn:
                self.to_hand(slot)
            self.internal["refill"] = len(drawn)
        self.check_session_end()


def _fight_cards_text(monster: str, cards: dict) -> str:
    """``the Q♠, the card under it and the 2 cards left in its attack pile`` (T-18)."""
    parts = [_("the {card}", card=card_text(monster))]
    hidden, pile = len(cards["hidden"]), len(cards["attack_pile"])
    if hidden:
        parts.append(ngettext("the card under it", "the {count} cards under it", hidden))
    if pile:
        parts.append(
            ngettext(
                "the card left in its attack pile",
                "the {count} cards left in its attack pile",
                pile,
            )
        )
    return and_words(parts)


def describe(state: dict) -> dict:
    """The `awaiting` dict for a state (built in awaiting.py from the play's read-only helpers)."""
    return awaiting.describe(state, _Play(state))
