"""Character screens through Django's test client: forms, ownership, htmx partials, files."""

import json
import re

import pytest
from django.urls import reverse

from tracker.card_rpg import services
from tracker.card_rpg.models import Character

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
GOOD = {
    "name": "Capi",
    "class_card": "KS",
    "creation_dice": "1d6",
    "ace_of_diamonds": "free",
    "empty_attack_pile": "skip",
    "str_die_1": "5",
    "hp_die_1": "5",
}


@pytest.fixture
def player(client, django_user_model):
    user = django_user_model.objects.create_user("ada", password="correct horse battery")
    client.force_login(user)
    return user


@pytest.fixture
def other(django_user_model):
    return django_user_model.objects.create_user("bob", password="correct horse battery")


def make(owner, name="Capi", class_card="QH", str_dice=(4,), hp_dice=(3,), ruleset=None):
    return services.character_create(
        owner=owner,
        name=name,
        class_card=class_card,
        str_dice=list(str_dice),
        hp_dice=list(hp_dice),
        ruleset=ruleset,
    )


def url(name, character=None):
    return reverse(f"tracker:{name}", args=[character.pk] if character else [])


# -- login and ownership --------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["character_detail", "character_rename", "character_delete", "character_export"]
)
def test_anonymous_player_is_sent_to_login(client, other, name):
    character = make(other)
    response = client.get(url(name, character))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", ["character_list", "character_create", "import"])
def test_anonymous_player_is_sent_to_login_from_pages_without_a_character(client, name):
    response = client.get(url(name))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_old_import_address_sends_to_the_one_import_page(client, player):
    response = client.get("/characters/import/")
    assert response.status_code == 301
    assert response["Location"] == url("import")


@pytest.mark.parametrize(
    "name", ["character_detail", "character_rename", "character_delete", "character_export"]
)
def test_another_players_character_answers_404(client, player, other, name):
    character = make(other)
    assert client.get(url(name, character)).status_code == 404


def test_another_players_character_cannot_be_renamed_or_deleted_by_post(client, player, other):
    character = make(other, name="Theirs")
    data = {"name": "Mine now", "version": character.version, "confirm": "on"}
    assert client.post(url("character_rename", character), data).status_code == 404
    assert client.post(url("character_delete", character), data).status_code == 404
    character.refresh_from_db()
    assert character.name == "Theirs"


def test_list_shows_only_the_players_own_characters(client, player, other):
    make(player, name="Mine", class_card="JD")
    make(other, name="Theirs")
    response = client.get(url("character_list"))
    assert response.status_code == 200
    assert "Mine" in response.text
    assert "Theirs" not in response.text
    assert 'aria-label="Jack of Diamonds"' in response.text  # the class drawn as a card
    assert url("character_create") in response.text
    assert url("import") in response.text


def test_list_row_shows_level_xp_hp_str_gold_kills_deaths_and_play(client, player):
    character = make(player, str_dice=(5,), hp_dice=(5,))
    text = client.get(url("character_list")).text
    for shown in ("Level 1", "0/10", "<dt>HP</dt><dd>7</dd>", "<dt>STR</dt><dd>5</dd>"):
        assert shown in text
    for label in ("Gold", "Kills", "Deaths"):
        assert f"<dt>{label}</dt><dd>0</dd>" in text
    assert reverse("tracker:rpg_play", args=[character.pk]) in text


def test_empty_list_says_so(client, player):
    response = client.get(url("character_list"))
    assert 'data-testid="no-characters"' in response.text
    assert "You have no characters yet." in response.text


# -- create ---------------------------------------------------------------------------------


def test_create_form_offers_the_twelve_face_cards_and_table_rule_defaults(client, player):
    text = client.get(url("character_create")).text
    assert text.count('name="class_card"') == 12
    for name in ("Jack of Spades", "Queen of Hearts", "King of Clubs", "King of Diamonds"):
        assert f'aria-label="{name}"' in text
    for default in ('value="1d6"', 'value="free"', 'value="skip"'):
        tag = text[text.index(default) - 120 : text.index(default) + 80]
        assert "checked" in tag
    for rule in ("T-02:", "T-03:", "T-14:"):
        assert rule in text
    # Without JavaScript the form still posts to itself.
    assert f'method="post" action="{url("character_create")}"' in text


def test_s05_created_character_has_str_and_hp_from_the_dice(client, player):
    response = client.post(url("character_create"), GOOD)
    character = Character.objects.get(owner=player)
    assert response.status_code == 302
    assert response["Location"] == url("character_detail", character)
    # S-05 worked example: a roll of 5 gives STR 5 and HP 7.
    assert (character.str, character.hp_max, character.class_card) == (5, 7, "KS")
    assert (character.level, character.xp, character.xp_next, character.gold) == (1, 0, 10, 0)


def test_t02_two_dice_option_creates_from_two_dice_each(client, player):
    data = {**GOOD, "creation_dice": "2d6", "str_die_2": "6", "hp_die_2": "1"}
    client.post(url("character_create"), data)
    character = Character.objects.get(owner=player)
    assert (character.str, character.hp_max) == (8, 8)  # ceil(11/2)+2, 6+2
    assert character.ruleset["creation_dice"] == "2d6"


def test_create_keeps_the_chosen_table_rules(client, player):
    data = {**GOOD, "ace_of_diamonds": "once_per_fight", "empty_attack_pile": "monster_redeals"}
    client.post(url("character_create"), data)
    character = Character.objects.get(owner=player)
    assert character.ruleset == {
        "creation_dice": "1d6",
        "ace_of_diamonds": "once_per_fight",
        "empty_attack_pile": "monster_redeals",
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": "  "}, "This field is required."),
        ({"class_card": ""}, "Choose a class: tap one of the twelve face cards (S-06)."),
        ({"class_card": "7H"}, "The class must be a Jack, Queen or King (S-06)."),
        ({"class_card": "JK1"}, "The class must be a Jack, Queen or King (S-06)."),
        ({"str_die_1": "7"}, "a die shows a whole number from 1 to 6 (T-02)"),
        ({"hp_die_1": "0"}, "a die shows a whole number from 1 to 6 (T-02)"),
        ({"hp_die_1": "six"}, "a die shows a whole number from 1 to 6 (T-02)"),
        ({"str_die_1": ""}, "T-02: the 1d6 option needs 1 die for STR"),
        ({"hp_die_2": "3"}, "T-02: the 1d6 option rolls 1 die for HP"),
        ({"creation_dice": "2d6"}, "T-02: the 2d6 option needs 2 dice for STR"),
        ({"creation_dice": "3d6"}, "Select a valid choice."),
        ({"empty_attack_pile": "run"}, "Select a valid choice."),
        ({"name": "x" * 101}, "at most 100 characters"),
    ],
)
def test_refused_create_reshows_the_form_with_errors(client, player, change, message):
    response = client.post(url("character_create"), {**GOOD, **change})
    assert response.status_code == 400
    assert message in response.text
    assert 'data-testid="create-errors"' in response.text
    assert 'id="create-form"' in response.text and "<html" in response.text
    assert not Character.objects.exists()


def test_t02_two_dice_option_needs_two_dice(client, player):
    response = client.post(url("character_create"), {**GOOD, "creation_dice": "2d6"})
    assert "T-02: the 2d6 option needs 2 dice for STR" in response.text
    assert "T-02: the 2d6 option needs 2 dice for HP" in response.text
    # The re-shown form now has two inputs per stat.
    assert 'name="str_die_2"' in response.text and 'name="hp_die_2"' in response.text


def test_engine_refusal_is_shown_in_the_form(client, player, monkeypatch):
    from tracker.rules import RuleError

    def refuse(**kwargs):
        raise RuleError("S-06", "the class must be a face card")

    monkeypatch.setattr(services, "character_create", refuse)
    response = client.post(url("character_create"), GOOD)
    assert response.status_code == 400
    assert "S-06: the class must be a face card" in response.text


def test_s05_rolled_dice_show_str_and_hp(client, player, monkeypatch):
    monkeypatch.setattr("tracker.card_rpg.dice_roller.roll_dice", lambda count: [5] * count)
    response = client.post(url("character_create"), {"intent": "roll", "creation_dice": "1d6"})
    assert response.status_code == 200
    text = response.text
    assert "<html" in text  # without JavaScript: the whole form, dice filled in
    assert 'name="str_die_1" value="5"' in text and 'name="hp_die_1" value="5"' in text
    assert "⚄" in text  # the die face for 5
    assert "STR 5" in text and "HP 7" in text
    assert "S-05" in text
    assert "This field is required" not in text  # rolling is not a refused create


def test_t02_rolling_with_the_two_dice_option_rolls_two_dice_each(client, player):
    response = client.post(url("character_create"), {"intent": "roll", "creation_dice": "2d6"})
    text = response.text
    assert re.search(r'name="str_die_2" value="[1-6]"', text)
    assert re.search(r'name="hp_die_2" value="[1-6]"', text)
    assert re.search(r'aria-label="STR dice [1-6] and [1-6]">[⚀-⚅]{2}<', text)


def test_the_apps_dice_come_from_the_system_random_source():
    import random

    from tracker.card_rpg import dice_roller

    assert isinstance(dice_roller._SYSTEM_RANDOM, random.SystemRandom)
    rolls = dice_roller.roll_dice(600)
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert [dice_roller.die_face(n) for n in (1, 6)] == ["⚀", "⚅"]


def test_s05_preview_comes_from_the_engine():
    from tracker.card_rpg.dice_roller import creation_stats

    # Worked example 1: a roll of 5 gives STR 5 and HP 7.
    assert creation_stats([5], [5], {}) == {"str": 5, "hp_max": 7, "str_roll": 5, "hp_roll": 5}
    assert creation_stats([6, 6], [6, 6], {"creation_dice": "2d6"})["str"] == 8


def test_htmx_roll_gets_only_the_dice_region(client, player, monkeypatch):
    monkeypatch.setattr("tracker.card_rpg.dice_roller.roll_dice", lambda count: [2, 6][:count])
    response = client.post(
        url("character_create"), {"intent": "roll", "creation_dice": "2d6", "name": "x"}, **HTMX
    )
    text = response.text
    assert response.status_code == 200
    assert text.lstrip().startswith('<div id="dice"')
    assert "<html" not in text and 'name="class_card"' not in text
    assert "⚁⚅" in text
    assert "STR 6" in text and "HP 10" in text  # ceil(8/2)+2, 8+2


def test_htmx_dice_option_change_redraws_the_dice_inputs(client, player):
    data = {"intent": "dice", "creation_dice": "2d6", "str_die_1": "3"}
    text = client.post(url("character_create"), data, **HTMX).text
    assert text.lstrip().startswith('<div id="dice"')
    assert 'name="str_die_2"' in text and 'name="str_die_1" value="3"' in text
    assert "needs 2 dice" not in text  # no scolding while the player is still choosing
    data = {"intent": "dice", "creation_dice": "1d6", "str_die_1": "3", "str_die_2": "4"}
    text = client.post(url("character_create"), data, **HTMX).text
    assert 'name="str_die_2"' not in text


def test_htmx_preview_of_typed_dice(client, player):
    data = {**GOOD, "intent": "preview", "str_die_1": "4", "hp_die_1": "7"}
    text = client.post(url("character_create"), data, **HTMX).text
    assert text.lstrip().startswith('<div id="dice-preview"')
    assert "a die shows a whole number from 1 to 6" in text
    data = {**GOOD, "intent": "preview", "str_die_1": "4", "hp_die_1": "6"}
    text = client.post(url("character_create"), data, **HTMX).text
    assert "STR 4" in text and "HP 8" in text and "⚃" in text


def test_htmx_refused_create_gets_the_form_partial(client, player):
    response = client.post(url("character_create"), {**GOOD, "name": ""}, **HTMX)
    assert response.status_code == 200  # htmx swaps only 2xx answers
    assert response.text.lstrip().startswith('<form id="create-form"')
    assert "This field is required." in response.text
    assert not Character.objects.exists()


def test_htmx_create_redirects_in_the_browser(client, player):
    response = client.post(url("character_create"), GOOD, **HTMX)
    character = Character.objects.get(owner=player)
    assert response["HX-Redirect"] == url("character_detail", character)


# -- record sheet ---------------------------------------------------------------------------


def test_sheet_shows_every_s03_field_and_the_table_rules(client, player):
    character = make(player, name="Capi", class_card="QH", str_dice=(4,), hp_dice=(3,))
    text = client.get(url("character_detail", character)).text
    assert "<h1>Capi</h1>" in text
    assert 'aria-label="Queen of Hearts"' in text
    for label, value in [
        ("Level", "1"),
        ("STR", "4"),
        ("HP", "5"),
        ("XP / next", "0 / 10"),
        ("Gold", "0"),
        ("Jokers", "0"),
        ("Kills", "0"),
        ("Deaths", "0"),
        ("Sessions", "0"),
    ]:
        assert f"<dt>{label}</dt><dd>{value}</dd>" in text
    assert "keeps XP when killed" in text  # S-07 for a Queen
    assert "played as a Heart" in text  # S-08
    for rule in ("T-02", "T-03", "T-14"):
        assert rule in text
    assert "Free while held" in text
    for name in ("character_rename", "character_delete", "character_export"):
        assert url(name, character) in text
    assert reverse("tracker:rpg_play", args=[character.pk]) in text
    assert 'data-testid="inventory-empty"' in text


def test_s10_s12_sheet_draws_the_inventory_with_each_cards_power(client, player):
    character = make(player)
    inventory = ["6S", "4H", "9C", "AS", "AH", "AD", "AC"]
    Character.objects.filter(pk=character.pk).update(inventory=inventory)
    text = client.get(url("character_detail", character)).text
    assert 'aria-label="6 of Spades"' in text and "deals 6 damage" in text
    assert "live on with 4 HP" in text
    assert "one extra attack" in text
    assert "kills the current monster outright" in text
    assert "HP back to full" in text
    assert "luck gem" in text
    assert "blitz" in text


# -- rename ---------------------------------------------------------------------------------


def test_rename_without_javascript_redirects_to_the_sheet(client, player):
    character = make(player, name="Capi")
    page = client.get(url("character_rename", character))
    assert page.status_code == 200 and 'value="Capi"' in page.text and "<html" in page.text
    response = client.post(
        url("character_rename", character), {"name": "Capitaine", "version": character.version}
    )
    assert response.status_code == 302
    assert response["Location"] == url("character_detail", character)
    character.refresh_from_db()
    assert character.name == "Capitaine"


def test_htmx_rename_swaps_only_the_name_region(client, player):
    character = make(player, name="Capi")
    edit = client.get(url("character_rename", character), **HTMX).text
    assert edit.lstrip().startswith('<form id="character-name"')
    assert "<html" not in edit
    done = client.post(
        url("character_rename", character),
        {"name": "Capitaine", "version": character.version},
        **HTMX,
    ).text
    assert done.lstrip().startswith('<div id="character-name"')
    assert "<h1>Capitaine</h1>" in done and "<html" not in done
    cancel = client.get(url("character_detail", character), HTTP_HX_TARGET="character-name", **HTMX)
    assert cancel.text.lstrip().startswith('<div id="character-name"')


def test_refused_rename_reshows_the_name_form(client, player):
    character = make(player, name="Capi")
    response = client.post(
        url("character_rename", character), {"name": " ", "version": character.version}
    )
    assert response.status_code == 400
    assert "This field is required." in response.text
    response = client.post(
        url("character_rename", character), {"name": "x" * 101, "version": character.version}
    )
    assert "at most 100 characters" in response.text
    character.refresh_from_db()
    assert character.name == "Capi"


def test_rename_from_a_stale_screen_shows_the_conflict(client, player):
    character = make(player, name="Capi")
    stale = character.version
    client.post(url("character_rename", character), {"name": "First", "version": stale})
    response = client.post(url("character_rename", character), {"name": "Second", "version": stale})
    assert response.status_code == 400
    assert "changed on another screen" in response.text
    character.refresh_from_db()
    assert character.name == "First"
    assert f'name="version" value="{character.version}"' in response.text


# -- delete ---------------------------------------------------------------------------------


def test_delete_asks_for_confirmation_and_get_deletes_nothing(client, player):
    character = make(player, name="Capi")
    page = client.get(url("character_delete", character))
    assert page.status_code == 200
    assert "Delete Capi?" in page.text and 'method="post"' in page.text
    assert Character.objects.filter(pk=character.pk).exists()


def test_delete_without_the_tick_is_refused(client, player):
    character = make(player)
    response = client.post(url("character_delete", character), {"version": character.version})
    assert response.status_code == 400
    assert "Tick the box to confirm" in response.text
    assert Character.objects.filter(pk=character.pk).exists()


def test_confirmed_delete_removes_the_character_and_returns_to_the_list(client, player):
    character = make(player, name="Capi")
    response = client.post(
        url("character_delete", character), {"version": character.version, "confirm": "on"}
    )
    assert response.status_code == 302
    assert response["Location"] == url("character_list")
    assert not Character.objects.exists()
    assert "Capi was deleted." in client.get(url("character_list")).text


def test_htmx_delete_redirects_in_the_browser_and_refusal_swaps_the_form(client, player):
    character = make(player)
    refused = client.post(url("character_delete", character), {"version": 1}, **HTMX)
    assert refused.text.lstrip().startswith('<form id="delete-form"')
    done = client.post(
        url("character_delete", character), {"version": character.version, "confirm": "on"}, **HTMX
    )
    assert done["HX-Redirect"] == url("character_list")


# -- export and import ----------------------------------------------------------------------


def test_export_downloads_the_log_as_a_file(client, player):
    character = make(player, name="Capi")
    response = client.get(url("character_export", character))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="Capi.cardrpg.json"'
    document = json.loads(response.content)
    assert document["format"] == "cardrpg-log" and document["version"] == 1
    assert document["actions"][0]["type"] == "create_character"


def test_export_then_import_round_trips_through_the_ui(client, player):
    from django.core.files.uploadedfile import SimpleUploadedFile

    character = make(player, name="Capi", class_card="JD", str_dice=(6,), hp_dice=(2,))
    services.character_apply(
        character_id=character.pk,
        owner=player,
        action={"type": "start_session"},
        expected_version=character.version,
    )
    client.post(url("character_rename", character), {"name": "Capitaine", "version": 2})
    exported = client.get(url("character_export", character)).content
    upload = SimpleUploadedFile("Capitaine.cardrpg.json", exported, "application/json")
    response = client.post(url("import"), {"log_file": upload})
    imported = Character.objects.exclude(pk=character.pk).get(owner=player)
    assert response.status_code == 302
    assert response["Location"] == url("character_detail", imported)
    original = Character.objects.get(pk=character.pk)
    fields = ("name", "class_card", "str", "hp_max", "level", "sessions", "phase", "ruleset")
    assert [getattr(imported, f) for f in fields] == [getattr(original, f) for f in fields]
    assert imported.state == original.state


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"hello", "not a cardrpg-log file: not JSON"),
        (b'{"format": "other"}', "not a cardrpg-log file"),
        (
            json.dumps(
                {
                    "format": "cardrpg-log",
                    "version": 1,
                    "actions": [
                        {
                            "type": "create_character",
                            "name": "Bad",
                            "class": "7H",
                            "str_dice": [3],
                            "hp_dice": [3],
                        }
                    ],
                }
            ).encode(),
            "Action 1 in the file (create_character) was refused — S-06",
        ),
        (b"\xff\xfe\x00", "not text"),
    ],
)
def test_bad_import_file_names_the_problem_and_creates_nothing(client, player, content, message):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("bad.cardrpg.json", content, "application/json")
    response = client.post(url("import"), {"log_file": upload})
    assert response.status_code == 400
    assert message in response.text
    assert 'data-testid="import-error"' in response.text
    assert not Character.objects.exists()


def test_import_without_a_file_is_refused(client, player):
    response = client.post(url("import"), {})
    assert response.status_code == 400
    assert "This field is required." in response.text


def test_htmx_bad_import_gets_only_the_form(client, player):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("bad.json", b"nope", "application/json")
    response = client.post(url("import"), {"log_file": upload}, **HTMX)
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<form id="import-form"')
