"""One short line per rule ID, in the app's own words, for screens that show where an
instruction comes from. The full rules are in the project's rules reference."""

from ..text import _
from .sessions import NAME_MAX_LENGTH

RULE_SUMMARIES = {
    "S-01": _("One 54-card deck: 52 cards and 2 Jokers. Every card is in exactly one place."),
    "S-03": _(
        "A character has a name (up to {limit} characters, at least one of them "
        "visible; it may be changed at any time), class, level, STR, HP, XP, gold, Jokers, kills, "
        "deaths and sessions.",
        limit=NAME_MAX_LENGTH,
    ),
    "S-04": _("A new character starts at level 1 with 0 of 10 XP and nothing else."),
    "S-05": _("STR = half the roll (rounded up) + 2; HP = the roll + 2."),
    "S-06": _("The class is a face card, kept out of the deck in every session."),
    "S-07": _(
        "Jack: one extra card with loot. Queen: keeps XP on death. King: may keep the hand "
        "on death."
    ),
    "S-08": _("You may use any inventory card as if it were of your class's suit."),
    "S-09": _("A Diamond character may sell inventory cards for their value in gold."),
    "S-10": _(
        "Inventory: Spade = damage before your attack; Heart = lives on with its value as HP; "
        "Diamond = gold at once; Club = one extra attack."
    ),
    "S-11": _("An inventory card may be played at any time; then it is discarded."),
    "S-12": _(
        "Aces: A♠ kills the monster, A♥ restores full HP on death, A♦ pays for buy-backs, "
        "A♣ lets you play any cards at once."
    ),
    "S-13": _(
        "Gold buys cards back from the discard pile (1 each) or the top card of the draw "
        "pile at its value (an Ace costs 20)."
    ),
    "S-14": _(
        "A session: take the class card out, shuffle, deal half your STR (rounded up) to "
        "the hand — your whole STR in the first session."
    ),
    "S-15": _("A session ends when the deck runs out, or when you end it."),
    "S-16": _(
        "Turn the top card: it is the monster. Face card: 1 card face down under it. Joker: 2."
    ),
    "S-17": _("Deal the monster's attack pile: as many cards as your level (twice for a Joker)."),
    "S-18": _(
        "The monster's HP is a roll of d6s: 3 dice at levels 1–2, 5 at 3–5, 7 at 6–8, "
        "10 at 9–10. A Joker counts every die as 6."
    ),
    "S-19": _("A Jack monster attacks first; otherwise you do."),
    "S-20": _("An attack plays one card, or several of one rank (a combo), from the hand."),
    "S-21": _(
        "A number card deals its value. A face card is a random attack: turn the top card "
        "of the draw pile."
    ),
    "S-22": _("At 0 HP or below the monster is dead and the fight is won."),
    "S-23": _("You die when your HP falls below zero, unless a Heart or the A♥ saves you."),
    "T-01": _("Cards are written rank then suit: 7H, 10♠, qd; Jokers are JK1 and JK2."),
    "T-02": _("Creation rolls use 1 die each (table rule; 2 dice as an option)."),
    "T-03": _("With the A♦ held, buying back from the discard pile is free."),
    "T-04": _("The inventory stays out of the shuffle, across fights and sessions."),
    "T-04a": _("Your class suit changes number cards 2–10 only; an Ace keeps its own power."),
    "T-04b": _("A Spade works only before the turn's first attack; the A♠ any time in your turn."),
    "T-05": _(
        "A card bought back goes into your hand; you may buy between fights or in your turn."
    ),
    "T-06": _("A Diamond bought into the inventory turns straight back into gold."),
    "T-07": _("When a fight ends, your hand is refilled to your STR from the draw pile."),
    "T-08": _(
        "Between fights the session ends when the draw pile holds fewer than level + 2 cards."
    ),
    "T-08a": _(
        "Cards put at the bottom of the draw pile come up only after all the cards above them."
    ),
    "T-09": _("Roll the monster's HP in the app, or type in your real dice."),
    "T-10": _("You start every fight at full HP."),
    "T-11": _("Cards played or turned go to the discard pile."),
    "T-11a": _("One attack is one play; number cards hit first, then random attacks in order."),
    "T-12": _(
        "A turned number card hits for its value; a face card is a critical hit (next number "
        "card × 2); a Joker is a deadly blow."
    ),
    "T-13": _(
        "The monster's turn: turn the top card of its attack pile; it hits like an attack card."
    ),
    "T-14": _(
        "A monster with no attack cards left skips its turns, and escapes once your hand is empty."
    ),
    "T-15": _("A Club's extra attack is one more play; your turn lasts until they are used."),
    "T-16": _("XP for a win: a face card's HP roll, a number card's value, a Joker's HP."),
    "T-17": _("Loot: the cards under the monster go into your inventory (Diamonds into gold)."),
    "T-18": _("After a fight the monster and its cards go to the discard pile."),
    "T-18a": _(
        "After a win: XP, then loot, then the Jack's card, then level-ups, then the refill."
    ),
    "T-19": _("XP for the next level = 10 × your level; extra XP carries over."),
    "T-20": _("Each level: HP max + 1 die; STR + 1 at levels 3, 5, 7 and 9."),
    "T-21": _("With several saves you choose; the smallest Heart is suggested, the A♥ last."),
    "T-22": _(
        "On death: no XP or loot, XP back to 0 (not a Queen), hand and inventory discarded "
        "(not the A♦)."
    ),
    "T-22a": _("Below zero HP with a Heart or the A♥ held, you choose to spend it or die."),
    # Several characters at one table (rules/card-rpg-table.md).
    "T-25": _(
        "One deck per character: every card a character plays, turns, buys or loses stays in "
        "its own deck."
    ),
    "T-26": _(
        "A table has 2–6 seats, one character each; only characters at one table rob or duel "
        "each other."
    ),
    "T-27": _("Queens rob Jacks and Kings, Kings rob Jacks and Queens; Jacks rob nobody."),
    "T-28": _(
        "Rob once before each of your sessions, with none running; the victim is between fights "
        "or has no session."
    ),
    "T-29": _(
        "The robber takes its own copy of an inventory card; the victim's card leaves like a "
        "spent one."
    ),
    "T-30": _(
        "Two characters between fights may duel: one challenges, the other accepts or declines."
    ),
    "T-31": _(
        "A duel starts at full HP with the hands held; the challenged strikes first, unless a "
        "Jack challenged."
    ),
    "T-32": _(
        "A duel turn is a fight's turn against the opponent: each play, Spade or A♠ is one hit."
    ),
    "T-33": _(
        "Items work against the opponent; the A♠ is a deadly blow, and only the A♥ saves from one."
    ),
    "T-34": _(
        "Below zero HP a duellist is saved or dies, a death in every respect; the other wins "
        "at once."
    ),
    "T-35": _(
        "The winner counts a player kill; no XP unless the table plays duel XP (the loser's HP "
        "max)."
    ),
    "T-36": _(
        "Two passes in a row draw a duel; both players may call it off; a deck run out calls it "
        "off."
    ),
    "T-37": _(
        "Each log holds its own character's actions and what the other log sent it; a step "
        "changes both or neither."
    ),
    "T-38": _("The host chooses the table's options: robbing, duels, the A♠ in duels and duel XP."),
    # The log format's own rule (rules/actions.md), for refusals of a file's actions.
    "L-01": _("An action holds only the fields the log format lists for its type."),
}


def rule_summary(rule: str) -> str:
    """The short text of a rule ID ("S-20"), or "" for an unknown one."""
    return RULE_SUMMARIES.get(rule, "")
