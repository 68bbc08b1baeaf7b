"""One random game walked step by step, for the tests that check something at every position of it (labels,
scenes, notation): ``for step, state in walk(state, rng, 150): ...``."""

from __future__ import annotations

from illumi_widgets.engine.testing import random_action


def walk(state, rng, steps: int):
    """``(step, state)`` along one random game: the same State object, advanced in place by a random action
    (drawn from ``rng``) after each yield, until the game ends or ``steps`` positions were given. A caller
    that breaks out of its loop leaves the state where it stopped."""
    for step in range(steps):
        if state.is_terminal():
            return
        yield step, state
        state.apply(random_action(state, rng))
