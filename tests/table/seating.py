"""The worked examples' characters (card-rpg-table.md, section 5), played through the services."""

from __future__ import annotations

from tracker.card_rpg import services, table_services
from tracker.card_rpg.models import Character

ROLLS = {"Ana": ("QS", 5, 5), "Bo": ("JH", 3, 2), "Cy": ("KC", 4, 4)}
ANA_HAND = ["QH", "8H", "2S", "3D", "10C"]
BO_HAND = ["3C", "5C", "7S", "2H"]


def create(owner, name: str) -> Character:
    class_card, str_roll, hp_roll = ROLLS[name]
    return services.character_create(
        owner=owner, name=name, class_card=class_card, str_dice=[str_roll], hp_dice=[hp_roll]
    )


def solo(character: Character, kind: str, **fields) -> Character:
    return services.character_apply(
        character_id=character.pk,
        owner=character.owner,
        action={"type": kind, **fields},
        expected_version=character.version,
    )


def fresh(character: Character) -> Character:
    return Character.objects.get(pk=character.pk)


def bo_loots(bo: Character) -> Character:
    """Example 1: Bo's first fight, won against the Q♦, with loot and the Jack's extra card."""
    bo = solo(bo, "start_session", hand=BO_HAND)
    bo = solo(bo, "reveal_monster", card="QD")
    bo = solo(bo, "roll_monster_hp", dice=[1, 1, 1])
    bo = solo(bo, "attack", cards=["3C"])
    bo = solo(bo, "turn", card="4H")
    return solo(bo, "turn", card="6S")


def seated(host, *names):
    """A table with the host's character first, and each other one a new friend's, seated."""
    users = type(host).objects
    owners = [host] + [users.create_user(username=f"friend-{name}") for name in names[1:]]
    characters = [create(owner, name) for owner, name in zip(owners, names, strict=True)]
    table = table_services.table_create(
        owner=host, name="Kitchen", character_id=characters[0].pk, seats=max(2, len(names))
    )
    for character, seat in zip(characters[1:], table.seats.order_by("number")[1:], strict=False):
        table_services.table_join(
            token=seat.join_token, user=character.owner, character_id=character.pk
        )
    return table, characters
