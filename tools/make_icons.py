"""Draw the app's home-screen icons (192 and 512 px PNG) from tracker/static/tracker/icon.svg.

Run once after the SVG changes, and commit the PNGs:
    /work/venv/bin/python tools/make_icons.py
The SVG is drawn by the Chromium that the browser tests use (no image library is needed), on
the app's light background so the icon is a solid square on any home screen.
"""

from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "tracker" / "static" / "tracker"
CHROMIUM = "/usr/bin/chromium"
BACKGROUND = "#f6f3ec"  # the light theme's background (tracker/static/tracker/app.css)
SIZES = (192, 512)


def main() -> None:
    svg = base64.b64encode((STATIC / "icon.svg").read_bytes()).decode()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            # The card fills 80% of the square: launchers cut the corners of some icons.
            page.set_content(
                f'<body style="margin:0;background:{BACKGROUND};display:grid;'
                f'place-items:center;height:{size}px">'
                f'<img src="data:image/svg+xml;base64,{svg}" '
                f'style="width:{size * 0.8}px;height:{size * 0.8}px"></body>'
            )
            page.screenshot(path=str(STATIC / f"icon-{size}.png"))
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
