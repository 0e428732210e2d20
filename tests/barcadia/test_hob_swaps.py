"""An answer carries only what changed on the phone that asked (tracker.barcadia.regions): a
6-hero table played through its phones to mid-game (19 tiles) answers its actions in a few KB,
and a phone that missed changes still ends up showing the whole table as it is."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pytest

from tests.barcadia.conftest import join, make_table, ordered
from tests.barcadia.swaps import OOB, REGION, STASHED, Screen, whole_view
from tracker.barcadia import hexmap, regions, services
from tracker.barcadia.regions import SEEN_HEADER
from tracker.rules.barcadia.bot import RandomTable

pytestmark = pytest.mark.django_db

KEPT = re.compile(r'<(?:i|g) id="hob-[\w-]+" hx-preserve></(?:i|g)>')
STASHED_IDS = ["hob-face", "hob-mods", "hob-duel", "hob-end-early", "hob-end-done"]
STASHED_IDS += ["hob-end-asked", "hob-loot-b", "hob-loot-t", "hob-loot-bt", "hob-more"]
STASHED_IDS += ["hob-cards-b", "hob-cards-t", "hob-cards-bt"]
PLAY_ANSWER = 6 * 1024  # bytes, uncompressed
MID_GAME_TILES = 19


def posted(action: dict, state: dict) -> dict:
    """What the phone's form posts for a bot's engine action (dice typed; no modifiers)."""
    seat = {name: hero["seat"] for name, hero in state["players"].items()}
    data = {"player": action.get("player", "")}
    kind = action["type"]
    if kind == "roll_for_order":
        data.update({f"roll_{seat[name]}": roll for name, roll in action["rolls"].items()})
    elif kind == "explore":
        data["at"] = "{},{}".format(*action["at"])
        tile = action.get("tile")
        if tile:
            data["kind"] = tile["kind"]
            for key in ("level",):
                if key in tile:
                    data[key] = tile[key]
            if "damage" in tile or "attack" in tile:
                data["damage"] = tile.get("damage", tile.get("attack"))
            for key, value in (tile.get("reward") or {}).items():
                data[key] = value
    elif kind in ("move", "use_portal"):
        to = action["path"][-1] if kind == "move" else action["to"]
        data["to"] = f"{to[0]},{to[1]}"
    elif kind in ("set_trap", "place_hero"):
        data["at"] = "{},{}".format(*action["at"])
    elif kind == "move_tile":
        data["from"] = "{},{}".format(*action["from"])
        data["to"] = "{},{}".format(*action["to"])
    elif kind == "end_turn":
        data["confirm"] = "yes"
    for key in ("roll", "partner", "partner_roll", "boss_player", "boss_roll", "target"):
        if key in action:
            data[key] = action[key]
    if "target_roll" in action:
        data["target_roll"] = action["target_roll"]
    for key in ("card", "when", "amount", "note", "count", "from_player"):
        if key in action:
            data[key] = action[key]
    if kind == "gain_power_up":
        data["from"] = action.get("from", "deck")
    if "cards" in action:
        data["cards"] = ", ".join(action["cards"])
    if action.get("extra_action"):
        data["extra_action"] = "on"
    return {key: value for key, value in data.items() if value is not None}


def six_heroes(host, seed: int):
    bot = RandomTable(random.Random(seed), 6, {})
    setup = bot.set_up()
    table = services.table_create(
        owner=host, name="Six", players=setup["players"], ruleset=setup["ruleset"]
    )
    phones = {
        name: Screen(join(table, hero["seat"]), table.pk)
        for name, hero in table.state["players"].items()
    }
    return bot, table, phones


@dataclass
class Step:
    """One action played: its kind, the answer's size, the phone that acted, the phones whose
    check brought a redraw, the table after it, every phone."""

    kind: str
    size: int
    phone: Screen
    redrawn: list[Screen]
    table: object
    phones: dict[str, Screen]


def acting_phone(action, state, phones) -> Screen:
    if action["type"] == "roll_for_order":
        return next(iter(phones.values()))
    return phones[action["player"]]


def play_to_mid_game(host, seed=11, *, check_each=None):
    """Play the bot's choices through the phones until 19 tiles are turned up; every other
    phone checks after each action."""
    bot, table, phones = six_heroes(host, seed)
    for _step in range(600):
        table.refresh_from_db()
        state = table.state
        if (state["dungeon"] or {}).get("recorded", 0) >= MID_GAME_TILES:
            return
        action, _after = bot.choose(state)
        for _again in range(30):  # nobody wins before mid-game
            if action["type"] != "challenge_hoard":
                break
            action, _after = bot.choose(state)
        phone = acting_phone(action, state, phones)
        data = {**posted(action, state), "version": phone.version}
        before = table.version
        size = phone.take(phone.post(f"act/{action['type']}/", data))
        table.refresh_from_db()
        assert table.version == before + 1, (action, phone.head[:600])
        others = [other for other in phones.values() if other is not phone]
        polls = [(other, other.check()) for other in others]
        yield Step(action["type"], size, phone, [o for o, size in polls if size], table, phones)
    raise AssertionError("the game never reached mid-game")


def test_the_action_answers_of_a_six_hero_game_to_mid_game_stay_small(host):
    """Card RPG's budget, 6 KB an answer, holds for every one: every answer to a tap (the
    largest, a duel won: two heroes swap places and the turn's forms and lit map are drawn
    again) and every phone's live check (the largest brings a phone its turn, or a tile moved
    under it: its lit map and its turn's forms together)."""
    taps, checks = [], []
    for step in play_to_mid_game(host):
        taps.append((step.size, step.kind))
        checks += [(len(other.answer.encode()), step.kind) for other in step.redrawn]
        assert step.size <= PLAY_ANSWER, (step.kind, step.size, step.table.version)
    table = step.table
    assert table.state["dungeon"]["recorded"] >= MID_GAME_TILES
    assert len(table.state["players"]) == 6 and len(taps) > 50 and len(checks) > 200
    taps.sort()
    checks.sort()
    assert taps[len(taps) // 2][0] <= 4 * 1024, taps  # the median
    assert checks[-1][0] <= PLAY_ANSWER, checks[-1]


def test_a_page_just_drawn_is_answered_with_what_changed_and_nothing_else(host):
    """The page's regions carry the fingerprints their swaps carry (its folded parts are drawn
    filled, for phones without the script; the parts it keeps aside are drawn as a panel
    draws them): a heal at full health changes only the undo button."""
    table = ordered(make_table(host))
    ana = Screen(join(table, 1), table.pk)
    ana.take(ana.post("act/heal/", {"version": table.version, "player": "Ana", "amount": "5"}))
    assert [match[2] for match in OOB.finditer(ana.answer)] == ["hob-tools"]


def shown(phone: Screen) -> dict[str, str]:
    """The regions a phone shows (not the parts of past panels its script keeps aside, nor what
    they hold: each part of a panel shows within the panel)."""
    within = {
        region
        for holder, regions in phone.inside.items()
        if not holder.startswith(STASHED)
        for region in regions
    }
    return {
        region: fp
        for region, fp in phone.fps.items()
        if not region.startswith(STASHED) or region in within
    }


def test_a_phone_two_versions_behind_gets_the_whole_table_as_it_is(host):
    game = play_to_mid_game(host, seed=5)
    for _ in range(40):
        step = next(game)
    phones = step.phones
    names = list(phones)
    late = phones[names[0]]
    shown_version = late.version
    # Two actions later (the late phone's checks did not reach it).
    for _ in range(2):
        table = next(game).table
    assert table.version >= shown_version + 2
    # Its check brings every region that changed, and then it shows what a fresh phone shows.
    late.version = shown_version
    assert late.check() is not None
    head, regions = whole_view(late.client, table.pk)
    assert late.head.strip().replace(' hx-swap-oob="true"', "") == head.strip()
    fresh = {match[2]: match[3] for match in REGION.finditer("".join(regions.values()))}
    assert shown(late) == fresh
    whole = "".join(regions.values())
    for region, html in late.last().items():
        # Each region sent is drawn as a fresh phone draws it (what it holds that the phone
        # shows as it is now is sent as a stand-in keeping the phone's own).
        for piece in KEPT.split(html):
            assert piece in whole, region
    # An action posted from what it showed two versions ago is answered with where the table
    # stands (a conflict), whole where it changed.
    stale = phones[names[1]]
    old_fps = dict(stale.fps)
    for _ in range(2):
        table = next(game).table
    stale.fps = old_fps
    response = stale.post(
        "act/heal/", {"version": table.version - 2, "player": names[1], "amount": 1}
    )
    text = response.content.decode()
    assert 'data-testid="conflict"' in text
    stale.take(response)
    _head, regions = whole_view(stale.client, table.pk)
    assert shown(stale) == {
        match[2]: match[3] for match in REGION.finditer("".join(regions.values()))
    }


def test_a_phone_that_says_nothing_of_what_it_shows_gets_every_region(host):
    step = next(play_to_mid_game(host))
    table, client = step.table, step.phone.client
    response = client.get(f"/tables/{table.pk}/live/?v=0", headers={"HX-Request": "true"})
    ids = [match[2] for match in OOB.finditer(response.content.decode())]
    assert ids[0] == "hob-you" and set(ids[1:3]) == {"hob-map-a", "hob-map-b"}
    assert ids[3:5] == ["hob-actions", "hob-tools"]
    assert len([i for i in ids if i.startswith("hob-hero-")]) == 6 and ids[-1] == "hob-dungeon"
    assert "hx-preserve" not in response.content.decode()


def test_the_largest_screen_can_say_all_it_shows(rf):
    """A phone says what it shows in one header; the largest screen (six heroes, 50 tiles in a
    line, a row each, every part of the panel kept) still fits, or it would get the whole
    view with every answer."""
    ids = ["hob-map-a", "hob-map-b", "hob-map", "hob-drawing", "hob-tiles", "hob-lit", "hob-tokens"]
    ids += ["hob-you", "hob-words", "hob-actions", "hob-tools", "hob-dungeon", *STASHED_IDS]
    ids += [
        f"hob-{kind}-{seat}" for seat in range(1, 7) for kind in ("hero", "cup", "name", "hp", "at")
    ]
    ids += [hexmap.row_id(r) for r in range(-51, 52)]
    header = " ".join(f"{region}:0123456789ab" for region in ids)
    request = rf.get("/", headers={SEEN_HEADER: header})
    assert regions.seen(request) == dict.fromkeys(ids, "0123456789ab")
