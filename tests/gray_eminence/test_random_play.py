"""Random play with every invariant (engine/testing.py): resource conservation across boxes, the Bidding
Pool and the Common Pool, card conservation (``problems``), undo/redo, record round trips and no-leak views
(hands, Secret Objectives, programmed and face-down Common Good cards; sealed bids, votes and Boxes of
Secrets are checked structurally in test_views.py).

The default run keeps the folder fast; ``ILLUMI_GE_FULL=1`` runs the 200 games per player count of issue 16
(scenarios mixed, both lengths) — about 40 s per player count on this machine.
"""

from __future__ import annotations

import os

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.testing import random_games

SCENARIOS = ("eu", "ecology", "latam", "mideast", "global")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_with_every_invariant(players):
    for i, scen in enumerate(SCENARIOS[players - 3: players - 1]):
        g = load_game("gray-eminence", players=players, scenario=scen,
                      length="long" if (players + i) % 3 == 0 else "standard")
        stats = random_games(g, games=2, seed=100 * players + i, check_every=1, undo_every=4, leaks_every=6,
                             replay_every=0)
        assert stats.games == 2 and stats.truncated == 0
        assert all(r in ("most-vp", "common-objective-failed") for r in stats.reasons)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("ILLUMI_GE_FULL") != "1", reason="set ILLUMI_GE_FULL=1 for 200 games each")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_two_hundred_random_games_per_player_count(players):
    total = 0
    for i in range(200):
        scen = SCENARIOS[i % 5]
        g = load_game("gray-eminence", players=players, scenario=scen, length="long" if i % 7 == 0 else "standard")
        stats = random_games(g, games=1, seed=1000 * players + i, check_every=1, undo_every=25, leaks_every=40,
                             replay_every=0)
        assert stats.truncated == 0
        total += stats.games
    assert total == 200
