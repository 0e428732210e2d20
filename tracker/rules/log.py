"""The action-log file format (``cardrpg-log``, version 1) and generic replay.

A log file is ``{"format": "cardrpg-log", "version": 1, "actions": [...]}`` (plus any extra
top-level fields an exporter adds). Nothing here knows a game's rules: replay takes the game's
``apply`` function and start state.
"""

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .errors import ReplayError, RuleError

LOG_FORMAT = "cardrpg-log"
LOG_VERSION = 1
# A file without a "game" key is a Card RPG log (every file exported before games were named).
DEFAULT_GAME = "card-rpg"


def load_log(data: str | bytes) -> list[dict]:
    """Parse a log file's text and return its actions; raise ValueError with a one-line message."""
    return load_document(data)["actions"]


def load_document(data: str | bytes, *, max_actions: int | None = None) -> dict:
    """Parse a log file's text and return the whole document (its "game" is "card-rpg" if absent).

    Raises ValueError with a one-line message for anything that is not a log this app reads,
    including a file holding more than `max_actions` actions (checked before any is replayed).
    """
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ValueError(f"not a {LOG_FORMAT} file: not UTF-8 text ({exc.reason})") from None
    if not isinstance(data, str):
        raise ValueError(f"not a {LOG_FORMAT} file: expected text, got {type(data).__name__}")
    # A log is stored and exported again: text that no database or UTF-8 file can hold (NUL,
    # lone surrogates) is refused here rather than failing later, mid-write.
    if "\x00" in data or not data.isascii() and not _encodable(data):
        raise ValueError(f"not a {LOG_FORMAT} file: it holds characters that are not text")
    try:
        document = json.loads(data)
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"not a {LOG_FORMAT} file: not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None
    except RecursionError:
        raise ValueError(f"not a {LOG_FORMAT} file: nested too deeply") from None
    if _holds_unstorable_text(document):
        raise ValueError(f"not a {LOG_FORMAT} file: it holds characters that are not text")
    if not isinstance(document, dict):
        raise ValueError(f"not a {LOG_FORMAT} file: the top level must be a JSON object")
    if document.get("format") != LOG_FORMAT:
        raise ValueError(
            f'not a {LOG_FORMAT} file: "format" is {document.get("format")!r}, '
            f"expected {LOG_FORMAT!r}"
        )
    version = document.get("version")
    if type(version) is not int or version != LOG_VERSION:
        raise ValueError(
            f"unsupported {LOG_FORMAT} version {version!r}: this app reads version {LOG_VERSION}"
        )
    actions = document.get("actions")
    if not isinstance(actions, list):
        raise ValueError(f'ill-formed {LOG_FORMAT} file: "actions" must be a list')
    if max_actions is not None and len(actions) > max_actions:
        raise ValueError(
            f"this log holds {len(actions)} actions; the app takes at most {max_actions} per file"
        )
    for index, action in enumerate(actions):
        if not isinstance(action, dict):
            raise ValueError(f"ill-formed {LOG_FORMAT} file: action {index} is not a JSON object")
    game = document.get("game", DEFAULT_GAME)
    if not isinstance(game, str) or not game:
        raise ValueError(f'ill-formed {LOG_FORMAT} file: "game" must name a game')
    return {**document, "game": game}


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _holds_unstorable_text(value) -> bool:
    """True if a string anywhere in the parsed document has NUL or a lone surrogate (\\u escapes)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item or not item.isascii() and not _encodable(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


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
        return 1, (
            f"action {exc.index} (counting from 0) was refused\n"
            f"action: {action}\n"
            f"error: {exc.error}"
        )
    return 0, json.dumps(state, indent=2, ensure_ascii=False)
