"""One short line per rule ID (H-, HT-, HL-), in the app's own words, for screens that say where
an instruction or a refusal comes from. The full rules are in the project's rules reference."""

from ..text import _

RULE_SUMMARIES = {
    "H-01": _("2 to 6 heroes, each named by their player, with a cup, a D20 and a signature move."),
    "H-02": _(
        "The seven start tiles are one place, the Starting Point, and a portal; no card moves "
        "them and no trap goes there."
    ),
    "H-03": _(
        "With 2 or 3 players, 20 tiles leave the game (2 portals, 4 rewards, 4 bosses, "
        "10 monsters): 30 remain."
    ),
    "H-04": _("The dungeon is laid face down, tile by tile, joined to what is already laid."),
    "H-05": _("The loot and power-up decks are shuffled apart; everyone starts with 3 loot cards."),
    "H-06": _("Every cup starts full and every hero stands on the Starting Point."),
    "H-07": _("Everyone rolls a D20: the highest roll plays first."),
    "H-08": _("A turn has one action: explore, move or challenge."),
    "H-09": _("Explore: turn up a dungeon tile next to you and resolve it."),
    "H-10": _("Move: one or two steps, each onto a revealed tile."),
    "H-11": _(
        "Challenge: next to the face-up Drink Hoard with three power-ups, take on the guardian."
    ),
    "H-12": _("A hero who can't move has their turn ended."),
    "H-13": _("Between two turns anyone may play between-turns loot cards."),
    "H-14": _(
        "Monster: roll at least its level to win its reward and its tile; lose and drink its "
        "damage while it turns face down again."
    ),
    "H-15": _("A beaten monster stays face up and gives nothing more."),
    "H-16": _(
        "Team battle: you and a partner add your rolls; more than the level wins for both, "
        "otherwise both drink."
    ),
    "H-17": _("Reward: take it at once; the tile stays face up, empty."),
    "H-18": _("Portal: from one portal go to any other, once per turn; the Starting Point is one."),
    "H-19": _(
        "Boss: another player plays it; the higher roll wins, ties roll again; the loser's side "
        "drinks the boss's attack."
    ),
    "H-20": _(
        "The Drink Hoard: with three power-ups you must challenge at once, bare roll only; with "
        "fewer your turn ends. Nobody walks into it."
    ),
    "H-21": _(
        "Loot cards are secret, played at the time they say, once each; there is no hand limit."
    ),
    "H-22": _(
        "Power-ups are public and lasting; hold at most three, a fourth means a discard into "
        "your room."
    ),
    "H-23": _("Your signature move works like a power-up and can't be stolen or discarded."),
    "H-24": _("A trap card sets a trap in an empty room (not the Hoard); at most three a room."),
    "H-25": _("Entering a trapped room: roll 10 or more to disarm, otherwise drink 10."),
    "H-26": _(
        "Duel: before your action, once a turn, challenge a neighbour; higher roll wins, the "
        "loser drinks 10 and a winning challenger swaps places."
    ),
    "H-27": _(
        "Damage is drunk. At 0 HP: power-ups dropped here, loot down to one, back to the "
        "Starting Point with a full cup."
    ),
    "H-28": _("The first hero to beat the Grand Drink Guardian wins."),
    "HT-01": _(
        "Table rule: health in HP, the full line 100 by default; duel and trap losses are "
        "always 10."
    ),
    "HT-02": _(
        "Table rule: turn order by the rolls, ties rolling again; or clockwise from the winner."
    ),
    "HT-03": _(
        "The app records a tile when it is explored, up to the dungeon's size, and one Drink "
        "Hoard only."
    ),
    "HT-04": _("Table rule: the small dungeon with 2–3 players, or always the full 50 tiles."),
    "HT-05": _(
        "Hexes are [q, r]; the Starting Point is one place; places touching are adjacent; open "
        "places can be walked into."
    ),
    "HT-06": _(
        "The turn starts with the active player's first move of any kind and ends when they end "
        "it; what is awaited comes first."
    ),
    "HT-07": _(
        "A move's steps go place to place through open places, never the Hoard, ending "
        "somewhere new."
    ),
    "HT-08": _(
        "An explored tile is recorded with its face; a monster turned back keeps its record."
    ),
    "HT-09": _("A reward heals, then gives loot, then each power-up named as it is drawn."),
    "HT-10": _(
        "Team battle: any partner, anywhere; on a win the explorer advances and both take the "
        "reward."
    ),
    "HT-11": _(
        "Boss: totals compared, ties roll again with the same boss player; the level may be "
        "added to the boss (table rule)."
    ),
    "HT-12": _(
        "Portals are not an action: any time on your turn, or only on arrival (table rule); "
        "never where another hero stands."
    ),
    "HT-13": _(
        "The explorer never stands on the Hoard; a later challenge is the turn's action, no "
        "modifiers at all."
    ),
    "HT-14": _(
        "A roll is a D20 plus declared modifiers from power-ups, the signature move, loot or "
        "other effects."
    ),
    "HT-15": _(
        "The app counts loot cards and keeps the names you note; each card is played at its "
        "own time."
    ),
    "HT-16": _(
        "Dropped power-ups lie in their room for the active hero standing there to pick up."
    ),
    "HT-17": _(
        "Card effects are recorded as simple steps: damage, healing, loot, power-ups, heroes "
        "or tiles moved, traps, an extra action."
    ),
    "HT-18": _(
        "Entering a trapped room rolls once per trap; traps go after their roll, or only when "
        "disarmed (table rule)."
    ),
    "HT-19": _(
        "Duels compare totals; a tie is rolled again; a won duel swaps places, traps included."
    ),
    "HT-20": _(
        "Table rule: one hero a room (duel to get past), or rooms shared at the end of a move."
    ),
    "HT-21": _("A hero dies at 0 HP or less; deaths are counted and the turn goes on."),
    "HT-22": _("Once there is a winner nothing more is accepted."),
    "HL-01": _("An action is an object whose type is one of this game's actions."),
    "HL-02": _(
        "A missing field, a wrong type or a value out of range is refused, naming the field."
    ),
}


def rule_summary(rule: str) -> str:
    """The short text of a rule ID ("H-14", "HT-18", "HL-02"), or "" for an unknown one."""
    return RULE_SUMMARIES.get(rule, "")
