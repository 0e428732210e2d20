"""One short line per rule ID, in the app's own words, for screens that show where an
instruction or a refusal comes from. The full rules are in the project's rules reference."""

from ..text import _

RULE_SUMMARIES = {
    # The rulebook (B-nn).
    "B-01": _(
        "One deck: the Player Card, map cards, quest cards (the X0 card among them) and the "
        "One Year Has Passed card."
    ),
    "B-02": _(
        "A quest card lists its terrain types, encounters by terrain and difficulty, often "
        "an item, and a random number in the corner."
    ),
    "B-03": _(
        "A map card gives its name, skill bonus, number, the maps beyond each edge, paths "
        "and locations with lay-low value and terrain types."
    ),
    "B-04": _("Three piles: the draw deck, the ready hand and the exhausted hand. No hand limit."),
    "B-05": _(
        "Discard = under the deck. Exhaust = ready to exhausted. Restore = exhausted to ready."
    ),
    "B-06": _("A random draw reads the top card's number; that card then goes under the deck."),
    "B-07": _("The One Year Has Passed card is dealt with as soon as it turns up."),
    "B-08": _("Setup: Player Card, Map 1, X0 and One Year out; shuffle; One Year at the bottom."),
    "B-09": _(
        "Draw until a Common item: it, the Player Card and Map 1 are the first ready hand; "
        "Vince starts in Ulendi and plays X0 first."
    ),
    "B-10": _("A turn: Lay Low, Travel, Encounter, Rest, in that order."),
    "B-11": _(
        "After an encounter here last turn, a random draw at or above the lay-low value "
        "skips straight to Rest."
    ),
    "B-12": _(
        "Travel one step along a path; leaving a map brings its neighbour's card into the "
        "ready hand."
    ),
    "B-13": _(
        "A ready map card adds its bonus to the base skill, also for the check it is spent "
        "in; exhausted it adds nothing."
    ),
    "B-14": _(
        "Every turn without Lay Low has an encounter: draw a difficulty, then draw until a "
        "card matches the location's terrain."
    ),
    "B-15": _(
        "Where a listing gives a choice, the player picks; the card is discarded after "
        "its encounter unless it says otherwise."
    ),
    "B-16": _("X1, X2, … are terrain types of their own, each with one special card."),
    "B-17": _("Z1, Z2, … are separate terrain types: a Z2 encounter needs a Z2 card."),
    "B-18": _(
        "A location's terrain modifier (F+2) is added to the difficulty of that terrain's "
        "encounters there."
    ),
    "B-19": _(
        "When no deck card matches, an encounter is played from a matching card in hand; "
        "it then goes back to its hand."
    ),
    "B-20": _("A random check is a random draw read against the listing."),
    "B-21": _(
        "A skill check is played with cards from the ready hand; each card played is "
        "exhausted and gives a value."
    ),
    "B-22": _("A card's modifier for the check's skill adds to its own draw when it is played."),
    "B-23": _("Skill items change the base skill while ready; Curses change it in either hand."),
    "B-24": _(
        "A check against a number only passes or fails; running out of cards or breaking "
        "a condition fails it."
    ),
    "B-25": _("“2@ 6+” means two passes at 6 or more; each attempt is a round."),
    "B-26": _("A Round Speed caps the cards played in one round."),
    "B-27": _("A lost round with a Damage exhausts that many cards, then the check goes on."),
    "B-28": _("After a round, with cards still ready, one Reusable item may be restored."),
    "B-29": _(
        "Maps and the Player Card are never discarded; a Curse only once its conditions are met."
    ),
    "B-30": _(
        "A discarded Unique item waits at its home location; coming back there, Vince may "
        "take it back instead of an encounter."
    ),
    "B-31": _("An item draw searches the deck for an item of the class; it joins the ready hand."),
    "B-32": _("Recover: restore up to Recovery cards; twice after laying low."),
    "B-33": _(
        "Trade at a Village, City or Port: 2+ cards for a Common item; at a City 4+ "
        "cards for an Uncommon one."
    ),
    "B-34": _("Cards may be discarded on purpose, anywhere."),
    "B-35": _("Winning one of the major X quests is a Victory."),
    "B-36": _("All three major quests won is a Major Victory."),
    "B-37": _("Vince dying or being removed for good loses the game."),
    # Table rules (BT-nn).
    "BT-01": _(
        "Every card is entered once in the catalogue (id, kind, number, terrains, "
        "classes…) before any action names it; at most 300 cards, names up to 60 characters."
    ),
    "BT-02": _(
        "Each card is in one place: deck, ready, exhausted, the encounter, or waiting at "
        "home. Draws come from the deck."
    ),
    "BT-03": _(
        "Setup gives the hand [item, Player Card, Map 1] at Ulendi; turn 1 plays the X0 "
        "card without a draw (table rule: stay or travel first)."
    ),
    "BT-04": _(
        "Lay Low needs an encounter here last turn, no suspended encounter and a "
        "lay-low value; at most once a turn."
    ),
    "BT-05": _(
        "One travel a turn, before the encounter: anywhere on this map, or onto a neighbouring map."
    ),
    "BT-06": _(
        "An encounter names the difficulty draw, the card and its terrain; X types take no "
        "draw; a card in hand only when the deck has none."
    ),
    "BT-07": _(
        "Effects are recorded while an encounter is open; it ends done, kept as an item, "
        "or ongoing into next turn."
    ),
    "BT-08": _(
        "Base skill = Player Card + ready maps' bonuses + ready Skill items + Curses in "
        "either hand."
    ),
    "BT-09": _(
        "A card played gives its number (table rule: or a fresh draw's) + the base skill "
        "+ its own modifier."
    ),
    "BT-10": _(
        "A spent card's bonus counts for its own play only (table rule: or for the whole check)."
    ),
    "BT-11": _(
        "A value at or above the target is a success; a lost round may cost damage; an "
        "empty ready hand fails the check."
    ),
    "BT-12": _(
        "After a finished round with cards still ready, one Reusable item may be restored "
        "before anything else."
    ),
    "BT-13": _("A result check plays exactly one card: its value is the result."),
    "BT-14": _(
        "Discards come from either hand; Unique items go home and may be taken back there; "
        "item draws name the class."
    ),
    "BT-15": _(
        "Rest: recover once (twice after Lay Low), trade (table rule: any number or one), "
        "discard, end the turn."
    ),
    "BT-16": _(
        "One Year Has Passed: counted, then carried out with effects (table rule: or it "
        "ends the adventure)."
    ),
    "BT-17": _(
        "Three quests won is a Major Victory and the end (table rule: or the first "
        "Victory ends it); death ends it too."
    ),
    # The action log (A-nn).
    "A-01": _("A log is a cardrpg-log file with game barbarian-vince; each action has a type."),
    "A-02": _(
        "Each action takes only its own fields; whole numbers are real numbers; notes and "
        "app data are ignored."
    ),
    "A-03": _(
        "The app accepts only what the adventure waits for now; anything else is refused "
        "with the reason."
    ),
}


def rule_summary(rule: str) -> str:
    """The short text of a rule ID ("BT-11"), or "" for an unknown one."""
    return RULE_SUMMARIES.get(rule, "")
