"""Barcadia's lines put together from several sentences read as Chinese writes them: no English
full stop or stray space after a translated sentence (found by a playtest in 中文)."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth import get_user_model

from tests.barcadia.conftest import join, make_table, ordered

pytestmark = pytest.mark.django_db


def test_the_waiting_line_and_the_dungeon_line_end_as_chinese_writes_them():
    host = get_user_model().objects.create_user("host")
    table = ordered(make_table(host))
    bo = join(table, 2)  # Ana's turn: Bo's phone waits
    page = bo.get(f"/tables/{table.pk}/", headers={"Accept-Language": "zh-Hant"}).content.decode()
    waiting = html.unescape(re.search(r'data-testid="waiting">(.*?)</p>', page, re.S)[1])
    # The reason names Ana already: "等待 Ana：輪到 Ana：…" said her twice (issue 26).
    assert waiting == "輪到 Ana：回合尚未開始。", waiting
    assert "： " not in waiting and "." not in waiting, waiting
    dungeon = html.unescape(re.search(r'data-testid="dungeon">(.*?)</p>', page, re.S)[1])
    assert "。 " not in dungeon and dungeon.endswith("。"), dungeon
