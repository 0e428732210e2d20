"""The health of every hero over the turns, drawn on the server as SVG by pygal.

Fed by the rows of turns that ended (each keeps every hero's health at its end), never by
replaying the log, so the chart costs one query however long the game. A long game is thinned
out evenly and says so. The SVG sits inside the page as tracker/core/charts.py explains (colours
from barcadia.css). The same numbers come as rows for a table, the chart's text alternative.
"""

from __future__ import annotations

import pygal
from django.utils.translation import gettext as _

from tracker.core import charts
from tracker.core.charts import Chart
from tracker.core.i18n import listing

HEIGHT = 260
MOST_POINTS = 30

STYLE = charts.style(tuple(f"var(--hero-{n})" for n in range(1, 7)))

LEGEND_COLUMNS = 3
LEGEND_ROW = 21  # px: a legend row at the bottom (pygal's 1.5 × the 14 px box)


def health_over_turns(
    heroes: list[str], turns: list[tuple[int, dict]], full: dict, nonce: str = ""
) -> Chart:
    """Every hero's HP at the start and at the end of each turn (`turns`: (number, hp by hero))."""
    points = [(_("T%(number)s") % {"number": number}, hp) for number, hp in [(0, full), *turns]]
    shown = charts.thin(points, MOST_POINTS)
    top = max(full.values(), default=100)
    # Three names a row; pygal makes room for ``heroes // columns`` rows only, so the room for
    # a last row it leaves out is asked for here (else a fourth hero's name falls off at 360 px).
    columns = min(LEGEND_COLUMNS, max(1, len(heroes)))
    rows = -(-len(heroes) // columns)
    missing = rows - max(1, len(heroes) // columns)
    chart = pygal.Line(
        **charts.options(
            STYLE, height=HEIGHT, legend_columns=columns, no_data_text=_("No turns yet")
        ),
        margin_bottom=6 + LEGEND_ROW * missing,
        dots_size=3,
        stroke_style={"width": 3},
        range=(0, top),
        y_labels=[round(top * step / 4) for step in range(5)],
    )
    chart.x_labels = [label for label, _hp in shown]
    charts.keep_labels_whole(chart, chart.x_labels)  # the last label whole in Chinese too
    charts.space_labels(chart, chart.x_labels, 6)
    for hero in heroes:
        chart.add(hero, [hp.get(hero) for _label, hp in shown])
    title = _("Health of every hero over the turns")
    if len(turns):
        summary = _("After turn %(turn)s: %(standing)s.") % {
            "turn": turns[-1][0],
            "standing": listing(
                _("%(hero)s %(hp)s HP") % {"hero": hero, "hp": turns[-1][1].get(hero, 0)}
                for hero in heroes
            ),
        }
    else:
        summary = _("No turn has ended yet: every cup is full.")
    if len(shown) < len(points):
        summary += " " + _("Every %(nth)sth turn is drawn.") % {
            "nth": round((len(points) - 1) / max(1, len(shown) - 1))
        }
    rows = [(label, *(hp.get(hero, "") for hero in heroes)) for label, hp in shown]
    return charts.drawn(
        "health",
        title,
        summary,
        (_("Turn"), *heroes),
        rows,
        chart,
        nonce=nonce,
        css_class="hob-chart",
        points=len(shown) * len(heroes),
    )
