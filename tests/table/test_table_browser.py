"""Issue 25, point 7: a Card RPG table on two and three phones at 360 px (T-25–T-38).

Each phone is a browser context of its own, signed in with its own account. The characters'
first steps alone are played through the services (as in the worked examples of
card-rpg-table.md); everything at the table is tapped on the phones: setting up, joining by
link, robbing, challenging, answering, every play of a duel. Every screen is checked for
sideways scrolling, thumb-sized targets and axe's serious findings; screenshots in light and
dark, in English and 中文.
"""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect
from seating import ANA_HAND, bo_loots, create, fresh, solo

from tests import phone
from tests.conftest import follow_console_errors
from tests.i18n.english import english_left
from tracker.card_rpg import table_services
from tracker.card_rpg.models import Character, RpgTable

pytestmark = pytest.mark.django_db(transaction=True)

# The strip hears of a change on its live stream (without one it asks every 2 s); a change of
# the phone's own character redraws its screen.
LIVE = 12_000
TARGETS = "main button:not([disabled]), main .button, header a, header button"


@pytest.fixture
def phones(browser, browser_context_args, live_server, django_user_model):
    """Make `phones(name, …)`: one signed-in phone per player, no console error anywhere."""
    contexts, errors = [], []

    def make(*names, locale=None):
        pages = {}
        for name in names:
            user = django_user_model.objects.create_user(username=f"{name.lower()}-player")
            client = Client()
            client.force_login(user)
            args = {**browser_context_args, **({"locale": locale} if locale else {})}
            context = browser.new_context(**args)
            context.add_cookies(
                [
                    {
                        "name": "sessionid",
                        "value": client.cookies["sessionid"].value,
                        "url": live_server.url,
                    }
                ]
            )
            contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(8_000)
            page.set_default_navigation_timeout(15_000)
            follow_console_errors(page, errors)
            page.user = user
            pages[name] = page
        return pages

    yield make
    for context in contexts:
        context.close()
    assert errors == []


def check(page):
    phone.check_phone_screen(page, TARGETS)


def shoot(page, screenshot_dir, name):
    """Light and dark screenshots of the phone's whole page; dark checked for contrast."""
    screenshot_dir.mkdir(parents=True, exist_ok=True)
    # A full-page picture would draw the sticky top bar wherever the page was scrolled to.
    page.evaluate(
        "() => { const bar = document.querySelector('.topbar');"
        " if (bar) bar.style.setProperty('position', 'static', 'important'); }"
    )
    page.screenshot(path=str(screenshot_dir / f"{name}.png"), full_page=True)
    page.emulate_media(color_scheme="dark")
    page.screenshot(path=str(screenshot_dir / f"{name}-dark.png"), full_page=True)
    phone.check_contrast(page)
    page.emulate_media(color_scheme="light")


@pytest.fixture
def shots():
    from tests.conftest import SCREENSHOTS

    return SCREENSHOTS


def play_url(live_server, character):
    return f"{live_server.url}/characters/{character.pk}/play/"


def seat_everyone(live_server, pages: dict, characters: dict) -> RpgTable:
    """The first player sets up the table on their phone; each other joins by its link."""
    first = next(iter(pages))
    host = pages[first]
    host.goto(f"{live_server.url}/characters/{characters[first].pk}/table/new/")
    host.locator("select[name=seats]").select_option(str(max(2, len(pages))))
    check(host)
    host.get_by_test_id("create-table").click()
    expect(host.get_by_test_id("seats")).to_be_visible()
    check(host)
    for number, name in enumerate(list(pages)[1:], start=2):
        link = host.get_by_test_id(f"join-link-{number}").get_attribute("href")
        pages[name].goto(link)
        check(pages[name])
        pages[name].get_by_test_id("take-seat").click()
        expect(pages[name].get_by_test_id("table-strip")).to_be_visible()
    for name, page in pages.items():
        page.goto(play_url(live_server, characters[name]))
    return RpgTable.objects.get()


def strip_seat(page, name):
    return page.get_by_test_id("table-strip").locator(".strip-seat", has_text=name)


def act(page, click):
    """Tap something on the play screen and wait for its answer."""
    before = page.locator("#play-prompt").get_attribute("data-version")
    click()
    expect(page.locator("#play-prompt")).not_to_have_attribute("data-version", before)


def attack(page, *cards):
    for card in cards:
        page.locator(f"#entry-attack fieldset.hand input[value='{card}']").check()
    act(page, lambda: page.get_by_test_id("attack").click())


def turn(page, card):
    entry = page.locator("form[action$='/play/turn/'] input[name=typed]")
    entry.fill(card)
    act(page, lambda: entry.press("Enter"))


def item(page, card):
    act(page, lambda: page.locator(f"button[name=item][value^='{card}:']").click())


def cy_loots_the_ace_of_diamonds(cy):
    """Cy's first fight: the Q♦ killed by the 9♠, the A♦ turned as loot (the luck gem)."""
    cy = solo(cy, "start_session", hand=["9S", "2C", "3H", "5H"])
    cy = solo(cy, "reveal_monster", card="QD")
    cy = solo(cy, "roll_monster_hp", dice=[1, 1, 1])
    cy = solo(cy, "attack", cards=["9S"])
    return solo(cy, "turn", card="AD")


def test_three_phones_a_queen_robs_a_kings_ace_of_diamonds_then_a_duel_drawn_by_two_passes(
    phones, live_server, shots
):
    pages = phones("Ana", "Bo", "Cy")
    ana = create(pages["Ana"].user, "Ana")
    bo = bo_loots(create(pages["Bo"].user, "Bo"))
    cy = cy_loots_the_ace_of_diamonds(create(pages["Cy"].user, "Cy"))
    assert "AD" in cy.inventory
    seat_everyone(live_server, pages, {"Ana": ana, "Bo": bo, "Cy": cy})
    a, b, c = pages["Ana"], pages["Bo"], pages["Cy"]
    expect(strip_seat(a, "Cy")).to_contain_text("between fights")
    expect(strip_seat(c, "Ana")).to_contain_text("no session")
    check(a)
    shoot(a, shots, "table-strip-queen")

    # T-27, T-28: Ana (a Queen, no session) may rob the King; Cy (a King) may not rob a
    # King... and Bo (a Jack) robs nobody: his strip says so with the rule.
    expect(strip_seat(b, "Cy")).to_contain_text("T-27")
    strip_seat(a, "Cy").get_by_test_id("rob").click()
    check(a)
    shoot(a, shots, "table-rob")
    a.get_by_test_id("rob-AD").click()
    expect(a.get_by_test_id("where-cards-go").first).to_have_text(
        "Take your own A♦ out of your deck and lay it with your inventory."
    )
    expect(c.get_by_test_id("where-cards-go").first).to_have_text(
        "Put your A♦ under your draw pile.", timeout=LIVE
    )
    assert fresh(ana).inventory == ["AD"] and "AD" not in fresh(cy).inventory
    check(c)
    shoot(c, shots, "table-robbed-king")

    # A duel drawn by two passes (example 9): Ana starts her session, challenges Cy.
    solo(fresh(ana), "start_session", hand=ANA_HAND)
    a.reload()
    strip_seat(a, "Cy").get_by_test_id("challenge").click()
    expect(a.get_by_test_id("waiting-answer")).to_be_visible()
    expect(c.get_by_test_id("challenged-by")).to_contain_text("Ana", timeout=LIVE)
    check(c)
    shoot(c, shots, "table-challenged")
    c.get_by_test_id("accept").click()
    expect(c.get_by_test_id("duel-turn")).to_have_text("Your turn.")
    expect(a.get_by_test_id("duel-turn")).to_have_text("Cy's turn.", timeout=LIVE)
    expect(b.get_by_test_id("strip-seat-1")).to_contain_text("duelling Cy", timeout=LIVE)
    act(c, lambda: c.get_by_test_id("end-turn").click())
    expect(a.get_by_test_id("one-pass")).to_be_visible(timeout=LIVE)
    check(a)
    shoot(a, shots, "table-duel-one-pass")
    a.get_by_test_id("end-turn").click()
    expect(a.get_by_test_id("table-news")).to_contain_text("the duel is a draw")
    expect(c.get_by_test_id("table-news")).to_contain_text("the duel is a draw", timeout=LIVE)
    expect(a.get_by_test_id("duel-panel")).to_have_count(0)
    ana, cy = fresh(ana), fresh(cy)
    assert ana.state["rivals"]["duels_drawn"] == 1 and cy.state["rivals"]["duels_drawn"] == 1
    shoot(c, shots, "table-duel-drawn")


def test_two_phones_a_duel_won_with_a_save_on_the_way(phones, live_server, shots):
    """Examples 2 and 5: Ana robs Bo's 6♠, challenges him; Bo saves himself once, then dies."""
    pages = phones("Ana", "Bo")
    ana = create(pages["Ana"].user, "Ana")
    bo = bo_loots(create(pages["Bo"].user, "Bo"))
    seat_everyone(live_server, pages, {"Ana": ana, "Bo": bo})
    a, b = pages["Ana"], pages["Bo"]
    strip_seat(a, "Bo").get_by_test_id("rob").click()
    a.get_by_test_id("rob-6S").click()
    expect(b.get_by_test_id("where-cards-go").first).to_have_text(
        "Put your 6♠ on your discard pile.", timeout=LIVE
    )
    solo(fresh(ana), "start_session", hand=ANA_HAND)
    a.reload()
    strip_seat(a, "Bo").get_by_test_id("challenge").click()
    b.get_by_test_id("accept").click(timeout=LIVE)
    # Bo is challenged: he strikes first (T-31).
    expect(b.get_by_test_id("duel-turn")).to_have_text("Your turn.")
    attack(b, "5C")
    expect(a.get_by_test_id("duel-hp")).to_have_text("HP 2 / 7", timeout=LIVE)
    expect(a.get_by_test_id("table-news")).to_contain_text("Bo hit you for 5: HP 2.")
    check(a)
    shoot(a, shots, "table-duel-hit-taken")
    item(a, "6S")
    expect(a.get_by_test_id("instruction")).to_contain_text("Bo")
    expect(b.locator("form[action$='/play/save/'] button")).to_be_visible(timeout=LIVE)
    check(b)
    shoot(b, shots, "table-duel-save")
    act(b, lambda: b.locator("form[action$='/play/save/'] button").first.click())
    expect(a.get_by_test_id("duel-opponent-hp")).to_have_text("HP 4 / 4", timeout=LIVE)
    attack(a, "QH")
    turn(a, "9c")
    expect(a.get_by_test_id("table-news")).to_contain_text("the duel is won (player kills 1)")
    expect(b.get_by_test_id("duel-panel")).to_have_count(0, timeout=LIVE)
    check(a)
    shoot(a, shots, "table-duel-won")
    ana, bo = fresh(ana), fresh(bo)
    assert ana.state["rivals"]["player_kills"] == 1 and bo.state["rivals"]["player_deaths"] == 1
    # The record sheet counts them.
    a.goto(f"{live_server.url}/characters/{ana.pk}/")
    expect(a.get_by_test_id("player-kills")).to_have_text("1")
    b.goto(f"{live_server.url}/characters/{bo.pk}/")
    expect(b.get_by_test_id("player-deaths")).to_have_text("1")


def test_two_phones_the_ace_of_spades_a_deadly_blow_and_a_dead_king_keeps_his_hand(
    phones, live_server, shots
):
    pages = phones("Ana", "Cy")
    ana = create(pages["Ana"].user, "Ana")
    ana = solo(ana, "start_session", hand=["9S", "8H", "2S", "3D", "10C"])
    ana = solo(ana, "reveal_monster", card="QD")
    ana = solo(ana, "roll_monster_hp", dice=[1, 1, 1])
    ana = solo(ana, "attack", cards=["9S"])
    ana = solo(ana, "turn", card="AS")  # the A♠ as loot
    assert "AS" in ana.inventory
    cy = solo(create(pages["Cy"].user, "Cy"), "start_session", hand=["2C", "3C", "4H", "5D"])
    seat_everyone(live_server, pages, {"Ana": ana, "Cy": cy})
    a, c = pages["Ana"], pages["Cy"]
    strip_seat(a, "Cy").get_by_test_id("challenge").click()
    c.get_by_test_id("accept").click(timeout=LIVE)
    act(c, lambda: c.get_by_test_id("end-turn").click())  # Cy passes
    expect(a.get_by_test_id("duel-turn")).to_contain_text("Your turn.", timeout=LIVE)
    item(a, "AS")  # a deadly blow (T-33): only the A♥ survives it, and Cy has none
    expect(c.locator("form[action$='/play/keep_hand/']")).to_be_visible(timeout=LIVE)
    expect(c.get_by_test_id("table-news")).to_contain_text("Ana dealt you a deadly blow.")
    check(c)
    shoot(c, shots, "table-duel-king-dies")
    act(c, lambda: c.locator("form[action$='/play/keep_hand/'] button[value=yes]").click())
    cy = fresh(cy)
    assert cy.state["rivals"]["player_deaths"] == 1 and cy.state["duel"] is None
    assert cy.state["session"]["hand"]["count"] == 4  # he kept his hand
    assert fresh(ana).state["rivals"]["player_kills"] == 1
    assert Character.objects.count() == 2


def test_two_phones_in_traditional_chinese_a_robbery_and_a_challenge(phones, live_server, shots):
    """The strip, the robbery's words on both phones and a challenge, all in 中文 (zh-TW)."""
    pages = phones("Ana", "Bo", locale="zh-TW")
    ana = create(pages["Ana"].user, "Ana")
    bo = bo_loots(create(pages["Bo"].user, "Bo"))
    seat_everyone(live_server, pages, {"Ana": ana, "Bo": bo})
    a, b = pages["Ana"], pages["Bo"]
    expect(a.locator("html")).to_have_attribute("lang", "zh-Hant")
    strip_seat(a, "Bo").get_by_test_id("rob").click()
    a.get_by_test_id("rob-6S").click()
    expect(a.get_by_test_id("where-cards-go").first).to_have_text(
        "從你自己的牌組拿出你的 6♠，放到你的物品欄。"
    )
    expect(b.get_by_test_id("where-cards-go").first).to_have_text(
        "把你的 6♠ 放到棄牌堆。", timeout=LIVE
    )
    solo(fresh(ana), "start_session", hand=ANA_HAND)
    a.reload()
    strip_seat(a, "Bo").get_by_test_id("challenge").click()
    expect(b.get_by_test_id("challenged-by")).to_contain_text("向你挑戰", timeout=LIVE)
    for page, name in ((a, "zh-table-robber"), (b, "zh-table-challenged")):
        check(page)
        strip = page.get_by_test_id("table-strip").inner_text()
        assert english_left(strip, ("Ana", "Bo", "Kitchen", "HP", "XP")) == [], strip
        shoot(page, shots, name)


def test_i27_t26_a_phone_at_a_table_is_told_of_the_others_by_its_stream_without_asking(
    phones, live_server, shots
):
    """Issue 27: the strip follows the character's live stream (the others at the table, the
    table itself) and asks nothing while it is held; only a change makes it ask, once."""
    pages = phones("Ana", "Bo")
    ana, bo = create(pages["Ana"].user, "Ana"), create(pages["Bo"].user, "Bo")
    seat_everyone(live_server, pages, {"Ana": ana, "Bo": bo})
    a = pages["Ana"]
    expect(a.locator("html")).to_have_attribute("data-live-state", "held", timeout=LIVE)
    a.wait_for_timeout(500)  # the one ask a new stream makes, for what moved before it was held
    asked: list[str] = []
    a.on("request", lambda r: asked.append(r.url) if "/table/strip/" in r.url else None)
    a.wait_for_timeout(4_500)  # two of the strip's own checks, were the stream not held
    assert asked == []
    expect(strip_seat(a, "Bo").get_by_test_id("doing")).to_have_text("no session")

    solo(fresh(bo), "start_session", hand=["3C", "5C", "7S", "2H"])  # Bo plays on his phone
    expect(strip_seat(a, "Bo").get_by_test_id("doing")).to_have_text("between fights", timeout=LIVE)
    assert len(asked) == 1, asked

    bo_seat = RpgTable.objects.get().seats.get(number=2)
    table_services.table_leave(seat_id=bo_seat.pk, owner_id=bo.owner_id)  # the table moves
    expect(a.get_by_test_id("strip-seat-2")).to_contain_text("free", timeout=LIVE)
    assert len(asked) == 2, asked
    check(a)
    shoot(a, shots, "table-strip-told-by-stream")
