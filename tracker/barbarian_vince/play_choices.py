"""What the play screen's forms offer: places to travel to, cards to restore, discard or trade,
the setup's steps, and the names a card field takes."""

from __future__ import annotations

from functools import cached_property

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tracker.barbarian_vince.play_words import CLASS_WORDS, CardView, card_view, signed, skill_name
from tracker.core.i18n import listing
from tracker.rules import barbarian_vince as bv
from tracker.rules.barbarian_vince.catalogue import CLASSES, SKILLS
from tracker.rules.errors import RuleError


class Choices:
    """The choices of the forms the screen draws, from the state and the player's deck."""

    def __init__(self, state: dict, *, reason: str, projection: dict):
        self.state = state
        self.reason = reason
        self.projection = projection
        # The player's deck cards this adventure has not entered yet (id → register_card
        # fields), set by the view: a tap naming one enters it on the way (BT-01).
        self.known: dict[str, dict] = {}

    @cached_property
    def destinations(self) -> list[dict]:
        """Where Vince may travel, grouped by map, each with its lay-low value and terrains."""
        groups: dict[str, list] = {}
        state = self._with_known_maps
        for row in bv.travel_destinations(state):
            value = bv.location_lay_low(state, row["map"], row["location"])
            types = bv.location_terrain_types(state, row["map"], row["location"])
            terrains = " ".join(kind + (signed(mod) if mod else "") for kind, mod in types.items())
            groups.setdefault(row["map"], []).append(
                {
                    "value": f"{row['map']}|{row['location']}",
                    "label": f"{row['location']} [{value if value is not None else '—'}"
                    f"{'+' if value is not None else ''}] ({terrains})",
                }
            )
        return [{"map": name, "places": places} for name, places in groups.items()]

    @cached_property
    def _with_known_maps(self) -> dict:
        """The state as if the deck's maps were entered: travel offers their places, and the
        tap that goes there enters the map on the way (BT-01, BT-05)."""
        state = self.state
        for fields in self.known.values():
            if fields.get("kind") != "map":
                continue
            try:
                state = bv.apply(state, {"type": "register_card", **fields})
            except RuleError:
                continue
        return state

    @property
    def maps_missing(self) -> list[str]:
        """Neighbouring maps neither entered nor in the player's deck (Vince can't go there
        until they are)."""
        return [
            row["map"]
            for row in bv.neighbouring_maps(self.state)
            if not row["registered"] and row["map"] not in self.known
        ]

    @cached_property
    def all_places(self) -> list[dict]:
        """Every location of every map entered (a card may move Vince anywhere, BT-07)."""
        here = self.state["location"]
        groups = []
        for card, entry in self.state["catalogue"].items():
            if entry["kind"] != "map":
                continue
            places = [
                {"value": f"{card}|{loc['name']}", "label": loc["name"]}
                for loc in entry["locations"]
                if here != {"map": card, "location": loc["name"]}
            ]
            groups.append({"map": card, "places": places})
        return groups

    @property
    def encounter_terrain_choices(self) -> list[str] | None:
        """The terrain types a regular encounter may be played for (None: a follow-up, any)."""
        return bv.encounter_terrains(self.state)

    @property
    def follow_up(self) -> bool:
        return self.state["encounters_this_turn"] > 0

    @property
    def first_turn(self) -> bool:
        return self.state["turn"] == 1 and self.state["encounters_this_turn"] == 0

    @property
    def needs_draw(self) -> bool:
        """Whether the next encounter takes a difficulty draw (a follow-up: unless X type)."""
        return bv.needs_difficulty_draw(self.state) and not self.first_turn

    @property
    def setup_steps(self) -> list[dict]:
        """What setup still needs in the catalogue: the Player Card and Map 1 with Ulendi."""
        catalogue = self.state["catalogue"]
        player = self.state["internal"]["player_card"]
        map_one = catalogue.get("Map 1")
        has_ulendi = map_one is not None and any(
            loc["name"] == "Ulendi" for loc in map_one.get("locations", [])
        )
        return [
            {"label": _("the Player Card"), "done": player is not None, "kind": "player"},
            {"label": _("Map 1, with Ulendi on it"), "done": has_ulendi, "kind": "map"},
        ]

    @property
    def common_items(self) -> list[dict]:
        """Common items in the deck: what setup may start with, each with its name if any."""
        catalogue = self.state["catalogue"]
        return [
            {"id": card, "label": card_view(self.state, card).label}
            for card in self.deck
            if "Common" in (catalogue[card].get("classes") or ())
        ]

    @cached_property
    def restorable(self) -> list[CardView]:
        return [card_view(self.state, card) for card in bv.restorable_cards(self.state)]

    @cached_property
    def discardable(self) -> list[CardView]:
        return [card_view(self.state, card) for card in bv.discardable_cards(self.state)]

    @property
    def any_curse(self) -> bool:
        return any(card.curse for card in self.discardable)

    @property
    def waiting(self) -> list[str]:
        return bv.waiting_here(self.state)

    @property
    def waiting_elsewhere(self) -> list[dict]:
        """Unique items waiting at their home somewhere else (B-30, BT-14)."""
        here = self.state["location"]
        return [
            {"card": card, "place": f"{home['location']} ({home['map']})"}
            for card, home in self.state["waiting"].items()
            if home != here
        ]

    @property
    def recovery(self) -> dict:
        return {
            "skill": self.state["skills"]["recovery"],
            "left": bv.recoveries_left(self.state),
        }

    @property
    def trade(self) -> dict:
        left = bv.trades_left(self.state)
        return {
            "classes": [
                {"value": name, "label": CLASS_WORDS[name], "cost": 4 if name == "Uncommon" else 2}
                for name in bv.trade_classes(self.state)
                # Only what the cards that can be given up can pay (B-33).
                if len(self.discardable) >= (4 if name == "Uncommon" else 2)
            ],
            "left": left,
            "left_words": ""
            if left is None
            else ngettext(
                "%(count)s trade left in this rest (table rule BT-15)",
                "%(count)s trades left in this rest (table rule BT-15)",
                left,
            )
            % {"count": left},
        }

    @property
    def rest_counts(self) -> str:
        """What this turn's rest has done so far, counted ("" before any of it, or elsewhere)."""
        if self.reason not in ("rest", "after_encounter"):
            return ""
        turn = self.projection.get("turn") or {}
        recovered = len(turn.get("recovered") or [])
        trades = turn.get("trades") or 0
        discarded = len(turn.get("discarded") or [])
        if not (recovered or trades or discarded):
            return ""
        parts = [
            ngettext("%(count)s card recovered", "%(count)s cards recovered", recovered)
            % {"count": recovered},
            ngettext("%(count)s trade", "%(count)s trades", trades) % {"count": trades},
            ngettext("%(count)s card discarded", "%(count)s cards discarded", discarded)
            % {"count": discarded},
        ]
        return _("This turn so far: %(counts)s.") % {"counts": listing(parts)}

    @property
    def item_classes(self) -> list[dict]:
        return [{"value": name, "label": CLASS_WORDS[name]} for name in CLASSES]

    @property
    def new_card_kinds(self) -> list[tuple]:
        """The kinds a card met in play may be (maps and the Player Card are entered ahead)."""
        from tracker.barbarian_vince.forms import KINDS

        return [(value, label) for value, label in KINDS if value in ("quest", "item", "one_year")]

    @property
    def class_choices(self) -> list[tuple]:
        return list(CLASS_WORDS.items())

    @property
    def skill_choices(self) -> list[dict]:
        return [{"value": skill, "label": skill_name(skill)} for skill in SKILLS]

    @cached_property
    def deck(self) -> list[str]:
        return bv.deck_cards(self.state)

    @property
    def names(self) -> list[str]:
        """The ids a card field offers: the deck's entered cards and the player's others."""
        return [*self.deck, *(card for card in self.known if card not in self.state["catalogue"])]

    @property
    def deck_to_bring(self) -> int:
        """How many cards of the player's deck one tap would enter here."""
        return len(self.known) if self.state["status"] in ("setup", "playing") else 0
