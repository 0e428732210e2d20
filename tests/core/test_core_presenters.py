"""A screen composed of region presenters reads each region's names off the screen
(tracker.core.presenters), as the three games' play screens do."""

from __future__ import annotations

from functools import cached_property

import pytest

from tracker.core.presenters import shows


class Prompt:
    def __init__(self, reason: str):
        self.reason = reason
        self.worked_out = 0

    @cached_property
    def title(self) -> str:
        self.worked_out += 1
        return self.reason.title()

    def rule_for(self, reason: str) -> str:
        return f"rule of {reason}"


@shows(prompt="title rule_for")
class Screen:
    def __init__(self, reason: str):
        self.prompt = Prompt(reason)


def test_a_screen_reads_a_regions_names_and_the_region_caches_them():
    screen = Screen("lay low")
    assert screen.title == "Lay Low" and screen.title == "Lay Low"
    assert screen.prompt.worked_out == 1
    assert screen.rule_for("travel") == "rule of travel"


def test_a_name_given_twice_is_refused_when_the_screen_is_defined():
    with pytest.raises(TypeError, match="title"):

        @shows(prompt="title")
        class Twice:
            title = "the screen's own"
