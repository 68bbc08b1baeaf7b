"""Bot tournaments from the command line::

    python -m illumi_widgets.bots search random --games 100
    python -m illumi_widgets.bots search weishaupt --games 1000 --workers 2 --out results.parquet
    python -m illumi_widgets.bots random random random --game illuminati --games 500
    python -m illumi_widgets.bots search weishaupt --games 5000 --scheduler tcp://scheduler:8786

Plays the games on every local core (``--workers`` to choose how many, ``--scheduler`` for a Dask cluster)
with a progress bar, prints each entrant's win rate with its 95% interval, wins by seat, game lengths and
time per move (:func:`illumi_widgets.bots.evaluate`), and with ``--out`` writes one row per game to a
Parquet or CSV file (the ``analysis`` extra: pandas and matplotlib, and pyarrow for Parquet).

What ``--out`` needs is checked before the first game is played (the extra, the folder); if writing still
fails at the end (a full disk, say), the games are written as JSON lines beside it (``PATH.jsonl``) and the
command says where: finished games are never lost.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

from ..engine import available_games
from . import available, evaluate

_FORMATS = {".parquet": "to_parquet", ".pq": "to_parquet", ".csv": "to_csv"}
_INSTALL = 'pip install "illumi-widgets[analysis]"'


def _out_problem(path: str) -> str | None:
    """Why ``--out PATH`` could not be written after the games, in words (None: it can be): the tables need
    pandas (the module that builds them also imports matplotlib), Parquet needs pyarrow (or fastparquet);
    the folder must exist and PATH must not be a folder."""
    from .arena import _results

    try:
        _results()
    except ImportError as exc:
        return f"--out {path} needs the analysis extra ({exc.__cause__ or exc}): {_INSTALL}"
    if _FORMATS[Path(path).suffix.lower()] == "to_parquet" and not any(
            _importable(m) for m in ("pyarrow", "fastparquet")):
        return f"--out {path} (Parquet) needs pyarrow, which is not installed: {_INSTALL}"
    p = Path(path)
    if p.is_dir():
        return f"--out {path} is a folder; give a file name (e.g. {p / 'results.parquet'})"
    if not p.resolve().parent.is_dir():
        return f"--out {path}: the folder {p.resolve().parent} does not exist"
    return None


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a parent package that cannot be imported, or a blocked module
        return False


def _write(result, out: str) -> tuple[str, str | None]:
    """Write the games to ``out``; if that fails, to JSON lines beside it (or in the current folder).
    Returns (where they are, why ``out`` could not be written or None)."""
    try:
        getattr(result, _FORMATS[Path(out).suffix.lower()])(out)
        return out, None
    except Exception as exc:  # noqa: BLE001 - whatever went wrong, the finished games must not be lost
        why = f"{type(exc).__name__}: {exc}"
    for spare in (Path(out + ".jsonl"), Path.cwd() / (Path(out).name + ".jsonl")):
        try:
            with open(spare, "w", encoding="utf-8") as fh:
                for row in result.rows:
                    fh.write(json.dumps(row, default=str) + "\n")
            return str(spare), why
        except OSError:
            continue
    return "", why


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m illumi_widgets.bots", description=__doc__.split("::")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="examples:\n" + __doc__.split("::")[1].split("\n\n")[1])
    per_game = "; ".join(f"{g}: {', '.join(available(g))}" for g in available_games())
    ap.add_argument("bots", nargs="+", help=f"one bot per entrant ({per_game})")
    ap.add_argument("--game", default="pax", help=f"one of {', '.join(available_games())} (default pax)")
    ap.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    ap.add_argument("--seed", type=int, default=0, help="the run's seed; game i is dealt from (seed, i)")
    ap.add_argument("--iterations", type=int, default=None, help="search bot strength (iterations per move)")
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None,
                       help="local worker processes (default: one per CPU; 1 plays in this process)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on a Dask cluster, e.g. tcp://scheduler:8786 (the dask extra)")
    ap.add_argument("--out", metavar="PATH", help="write one row per game to PATH (.parquet or .csv)")
    ap.add_argument("--records", action="store_true", help="with --out: also each game's record (JSON text)")
    ap.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = ap.parse_args(argv)
    if args.game not in available_games():
        ap.error(f"unknown game {args.game!r}; known: {', '.join(available_games())}")
    known = available(args.game)
    bad = [b for b in args.bots if b not in known]
    if bad:
        ap.error(f"unknown bot(s) {', '.join(bad)} for {args.game}; known: {', '.join(known)}")
    if args.games < 0:
        ap.error("--games must be at least 0")
    if args.workers is not None and args.workers < 1:
        ap.error("--workers must be at least 1")
    if args.out and Path(args.out).suffix.lower() not in _FORMATS:
        ap.error(f"--out must end in {', '.join(_FORMATS)}: {args.out}")
    if args.out:  # before the first game: what --out needs is checked now, not after an hour of play
        problem = _out_problem(args.out)
        if problem:
            ap.error(problem)
    specs = [("search", {"iterations": args.iterations}) if b == "search" and args.iterations else b
             for b in args.bots]
    client = None
    if args.scheduler:
        try:
            from dask.distributed import Client
        except ImportError:
            ap.error("--scheduler needs Dask: pip install 'illumi-widgets[dask]'")
        client = Client(args.scheduler)
    try:
        result = evaluate(specs, games=args.games, game=args.game, seed=args.seed, workers=args.workers,
                          executor=client, records=args.records, progress=not args.no_progress)
    finally:
        if client is not None:
            client.close()
    print(result.report())
    if args.out:
        where, why = _write(result, args.out)
        if why is None:
            print(f"{result['games']} games written to {args.out}")
        elif where:
            print(f"error: could not write {args.out} ({why}); the {result['games']} games were written "
                  f"to {where} instead (one JSON object per line)", file=sys.stderr)
            return 1
        else:
            print(f"error: could not write {args.out} ({why}), nor JSON lines beside it or in this folder",
                  file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
