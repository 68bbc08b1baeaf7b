"""The package's browser (Pyodide) paths, run in CPython by switching ``illumi_widgets.platform.BROWSER``:
the analysis in steps on the event loop (no thread; same result; cancellable; the loop is free between
steps), simulations in-process with a note, and no saved-state file (nor ``jupyter_core``)."""

from __future__ import annotations

import asyncio
import sys
import warnings

import pytest

from illumi_widgets import PaxIlluminaten, platform
from illumi_widgets.bots import simulate
from illumi_widgets.widget import analysis as widget_analysis
from illumi_widgets.widget import saved


@pytest.fixture
def browser_mode(monkeypatch):
    monkeypatch.setattr(platform, "BROWSER", True)

    def no_thread(*_a, **_k):
        raise AssertionError("a thread was started in the browser mode")

    monkeypatch.setattr(widget_analysis.threading, "Thread", no_thread)


def _visits(res) -> dict:
    return {r["action"]: r["visits"] for r in res.rows}


def test_the_switch_is_sys_platform():
    assert platform.in_browser() is (sys.platform == "emscripten")


def test_analysis_in_steps_on_the_event_loop(browser_mode):
    expected = PaxIlluminaten(players=2, seed=3, seat=0).analyse(iterations=64, wait=True)
    board = PaxIlluminaten(players=2, seed=3, seat=0)

    async def run():
        future = board.analyse(iterations=64)
        assert isinstance(future, asyncio.Future)
        seen = []  # a callback queued after the start runs while the analysis is still going
        asyncio.get_running_loop().call_soon(lambda: seen.append(dict(board.analysis_progress)))
        return await future, seen

    res, seen = asyncio.run(run())
    assert seen and seen[0]["running"] is True and seen[0]["done"] < 64
    assert res.iterations == 64 and _visits(res) == _visits(expected)
    assert board.analysis_progress["running"] is False and board.analysis_result is res


def test_analysis_in_steps_is_cancelled_by_a_move(browser_mode):
    board = PaxIlluminaten(players=2, seed=3, seat=0)

    async def run():
        future = board.analyse(iterations=4000)
        asyncio.get_running_loop().call_soon(board.cancel_analysis)
        return await future

    assert asyncio.run(run()) is None
    assert board.analysis_progress["running"] is False and board.analysis_progress.get("cancelled")
    assert board.analysis_result is None


def test_simulate_with_workers_plays_here_with_a_note(monkeypatch):
    here = list(simulate("pax", 2, seed=5, workers=1, progress=False))
    monkeypatch.setattr(platform, "BROWSER", True)
    with pytest.warns(RuntimeWarning, match="no worker processes: the 2 games are played here"):
        there = list(simulate("pax", 2, seed=5, workers=2, progress=False))
    assert [r["winners"] for r in there] == [r["winners"] for r in here]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # workers=None picks one worker in a browser: no note
        assert len(list(simulate("pax", 1, seed=5, progress=False))) == 1


def test_no_saved_state_and_no_jupyter_core_in_a_browser(monkeypatch, tmp_path):
    monkeypatch.setattr(platform, "BROWSER", True)
    monkeypatch.setenv("ILLUMI_BOARD_STORE", str(tmp_path))
    monkeypatch.setitem(sys.modules, "jupyter_core.paths", None)  # importing it now fails
    assert saved.store_dir() is None
    assert saved.write_board("abc123", "<svg/>", {}) is None
    assert saved.read_board("abc123") is None and saved.find_game("pax") is None
    saved.prune()
    board = PaxIlluminaten(players=2, seed=1)
    writes = []
    monkeypatch.setattr(saved, "write_board", lambda *a, **k: writes.append(a))
    board._display_id = "shown"  # as if displayed: a board in CPython would store its picture now
    board._schedule_store()
    assert writes == [] and list(tmp_path.iterdir()) == []
