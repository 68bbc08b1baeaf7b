"""One rules object shared by threads plays the same games as a rules object of one's own (issue 17).

A ``Game`` is rules and parameters; the states it plays are separate objects.  ``simulate`` on a
``ThreadPoolExecutor`` (and a Dask worker with several threads, or a bot thinking in a thread beside the
board) uses one rules object from several threads at once.  Pax kept the scratch state of a legal-action
listing (its board memo) on the rules object and swapped it in and out around each listing: two threads
interleaving left a stale memo in place for good, and every later game on that rules object -- in the
long-lived test process, the Dask test's in-process reference run -- scored its final Faction Scoring from
an old map (the same actions, other winners).

Each registered game: two threads play random games at once on one rules object (switching threads as
often as possible), then the same rules object plays a game alone; every record and outcome must equal the
same game played on a fresh rules object."""

from __future__ import annotations

import sys
import threading

import pytest

from illumi_widgets.bots import RandomBot, run_bots
from illumi_widgets.engine import available_games, load_game
from illumi_widgets.engine.registry import game_class

SEEDS = (3, 4)  # one per thread
ALONE = 5  # the game played on the shared rules object afterwards


def _players(name: str) -> int:
    cls = game_class(name)
    return min(max(2, cls.min_players), cls.max_players)


def _play(game, seed: int) -> tuple:
    state = game.new_state(seed=seed)
    run_bots(state, {s: RandomBot(s, seed=seed * 10 + s) for s in range(game.players)}, max_steps=3000)
    return state.record()["actions"], state.outcome()


@pytest.fixture
def fast_switching():
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: races show up at once
    yield
    sys.setswitchinterval(old)


@pytest.mark.parametrize("name", available_games())
def test_a_rules_object_shared_by_threads_plays_the_same_games(name, fast_switching):
    players = _players(name)
    expected = {seed: _play(load_game(name, players=players), seed) for seed in (*SEEDS, ALONE)}
    shared = load_game(name, players=players)
    got: dict = {}
    errors: list = []

    def worker(seed: int) -> None:
        try:
            got[seed] = _play(shared, seed)
        except BaseException as exc:  # noqa: BLE001 - reported below, with the seed
            errors.append((seed, exc))

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in SEEDS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for seed in SEEDS:
        assert got[seed][0] == expected[seed][0], f"{name} seed {seed}: the actions differ"
        assert got[seed][1] == expected[seed][1], f"{name} seed {seed}: the outcome differs"
    assert _play(shared, ALONE) == expected[ALONE], f"{name}: the shared rules object kept a thread's state"
