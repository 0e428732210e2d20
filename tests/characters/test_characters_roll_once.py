"""Issue 12, point 9: at creation the app rolls once; the player may type their real dice
instead, but can't have the app roll again until the dice please."""

import re

import pytest

from tests.characters.test_characters_views import GOOD, HTMX, url
from tracker.card_rpg.models import Character

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client, django_user_model):
    user = django_user_model.objects.create_user("ada", password="correct horse battery")
    client.force_login(user)
    return user


def dice(text: str) -> tuple[str, str]:
    return (
        re.search(r'name="str_die_1" value="(\d)"', text).group(1),
        re.search(r'name="hp_die_1" value="(\d)"', text).group(1),
    )


def rolls(values):
    values = iter(values)
    return lambda count: [next(values) for _ in range(count)]


def test_t02_the_app_rolls_once_and_pressing_again_gives_the_same_dice(client, player, monkeypatch):
    monkeypatch.setattr("tracker.card_rpg.dice_roller.roll_dice", rolls([1, 2, 6, 6, 6, 6]))
    first = client.post(url("character_create"), {"intent": "roll", "creation_dice": "1d6"}, **HTMX)
    assert dice(first.text) == ("1", "2")
    # Rolled: no second roll is offered, the dice can't be typed over, and it is said why.
    assert "Roll for me" not in first.text
    assert re.search(r'name="str_die_1" value="1"[^>]*readonly', first.text)
    assert "The app rolls once" in first.text
    # Posted again anyway (an old page, a crafted request): the same dice, not new ones.
    again = client.post(url("character_create"), {"intent": "roll", "creation_dice": "1d6"}, **HTMX)
    assert dice(again.text) == ("1", "2")
    # The page drawn again (a reload) shows the same roll.
    page = client.get(url("character_create")).text
    assert dice(page) == ("1", "2") and "Roll for me" not in page
    # Other dice typed in, or another dice option chosen, change nothing: the roll stands.
    client.post(
        url("character_create"),
        {**GOOD, "creation_dice": "2d6", "str_die_1": "6", "str_die_2": "6", "hp_die_1": "6",
         "hp_die_2": "6"},
    )  # fmt: skip
    character = Character.objects.get()
    action = character.log_entries.get(seq=1).action
    assert (action["str_dice"], action["hp_dice"]) == ([1], [2])
    assert character.ruleset["creation_dice"] == "1d6"
    # The next character gets a roll of its own.
    page = client.get(url("character_create")).text
    assert "Roll for me" in page and 'value="1"' not in page


def test_t02_changing_the_dice_option_after_the_roll_keeps_the_roll(client, player, monkeypatch):
    monkeypatch.setattr("tracker.card_rpg.dice_roller.roll_dice", rolls([3, 4, 5, 5]))
    client.post(url("character_create"), {"intent": "roll", "creation_dice": "1d6"}, **HTMX)
    changed = client.post(
        url("character_create"), {"intent": "dice", "creation_dice": "2d6"}, **HTMX
    )
    assert dice(changed.text) == ("3", "4") and 'name="str_die_2"' not in changed.text
    # The option can't be changed any more: shown fixed, with the roll it was made for.
    assert re.search(r'id="creation-dice-option" disabled[^>]*hx-swap-oob="true"', changed.text)
    assert 'name="creation_dice" value="1d6"' in changed.text


def test_t09_the_player_may_type_their_real_dice_instead(client, player):
    response = client.post(url("character_create"), {**GOOD, "str_die_1": "6", "hp_die_1": "1"})
    assert response.status_code == 302
    action = Character.objects.get().log_entries.get(seq=1).action
    assert (action["str_dice"], action["hp_dice"]) == ([6], [1])
