"""Checks every browser test makes of a phone-size screen: no sideways scrolling, thumb-sized
targets, no serious accessibility finding (axe-core), readable contrast in the dark theme."""

from axe_playwright_python.sync_playwright import Axe

PHONE_WIDTH = 360
TAP = 44

_SMALL_TARGETS_JS = """
([selector, tap]) => [...document.querySelectorAll(selector)]
  .filter(el => el.offsetParent !== null)
  .map(el => {
    const r = el.getBoundingClientRect();
    return {what: el.outerHTML.slice(0, 80), width: r.width, height: r.height};
  })
  .filter(box => box.width < tap || box.height < tap)
"""


def small_targets(page, selector: str) -> list[dict]:
    """Visible elements matching `selector` smaller than a thumb (44 × 44 px)."""
    return page.evaluate(_SMALL_TARGETS_JS, [selector, TAP])


def serious_axe_findings(page) -> list[tuple]:
    """axe-core's serious and critical findings on the page as it is now."""
    results = Axe().run(page)
    return [
        (violation["id"], violation["help"], [node["target"] for node in violation["nodes"]])
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def check_phone_screen(page, targets: str | None = None) -> None:
    """No sideways scrolling at 360 px, tap targets ≥ 44 px, no serious or critical axe finding."""
    page.wait_for_load_state("load")  # stylesheets applied before anything is measured
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    if targets:
        small = small_targets(page, targets)
        assert small == [], small
    serious = serious_axe_findings(page)
    assert serious == [], serious


def check_contrast(page) -> None:
    """axe-core finds no text with too little contrast (run it in each theme)."""
    results = Axe().run(page, options={"runOnly": ["color-contrast"]})
    assert results.response["violations"] == [], results.generate_snapshot()
