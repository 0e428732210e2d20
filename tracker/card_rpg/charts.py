"""Pictures of a character's career, drawn on the server as SVG by pygal.

Every chart is fed by a query over the session and fight tables (the projections the services
keep up to date), never by replaying the log, so drawing them costs the same few queries for a
career of ten actions or ten thousand. Long careers are shown as their last stretch (fights,
sessions) or thinned out evenly (level and XP over time), and each chart says so.

Each chart comes with a text alternative: a one-sentence summary and the very numbers it draws,
as rows for a small table.

The SVG is made to sit inside the page:
- no script (pygal's tooltips would load JavaScript from a CDN; its config script is inline),
  no external stylesheet or font, no XML declaration;
- colours are CSS variables (history.css sets them for the light and the dark theme) and the
  backgrounds are transparent, so one drawing serves both themes;
- its own <style> carries the request's CSP nonce, and the one element pygal styles inline (the
  tooltip box) is dropped, so a Content-Security-Policy without 'unsafe-inline' allows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate

import pygal
from django.db.models import Count, Q
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from pygal.style import Style

from tracker.card_rpg import services
from tracker.card_rpg.models import Character, FightOutcome, MonsterKind
from tracker.core.i18n import chart_margins, listing
from tracker.templatetags.cards import card_words as card_text

# What a 360 px screen shows legibly: the SVG's units are about CSS pixels there.
WIDTH, HEIGHT = 360, 250
RECENT_FIGHTS = 15
RECENT_SESSIONS = 20
MOST_POINTS = 30  # level and XP over time: more sessions than this are thinned out evenly

STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground="var(--chart-text)",
    foreground_strong="var(--chart-text)",
    foreground_subtle="var(--chart-grid)",
    guide_stroke_color="var(--chart-grid)",
    major_guide_stroke_color="var(--chart-grid)",
    font_family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    colors=("var(--chart-1)", "var(--chart-2)", "var(--chart-3)"),
    # Given, so pygal never tries to parse a CSS variable as a colour.
    value_colors=("var(--chart-text)",) * 3,
    label_font_size=13,
    major_label_font_size=13,
    legend_font_size=14,
    value_font_size=13,
    tooltip_font_size=13,
    title_font_size=15,
    no_data_font_size=18,
    opacity="0.9",
    opacity_hover="1",
    transition="none",
)

_CONFIG = {
    "style": STYLE,
    "width": WIDTH,
    "height": HEIGHT,
    "js": [],  # no tooltips script from a CDN: the page stays on the app's own origin
    "disable_xml_declaration": True,
    "legend_at_bottom": True,
    "legend_at_bottom_columns": 2,
    "legend_box_size": 14,
    "margin": 6,
    "spacing": 8,
    "show_minor_x_labels": False,
    "truncate_legend": -1,
    # Labels whole: pygal would cut them to the width of one bar ("F…"); only every few is
    # drawn (x_labels_major_every), so they have the room.
    "truncate_label": -1,
}


def _config() -> dict:
    """pygal's options, with the words for an empty chart in the request's language."""
    return {**_CONFIG, "no_data_text": gettext("Nothing yet")}


def _keep_labels_whole(chart, x_labels=(), side_labels=()) -> None:
    """Room for the labels as the language draws them (tracker.core.i18n.chart_margins)."""
    for option, value in chart_margins(x_labels, side_labels, STYLE.label_font_size).items():
        setattr(chart, option, value)


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


@dataclass(frozen=True)
class Chart:
    """One chart: its SVG and the same numbers in words and as a table."""

    slug: str
    title: str
    summary: str
    columns: tuple[str, ...]
    rows: list[tuple]
    svg: SafeString
    points: int  # data points drawn (dots or bars), as many as the table has values


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
    charts = [
        level_and_xp(sessions, nonce),
        kills_by_kind(character, nonce),
        damage_per_fight(character, nonce),
        deaths_per_session(sessions, nonce),
    ]
    rivals = character.state.get("rivals") or {}
    if any(rivals.get(key) for key in DUEL_COUNTS):
        # Only a character that has duelled has this chart (T-34 … T-36).
        charts.append(duels(rivals, nonce))
    return charts


DUEL_COUNTS = ("player_kills", "player_deaths", "duels_drawn")


def duels(rivals: dict, nonce: str = "") -> Chart:
    """Duels at a table: player kills, deaths in duels, draws (from the state: no query)."""
    labels = [gettext("Player kills"), gettext("Deaths in duels"), gettext("Duels drawn")]
    values = [rivals.get(key, 0) for key in DUEL_COUNTS]
    chart = pygal.HorizontalBar(
        **_config(), show_legend=False, print_values=True, y_labels=_whole_ticks(max(values))
    )
    chart.x_labels = labels
    chart.add(gettext("Duels"), values)
    summary = gettext("Player kills %(kills)s, deaths in duels %(deaths)s, draws %(draws)s.") % {
        "kills": values[0],
        "deaths": values[1],
        "draws": values[2],
    }
    return _chart(
        "duels",
        gettext("Duels"),
        summary,
        (gettext("Duels"), gettext("Count")),
        list(zip(labels, values, strict=True)),
        chart,
        nonce,
        points=len(values),
    )


def level_and_xp(sessions: list[tuple], nonce: str = "") -> Chart:
    """Level and XP earned in all, at the start and after each session."""
    earned = list(accumulate(xp for _, _, xp, _ in sessions))
    points = [(pgettext("the start of a career", "start"), 1, 0)] + [
        (_session_label(number), level, total)
        for (number, level, _, _), total in zip(sessions, earned, strict=True)
    ]
    shown = _thin(points, MOST_POINTS)
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
    _keep_labels_whole(chart, chart.x_labels)
    chart.x_labels_major_every = max(1, len(shown) // 6)
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
    chart = pygal.HorizontalBar(
        **_config(), show_legend=False, print_values=True, y_labels=_whole_ticks(max(values))
    )
    chart.x_labels = labels
    _keep_labels_whole(chart, side_labels=labels)
    chart.add(gettext("Kills"), values)
    total = sum(values)
    summary = gettext("%(kills)s: %(kinds)s.") % {
        "kills": ngettext("%(count)s kill", "%(count)s kills", total) % {"count": total},
        "kinds": listing(
            _kind_count(kind, value) for kind, value in zip(MonsterKind.values, values, strict=True)
        ),
    }
    return _chart(
        "kills",
        gettext("Kills by monster kind"),
        summary,
        (gettext("Monster"), gettext("Kills")),
        list(zip(labels, values, strict=True)),
        chart,
        nonce,
        points=len(values),
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
    _keep_labels_whole(chart, chart.x_labels)
    chart.x_labels_major_every = max(1, len(fights) // 5)
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
    _keep_labels_whole(chart, chart.x_labels)
    chart.x_labels_major_every = max(1, len(recent) // 6)
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
    chart.add_xml_filter(_fit_for_page(title, summary, nonce))
    svg = chart.render(is_unicode=True)
    # pygal built the tree with etree, which escapes every text and attribute.
    return Chart(slug, title, summary, columns, rows, mark_safe(svg), points)


def _fit_for_page(title: str, summary: str, nonce: str):
    """An xml filter: name the picture, drop scripts and inline styles, sign the <style>."""

    def fit(root):
        root.set("role", "img")
        root.set(
            "aria-label", gettext("%(title)s. %(summary)s") % {"title": title, "summary": summary}
        )
        root.set("class", "pygal-chart career-chart")
        for parent in list(root.iter()):
            for child in list(parent):
                if not isinstance(child.tag, str):  # pygal's comments: credits and a date
                    parent.remove(child)
                    continue
                tag = child.tag
                classes = (child.get("class") or "").split()
                if tag.endswith("script") or "tooltip-overlay" in classes:
                    parent.remove(child)
                elif tag.endswith("title"):
                    child.text = title
                elif tag.endswith("style") and nonce:
                    child.set("nonce", nonce)
        return root

    return fit


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


def _thin(points: list, most: int) -> list:
    """At most `most` points, evenly spread, always keeping the first and the last."""
    if len(points) <= most:
        return points
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]


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
