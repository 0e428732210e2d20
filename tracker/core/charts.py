"""What every game's charts share: pygal's style and options, the chart with its text
alternative, and the filter that makes pygal's SVG fit to sit inside the page.

Each game draws its own charts (tracker/<game>/charts.py) from the rows its projections keep,
never by replaying the log. The SVG sits inside the page:
- no script (pygal's tooltips would load JavaScript from a CDN; its config script is inline),
  no external stylesheet or font, no XML declaration;
- colours are CSS variables (each game's stylesheet sets them for the light and the dark theme)
  and the backgrounds are transparent, so one drawing serves both themes;
- its own <style> carries the request's CSP nonce, and the one element pygal styles inline (the
  tooltip box) is dropped, so a Content-Security-Policy without 'unsafe-inline' allows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from pygal.style import Style

from tracker.core.i18n import chart_margins, text_width

# What a 360 px screen shows legibly: the SVG's units are about CSS pixels there.
WIDTH = 360
LABEL_FONT_SIZE = 13
# About the least a chart at 360 px leaves for its plot, past the y-axis labels and margins.
PLOT_WIDTH = 260


def style(colors: tuple[str, ...]) -> Style:
    """pygal's style for a game's charts, its series drawn in `colors` (CSS variables)."""
    return Style(
        background="transparent",
        plot_background="transparent",
        foreground="var(--chart-text)",
        foreground_strong="var(--chart-text)",
        foreground_subtle="var(--chart-grid)",
        guide_stroke_color="var(--chart-grid)",
        major_guide_stroke_color="var(--chart-grid)",
        font_family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
        colors=colors,
        # Given, so pygal never tries to parse a CSS variable as a colour.
        value_colors=("var(--chart-text)",) * len(colors),
        label_font_size=LABEL_FONT_SIZE,
        major_label_font_size=LABEL_FONT_SIZE,
        legend_font_size=14,
        value_font_size=13,
        tooltip_font_size=13,
        title_font_size=15,
        no_data_font_size=18,
        opacity="0.9",
        opacity_hover="1",
        transition="none",
    )


def options(chart_style: Style, *, height: int, legend_columns: int, no_data_text: str) -> dict:
    """pygal's options for a chart at 360 px, the legend at the bottom, every label whole."""
    return {
        "style": chart_style,
        "width": WIDTH,
        "height": height,
        "js": [],  # no tooltips script from a CDN: the page stays on the app's own origin
        "disable_xml_declaration": True,
        "legend_at_bottom": True,
        "legend_at_bottom_columns": legend_columns,
        "legend_box_size": 14,
        "margin": 6,
        "spacing": 8,
        "show_minor_x_labels": False,
        "truncate_legend": -1,
        # Labels whole: pygal would cut them to the width of one bar ("F…", "T…"); only every
        # few is drawn (x_labels_major_every), so they have the room.
        "truncate_label": -1,
        "no_data_text": no_data_text,
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
    points: int  # data points drawn (dots or bars), as many as the table has values


def keep_labels_whole(chart, x_labels=(), side_labels=()) -> None:
    """Room for the labels as the language draws them (tracker.core.i18n.chart_margins)."""
    for option, value in chart_margins(x_labels, side_labels, LABEL_FONT_SIZE).items():
        setattr(chart, option, value)


def space_labels(chart, labels: list, most: int) -> None:
    """Draw at most `most` of the x-axis labels, evenly, and no more than fit side by side in
    the widths the language draws them ("第 24 回合" takes three times "T24")."""
    if not labels:
        return
    widest = max(text_width(str(label), LABEL_FONT_SIZE) for label in labels)
    step = PLOT_WIDTH / len(labels)  # the room a point has along the axis
    chart.x_labels_major_every = max(1, len(labels) // most, ceil((widest + 4) / step))


def thin(points: list, most: int) -> list:
    """At most `most` points, evenly spread, always keeping the first and the last."""
    if len(points) <= most:
        return points
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]


def drawn(
    slug: str,
    title: str,
    summary: str,
    columns: tuple[str, ...],
    rows: list[tuple],
    chart,
    *,
    nonce: str,
    css_class: str,
    points: int,
) -> Chart:
    """The chart rendered to sit inside the page, named by its title and summary."""
    chart.add_xml_filter(_fit_for_page(title, summary, nonce, css_class))
    svg = chart.render(is_unicode=True)
    # pygal built the tree with etree, which escapes every text and attribute.
    return Chart(slug, title, summary, columns, rows, mark_safe(svg), points)


def _fit_for_page(title: str, summary: str, nonce: str, css_class: str):
    """An xml filter: name the picture, drop scripts and inline styles, sign the <style>."""
    label = gettext("%(title)s. %(summary)s") % {"title": title, "summary": summary}

    def fit(root):
        root.set("role", "img")
        root.set("aria-label", label)
        root.set("class", f"pygal-chart {css_class}")
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
