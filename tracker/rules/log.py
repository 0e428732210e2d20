"""The action-log file format (``cardrpg-log``, version 1) and generic replay.

A log file is ``{"format": "cardrpg-log", "version": 1, "actions": [...]}`` (plus any extra
top-level fields an exporter adds, and ``"game"`` for the games other than Card RPG). Nothing
here knows a game's rules: replay takes the game's ``apply`` function and start state. Reading
a file is bounded and linear in its size: numbers, nesting and the count of actions are
checked while or right after parsing, before any action is replayed.
"""

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .errors import ReplayError, RuleError
from .text import _

LOG_FORMAT = "cardrpg-log"
LOG_VERSION = 1
# A file's top-level "game" names the game it is a log of; a file without it is Card RPG's.
DEFAULT_GAME = "card-rpg"
MAX_GAME_ID = 40
# Bounds that keep every check linear and every refusal one line, whatever a file holds.
MAX_DEPTH = 20  # objects and lists inside each other, the document itself counting as 1
MAX_DIGITS = 15  # digits of an integer anywhere in the file, counted before it is converted
MAX_ACTION_INT = 10**9  # largest integer (either sign) inside an action
MAX_FLOAT = 1e15  # largest number with a fraction or exponent (outside the actions only)
MAX_REPORTED_ACTION = 2000  # characters of a refused action that replay_file prints


class _NumberError(ValueError):
    """A number in the file that no log can hold (raised while parsing)."""


def _parse_int(text: str) -> int:
    # The digits are counted before int() runs: a 5000-digit number costs nothing and never
    # reaches Python's own limit on converting long digit strings.
    digits = len(text) - (text[0] == "-")
    if digits > MAX_DIGITS:
        raise _NumberError(
            _(
                "ill-formed {format} file: it holds a number with {digits} digits (at most {most})",
                format=LOG_FORMAT,
                digits=digits,
                most=MAX_DIGITS,
            )
        )
    return int(text)


def _parse_constant(text: str):
    raise _NumberError(
        _(
            "ill-formed {format} file: it holds {text}, which is not a number a log can hold",
            format=LOG_FORMAT,
            text=text,
        )
    )


def load_document(data: str | bytes, *, max_actions: int | None = None) -> dict:
    """Parse a log file's text and return the whole document, its "game" filled in
    ("card-rpg" when absent); raise ValueError with a one-line message.

    Every check is linear in the file's size. `max_actions` refuses a file holding more actions,
    before anything is replayed.
    """
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ValueError(
                _(
                    "not a {format} file: not UTF-8 text ({reason})",
                    format=LOG_FORMAT,
                    reason=exc.reason,
                )
            ) from None
    if not isinstance(data, str):
        raise ValueError(
            _(
                "not a {format} file: expected text, got {kind}",
                format=LOG_FORMAT,
                kind=type(data).__name__,
            )
        )
    # A log is stored and exported again: text that no database or UTF-8 file can hold (NUL,
    # lone surrogates) is refused here rather than failing later, mid-write.
    if "\x00" in data or not data.isascii() and not _encodable(data):
        raise ValueError(_not_text())
    try:
        document = json.loads(
            data,
            parse_int=_parse_int,
            parse_constant=_parse_constant,
        )
    except _NumberError as exc:
        raise ValueError(exc.args[0]) from None
    except json.JSONDecodeError as exc:
        raise ValueError(
            _(
                "not a {format} file: not JSON ({error} at line {line} column {column})",
                format=LOG_FORMAT,
                error=exc.msg,
                line=exc.lineno,
                column=exc.colno,
            )
        ) from None
    except RecursionError:
        raise ValueError(_too_deep()) from None
    if not isinstance(document, dict):
        raise ValueError(
            _("not a {format} file: the top level must be a JSON object", format=LOG_FORMAT)
        )
    if document.get("format") != LOG_FORMAT:
        raise ValueError(
            _(
                'not a {format} file: "format" is {given}, expected {expected}',
                format=LOG_FORMAT,
                given=_shown(document.get("format")),
                expected=repr(LOG_FORMAT),
            )
        )
    version = document.get("version")
    if type(version) is not int or version != LOG_VERSION:
        raise ValueError(
            _(
                "unsupported {format} version {given}: this app reads version {version}",
                format=LOG_FORMAT,
                given=_shown(version),
                version=LOG_VERSION,
            )
        )
    game = document.get("game", DEFAULT_GAME)
    # Which games there are is the reader's business (replay, import); here a name is checked.
    if not isinstance(game, str) or not 0 < len(game) <= MAX_GAME_ID or not game.isprintable():
        raise ValueError(
            _(
                'ill-formed {format} file: "game" is {given}, not the name of a game',
                format=LOG_FORMAT,
                given=_shown(game),
            )
        )
    actions = document.get("actions")
    if not isinstance(actions, list):
        raise ValueError(_('ill-formed {format} file: "actions" must be a list', format=LOG_FORMAT))
    if max_actions is not None and len(actions) > max_actions:
        raise ValueError(
            _(
                "{format} file too long: it holds {count} actions, and a log may hold at most "
                "{most}",
                format=LOG_FORMAT,
                count=len(actions),
                most=max_actions,
            )
        )
    for index, action in enumerate(actions):
        if not isinstance(action, dict):
            raise ValueError(
                _(
                    "ill-formed {format} file: action {index} is not a JSON object",
                    format=LOG_FORMAT,
                    index=index,
                )
            )
    _check_values(document, escapes="\\u" in data)
    document["game"] = game
    return document


def load_log(
    data: str | bytes, *, max_actions: int | None = None, game: str | None = DEFAULT_GAME
) -> list[dict]:
    """Parse a log file's text and return its actions; raise ValueError with a one-line message.

    A log of another game than `game` is refused (None reads any game's).
    """
    document = load_document(data, max_actions=max_actions)
    if game is not None and document["game"] != game:
        raise ValueError(
            _(
                "this {format} file is a {game} log, not a {wanted} log",
                format=LOG_FORMAT,
                game=document["game"],
                wanted=game,
            )
        )
    return document["actions"]


def _shown(value) -> str:
    """A value from the file, short enough for a one-line message."""
    text = repr(value) if isinstance(value, str | int | bool) or value is None else _("an object")
    if isinstance(value, list):
        text = _("a list")
    return text if len(text) <= 40 else text[:39] + "…"


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_values(document: dict, escapes: bool = True) -> None:
    """One pass over the whole document: nesting depth, storable text, and numbers (whole
    numbers within ±MAX_ACTION_INT inside the actions, within ±MAX_FLOAT elsewhere); raise
    ValueError at the first fault.

    `escapes`: the text held \\u escapes, the only way a parsed string can hold a NUL or a lone
    surrogate once the raw text is known to be clean; without them strings need no look.
    """
    actions = document["actions"]
    stack: list[tuple] = [(document, 1, None)]  # (container, depth, index of its action)
    while stack:
        container, depth, index = stack.pop()
        if container is actions:
            # Each action is an object (checked before): its own index goes with it.
            stack.extend((action, depth + 1, i) for i, action in enumerate(actions) if action)
            continue
        if type(container) is dict:
            if escapes and any(_unstorable(key) for key in container):
                raise ValueError(_not_text())
            children = container.values()
        else:
            children = container
        for child in children:
            kind = type(child)
            if kind is dict or kind is list:
                if depth >= MAX_DEPTH:
                    raise ValueError(_too_deep(MAX_DEPTH))
                if child:  # an empty one holds nothing more to look at
                    stack.append((child, depth + 1, index))
            elif kind is str:
                if escapes and _unstorable(child):
                    raise ValueError(_not_text())
            elif kind is float:
                if index is not None:
                    raise ValueError(
                        _(
                            "ill-formed {format} file: action {index} holds the number "
                            "{number}: actions hold whole numbers only",
                            format=LOG_FORMAT,
                            index=index,
                            number=_short(child),
                        )
                    )
                if not -MAX_FLOAT <= child <= MAX_FLOAT:
                    raise ValueError(
                        _(
                            "ill-formed {format} file: it holds the number {number}, out of range",
                            format=LOG_FORMAT,
                            number=_short(child),
                        )
                    )
            elif (
                kind is int and index is not None and not -MAX_ACTION_INT <= child <= MAX_ACTION_INT
            ):
                raise ValueError(
                    _(
                        "ill-formed {format} file: action {index} holds the number {number}, "
                        "out of range (at most {most} either way)",
                        format=LOG_FORMAT,
                        index=index,
                        number=child,
                        most=MAX_ACTION_INT,
                    )
                )


def _not_text():
    return _("not a {format} file: it holds characters that are not text", format=LOG_FORMAT)


def _too_deep(depth: int | None = None):
    if depth is None:
        return _("not a {format} file: nested too deeply", format=LOG_FORMAT)
    return _(
        "not a {format} file: nested too deeply (more than {depth} levels)",
        format=LOG_FORMAT,
        depth=depth,
    )


def _short(number: float) -> str:
    text = repr(number)
    return text if len(text) <= 24 else text[:23] + "…"


def _unstorable(text: str) -> bool:
    """True for a NUL or a lone surrogate (what \\u escapes can put in a parsed string)."""
    return "\x00" in text or not text.isascii() and not _encodable(text)


def dump_log(actions: Iterable[dict], **extra) -> str:
    """Return the log file text for `actions`; `extra` adds top-level fields (e.g. a name)."""
    document = {"format": LOG_FORMAT, "version": LOG_VERSION, **extra, "actions": list(actions)}
    return json.dumps(document, indent=2, ensure_ascii=False)


def replay(apply_fn: Callable[[dict, dict], dict], initial: dict, actions: Iterable[dict]) -> dict:
    """Apply each action in turn to `initial`; raise ReplayError at the first refusal."""
    state = initial
    for index, action in enumerate(actions):
        try:
            state = apply_fn(state, action)
        except RuleError as error:
            raise ReplayError(index, action, error) from error
    return state


def replay_file(path, engines: Mapping[str, Any]) -> tuple[int, str]:
    """Replay the log at `path` with the engine its "game" names.

    Returns (exit code, text to print): 0 and the final state, 1 and the refusal, 2 and a
    one-line error for a file that can't be replayed (unreadable, not a log, an unknown game).
    `engines` maps a game's id to its engine (a module with ``replay``); an engine whose
    ``REFUSAL_AS_JSON`` is true reports a refusal as one JSON object, else in three lines.
    """
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        return 2, f"error: cannot read {path}: {exc.strerror or exc}"
    try:
        document = load_document(data)
    except ValueError as exc:
        return 2, f"error: {path}: {exc}"
    engine = engines.get(document["game"])
    if engine is None:
        known = ", ".join(sorted(engines))
        return 2, f"error: {path}: unknown game {document['game']!r} (known games: {known})"
    try:
        state = engine.replay(document["actions"])
    except ReplayError as exc:
        if getattr(engine, "REFUSAL_AS_JSON", False):
            refusal = {"index": exc.index, "action": exc.action, "error": str(exc.error)}
            return 1, json.dumps(refusal, ensure_ascii=False)
        action = json.dumps(exc.action, ensure_ascii=False)
        if len(action) > MAX_REPORTED_ACTION:
            # A refused action may be megabytes of junk: the report stays readable.
            action = action[:MAX_REPORTED_ACTION] + f"… ({len(action)} characters in all)"
        return 1, (
            f"action {exc.index} (counting from 0) was refused\n"
            f"action: {action}\n"
            f"error: {exc.error}"
        )
    return 0, json.dumps(state, indent=2, ensure_ascii=False)
