"""Issue 28, point 3: a refusal where the eyes are. In every game, at 360 × 740 and in both
languages, a refused tap's message is on the screen when the answer has come (no scrolling),
not under a sticky bar, and next to the control that was tapped."""

from contextlib import contextmanager, suppress

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.barbarian_vince.conftest import make_adventure
from tests.conftest import SCREENSHOTS
from tests.play.conftest import make_character
from tests.play.test_play_stale_browser import apply

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "correct horse battery"
LANGUAGES = ["en", "zh-hant"]

# The box's corners and middle are on the screen and nothing else is drawn over them.
IN_SIGHT = """(el) => {
  const r = el.getBoundingClientRect();
  if (r.height === 0 || r.top < 0 || r.bottom > window.innerHeight) return false;
  const points = [[r.left + 4, r.top + 2], [r.right - 4, r.bottom - 2],
                  [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
  return points.every(([x, y]) => { const at = document.elementFromPoint(x, y);
                                    return at !== null && (el === at || el.contains(at)); });
}"""


# Some refusal saying `says` is in sight and drawn beside the tapped button's form (within it,
# or just before it). Asked again at each poll: the page may still be putting its copy beside
# the form (refusal.js, once the answer has settled), so no element is held from before.
BESIDE = (
    """([button, says]) => { const inSight = """
    + IN_SIGHT
    + """; const form = button.closest('form');
  return [...document.querySelectorAll('.notice.error')].some((el) =>
    el.textContent.includes(says) && inSight(el)
    && (form.contains(el) || form.previousElementSibling === el)); }"""
)


def refusal_beside(page, tapped, says: str) -> None:
    """The refusal is shown, in sight without scrolling, beside the form of the control tapped
    (within it, or just before it), and the control is in sight too."""
    said = page.locator(".notice.error[role=alert]")
    expect(said).to_have_count(1)  # said once to a screen reader
    expect(said).to_contain_text(says)
    # The answer has landed: the control is the one it drew, and stays while the refusal moves.
    control = tapped.element_handle()
    page.wait_for_function(BESIDE, arg=[control, says])
    # Brought into sight once the answer has settled (refusal.js), so waited for, not read.
    try:
        page.wait_for_function(f"(el) => ({IN_SIGHT})(el)", arg=control, timeout=5000)
    except PlaywrightError:
        pytest.fail("the control tapped is not in sight beside its refusal")


def answered(page, tap) -> None:
    """Tap, and wait for the answer to draw the prompt again: the travel and encounter forms
    are on the screen before the lay low's answer too, and a tap there would race it."""
    prompt = page.locator("#bv-prompt").element_handle()
    tap()
    page.wait_for_function("(el) => !el.isConnected", arg=prompt)


def shoot(page, name: str) -> None:
    """What the phone shows, as it shows it: the window only, not the whole page."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def sign_in(page, live_server, language: str) -> None:
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/accounts/login/")
    page.locator("input[name=username]").fill("ada")
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{live_server.url}/")


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Test accounts need no slow password hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def ada(db):
    return get_user_model().objects.create_user("ada", password=PASSWORD)


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_rpg_a_refused_attack_is_read_beside_the_attack_button(
    live_server, page, ada, language
):
    """The issue's case: "S-20: Tick the suit of each 7." landed below the screen while the
    answer scrolled to the prompt's top."""
    character = apply(
        ada,
        make_character(ada),
        {"type": "start_session"},
        {"type": "reveal_monster", "card": "QS"},
        {"type": "roll_monster_hp", "dice": [4, 2, 6]},
    )
    sign_in(page, live_server, language)
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    attack = page.locator("#entry-attack")
    attack.locator("fieldset.ranks label.chip", has_text="7").first.click()
    button = page.get_by_test_id("attack")
    button.click()
    refusal_beside(page, button, "7")
    shoot(page, f"refusal-card-rpg-{language}")
    # An engine's refusal (S-20: one rank per attack) the same.
    attack.locator("input[name=typed]").fill("7h 8d")
    # The first refusal names S-20 as well: read the second only once its answer has come.
    first_answer = button.element_handle()
    button.click()
    page.wait_for_function("(el) => !el.isConnected", arg=first_answer)
    refusal_beside(page, button, "S-20")


@pytest.mark.parametrize("language", LANGUAGES)
def test_barbarian_vince_a_refused_encounter_is_read_beside_its_form(
    live_server, page, ada, language
):
    adventure = make_adventure(ada, "lay_low")
    sign_in(page, live_server, language)
    page.goto(f"{live_server.url}/adventures/{adventure.pk}/")
    lay_low = page.get_by_test_id("lay-low-form")
    lay_low.locator("input[name=draw]").fill("Q08")
    answered(page, lambda: lay_low.locator("button[type=submit]").click())
    travel = page.get_by_test_id("travel-form")
    travel.locator("select[name=place]").select_option("Map 2|Irontree City")
    answered(page, lambda: travel.locator("button[type=submit]").click())
    encounter = page.get_by_test_id("encounter-form")
    encounter.locator("input[name=draw]").fill("Q08")
    encounter.locator("input[name=card]").fill("Map 1")
    encounter.locator("button[type=submit]").click()
    refusal_beside(page, page.get_by_test_id("encounter-form").locator("button[type=submit]"), "-")
    shoot(page, f"refusal-barbarian-vince-{language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_barcadia_a_refused_roll_is_read_beside_its_button(live_server, page, ada, language):
    from tracker.barcadia import services as hob_services

    table = hob_services.table_create(
        owner=ada, name="Friday night", players=[{"name": n} for n in ("Ana", "Bo", "Cy")]
    )
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    token = table.seats.get(number=1).join_token
    page.goto(f"{live_server.url}/join/heroes-of-barcadia/{token}/")
    page.locator("main form button[type=submit]").click()
    expect(page.locator("#hob-live")).to_be_visible()
    # A die the server refuses (the box's own limits taken off, as an old phone would).
    box = page.locator("input[name=roll_1]")
    box.evaluate("(el) => { el.removeAttribute('min'); el.removeAttribute('max'); }")
    box.fill("25")
    button = page.locator('button[data-testid="roll"]').first
    button.click()
    refusal_beside(page, page.locator('button[data-testid="roll"]').first, "20")
    shoot(page, "refusal-barcadia-plain-post")
    shoot(page, f"refusal-barcadia-{language}")


# A tap made before the page's scripts have run (a slow phone, a slow network: the page is
# drawn, the scripts still on their way) goes as a plain form post, and its refusal comes back
# on the page the redirect draws: there too it is read beside the form that was tapped.


@contextmanager
def scripts_held(page):
    """The page's scripts held back until the block ends, as a slow connection would."""
    held = []

    def hold(route) -> None:
        held.append(route)

    page.route("**/*.js", hold)
    try:
        yield
    finally:
        page.unroute("**/*.js", hold)
        for route in held:
            with suppress(PlaywrightError):  # asked by a page already left
                route.continue_()


def tapped_before_the_scripts(page, button) -> None:
    """Tap `button` while the scripts are held: the form posts plainly (a navigation)."""
    with page.expect_navigation(wait_until="commit"):
        button.click()


def test_barcadia_a_roll_refused_before_the_scripts_ran_is_read_beside_its_button(
    live_server, page, ada
):
    from tracker.barcadia import services as hob_services

    table = hob_services.table_create(
        owner=ada, name="Friday night", players=[{"name": n} for n in ("Ana", "Bo", "Cy")]
    )
    token = table.seats.get(number=1).join_token
    page.goto(f"{live_server.url}/join/heroes-of-barcadia/{token}/")
    page.locator("main form button[type=submit]").click()
    expect(page.locator("#hob-live")).to_be_visible()
    with scripts_held(page):
        page.reload(wait_until="commit")
        box = page.locator("input[name=roll_1]")
        box.evaluate("(el) => { el.removeAttribute('min'); el.removeAttribute('max'); }")
        box.fill("25")
        tapped_before_the_scripts(page, page.locator('button[data-testid="roll"]').first)
    refusal_beside(page, page.locator('button[data-testid="roll"]').first, "20")
    shoot(page, "refusal-barcadia-plain-post")


def test_card_rpg_an_attack_refused_before_the_scripts_ran_is_read_beside_its_button(
    live_server, page, ada
):
    character = apply(
        ada,
        make_character(ada),
        {"type": "start_session"},
        {"type": "reveal_monster", "card": "QS"},
        {"type": "roll_monster_hp", "dice": [4, 2, 6]},
    )
    sign_in(page, live_server, "en")
    with scripts_held(page):
        page.goto(f"{live_server.url}/characters/{character.pk}/play/", wait_until="commit")
        attack = page.locator("#entry-attack")
        attack.locator("fieldset.ranks label.chip", has_text="7").first.click()
        tapped_before_the_scripts(page, page.get_by_test_id("attack"))
    refusal_beside(page, page.get_by_test_id("attack"), "7")
    shoot(page, "refusal-card-rpg-plain-post")


def test_barbarian_vince_an_encounter_refused_before_the_scripts_ran_is_read_beside_its_form(
    live_server, page, ada
):
    adventure = make_adventure(ada, "lay_low")
    sign_in(page, live_server, "en")
    page.goto(f"{live_server.url}/adventures/{adventure.pk}/")
    lay_low = page.get_by_test_id("lay-low-form")
    lay_low.locator("input[name=draw]").fill("Q08")
    answered(page, lambda: lay_low.locator("button[type=submit]").click())
    travel = page.get_by_test_id("travel-form")
    travel.locator("select[name=place]").select_option("Map 2|Irontree City")
    answered(page, lambda: travel.locator("button[type=submit]").click())
    with scripts_held(page):
        page.reload(wait_until="commit")
        encounter = page.get_by_test_id("encounter-form")
        encounter.locator("input[name=draw]").fill("Q08")
        encounter.locator("input[name=card]").fill("Map 1")
        tapped_before_the_scripts(page, encounter.locator("button[type=submit]"))
    refusal_beside(page, page.get_by_test_id("encounter-form").locator("button[type=submit]"), "-")
