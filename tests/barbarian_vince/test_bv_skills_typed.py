"""A card's skill modifiers are typed in the player's language (issue 16): a Chinese player
writes 「生存 +1」 with a Chinese keyboard's comma; English keeps working as before."""

import pytest
from django.utils.translation import override

from tracker.barbarian_vince.forms import InputError, parse_modifiers


def test_modifiers_typed_in_traditional_chinese_with_full_width_commas():
    with override("zh-hant"):
        assert parse_modifiers("戰鬥 +1，魅力 -1", "物品") == {"combat": 1, "charm": -1}
        assert parse_modifiers("生存+2、躲藏 −1", "物品") == {"survival": 2, "hide": -1}


def test_modifiers_typed_in_english_still_read():
    with override("en"):
        assert parse_modifiers("Combat +1, Charm -1", "item") == {"combat": 1, "charm": -1}
        assert parse_modifiers("unlock disarm +2", "item") == {"unlock disarm": 2}


def test_a_modifier_without_a_number_is_refused_in_words():
    with override("zh-hant"), pytest.raises(InputError):
        parse_modifiers("戰鬥", "物品")
