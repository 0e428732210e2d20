"""What the games' screen presenters share: a screen composed of region presenters.

A game's `Screen` hands each region of its page (what stands, what to do now, the choices of the
forms, ...) to a small presenter of its own, yet the templates and views keep reading one name
per thing off the screen (``screen.instruction``), as they did when the screen was one class.
"""

from __future__ import annotations


class Shown:
    """A screen attribute that one of its region presenters works out (and caches, if it does).

    ``instruction = Shown("prompt")`` on a screen reads ``screen.prompt.instruction``.
    """

    def __init__(self, region: str):
        self.region = region
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, screen, owner: type | None = None):
        if screen is None:
            return self
        return getattr(getattr(screen, self.region), self.name)
