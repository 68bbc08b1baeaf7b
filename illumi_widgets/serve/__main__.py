"""``python -m illumi_widgets.serve pax --players 3 --bots 2:search [--port 8765] [--save game.json]``."""

from __future__ import annotations

import argparse
import importlib.util
import sys

from ..engine import EngineError, available_games
from .pages import MAX_SPECTATORS, PAGE_GRACE

INSTALL = 'pip install "illumi-widgets[serve]"'


class _Help(argparse.ArgumentDefaultsHelpFormatter):
    """Every option's help ends with its default, unless the help already says it in words."""

    def _get_help_string(self, action) -> str:
        text = action.help or ""
        if "default" in text or action.default in (None, [], False, argparse.SUPPRESS):
            return text
        return text + " (default: %(default)s)"


def _missing_extra() -> str | None:
    """What of the [serve] extra is missing, in words (None: nothing)."""
    gone = []
    for module in ("solara", "uvicorn", "starlette"):
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            gone.append(module)
    if not gone:
        return None
    return f"the seat server needs Solara ({', '.join(gone)} not installed): {INSTALL}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m illumi_widgets.serve", formatter_class=_Help,
        description="Serve one game to several browsers: a private link per seat, a spectator link and a "
                    "host link. Every page shows only what its seat may see.",
        epilog=f"Needs the serve extra: {INSTALL}. The links are printed when the server is up; seat links "
               "are secrets (so is the --save file, which holds them). A page whose connection closes lets "
               f"go of the game after {PAGE_GRACE:g} seconds; spectator pages beyond --max-spectators are "
               "told that the game is full.")
    ap.add_argument("game", nargs="?", default="pax", help=f"the game: one of {', '.join(available_games())}")
    ap.add_argument("--players", type=int, default=2, help="number of players (seats)")
    ap.add_argument("--seed", type=int, default=None,
                    help="the deal's seed, to replay the same deal (default: a new deal each time)")
    ap.add_argument("--bots", action="append", default=[], metavar="SEAT:NAME",
                    help="a bot on a seat, e.g. 2:search (repeat or separate with commas; seats count "
                         "from 0; default: no bots)")
    ap.add_argument("--port", type=int, default=8765, help="the port to listen on (0: any free port)")
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (0.0.0.0 for a LAN; behind an HTTPS proxy on the internet)")
    ap.add_argument("--public-url", default=None,
                    help="the URL players reach, when behind a proxy (default: http://HOST:PORT/)")
    ap.add_argument("--save", default=None, metavar="FILE",
                    help="write the game and its links to FILE after every move (default: not saved)")
    ap.add_argument("--resume", default=None, metavar="FILE",
                    help="continue a game written by --save, with the same links (and save it there again)")
    ap.add_argument("--mode", choices=("play", "analysis"), default="play",
                    help="play: a player may take back only their own last move, if it revealed nothing; "
                         "analysis: free undo, redo and history browsing")
    ap.add_argument("--bot-delay", type=float, default=0.8, metavar="SECONDS",
                    help="seconds between two bot decisions (the board's pace)")
    ap.add_argument("--max-spectators", type=int, default=MAX_SPECTATORS, metavar="N",
                    help="spectator pages open at a time; one more is told the game is full (players and "
                         "the host are never refused; 0: no spectators)")
    args = ap.parse_args(argv)
    missing = _missing_extra()
    if missing:
        print(f"error: {missing}", file=sys.stderr)
        return 2
    if args.max_spectators < 0:
        ap.error("--max-spectators is 0 or more")
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
                       resume=args.resume, public_url=args.public_url, bot_delay=args.bot_delay,
                       max_spectators=args.max_spectators)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:  # a part of the extra that is there but cannot be imported
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
