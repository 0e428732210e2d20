"""The action-log file format (``cardrpg-log``, version 1) and generic replay.

A log file is ``{"format": "cardrpg-log", "version": 1, "actions": [...]}`` (plus any extra
top-level fields an exporter adds). Nothing here knows a game's rules: replay takes the game's
``apply`` function and start state.
"""

import json
from collections.abc import Callable, Iterable

from .errors import ReplayError, RuleError

LOG_FORMAT = "cardrpg-log"
LOG_VERSION = 1


def load_log(data: str | bytes) -> list[dict]:
    """Parse a log file's text and return its actions; raise ValueError with a one-line message."""
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
    for index, action in enumerate(actions):
        if not isinstance(action, dict):
            raise ValueError(f"ill-formed {LOG_FORMAT} file: action {index} is not a JSON object")
    return actions


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


def replay_file(path, replay_fn: Callable[[list[dict]], dict]) -> tuple[int, str]:
    """Replay the log at `path`; return (exit code, text to print): 0 state, 1 refusal, 2 bad file."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        return 2, f"error: cannot read {path}: {exc.strerror or exc}"
    try:
        actions = load_log(data)
    except ValueError as exc:
        return 2, f"error: {path}: {exc}"
    try:
        state = replay_fn(actions)
    except ReplayError as exc:
        action = json.dumps(exc.action, ensure_ascii=False)
        return 1, (
            f"action {exc.index} (counting from 0) was refused\n"
            f"action: {action}\n"
            f"error: {exc.error}"
        )
    return 0, json.dumps(state, indent=2, ensure_ascii=False)
