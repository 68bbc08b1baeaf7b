"""Twin positions: the same game with every card one seat cannot see re-dealt in the REAL position.

A twin keeps the history and the log; it is a twin only if the seat's view is identical (the seat cannot
tell the two apart) and the omniscient view differs (the hidden deal really changed)."""

from __future__ import annotations

import json

from illumi_widgets.engine import OMNISCIENT, Rng, load_game
from illumi_widgets.engine.testing import random_action

#: (game, players, options) covered by the no-leak tests: every game, hidden-card variants included
GAMES = [("pax", 3, {}), ("pax", 2, {}), ("illuminati", 3, {"hidden_illuminati": True}),
         ("illuminati", 3, {"hidden_goals": True}), ("primordial", 3, {}), ("gray-eminence", 3, {})]


def omniscient(state) -> str:
    return json.dumps(state.view(OMNISCIENT), sort_keys=True, default=str)


def seen(state, seat) -> dict:
    """``state.view(seat)`` without the version counter."""
    return {k: v for k, v in state.view(seat).items() if k != "version"}


def twin(state, seat, rng, tries: int = 8):
    """A twin of ``state`` for ``seat`` (see the module docstring), or ``None``."""
    want = seen(state, seat)
    real = omniscient(state)
    for _ in range(tries):
        other = state.clone()
        other.data = state.game.determinize(state.data, seat, rng)
        other.version += 1
        if seen(other, seat) == want and omniscient(other) != real:
            return other
    return None


def positions(name, players, options, *, seed=1, steps=120, every=7):
    """Positions of one random game (every ``every``-th decision, at most ``steps`` decisions)."""
    g = load_game(name, players=players, **options)
    rng = Rng(seed)
    state = g.new_state(seed=seed)
    for step in range(steps):
        if state.is_terminal():
            return
        if step % every == every - 1:
            yield state
        if state.to_act() == [-1] or -1 in state.to_act():
            state.resolve_chance()
            continue
        state.apply(random_action(state, rng))


def deciding_twins(name, players, options, rng, **walk):
    """``(state, seat, other)`` along one random game (:func:`positions` with ``walk``): each seat to act with
    a choice (two or more legal actions) and ``other``, a twin of the position for it (seats without one are
    skipped)."""
    for state in positions(name, players, options, **walk):
        for seat in state.to_act():
            if seat < 0 or len(state.legal_actions(seat)) < 2:
                continue
            other = twin(state, seat, rng)
            if other is not None:
                yield state, seat, other
