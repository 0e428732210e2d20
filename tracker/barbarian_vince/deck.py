"""A player's deck as a file, and handed to a friend (issue 23, point 2).

`{"format": "cardrpg-deck", "version": 1, "game": "barbarian-vince", "cards": [...]}`: each
card holds the fields of its register_card action (barbarian-vince-actions.md), and may carry
`listings`, the check terms the player typed for its listings. Reading is bounded like every
import (size, count, string lengths) and refuses with the card and the field named; a card
that differs from the owner's entry of the same id is refused by id, and then nothing is added.
"""

from __future__ import annotations

import json

from django.core import signing
from django.db import transaction
from django.utils.translation import gettext as _

from tracker.barbarian_vince.models import RememberedCard
from tracker.core.i18n import listing, say
from tracker.rules.barbarian_vince import ACTION_FIELDS, GAME, SKILLS
from tracker.rules.barbarian_vince.catalogue import MAX_CATALOGUE, MAX_TEXT, build_entry
from tracker.rules.errors import RuleError

FORMAT = "cardrpg-deck"
VERSION = 1
MAX_BYTES = 512 * 1024
MAX_CARDS = MAX_CATALOGUE
MAX_LISTINGS = 24
CHECK_TERMS = ("skill", "target", "times", "round_speed", "damage")
MAX_TERM = 99
SHARE_SALT = "tracker.barbarian_vince.deck.share"


class DeckRefused(ValueError):
    """A deck file (or a shared deck) that is not taken: the message says why."""


def card_fields(fields: dict) -> dict:
    """The register_card fields of a card, as a file carries them (no `type`)."""
    allowed = ACTION_FIELDS["register_card"]
    return {key: value for key, value in fields.items() if key in allowed and value is not None}


def export_text(*, owner) -> str:
    """The owner's deck as a cardrpg-deck file."""
    cards = []
    for row in RememberedCard.objects.filter(owner=owner).order_by("card_id"):
        card = card_fields(row.fields)
        if row.listings:
            card["listings"] = row.listings
        cards.append(card)
    document = {"format": FORMAT, "version": VERSION, "game": GAME, "cards": cards}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def _listings(value, card: str) -> dict:
    where = _("the listings of %(card)s") % {"card": card}
    if not isinstance(value, dict) or len(value) > MAX_LISTINGS:
        raise DeckRefused(
            _("%(where)s: at most %(most)s, each “terrain|difficulty” with its check terms")
            % {"where": where, "most": MAX_LISTINGS}
        )
    found = {}
    for key, terms in value.items():
        if not isinstance(key, str) or len(key) > 2 * MAX_TEXT or not isinstance(terms, dict):
            raise DeckRefused(_("%(where)s: a listing is not read") % {"where": where})
        clean = {}
        for term, number in terms.items():
            if term not in CHECK_TERMS:
                raise DeckRefused(
                    _("%(where)s: a check has no “%(field)s”")
                    % {"where": where, "field": str(term)[:MAX_TEXT]}
                )
            if term == "skill":
                if number not in SKILLS:
                    raise DeckRefused(
                        _("%(where)s: the skill must be one of %(skills)s")
                        % {"where": where, "skills": listing(SKILLS, "or")}
                    )
            elif (
                isinstance(number, bool)
                or not isinstance(number, int)
                or not (0 <= number <= MAX_TERM)
            ):
                raise DeckRefused(
                    _("%(where)s: %(field)s must be a whole number from 0 to %(most)s")
                    % {"where": where, "field": term, "most": MAX_TERM}
                )
            clean[term] = number
        if "skill" not in clean:
            raise DeckRefused(_("%(where)s: a check names its skill") % {"where": where})
        found[key] = clean
    return found


def read_cards(cards) -> list[tuple[dict, dict]]:
    """Each card of a deck as (register_card fields, listings), checked by the engine's own
    catalogue rules (BT-01): DeckRefused names the card and the field."""
    if not isinstance(cards, list):
        raise DeckRefused(_("the file's cards are not a list"))
    if len(cards) > MAX_CARDS:
        raise DeckRefused(
            _("a deck file holds at most %(most)s cards, not %(count)s")
            % {"most": MAX_CARDS, "count": len(cards)}
        )
    found: list[tuple[dict, dict]] = []
    seen: set[str] = set()
    for index, card in enumerate(cards):
        if not isinstance(card, dict):
            raise DeckRefused(_("card %(number)s is not an object") % {"number": index + 1})
        listings = card.get("listings") or {}
        fields = {key: value for key, value in card.items() if key != "listings"}
        try:
            card_id, _entry = build_entry(fields, {}, None)
        except RuleError as error:
            raise DeckRefused(
                _("card %(number)s is refused, so nothing was added: %(error)s")
                % {"number": index + 1, "error": f"{error.rule}: {say(error.message)}"}
            ) from None
        if card_id in seen:
            raise DeckRefused(_("%(card)s is in the file twice") % {"card": card_id})
        seen.add(card_id)
        fields = card_fields({**fields, "id": card_id})
        found.append((fields, _listings(listings, card_id)))
    return found


def read_file(data: bytes | str) -> list[tuple[dict, dict]]:
    """The cards of a cardrpg-deck file (DeckRefused: what is wrong, nothing taken)."""
    raw = data.encode() if isinstance(data, str) else data
    if len(raw) > MAX_BYTES:
        raise DeckRefused(_("a deck file is at most %(size)s KB") % {"size": MAX_BYTES // 1024})
    try:
        document = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise DeckRefused(_("this is not a deck file: it is not JSON text")) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DeckRefused(_("this is not a deck file (format cardrpg-deck)"))
    if document.get("version") != VERSION:
        raise DeckRefused(_("this deck file is of a version this app does not read"))
    if document.get("game") != GAME:
        raise DeckRefused(_("this deck file is not for Barbarian Vince"))
    return read_cards(document.get("cards"))


def _same(one: dict, other: dict) -> bool:
    """Whether two entries of a card say the same (as the engine normalises them)."""
    try:
        return build_entry(one, {}, None)[1] == build_entry(other, {}, None)[1]
    except RuleError:
        return False


@transaction.atomic
def import_cards(*, owner, cards: list[tuple[dict, dict]]) -> tuple[int, int]:
    """Add cards to the owner's deck: (cards added, cards already there). A card that differs
    from the owner's entry of the same id is refused by name, and nothing is added."""
    have = {row.card_id: row for row in RememberedCard.objects.filter(owner=owner)}
    new = []
    there = 0
    for fields, listings in cards:
        row = have.get(fields["id"])
        if row is None:
            new.append(
                RememberedCard(
                    owner=owner,
                    card_id=fields["id"],
                    name=str(fields.get("name") or "")[:MAX_TEXT],
                    kind=str(fields["kind"]).strip().lower().replace(" ", "_")[:10],
                    fields=fields,
                    listings=listings,
                )
            )
            continue
        if not _same(row.fields, fields):
            raise DeckRefused(
                _(
                    "%(card)s differs from the %(card)s already in your deck, so nothing was "
                    "added: correct or remove yours first"
                )
                % {"card": fields["id"]}
            )
        there += 1
        if listings:
            merged = {**listings, **(row.listings or {})}
            row.listings = dict(list(merged.items())[:MAX_LISTINGS])
            row.save(update_fields=["listings", "updated_at"])
    if len(have) + len(new) > MAX_CARDS:
        raise DeckRefused(_("a deck holds at most %(most)s cards") % {"most": MAX_CARDS})
    RememberedCard.objects.bulk_create(new)
    return len(new), there


def import_file(*, owner, data: bytes | str) -> tuple[int, int]:
    """Read and add a cardrpg-deck file (DeckRefused: nothing added)."""
    return import_cards(owner=owner, cards=read_file(data))


def share_token(*, owner) -> str:
    """The unguessable part of the link that hands the owner's deck to a friend."""
    return signing.dumps({"owner": owner.pk}, salt=SHARE_SALT, compress=True)


def shared_owner_id(token: str) -> int:
    """Whose deck a share link hands over (DeckRefused: a link this app did not make)."""
    try:
        value = signing.loads(token[:200], salt=SHARE_SALT)
    except signing.BadSignature:
        raise DeckRefused(_("this deck link is not one this app made")) from None
    owner = value.get("owner") if isinstance(value, dict) else None
    if not isinstance(owner, int):
        raise DeckRefused(_("this deck link is not one this app made"))
    return owner


def import_shared(*, owner, token: str) -> tuple[int, int]:
    """Add the deck a share link hands over to the owner's own deck."""
    giver = shared_owner_id(token)
    cards = []
    for row in RememberedCard.objects.filter(owner_id=giver).order_by("card_id"):
        cards.append((card_fields(row.fields), row.listings or {}))
    return import_cards(owner=owner, cards=cards)
