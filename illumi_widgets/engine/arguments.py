"""What makes a value an action of a game at all, checked before any rule is asked: a seat of the game, a
kind that is a word, arguments that are plain values (numbers, words, ``None``, tuples of them nested at most
:data:`_ARG_DEPTH` deep) that can be compared.  Never raises on hostile input (an argument whose own
``__hash__`` or ``__index__`` fails is malformed).  Used by :class:`~illumi_widgets.engine.game.State` and
the board's message checks."""

from __future__ import annotations

import operator

from .action import CHANCE, Action
from .errors import EngineError, IllegalAction, quote

__all__ = ["malformed", "seat_number"]


def seat_number(seat, players: int, *, chance: bool = False) -> int:
    """``seat`` as a plain ``int`` if it names a seat of a ``players``-seat game (or ``CHANCE`` when
    ``chance``).  Integers of any integer type (numpy's too) are accepted; ``True``/``False``, floats,
    strings and ``None`` are not seats: :class:`EngineError` with code ``"bad-seat"``."""
    if seat.__class__ is int:
        n = seat
    elif isinstance(seat, bool) or not hasattr(type(seat), "__index__"):
        raise EngineError(f"no such seat: {quote(seat)} (seats are the whole numbers 0 to {players - 1})",
                          code="bad-seat")
    else:
        n = operator.index(seat)
    if 0 <= n < players or (chance and n == CHANCE):
        return n
    raise EngineError(f"no such seat: {quote(seat)} (this game has seats 0 to {players - 1})",
                      code="bad-seat")


def malformed(action: Action, players: int) -> str | None:
    """What makes ``action`` no action of a ``players``-seat game at all, in plain words, or None.
    Never raises: a seat or argument whose own ``__index__`` or ``__hash__`` fails (a hostile
    caller's object) makes the action malformed."""
    seat = action.seat
    try:
        ok = not isinstance(seat, bool) and hasattr(type(seat), "__index__") and (
            0 <= operator.index(seat) < players or operator.index(seat) == CHANCE)
    except Exception:  # noqa: BLE001 - a seat whose __index__ fails is no seat
        ok = False
    if not ok:
        return f"no such seat: {quote(seat)} (this game has seats 0 to {players - 1})"
    if not isinstance(action.kind, str):
        return f"an action's kind is a word, not {quote(action.kind)}"
    if not isinstance(action.args, tuple):
        return f"an action's arguments are a tuple, not {quote(action.args)}"
    if not _plain(action.args, 0):
        return f"an action's arguments are plain values (numbers, words); got {quote(action.args)}"
    try:  # (a value of a plain type may still carry its own __hash__, raising whatever it likes)
        hash(action)
    except Exception as e:  # noqa: BLE001 - a hostile argument is malformed, never a raw error
        return (f"an action's arguments are plain values (numbers, words) that can be compared; "
                f"{quote(action.args)} cannot be ({type(e).__name__})")
    return None


_ARG_DEPTH = 8
"""Tuples inside an action's arguments nest at most this deep (no game's actions nest more than twice)."""


def _plain(value, depth: int) -> bool:
    """Whether ``value`` is a plain argument: a number (any integer type, numpy's too), a word, ``None``,
    or a tuple of plain arguments nested at most ``_ARG_DEPTH`` deep."""
    if value is None or isinstance(value, (str, int, float)):
        return True
    if isinstance(value, tuple):
        return depth < _ARG_DEPTH and all(_plain(v, depth + 1) for v in value)
    return hasattr(type(value), "__index__")


def _kinds_agree(given, listed) -> bool:
    """Equal values that are the same kind of value: ``True`` is not ``1``, nor ``1`` ``True``."""
    if given.__class__ is listed.__class__:
        if listed.__class__ is tuple:
            return len(given) == len(listed) and all(map(_kinds_agree, given, listed))
        return True
    if isinstance(given, bool) or isinstance(listed, bool):
        return False
    if isinstance(given, tuple) and isinstance(listed, tuple):
        return len(given) == len(listed) and all(map(_kinds_agree, given, listed))
    return True


def _same_kinds(given: Action, listed: Action):
    """``(listed, None)``, or a refusal when ``given`` matched ``listed`` only by mixing bools and numbers."""
    if given is listed or (given.seat.__class__ is int and _kinds_agree(given.args, listed.args)):
        return listed, None
    if isinstance(given.seat, bool) or not _kinds_agree(given.args, listed.args):
        return None, IllegalAction(f"{quote(_shown(given))}: True/False and numbers are different "
                                   "arguments", code="bad-action")
    return listed, None


def _shown(action: Action) -> str:
    """An action's notation for a message, even when its formatter fails on odd arguments."""
    try:
        return action.notation()
    except Exception:  # noqa: BLE001 - a message must not fail
        return f"{quote(action.kind, 20)} {quote(action.args, 50)}"
