"""Defect 10 of the outside review (issue 14): a Match acted on from several threads at once.

Bots, timers and a seat server act on a Match from other threads; the Match serialises every change and
read through one re-entrant lock, so every call sees a whole position, refusals are typed errors, and the
record always replays to the same position.
"""

from __future__ import annotations

import random
import sys
import threading

import pytest

from illumi_widgets.engine import EngineError, load_record
from illumi_widgets.match import Match


@pytest.fixture
def fast_switching():
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: races show up at once
    yield
    sys.setswitchinterval(old)


@pytest.mark.parametrize("game,players", [("pax", 3), ("illuminati", 3)])
def test_threads_acting_on_one_match_leave_a_record_that_replays(fast_switching, game, players):
    m = Match(game, players=players, seed=11)
    painted = []
    if game == "illuminati":  # a watching widget repaints after every change (Pax: no watcher, more races)
        m.subscribe(lambda: painted.append(m.snapshot("omniscient")["version"]))
    raw: list[BaseException] = []
    stop = threading.Event()

    def worker(n: int) -> None:
        rng = random.Random(n)
        try:
            for _ in range(300 if game == "pax" else 100):
                if stop.is_set():
                    return
                try:
                    r = rng.random()
                    if r < 0.7:
                        legal = m.legal_actions()
                        if legal:
                            m.play(legal[rng.randrange(len(legal))])
                    elif r < 0.8:
                        m.undo()
                    elif r < 0.9:
                        m.redo()
                    else:
                        snap = m.snapshot(f"seat:{n % players}")
                        m.handle({"type": "act", "version": snap["version"],
                                  "decision": (snap["decisions"] or [{"id": "-"}])[0]["id"],
                                  "option": ((snap["decisions"] or [{"options": [{"id": "-"}]}])[0]
                                             ["options"] or [{"id": "-"}])[0]["id"]}, f"seat:{n % players}")
                except EngineError:
                    pass  # a typed refusal (stale, not your decision, nothing to undo): expected in a race
        except BaseException as e:  # noqa: BLE001 - collected and reported below
            raw.append(e)
            stop.set()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not raw, f"a raw exception escaped a thread: {raw[0]!r}"
    assert len(m.state.history) > m.state.history_start and (painted or game == "pax")
    assert not m.game.problems(m.state.data)
    again = load_record(m.record())
    assert again.position() == m.position() and again.history == m.state.history


def test_the_lock_is_reentrant_and_shared():
    m = Match("pax", players=2, seed=3)
    with m.lock:  # a caller may group several calls; the Match's own calls take the lock again
        a = m.legal_actions()[0]
        m.play(a)
        m.undo()
    done = threading.Event()

    def other():
        with m.lock:
            done.set()

    with m.lock:
        t = threading.Thread(target=other)
        t.start()
        t.join(0.2)
        assert not done.is_set()  # held here: the other thread waits
    t.join(5)
    assert done.is_set()


def test_every_public_call_of_a_match_takes_its_lock():
    """The race the random threads found: ``handle`` (every click from a board) ran without the lock, so a
    thread's undo could replay history while a click applied an action."""
    m = Match("pax", players=2, seed=3)
    seen = []

    class Spy:
        def __enter__(self):
            seen.append(True)

        def __exit__(self, *exc):
            return False

    m.lock = Spy()
    snap = m.snapshot("board")
    seen.clear()
    m.handle({"type": "act", "version": snap["version"], "decision": "-", "option": "-"}, "board")
    assert seen, "Match.handle ran without the Match's lock"

