"""Attach a game's player-facing functions (labels, hints, legend, ...) to its Game class as the engine hooks.

A game keeps the words a player reads in a module of its own (``games/<game>/labels.py``), as plain functions
that take the game first: ``action_label(g, d, a, seat=None)``.  :func:`attach_hooks` makes each one the
method of the engine hook it implements, with the hook's own parameters (``Game.label(data, action, seat)``),
so the rules module never imports its labels::

    attach_hooks(PaxGame, label=action_label, hint=hint_action, legend=legend, ...)
"""

from __future__ import annotations

import inspect

__all__ = ["HOOKS", "attach_hooks"]

_P = inspect.Parameter
_SEAT_NONE = _P("seat", _P.POSITIONAL_OR_KEYWORD, default=None)


def _params(*names):
    return [_P(n, _P.POSITIONAL_OR_KEYWORD) if isinstance(n, str) else n for n in names]


#: hook name -> its parameters after ``self`` (as ``Game`` and the Match call them)
HOOKS = {
    "label": _params("data", "action", _SEAT_NONE),
    "hint": _params("data", "seat", "entity"),
    "legend": _params(_SEAT_NONE),
    "confirm": _params("data", "action"),
    "touched": _params("data", "action"),
    "prompt": _params("data", "seat", "kind"),
    "amount": _params("action"),
}


def _method(name: str, fn):
    sig = inspect.Signature(HOOKS[name])
    n = len(HOOKS[name])

    def hook(self, *args, **kwargs):
        if not kwargs and len(args) == n:  # (every argument in order: bind() gives them as they are)
            return fn(self, *args)
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        return fn(self, *bound.args)

    hook.__name__ = hook.__qualname__ = name
    hook.__doc__ = fn.__doc__
    hook.__signature__ = inspect.Signature([_P("self", _P.POSITIONAL_OR_KEYWORD), *HOOKS[name]])
    return hook


def attach_hooks(cls, **functions) -> None:
    """Set ``cls.<hook>`` for each ``hook=function`` (hooks: :data:`HOOKS`); ``function(game, *args)`` gets
    the hook's arguments in the hook's order (a missing ``seat`` is ``None``)."""
    unknown = sorted(set(functions) - set(HOOKS))
    if unknown:
        raise TypeError(f"not an engine hook: {', '.join(unknown)} (hooks: {', '.join(HOOKS)})")
    for name, fn in functions.items():
        setattr(cls, name, _method(name, fn))
