"""Two screens apply different actions to one character at the same version, at the same time.

Shared by test_persistence_concurrency.py: imported there for PostgreSQL (threads against the
test database), and run as a script for SQLite with the project's own settings on a file
database (python tests/persistence/two_screens.py, CARDRPG_DATA_DIR naming a fresh folder):
in-memory SQLite, which the test database would be, has no cross-connection locking to test.
"""

import json
import os
import sys
import threading
import time
from pathlib import Path

HAND = ["7C", "7H", "9S", "2D", "3C"]
# Each round: two actions, both acceptable in the state the round starts from.
ROUNDS = [
    ({"type": "reveal_monster", "card": "QS"}, {"type": "reveal_monster", "card": "2H"}),
    (
        {"type": "roll_monster_hp", "dice": [1, 1, 1]},
        {"type": "roll_monster_hp", "dice": [6, 6, 6]},
    ),
    ({"type": "attack", "cards": ["9S"]}, {"type": "end_turn"}),
]
RESULT_MARK = "RACE RESULT "


def race(owner, pause: float = 0.2, *, read_first: bool = False) -> dict:
    """Play ROUNDS, each as two simultaneous screens; return what happened and the log.

    With `read_first`, each screen reads the character first and hands that read to the
    service, as the play views do: then the write itself must prove nobody wrote meanwhile.
    """
    from django.db import connection

    from tracker.card_rpg import services
    from tracker.card_rpg.models import Character
    from tracker.rules import card_rpg as engine

    character = services.character_create(
        owner=owner, name="Race", class_card="KS", str_dice=[5], hp_dice=[5]
    )
    character = services.character_apply(
        character_id=character.pk,
        owner=owner,
        action={"type": "start_session", "hand": HAND},
        expected_version=character.version,
    )
    engine_apply = engine.apply

    def slow_apply(state, action):
        # Both screens are busy with the rules at once, so their writes meet.
        time.sleep(pause)
        return engine_apply(state, action)

    rounds = []
    engine.apply = slow_apply
    try:
        for actions in ROUNDS:
            version = Character.objects.get(pk=character.pk).version
            start = threading.Barrier(len(actions))
            outcomes: list[dict] = [{} for _ in actions]

            def screen(index, action, version=version, start=start, outcomes=outcomes):
                try:
                    start.wait()
                    read = Character.objects.get(pk=character.pk) if read_first else None
                    landed = services.character_apply(
                        character_id=character.pk,
                        owner=owner,
                        action=action,
                        expected_version=version,
                        character=read,
                    )
                    outcomes[index] = {"landed": True, "version": landed.version}
                except services.VersionConflict as conflict:
                    outcomes[index] = {
                        "landed": False,
                        "version": conflict.record.version,
                        "expected": conflict.expected_version,
                        "state_actions": conflict.state["actions"],
                    }
                except Exception as error:  # reported, so the test shows what went wrong
                    outcomes[index] = {"error": repr(error)}
                finally:
                    connection.close()

            threads = [
                threading.Thread(target=screen, args=(index, action))
                for index, action in enumerate(actions)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=30)
            rounds.append({"version": version, "outcomes": outcomes})
    finally:
        engine.apply = engine_apply
    character = Character.objects.get(pk=character.pk)
    log = list(character.log_entries.order_by("seq").values_list("seq", "action"))
    return {
        "character_id": character.pk,
        "rounds": rounds,
        "log": log,
        "state": character.state,
        "version": character.version,
        "last_seq": character.last_seq,
        "vendor": connection.vendor,
        "transaction_mode": connection.settings_dict.get("OPTIONS", {}).get("transaction_mode"),
    }


def main() -> None:
    """Migrate a fresh SQLite database with the project's settings, race, print the result."""
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root))
    os.environ.pop("DATABASE_URL", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "cardrpg.settings"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    for read_first in (False, True):
        owner = get_user_model().objects.create_user(username=f"two-screens-{read_first}")
        print(RESULT_MARK + json.dumps(race(owner, read_first=read_first)))


if __name__ == "__main__":
    main()
