"""A record's log as a file: export, and an import checked and replayed before its short
writing transaction."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tracker.core import games
from tracker.core.games import Game
from tracker.core.i18n import listing
from tracker.core.services.common import ImportRefused, Step, max_log_actions, noun
from tracker.core.services.replay import (
    MANY_ENTRIES,
    entries_insert,
    entry_rows,
    log_replay,
    no_states,
    prepared_rows,
)
from tracker.rules import log as logfile

# An import made from a web page replays its file at this share of a processor (pausing in
# between), so the players at the table beside it keep their pace; the command line does not.
WEB_IMPORT_SHARE = 0.5


def record_export(*, game: Game, record) -> str:
    """The record's log as a cardrpg-log file naming its game, with its current name."""
    actions = (
        game.entry_model.objects.filter(**{game.entry_fk: record})
        .order_by("seq")
        .values_list("action", flat=True)
    )
    extra = {"game": game.id, "name": record.name, **game.export_extra(record)}
    return logfile.dump_log(actions.iterator(chunk_size=2000), **extra) + "\n"


@dataclass
class PreparedImport:
    """A log file read, checked and replayed: everything `record_import_write` needs."""

    game: Game
    name: str
    steps: list[Step]
    projections: list[dict]
    digest: str
    # The log entries, and their column values ready for the database (see prepared_rows).
    entries: list = field(default_factory=list)
    values: list = field(default_factory=list)


def record_import_prepare(
    *, text: str | bytes | IO, name: str | None = None, share: float = 1.0
) -> PreparedImport:
    """Read, check and replay a log file with no transaction open (the slow part of an import).

    Raises ImportRefused (or ValueError) for a file that is not a log this app reads, and the
    engine's ReplayError naming the refused action; nothing is written either way.
    """
    if hasattr(text, "read"):
        text = text.read()
    raw = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    document = logfile.load_document(raw, max_actions=max_log_actions())
    game_id = document.get("game", games.CARD_RPG)
    try:
        game = games.get(game_id)
    except KeyError:
        known = listing(games.ids())
        raise ImportRefused(
            gettext(
                "this file is a log of %(game)s, a game this app does not know "
                "(it knows: %(known)s)"
            )
            % {"game": repr(game_id), "known": known}
        ) from None
    actions = document["actions"]
    if not actions:
        raise ImportRefused(
            gettext("the log holds no actions: a %(noun)s's log starts with its first")
            % {"noun": noun(game)}
        )
    steps, projections, snapshots = log_replay(
        game, actions, timezone.now(), share=share, keep_state=no_states
    )
    if name is None:
        given = document.get("name")
        name = given if isinstance(given, str) else game.name_in_state(steps[-1].after)
    if name is None:
        raise ImportRefused(
            gettext("the file names no %(noun)s: give it a name") % {"noun": noun(game)}
        )
    name = game.check_name(name)
    entries = entry_rows(game, steps, projections, [None] * len(steps), snapshots=snapshots)
    values = prepared_rows(game, entries) if len(entries) > MANY_ENTRIES else []
    digest = hashlib.sha256(raw).hexdigest()
    return PreparedImport(game, name, steps, projections, digest, entries, values)


class ImportAbandoned(Exception):
    """The uploader stopped waiting before the import was written: nothing was kept."""


@transaction.atomic
def record_import_write(
    *, prepared: PreparedImport, owner, still_wanted: Callable[[], bool] | None = None
):
    """Write a prepared import as a new record of `owner` (a short transaction: bulk inserts).

    `still_wanted`, asked once everything is written and before the transaction commits: when
    it says the uploader is gone (the web page's connection closed, or its time ran out), the
    transaction is rolled back and ImportAbandoned raised — an answer that never reaches the
    uploader leaves no record behind.
    """
    game, steps, projections = prepared.game, prepared.steps, prepared.projections
    now = timezone.now()
    record = game.record_model(
        owner=owner,
        name=prepared.name,
        state=steps[-1].after,
        projection=projections[-1],
        virtual_deck=None,
        version=1,
        last_seq=len(steps),
        imported_at=now,
        import_digest=prepared.digest,
        **game.projector.record_fields(steps[-1].after, projections[-1]),
    )
    record.save(force_insert=True)
    entries_insert(game, record, prepared.entries, prepared.values)
    game.projector.write_all(record, prepared.entries, projections)
    if still_wanted is not None and not still_wanted():
        raise ImportAbandoned(f"{record.name}: the uploader stopped waiting; nothing was kept")
    return record


def record_import(*, owner, text: str | bytes | IO, name: str | None = None):
    """Create a new record from a cardrpg-log file of any game: checked first, then written."""
    prepared = record_import_prepare(text=text, name=name)
    return record_import_write(prepared=prepared, owner=owner)
