"""Pictures of a character's career, drawn on the server as SVG by pygal.

Every chart is fed by a query over the session and fight tables (the projections the services
keep up to date), never by replaying the log, so drawing them costs the same few queries for a
career of ten actions or ten thousand. Long careers are shown as their last stretch (fights,
sessions) or thinned out evenly (level and XP over time), and each chart says so.

Each chart comes with a text alternative: a one-sentence summary and the very numbers it draws,
as rows for a small table.

The SVG sits inside the page as tracker/core/charts.py explains (colours from history.css).
"""

from __future__ import annotations

from itertools import accumulate

import pygal
from django.db.models import Count, Q
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from tracker.card_rpg import services
from tracker.card_rpg.card_words import card_words as card_text
from tracker.card_rpg.models import Character, FightOutcome, MonsterKind
from tracker.core import charts
from tracker.core.charts import Chart
from tracker.core.i18n import listing

HEIGHT = 250
RECENT_FIGHTS = 15
RECENT_SESSIONS = 20
MOST_POINTS = 30  # level and XP over time: more sessions than this are thinned out evenly

STYLE = charts.style(("var(--chart-1)", "var(--chart-2)", "var(--chart-3)"))


def _config() -> dict:
    """pygal's options, with the words for an empty chart in the request's language."""
    return charts.options(
        STYLE, height=HEIGHT, legend_columns=2, no_data_text=gettext("Nothing yet")
    )


def _session_label(number) -> str:
    """A session on an axis or in a table: "S3"."""
    return pgettext("a session, short", "S%(number)s") % {"number": number}


def _fight_label(number) -> str:
    """A fight on an axis or in a table: "F12"."""
    return pgettext("a fight, short", "F%(number)s") % {"number": number}


# Monsters killed, by kind of card, as the chart names them (one kind, many monsters).
_KIND_PLURALS = {
    MonsterKind.NUMBER: pgettext_lazy("kinds of monster", "Number cards"),
    MonsterKind.FACE: pgettext_lazy("kinds of monster", "Face cards"),
    MonsterKind.JOKER: pgettext_lazy("kinds of monster", "Jokers"),
}


def _kind_count(kind: str, count: int) -> str:
    """ "3 face cards", "1 Joker": a number of monsters of one kind."""
    text = {
        MonsterKind.NUMBER: ngettext("%(count)s number card", "%(count)s number cards", count),
        MonsterKind.FACE: ngettext("%(count)s face card", "%(count)s face cards", count),
        MonsterKind.JOKER: ngettext("%(count)s Joker", "%(count)s Jokers", count),
    }[kind]
    return text % {"count": count}


def career_charts(character: Character, nonce: str = "") -> list[Chart]:
    """Every chart of a character's career (four queries, whatever its length)."""
    sessions = list(
        character.play_sessions.order_by("number").values_list(
            "number", "level_end", "xp_gained", "deaths"
        )
    )
    # The running session lives in the character's projection until it ends.
    now = services.running_session(character)
    if now is not None:
        sessions.append((now.number, now.level_end, now.xp_gained, now.deaths))
    career = [
        level_and_xp(sessions, nonce),
        kills_by_kind(character, nonce),
        damage_per_fight(character, nonce),
        deaths_per_session(sessions, nonce),
    ]
    rivals = character.state.get("rivals") or {}
    if any(rivals.get(key) for key in DUEL_COUNTS):
        # Only a character that has duelled has this chart (T-34 … T-36).
        career.append(duels(rivals, nonce))
    return career


DUEL_COUNTS = ("player_kills", "player_deaths", "duels_drawn")


def duels(rivals: dict, nonce: str = "") -> Chart:
    """Duels at a table: player kills, deaths in duels, draws (from the state: no query)."""
    labels = [gettext("Player kills"), gettext("Deaths in duels"), gettext("Duels drawn")]
    values = [rivals.get(key, 0) for key in DUEL_COUNTS]
    summary = gettext("Player kills %(kills)s, deaths in duels %(deaths)s, draws %(draws)s.") % {
        "kills": values[0],
        "deaths": values[1],
        "draws": values[2],
    }
    columns = (gettext("Duels"), gettext("Count"))
    return _counts_chart(
        "duels", gettext("Duels"), summary, columns, labels, values, nonce, bars=gettext("Duels")
    )


def level_and_xp(sessions: list[tuple], nonce: str = "") -> Chart:
    """Level and XP earned in all, at the start and after each session."""
    earned = list(accumulate(xp for _, _, xp, _ in sessions))
    points = [(pgettext("the start of a career", "start"), 1, 0)] + [
        (_session_label(number), level, total)
        for (number, level, _, _), total in zip(sessions, earned, strict=True)
    ]
    shown = charts.thin(points, MOST_POINTS)
    # Levels run 0–10 on the right-hand axis. pygal puts its ticks where the left-hand (XP)
    # ticks are, so XP gets a scale of ten even steps and every level tick is a whole level.
    step = _nice_step(max(xp for _, _, xp in shown) / 10)
    chart = pygal.Line(
        **_config(),
        dots_size=4,
        stroke_style={"width": 3},
        range=(0, 10 * step),
        y_labels=list(range(0, 10 * step + 1, 2 * step)),
        secondary_range=(0, 10),
    )
    chart.x_labels = [label for label, _, _ in shown]
    charts.keep_labels_whole(chart, chart.x_labels)
    charts.space_labels(chart, chart.x_labels, 6)
    chart.add(gettext("XP earned"), [xp for _, _, xp in shown])
    chart.add(gettext("Level"), [level for _, level, _ in shown], secondary=True)
    thinned = len(shown) < len(points)
    values = {
        "level": points[-1][1],
        "xp": points[-1][2],
        "sessions": _sessions(len(sessions)),
        "nth": _nth(len(points), len(shown)),
    }
    if thinned:
        summary = gettext(
            "Level %(level)s and %(xp)s XP earned in all after %(sessions)s; "
            "every %(nth)s session is shown."
        )
    else:
        summary = gettext("Level %(level)s and %(xp)s XP earned in all after %(sessions)s.")
    summary %= values
    rows = [(label, level, xp) for label, level, xp in shown]
    return _chart(
        "level-xp",
        gettext("Level and XP over time"),
        summary,
        (gettext("Session"), gettext("Level"), gettext("XP earned")),
        rows,
        chart,
        nonce,
        points=2 * len(shown),
    )


def kills_by_kind(character: Character, nonce: str = "") -> Chart:
    """Monsters killed, by kind of card: number card, face card, Joker (one query)."""
    counts = character.fights.aggregate(
        **{
            kind: Count("pk", filter=Q(outcome=FightOutcome.WON, monster_kind=kind))
            for kind in MonsterKind.values
        }
    )
    labels = [str(_KIND_PLURALS[kind]) for kind in MonsterKind.values]
    values = [counts[kind] for kind in MonsterKind.values]
    total = sum(values)
    summary = gettext("%(kills)s: %(kinds)s.") % {
        "kills": ngettext("%(count)s kill", "%(count)s kills", total) % {"count": total},
        "kinds": listing(
            _kind_count(kind, value) for kind, value in zip(MonsterKind.values, values, strict=True)
        ),
    }
    return _counts_chart(
        "kills",
        gettext("Kills by monster kind"),
        summary,
        (gettext("Monster"), gettext("Kills")),
        labels,
        values,
        nonce,
        bars=gettext("Kills"),
        whole_labels=True,
    )


def damage_per_fight(character: Character, nonce: str = "") -> Chart:
    """Damage dealt and taken in each of the last fights (one query)."""
    fights = list(
        character.fights.order_by("-number").values_list(
            "number", "monster", "damage_dealt", "damage_taken"
        )[:RECENT_FIGHTS]
    )
    fights.reverse()
    # The fight running now has no row until it ends: it is taken from the projection.
    now = services.running_fight(character)
    if now is not None:
        fights = [*fights, (now.number, now.monster, now.damage_dealt, now.damage_taken)]
        fights = fights[-RECENT_FIGHTS:]
    most = max((max(row[2], row[3]) for row in fights), default=0)
    chart = pygal.Bar(**_config(), y_labels=_whole_ticks(most))
    chart.x_labels = [_fight_label(number) for number, *_ in fights]
    charts.keep_labels_whole(chart, chart.x_labels)
    charts.space_labels(chart, chart.x_labels, 5)
    chart.add(gettext("Dealt"), [dealt for *_, dealt, _ in fights])
    chart.add(gettext("Taken"), [taken for *_, taken in fights])
    if fights:
        values = {
            "count": len(fights),
            "dealt": sum(row[2] for row in fights),
            "taken": sum(row[3] for row in fights),
        }
        if len(fights) == RECENT_FIGHTS:
            summary = gettext(
                "In the last %(count)s fights: %(dealt)s damage dealt and %(taken)s taken."
            )
        else:
            summary = ngettext(
                "In %(count)s fight: %(dealt)s damage dealt and %(taken)s taken.",
                "In %(count)s fights: %(dealt)s damage dealt and %(taken)s taken.",
                len(fights),
            )
        summary %= values
    else:
        summary = gettext("No fights yet.")
    rows = [
        (_fight_label(number), card_text(monster), dealt, taken)
        for number, monster, dealt, taken in fights
    ]
    return _chart(
        "damage",
        gettext("Damage dealt and taken per fight"),
        summary,
        (gettext("Fight"), gettext("Monster"), gettext("Dealt"), gettext("Taken")),
        rows,
        chart,
        nonce,
        points=2 * len(fights),
    )


def deaths_per_session(sessions: list[tuple], nonce: str = "") -> Chart:
    """Deaths in each of the last sessions."""
    recent = sessions[-RECENT_SESSIONS:]
    most = max((deaths for *_, deaths in recent), default=0)
    chart = pygal.Bar(**_config(), show_legend=False, y_labels=_whole_ticks(most))
    chart.x_labels = [_session_label(number) for number, *_ in recent]
    charts.keep_labels_whole(chart, chart.x_labels)
    charts.space_labels(chart, chart.x_labels, 6)
    chart.add(gettext("Deaths"), [deaths for *_, deaths in recent])
    total = sum(deaths for *_, deaths in sessions)
    if recent:
        values = {
            "deaths": ngettext("%(count)s death", "%(count)s deaths", total) % {"count": total},
            "sessions": _sessions(len(sessions)),
            "shown": len(recent),
        }
        if len(recent) < len(sessions):
            summary = gettext("%(deaths)s in %(sessions)s; the last %(shown)s sessions shown.")
        else:
            summary = gettext("%(deaths)s in %(sessions)s; every session shown.")
        summary %= values
    else:
        summary = gettext("No sessions yet.")
    return _chart(
        "deaths",
        gettext("Deaths per session"),
        summary,
        (gettext("Session"), gettext("Deaths")),
        [(_session_label(number), deaths) for number, *_, deaths in recent],
        chart,
        nonce,
        points=len(recent),
    )


# --- helpers ---------------------------------------------------------------------------------


def _chart(slug, title, summary, columns, rows, chart, nonce, *, points) -> Chart:
    return charts.drawn(
        slug,
        title,
        summary,
        columns,
        rows,
        chart,
        nonce=nonce,
        css_class="career-chart",
        points=points,
    )


def _counts_chart(
    slug,
    title,
    summary,
    columns,
    labels: list[str],
    values: list[int],
    nonce,
    *,
    bars: str,
    whole_labels=False,
) -> Chart:
    """One bar per count (`bars` names them all), its value printed beside it, on whole-number
    ticks, and a table row per bar; `whole_labels` keeps each label on one line."""
    chart = pygal.HorizontalBar(
        **_config(), show_legend=False, print_values=True, y_labels=_whole_ticks(max(values))
    )
    chart.x_labels = labels
    if whole_labels:
        charts.keep_labels_whole(chart, side_labels=labels)
    chart.add(bars, values)
    rows = list(zip(labels, values, strict=True))
    return _chart(slug, title, summary, columns, rows, chart, nonce, points=len(values))


def _nice_step(least: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50… that is at least `least`."""
    scale = 1
    while True:
        for step in (1, 2, 5):
            if step * scale >= least:
                return step * scale
        scale *= 10


def _whole_ticks(most: int, ticks: int = 5) -> list[int]:
    """Axis labels in whole numbers from 0 to at least `most` (counts have no fractions)."""
    step = _nice_step(most / ticks)
    return list(range(0, max(most, 1) + step, step))


def _nth(total: int, shown: int) -> str:
    step = round((total - 1) / max(1, shown - 1))
    last = step % 10 if step % 100 not in (11, 12, 13) else 0
    if last == 1:
        text = pgettext("ordinal", "%(number)sst")
    elif last == 2:
        text = pgettext("ordinal", "%(number)snd")
    elif last == 3:
        text = pgettext("ordinal", "%(number)srd")
    else:
        text = pgettext("ordinal", "%(number)sth")
    return text % {"number": step}


def _sessions(count: int) -> str:
    """ "1 session", "12 sessions"."""
    return ngettext("%(count)s session", "%(count)s sessions", count) % {"count": count}
