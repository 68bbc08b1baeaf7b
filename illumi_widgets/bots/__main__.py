"""Bot tournaments from the command line::

    python -m illumi_widgets.bots search random --games 100
    python -m illumi_widgets.bots search weishaupt --games 50 --iterations 100

Plays the games with a progress bar and prints each entrant's win rate with its 95% interval, wins by seat,
game lengths and time per move (:func:`illumi_widgets.bots.evaluate`).
"""

from __future__ import annotations

import argparse
import sys

from . import available, evaluate


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m illumi_widgets.bots", description=__doc__.split("::")[0])
    ap.add_argument("bots", nargs="+", help=f"one bot per entrant: {', '.join(available('pax'))}")
    ap.add_argument("--game", default="pax")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--iterations", type=int, default=None, help="search bot strength (iterations per move)")
    args = ap.parse_args(argv)
    known = available(args.game)
    bad = [b for b in args.bots if b not in known]
    if bad:
        ap.error(f"unknown bot(s) {', '.join(bad)} for {args.game}; known: {', '.join(known)}")
    specs = [("search", {"iterations": args.iterations}) if b == "search" and args.iterations else b
             for b in args.bots]
    result = evaluate(specs, games=args.games, game=args.game, seed=args.seed, progress=True)
    print(result.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
