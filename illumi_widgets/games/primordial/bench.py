"""Random-play speed of Primordial Secrets: ``python -m illumi_widgets.games.primordial.bench [games]``.

Prints decisions per second of uniformly random complete games (no invariant checks) for 2, 3 and 4
players.  A figure, not a target (the package-wide benchmark, ``illumi_widgets.bench``, adds every
registered game beside python-chess's plies per second).
"""

from __future__ import annotations

import sys
import time

from illumi_widgets.engine.registry import load_game
from illumi_widgets.engine.testing import random_games


def measure(players: int, games: int = 50, seed: int = 1) -> dict:
    game = load_game("primordial", players=players)
    t0 = time.perf_counter()
    stats = random_games(game, games=games, seed=seed, check_every=0, undo_every=0, replay_every=0,
                         leaks_every=0)
    dt = time.perf_counter() - t0
    return {"players": players, "games": stats.games, "decisions": stats.decisions, "seconds": dt,
            "per_second": stats.decisions / dt, "mean_length": stats.decisions / max(1, stats.games),
            "reasons": stats.reasons}


def main(argv=None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    games = int(argv[0]) if argv else 50
    for n in (2, 3, 4):
        r = measure(n, games)
        print(f"Primordial Secrets, {n} players: {r['decisions']} random decisions in {r['seconds']:.2f} s "
              f"= {r['per_second']:,.0f} decisions/s ({r['games']} games, {r['mean_length']:.0f} decisions "
              f"each; ended by {r['reasons']})")


if __name__ == "__main__":
    main()
