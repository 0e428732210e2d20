"""Issue 21, point 1: a tap made the moment an answer is drawn reaches the server as every
other tap does.

Found in CI: a card typed and entered with Enter right after the previous answer came went to
the server as a plain form post and was refused ("CSRF verification failed"), the player
dropped on Django's 403 page. htmx let new content sit unprocessed for its settle delay
(20 ms) after each swap: a form drawn by a swap carries no CSRF field (the header htmx sends
stands in for it), so a submit in that window went without either. The window is opened here
on purpose: the tap is made from the swap's own event, before any timer of 1 ms could run.
"""

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.barbarian_vince.conftest import make_adventure
from tests.browser.test_refusals_in_sight_browser import ada, sign_in  # noqa: F401 (fixture)
from tests.play.conftest import make_character
from tests.play.test_play_fast_taps_browser import last_action

pytestmark = pytest.mark.django_db(transaction=True)

# When the next answer has been swapped in (htmx:afterSwap, before htmx settles it), the form
# `selector` in it is filled (`fill`: field name → value) and submitted at once, as a fast
# thumb would. Once only. What was done is kept where a page change cannot wipe it.
TAP_AS_IT_LANDS = """([selector, fill]) => {
  document.addEventListener("htmx:afterSwap", () => {
    window.setTimeout(() => {
      const form = document.querySelector(selector);
      if (!form) { sessionStorage.setItem("tap", "missed"); return; }
      for (const [name, value] of Object.entries(fill)) form.elements[name].value = value;
      sessionStorage.setItem("tap", "made");
      form.requestSubmit();
    }, 0);
  }, { once: true });
}"""


def tapped(page, says: str) -> None:
    """The tap was made as the answer landed; on whatever page the phone is on now."""
    try:
        page.wait_for_function("() => sessionStorage.getItem('tap') !== null")
    except PlaywrightError:  # a page change under the poll: asked again on the new page
        page.wait_for_load_state()
        page.wait_for_function("() => sessionStorage.getItem('tap') !== null")
    assert page.evaluate("sessionStorage.getItem('tap')") == "made", says
    expect(page.get_by_role("heading", name="Forbidden (403)")).to_have_count(0)


def test_a_card_entered_as_the_prompt_is_drawn_is_taken_card_rpg(live_server, page, ada):  # noqa: F811
    character = make_character(ada)
    sign_in(page, live_server, "en")
    page.goto(f"{live_server.url}/characters/{character.pk}/play/")
    page.evaluate(TAP_AS_IT_LANDS, ["form[action$='/play/reveal_monster/']", {"typed": "qs"}])
    page.get_by_test_id("start-session").click()
    tapped(page, "the monster's form came with the session's start")
    # The monster is entered on the play screen, not refused on an error page.
    expect(page.get_by_test_id("monster-hp")).to_have_text("HP ?")
    expect(page).to_have_url(f"{live_server.url}/characters/{character.pk}/play/")
    assert last_action(character) == {"type": "reveal_monster", "card": "QS"}


def test_a_travel_made_as_the_map_is_drawn_is_taken_barbarian_vince(live_server, page, ada):  # noqa: F811
    adventure = make_adventure(ada, "lay_low")
    sign_in(page, live_server, "en")
    page.goto(f"{live_server.url}/adventures/{adventure.pk}/")
    page.evaluate(TAP_AS_IT_LANDS, ["[data-testid=travel-form]", {"place": "Map 2|Irontree City"}])
    lay_low = page.get_by_test_id("lay-low-form")
    lay_low.locator("input[name=draw]").fill("Q08")
    lay_low.locator("button[type=submit]").click()
    tapped(page, "the travel form came with the lay low's answer")
    expect(page.get_by_test_id("encounter-form")).to_be_visible()
    expect(page).to_have_url(f"{live_server.url}/adventures/{adventure.pk}/")


def test_what_is_typed_while_an_answer_is_on_its_way_is_kept_barbarian_vince(
    live_server,
    page,
    ada,  # noqa: F811
):
    """Travel tapped, then the encounter's cards typed before the travel's answer came: the
    answer draws the encounter form again, with what was typed still in it."""
    adventure = make_adventure(ada, "lay_low")
    sign_in(page, live_server, "en")
    page.goto(f"{live_server.url}/adventures/{adventure.pk}/")
    lay_low = page.get_by_test_id("lay-low-form")
    lay_low.locator("input[name=draw]").fill("Q08")
    # The travel form is on the screen before the lay low's answer too: taps begin once it came.
    asked_before = page.locator("#bv-prompt").element_handle()
    lay_low.locator("button[type=submit]").click()
    page.wait_for_function("(el) => !el.isConnected", arg=asked_before)
    held = []
    page.route("**/act/travel/", lambda route: held.append(route))
    travel = page.get_by_test_id("travel-form")
    travel.locator("select[name=place]").select_option("Map 2|Irontree City")
    travel.locator("button[type=submit]").click()
    page.wait_for_function("() => document.querySelector('.htmx-request') !== null")
    encounter = page.get_by_test_id("encounter-form")
    old_form = encounter.element_handle()
    encounter.locator("input[name=draw]").fill("Q08")
    encounter.locator("input[name=card]").click()
    encounter.locator("input[name=card]").press_sequentially("Q0")
    for _ in range(250):  # the travel's request reaches the route a moment after it leaves
        if held:
            break
        page.wait_for_timeout(20)
    held[0].fulfill(response=held[0].fetch())
    page.wait_for_function("(el) => !el.isConnected", arg=old_form)
    expect(page.get_by_test_id("notice")).to_contain_text("Irontree City")
    expect(encounter.locator("input[name=draw]")).to_have_value("Q08")
    expect(encounter.locator("input[name=card]")).to_have_value("Q0")
    # Typing goes on where it was: the field still has the keyboard.
    expect(encounter.locator("input[name=card]")).to_be_focused()
    page.keyboard.type("3")
    expect(encounter.locator("input[name=card]")).to_have_value("Q03")
