"""The play screen's status: the hero's and the monster's HP, the hand, the discard pile and
the dice of the last roll, as the bars and counters show them."""

from __future__ import annotations

from django.utils.translation import gettext

from tracker.card_rpg.dice_roller import die_face


def _percent(value: int, total: int) -> int:
    return max(0, min(100, round(100 * value / total))) if total else 0


class Status:
    """The bars and counters: HP, the monster, the hand, the discard pile, the dice."""

    @property
    def hp(self) -> int:
        fight = self.fight
        if fight:
            return fight["hp"]
        duel = self.state.get("duel")  # in a duel: the duel's HP (T-31)
        return duel["hp"] if duel else self.character.get("hp_max", 0)

    @property
    def hero_fate(self) -> str:
        """'dying' while a save is awaited, 'dead' once the character died in this fight."""
        fight = self.fight
        if not fight:
            return ""
        if fight.get("result") == "died":
            return "dead"
        if self.reason == "dying" or self.deadly_blow:
            return "dying"
        return ""

    @property
    def hero_fate_text(self) -> str:
        """The hero's fate in the player's language."""
        fate = self.hero_fate
        return {"dead": gettext("dead"), "dying": gettext("dying")}.get(fate, fate)

    @property
    def deadly_blow(self) -> bool:
        fight = self.fight or {}
        return bool(self.choices.get("deadly_blow") or fight.get("deadly_blow"))

    @property
    def hp_shown(self) -> int:
        """The hero's HP as shown: 0 once dead or struck by a deadly blow (the engine keeps the
        HP as it was), the negative HP while dying of damage (a save restores from there)."""
        if self.hero_fate == "dead" or (self.hero_fate == "dying" and self.hp >= 0):
            return 0
        return self.hp

    @property
    def hp_bar(self) -> int:
        return max(0, self.hp_shown)

    @property
    def hp_percent(self) -> int:
        return _percent(self.hp_bar, self.character.get("hp_max") or 1)

    @property
    def monster_hp_shown(self) -> int | None:
        """The monster's HP as shown: never below 0."""
        fight = self.fight
        if not fight or fight.get("monster_hp") is None:
            return None
        return max(0, fight.get("monster_hp_shown", fight["monster_hp"]))

    @property
    def monster_defeated(self) -> bool:
        fight = self.fight
        if not fight:
            return False
        return fight.get("result") == "won" or (
            fight.get("monster_hp") is not None
            and fight.get("monster_hp_max") is not None
            and fight["monster_hp"] <= 0
        )

    @property
    def monster_percent(self) -> int:
        fight = self.fight
        if not fight or not fight.get("monster_hp_max"):
            return 0
        return _percent(self.monster_hp_shown or 0, fight["monster_hp_max"])

    # -- who deals ------------------------------------------------------------------------------

    @property
    def can_switch_dealer(self) -> bool:
        """ "The app deals for me" is chosen per session: only while none is running."""
        return self.session is None

    @property
    def hand_known(self) -> list[str]:
        session = self.session
        return list(session["hand"]["known"]) if session else []

    @property
    def hand_cards(self) -> list[str]:
        """The hand as far as the screen knows it (all of it at a virtual table)."""
        if self.table is not None and self.session:
            return self.table.hand(self.state)
        return self.hand_known

    @property
    def hand_unknown(self) -> int:
        session = self.session
        return session["hand"]["count"] - len(self.hand_known) if session else 0

    @property
    def hand_unseen(self) -> int:
        """Cards in the hand the screen can't show (none when the app deals)."""
        return 0 if self.table is not None else self.hand_unknown

    @property
    def hand_in_status(self) -> bool:
        """The status shows the hand, unless the attack controls show it to tick right below."""
        return bool(self.session) and not ("attack" in self.actions and self.hand_cards)

    @property
    def discard_known(self) -> list[str]:
        session = self.session
        return list(session["discard_pile"]) if session else []

    @property
    def discard_unknown(self) -> int:
        session = self.session
        return session["discard_count"] - len(session["discard_pile"]) if session else 0

    @property
    def dice_faces(self) -> list[str]:
        return [die_face(die) for die in self.last_dice]

    @property
    def dice_total(self) -> int:
        return sum(self.last_dice)
