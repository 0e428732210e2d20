"""A host's tile box: every tile face entered at their tables, with how many of each they have.

What a player owns beside their records (DESIGN.md, "Several games"): kept apart from every
table's log, so an undo never removes a face. Exploring offers the box's faces not yet turned up
in this game, one tap each. A box travels as a `cardrpg-tiles` file:
``{"format": "cardrpg-tiles", "version": 1, "game": "heroes-of-barcadia", "tiles": [faces]}``,
each face as the actions contract writes it, a face listed once per tile (two identical monster
tiles are listed twice).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tracker.barcadia.models import TileBoxFace
from tracker.rules.barcadia import fields
from tracker.rules.errors import RuleError

FORMAT = "cardrpg-tiles"
VERSION = 1
GAME_ID = "heroes-of-barcadia"
# A box is 50 tiles (57 with the start tiles); room for a few boxes and expansions.
MAX_TILES = 500
MAX_BYTES = 256 * 1024
# The kinds in the order the box lists them, and their one-letter code in a face's key.
KIND_CODES = {"monster": "m", "team_monster": "t", "boss": "b", "reward": "r", "portal": "p",
              "hoard": "h"}  # fmt: skip
_CODE_KINDS = {code: kind for kind, code in KIND_CODES.items()}


def face_of(tile: dict) -> dict:
    """The face of a tile record (or of a face), every reward key written (HT-08)."""
    kind = tile["kind"]
    face: dict = {"kind": kind}
    for name in fields.FACE_KEYS[kind]:
        if name == "reward":
            reward = tile["reward"]
            face["reward"] = {part: reward.get(part, 0) for part in fields.REWARD_MAX}
        else:
            face[name] = tile[name]
    return face


def face_key(face: dict) -> str:
    """A face as one short text, the same for equal faces: ``m.12.20.2.0.0`` (kind, level,
    damage or attack, loot, power-ups, heal; what a kind lacks is left out)."""
    parts = [KIND_CODES[face["kind"]]]
    for name in fields.FACE_KEYS[face["kind"]]:
        if name == "reward":
            parts += [str(face["reward"].get(part, 0)) for part in fields.REWARD_MAX]
        else:
            parts.append(str(face[name]))
    return ".".join(parts)


def face_from_key(text: str) -> dict:
    """The face a key names (RuleError for one that is not a face)."""
    pieces = text.split(".")
    kind = _CODE_KINDS.get(pieces[0])
    if kind is None or not all(piece.isdigit() for piece in pieces[1:]):
        raise RuleError("HT-08", _("that is not a tile face"))
    numbers = [int(piece) for piece in pieces[1:]]
    face: dict = {"kind": kind}
    for name in fields.FACE_KEYS[kind]:
        if name == "reward":
            face["reward"] = dict(zip(fields.REWARD_MAX, numbers[:3], strict=False))
            numbers = numbers[3:]
        elif numbers:
            face[name] = numbers.pop(0)
    return fields.face(face)


def remember(*, owner_id: int, steps) -> None:
    """Put the faces these applied actions turned up into the owner's box: a face counts as
    many tiles as the table has recorded of it (a second identical monster is a second tile)."""
    for step in steps or []:
        action = step.action
        if action.get("type") != "explore" or not action.get("tile"):
            continue
        at = action["at"]
        tile = step.after["tiles"].get(f"{at[0]},{at[1]}")
        if tile is None or step.before["tiles"].get(f"{at[0]},{at[1]}") is not None:
            continue
        face = face_of(tile)
        key = face_key(face)
        here = sum(
            1
            for other in step.after["tiles"].values()
            if other["kind"] != "start" and face_key(face_of(other)) == key
        )
        row, made = TileBoxFace.objects.get_or_create(
            owner_id=owner_id, key=key, defaults={"face": face, "count": here}
        )
        if not made and row.count < here:
            TileBoxFace.objects.filter(pk=row.pk, count__lt=here).update(count=here)


@dataclass
class Offer:
    """A face of the box to tap when exploring."""

    key: str
    face: dict
    left: int  # tiles of this face not yet turned up in this game


def offers(*, owner_id: int, state: dict) -> list[Offer]:
    """The box's faces with a tile not yet turned up in this game, in the box's order."""
    rows = TileBoxFace.objects.filter(owner_id=owner_id).values_list("key", "face", "count")
    if not rows:
        return []
    turned = Counter(
        face_key(face_of(tile)) for tile in state["tiles"].values() if tile["kind"] != "start"
    )
    found = []
    for key, face, count in rows:
        left = count - turned[key]
        if left > 0 and not (face["kind"] == "hoard" and state["dungeon"]["hoard"]):
            found.append(Offer(key, face, left))
    order = list(KIND_CODES)
    found.sort(key=lambda offer: (order.index(offer.face["kind"]), offer.face.get("level", 0)))
    return found


def box(*, owner) -> list[TileBoxFace]:
    return list(TileBoxFace.objects.filter(owner=owner))


def export_text(*, owner) -> str:
    """The owner's box as a cardrpg-tiles file."""
    tiles = []
    for row in box(owner=owner):
        tiles += [row.face] * row.count
    document = {"format": FORMAT, "version": VERSION, "game": GAME_ID, "tiles": tiles}
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


class TilesRefused(ValueError):
    """A cardrpg-tiles file that can't be read; nothing was added."""


def read_file(data: bytes | str) -> list[dict]:
    """The faces of a cardrpg-tiles file, each checked (HT-08); TilesRefused names what is
    wrong, the face by its place in the list."""
    raw = data.encode() if isinstance(data, str) else data
    if len(raw) > MAX_BYTES:
        raise TilesRefused(
            _("a tile box file is at most %(size)s KB") % {"size": MAX_BYTES // 1024}
        )
    try:
        document = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise TilesRefused(_("this is not a tile box file: it is not JSON text")) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise TilesRefused(_("this is not a tile box file (format cardrpg-tiles)"))
    if document.get("version") != VERSION:
        raise TilesRefused(_("this tile box file is of a version this app does not read"))
    if document.get("game") != GAME_ID:
        raise TilesRefused(_("this tile box file is not for Heroes of Barcadia"))
    tiles = document.get("tiles")
    if not isinstance(tiles, list):
        raise TilesRefused(_("the file's tiles are not a list"))
    if len(tiles) > MAX_TILES:
        raise TilesRefused(
            _("a tile box file holds at most %(most)s tiles, not %(count)s")
            % {"most": MAX_TILES, "count": len(tiles)}
        )
    faces = []
    for index, tile in enumerate(tiles):
        try:
            faces.append(face_of(fields.face(tile, f"tiles[{index}]")))
        except RuleError as error:
            raise TilesRefused(
                _("tile %(number)s is refused, so nothing was added: %(error)s")
                % {"number": index + 1, "error": error}
            ) from None
    return faces


@transaction.atomic
def import_faces(*, owner, faces: list[dict]) -> tuple[int, int]:
    """Merge faces into the owner's box: (tiles added, tiles already there). The box keeps, for
    each face, the larger of its count and the file's."""
    wanted = Counter(face_key(face) for face in faces)
    by_key = {face_key(face): face for face in faces}
    rows = {row.key: row for row in TileBoxFace.objects.select_for_update().filter(owner=owner)}
    added = there = 0
    for key, count in wanted.items():
        row = rows.get(key)
        have = row.count if row else 0
        there += min(have, count)
        if count > have:
            added += count - have
            if row is None:
                TileBoxFace.objects.create(owner=owner, key=key, face=by_key[key], count=count)
            else:
                TileBoxFace.objects.filter(pk=row.pk).update(count=count)
    return added, there


@transaction.atomic
def tile_remove(*, owner, face_id: int) -> bool:
    """Take one tile of a face out of the owner's box (a face entered wrongly); False when the
    box holds no such face. Two taps at once take out two tiles, never the same one twice."""
    row = TileBoxFace.objects.select_for_update().filter(pk=face_id, owner=owner).first()
    if row is None:
        return False
    if row.count > 1:
        row.count -= 1
        row.save(update_fields=["count"])
    else:
        row.delete()
    return True


def import_file(*, owner, data: bytes | str) -> tuple[int, int]:
    """Read and merge a cardrpg-tiles file (TilesRefused: nothing added)."""
    return import_faces(owner=owner, faces=read_file(data))
