"""A board whose update failed is never left silently behind its game: the update is made again by the next
one (the failed one is not taken as sent), ``refresh()`` sends the whole board again, and a message from the
page that the board fails to handle gets an error reply (the page says so) instead of no reply (a page that
waits for a bot's move forever)."""

from __future__ import annotations

import logging

import pytest

from illumi_widgets import Match, PrimordialSecrets
from illumi_widgets.bots import attach_bots


def _board():
    match = Match("primordial", players=3, seed=4)
    match.mode = "play"
    attach_bots(match, {1: "random", 2: "random"})
    return match, PrimordialSecrets(match=match, seat=0)


def _first_option(board) -> tuple[str, str]:
    d = next(d for d in board.decisions if d.get("seat") == 0 and d.get("options"))
    return d["id"], d["options"][0]["id"]


def test_an_update_that_failed_is_made_again_by_the_next_refresh(monkeypatch):
    match, board = _board()
    real = board._scene_values
    broken = {"on": True}

    def scene_values(*args, **kwargs):
        if broken["on"]:
            raise TypeError("a fault while the update was made")
        return real(*args, **kwargs)

    monkeypatch.setattr(board, "_scene_values", scene_values)
    before = board.version
    seat = min(s for s in match.state.to_act() if s >= 0)
    act = next(a for a in match.state.legal_actions(seat) if a.kind not in match.game.withdraw_kinds)
    with pytest.warns(RuntimeWarning, match="a Match subscriber failed: TypeError"):
        match.play(act, f"seat:{seat}")  # (a notebook cell's move: the board is told by its subscription)
    assert match.version != before and board.version == before, "the failed update was not sent"
    broken["on"] = False
    board.refresh()
    assert board.version == match.version, "refresh() sends what the failed update did not"
    assert board.status == match.snapshot(board.perspective)["status"]
    board.close()


def test_refresh_sends_the_whole_board_again():
    _, board = _board()
    sent = []
    board._send = lambda msg, buffers=None: sent.append(msg)
    board.refresh()  # nothing changed: the page is sent the board all the same (a page that missed one)
    assert sent and sent[-1]["method"] == "update"
    state = sent[-1]["state"]
    for key in ("version", "status", "decisions", "scene", "scene_patch", "bot_turn"):
        assert key in state, key
    assert state["version"] == board.version
    board.close()


def test_a_message_the_board_fails_to_handle_gets_an_error_reply_and_is_logged(monkeypatch, caplog):
    _, board = _board()
    replies = []
    monkeypatch.setattr(board, "send", lambda content, buffers=None: replies.append(content))

    def failing(*args, **kwargs):
        raise TypeError("a fault in the board")

    monkeypatch.setattr(board, "_refresh", failing)
    decision, option = _first_option(board)
    with caplog.at_level(logging.ERROR, logger="illumi_widgets.widget.base"), pytest.warns(RuntimeWarning):
        board._on_message(board, {"type": "act", "version": board.version, "decision": decision,
                                  "option": option})  # (the move is made: its update fails, as a bug would)
    assert len(replies) == 1 and replies[0]["type"] == "error" and replies[0]["code"] == "internal", replies
    # the person reads plain words; the exception and its traceback go to the kernel's log
    assert replies[0]["message"] == ("Something went wrong inside this board, and it could not answer. "
                                     "The details are in the kernel's log.")
    logged = [r for r in caplog.records if "failed to handle a message" in r.getMessage()]
    assert logged and logged[0].exc_info and "a fault in the board" in str(logged[0].exc_info[1])
    board.close()
