"""Several characters at one table (rules/card-rpg-table.md): the facts every part reads.

Who may rob whom (T-27), which cards lie in an inventory (T-29), the duel options (T-38), the
table's actions and their fields (rules/actions.md, "Several characters at one table"), the
empty `rivals` record, and which of robbing and duelling a state accepts now. Read-only and
importing nothing of the engine, so the engine, its awaiting and the table's own modules
(robbing, duel, rivals) can all use it without an import circle.
"""

from ..cards import DECK, is_number, rank, suit, typed
from ..errors import RuleError
from ..text import _

# T-27 (S-07): the robber's class rank decides, never the suits; a Jack robs nobody.
ROBS = {"Q": ("J", "K"), "K": ("J", "Q")}
RANK_WORDS = {"J": _("a Jack"), "Q": _("a Queen"), "K": _("a King")}
RANKS_ROBBED = {"Q": _("Jacks and Kings"), "K": _("Jacks and Queens")}

# T-38: the duel options a table chooses, defaults first (T-33, T-35); both enter each log
# with its `start_duel`, so that a log replays alone.
DUEL_RULES = {"ace_of_spades": ("deadly", "off"), "xp": ("none", "hp_max")}
DUEL_RULE_WORDS = {"ace_of_spades": _("the A♠ in a duel (T-33)"), "xp": _("XP for a win (T-35)")}

ROB = "rob"
ROBBED = "robbed"
START_DUEL = "start_duel"
DUEL_HIT = "duel_hit"
DUEL_TURN_OVER = "duel_turn_over"
DUEL_SAVED = "duel_saved"
DUEL_WON = "duel_won"
CALL_OFF_DUEL = "call_off_duel"
DUEL_CALLED_OFF = "duel_called_off"

# L-01: the fields of each table action besides its `type` (rules/actions.md).
ACTION_FIELDS = {
    ROB: ("card", "victim"),
    ROBBED: ("card", "robber"),
    START_DUEL: ("opponent", "challenger", "rules"),
    DUEL_HIT: ("damage", "deadly"),
    DUEL_TURN_OVER: (),
    DUEL_SAVED: ("hp",),
    DUEL_WON: (),
    CALL_OFF_DUEL: (),
    DUEL_CALLED_OFF: (),
}
ACTION_TYPES = tuple(ACTION_FIELDS)
# Listed in `rivals.allowed`, never in `awaiting.action`, so a state outside a duel reads as it
# did before characters shared tables.
SETUP_TYPES = (ROB, ROBBED, START_DUEL)
# What the other duellist's log tells this one (rules/actions.md, `rivals.send`).
RECEIVED_TYPES = (ROBBED, DUEL_HIT, DUEL_TURN_OVER, DUEL_SAVED, DUEL_WON, DUEL_CALLED_OFF)

# The table actions in a player's words, for refusals ("now the game expects: …").
ACTION_WORDS = {
    ROB: _("rob another character"),
    ROBBED: _("be robbed"),
    START_DUEL: _("start a duel"),
    DUEL_HIT: _("hear of your opponent's hit"),
    DUEL_TURN_OVER: _("hear that your opponent's turn is over"),
    DUEL_SAVED: _("hear that your opponent was saved"),
    DUEL_WON: _("hear that your opponent died"),
    CALL_OFF_DUEL: _("call the duel off"),
    DUEL_CALLED_OFF: _("hear that the duel is called off"),
}


def fresh() -> dict:
    """The `rivals` record of a character that has never robbed, been robbed or duelled."""
    return {
        "player_kills": 0,
        "player_deaths": 0,
        "duels_drawn": 0,
        "robberies": 0,
        "times_robbed": 0,
        "rob_used": False,
        "allowed": [],
        "send": [],
    }


def may_rob(robber_class: str, victim_class: str) -> bool:
    """T-27: whether a character of the first class may rob one of the second."""
    return rank(victim_class) in ROBS.get(rank(robber_class), ())


def lies_in_inventory(card: str) -> bool:
    """T-29 (S-10): number cards lie in an inventory, but Diamonds 2–10 turn to gold (the A♦
    stays)."""
    return is_number(card) and (suit(card) != "D" or card == "AD")


def robbable_cards(inventory: list[str]) -> list[str]:
    """T-29: the cards a robber holding this inventory may take its own copy of."""
    return [card for card in DECK if lies_in_inventory(card) and card not in inventory]


def allowed(state: dict) -> list[str]:
    """Which of `rob`, `robbed` and `start_duel` have an acceptable instance now (T-27–T-30)."""
    character = state["character"]
    if character is None or state.get("duel") is not None:
        return []
    step = state["internal"]["step"]
    types = []
    rivals = state.get("rivals") or {}
    if (
        rank(character["class"]) in ROBS
        and step == "no_session"
        and not rivals.get("rob_used")
        and robbable_cards(character["inventory"])
    ):
        types.append(ROB)
    # Every class can be robbed by some class (T-27): what is needed is a card to take.
    if character["inventory"] and step in ("no_session", "between"):
        types.append(ROBBED)
    if step == "between":
        types.append(START_DUEL)
    return types


def duel_rules(given) -> dict:
    """T-38: the duel options of a `start_duel`, missing ones filled in, or RuleError."""
    rules = {option: choices[0] for option, choices in DUEL_RULES.items()}
    if given is None:
        return rules
    if not isinstance(given, dict):
        raise RuleError("T-38", _("the duel options must be given as options and their choices"))
    for option, chosen in given.items():
        if option not in DUEL_RULES:
            shown = typed(option) if isinstance(option, str) else _("that")
            raise RuleError(
                "T-38",
                _(
                    "{value} is not a duel option: the duel options are {options}",
                    value=shown,
                    options=_("the A♠ in a duel (T-33) and XP for a win (T-35)"),
                ),
            )
        choices = DUEL_RULES[option]
        if chosen not in choices:
            shown = typed(chosen) if isinstance(chosen, str | int) else _("that")
            raise RuleError(
                "T-38",
                _(
                    "{value} is not a choice for {option}: choose {first} or {second}",
                    value=shown,
                    option=DUEL_RULE_WORDS[option],
                    first=choices[0],
                    second=choices[1],
                ),
            )
        rules[option] = chosen
    return rules


def strikes_first(own_class: str, opponent_class: str, challenger: bool) -> bool:
    """T-31: the challenged strikes first, unless the challenger is a Jack and it is not."""
    challenger_class, challenged_class = (
        (own_class, opponent_class) if challenger else (opponent_class, own_class)
    )
    jack_challenges = rank(challenger_class) == "J" and rank(challenged_class) != "J"
    return challenger == jack_challenges
