"""A new player makes, looks at, renames, exports and deletes a character on a phone-size screen."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests import phone

pytestmark = pytest.mark.django_db(transaction=True)

# Elements a thumb must hit: buttons, button-like links, text inputs and the labels that stand
# for hidden or small radios and checkboxes.
TARGETS = (
    "main button, main .button,"
    " main input:not([type=hidden]):not([type=radio]):not([type=checkbox]),"
    " main label.class-choice, main label.option-choice, main label.confirm-box,"
    " header a, header button"
)


def check_phone_screen(page):
    """The shared phone checks, with this screen's tap targets."""
    phone.check_phone_screen(page, TARGETS)


def shoot(page, screenshot, name):
    """A phone-size screenshot in the light theme and one in the dark theme."""
    page.evaluate("window.scrollTo(0, 0)")  # the sticky top bar stays at the top of the shot
    screenshot(name)
    page.emulate_media(color_scheme="dark")
    screenshot(f"{name}-dark")
    check_contrast_only(page)
    page.emulate_media(color_scheme="light")


def check_contrast_only(page):
    phone.check_contrast(page)


def sign_up(page, live_server, username="ada"):
    page.goto(f"{live_server.url}/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill("correct horse battery")
    page.get_by_label("Password confirmation").fill("correct horse battery")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Your characters")).to_be_visible()


def test_s05_new_player_rolls_a_character_renames_exports_and_deletes_it(
    live_server, page, screenshot, offsite_requests, tmp_path
):
    sign_up(page, live_server)
    page.get_by_role("link", name="New character").click()
    expect(page.get_by_role("heading", name="New character")).to_be_visible()
    check_phone_screen(page)
    shoot(page, screenshot, "characters-create")

    page.get_by_label("Name").fill("Capi")
    page.get_by_role("radio", name="Queen of Hearts").check()
    expect(page.get_by_role("radio", name="Queen of Hearts")).to_be_checked()
    # Defaults pre-selected (T-02, T-03, T-14).
    expect(page.get_by_role("radio", name=re.compile(r"1 die each"))).to_be_checked()
    expect(page.get_by_role("radio", name=re.compile(r"Free while held"))).to_be_checked()
    expect(page.get_by_role("radio", name=re.compile(r"Monster skips"))).to_be_checked()

    page.get_by_role("button", name="Roll for me").click()
    str_result = page.get_by_test_id("str-result")
    expect(str_result).to_contain_text(re.compile(r"roll \d → STR \d"))
    expect(page.get_by_test_id("hp-result")).to_contain_text(re.compile(r"roll \d → HP \d"))
    # The rolled dice are in the inputs, ready to be submitted; the rest of the form kept.
    str_die = int(page.get_by_label("STR die").input_value())
    hp_die = int(page.get_by_label("HP die").input_value())
    assert 1 <= str_die <= 6 and 1 <= hp_die <= 6
    expect(page.get_by_label("Name")).to_have_value("Capi")
    expect(page.get_by_role("radio", name="Queen of Hearts")).to_be_checked()
    expect(page.get_by_role("img", name=f"STR dice {str_die}")).to_have_text("⚀⚁⚂⚃⚄⚅"[str_die - 1])
    shoot(page, screenshot, "characters-create-rolled")

    page.get_by_role("button", name="Create character").click()
    expect(page.get_by_role("heading", name="Capi", level=1)).to_be_visible()
    stats = page.get_by_test_id("sheet-stats")
    expect(stats).to_contain_text(f"STR{(str_die + 1) // 2 + 2}")
    expect(stats).to_contain_text(f"HP{hp_die + 2}")
    expect(stats).to_contain_text("XP / next0 / 10")
    expect(page.get_by_role("img", name="Queen of Hearts")).to_be_visible()
    check_phone_screen(page)
    shoot(page, screenshot, "characters-sheet")

    # Rename inline: only the name region changes.
    page.get_by_role("link", name="Rename").click()
    name_box = page.get_by_label("New name")
    expect(name_box).to_be_focused()
    shoot(page, screenshot, "characters-rename-inline")
    name_box.fill("Capitaine")
    page.get_by_role("button", name="Save name").click()
    expect(page.get_by_role("heading", name="Capitaine", level=1)).to_be_visible()
    expect(page).to_have_url(re.compile(r"/characters/\d+/$"))

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Export").click()
    download = download_info.value
    assert download.suggested_filename == "Capitaine.cardrpg.json"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    document = json.loads(saved.read_text(encoding="utf-8"))
    assert document["format"] == "cardrpg-log"
    assert document["actions"][0]["class"] == "QH"

    page.get_by_role("link", name="All characters").click()
    row = page.get_by_test_id("character-row")
    expect(row).to_contain_text("Capitaine")
    expect(row.get_by_role("link", name=re.compile(r"^Play"))).to_be_visible()
    check_phone_screen(page)
    shoot(page, screenshot, "characters-list")

    # Import the exported file back: a second character appears.
    page.get_by_role("link", name="Import").click()
    # A link click does not wait for the next page: measuring before its stylesheet applies
    # would see unstyled, too-small targets.
    expect(page.get_by_role("heading", name="Import a game file")).to_be_visible()
    check_phone_screen(page)
    page.get_by_label("Game file").set_input_files(saved)
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", name="Capitaine", level=1)).to_be_visible()
    expect(page.get_by_text("Capitaine was imported.")).to_be_visible()

    page.get_by_role("link", name="Delete", exact=True).click()
    expect(page.get_by_role("heading", name="Delete Capitaine?")).to_be_visible()
    page.get_by_role("button", name="Delete for good").click()
    expect(page.get_by_text("Tick the box to confirm")).to_be_visible()
    check_phone_screen(page)
    shoot(page, screenshot, "characters-delete")
    page.get_by_label("Yes, delete this character").check()
    page.get_by_role("button", name="Delete for good").click()
    expect(page.get_by_text("Capitaine was deleted.")).to_be_visible()
    expect(page.get_by_test_id("character-row")).to_have_count(1)
    assert offsite_requests == []


def test_t02_typed_real_dice_with_two_dice_option_and_a_refused_value(
    live_server, page, screenshot, offsite_requests
):
    sign_up(page, live_server, "bea")
    page.get_by_role("link", name="New character").click()
    page.get_by_label("Name").fill("Dé")
    page.get_by_role("radio", name="Jack of Clubs").check()

    # T-02 option 2d6: the dice region is redrawn with two dice for each stat.
    page.get_by_role("radio", name=re.compile(r"2 dice each")).check()
    expect(page.get_by_label("STR die 2")).to_be_visible()
    page.get_by_label("STR die 1").fill("3")
    page.get_by_label("STR die 2").fill("7")  # no die shows 7
    page.get_by_label("HP die 1").fill("6")
    page.get_by_label("HP die 2").fill("2")
    expect(page.get_by_test_id("dice-error")).to_contain_text("1 to 6 (T-02)")
    page.get_by_role("button", name="Create character").click()
    expect(page.get_by_test_id("create-errors")).to_be_visible()
    expect(page.get_by_text("a die shows a whole number from 1 to 6").first).to_be_visible()
    check_phone_screen(page)
    shoot(page, screenshot, "characters-create-refused")

    page.get_by_label("STR die 2").fill("5")
    expect(page.get_by_test_id("str-result")).to_contain_text("roll 8 → STR 6")
    expect(page.get_by_test_id("hp-result")).to_contain_text("roll 8 → HP 10")
    expect(page.get_by_role("img", name="STR dice 3 and 5")).to_have_text("⚂⚄")
    page.get_by_role("button", name="Create character").click()

    expect(page.get_by_role("heading", name="Dé", level=1)).to_be_visible()
    stats = page.get_by_test_id("sheet-stats")
    expect(stats).to_contain_text("STR6")
    expect(stats).to_contain_text("HP10")
    expect(page.get_by_test_id("table-rules")).to_contain_text("2 dice each (2d6)")
    assert offsite_requests == []


def test_create_works_without_javascript(live_server, browser):
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": phone.PHONE_WIDTH, "height": 740}
    )
    page = context.new_page()
    page.set_default_timeout(5_000)
    try:
        sign_up(page, live_server, "cleo")
        page.get_by_role("link", name="New character").click()
        page.get_by_label("Name").fill("Sans JS")
        page.get_by_role("radio", name="King of Diamonds").check()
        page.get_by_role("button", name="Roll for me").click()  # a plain POST re-renders
        expect(page.get_by_test_id("str-result")).to_be_visible()
        expect(page.get_by_label("Name")).to_have_value("Sans JS")
        page.get_by_role("button", name="Create character").click()
        expect(page.get_by_role("heading", name="Sans JS", level=1)).to_be_visible()
        page.get_by_role("link", name="Rename").click()  # the rename page
        page.get_by_label("New name").fill("Still no JS")
        page.get_by_role("button", name="Save name").click()
        expect(page.get_by_role("heading", name="Still no JS", level=1)).to_be_visible()
    finally:
        context.close()


LOOT_LOG = {
    "format": "cardrpg-log",
    "version": 1,
    "actions": [
        {
            "type": "create_character",
            "name": "Loot",
            "class": "JH",
            "str_dice": [5],
            "hp_dice": [5],
        },
        {"type": "start_session", "hand": ["9C", "8D", "7H", "2S", "3S"]},
        {"type": "reveal_monster", "card": "QS"},
        {"type": "roll_monster_hp", "dice": [1, 1, 1]},
        {"type": "attack", "cards": ["9C"]},
        {"type": "turn", "card": "6S"},  # loot (T-17)
        {"type": "turn", "card": "AH"},  # the Jack's extra card (S-07)
    ],
}


def test_s10_s12_imported_character_shows_its_inventory_as_cards(
    live_server, page, screenshot, tmp_path
):
    log = tmp_path / "Loot.cardrpg.json"
    log.write_text(json.dumps(LOOT_LOG), encoding="utf-8")
    sign_up(page, live_server, "dan")
    page.get_by_role("link", name="Import").click()
    page.get_by_label("Game file").set_input_files(log)
    page.get_by_role("button", name="Import").click()

    expect(page.get_by_role("heading", name="Loot", level=1)).to_be_visible()
    inventory = page.get_by_test_id("inventory")
    expect(inventory.get_by_role("img", name="6 of Spades")).to_be_visible()
    expect(inventory.get_by_role("img", name="Ace of Hearts")).to_be_visible()
    expect(inventory).to_contain_text("deals 6 damage")
    expect(inventory).to_contain_text("HP back to full")
    expect(page.get_by_test_id("sheet-stats")).to_contain_text("Kills1")
    # Mid-session: the big button carries on where the player left off.
    expect(page.get_by_role("link", name="Continue session")).to_be_visible()
    check_phone_screen(page)
    shoot(page, screenshot, "characters-sheet-inventory")


def test_bad_import_file_names_the_refused_action(live_server, page, screenshot, tmp_path):
    bad = {**LOOT_LOG, "actions": [*LOOT_LOG["actions"][:4], {"type": "attack", "cards": ["KD"]}]}
    log = tmp_path / "Bad.cardrpg.json"
    log.write_text(json.dumps(bad), encoding="utf-8")
    sign_up(page, live_server, "eve")
    page.get_by_role("link", name="Import").click()
    page.get_by_label("Game file").set_input_files(log)
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_test_id("import-error")).to_contain_text(
        "Action 5 in the file (attack) was refused — S-20"
    )
    check_phone_screen(page)
    shoot(page, screenshot, "characters-import-refused")
    page.get_by_role("link", name="Back to your games").click()
    expect(page.get_by_test_id("no-characters")).to_be_visible()
