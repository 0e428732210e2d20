"""A step at the table that touches two characters, applied to both states (T-37).

A player's action is applied to its own character's state; then, while the state last applied
to has a non-empty `rivals.send`, its actions are applied one by one, in order, to the other
character (each one's own `send` handled before the next). Pure: the states given are never
changed, and a refusal in either log raises RuleError, so nothing of the step is kept. The app
routes what the engine computed: it finds the other character's record, passes both states in,
and appends each applied action to its own character's log, all in one transaction.

It also says what a seat at the table may do to another now (`rob_offer`, `challenge_offer`,
`call_off_offer`): the same trial, so a button is offered exactly when the step would be
accepted.
"""

from dataclasses import dataclass

from ..errors import RuleError
from ..text import _
from . import facts, rivalry, rivals

ACTOR = "actor"
OTHER = "other"
# No exchange of a step ever needs this many actions (a hit, the death it causes and the win it
# sends back are three): more means two logs answering each other without end.
MAX_ACTIONS = 16


@dataclass(frozen=True)
class Applied:
    """One action applied in a step: to whose log (`actor` or `other`), and the state after it."""

    who: str
    action: dict
    state: dict


@dataclass(frozen=True)
class Step:
    """A step applied to both characters: their states after it, and every action in order."""

    actor: dict
    other: dict | None
    applied: tuple[Applied, ...]

    def actions(self, who: str) -> list[dict]:
        """The actions the step appends to one character's log (`actor` or `other`), in order."""
        return [one.action for one in self.applied if one.who == who]


def exchange(actor: dict, other: dict | None, action: dict) -> Step:
    """Apply a player's `action` to `actor`, then what each log sends the other (T-37).

    `other` is the character the action concerns (the victim of a robbery, the duel opponent),
    or None when there is none at the table: a step that must send something is then refused,
    except a call-off, whose word to a departed opponent is dropped (rules/actions.md).
    """
    states = {ACTOR: actor, OTHER: other}
    applied: list[Applied] = []

    def play(who: str, one: dict) -> None:
        if len(applied) >= MAX_ACTIONS:
            raise RuleError("T-37", _("the two logs answer each other without end"))
        states[who] = rivals.apply(states[who], one)
        applied.append(Applied(who, one, states[who]))
        to = OTHER if who == ACTOR else ACTOR
        for sent in states[who]["rivals"]["send"]:
            if states[to] is None:
                if one.get("type") == rivalry.CALL_OFF_DUEL:
                    continue
                raise RuleError(
                    "T-26",
                    _("the other character is not at this table: nothing can be done to it"),
                )
            play(to, sent)

    play(ACTOR, action)
    return Step(states[ACTOR], states[OTHER], tuple(applied))


def rob_action(robber: dict, victim: dict, card: str) -> dict:
    """The `rob` of `card` from `victim`, with the victim's facts as its log holds them."""
    return {"type": rivalry.ROB, "card": card, "victim": facts.of(victim)}


def challenge_action(challenger: dict, challenged: dict, rules: dict | None = None) -> dict:
    """The challenger's `start_duel` as the challenge is accepted (T-30, T-38)."""
    return {
        "type": rivalry.START_DUEL,
        "opponent": facts.of(challenged, duellist=True),
        "challenger": True,
        "rules": rivalry.duel_rules(rules),
    }


@dataclass(frozen=True)
class Offer:
    """Whether a step on another seat is possible now, and if not, the rule and the reason."""

    possible: bool
    rule: str = ""
    reason: str = ""
    cards: tuple[str, ...] = ()  # for a robbery: the victim's cards the robber may take


def rob_offer(robber: dict, victim: dict) -> Offer:
    """Which of `victim`'s inventory cards `robber` may rob now (T-27–T-29)."""
    inventory = victim["character"]["inventory"] if victim["character"] else []
    cards, refusal = [], None
    for card in inventory:
        try:
            exchange(robber, victim, rob_action(robber, victim, card))
        except RuleError as error:
            refusal = refusal or error
            continue
        cards.append(card)
    if cards:
        return Offer(True, cards=tuple(cards))
    if refusal is None:
        # Nothing to take; the robber's own rules (T-27, T-28) may refuse it anyway.
        own = robber["character"]["inventory"] if robber["character"] else []
        try:
            rivals.apply(robber, rob_action(robber, victim, rivalry.robbable_cards(own)[0]))
        except RuleError as error:
            refusal = error
        else:
            name = victim["character"]["name"] if victim["character"] else ""
            refusal = RuleError("T-29", _("{name} has nothing in the inventory", name=name))
    return Offer(False, refusal.rule, refusal.message)


def challenge_offer(challenger: dict, challenged: dict, rules: dict | None = None) -> Offer:
    """Whether `challenger` may challenge `challenged` now: both between fights (T-30)."""
    try:
        exchange(challenger, challenged, challenge_action(challenger, challenged, rules))
    except RuleError as error:
        return Offer(False, error.rule, error.message)
    return Offer(True)


def call_off_offer(duellist: dict, opponent: dict | None) -> Offer:
    """Whether a duel may be called off now: neither duellist awaits a step of its own (T-36).

    `opponent` None: the opponent has left the table, and the duellist may call it off alone.
    """
    try:
        exchange(duellist, opponent, {"type": rivalry.CALL_OFF_DUEL})
    except RuleError as error:
        return Offer(False, error.rule, error.message)
    return Offer(True)
