"""``python -m illumi_widgets.serve pax --players 3 --bots 2:search [--port 8765] [--save game.json]``."""

from __future__ import annotations

import argparse
import sys

from ..engine import EngineError, available_games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m illumi_widgets.serve",
        description="Serve one game to several browsers: a private link per seat, a spectator link and a "
                    "host link. Every page shows only what its seat may see.")
    ap.add_argument("game", nargs="?", default="pax", help=f"one of {', '.join(available_games())}")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--bots", action="append", default=[], metavar="SEAT:NAME",
                    help="a bot on a seat, e.g. 2:search (repeat or separate with commas)")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (0.0.0.0 for a LAN; behind an HTTPS proxy on the internet)")
    ap.add_argument("--public-url", default=None, help="the URL players reach (behind a proxy)")
    ap.add_argument("--save", default=None, metavar="FILE", help="write the game after every move")
    ap.add_argument("--resume", default=None, metavar="FILE", help="continue a game written by --save")
    ap.add_argument("--mode", choices=("play", "analysis"), default="play")
    ap.add_argument("--bot-delay", type=float, default=0.8, metavar="SECONDS",
                    help="seconds between two bot decisions (the board's pace; default 0.8)")
    args = ap.parse_args(argv)
    from ..match import Match
    from . import parse_bots, serve

    try:
        if args.resume:
            match = Match.from_saved(args.resume)
            bots = parse_bots(args.bots, match.state.game.players)
        else:
            bots = parse_bots(args.bots, args.players)
            match = Match(args.game, players=args.players, seed=args.seed, mode=args.mode, bots=bots)
        server = serve(match, bots=bots, port=args.port, host=args.host, save=args.save,
                       resume=args.resume, public_url=args.public_url, bot_delay=args.bot_delay)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(server.describe(), flush=True)
    try:
        server._thread.join()
    except KeyboardInterrupt:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
