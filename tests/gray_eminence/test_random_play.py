"""Random play with every invariant (engine/testing.py): resource conservation across boxes, the Bidding
Pool and the Common Pool, card conservation (``problems``), undo/redo, record round trips and no-leak views
(hands, Secret Objectives, programmed and face-down Common Good cards; sealed bids, votes and Boxes of
Secrets are checked structurally in test_views.py).

Issue 16: random games per player count (3, 4, 5), the five scenarios and both lengths mixed, spread over
the cores (``random_games_parallel``): 5 per player count in the suite (one a scenario, one of them long),
``ILLUMI_RANDOM_GAMES=200`` for issue 16's full run (volume belongs to the endurance runner,
``python -m illumi_widgets.endurance``).  As
for Primordial Secrets the costly checks are sampled there: consistency and conservation (``problems``,
cheap) at every action, undo/redo every 15th, the no-leak check every 25th, and each finished game's
record replays to the same position.  A smaller run below checks everything at every action: one game per
player count, the scenarios taken in turn (3 players Europe, 4 Ecology, 5 Latin America), and one with the
optional rules (then Middle East, Global, Europe).
``ILLUMI_GE_FULL=1`` adds the exhaustive version: the 200 games per player count with every check at
every action (several minutes).
"""

from __future__ import annotations

import os

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.testing import random_games, random_games_parallel

SCENARIOS = ("eu", "ecology", "latam", "mideast", "global")
GAMES = int(os.environ.get("ILLUMI_RANDOM_GAMES", "5"))  # per player count, a fifth for each scenario
REASONS = {"most-vp", "common-objective-failed"}


def _random_play(players, games_in_all, **checks):
    total = 0
    share = max(1, games_in_all // len(SCENARIOS))
    for i, scen in enumerate(SCENARIOS):
        # of each scenario's share, how many are long (8 rounds), not standard (5): an eighth, at least one;
        # with one game a scenario, one scenario's game is long (another scenario for each player count)
        long = max(1, share // 8) if share > 1 else int((i + players) % len(SCENARIOS) == 0)
        for length, games in (("standard", share - long), ("long", long)):
            if not games:
                continue
            stats = random_games_parallel(
                "gray-eminence",
                players,
                games,
                seed=100 * players + 10 * i + (length == "long"),
                options={"scenario": scen, "length": length},
                **checks,
            )
            assert stats.games == games and stats.truncated == 0, (scen, length)
            assert set(stats.reasons) <= REASONS
            assert all(len(w) >= 1 for w in stats.winners)
            total += stats.games
    return total


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_per_player_count(players):
    # every action: consistency and conservation; every 15th: undo restores and redo repeats; every 25th:
    # no seat sees a hidden card; each finished game: its record replays to the same position
    total = _random_play(players, GAMES, check_every=1, undo_every=15, leaks_every=25, replay_every=10**6)
    assert total == max(1, GAMES // len(SCENARIOS)) * len(SCENARIOS)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_every_check_at_every_action(players):
    for i, scen in enumerate(SCENARIOS[players - 3 : players - 2]):
        g = load_game(
            "gray-eminence",
            players=players,
            scenario=scen,
            length="long" if (players + i) % 3 == 0 else "standard",
        )
        stats = random_games(g, games=1, seed=100 * players + i, replay_every=150)
        assert stats.games == 1 and stats.truncated == 0
        assert set(stats.reasons) <= REASONS
    # the optional rules: contested objectives (Phase 9) and the tweet vote (Phase 5)
    g = load_game(
        "gray-eminence", players=players, scenario=SCENARIOS[players % 5], contest=True, tweet_vote=True
    )
    stats = random_games(g, games=1, seed=7 * players, replay_every=150)
    assert stats.games == 1 and stats.truncated == 0


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("ILLUMI_GE_FULL") != "1", reason="set ILLUMI_GE_FULL=1")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_200_random_games_every_check_at_every_action(players):
    assert _random_play(players, 200, check_every=1, undo_every=1, leaks_every=1, replay_every=150) == 200
