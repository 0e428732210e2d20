"""Player-facing sentences from the engines, translatable without Django (the engines' one seam).

An engine writes each sentence a player may read with ``_`` (or ``ngettext`` for counts):
``_("{hero} stands in {place}: beat them in a duel to get past", hero="Ana", place="[-2, 2]")``.
The result is a plain ``str`` holding the English sentence, so replay output, logs and tests
read it as text; it also remembers its message id and parameters, so a screen can render it in
the player's language with ``translate(text, gettext, ngettext)`` (the screens pass Django's
functions). ``_`` and ``ngettext`` are the names Django's ``makemessages`` (xgettext) extracts.
A refusal's rule ID is never part of the message: it stays the same in every language.
"""

from collections.abc import Callable
from string import Formatter


class Msg(str):
    """An English sentence that remembers its message id and parameters for translation."""

    __slots__ = ("msgid", "params", "plural", "count")

    def __new__(cls, msgid: str, params: dict | None = None, plural: str | None = None, count=None):
        params = dict(params or {})
        pattern = msgid if plural is None or count == 1 else plural
        text = pattern.format(**params) if params or "{" in pattern else pattern
        self = super().__new__(cls, text)
        self.msgid = msgid
        self.params = params
        self.plural = plural
        self.count = count
        return self

    def __reduce__(self):
        return (Msg, (self.msgid, self.params, self.plural, self.count))

    def to_json(self) -> dict:
        """A JSON form that `from_json` turns back into the same message."""
        data: dict = {"msgid": self.msgid}
        if self.params:
            data["params"] = {
                key: value.to_json() if isinstance(value, Msg) else value
                for key, value in self.params.items()
            }
        if self.plural is not None:
            data["plural"] = self.plural
            data["count"] = self.count
        return data

    @classmethod
    def from_json(cls, data: dict) -> "Msg":
        """The message `to_json` described."""
        params = {
            key: cls.from_json(value) if isinstance(value, dict) and "msgid" in value else value
            for key, value in (data.get("params") or {}).items()
        }
        return cls(data["msgid"], params, data.get("plural"), data.get("count"))


def _(msgid: str, /, **params) -> Msg:
    """Mark a sentence for translation; `{name}` placeholders are filled from `params`."""
    return Msg(msgid, params)


def ngettext(singular: str, plural: str, count: int, /, **params) -> Msg:
    """A sentence with a singular and a plural form; `{count}` is available as a placeholder."""
    return Msg(singular, {"count": count, **params}, plural, count)


def translate(
    text,
    gettext: Callable[[str], str],
    ngettext_fn: Callable[[str, str, int], str] | None = None,
) -> str:
    """`text` in the language of `gettext` (a Msg, or any value, returned as its str)."""
    if not isinstance(text, Msg):
        return "" if text is None else str(text)
    params = {
        key: translate(value, gettext, ngettext_fn) if isinstance(value, Msg) else value
        for key, value in text.params.items()
    }
    if text.plural is not None and ngettext_fn is not None:
        pattern = ngettext_fn(text.msgid, text.plural, text.count)
    elif text.plural is not None:
        pattern = text.msgid if text.count == 1 else text.plural
    else:
        pattern = gettext(text.msgid)
    try:
        return pattern.format(**params)
    except (KeyError, IndexError, ValueError):
        # A translation with a broken placeholder must never break a screen: English instead.
        return str(text)


def placeholders(pattern: str) -> set[str]:
    """The `{name}` placeholders of a message pattern."""
    return {name for _text, name, _spec, _conv in Formatter().parse(pattern) if name}


__all__ = ["Msg", "_", "ngettext", "placeholders", "translate"]
