"""What one worst file (bench/worst_files.py) costs: import, storage, backup, restore.

    .venv/bin/python -m bench.import_cost GAME ACTIONS     (with a server's settings: the
                                                            database it names is written)

Run by bench/import_drill.py in a process of its own for each file, so the peak memory is that
file's alone. Prints one JSON object: the file's size; for the import (as the web form does it,
at a whole processor's pace here), `backup`, `restore --check` and `restore --replace` each the
CPU seconds and the process's peak RSS once it is done (the file is made before: `base_rss_mb`);
the
rows the import stored (log entries, snapshots, the game's history rows) and the characters of
JSON they hold.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def measured(work) -> tuple[object, dict]:
    """Run `work()`; its result and {"cpu_s", "rss_mb"}: its CPU seconds and the process's
    peak resident memory once it is done (a high-water mark: each part is measured after the
    ones before it, in one process per file). tracemalloc would slow the work several times."""
    started = time.process_time()
    result = work()
    cpu = time.process_time() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return result, {"cpu_s": round(cpu, 2), "rss_mb": round(peak / 1e3, 1)}


def stored(game, record) -> dict:
    """Rows and JSON characters the record keeps in the database."""
    from django.db.models import Count, Sum
    from django.db.models.functions import Length

    entries = game.entry_model.objects.filter(**{game.entry_fk: record})
    totals = entries.aggregate(
        rows=Count("pk"),
        action_chars=Sum(Length("action")),
        snapshot_chars=Sum(Length("snapshot")),
        snapshots=Count("snapshot"),
    )
    history_rows = 0
    for relation in record._meta.related_objects:
        model = relation.related_model
        if model is game.entry_model or not relation.one_to_many:
            continue
        history_rows += model._base_manager.filter(**{relation.field.name: record}).count()
    record_chars = len(json.dumps(record.state)) + len(json.dumps(record.projection))
    return {
        "entries": totals["rows"],
        "snapshots": totals["snapshots"],
        "action_mb": round((totals["action_chars"] or 0) / 1e6, 2),
        "snapshot_mb": round((totals["snapshot_chars"] or 0) / 1e6, 2),
        "history_rows": history_rows,
        "record_mb": round(record_chars / 1e6, 2),
    }


def main() -> int:
    game_id, actions = sys.argv[1], int(sys.argv[2])
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from bench.worst_files import worst_file
    from tracker.core import backups, games
    from tracker.core import services as core

    call_command("migrate", verbosity=0)
    data = worst_file(game_id, actions)
    owner = get_user_model().objects.create_user(f"cost{os.getpid()}")
    game = games.get(game_id)
    base = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3, 1)

    def upload():
        prepared = core.record_import_prepare(text=data)
        return core.record_import_write(prepared=prepared, owner=owner)

    record, imported = measured(upload)
    result = {
        "game": game_id,
        "actions": actions,
        "file_mb": round(len(data) / 1e6, 2),
        "base_rss_mb": base,
        "import": imported,
        "stored": stored(game, record),
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.jsonl.gz"
        _, result["backup"] = measured(lambda: backups.backup_write(path=path))
        result["backup"]["file_mb"] = round(path.stat().st_size / 1e6, 2)
        _, result["restore_check"] = measured(lambda: backups.backup_check(path=path))
        _, result["restore"] = measured(lambda: backups.backup_restore(path=path, replace=True))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
