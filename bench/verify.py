"""Check what the database holds against what simulated players were told.

For each player's ledger (bench/players.py): every write the app acknowledged is in the log at
the position the player counted, with the action type it posted; the character's version and
last log position are the ones the player last saw; the stored state equals the engine's
replay of the log (and so does every snapshot kept with it); the record sheet, inventory,
sessions and fights equal a rebuild from the log.

    python -m bench.verify LEDGERS.json     # with the server's settings in the environment

prints a JSON report; `check_ledgers` is the same check for use inside Django (tests).
"""

from __future__ import annotations

import json
import os
import sys


def check_character(ledger: dict) -> list[str]:
    """Problems found for one player's character (an empty list: all is well)."""
    from tracker.card_rpg import projections, services
    from tracker.card_rpg.models import Character
    from tracker.rules.card_rpg import apply, initial_state

    problems: list[str] = []
    pk = ledger["character_id"]
    try:
        character = Character.objects.get(pk=pk)
    except Character.DoesNotExist:
        return [f"character {pk} is missing"]
    entries = list(
        character.log_entries.order_by("seq").values_list(
            "seq", "action", "action_type", "snapshot", "created_at"
        )
    )
    seqs = [e[0] for e in entries]
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append(f"character {pk}: the log has a gap or a duplicate")
    if character.last_seq != len(seqs):
        problems.append(f"character {pk}: last_seq {character.last_seq} but {len(seqs)} entries")
    by_seq = {e[0]: e for e in entries}
    for ack in ledger["acked"]:
        entry = by_seq.get(ack["seq"])
        if entry is None:
            problems.append(f"character {pk}: acknowledged action #{ack['seq']} is not in the log")
        elif ack.get("type"):
            # One request may have written `span` entries; the action posted is among them.
            span = range(ack["seq"] - ack.get("span", 1) + 1, ack["seq"] + 1)
            types = [by_seq[seq][2] for seq in span if seq in by_seq]
            if ack["type"] not in types:
                problems.append(
                    f"character {pk}: #{span.start}–#{span.stop - 1} are {types}, the player "
                    f"was told {ack['type']}"
                )
    pending = ledger.get("pending")
    allowed = {ledger["version"]} | ({ledger["version"] + 1} if pending else set())
    if character.version not in allowed:
        problems.append(
            f"character {pk}: version {character.version}, the player last saw {ledger['version']}"
        )
    if not pending and character.last_seq != ledger["seq"]:
        problems.append(
            f"character {pk}: {character.last_seq} actions, the player counted {ledger['seq']}"
        )

    # Stored state, and every snapshot kept with the log, equal the replay of the log.
    state = initial_state()
    states = []
    for seq, action, _, snapshot, _ in entries:
        try:
            state = apply(state, action)
        except Exception as exc:  # noqa: BLE001 - any refusal is a finding, not a crash
            problems.append(f"character {pk}: replay refuses #{seq}: {exc}")
            return problems
        states.append(state)
        if snapshot is not None and snapshot["state"] != state:
            problems.append(
                f"character {pk}: the snapshot of #{seq} differs from the replay "
                f"({_first_difference(snapshot['state'], state)})"
            )
    if states and character.state != states[-1]:
        problems.append(f"character {pk}: stored state differs from replay(log)")
    if states:
        fields = projections.character_fields(states[-1])
        stored = {name: getattr(character, name) for name in fields}
        if stored != fields:
            problems.append(f"character {pk}: record sheet differs from the replay")
        if character.inventory != projections.inventory(states[-1]):
            problems.append(f"character {pk}: inventory differs from the replay")
    steps = projections.log_steps(
        initial_state(),
        [(e[1], s, e[0], e[4]) for e, s in zip(entries, states, strict=False)],
    )
    rebuilt = projections.rebuild(steps)
    sessions, fights = services.history_records(character)
    if sessions != rebuilt.sessions:
        problems.append(f"character {pk}: sessions differ from a rebuild")
    if fights != rebuilt.fights:
        problems.append(f"character {pk}: fights differ from a rebuild")
    return problems


def _first_difference(stored, replayed, path: str = "state") -> str:
    """Where two JSON values first differ, for the report."""
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in sorted(set(stored) | set(replayed), key=str):
            if stored.get(key) != replayed.get(key):
                return _first_difference(stored.get(key), replayed.get(key), f"{path}.{key}")
    if isinstance(stored, list) and isinstance(replayed, list) and len(stored) == len(replayed):
        for i, (a, b) in enumerate(zip(stored, replayed, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return f"{path}: stored {str(stored)[:60]}, replay {str(replayed)[:60]}"


def check_ledgers(ledgers: list[dict]) -> dict:
    """Check every ledger; a summary with every problem found."""
    problems: list[str] = []
    acked = unacked = 0
    for ledger in ledgers:
        problems += ledger.get("problems", [])
        problems += check_character(ledger)
        acked += sum(1 for a in ledger["acked"] if a.get("acked", True))
        unacked += sum(1 for a in ledger["acked"] if not a.get("acked", True))
    return {
        "characters": len(ledgers),
        "acknowledged_in_log": acked,
        "committed_without_answer": unacked,
        "problems": problems,
    }


def main() -> None:
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if len(sys.argv) == 2 else 2)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
    import django

    django.setup()
    with open(sys.argv[1]) as handle:
        ledgers = json.load(handle)
    print(json.dumps(check_ledgers(ledgers)))


if __name__ == "__main__":
    main()
