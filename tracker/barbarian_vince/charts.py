"""Pictures of an adventure, drawn on the server as SVG by pygal.

Fed by the finished turns' rows (one query for the last stretch of turns) and the turn being
played from the projection, never by replaying the log, so a chart costs the same for an
adventure of ten actions or ten thousand. Each chart comes with a one-sentence summary and
the very numbers it draws, for a table beside it.

The SVG sits inside the page: no script (pygal's tooltips would load JavaScript from a CDN),
no external stylesheet or font; colours are CSS variables (bv.css sets them for the light and
the dark theme) on a transparent background; its own <style> carries the request's CSP nonce.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygal
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from pygal.style import Style

from tracker.barbarian_vince import history
from tracker.barbarian_vince.models import Adventure
from tracker.barbarian_vince.play_screen import SKILL_SHORT
from tracker.core.i18n import chart_margins, listing
from tracker.rules.barbarian_vince.catalogue import SKILLS

WIDTH, HEIGHT = 360, 260
RECENT_TURNS = 30

STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground="var(--chart-text)",
    foreground_strong="var(--chart-text)",
    foreground_subtle="var(--chart-grid)",
    guide_stroke_color="var(--chart-grid)",
    major_guide_stroke_color="var(--chart-grid)",
    font_family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    colors=tuple(f"var(--bv-chart-{n})" for n in range(1, 7)),
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


def _config() -> dict:
    return {
        "style": STYLE,
        "width": WIDTH,
        "height": HEIGHT,
        "js": [],
        "disable_xml_declaration": True,
        "legend_at_bottom": True,
        "legend_at_bottom_columns": 3,
        "legend_box_size": 14,
        "margin": 6,
        "spacing": 8,
        "show_minor_x_labels": False,
        "truncate_legend": -1,
        # "T12", never "T…" (issue 23: the labels were cut at 360 px).
        "truncate_label": -1,
        "no_data_text": _("Nothing yet"),
    }


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
    for option, value in chart_margins(chart.x_labels, (), STYLE.label_font_size).items():
        setattr(chart, option, value)  # the last label whole in Chinese too
    chart.x_labels_major_every = max(1, len(points) // 6)
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
    for option, value in chart_margins(chart.x_labels, (), STYLE.label_font_size).items():
        setattr(chart, option, value)  # the last label whole in Chinese too
    chart.x_labels_major_every = max(1, len(points) // 6)
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
    chart.add_xml_filter(_fit_for_page(title, summary, nonce))
    svg = chart.render(is_unicode=True)
    # pygal built the tree with etree, which escapes every text and attribute.
    return Chart(slug, title, summary, columns, rows, mark_safe(svg), points)


def _fit_for_page(title: str, summary: str, nonce: str):
    """An xml filter: name the picture, drop scripts and inline styles, sign the <style>."""

    def fit(root):
        root.set("role", "img")
        root.set("aria-label", f"{title}. {summary}")
        root.set("class", "pygal-chart bv-chart")
        for parent in list(root.iter()):
            for child in list(parent):
                if not isinstance(child.tag, str):  # pygal's comments: credits and a date
                    parent.remove(child)
                    continue
                classes = (child.get("class") or "").split()
                if child.tag.endswith("script") or "tooltip-overlay" in classes:
                    parent.remove(child)
                elif child.tag.endswith("title"):
                    child.text = title
                elif child.tag.endswith("style") and nonce:
                    child.set("nonce", nonce)
        return root

    return fit
