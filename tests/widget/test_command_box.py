"""The typed-command box's message (issue 31 item 4, like lichess's blind mode): ``{"type": "command",
"version", "text"}`` is untrusted input. Python matches it against the board's own decisions (an option's
label or notation, case and spacing ignored) and takes it as the normal ``act`` -- checked as a click is --
and refuses anything else with the rules' reason (``State.explain``), changing nothing."""

from __future__ import annotations

import illumi_widgets as W


def _board(seat=0):
    return W.PaxIlluminaten(players=3, seed=7, seat=seat)


def _history(board) -> list[str]:
    return [a.notation() for a in board.state.history]


def test_a_label_typed_in_any_case_and_spacing_is_taken_as_that_option():
    board = _board()
    before = _history(board)
    text = "  scout   b5 FROM your areopagus "
    reply = board.dispatch({"type": "command", "version": board.version, "text": text})
    assert reply["type"] == "ok", reply
    assert _history(board) == [*before, "scout B5 from areopagus"]


def test_a_notation_is_taken_too():
    board = _board()
    reply = board.dispatch({"type": "command", "version": board.version, "text": "scheme PIL039 quick"})
    assert reply["type"] == "ok", reply
    assert _history(board)[-1] == "scheme PIL039 quick"


def test_an_illegal_command_is_refused_with_the_rules_reason_and_changes_nothing():
    board = _board()
    version, before = board.version, _history(board)
    for text in ("scout Z9", "fly to the moon"):
        reply = board.dispatch({"type": "command", "version": version, "text": text})
        assert reply["type"] == "error" and reply["code"] == "illegal-command", reply
        assert reply["message"] == board.match.explain(text)  # the rules' own words
    assert (board.version, _history(board)) == (version, before)


def test_another_seats_move_is_not_this_boards_choice():
    red = _board(seat=1)  # Blue acts first: "end" is legal, but not Red's
    version, before = red.version, _history(red)
    reply = red.dispatch({"type": "command", "version": version, "text": "end"})
    assert reply["type"] == "error" and reply["message"] == "'end' is not a choice you can make now."
    assert (red.version, _history(red)) == (version, before)


def test_a_malformed_or_stale_command_is_refused():
    board = _board()
    version = board.version
    for bad in ({"type": "command", "version": version, "text": ""},
                {"type": "command", "version": version, "text": "x" * 5000},
                {"type": "command", "version": version, "text": 3},
                {"type": "command", "version": version},
                {"type": "command", "version": version, "text": "end", "seat": 1}):
        assert board.dispatch(bad)["code"] == "bad-message", bad
    stale = board.dispatch({"type": "command", "version": version + 5, "text": "end"})
    assert stale["type"] == "error" and stale["code"] != "illegal-command", stale  # the act's own check
    assert board.version == version
