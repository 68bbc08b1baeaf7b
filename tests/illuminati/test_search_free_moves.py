"""The search bot ends a step that allows a free move any number of times.

White Collar Crime (specials.csv: 5 MB from the bank, then redistribute freely) opens a step where money
moves between the player's groups as often as they like.  No move changes the evaluation, so the search
spread its visits evenly and rarely picked "done": one game of a 200-game run went on for thousands of
transfers.  ``SearchBot(repeat_cap=8)`` (the default) takes the step's closing action after 8 moves of one
kind in a row.
"""

from __future__ import annotations

import pytest

from illumi_widgets.bots import SeatState
from illumi_widgets.bots.search import SearchBot

GROUPS = ("bavarian-illuminati", "mafia", "yuppies", "cia", "fbi")


def _redistributing(table):
    state, _g, edit = table()
    with edit() as t:
        t.give(0, "mafia", money=2)
        t.give(0, "yuppies", "mafia")
        t.give(0, "cia", money=5)
        t.give(0, "fbi", "cia", money=3)
        t.special(0, "white-collar-crime")
    state.apply("play white-collar-crime mafia")
    assert state.data["frames"][-1]["t"] == "redistribute"
    return state


def _moves_until_done(state, bot, limit):
    moves = 0
    while state.data["frames"][-1]["t"] == "redistribute" and moves < limit:
        act = bot.choose(SeatState(state, 0))
        state.apply(act)
        moves += 1
    return moves, state.data["frames"][-1]["t"]


def test_search_closes_a_free_redistribution_after_repeat_cap_moves(table):
    state = _redistributing(table)
    money = sum(state.data["money"][g] for g in GROUPS)
    moves, frame = _moves_until_done(state, SearchBot(0, seed=2), 60)
    assert frame != "redistribute" and moves <= 9  # at most 8 transfers, then "done"
    assert sum(state.data["money"][g] for g in GROUPS) == money


def test_without_the_cap_the_search_keeps_moving_money(table):
    # the control: the same position and bot without the cap is still transferring after 40 decisions
    state = _redistributing(table)
    moves, frame = _moves_until_done(state, SearchBot(0, seed=2, repeat_cap=None), 40)
    assert frame == "redistribute" and moves == 40


def test_repeat_cap_must_be_positive():
    with pytest.raises(ValueError, match="repeat_cap"):
        SearchBot(0, repeat_cap=0)
