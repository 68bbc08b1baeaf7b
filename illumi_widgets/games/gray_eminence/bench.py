"""Random-play speed of Gray Eminence beside python-chess — it prints figures, it asserts nothing.

    python -m illumi_widgets.games.gray_eminence.bench [--games N] [--seed S]

For 3, 4 and 5 players, ``N`` complete games (scenarios in turn), every decision a uniformly random legal
action of a random seat to act, applied with full validation (``engine.testing.random_action``); chess plays
random moves for as long as each game took (interleaved, so other load weighs on both alike).
"""

from __future__ import annotations

import argparse
import time

from ...bench import ChessRandomPlay
from ...engine import Rng, load_game
from ...engine.testing import random_action

SCENARIOS = ("eu", "ecology", "latam", "mideast", "global")


def run(games: int = 10, seed: int = 1) -> dict:
    try:
        chess = ChessRandomPlay(seed)
    except ImportError:
        chess = None
    out = {}
    rng = Rng(seed)
    for players in (3, 4, 5):
        decisions, seconds, lengths = 0, 0.0, []
        for i in range(games):
            g = load_game("gray-eminence", players=players, scenario=SCENARIOS[i % 5])
            t0 = time.perf_counter()
            st = g.new_state(seed=rng.next64() >> 1)
            n = 0
            while not st.is_terminal():
                st.apply(random_action(st, rng))
                n += 1
            dt = time.perf_counter() - t0
            decisions += n
            seconds += dt
            lengths.append(n)
            if chess is not None:
                chess.run_for(dt)
        out[players] = {
            "games": games,
            "decisions": decisions,
            "seconds": seconds,
            "decisions_per_s": decisions / seconds,
            "median_length": sorted(lengths)[len(lengths) // 2],
        }
    out["chess"] = chess.figures() if chess is not None else None
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    f = run(args.games, args.seed)
    chess = f.pop("chess")
    print("Gray Eminence random play (full validation)")
    for players, r in f.items():
        line = (
            f"  {players} players: {r['decisions_per_s']:8.0f} decisions/s   {r['games']} games, median "
            f"{r['median_length']} decisions per game"
        )
        if chess:
            line += f"   ({r['decisions_per_s'] / chess['plies_per_s']:.2f}× python-chess)"
        print(line)
    if chess:
        print(f"  python-chess {chess['version']} random play: {chess['plies_per_s']:8.0f} plies/s")
    else:
        print("  python-chess is not installed: no comparison")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
