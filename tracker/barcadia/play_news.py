"""The news, as every phone says it: the newest action (its words only on the phone that made
it), the deaths it caused, and the newest undo.
"""

from __future__ import annotations

from functools import cached_property

from tracker.barcadia.play_region import Region
from tracker.rules.text import Msg


class News(Region):
    """The newest action and the newest undo."""

    @cached_property
    def last(self) -> dict | None:
        """The newest action in words, its roll, and whether this phone made it."""
        last = (self.table.projection or {}).get("last")
        if not last or last["type"] == "set_up_table":
            return None
        mine = last["player"] in self.phone.my_heroes or self.phone.pass_phone
        words = Msg.from_json(last["words"]) if last.get("words") else None
        dice = []
        if last.get("roll"):
            dice = [(side["hero"], side["roll"]) for side in last["roll"]["sides"]]
        elif last["type"] == "roll_for_order":
            dice = [
                (event["data"]["rolls"], None)
                for event in self.table.projection.get("new", [])
                if event["kind"] == "order"
            ]
            dice = [(hero, roll) for rolls, _ in dice for hero, roll in rolls.items()]
        return {
            "text": Msg.from_json(last["text"]),
            "words": words if mine else None,
            "dice": dice,
            "outcome": last["roll"]["outcome"] if last.get("roll") else "",
            "todo": [
                (Msg.from_json(item["text"]), item["rule"]) for item in last.get("todo") or []
            ],
            "player": last["player"],
            "mine": mine,
        }

    @cached_property
    def deaths(self) -> list[dict]:
        """Deaths the newest action caused: announced on every phone (H-27)."""
        return [
            {
                "text": Msg.from_json(event["text"]),
                "dropped": event["data"].get("dropped") or [],
                "at_start": event["data"].get("at") == [0, 0],
                "loot_kept": event["data"].get("loot_kept", 0),
                "hero": event.get("hero", ""),
            }
            for event in (self.table.projection or {}).get("new", [])
            if event["kind"] == "death"
        ]

    # -- undo ---------------------------------------------------------------------------------

    @property
    def undo_news(self) -> dict | None:
        """The newest undo, said on every phone while the table stands where it left it."""
        note = self.table.undo_note
        if not note or note.get("version") != self.phone.version or not note.get("undone"):
            return None
        what = [Msg.from_json(item["text"]) for item in note["undone"]]
        return {"by": note.get("by") or "", "what": what}

    @property
    def undo_text(self) -> Msg | None:
        last = (self.table.projection or {}).get("last")
        if not last or self.table.last_seq <= 1:
            return None
        return Msg.from_json(last["text"])
