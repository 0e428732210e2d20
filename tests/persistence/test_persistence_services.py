"""The character services: create, apply, versions, refusals, ownership, rename, delete."""

import pytest

from tracker.card_rpg import services
from tracker.card_rpg.game import GAME
from tracker.card_rpg.models import ActionLogEntry, Character, Fight, PlaySession
from tracker.card_rpg.services import VersionConflict
from tracker.core import services as core
from tracker.rules import RuleError
from tracker.rules.card_rpg import apply, initial_state, replay

pytestmark = pytest.mark.django_db

HAND = ["7C", "7H", "9S", "2D", "3C"]


def create(owner, **overrides):
    fields = {
        "owner": owner,
        "name": "  Capi ",
        "class_card": "k♠",
        "str_dice": [5],
        "hp_dice": [5],
    }
    return services.character_create(**(fields | overrides))


def act(character, owner=None, **action):
    return services.character_apply(
        character_id=character.pk,
        owner=owner or character.owner,
        action=action,
        expected_version=character.version,
    )


def test_s05_create_applies_the_create_character_action(player):
    character = create(player)
    character.refresh_from_db()
    assert (character.name, character.class_card) == ("Capi", "KS")
    assert (character.level, character.str, character.hp_max) == (1, 5, 7)
    assert (character.xp, character.xp_next, character.gold, character.sessions) == (0, 10, 0, 0)
    assert character.phase == "between_sessions"
    assert character.version == 1 and character.last_seq == 1
    assert character.ruleset == {
        "creation_dice": "1d6",
        "ace_of_diamonds": "free",
        "empty_attack_pile": "skip",
    }
    entry = character.log_entries.get()
    assert entry.seq == 1 and entry.action_type == "create_character"
    assert entry.action["class"] == "k♠"  # the log keeps the action as the player gave it
    assert entry.snapshot["state"] == character.state  # the first entry keeps a snapshot
    assert "start_session" in character.state["awaiting"]["action"]


def table_after(character, seq: int):
    """The virtual table in force just after log entry `seq` (kept only where it changed)."""
    return core.record_state_at(game=GAME, record=character, seq=seq)[2]


def test_t02_create_with_a_ruleset(player):
    character = create(player, str_dice=[6, 6], hp_dice=[1, 2], ruleset={"creation_dice": "2d6"})
    assert (character.str, character.hp_max) == (8, 5)
    assert character.ruleset["creation_dice"] == "2d6"


def test_a_refused_creation_writes_nothing(player):
    with pytest.raises(RuleError) as refused:
        create(player, class_card="7H")
    assert refused.value.rule == "S-06"
    assert not Character.objects.exists() and not ActionLogEntry.objects.exists()


def test_apply_appends_to_the_log_and_updates_every_projection(player):
    character = create(player)
    character = act(character, type="start_session", hand=HAND)
    assert character.version == 2 and character.last_seq == 2
    assert character.phase == "session"
    # The session running now lives in the character's projection until it ends.
    session = services.running_session(character)
    assert (session.number, session.started_seq, session.hand_dealt) == (1, 2, 5)
    assert not PlaySession.objects.filter(character=character).exists()
    character = act(character, type="reveal_monster", card="Q♠")
    character = act(character, type="roll_monster_hp", dice=[4, 2, 6])
    # The fight running now lives in the character's projection until it ends.
    fight = services.running_fight(character)
    assert (fight.monster, fight.monster_kind, fight.monster_hp, fight.xp_value) == (
        "QS",
        "face",
        12,
        12,
    )
    assert fight.outcome == "in_progress" and fight.session_number == session.number
    assert not Fight.objects.filter(character=character).exists()
    character = act(character, type="attack", cards=["7C", "7H"])  # 14 damage: dead (S-22)
    character = act(character, type="turn", card="5H")  # the loot (T-17)
    assert character.inventory == ["5H"]
    fight = services.running_fight(character) or Fight.objects.get(character=character)
    assert (fight.outcome, fight.xp_gained, fight.damage_dealt, fight.loot) == (
        "won",
        12,
        14,
        ["5H"],
    )
    assert "level_up" in character.state["awaiting"]["action"]  # T-19: 12 XP of 10
    character = act(character, type="level_up", hp_dice=[3])
    # Once the fight is over it has its row, with the same record.
    fight = Fight.objects.get(character=character)
    assert fight.session_id == f"{character.pk}:{session.number}"
    assert (fight.outcome, fight.xp_gained, fight.damage_dealt, fight.loot) == (
        "won",
        12,
        14,
        ["5H"],
    )
    character.refresh_from_db()
    assert (character.level, character.hp_max, character.xp, character.xp_next) == (2, 10, 2, 20)
    assert (character.kills, character.version, character.last_seq) == (1, 7, 7)
    assert list(character.log_entries.values_list("seq", flat=True)) == list(range(1, 8))
    assert character.state == replay(character.log_entries.values_list("action", flat=True))


def test_a_refused_action_writes_nothing_and_propagates(player):
    character = create(player)
    character = act(character, type="start_session", hand=HAND)
    with pytest.raises(RuleError) as refused:
        act(character, type="attack", cards=["7C"])
    assert str(refused.value).startswith(f"{refused.value.rule}: ")
    stored = Character.objects.get(pk=character.pk)
    assert (stored.version, stored.last_seq) == (2, 2)
    assert stored.state == character.state
    assert stored.log_entries.count() == 2


def test_a_stale_version_conflicts_and_writes_nothing(player):
    character = create(player)
    moved = act(character, type="start_session", hand=HAND)  # another screen
    with pytest.raises(VersionConflict) as conflict:
        services.character_apply(
            character_id=character.pk,
            owner=player,
            action={"type": "reveal_monster", "card": "QS"},
            expected_version=character.version,
        )
    current = conflict.value.record
    assert current.version == moved.version == conflict.value.current_version
    assert conflict.value.expected_version == 1
    assert conflict.value.state == moved.state  # the screen redraws from this
    assert "another screen" in str(conflict.value)
    assert Character.objects.get(pk=character.pk).last_seq == 2
    assert not Fight.objects.exists()


def test_a_conflict_is_reported_before_a_refusal(player):
    character = create(player)
    act(character, type="start_session", hand=HAND)
    with pytest.raises(VersionConflict):
        act(character, type="no such action")


@pytest.mark.parametrize(
    "call",
    [
        lambda c, o: services.character_apply(
            character_id=c.pk, owner=o, action={"type": "start_session"}, expected_version=1
        ),
        lambda c, o: services.character_undo(character_id=c.pk, owner=o, expected_version=1),
        lambda c, o: services.character_undo_to(
            character_id=c.pk, owner=o, seq=1, expected_version=1
        ),
        lambda c, o: services.character_rename(
            character_id=c.pk, owner=o, name="Thief", expected_version=1
        ),
        lambda c, o: services.character_delete(character_id=c.pk, owner=o, expected_version=1),
        lambda c, o: services.character_set_virtual_deck(
            character_id=c.pk, owner=o, virtual_deck=None, expected_version=1
        ),
        lambda c, o: services.character_get(character_id=c.pk, owner=o),
        lambda c, o: services.character_rebuild(character_id=c.pk, owner=o),
    ],
    ids=["apply", "undo", "undo_to", "rename", "delete", "set_table", "get", "rebuild"],
)
def test_another_players_character_does_not_exist_for_them(player, other_player, call):
    character = create(player)
    with pytest.raises(Character.DoesNotExist):
        call(character, other_player)
    stored = Character.objects.get(pk=character.pk)
    assert (stored.name, stored.version, stored.last_seq) == ("Capi", 1, 1)


def test_s03_rename_is_logged_so_the_games_messages_and_exports_use_it(player):
    # Issue 12: the name is part of the log (a `rename` action), no longer only the record's.
    character = create(player)
    character = services.character_rename(
        character_id=character.pk, owner=player, name=" Capitaine ", expected_version=1
    )
    assert character.name == "Capitaine" and character.version == 2
    first, renamed = character.log_entries.order_by("seq")
    assert first.action["name"] == "  Capi "
    assert renamed.action == {"type": "rename", "name": "Capitaine"}
    assert character.state["character"]["name"] == "Capitaine"
    assert '"name": "Capitaine"' in services.character_export(character=character)
    # Undo takes the rename back, the record's name with it.
    character = services.character_undo(
        character_id=character.pk, owner=player, expected_version=character.version
    )
    assert character.name == "Capi" and Character.objects.get(pk=character.pk).name == "Capi"


@pytest.mark.parametrize("name", ["", "   ", "x" * 101])
def test_s03_rename_refuses_a_bad_name(player, name):
    character = create(player)
    with pytest.raises(RuleError) as refused:
        services.character_rename(
            character_id=character.pk, owner=player, name=name, expected_version=1
        )
    assert refused.value.rule == "S-03"
    assert Character.objects.get(pk=character.pk).name == "Capi"


def test_rename_takes_the_version_the_screen_showed(player):
    character = create(player)
    act(character, type="start_session", hand=HAND)
    with pytest.raises(VersionConflict):
        services.character_rename(
            character_id=character.pk, owner=player, name="Late", expected_version=1
        )


def test_delete_removes_the_character_with_its_log_and_history(player):
    character = create(player)
    character = act(character, type="start_session", hand=HAND)
    character = act(character, type="reveal_monster", card="QS")
    with pytest.raises(VersionConflict):
        services.character_delete(character_id=character.pk, owner=player, expected_version=2)
    services.character_delete(character_id=character.pk, owner=player, expected_version=3)
    for model in (Character, ActionLogEntry, PlaySession, Fight):
        assert not model.objects.exists(), model


def test_virtual_deck_is_kept_unless_given(player):
    table = {"random": {"seed": 7, "draws": 2}, "session": None, "order": []}
    character = create(player, virtual_deck=table)
    character = act(character, type="start_session", hand=HAND)
    assert character.virtual_deck == table
    assert table_after(character, 2) == table
    moved = {**table, "session": 1}
    character = services.character_apply(
        character_id=character.pk,
        owner=player,
        action={"type": "reveal_monster", "card": "QS"},
        expected_version=character.version,
        virtual_deck=moved,
    )
    assert Character.objects.get(pk=character.pk).virtual_deck == moved
    character = services.character_apply(
        character_id=character.pk,
        owner=player,
        action={"type": "roll_monster_hp", "dice": [1, 1, 1]},
        expected_version=character.version,
        virtual_deck=None,  # back to real cards
    )
    assert Character.objects.get(pk=character.pk).virtual_deck is None
    assert table_after(character, 3) == moved


def test_set_virtual_deck_switches_the_virtual_deck_and_records_it_with_the_last_entry(player):
    character = create(player)
    table = {"random": {"seed": 1, "draws": 0}, "session": None, "order": []}
    character = services.character_set_virtual_deck(
        character_id=character.pk, owner=player, virtual_deck=table, expected_version=1
    )
    assert character.version == 2 and character.last_seq == 1
    assert Character.objects.get(pk=character.pk).virtual_deck == table
    assert table_after(character, 1) == table
    with pytest.raises(VersionConflict):
        services.character_set_virtual_deck(
            character_id=character.pk, owner=player, virtual_deck=None, expected_version=1
        )


def test_character_get_reads_the_state_in_one_query(player, django_assert_num_queries):
    character = create(player)
    with django_assert_num_queries(1):
        got = services.character_get(character_id=character.pk, owner=player)
        assert "start_session" in got.state["awaiting"]["action"]


def test_the_stored_state_is_what_the_engine_gives(player):
    character = create(player)
    character = act(character, type="start_session", hand=HAND)
    expected = apply(
        apply(
            initial_state(),
            {
                "type": "create_character",
                "name": "  Capi ",
                "class": "k♠",
                "str_dice": [5],
                "hp_dice": [5],
            },
        ),
        {"type": "start_session", "hand": HAND},
    )
    assert Character.objects.get(pk=character.pk).state == expected


def test_who_deals_is_switched_only_between_sessions(player):
    character = create(player)
    character = services.character_apply(
        character_id=character.pk,
        owner=player,
        action={"type": "start_session"},
        expected_version=character.version,
    )
    with pytest.raises(services.VirtualDeckSwitchError, match="whole session"):
        services.character_set_virtual_deck(
            character_id=character.pk,
            owner=player,
            virtual_deck={"random": {"seed": 1, "draws": 0}, "session": None, "order": []},
            expected_version=character.version,
        )
    stored = Character.objects.get(pk=character.pk)
    assert (stored.version, stored.virtual_deck) == (character.version, None)
