"""Reviewing a finished game in play mode (issue 30 item 5): the end screen's "Review the game" steps a
read-only history of what the board's seat could see, without moving the game."""

from __future__ import annotations

import pytest

from illumi_widgets import PaxIlluminaten
from illumi_widgets.engine import EngineError
from illumi_widgets.match import Match


def _finished_board():
    m = Match("pax", players=3, seed=2, mode="play", bots={0: "random", 1: "random", 2: "random"})
    m.run_bots()
    m.bots.pop(0)  # seat 0 is a person's (its bot played for it, to finish quickly)
    assert m.state.is_terminal()
    return PaxIlluminaten(match=m, seat=0)


def test_a_finished_game_in_play_mode_is_reviewed_read_only():
    board = _finished_board()
    m = board.match
    live = m.record()
    hist = board.status["history"]
    assert hist["review"] and hist["index"] == hist["length"] > 10
    reply = board.dispatch({"type": "review", "version": board.version, "index": 3})
    assert reply["type"] == "ok"
    assert board.status["history"] == {"index": 3, "length": hist["length"], "review": True}
    assert board.decisions == [] and not board.status["terminal"] and "Reviewing" in board.status["text"]
    assert m.record() == live and m.state.is_terminal()  # the game did not move
    past = m.state.clone()
    past.goto(m._points()[3])
    assert board.effective_scene["items"] == m._presenter["scene"](past.view(0), m.game)["items"]
    hidden = m.game.secrets(past.data, 0)  # what seat 0 could not see then is not drawn
    text = str(board.effective_scene)
    assert not [h for h in hidden if " " not in h and f"'{h}'" in text]
    board.dispatch({"type": "review", "version": board.version, "index": hist["length"]})  # back to now
    assert board.status["terminal"] and board.status["history"]["index"] == hist["length"]


def test_review_is_refused_before_the_end_in_play_mode_and_for_bad_indexes():
    m = Match("pax", players=3, seed=2, mode="play")
    with pytest.raises(EngineError, match="once it is over"):
        m.review(0, "seat:0")
    board = _finished_board()
    n = board.status["history"]["length"]
    for bad in (-1, n + 1):
        reply = board.dispatch({"type": "review", "version": board.version, "index": bad})
        assert reply["type"] == "error"
    assert board.status["terminal"]
    assert board.dispatch({"type": "review", "version": board.version, "index": "2"})["type"] == "error"
