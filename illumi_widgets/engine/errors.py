"""Typed errors of the engine.

Every error carries a short machine-readable ``code`` and a plain-words
``message``.  Raising any of them never changes a :class:`State`: the engine
checks first and mutates only after every check has passed (or restores the
previous position when a multi-step resolution fails half-way).
"""

from __future__ import annotations

import reprlib
from itertools import islice

QUOTE_LIMIT = 80
"""At most this many characters of any input are quoted in an error message (see :func:`quote`)."""


MESSAGE_LIMIT = 1000
"""A safety net: a message longer than this (a rule quoting a huge input whole) is cut."""


def quote(value, limit: int = QUOTE_LIMIT) -> str:
    """``repr``-like quotation of an input for an error message, at most about ``limit`` characters.

    Strings are quoted as ``'text'``; other values by an abbreviated ``repr`` (:mod:`reprlib`, so a huge
    container is never rendered whole). A longer string is cut and says how long the whole was
    (``'abc…' (1,000,000 characters)``). A ``repr`` that itself fails is replaced by the type's name.
    Never raises. Widgets and games may use it too.
    """
    try:
        if isinstance(value, str):
            if len(value) <= limit:
                return repr(value)
            return repr(value[:limit]) + f"… ({len(value):,} characters)"
        r = reprlib.Repr()
        r.maxstring = r.maxother = r.maxlong = limit
        r.maxlevel, r.maxdict, r.maxlist, r.maxtuple, r.maxset = 3, 6, 8, 8, 6
        if isinstance(value, (dict, set, frozenset)) and len(value) > 6:  # (reprlib sorts them whole)
            few = dict(islice(value.items(), 6)) if isinstance(value, dict) else set(islice(value, 6))
            text = r.repr(few)[:-1] + f", … {len(value):,} in all" + r.repr(few)[-1]
        else:
            text = r.repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        return f"<{type(value).__name__}>"
    return text if len(text) <= limit + 2 else text[:limit] + "…"


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "error"

    def __init__(self, message: str, code: str | None = None, **detail):
        message = str(message)
        if len(message) > MESSAGE_LIMIT:
            message = message[: MESSAGE_LIMIT - 1] + "…"
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.detail = detail

    def __str__(self) -> str:  # plain words first, code for machines
        return self.message

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class IllegalAction(EngineError):
    """The action is well-formed but the rules do not allow it now."""

    code = "illegal"


class NotationError(EngineError):
    """Text that does not read as any action of this game."""

    code = "bad-notation"


class AmbiguousNotation(NotationError):
    """Text that reads as more than one legal action."""

    code = "ambiguous"

    def __init__(self, message: str, candidates=(), **detail):
        super().__init__(message, **detail)
        self.candidates = tuple(candidates)


class NotYourDecision(IllegalAction):
    """The seat named by the action is not one of the seats to act."""

    code = "not-your-decision"


class StaleAction(IllegalAction):
    """The action was chosen for an older version of the state."""

    code = "stale"


class GameOver(IllegalAction):
    """No action is possible: the game has ended."""

    code = "game-over"


class RecordError(EngineError):
    """A saved record or position cannot be read."""

    code = "bad-record"


class DataError(EngineError):
    """A data file (cards, map, plots, ...) is malformed; the message names the item and field."""

    code = "bad-data"


class HistoryError(EngineError):
    """Nothing to undo or redo."""

    code = "no-history"
