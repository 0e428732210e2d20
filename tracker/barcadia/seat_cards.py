"""The host's seat cards: each hero's join link, drawn as a QR code (inline SVG, no image)."""

from __future__ import annotations

import segno
from django.urls import reverse
from django.utils.safestring import mark_safe

from tracker.barcadia import services
from tracker.barcadia.game import GAME


def qr_svg(url: str):
    """The join link as a QR code: inline SVG, dark on white in both themes (scanners need it)."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=5, border=2, dark="#000", light="#fff")
    return mark_safe(svg)  # segno writes the SVG itself: no text of ours is in it but the URL


def seat_rows(request, table) -> list[dict]:
    """Each seat of the table with its absolute join link and its QR code (seats made if none)."""
    services.seats_ensure(table=table)
    rows = []
    for seat in table.seats.select_related("user").order_by("number"):
        link = request.build_absolute_uri(
            reverse("tracker:seat_join", args=[GAME.id, seat.join_token])
        )
        rows.append({"seat": seat, "link": link, "qr": qr_svg(link)})
    return rows
