"""The whole app in Traditional Chinese on a 360 × 740 phone (the issue's "must hold").

A phone whose browser asks for zh-TW plays, in zh-hant from its first page on: a Card RPG
character made and a fight played through a monster's defeat; one turn at a 2-seat Heroes of
Barcadia table; a Barbarian Vince turn through a skill check. On every screen visited: the page
says it is zh-Hant, nothing scrolls sideways, tap targets stay thumb-sized, axe-core finds
nothing serious, no English is left (tests/i18n/english.py: names the test typed, card
codes, rule IDs, dice and the glossary's Latin words aside; a lone Latin letter counts) and
nothing is typeset as English (tests/i18n/typography.py); a refusal keeps its rule ID. Every screen's problems are gathered and reported together at the end, with
screenshots (NAME.png), the text checked (NAME.txt) and the English found (one .json per
game) in test-artifacts/zh-hant/.

The controls are found by what does not change with the language (form actions, names, values,
test ids), never by their English words.
"""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests import phone
from tests.conftest import ARTIFACTS
from tests.i18n.english import english_left, screen_text
from tests.i18n.typography import typography_faults
from tracker.barcadia import services as hob_services
from tracker.barcadia.models import Table
from tracker.card_rpg import services as crpg_services
from tracker.rules.barbarian_vince.catalogue import PLAIN_TERRAINS
from tracker.rules.cards import is_face, is_number, rank, value

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

SHOTS = ARTIFACTS / "zh-hant"
PASSWORD = "correct horse battery"
# What a thumb must hit on each game's screens (as the English browser tests check them):
# Chinese words are shorter than English ones, so a button may shrink below 44 px.
CHARACTER_TARGETS = (
    "main button, main .button,"
    " main input:not([type=hidden]):not([type=radio]):not([type=checkbox]),"
    " main label.class-choice, main label.option-choice, main label.confirm-box,"
    " header a, header button"
)
PLAY_TARGETS = (
    "main button, main .button, main input[type=text], main label.chip, main label.gc,"
    " main label.pick, main summary, header a, header button"
)
HOB_TARGETS = (
    "main button, main .button, main input[type=text], main input[type=number], main select,"
    " main summary, main #hob-lit a, main .choice-row label, main label.check, header a,"
    " header button"
)
BV_TARGETS = (
    "main button, main .button, main input[type=text], main input[type=number], main select,"
    " main textarea, main label.bv-tick, main summary, header a, header button"
)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A phone set to Traditional Chinese (Taiwan): its browser sends Accept-Language zh-TW."""
    return {**browser_context_args, "locale": "zh-TW"}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


class Screens:
    """Checks every screen visited and gathers what is wrong, screen by screen; the English
    found is written to test-artifacts/zh-hant/GAME.json even when the flow breaks off."""

    SHOWN_LINES = 12  # English lines quoted per screen in a failure (all are in the .json)

    def __init__(self, test: str):
        self.test = test
        self.targets: str | None = None  # the tap targets of the screens checked next
        self.codes: tuple[str, ...] = ()  # a game's printed one-letter codes (not English)
        self.problems: dict[str, list[str]] = {}
        self.english: dict[str, dict[str, list[str]]] = {}

    def check(self, page, name: str, names=()) -> None:
        page.wait_for_load_state("load")  # stylesheets applied before anything is measured
        found = []
        lang = page.evaluate("document.documentElement.lang")
        if lang != "zh-Hant":
            found.append(f"the page is in {lang!r}, not zh-Hant")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > phone.PHONE_WIDTH:
            found.append(f"scrolls sideways: {width} px wide")
        if self.targets:
            small = phone.small_targets(page, self.targets)
            if small:
                found.append(f"smaller than a thumb (44 px): {small}")
        serious = phone.serious_axe_findings(page)
        if serious:
            found.append(f"axe: {serious}")
        self.shoot(page, name)
        text = screen_text(page)
        (SHOTS / f"{name}.txt").write_text(text, encoding="utf-8")
        faults = typography_faults(text)
        if faults:
            found.append(f"typeset as English ({len(faults)}):")
            found += [f"  {fault}" for fault in faults[: self.SHOWN_LINES]]
        words = english_left(text, names, self.codes)
        if words:
            lines = []
            for line in text.splitlines():
                if english_left(line, names, self.codes) and line.strip() not in lines:
                    lines.append(line.strip())
            self.english[name] = {"words": words, "lines": lines}
            found.append(f"English left ({len(words)} words) in:")
            found += [f"  {line[:160]}" for line in lines[: self.SHOWN_LINES]]
            if len(lines) > self.SHOWN_LINES:
                found.append(f"  … and {len(lines) - self.SHOWN_LINES} more lines")
        if found:
            self.problems[name] = found

    def shoot(self, page, name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        # Set through the CSSOM: the Content-Security-Policy refuses injected <style> tags.
        page.evaluate(
            "() => { const bar = document.querySelector('.topbar');"
            " if (bar) bar.style.setProperty('position', 'static', 'important'); }"
        )
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        page.evaluate(
            "() => { const bar = document.querySelector('.topbar');"
            " if (bar) bar.style.removeProperty('position'); }"
        )

    def write(self) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / f"{self.test}.json").write_text(
            json.dumps(self.english, ensure_ascii=False, indent=1), encoding="utf-8"
        )

    def assert_clean(self) -> None:
        report = "\n".join(
            f"{name}:\n" + "\n".join(f"    {problem}" for problem in problems)
            for name, problems in self.problems.items()
        )
        assert not self.problems, (
            f"{len(self.problems)} screens are not whole in zh-hant:\n{report}"
        )


@pytest.fixture
def screens(request):
    """The screens' checks of this test (see Screens), reported whatever happens."""
    test = request.node.originalname
    games = [game for game in ("card_rpg", "heroes_of_barcadia", "barbarian_vince") if game in test]
    checks = Screens(games[0].replace("_", "-") if games else test)
    yield checks
    checks.write()


def log_in(page, live_server, username: str, screens=None) -> None:
    """Sign in from the log-in page: the phone's first page, in zh-hant from the start."""
    page.goto(f"{live_server.url}/accounts/login/")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    if screens:
        screens.check(page, "log-in")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(f"{live_server.url}/")


# --- Card RPG ----------------------------------------------------------------------------------

SEED = 63  # the same deal as tests/play/test_play_browser.py's first session


def choose_attack(hand: list[str]) -> list[str]:
    """The best combo of number cards, else a face card, else the highest card."""
    by_rank: dict[str, list[str]] = {}
    for card in hand:
        by_rank.setdefault(rank(card), []).append(card)
    combos = [cards for cards in by_rank.values() if len(cards) > 1 and is_number(cards[0])]
    if combos:
        return max(combos, key=lambda cards: sum(value(card) for card in cards))
    faces = [card for card in hand if is_face(card)]
    if faces:
        return faces[:1]
    numbers = [card for card in hand if is_number(card)]
    return [max(numbers, key=value)] if numbers else hand[:1]


def crpg_version(page) -> str:
    return page.locator("#play-prompt input[name=version]").first.input_value()


def crpg_step(page, click) -> None:
    """Tap something that applies an action, and wait for the swap that follows."""
    before = crpg_version(page)
    click()
    expect(page.locator("#play-prompt input[name=version]").first).not_to_have_value(before)


def test_card_rpg_a_character_made_and_a_fight_won_in_traditional_chinese(
    live_server, page, screens
):
    user = get_user_model().objects.create_user("ada", password=PASSWORD)
    names = ("Capi", "ada")
    screens.targets = CHARACTER_TARGETS
    log_in(page, live_server, "ada", screens)
    screens.check(page, "crpg-01-home", names)

    page.goto(f"{live_server.url}/characters/new/")
    screens.check(page, "crpg-02-new-character", names)
    page.locator("input[name=name]").fill("Capi")
    page.locator("label.class-choice:has(input[value=QH])").click()
    page.locator("button[name=intent][value=roll]").click()
    expect(page.get_by_test_id("rolled-once")).to_be_visible()
    screens.check(page, "crpg-03-rolled", names)
    page.locator("button[name=intent][value=create]").click()
    expect(page).to_have_url(re.compile(r"/characters/\d+/$"))
    screens.check(page, "crpg-04-sheet", names)
    pk = int(page.url.rstrip("/").rsplit("/", 1)[1])

    screens.targets = PLAY_TARGETS
    page.goto(f"{live_server.url}/characters/{pk}/play/")
    screens.check(page, "crpg-05-play-no-session", names)
    page.locator("details:has(input[name=seed]) > summary").click()
    page.locator("input[name=seed]").fill(str(SEED))
    crpg_step(page, lambda: page.get_by_test_id("virtual").click())
    crpg_step(page, lambda: page.get_by_test_id("deal").click())
    screens.check(page, "crpg-06-dealt", names)

    def kills() -> int:
        return crpg_services.character_get(character_id=pk, owner=user).state["character"]["kills"]

    seen = set()
    for _ in range(60):
        if kills():
            break
        deal = page.get_by_test_id("deal")
        if deal.count():
            if "deal" not in seen:
                seen.add("deal")
                screens.check(page, "crpg-07-app-step", names)
            crpg_step(page, deal.click)
            continue
        attack = page.locator("form[action$='/play/attack/']")
        if attack.count():
            if "attack" not in seen:
                seen.add("attack")
                screens.check(page, "crpg-08-attack", names)
            hand = attack.locator("fieldset.hand input[name=card]")
            cards = [hand.nth(i).get_attribute("value") for i in range(hand.count())]
            for card in choose_attack(cards):
                attack.locator(f"fieldset.hand label:has(input[value='{card}'])").click()
            crpg_step(page, attack.get_by_test_id("attack").click)
            if "attacked" not in seen:
                seen.add("attacked")
                screens.check(page, "crpg-09-after-attack", names)
            continue
        if "end-turn" not in seen:
            seen.add("end-turn")
            screens.check(page, "crpg-10-end-turn", names)
        crpg_step(page, lambda: page.get_by_test_id("end-turn").click())
    assert kills() == 1, "no monster was beaten in 60 taps"
    screens.check(page, "crpg-11-monster-beaten", names)
    screens.targets = None  # the history's own checks are tests/history's
    page.goto(f"{live_server.url}/characters/{pk}/history/")
    screens.check(page, "crpg-12-history", names)
    screens.assert_clean()


# --- Heroes of Barcadia ------------------------------------------------------------------------


def hob_version(page) -> str:
    return page.locator("#hob-live").get_attribute("data-version")


def hob_step(page, click) -> None:
    before = hob_version(page)
    click()
    expect(page.locator("#hob-live")).not_to_have_attribute("data-version", before)


@pytest.fixture
def zh_phones(browser, browser_context_args):
    """Two more phones in Traditional Chinese (browser contexts of their own)."""
    contexts = [browser.new_context(**browser_context_args) for _ in range(2)]
    pages = []
    for context in contexts:
        page = context.new_page()
        page.set_default_timeout(5_000)
        pages.append(page)
    yield pages
    for context in contexts:
        context.close()


def test_heroes_of_barcadia_one_turn_at_a_two_seat_table_in_traditional_chinese(
    live_server, page, zh_phones, screens
):
    host = get_user_model().objects.create_user("host", password=PASSWORD)
    table = hob_services.table_create(
        owner=host, name="星期五", players=[{"name": "Ana"}, {"name": "Bo"}]
    )
    names = ("Ana", "Bo", "host")
    screens.targets = HOB_TARGETS
    screens.codes = tuple(name[0] for name in names)  # a hero's token on the map: the initial
    log_in(page, live_server, "host")
    page.goto(f"{live_server.url}/tables/{table.pk}/seats/")
    screens.check(page, "hob-01-seats", names)
    links = [page.get_by_test_id("join-link").nth(i).get_attribute("href") for i in range(2)]

    for number, (friend, link) in enumerate(zip(zh_phones, links, strict=True), start=1):
        friend.goto(link)
        if number == 1:
            screens.check(friend, "hob-02-join", names)
        friend.locator("main form button[type=submit]").click()
        expect(friend.locator("#hob-live")).to_be_visible()
    ana, bo = zh_phones
    screens.check(ana, "hob-03-order", names)

    # Nobody types a die: the app rolls for the order, again after a tie.
    for _ in range(6):
        if ana.get_by_test_id("roll").count() == 0:
            break
        hob_step(ana, ana.get_by_test_id("roll").click)
    first = Table.objects.get(pk=table.pk).state["turn"]["player"]
    active, other = (ana, bo) if first == "Ana" else (bo, ana)
    expect(active.locator('#hob-lit [data-target="explore"] a').first).to_be_visible()
    screens.check(active, "hob-04-your-turn", names)
    screens.check(other, "hob-05-waiting", names)

    # Explore a lit hex: a level-1 monster, which any D20 beats.
    active.locator('#hob-lit [data-target="explore"] a').first.click()
    form = active.get_by_test_id("explore-form")
    expect(form.locator("input[type=hidden][name=at]")).to_have_count(1)
    form.locator("input[name=kind][value=monster]").check()
    form.locator("input[name=level]").fill("1")
    form.locator("input[name=damage]").fill("10")
    screens.check(active, "hob-06-explore", names)
    hob_step(active, form.get_by_test_id("explore").click)
    screens.check(active, "hob-07-fight", names)
    hob_step(active, active.get_by_test_id("roll").click)
    expect(active.get_by_test_id("fight-words")).to_be_visible()
    screens.check(active, "hob-08-won", names)
    hob_step(active, active.get_by_test_id("end-turn").click)
    expect(other.get_by_test_id("end-turn").or_(other.locator("#hob-lit a")).first).to_be_visible(
        timeout=5_000
    )
    screens.check(other, "hob-09-next-turn", names)
    other.goto(f"{live_server.url}/tables/{table.pk}/history/")
    screens.check(other, "hob-10-history", names)
    screens.assert_clean()


# --- Barbarian Vince ---------------------------------------------------------------------------


def bv_act(page, form_or_button) -> None:
    """Submit something that applies an action; the new version shows it was taken."""
    field = page.locator("#bv-prompt input[name=version]").first
    before = field.input_value()
    form_or_button.click()
    error = page.get_by_test_id("error")
    expect(field.or_(error)).not_to_have_value(before)
    assert error.count() == 0, error.inner_text()


def test_barbarian_vince_a_turn_through_a_skill_check_in_traditional_chinese(
    live_server, page, screens
):
    from tests.barbarian_vince.conftest import make_adventure

    user = get_user_model().objects.create_user("ada", password=PASSWORD)
    # The sample catalogue entered and the first turn played (tests/barbarian_vince/conftest.py).
    adventure = make_adventure(user, "lay_low", name="第一次冒險")
    # What the player typed into the catalogue: the Player Card's id and the places' names.
    names = ("ada", "Vince", "Ulendi", "Rat Harbor", "Bridgewater", "Goblin Pass",
             "Irontree City", "Goblin Mines", "One Year")  # fmt: skip
    screens.targets = BV_TARGETS
    # Terrain letters are printed on the cards (O, F, G …, X3): codes, not English words.
    # The check's notation (N+, n@) is typed as it is printed.
    screens.codes = (*PLAIN_TERRAINS, "X", "Z", "N", "n")
    log_in(page, live_server, "ada")
    page.goto(f"{live_server.url}/adventures/")
    screens.check(page, "bv-01-adventures", names)
    page.goto(f"{live_server.url}/adventures/{adventure.pk}/")
    screens.check(page, "bv-02-lay-low", names)

    # Turn 2: a lay-low attempt that fails (Q08 draws 6), then travel onto Map 2.
    lay_low = page.get_by_test_id("lay-low-form")
    lay_low.locator("input[name=draw]").fill("Q08")
    bv_act(page, lay_low.locator("button[type=submit]"))
    screens.check(page, "bv-03-travel", names)
    travel = page.get_by_test_id("travel-form")
    travel.locator("select[name=place]").select_option("Map 2|Irontree City")
    bv_act(page, travel.locator("button[type=submit]"))
    # A card not in the catalogue is refused: the rule ID as in English, the reason in Chinese.
    encounter = page.get_by_test_id("encounter-form")
    encounter.locator("input[name=draw]").fill("Q08")
    encounter.locator("input[name=card]").fill("Q99")
    encounter.locator("button[type=submit]").click()
    expect(page.get_by_test_id("error")).to_contain_text(re.compile(r"[A-Z]{1,3}-\d{2}"))
    screens.check(page, "bv-04-refused", names)
    page.goto(f"{live_server.url}/adventures/{adventure.pk}/")  # nothing was written
    encounter = page.get_by_test_id("encounter-form")
    encounter.locator("input[name=draw]").fill("Q08")
    encounter.locator("input[name=card]").fill("Q02")
    screens.check(page, "bv-05-encounter", names)
    bv_act(page, encounter.locator("button[type=submit]"))

    # The skill check: Combat 2@ 5+ (round speed 1, damage 1).
    check = page.get_by_test_id("check-form")
    check.locator("select[name=skill]").select_option("combat")
    check.locator("input[name=target]").fill("5")
    check.locator("input[name=times]").fill("2")
    check.locator("input[name=round_speed]").fill("1")
    check.locator("input[name=damage]").fill("1")
    screens.check(page, "bv-06-check-form", names)
    bv_act(page, check.locator("button[type=submit]"))
    screens.check(page, "bv-07-check", names)
    bv_act(page, page.get_by_test_id("play-Map 1"))  # 4: the round is lost
    screens.check(page, "bv-08-damage", names)
    damage = page.get_by_test_id("damage-form")
    damage.locator("label.bv-tick:has(input[value=Vince])").click()
    bv_act(page, damage.locator("button[type=submit]"))
    bv_act(page, page.get_by_test_id("play-Q03"))  # 5: a success
    screens.check(page, "bv-09-reuse", names)
    bv_act(page, page.get_by_test_id("reuse-form").locator("button[value=Q03]"))
    bv_act(page, page.get_by_test_id("play-Map 2"))  # 5: the second success
    screens.check(page, "bv-10-check-passed", names)
    bv_act(page, page.locator("button[name=outcome][value=keep]"))
    screens.check(page, "bv-11-rest", names)
    page.goto(f"{live_server.url}/adventures/{adventure.pk}/history/")
    screens.check(page, "bv-12-history", names)
    screens.assert_clean()


def test_a_phone_set_to_traditional_chinese_gets_zh_hant_on_its_first_visit(live_server, page):
    """What Chromium itself sends for zh-TW is understood (tests/unit/test_languages.py checks
    the header by hand; this is the real browser's), and the header's switch turns English on."""
    page.goto(f"{live_server.url}/accounts/login/")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    page.locator("form[action='/language/'] button[value=en]").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
