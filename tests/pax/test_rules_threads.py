"""Pax's rules object shared by two threads whose legal-action listings overlap (issue 17).

A listing keeps scratch state (its board memo) while it runs.  It used to live on the rules object, saved
and restored around each listing: listing A starts, listing B starts (saving A's memo as its outer one), A
ends (restoring none), B ends -- and restores A's memo, for good.  From then on every board question asked
outside a listing (Faction Scoring at the end of the game among them) was answered from that old memo:
the same actions, other scores.  Found as a Dask test that failed only in the full suite: an earlier test
had run ``simulate`` on a ``ThreadPoolExecutor``, and the long-lived process's rules object scored Pax
game 1 of the reference run 0-1 instead of 0-0.

The overlap is forced here, not left to the thread switcher: each listing waits inside ``candidates``
until the test lets it go, in the order that left the stale memo."""

from __future__ import annotations

import threading

from illumi_widgets.bots import RandomBot, run_bots
from illumi_widgets.engine import CHANCE, load_game

SEEDS = (1, 3)  # on a rules object left with a stale memo, game 3 (after any other) scores otherwise


def _play(game, seed: int) -> tuple:
    state = game.new_state(seed=seed)
    run_bots(state, {s: RandomBot(s, seed=seed * 10 + s) for s in range(game.players)})
    return state.record()["actions"], state.outcome()


def _position(game):
    """A dealt table and the seat *not* to act (its listing asks ``candidates``, and finds nothing)."""
    state = game.new_state(seed=1)
    while CHANCE in state.to_act():
        state.resolve_chance()
    return state.data, 1 - state.to_act()[0]


def test_overlapping_listings_in_two_threads_leave_no_memo_behind():
    game = load_game("pax", players=2)
    fresh = load_game("pax", players=2)
    expected = [_play(fresh, seed) for seed in SEEDS]
    d, seat = _position(game)
    real = game.candidates
    gates = {name: (threading.Event(), threading.Event()) for name in "AB"}  # (inside, may go on)

    def held_candidates(d, seat):
        inside, go_on = gates[threading.current_thread().name]
        inside.set()
        assert go_on.wait(10)
        return real(d, seat)

    game.candidates = held_candidates  # (an instance attribute: the listings call it in its place)
    listings = {}

    def listing():
        listings[threading.current_thread().name] = game.legal(d, seat)

    threads = {name: threading.Thread(target=listing, name=name) for name in "AB"}
    try:
        for name in "AB":  # A starts its listing, then B starts its own while A's is still running
            threads[name].start()
            assert gates[name][0].wait(10)
        for name in "AB":  # A ends first, then B
            gates[name][1].set()
            threads[name].join(10)
    finally:
        for _, go_on in gates.values():
            go_on.set()
        del game.candidates
    assert listings["A"] == listings["B"] == game.legal(d, seat)
    # the rules object plays (and scores) its next games as a fresh one does
    assert [_play(game, seed) for seed in SEEDS] == expected
