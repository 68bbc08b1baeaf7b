"""A displayed board's saved picture is stored in a pause of the page's messages (widget/base.py): the store
(tens of milliseconds of the kernel's thread: the picture's SVG and the widget state) must not hold up the act
of a person's next click, yet it always lands, and never later than ``STORE_MAX_WAIT`` after the change."""

from __future__ import annotations

import asyncio
import time

from illumi_widgets import PaxIlluminaten
from illumi_widgets.widget import base


def _board(monkeypatch, delay=0.2, quiet=0.25, max_wait=5.0):
    monkeypatch.setattr(base, "STORE_DELAY", delay)
    monkeypatch.setattr(base, "STORE_QUIET", quiet)
    monkeypatch.setattr(base, "STORE_MAX_WAIT", max_wait)
    board = PaxIlluminaten(players=3, seed=7, seat=0)
    board._send = lambda msg, buffers=None: None
    board._display_id = "illumi-test-store"
    stores: list[float] = []
    board._store_now = lambda: (stores.append(time.monotonic()), setattr(board, "_store_timer", None))
    return board, stores


async def _until(cond, timeout=10.0):
    end = time.monotonic() + timeout
    while not cond() and time.monotonic() < end:
        await asyncio.sleep(0.02)


def test_the_store_waits_for_a_pause_in_the_clicks(monkeypatch):
    board, stores = _board(monkeypatch)

    async def scenario():
        board._schedule_store()  # a change to store (due after STORE_DELAY)
        for _ in range(4):  # a message every 0.1 s: the board is in use past STORE_DELAY
            await asyncio.sleep(0.1)
            board._on_message(board, {"type": "hello"})
        assert stores == [], "the store ran while the page was sending messages"
        last = time.monotonic()
        await _until(lambda: stores)
        assert len(stores) == 1, stores  # it always lands: once
        assert stores[0] - last >= base.STORE_QUIET - 0.02  # after a pause of STORE_QUIET

    asyncio.run(scenario())
    board.close()


def test_the_store_lands_at_the_latest_after_store_max_wait(monkeypatch):
    board, stores = _board(monkeypatch, max_wait=0.6)

    async def scenario():
        t0 = time.monotonic()
        board._schedule_store()
        while not stores and time.monotonic() - t0 < 10:  # messages that never pause
            board._on_message(board, {"type": "hello"})
            await asyncio.sleep(0.05)
        assert stores, "never stored"
        assert stores[0] - t0 >= 0.6 - 0.02  # it waited for a pause as long as allowed, then stored

    asyncio.run(scenario())
    board.close()


def test_the_store_goes_in_steps_that_let_a_click_in(tmp_path, monkeypatch):
    """On the kernel's event loop the store goes in steps (STORE_STEP_ITEMS items of the picture's SVG at a
    time): a message that comes during it is handled between two steps; what it stores is the board as it was
    when it began, the same as a store at once."""
    from illumi_widgets.widget.saved import read_board

    monkeypatch.setenv("ILLUMI_BOARD_STORE", str(tmp_path / "boards"))
    board = PaxIlluminaten(players=3, seed=7, seat=0)
    board._send = lambda msg, buffers=None: None
    board._display_id = "illumi-test-store"
    board._store_now()  # (no event loop: at once)
    at_once = read_board(board.model_id)
    order: list[str] = []
    steps = board._store_steps

    def traced():
        for _ in steps():
            order.append("step")
            yield

    monkeypatch.setattr(board, "_store_steps", traced)
    board._stored = None

    async def scenario():
        board._store_now()
        await asyncio.sleep(0)
        loop = asyncio.get_running_loop()
        loop.call_soon(order.append, "click")  # (a message's handler, due while the store goes)
        await _until(lambda: board._store_task is None)

    asyncio.run(scenario())
    assert order.count("step") >= 3 and order[0] == "step" and order[-1] == "step", order
    assert 0 < order.index("click") < len(order) - 1, order  # handled between two steps, not after the store
    stored = read_board(board.model_id)
    assert (stored["svg"], stored["state"]) == (at_once["svg"], at_once["state"])  # (and the game: its time)
    board.close()
