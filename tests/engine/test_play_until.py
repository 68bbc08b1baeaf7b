"""The analyst's generic tools (issue 29): ``state.play_until`` / ``match.play_until``, the history table
(``state.history_table``, the ``Game.history_rows`` hook) and ``view(log_tail=k)`` counting the lines the
seat reads."""

from __future__ import annotations

import pytest

from illumi_widgets.bots import RandomBot
from illumi_widgets.engine import OMNISCIENT, EngineError, load_game
from illumi_widgets.engine.game import Game
from illumi_widgets.engine.history import HistoryStep, action_rows, history_steps


def _pax(seed=3):
    return load_game("pax", players=3).new_state(seed=seed)


# -- play_until ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [None, 3, "round 3", [lambda s: True]])
def test_play_until_refuses_a_condition_that_is_not_a_function_and_plays_nothing(bad):
    state = _pax()
    version, history = state.version, state.history
    with pytest.raises(EngineError) as err:
        state.play_until(bad)
    assert err.value.code == "bad-option"
    assert "condition" in err.value.message
    assert state.version == version and state.history == history


@pytest.mark.parametrize("kwargs, code", [
    ({"max_actions": -1}, "bad-option"), ({"max_actions": 2.0}, "bad-option"), ({"seed": "x"}, "bad-option"),
    ({"bots": {7: RandomBot()}}, "bad-seat"), ({"bots": {0: "not a bot"}}, "bad-option"),
    ({"bots": 5}, "bad-option"),
])
def test_play_until_refuses_bad_options_and_plays_nothing(kwargs, code):
    state = _pax()
    version = state.version
    with pytest.raises(EngineError) as err:
        state.play_until(lambda s: False, **kwargs)
    assert err.value.code == code
    assert state.version == version


def test_play_until_stops_when_the_condition_holds_and_returns_the_decisions():
    state = _pax()
    start = len(state.history)
    done = state.play_until(lambda s: len(s.history) >= start + 12)
    assert len(state.history) >= start + 12
    assert done == [a for a in state.history[start:] if a.seat >= 0]
    # the condition holding already: nothing is played
    version = state.version
    assert state.play_until(lambda s: True) == [] and state.version == version


def test_play_until_random_play_is_reproducible_and_seed_chooses_another_line():
    a, b, c = _pax(), _pax(), _pax()
    stop = lambda s: len(s.history) >= 40  # noqa: E731
    assert a.play_until(stop) == b.play_until(stop)
    assert a.history == b.history and a.position() == b.position()
    c.play_until(stop, seed=99)
    assert c.history != a.history


def test_play_until_max_actions_and_the_end_of_the_game():
    state = _pax()
    assert len(state.play_until(lambda s: False, max_actions=5)) == 5
    state.play_until(lambda s: False)
    assert state.is_terminal()
    assert state.play_until(lambda s: False) == []


def test_play_until_with_bots_one_for_all_or_by_seat():
    one, other = _pax(), _pax()
    done = one.play_until(lambda s: len(s.history) >= 30, bots=RandomBot(seed=4))
    assert done and all(a in one.history for a in done)
    # a bot for seat 1 only: the other seats play at random; the same again gives the same game
    again = _pax()
    first = other.play_until(lambda s: len(s.history) >= 30, bots={1: RandomBot(1, seed=5)})
    second = again.play_until(lambda s: len(s.history) >= 30, bots={1: RandomBot(1, seed=5)})
    assert first == second


def test_match_play_until_repaints_once_and_takes_bot_names():
    from illumi_widgets.match import Match

    match = Match("illuminati", players=3, seed=5)
    calls = []
    match.subscribe(lambda: calls.append(match.version))
    done = match.play_until(lambda s: len(s.history) >= 20, bots="random")
    assert done and len(calls) == 1 and calls[0] == match.version
    with pytest.raises(EngineError):
        match.play_until("not a function")
    assert len(calls) == 1


# -- view(log_tail=k) ----------------------------------------------------------------------------------
def test_view_log_tail_counts_the_lines_the_seat_reads():
    state = _pax(seed=2)
    state.play_until(lambda s: len(s.history) >= 80)
    hidden = [e for e in state.log if e.text_for(0) is None]
    assert hidden, "the test needs a position with log lines hidden from seat 0"
    full = state.view(0)["log"]
    for k in range(len(full) + 2):
        assert state.view(0, log_tail=k)["log"] == (full[-k:] if k else [])
    assert state.view(OMNISCIENT, log_tail=3)["log"] == state.view(OMNISCIENT)["log"][-3:]


# -- history table: the generic mechanism -----------------------------------------------------------
def test_history_steps_replay_the_history_with_each_seats_lines():
    state = _pax(seed=4)
    state.play_until(lambda s: len(s.history) >= 50)
    steps = list(history_steps(state, 1))
    assert [s.action for s in steps] == state.history
    assert all(isinstance(s, HistoryStep) for s in steps)
    by_step = {}
    for step, text in state.log_lines(1):
        by_step.setdefault(step, []).append(text)
    assert {s.index: list(s.lines) for s in steps if s.lines} == by_step
    # before/after are copies that follow each other, and the last is the position now
    game = state.game
    assert game.encode(steps[-1].after) == game.encode(state.data)
    for prev, nxt in zip(steps, steps[1:], strict=False):
        assert game.encode(prev.after) == game.encode(nxt.before)
    # a chance outcome is read only by the omniscient table
    assert all(s.text is None for s in steps if s.action.seat < 0)


def test_default_history_rows_are_one_row_per_decision():
    state = load_game("pax", players=2).new_state(seed=6)
    state.play_until(lambda s: len(s.history) >= 30)
    rows = Game.history_rows(state.game, history_steps(state, OMNISCIENT), OMNISCIENT)
    assert rows == action_rows(state.game, history_steps(state, OMNISCIENT), OMNISCIENT)
    assert [r["step"] for r in rows] == [i for i, a in enumerate(state.history) if a.seat >= 0]
    assert {tuple(r) for r in rows} == {("step", "player", "kind", "action", "log")}


def test_history_table_refuses_a_seat_of_no_game_and_gives_a_frame():
    state = _pax()
    state.play_until(lambda s: len(s.history) >= 20)
    with pytest.raises(EngineError) as err:
        state.history_table(seat=9)
    assert err.value.code == "bad-seat"
    pd = pytest.importorskip("pandas")
    frame = state.history_table(as_frame=True)
    assert isinstance(frame, pd.DataFrame)
    assert frame.to_dict("records") == state.history_table()


def test_history_frame_of_a_match_or_a_state_is_the_table():
    pd = pytest.importorskip("pandas")
    from illumi_widgets.analysis import history_frame
    from illumi_widgets.match import Match

    match = Match("illuminati", players=3, seed=2)
    match.play_until(lambda s: len(s.history) >= 60)
    frame = history_frame(match)
    assert isinstance(frame, pd.DataFrame)
    rows = match.state.history_table()
    assert list(frame.columns) == list(rows[0]) and frame["step"].tolist() == [r["step"] for r in rows]
    seat_rows = match.state.history_table(seat=1)
    assert history_frame(match.state, seat=1)["log"].tolist() == [r["log"] for r in seat_rows]


def test_history_lines_of_an_edited_position_leave_out_the_edit():
    """The lines the edit wrote ("set up by hand", the automatic steps after it) belong to no action."""
    from illumi_widgets.editor import edit

    state = _pax(seed=8)
    with edit(state) as ed:
        ed.turn("Blue")
    state.play_until(lambda s: len(s.history) >= 5)
    steps = list(history_steps(state, OMNISCIENT))
    assert not any("set up by hand" in line for s in steps for line in s.lines)
    lines = [t for s in steps for t in s.lines]
    log = state.view(OMNISCIENT)["log"]
    assert lines and log[-len(lines):] == lines  # every line the actions wrote, in order
