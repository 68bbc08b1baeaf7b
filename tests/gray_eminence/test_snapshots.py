"""Undo checkpoints that share what did not change (``model.snapshot``, issue 35) are exact copies.

``snapshot(d, previous)`` takes every top-level value equal to the previous checkpoint's from it instead of
copying it.  Along random games (several scenarios), each snapshot equals the position value for value and
type for type (``True`` kept for ``1`` would show), shares no list or dict with the live position, and the
previous snapshot is never changed; undoing a whole game step by step restores every position exactly.
"""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.gray_eminence import model as M


def same(a, b) -> bool:
    """Equal, and of the same class everywhere (``==`` alone takes ``True`` for ``1``)."""
    if a.__class__ is not b.__class__:
        return False
    if a.__class__ is dict:
        return list(a) == list(b) and all(same(v, b[k]) for k, v in a.items())
    if a.__class__ in (list, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def test_same_tells_types_apart():
    assert same({"a": [1, None, "x"]}, {"a": [1, None, "x"]})
    assert not same({"a": [1]}, {"a": [True]}) and not same([0], [0.0]) and not same({"a": 1, "b": 2},
                                                                                         {"b": 2, "a": 1})


def _aliases(obj) -> list:
    """The paths of every list or dict reached by more than one path (shared within the position)."""
    seen: dict = {}

    def walk(o, path):
        if o.__class__ in (list, dict):
            seen.setdefault(id(o), []).append(path)
            for k, x in (o.items() if o.__class__ is dict else enumerate(o)):
                walk(x, (*path, k))

    walk(obj, ())
    return sorted(sorted(p) for p in seen.values() if len(p) > 1)


def _containers(obj, out):
    if obj.__class__ in (list, dict):
        out.add(id(obj))
        for x in (obj.values() if obj.__class__ is dict else obj):
            _containers(x, out)
    return out


@pytest.mark.parametrize("players, scenario", [(3, "eu"), (4, "latam"), (5, "global")])
def test_snapshots_are_exact_and_independent(players, scenario):
    g = load_game("gray-eminence", players=players, scenario=scenario)
    shared = snaps = 0
    for seed in range(2):
        state, rng = g.new_state(seed=seed), Rng(seed + 3)
        step = 0
        prev = M.clone(state.data)
        prev_copy = M.clone(prev)
        while not state.is_terminal():
            state.apply(random_action(state, rng))
            step += 1
            if step % 4:  # (a snapshot every few actions, as the engine takes them every 8)
                continue
            d = state.data
            snap = g.snapshot(d, prev)
            assert same(snap, d), state.position()
            assert _aliases(snap) == _aliases(d)  # (lists shared within the position stay shared)
            assert not _containers(snap, set()) & _containers(d, set())
            assert same(prev, prev_copy)  # (the previous snapshot is never changed)
            shared += sum(snap[k] is prev.get(k) for k in snap if snap[k].__class__ in (list, dict))
            snaps += 1
            prev, prev_copy = snap, M.clone(snap)
    assert snaps > 80 and shared > snaps, (snaps, shared)


def test_undo_to_each_checkpoint_restores_the_position():
    """A whole random game, then undo all the way: at every step the position is the one recorded on the
    way (the engine restores from the sharing checkpoints and replays)."""
    g = load_game("gray-eminence", players=4, scenario="mideast")
    state, rng = g.new_state(seed=8), Rng(8)
    seen = [M.clone(state.data)]
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        seen.append(M.clone(state.data))
    assert len(seen) > 100
    k = len(seen) - 1
    while state.can_undo():
        state.undo()
        k -= 1
        assert same(state.data, seen[k]), k
    assert k <= 2
