"""Seeded random games pinned to digests: a speed change must not change the rules (issue 35).

Each game's ``tests/<game>/test_seeded_histories.py`` plays a few dozen complete random games, each from a
fixed deal seed with a fixed action RNG (as the benchmark plays them), and compares a digest of each game
with the one recorded before the speed work.  The digest covers, at every decision, the seat to act, its
whole legal listing in order (notation) and the action taken; and at the end the record (every action and
chance outcome), the outcome, the final position and the omniscient log.  So a faster listing that differs
in a single action or in order, or a cache that goes stale, changes a digest.

When a rule is deliberately changed, the digests change with it: print new ones with
``python -m tests.seeded_histories GAME`` (from the repository root) and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json

from illumi_widgets.engine import load_game
from illumi_widgets.engine.log import OMNISCIENT
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action

SALT = 0x5DEECE66D  # the benchmark's action-RNG salt
MAX_DECISIONS = 20000


def game_digest(game, seed: int) -> str:
    """The digest of one complete random game of ``game`` from deal seed ``seed``."""
    h = hashlib.sha256()
    rng = Rng(seed ^ SALT)
    state = game.new_state(seed=seed)
    n = 0
    while not state.is_terminal():
        assert n < MAX_DECISIONS, f"seed {seed}: no end after {n} decisions"
        probe = Rng(rng.state)  # the seat random_action will pick, without consuming the real draws
        seats = state.to_act()
        seat = seats[probe.below(len(seats))]
        listing = [a.notation() for a in state.legal_actions(seat)]
        action = random_action(state, rng)
        h.update(json.dumps([seat, listing, action.seat, action.notation()]).encode())
        state.apply(action)
        n += 1
    end = {
        "record": state.record()["actions"],
        "outcome": state.outcome(),
        "position": game.encode(state.data),
        "log": [t for _, t in state.log_lines(OMNISCIENT)],
    }
    h.update(json.dumps(end, sort_keys=True, default=repr).encode())
    return h.hexdigest()[:20]


def digests(name: str, cases) -> dict:
    """``{(players, sorted options tuple, seed): digest}`` for ``cases`` of ``(players, options, seeds)``."""
    out = {}
    for players, options, seeds in cases:
        game = load_game(name, players=players, **options)
        for seed in seeds:
            out[(players, tuple(sorted(options.items())), seed)] = game_digest(game, seed)
    return out


def mismatches(name: str, expected: dict) -> list:
    """The cases of ``expected`` whose game now has another digest (``[(case, expected, now)]``)."""
    cases: dict = {}
    for players, options, seed in expected:
        cases.setdefault((players, options), []).append(seed)
    now = digests(name, [(p, dict(o), s) for (p, o), s in cases.items()])
    return [(k, v, now[k]) for k, v in expected.items() if now[k] != v]


if __name__ == "__main__":  # print the digests of a game's cases, to paste into its test
    import importlib
    import sys

    mod = importlib.import_module(f"tests.{sys.argv[1]}.test_seeded_histories")
    for key, value in digests(mod.NAME, mod.CASES).items():
        print(f"    {key!r}: {value!r},")
