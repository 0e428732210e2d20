"""The health of every hero over the turns, drawn on the server as SVG by pygal.

Fed by the rows of turns that ended (each keeps every hero's health at its end), never by
replaying the log, so the chart costs one query however long the game. A long game is thinned
out evenly and says so. The SVG sits inside the page as tracker/card_rpg/charts.py explains:
no script, colours from CSS variables (both themes), its <style> carrying the CSP nonce. The
same numbers come as rows for a table, the chart's text alternative.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygal
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from pygal.style import Style

from tracker.core.i18n import chart_margins, listing

WIDTH, HEIGHT = 360, 260
MOST_POINTS = 30

STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground="var(--chart-text)",
    foreground_strong="var(--chart-text)",
    foreground_subtle="var(--chart-grid)",
    guide_stroke_color="var(--chart-grid)",
    major_guide_stroke_color="var(--chart-grid)",
    font_family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    colors=tuple(f"var(--hero-{n})" for n in range(1, 7)),
    value_colors=("var(--chart-text)",) * 6,
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


@dataclass(frozen=True)
class Chart:
    """One chart: its SVG and the same numbers in words and as a table."""

    slug: str
    title: str
    summary: str
    columns: tuple[str, ...]
    rows: list[tuple]
    svg: SafeString
    points: int


LEGEND_COLUMNS = 3
LEGEND_ROW = 21  # px: a legend row at the bottom (pygal's 1.5 × the 14 px box)


def health_over_turns(
    heroes: list[str], turns: list[tuple[int, dict]], full: dict, nonce: str = ""
) -> Chart:
    """Every hero's HP at the start and at the end of each turn (`turns`: (number, hp by hero))."""
    points = [(_("T%(number)s") % {"number": number}, hp) for number, hp in [(0, full), *turns]]
    shown = _thin(points, MOST_POINTS)
    top = max(full.values(), default=100)
    # Three names a row; pygal makes room for ``heroes // columns`` rows only, so the room for
    # a last row it leaves out is asked for here (else a fourth hero's name falls off at 360 px).
    columns = min(LEGEND_COLUMNS, max(1, len(heroes)))
    rows = -(-len(heroes) // columns)
    missing = rows - max(1, len(heroes) // columns)
    chart = pygal.Line(
        style=STYLE,
        width=WIDTH,
        height=HEIGHT,
        js=[],
        disable_xml_declaration=True,
        legend_at_bottom=True,
        legend_at_bottom_columns=columns,
        legend_box_size=14,
        margin=6,
        margin_bottom=6 + LEGEND_ROW * missing,
        spacing=8,
        show_minor_x_labels=False,
        truncate_legend=-1,
        truncate_label=-1,
        no_data_text=_("No turns yet"),
        dots_size=3,
        stroke_style={"width": 3},
        range=(0, top),
        y_labels=[round(top * step / 4) for step in range(5)],
    )
    chart.x_labels = [label for label, _hp in shown]
    for option, value in chart_margins(chart.x_labels, (), STYLE.label_font_size).items():
        setattr(chart, option, value)  # the last label whole in Chinese too
    chart.x_labels_major_every = max(1, len(shown) // 6)
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
    chart.add_xml_filter(_fit_for_page(title, summary, nonce))
    svg = chart.render(is_unicode=True)
    return Chart(
        "health",
        title,
        summary,
        (_("Turn"), *heroes),
        rows,
        mark_safe(svg),  # pygal escapes every text and attribute it writes
        points=len(shown) * len(heroes),
    )


def _thin(points: list, most: int) -> list:
    """At most `most` points, evenly spread, always keeping the first and the last."""
    if len(points) <= most:
        return points
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]


def _fit_for_page(title: str, summary: str, nonce: str):
    """An xml filter: name the picture, drop scripts and inline styles, sign the <style>."""

    def fit(root):
        root.set("role", "img")
        root.set("aria-label", f"{title}. {summary}")
        root.set("class", "pygal-chart hob-chart")
        for parent in list(root.iter()):
            for child in list(parent):
                if not isinstance(child.tag, str):
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
