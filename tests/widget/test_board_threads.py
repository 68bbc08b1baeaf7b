"""One thread at a time in a board.  JupyterLab (4.4 and later, with ipykernel 7) hands a widget's messages to
the kernel on a subshell -- a thread of its own -- while a cell runs on the main thread, and each thread's
event loop runs the board's groundwork, thinking ahead and store.  A cell that plays a move while the person
clicks must not interleave with the click inside the board (found by ``tests/browser/test_game_site.py``: the
secrets check read the sent scene's text from one thread while the other was still building it, and the
page was left behind its game)."""

from __future__ import annotations

import random
import threading
import time
import warnings

from illumi_widgets import Match, PrimordialSecrets
from illumi_widgets.bots import attach_bots


def _board():
    match = Match("primordial", players=3, seed=9)
    match.mode = "play"
    attach_bots(match, {1: "random", 2: "random"})
    return match, PrimordialSecrets(match=match, seat=0)


def test_the_board_shares_the_match_s_lock_and_a_page_message_waits_for_a_cell_s_move():
    match, board = _board()
    assert board._lock is match.lock  # one lock in one order (a cell's move notifies the board under it)
    replies = []
    board.send = lambda content, buffers=None: replies.append(content)
    message = {"type": "bot_step" if board.bot_turn else "hello", "version": board.version}
    with match.lock:  # a cell is in the middle of a move
        page = threading.Thread(target=board._on_message, args=(board, message))
        page.start()
        page.join(0.3)
        assert page.is_alive() and not replies, "the page's message went into the board during the move"
    page.join(10)
    assert not page.is_alive() and len(replies) == 1, replies
    board.close()


def test_the_groundwork_and_the_store_take_the_lock_too():
    match, board = _board()
    for name in ("_refresh", "_prepare", "_ponder_one", "refresh", "send_state", "set_state", "_on_message",
                 "_update_picture", "_schedule_store", "_store_when_quiet", "_store_now", "close"):
        assert getattr(type(board), name).__qualname__.endswith(name), name
        assert getattr(getattr(type(board), name), "__wrapped__", None) is not None, f"{name} is not serial"
    board.close()


def test_a_cell_and_the_page_moving_at_once_leave_the_board_on_the_game():
    match, board = _board()
    board.send = lambda content, buffers=None: None
    stop = time.monotonic() + 1.5
    errors: list[BaseException] = []

    def cell() -> None:  # a notebook cell: moves for any seat, as fast as it can
        rng = random.Random(1)
        try:
            while time.monotonic() < stop and not match.state.is_terminal():
                with match.lock:
                    to_act = [s for s in match.state.to_act() if s >= 0]
                    if not to_act:
                        continue
                    seat = min(to_act)
                    legal = [a for a in match.state.legal_actions(seat)
                             if a.kind not in match.game.withdraw_kinds]
                    match.play(rng.choice(legal), f"seat:{seat}")
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    def page() -> None:  # the page: clicks, bot steps, hovers and the board's own groundwork
        rng = random.Random(2)
        try:
            while time.monotonic() < stop and not match.state.is_terminal():
                d = next((d for d in board.decisions if d.get("seat") == 0 and d.get("options")), None)
                if d is not None and rng.random() < 0.5:
                    board._on_message(board, {"type": "act", "version": board.version, "decision": d["id"],
                                              "option": rng.choice(d["options"])["id"]})
                else:
                    board._on_message(board, {"type": "bot_step", "version": board.version})
                board._prepare()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # (a board whose update failed: an error here)
        threads = [threading.Thread(target=cell), threading.Thread(target=page)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
    assert not errors, errors
    assert board.version == match.version
    assert board.status == match.snapshot(board.perspective)["status"]
    board.close()
