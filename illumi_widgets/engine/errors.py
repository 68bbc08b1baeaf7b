"""Typed errors of the engine.

Every error carries a short machine-readable ``code`` and a plain-words
``message``.  Raising any of them never changes a :class:`State`: the engine
checks first and mutates only after every check has passed (or restores the
previous position when a multi-step resolution fails half-way).
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "error"

    def __init__(self, message: str, code: str | None = None, **detail):
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
