"""Pictures of an adventure, drawn on the server as SVG by pygal.

Fed by the finished turns' rows (one query for the last stretch of turns) and the turn being
played from the projection, never by replaying the log, so a chart costs the same for an
adventure of ten actions or ten thousand. Each chart comes with a one-sentence summary and
the very numbers it draws, for a table beside it.

The SVG sits inside the page as tracker/core/charts.py explains (colours from bv.css).
"""

from __future__ import annotations

import pygal
from django.utils.translation import gettext as _

from tracker.barbarian_vince import history
from tracker.barbarian_vince.models import Adventure
from tracker.barbarian_vince.play_screen import SKILL_SHORT
from tracker.core import charts
from tracker.core.charts import Chart
from tracker.core.i18n import listing
from tracker.rules.barbarian_vince.catalogue import SKILLS

HEIGHT = 260
RECENT_TURNS = 30

STYLE = charts.style(tuple(f"var(--bv-chart-{n})" for n in range(1, 7)))


def _config() -> dict:
    return charts.options(STYLE, height=HEIGHT, legend_columns=3, no_data_text=_("Nothing yet"))


def adventure_charts(adventure: Adventure, nonce: str = "") -> list[Chart]:
    """Every chart of an adventure (one query, whatever its length)."""
    points = history.chart_points(adventure, RECENT_TURNS)
    return [hands_over_turns(points, nonce), skills_over_turns(points, nonce)]


def _labels(points: list[tuple]) -> list[str]:
    return [_("T%(turn)s") % {"turn": number} for number, *_rest in points]


def hands_over_turns(points: list[tuple], nonce: str = "") -> Chart:
    """The ready and the exhausted hand at the end of each turn."""
    # Two series in two columns: with three, pygal put the legend below the picture (clipped).
    config = {**_config(), "legend_at_bottom_columns": 2}
    chart = pygal.Line(**config, dots_size=4, stroke_style={"width": 3}, y_labels=_ticks(points))
    chart.x_labels = _labels(points)
    charts.keep_labels_whole(chart, chart.x_labels)  # the last label whole in Chinese too
    charts.space_labels(chart, chart.x_labels, 6)
    chart.add(_("Ready"), [ready for _n, ready, _e, _s in points])
    chart.add(_("Exhausted"), [exhausted for _n, _r, exhausted, _s in points])
    if points:
        number, ready, exhausted, _skills = points[-1]
        summary = _("After turn %(turn)s: %(ready)s ready and %(exhausted)s exhausted.") % {
            "turn": number,
            "ready": ready,
            "exhausted": exhausted,
        }
        if len(points) == RECENT_TURNS:
            summary += " " + _("The last %(count)s turns are shown.") % {"count": RECENT_TURNS}
    else:
        summary = _("No turn played yet.")
    rows = [
        (label, ready, exhausted)
        for label, (_n, ready, exhausted, _s) in zip(_labels(points), points, strict=True)
    ]
    return _chart(
        "hands",
        _("Cards in hand, turn by turn"),
        summary,
        (_("Turn"), _("Ready"), _("Exhausted")),
        rows,
        chart,
        nonce,
        points=2 * len(points),
    )


def skills_over_turns(points: list[tuple], nonce: str = "") -> Chart:
    """The six base skills at the end of each turn."""
    values = {
        skill: [(skills or {}).get(skill, 0) for *_rest, skills in points] for skill in SKILLS
    }
    low = min([0, *(v for series in values.values() for v in series)])
    high = max([1, *(v for series in values.values() for v in series)])
    chart = pygal.Line(
        **_config(), dots_size=3, stroke_style={"width": 2}, y_labels=list(range(low, high + 1))
    )
    chart.x_labels = _labels(points)
    charts.keep_labels_whole(chart, chart.x_labels)  # the last label whole in Chinese too
    charts.space_labels(chart, chart.x_labels, 6)
    for skill in SKILLS:
        chart.add(str(SKILL_SHORT[skill]), values[skill])
    if points:
        last = points[-1][3] or {}
        summary = _("After turn %(turn)s: %(skills)s.") % {
            "turn": points[-1][0],
            "skills": listing(f"{SKILL_SHORT[skill]} {last.get(skill, 0)}" for skill in SKILLS),
        }
    else:
        summary = _("No turn played yet.")
    rows = [
        (label, *(values[skill][index] for skill in SKILLS))
        for index, label in enumerate(_labels(points))
    ]
    return _chart(
        "skills",
        _("Skills, turn by turn"),
        summary,
        (_("Turn"), *(str(SKILL_SHORT[skill]) for skill in SKILLS)),
        rows,
        chart,
        nonce,
        points=len(SKILLS) * len(points),
    )


def _ticks(points: list[tuple]) -> list[int]:
    most = max((max(ready, exhausted) for _n, ready, exhausted, _s in points), default=0)
    step = 1 if most <= 8 else 2 if most <= 16 else 5
    return list(range(0, max(most, 1) + step, step))


def _chart(slug, title, summary, columns, rows, chart, nonce, *, points) -> Chart:
    return charts.drawn(
        slug, title, summary, columns, rows, chart, nonce=nonce, css_class="bv-chart", points=points
    )
