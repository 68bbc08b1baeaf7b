"""The search's heuristic for Illuminati (``goals.py``: ``progress``, ``safety``, ``heuristic``).

A player left with only the Illuminati after the third turn is out (p.8), and the last one standing wins:
in a 2-player game almost every game ends this way.  The heuristic is a seat's share of the table's
progress, weighted by how safe it is from elimination, so a rival's loss counts as much as one's own gain.
"""

from __future__ import annotations

import pytest


def _values(state):
    g = state.game
    return [g.heuristic(state.data, s) for s in range(state.game.players)]


def test_a_rival_losing_a_group_raises_my_value(table):
    # the old heuristic (a seat's own progress alone) gave Red the same value in both positions
    state, _g, edit = table(players=2)
    with edit() as t:
        for group in ("mafia", "yuppies", "cia"):
            t.give(0, group)
        for group in ("fbi", "irs", "kgb"):
            t.give(1, group)
    before = _values(state)
    with edit() as t:
        t.uncontrolled("kgb")
    after = _values(state)
    assert after[0] > before[0] and after[1] < before[1]


def test_a_seat_near_elimination_is_worth_less(table):
    # p.8: with only the Illuminati left after the third turn a player is out
    state, g, edit = table(players=2, turns_done=3)
    with edit() as t:
        for group in ("mafia", "yuppies", "cia"):
            t.give(0, group)
        for group in ("fbi", "irs", "kgb"):
            t.give(1, group)
    safe = _values(state)[0]
    assert g.safety(state.data, 0) == 1.0
    with edit() as t:
        t.uncontrolled("yuppies")
        t.uncontrolled("cia")
    assert g.safety(state.data, 0) < g.safety(state.data, 1)
    assert _values(state)[0] < safe - 0.2


def test_values_are_shares_and_a_finished_game_is_its_outcome(table):
    state, g, edit = table(players=3)
    with edit() as t:
        t.give(0, "mafia")
        t.give(1, "fbi")
    vals = _values(state)
    assert sum(vals) == pytest.approx(1.0) and all(0.0 < v < 0.95 for v in vals)
    state.data["result"] = {"winners": [2], "reason": "goal", "scores": {}}
    assert _values(state) == [0.0, 0.0, 1.0]
