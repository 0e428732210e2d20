"""Encounters: the card drawn, its difficulty, how it ends (B-14, B-19, BT-06, BT-07)."""

from ..errors import RuleError
from ..text import _, listed
from . import places
from .catalogue import MAX_SKILL, is_item, is_x_type, parse_terrain
from .play_base import PlayBase


class Encounters(PlayBase):
    """The handlers of the encounter phase."""

    def do_draw_encounter(self, fields: dict) -> None:
        card = self.card(fields)
        entry = self.catalogue[card]
        if entry["kind"] != "quest":
            raise RuleError(
                "BT-06", _("{card} is not a quest card: it has no encounters", card=card)
            )
        terrain = None
        if "terrain" in fields:
            terrain, _modifier = parse_terrain(
                fields["terrain"], modifier_allowed=False, rule="BT-06"
            )
        adjust = self.whole(fields, "adjust", "A-02", -MAX_SKILL, MAX_SKILL)
        types_here = places.terrain_modifiers(self.new)
        turn_one = self.new["turn"] == 1 and self.new["encounters_this_turn"] == 0
        follow_up = self.new["encounters_this_turn"] >= 1
        if turn_one:
            if terrain not in (None, "X0"):
                raise RuleError("BT-03", _("the first encounter is the X0 card's"))
            terrain = "X0"
            if "X0" not in entry["terrains"]:
                raise RuleError(
                    "BT-03", _("{card} is not the X0 card: the first encounter is", card=card)
                )
            matching = ("X0",)
            needs_draw = False
            modifier = 0
        elif follow_up:
            if terrain is None:
                raise RuleError("BT-06", _("say which terrain type the card sends Vince into"))
            if terrain not in entry["terrains"]:
                raise RuleError(
                    "BT-06", _("{card} carries no {terrain} encounters", card=card, terrain=terrain)
                )
            matching = (terrain,)
            needs_draw = not is_x_type(terrain)
            modifier = types_here.get(terrain, 0)
        else:
            on_card = [kind for kind in types_here if kind in entry["terrains"]]
            if terrain is None:
                if not on_card:
                    raise RuleError(
                        "B-14",
                        _(
                            "{card} carries none of the terrain types here ({types})",
                            card=card,
                            types=listed(types_here, "and"),
                        ),
                    )
                if len(on_card) > 1:
                    raise RuleError(
                        "BT-06",
                        _(
                            "{card} matches {types} here: say which terrain type is played",
                            card=card,
                            types=listed(on_card, "and"),
                        ),
                    )
                terrain = on_card[0]
            elif terrain not in types_here:
                raise RuleError(
                    "B-14",
                    _(
                        "{terrain} is not a terrain type of {place}",
                        terrain=terrain,
                        place=self.new["location"]["location"],
                    ),
                )
            elif terrain not in entry["terrains"]:
                raise RuleError(
                    "B-14", _("{card} carries no {terrain} encounters", card=card, terrain=terrain)
                )
            matching = tuple(types_here)
            # An all-X location is searched straight away; elsewhere the draw comes first.
            needs_draw = not all(is_x_type(kind) for kind in types_here)
            modifier = types_here[terrain]
        if needs_draw and "draw" not in fields:
            raise RuleError("BT-06", _("make the difficulty draw first and enter the card drawn"))
        if not needs_draw and ("draw" in fields or adjust is not None):
            raise RuleError(
                "BT-06",
                _(
                    "a {terrain} encounter takes no difficulty draw and no adjustment",
                    terrain=terrain,
                ),
            )
        drawn = self.random_draw(fields) if needs_draw else None
        if drawn is not None and drawn["card"] == card:
            raise RuleError(
                "BT-06",
                _(
                    "{card} is the difficulty draw, set aside until the encounter card is found",
                    card=card,
                ),
            )
        from_hand = None
        place = places.place_of(self.new, card)
        if place in (places.READY, places.EXHAUSTED):
            blocking = self.deck_match(matching, drawn)
            if blocking is not None:
                raise RuleError(
                    "B-19",
                    _(
                        "{card} is in hand: an encounter card comes from the deck while a card "
                        "there ({other}) carries {types}",
                        card=card,
                        other=blocking,
                        types=listed(matching, "or"),
                    ),
                )
            from_hand = place
            if place == places.READY:
                self.to_exhausted(card)
        elif place != places.DECK:
            self.refuse_elsewhere(card, _("in the draw deck or in hand"))
        # The difficulty is known only from a draw: an X card found at a mixed location keeps
        # the number drawn before the search (BT-06); an X search alone has none.
        difficulty = None if drawn is None else drawn["number"] + modifier + (adjust or 0)
        self.new["encounter"] = {
            "card": card,
            "terrain": terrain,
            "difficulty": difficulty,
            "from_hand": from_hand,
            "suspended": False,
        }
        self.clear_check()
        self.new["phase"] = "encounter"
        self.new["encounters_this_turn"] += 1
        where = self.new["location"]
        self.internal()["encounter_places"].append([where["map"], where["location"]])

    def deck_match(self, types: tuple, drawn: dict | None) -> str | None:
        """A deck card (not the difficulty draw) carrying one of `types`, if any (B-19)."""
        aside = drawn["card"] if drawn else None
        for card, entry in self.catalogue.items():
            if entry["kind"] != "quest" or card == aside:
                continue
            matches = any(kind in entry["terrains"] for kind in types)
            if matches and places.place_of(self.new, card) == places.DECK:
                return card
        return None

    def do_end_encounter(self, fields: dict) -> None:
        outcome = self.choice(fields, "outcome", ("done", "keep", "ongoing"), "done")
        encounter = self.new["encounter"]
        card = encounter["card"]
        if outcome == "ongoing":
            self.new["encounter"] = {**encounter, "suspended": True}
            self.new["phase"] = "rest"
        else:
            if outcome == "keep":
                if encounter["from_hand"] is not None:
                    raise RuleError(
                        "BT-07", _("{card} came from a hand: it goes back there", card=card)
                    )
                if not is_item(self.catalogue[card]):
                    raise RuleError(
                        "BT-07", _("{card} carries no item, so it cannot be kept", card=card)
                    )
                self.mine("ready").append(card)
            elif encounter["from_hand"] == places.READY:
                self.to_ready(card)  # B-19: back to the hand it came from
            self.new["encounter"] = None
        self.clear_check()

    def do_win_quest(self, fields: dict) -> None:
        self.mine("quests_won").append(self.new["encounter"]["card"])
        won = len(self.new["quests_won"])
        self.new["victory"] = "major" if won >= 3 else "minor"
        if won >= 3 or self.ruleset["victory_ends"] == "first":
            self.new["status"] = "won"
