"""Use cases on any game's record, each one database transaction (docs/persistence.md).

Every write locks the record's row, checks the version the caller's screen showed, lets the
game's engine apply the action, appends it to the log and brings the record (and the game's
projected rows) up to date before the transaction commits — or writes nothing at all.

An action costs the same at any length of log: the current state is stored on the record, the
game's projection is folded forward from the one stored beside it, and only every
SNAPSHOT_EVERY-th entry keeps a whole state. Undo reads the snapshot at or before the point it
goes back to and replays at most SNAPSHOT_EVERY - 1 actions from there.

Slow work never happens inside a write transaction: an import parses, checks and replays the
whole file first, and only then opens a short transaction that writes the result in bulk.
"""

from tracker.core.bulk import insert_rows
from tracker.core.models import SNAPSHOT_EVERY
from tracker.core.services.common import (
    KEEP_VIRTUAL_DECK,
    AlreadyApplied,
    ImportRefused,
    Step,
    UndoError,
    VersionConflict,
    VirtualDeckState,
    max_log_actions,
)
from tracker.core.services.files import (
    WEB_IMPORT_SHARE,
    ImportAbandoned,
    PreparedImport,
    record_export,
    record_import,
    record_import_prepare,
    record_import_write,
)
from tracker.core.services.readers import (
    asked_of,
    earlier_imports,
    record_check_tap,
    record_get,
    record_state_at,
    record_steps,
    record_tail,
)
from tracker.core.services.writes import (
    UNDONE_TOLD,
    record_apply,
    record_create,
    record_delete,
    record_rebuild,
    record_rename,
    record_set_virtual_deck,
    record_undo,
    record_undo_to,
)

__all__ = [
    "UNDONE_TOLD",
    "WEB_IMPORT_SHARE",
    "VirtualDeckState",
    "insert_rows",
    "KEEP_VIRTUAL_DECK",
    "AlreadyApplied",
    "SNAPSHOT_EVERY",
    "ImportAbandoned",
    "ImportRefused",
    "PreparedImport",
    "Step",
    "UndoError",
    "VersionConflict",
    "asked_of",
    "earlier_imports",
    "max_log_actions",
    "record_apply",
    "record_check_tap",
    "record_create",
    "record_delete",
    "record_export",
    "record_get",
    "record_import",
    "record_import_prepare",
    "record_import_write",
    "record_rebuild",
    "record_rename",
    "record_set_virtual_deck",
    "record_state_at",
    "record_steps",
    "record_tail",
    "record_undo",
    "record_undo_to",
]
