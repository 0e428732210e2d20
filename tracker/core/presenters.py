"""What the games' screen presenters share: a screen composed of region presenters.

A game's `Screen` hands each region of its page (what stands, what to do now, the choices of the
forms, ...) to a small presenter of its own, yet the templates and views keep reading one name
per thing off the screen (``screen.instruction``), as they did when the screen was one class.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.utils.translation import gettext

from tracker.core.i18n import listing


class Shown:
    """A screen attribute that one of its region presenters works out (and caches, if it does)."""

    def __init__(self, region: str, name: str):
        self.region = region
        self.name = name

    def __get__(self, screen, owner: type | None = None):
        if screen is None:
            return self
        return getattr(getattr(screen, self.region), self.name)


def shows(**regions: str) -> Callable[[type], type]:
    """Give a screen class the names (space-separated) that each region attribute presents.

    ``@shows(prompt="title instruction")`` makes ``screen.instruction`` read
    ``screen.prompt.instruction``.
    """

    def compose(screen: type) -> type:
        for region, names in regions.items():
            for name in names.split():
                # A name the screen works out itself would be hidden: say so at import.
                if name in vars(screen):
                    raise TypeError(f"{screen.__name__}.{name} is named twice")
                setattr(screen, name, Shown(region, name))
        return screen

    return compose


def undone_notice(words: Iterable[str]) -> str:
    """What an undo says it took back, every game alike: "Undone: Ana explored [2, -1]." (the
    actions' words, in the player's language), or "Undone." when it names none."""
    said = listing(words, "clauses")
    return gettext("Undone: %(what)s.") % {"what": said} if said else gettext("Undone.")
