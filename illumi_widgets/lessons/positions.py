"""Lesson positions found by play: a seeded game played at random until the learner faces the decision the
lesson is about (so a lesson needs no hand-made position, and follows the rules as they are).

``reach("gray-eminence", want, seat=0, players=3, options={...}, seeds=range(1, 40))`` returns the record
(``Match.record()``) of the first position where ``want(state)`` holds and ``seat`` is to decide.
"""

from __future__ import annotations

import random

from ..engine import CHANCE, RecordError, load_game

__all__ = ["cached", "in_order", "last_kind", "legal_notes", "reach", "to_decide"]

MAX_STEPS = 2000


def to_decide(state, seat: int, kind: str) -> bool:
    """``seat`` must take a decision of ``kind`` now."""
    return any(d.seat == seat and d.kind == kind for d in state.decisions())


def _play(game, seed: int, want, seat: int, pick):
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return None
        if seat in state.to_act() and want(state):
            return state
        who = [s for s in state.to_act() if s != CHANCE]
        s = who[0] if who else state.to_act()[0]
        legal = list(state.legal_actions(s))
        act = pick(state, s, legal, rng) if pick else None
        state.apply(act if act is not None else rng.choice(legal))
    return None


def reach(game_name: str, want, seat: int = 0, players: int = 3, options: dict | None = None,
          seeds=range(1, 60), pick=None) -> dict:
    """The record of the first position (over ``seeds``) where ``seat`` is to act and ``want(state)``;
    ``pick(state, seat, legal, rng)`` may steer the play (``None``: at random)."""
    game = load_game(game_name, players=players, **(options or {}))
    for seed in seeds:
        state = _play(game, seed, want, seat, pick)
        if state is not None:
            return state.record()
    raise RecordError("no game of these seeds reaches the lesson's position", code="bad-lesson")


_CACHE: dict = {}


def cached(key: str, build):
    """``build()`` once per process for ``key`` (the lesson sequences' positions)."""
    if key not in _CACHE:
        _CACHE[key] = build()
    return _CACHE[key]


def in_order(order) -> dict:
    """A sequence's lessons made in teaching order: ``{key: make()}`` for its ``(key, make)`` pairs."""
    return {key: make() for key, make in order}


def last_kind(kind: str):
    """A lesson's ``done``: the learner's last move is of ``kind``."""
    return lambda state, moves: moves[-1].kind == kind


def legal_notes(lesson, seat: int):
    """``(state, notes, first)`` for the tests' cases: the lesson's starting state, the notation of every
    move ``seat`` may make there, and ``first(prefix)``, the first of those that begins with ``prefix``."""
    state = lesson.start().state
    notes = [a.notation() for a in state.legal_actions(seat)]
    return state, notes, lambda prefix: next(a for a in notes if a.startswith(prefix))
