"""What the table screen's region presenters share: the phone the screen is drawn for, and the
words for places and rewards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tracker.core.i18n import listing
from tracker.rules.barcadia.geometry import text as hex_text

if TYPE_CHECKING:
    from tracker.barcadia.play_screen import Screen


class Region:
    """One region of the table screen, worked out for the phone the screen is drawn for."""

    def __init__(self, phone: Screen):
        # Who this phone is and what the table waits for are the screen's: read there.
        self.phone = phone
        self.state: dict = phone.state
        self.table = phone.table


def place_words(position) -> str:
    """A hero's place as players say it."""
    if list(position) == [0, 0]:
        return _("Starting Point")
    return hex_text(position)


def destination_words(position) -> str:
    """A place to go to, as players say it after "to"."""
    if list(position) == [0, 0]:
        return _("the Starting Point")
    return hex_text(position)


def reward_words(reward: dict) -> str:
    """A tile's printed reward, short: ``2 loot, 1 power-up, heal 20``."""
    words = []
    if reward.get("loot"):
        words.append(_("%(count)s loot") % {"count": reward["loot"]})
    if reward.get("power_ups"):
        words.append(
            ngettext("%(count)s power-up", "%(count)s power-ups", reward["power_ups"])
            % {"count": reward["power_ups"]}
        )
    if reward.get("heal"):
        words.append(_("heal %(count)s") % {"count": reward["heal"]})
    return listing(words)
