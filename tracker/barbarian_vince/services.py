"""Use cases on Barbarian Vince adventures: the core's services in the game's own words.

Each write is one transaction with the core's guarantees (locked row, version check,
append-only log, nothing written on a refusal). What is the game's own lives here: an adventure
begins with its begin_adventure action (its name and table rules), and a card the player
entered in an earlier adventure can be entered again from their card memory.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from django.db import transaction
from django.db.models import Q

from tracker.barbarian_vince import deck
from tracker.barbarian_vince.game import GAME, check_name
from tracker.barbarian_vince.models import Adventure, AdventureTurn, RememberedCard
from tracker.core import services as core
from tracker.core.services import AlreadyApplied, UndoError, VersionConflict
from tracker.rules.barbarian_vince import apply as engine_apply
from tracker.rules.barbarian_vince import initial_state
from tracker.rules.errors import RuleError
from tracker.rules.text import _

# How many remembered cards a search offers at once.
RECALL_LIMIT = 8
# The fields of an action that name cards (a list or one id); a travel or a move names a map.
CARD_FIELDS = ("card", "draw", "item", "cards", "give")
MAP_FIELDS = ("map",)
# The terms of a check that a card's listing prints (B-21), and how many listings a card keeps.
CHECK_TERMS = ("skill", "target", "times", "round_speed", "damage")
MAX_LISTINGS = 24
# The order a whole deck is entered in: the Player Card, the maps, then the rest (BT-01).
KIND_ORDER = {"player": 0, "map": 1}


# --- reading ---------------------------------------------------------------------------------


def adventure_get(*, adventure_id: int, owner) -> Adventure:
    """The owner's adventure with its state (one query; Adventure.DoesNotExist if not theirs)."""
    return core.record_get(game=GAME, record_id=adventure_id, owner=owner)


def running_turn(adventure: Adventure) -> dict | None:
    """The turn being played (or the last one, once the adventure is over), from the projection."""
    return (adventure.projection or {}).get("turn")


def finished_turns(adventure: Adventure):
    """The rows of the turns that have ended in the log as it stands, newest first."""
    return AdventureTurn.objects.filter(adventure=adventure).order_by("-number")


def remembered_cards(*, owner, text: str = "", exclude: Sequence[str] = ()) -> list:
    """The owner's remembered cards whose id or name contains `text` (one query, a few)."""
    rows = RememberedCard.objects.filter(owner=owner)
    text = text.strip()
    if text:
        rows = rows.filter(Q(card_id__icontains=text) | Q(name__icontains=text))
    if exclude:
        rows = rows.exclude(card_id__in=list(exclude))
    return list(rows.order_by("card_id")[:RECALL_LIMIT])


def adventure_state_at(*, adventure: Adventure, seq: int) -> dict:
    """The engine state just after log entry `seq` (replayed from the snapshot before it)."""
    state, _projection, _table = core.record_state_at(game=GAME, record=adventure, seq=seq)
    return state


def adventure_steps(*, adventure: Adventure, first: int, last: int) -> list[core.Step]:
    """Log entries first…last with the states around each (one query, from a snapshot)."""
    return core.record_steps(game=GAME, record=adventure, first=first, last=last)


# --- creating and playing --------------------------------------------------------------------


def adventure_create(*, owner, name: str, ruleset: dict | None = None) -> Adventure:
    """Begin an adventure: its begin_adventure action with its name and table rules."""
    action: dict = {"type": "begin_adventure", "name": name}
    if ruleset:
        action["ruleset"] = dict(ruleset)
    state = engine_apply(initial_state(), action)  # refuses a bad name or ruleset first
    return core.record_create(
        game=GAME, owner=owner, actions=[action], name=check_name(state["name"])
    )


def adventure_apply(
    *,
    adventure_id: int,
    owner,
    action: dict | None = None,
    actions: Sequence[dict] = (),
    expected_version: int,
    tap: str = "",
    asked: str = "",
) -> Adventure:
    """Apply one action, or several in a row in one transaction; VersionConflict or the
    engine's RuleError write nothing (`tap`, `asked`: as core.record_apply takes them)."""
    return core.record_apply(
        game=GAME,
        record_id=adventure_id,
        owner=owner,
        actions=[(one, core.KEEP_VIRTUAL_DECK) for one in (actions or [action])],
        expected_version=expected_version,
        tap=tap,
        asked=asked,
    )


def named_cards(action: dict) -> list[str]:
    """The card ids an action names (trimmed, as BT-01 compares them), each once, in order."""
    found: list[str] = []
    for key in (*CARD_FIELDS, *MAP_FIELDS):
        value = action.get(key)
        values = value if isinstance(value, list) else [value]
        for one in values:
            if isinstance(one, str) and one.strip() and one.strip() not in found:
                found.append(one.strip())
    return found


def _registered(state: dict, rows) -> list[dict]:
    """register_card actions for deck rows, skipping any the engine refuses here (a second
    Player Card, an id already taken): each one checked on the state the ones before made."""
    actions = []
    for row in rows:
        action = {"type": "register_card", **row.fields}
        try:
            state = engine_apply(state, action)
        except RuleError:
            continue
        actions.append(action)
    return actions


def adventure_play(
    *,
    adventure_id: int,
    owner,
    action: dict,
    expected_version: int,
    tap: str = "",
    asked: str = "",
    typed: Sequence[dict] = (),
) -> Adventure:
    """Apply one action, first entering from the owner's deck each card it names that this
    adventure's catalogue does not hold yet: their register_card go into the log just before
    it, in the same transaction, so a remembered card costs no detour (BT-01). Nothing is
    written when the engine refuses any of them. `typed`: register_card actions of new cards
    typed in the same tap (the card the action names, entered on the spot), applied first; when
    the tap is refused, those the engine takes alone stay in the owner's deck all the same (a tap
    naming two new cards, sent again with the other one typed, then brings them in)."""
    try:
        return _play(
            adventure_id=adventure_id,
            owner=owner,
            action=action,
            expected_version=expected_version,
            tap=tap,
            asked=asked,
            typed=typed,
        )
    except RuleError:
        # After the tap's transaction rolled back: the deck is kept apart from any log.
        _keep_in_deck(adventure=adventure_get(adventure_id=adventure_id, owner=owner), typed=typed)
        raise


@transaction.atomic
def _play(
    *,
    adventure_id: int,
    owner,
    action: dict,
    expected_version: int,
    tap: str,
    asked: str,
    typed: Sequence[dict],
) -> Adventure:
    adventure = adventure_get(adventure_id=adventure_id, owner=owner)
    catalogue = adventure.state.get("catalogue", {})
    new_ids = {str(one.get("id", "")).strip() for one in typed}
    missing = [
        card for card in named_cards(action) if card not in catalogue and card not in new_ids
    ]
    rows = list(RememberedCard.objects.filter(owner=owner, card_id__in=missing)) if missing else []
    rows.sort(key=lambda row: missing.index(row.card_id))
    entered = _registered(adventure.state, rows)
    record = adventure_apply(
        adventure_id=adventure_id,
        owner=owner,
        actions=[*typed, *entered, action],
        expected_version=expected_version,
        tap=tap,
        asked=asked,
    )
    if action.get("type") == "begin_check":
        _remember_listing(owner=owner, encounter=adventure.state.get("encounter"), action=action)
    return record


def _keep_in_deck(*, adventure: Adventure, typed: Sequence[dict]) -> None:
    """Remember in the owner's deck each typed card the engine would enter on its own."""
    cards = []
    for one in typed:
        try:
            engine_apply(adventure.state, one)
        except RuleError:
            continue
        cards.append(({key: value for key, value in one.items() if key != "type"}, {}))
    if cards:
        # A differing entry of the same id, or a full deck, is the deck page's to settle.
        with contextlib.suppress(deck.DeckRefused):
            deck.import_cards(owner=adventure.owner, cards=cards)


def listing_key(encounter: dict) -> str:
    """Which listing of a card an encounter reads: its terrain and difficulty (B-16, B-21)."""
    difficulty = encounter.get("difficulty")
    return f"{encounter.get('terrain')}|{'-' if difficulty is None else difficulty}"


def _remember_listing(*, owner, encounter: dict | None, action: dict) -> None:
    """Keep the check terms typed for this card's listing in the owner's deck (the newest
    wins), so the next time the listing comes up the check begins in one tap."""
    if not encounter:
        return
    row = RememberedCard.objects.filter(owner=owner, card_id=encounter["card"]).first()
    if row is None:
        return
    terms = {key: action[key] for key in CHECK_TERMS if action.get(key) is not None}
    listings = {**(row.listings or {}), listing_key(encounter): terms}
    if len(listings) > MAX_LISTINGS:
        listings = dict(list(listings.items())[-MAX_LISTINGS:])
    row.listings = listings
    row.save(update_fields=["listings", "updated_at"])


def deck_view(*, adventure: Adventure, owner) -> tuple[dict[str, dict], dict | None]:
    """What the adventure screen takes from the owner's deck, in one query whatever the state
    (so a screen costs the same at every point): the cards this adventure lacks (id →
    register_card fields) and the check terms remembered for the open encounter's listing."""
    state = adventure.state
    catalogue = state.get("catalogue", {})
    encounter = state.get("encounter")
    wanted = None
    if encounter and not encounter.get("suspended") and state.get("check") is None:
        wanted = encounter["card"]
    missing: dict[str, dict] = {}
    listing = None
    rows = RememberedCard.objects.filter(owner=owner).values_list("card_id", "fields", "listings")
    for card, fields, listings in rows.order_by("card_id"):
        if card not in catalogue:
            missing[card] = fields
        if card == wanted:
            listing = (listings or {}).get(listing_key(encounter))
    return missing, listing


@transaction.atomic
def deck_bring(*, adventure_id: int, owner, expected_version: int) -> Adventure:
    """Enter every card of the owner's deck this adventure lacks, in one tap (one
    register_card each, in one transaction): the Player Card first, then the maps."""
    adventure = adventure_get(adventure_id=adventure_id, owner=owner)
    catalogue = adventure.state.get("catalogue", {})
    rows = [
        row
        for row in RememberedCard.objects.filter(owner=owner).order_by("card_id")
        if row.card_id not in catalogue
    ]
    rows.sort(key=lambda row: KIND_ORDER.get(row.kind, 2))
    entered = _registered(adventure.state, rows)
    if not entered:
        return adventure
    return adventure_apply(
        adventure_id=adventure_id, owner=owner, actions=entered, expected_version=expected_version
    )


def deck_missing(*, adventure: Adventure, owner) -> dict[str, dict]:
    """The cards of the owner's deck this adventure's catalogue lacks: id → register_card
    fields (one query)."""
    catalogue = adventure.state.get("catalogue", {})
    rows = RememberedCard.objects.filter(owner=owner).values_list("card_id", "fields")
    return {card: fields for card, fields in rows.order_by("card_id") if card not in catalogue}


def card_enter(
    *, adventure_id: int, owner, card: dict | str, expected_version: int, tap: str = ""
) -> Adventure:
    """Enter one card in the adventure's catalogue (BT-01): `card` is the register_card typed,
    or the id of a card from the owner's card memory (`tap`: as core.record_apply takes it).

    Raises RuleError (BT-01) when the owner remembers no card of that id.
    """
    if isinstance(card, str):
        remembered = RememberedCard.objects.filter(owner=owner, card_id=card).first()
        if remembered is None:
            raise RuleError("BT-01", _("that card is not among the cards you entered before"))
        card = {"type": "register_card", **remembered.fields}
    return adventure_apply(
        adventure_id=adventure_id,
        owner=owner,
        action=card,
        expected_version=expected_version,
        tap=tap,
    )


# --- the player's deck, apart from any adventure -----------------------------------------------


def deck_cards(*, owner, text: str = "") -> list:
    """The owner's whole deck, or the cards whose id or name contains `text` (one query)."""
    rows = RememberedCard.objects.filter(owner=owner)
    text = text.strip()
    if text:
        rows = rows.filter(Q(card_id__icontains=text) | Q(name__icontains=text))
    return list(rows.order_by("card_id"))


@transaction.atomic
def deck_card_remove(*, owner, card_id: str) -> bool:
    """Take a card out of the owner's deck (the adventures that entered it keep their entry)."""
    deleted, _rows = RememberedCard.objects.filter(owner=owner, card_id=card_id).delete()
    return bool(deleted)


@transaction.atomic
def deck_card_correct(*, owner, card_id: str, action: dict) -> RememberedCard:
    """Correct a card of the owner's deck from a register_card action of the same id: the
    adventures begun after it enter the corrected card; a running one keeps its own entry.
    The engine's catalogue rules check it (RuleError, nothing changed)."""
    from tracker.barbarian_vince.deck import card_fields
    from tracker.rules.barbarian_vince.catalogue import build_entry

    row = RememberedCard.objects.select_for_update().get(owner=owner, card_id=card_id)
    fields = card_fields({**action, "id": card_id})
    build_entry(fields, {}, None)
    row.fields = fields
    name = fields.get("name")
    row.name = name.strip() if isinstance(name, str) else ""
    row.kind = str(fields.get("kind", "")).strip().lower().replace(" ", "_")[:10]
    row.save(update_fields=["fields", "name", "kind", "updated_at"])
    return row


def deck_import(*, owner, data: bytes | str) -> tuple[int, int]:
    """Add a cardrpg-deck file to the owner's deck: (added, already there); DeckRefused."""
    from tracker.barbarian_vince import deck

    return deck.import_file(owner=owner, data=data)


def deck_take_shared(*, owner, token: str) -> tuple[int, int]:
    """Add the deck a friend's share link hands over: (added, already there); DeckRefused."""
    from tracker.barbarian_vince import deck

    return deck.import_shared(owner=owner, token=token)


# --- undo ------------------------------------------------------------------------------------


def adventure_undo(
    *, adventure_id: int, owner, steps: int = 1, expected_version: int, tap: str = ""
):
    """Take back the last `steps` actions; the adventure comes back with `undone` (Steps)."""
    return core.record_undo(
        game=GAME,
        record_id=adventure_id,
        owner=owner,
        steps=steps,
        expected_version=expected_version,
        tap=tap,
    )


def adventure_undo_to(*, adventure_id: int, owner, seq: int, expected_version: int):
    """Go back to just after log entry `seq`; later actions are dropped."""
    return core.record_undo_to(
        game=GAME, record_id=adventure_id, owner=owner, seq=seq, expected_version=expected_version
    )


# --- name, deletion and files ----------------------------------------------------------------


def adventure_delete(*, adventure_id: int, owner, expected_version: int) -> None:
    """Delete the adventure with its whole log and history (the card memory stays)."""
    core.record_delete(
        game=GAME, record_id=adventure_id, owner=owner, expected_version=expected_version
    )


def adventure_export(*, adventure: Adventure) -> str:
    """The adventure's log as a cardrpg-log file with `"game": "barbarian-vince"`."""
    return core.record_export(game=GAME, record=adventure)


__all__ = [
    "RECALL_LIMIT",
    "AlreadyApplied",
    "UndoError",
    "VersionConflict",
    "adventure_apply",
    "adventure_create",
    "adventure_delete",
    "adventure_export",
    "adventure_get",
    "adventure_play",
    "adventure_undo",
    "adventure_undo_to",
    "card_enter",
    "deck_bring",
    "deck_card_correct",
    "deck_card_remove",
    "deck_cards",
    "deck_import",
    "deck_take_shared",
    "deck_missing",
    "deck_view",
    "named_cards",
    "finished_turns",
    "listing_key",
    "remembered_cards",
    "running_turn",
    "adventure_state_at",
    "adventure_steps",
]
