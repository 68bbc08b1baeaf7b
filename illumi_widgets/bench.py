"""Benchmark figures for the engine, every registered game and simulations at scale — it prints figures, it
asserts nothing.

Run it with::

    python -m illumi_widgets.bench [--games N] [--scaling-games N] [--seed S] [--json PATH] [--quick]

What it measures, in one run:

1. **Random play of every registered game** (Pax Illuminaten, Illuminati, Primordial Secrets, Gray
   Eminence, and any game registered since) for the first three player counts the game allows (2, 3 and 4;
   Gray Eminence 3, 4 and 5): ``N`` complete games each, every decision a uniformly random legal action of
   a random seat to act (:func:`illumi_widgets.engine.testing.random_action`, no preferences), applied with
   full validation, after one untimed warm-up game.  A game with set-ups to choose from plays them in turn
   (:data:`VARIANTS`: Gray Eminence's five scenarios).  Reported: decisions per
   second (total decisions ÷ total wall time, dealing included), the median and 90th-percentile wall time
   of one whole game, and the median number of decisions per game.  Chance outcomes (deals, shuffles)
   are resolved by the engine and are not counted as decisions.
   **Both engines, side by side**: the engine this process runs (pure Python in a checkout) is measured here,
   and the other one in a child process playing the same games with the same seeds, interleaved with its
   own python-chess play (:mod:`illumi_widgets.bench_engines`): on a compiled installation its pure Python
   (the ``.py`` sources, extension modules ignored); on a pure installation the compiled engine from
   ``--compiled-site DIR`` (an unpacked wheel built with ``ILLUMI_WIDGETS_COMPILE=1``) or, in a full run in a
   checkout, built from it into ``build/compiled/`` (Cython and a C compiler; ``--no-compiled`` skips it).
   Reported for every game and engine: decisions/s, the ratio to that process's python-chess plies/s,
   ``legal_actions()`` p50/p99, a whole game's median time per player count, and which engine it was.
2. **``state.legal_actions()`` latency** (every game; Pax's is also reported alone): on separate random
   games, the first call after every ``apply`` (the state caches its answer per version, so this is the
   uncached cost: pending decisions plus every candidate checked), as p50 and p99 in microseconds.
3. **Peak memory** of one complete 4-player Pax game with its whole undo history kept (the longest 4-player
   game of step 1, replayed from its seed): the ``tracemalloc`` peak from creating the state to the end of
   the game, the memory still held once the game is over (``tracemalloc``, after garbage collection),
   and the deep size of the final :class:`~illumi_widgets.engine.State` (everything reachable from it,
   the shared :class:`~illumi_widgets.engine.Game` excluded).  In MiB; target: under 100.
4. **python-chess random play** (package ``chess``, in the ``test`` extra; skipped with a message if it is
   missing): ``random.choice(list(board.legal_moves))`` then ``board.push`` until the game is over or 400
   plies, for the same wall-clock time as step 1, interleaved with it (after each game of step 1, chess
   plays for as long as that game took) so that other load on the machine weighs on both alike.  Reported:
   plies per second and the ratio decisions/s ÷ chess plies/s per game.  Targets (each engine's ratio to the
   python-chess play of its own process; :mod:`illumi_widgets.bench_targets`): pure Python Illuminati and
   Primordial Secrets ≥ 0.7, Pax ≥ 0.8, Gray Eminence ≥ 0.9; the compiled engine every game ≥ 1; and
   ``legal_actions()`` p99 ≤ 1 ms in every game at every player count, on each engine.  Speed targets are
   judged from at least :data:`JUDGE_GAMES` games per player count on an idle enough machine: other work
   keeping more than ``CPUs − 1`` busy on average while steps 1–3 ran (one process at a time) means not
   judged, and the report says why.  Other work is measured, not read from the 1-minute load average (which
   counts this run's own processes, the scaling workers of step 5 above all): the machine's busy CPU time
   (``/proc/stat``) less the CPU time of this run's own processes, from the start to the end of steps 1–3,
   read before step 5 starts its workers (:mod:`illumi_widgets.bench_targets`; where ``/proc/stat`` is
   missing, the load at the start and at the end of step 3 stands in).
   Decisions and plies per CPU second are reported too: they are less sensitive to other work running on
   the machine.
5. **Scaling**: ``--scaling-games`` (default 1,000) random-bot games of each registered game through
   :func:`illumi_widgets.bots.simulate` (its default player count), on 1 worker (in-process), on a process
   pool with one worker per CPU, and on a Dask ``LocalCluster`` of 2 worker processes (when
   ``dask.distributed`` is installed; the cluster's start is timed apart, it happens once per session),
   in five rounds of a fifth of the games where the three take turns, so that a change of load on the
   machine weighs on all three alike (a pool is started in each round and its start is counted).
   Reported: wall time, games per second, the speed-up over 1 worker, the overhead per game
   (``(workers × wall time − 1-worker wall time) ÷ games``: process start, shipping games and results,
   idle workers at the end) and whether every run gave the same per-game results.  Targets on a 2-CPU
   machine: all cores ≥ 1.8×, Dask 2 workers ≥ 1.6× (judged from at least :data:`JUDGE_SCALING_GAMES`
   games: on fewer, starting the workers outweighs the games; and only if other work used at most a tenth
   of the CPUs while this step ran, measured as for step 4 with its workers counted as this run's own).

6. **Seat server** (needs Solara, Playwright and a Chromium: else skipped, saying why; not in ``--quick``
   unless ``--seat-server-moves`` is given): a real seat server (``python -m illumi_widgets.serve pax
   --players 2``, a subprocess) and two Chromium pages, one per seat, each in its own browser context;
   ``--seat-server-moves`` (default 40) moves are clicked in the page of the seat to act (an option of its
   action bar or menus).  Reported: the time from the click in that page to the other seat's page having
   repainted the new position (its board marks the painted version), p50, p95 and max, in milliseconds.
   ``--seat-server-only`` runs only this section.

``--quick`` runs a tiny version used by the test suite (about a minute on a 2-core machine: every game is
loaded and played, and a process pool and a Dask cluster start); its samples are too few to judge the
speed targets, and the report says so.  ``--json PATH`` also writes every figure to a JSON file.  The exit
status is 0 whether or not the targets are met: the output says so.

The README's figures table is written from the figures, never by hand: ``--readme`` runs the benchmark,
records its figures in ``illumi_widgets/docs/figures.json`` and rewrites the table between the README's
marker comments (:func:`readme_table`); ``--test-log PATH`` records the summary line of a run of the
README's test command (its time included) into the same file and rewrites the table without measuring
anything; ``--pictures`` redraws the README's board pictures (``illumi_widgets/docs/img/``) from the
boards' own SVG export.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import platform
import random
import sys
import time
import tracemalloc
from pathlib import Path
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType

from . import bench_targets as targets
from .bench_engines import describe, engine_modules
from .bench_targets import JUDGE_GAMES, LATENCY_TARGET_US, TOO_FEW, verdict_text, verdicts
from .engine import Rng, available_games, compiled_modules, load_game
from .engine.registry import game_class
from .engine.testing import random_action

PLAYER_COUNTS = (2, 3, 4)  # Pax's counts: the latency and the python-chess ratio by player count
GAME_COUNTS = 3  # each game is played at the first three player counts it allows
#: set-ups a game's benchmark games take in turn (game i of a player count gets variant i mod len)
VARIANTS: dict[str, tuple[dict, ...]] = {
    "gray-eminence": tuple({"scenario": s} for s in ("eu", "ecology", "latam", "mideast", "global")),
}
JUDGE_SCALING_GAMES = 100  # fewer scaling games than this: the speed-up targets are not judged
MAX_DECISIONS = 20000  # a safety cap; a game cut there is reported as truncated
CHESS_MAX_PLIES = 400
MEMORY_TARGET_MB = 100.0
DEFAULT_GAMES = 130
QUICK_GAMES = 2
SCALING_GAMES = 1000
QUICK_SCALING_GAMES = 2
SCALING_TARGET = 1.8  # all local cores (2 here) over 1 worker
DASK_TARGET = 1.6  # a 2-worker Dask LocalCluster over 1 worker
DASK_WORKERS = 2
SCALING_ROUNDS = 5  # 1 worker, all cores and Dask take turns, a fifth of the games at a time
SEAT_SERVER_MOVES = 40  # clicked moves of the seat-server latency figure (not with --quick)
LATENCY_SHARE = 4  # latency games per player count: games // LATENCY_SHARE (at least 1)
_ACTION_SALT = 0x5DEECE66D


# ------------------------------------------------------------------------------------------------ helpers
def percentile(values, q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of a non-empty sequence."""
    s = sorted(values)
    if not s:
        raise ValueError("percentile of no values")
    k = max(0, min(len(s) - 1, int(-(-q * len(s) // 100)) - 1))  # ceil(q/100 * n) - 1
    return float(s[k])


def median(values) -> float:
    s = sorted(values)
    n = len(s)
    return float(s[n // 2]) if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def game_seeds(seed: int, players: int, games: int) -> list[int]:
    """The deal seeds of one player count's games (the action RNG is derived from each)."""
    rng = Rng(seed * 10 + players)
    return [rng.next64() >> 1 for _ in range(games)]


def player_counts(name: str) -> tuple[int, ...]:
    """The first :data:`GAME_COUNTS` player counts that game ``name`` allows (Pax 2, 3, 4; Gray Eminence 3, 4,
    5)."""
    cls = game_class(name)
    return tuple(range(cls.min_players, min(cls.max_players, cls.min_players + GAME_COUNTS - 1) + 1))


def play_random(game, deal_seed: int, *, on_decision=None):
    """One complete random game; returns ``(state, decisions, truncated)``.

    ``on_decision(state)`` is called before each decision (used to time ``legal_actions``)."""
    rng = Rng(deal_seed ^ _ACTION_SALT)
    state = game.new_state(seed=deal_seed)
    n = 0
    while not state.is_terminal():
        if n >= MAX_DECISIONS:
            return state, n, True
        if on_decision is not None:
            on_decision(state)
        state.apply(random_action(state, rng))
        n += 1
    return state, n, False


def deep_size(root, exclude=()) -> int:
    """Bytes of every object reachable from ``root`` (``sys.getsizeof``), not following modules, classes,
    functions or the objects in ``exclude``."""
    skip_types = (type, ModuleType, FunctionType, BuiltinFunctionType, MethodType)
    seen = {id(x) for x in exclude}
    total = 0
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, skip_types):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


# ------------------------------------------------------------------------------------------------ phases
def bench_game(name: str, games: int, seed: int, chess_play: ChessRandomPlay | None = None) -> dict:
    """Random play of game ``name``; after each game, ``chess_play`` (if given) runs for as long as that game
    took.  Per player count, and ``"all"``."""
    out = {}
    for p in player_counts(name):
        variants = [load_game(name, players=p, **options) for options in VARIANTS.get(name, ({},))]
        for game in variants:
            play_random(game, seed ^ 0xA5A5)  # warm-up game (lazy imports, first-use caches), not timed
        times, lengths, truncated = [], [], 0
        longest = (-1, None)
        cpu = 0.0
        for i, deal_seed in enumerate(game_seeds(seed, p, games)):
            game = variants[i % len(variants)]
            cpu0 = time.process_time()
            t0 = time.perf_counter()
            state, n, cut = play_random(game, deal_seed)
            times.append(time.perf_counter() - t0)
            cpu += time.process_time() - cpu0
            if chess_play is not None:
                chess_play.run_for(times[-1])
            lengths.append(n)
            truncated += cut
            if n > longest[0]:
                longest = (n, deal_seed)
            del state
        total = sum(times)
        out[str(p)] = {
            "games": games,
            "decisions": sum(lengths),
            "seconds": total,
            "decisions_per_s": sum(lengths) / total,
            "cpu_seconds": cpu,
            "decisions_per_cpu_s": sum(lengths) / cpu,
            "game_seconds_median": median(times),
            "game_seconds_p90": percentile(times, 90),
            "decisions_median": median(lengths),
            "decisions_max": max(lengths),
            "truncated": truncated,
            "longest_seed": longest[1],
        }
    parts = list(out.values())
    total_dec = sum(v["decisions"] for v in parts)
    total_s = sum(v["seconds"] for v in parts)
    total_cpu = sum(v["cpu_seconds"] for v in parts)
    out["all"] = {"games": sum(v["games"] for v in parts), "decisions": total_dec, "seconds": total_s,
                  "decisions_per_s": total_dec / total_s, "cpu_seconds": total_cpu,
                  "decisions_per_cpu_s": total_dec / total_cpu}
    return out


def bench_pax(games: int, seed: int, chess_play: ChessRandomPlay | None = None) -> dict:
    return bench_game("pax", games, seed, chess_play)


def _latency_probe(samples: list):
    clock = time.perf_counter

    def timed(state):
        t0 = clock()
        state.legal_actions()  # first call at this version: nothing cached yet
        samples.append(clock() - t0)

    return timed


def bench_latency(games: int, seed: int, name: str = "pax") -> dict:
    """``state.legal_actions()`` latency of game ``name`` (first call after every apply) on ``games`` random
    games per player count (the game's set-ups in turn), in microseconds."""
    out = {}
    pooled: list[float] = []
    for p in player_counts(name):
        variants = [load_game(name, players=p, **options) for options in VARIANTS.get(name, ({},))]
        samples: list[float] = []
        timed = _latency_probe(samples)
        for i, deal_seed in enumerate(game_seeds(seed + 1, p, games)):
            play_random(variants[i % len(variants)], deal_seed, on_decision=timed)
        us = [s * 1e6 for s in samples]
        pooled += us
        out[str(p)] = {"samples": len(us), "p50_us": percentile(us, 50), "p99_us": percentile(us, 99),
                       "max_us": max(us)}
    out["all"] = {"samples": len(pooled), "p50_us": percentile(pooled, 50), "p99_us": percentile(pooled, 99),
                  "max_us": max(pooled)}
    return out


def bench_engine(games: int, seed: int, say=lambda _msg: None) -> dict:
    """Random play of every registered game interleaved with python-chess random play, then every game's
    ``legal_actions()`` latency, on the engine this process runs (``modules``: its compiled modules, ``[]``
    for pure Python)."""
    try:
        chess_play = ChessRandomPlay(seed)
    except ImportError:
        chess_play = None
    out: dict = {"games": {}, "latency": {}}
    for name in available_games():
        counts = player_counts(name)
        say(f"{name} random play: {games} games for each of {', '.join(map(str, counts))} players"
            f"{', interleaved with python-chess random play' if chess_play else ''} …")
        out["games"][name] = bench_game(name, games, seed, chess_play)
    lat_games = max(1, games // LATENCY_SHARE)
    say(f"legal_actions() latency: {lat_games} games per player count of every game …")
    for name in available_games():
        out["latency"][name] = bench_latency(lat_games, seed, name)
    missing = {"available": False, "reason": "python-chess is not installed (pip install -e '.[test]')"}
    out["chess"] = chess_play.figures() if chess_play is not None else missing
    out["modules"] = engine_modules()
    out["engine"] = "compiled" if out["modules"] else "pure"
    if out["chess"]["available"]:
        cps = out["chess"]["plies_per_s"]
        out["ratio_by_game"] = {n: g["all"]["decisions_per_s"] / cps for n, g in out["games"].items()}
    out["available"] = True
    return out


def bench_memory(deal_seed: int) -> dict:
    game = load_game("pax", players=4)
    play_random(game, deal_seed)  # warm-up: imports and per-game caches are not the game's memory
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        state, n, cut = play_random(game, deal_seed)
        peak = tracemalloc.get_traced_memory()[1]
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    mb = 1024 * 1024
    peak_mb = (peak - base) / mb
    deep_mb = deep_size(state, exclude=(game,)) / mb
    return {
        "players": 4,
        "deal_seed": deal_seed,
        "decisions": n,
        "history_actions": len(state.history),
        "checkpoints": len(state._checkpoints),
        "log_entries": len(state.log),
        "undoable": state.can_undo(),
        "truncated": cut,
        "tracemalloc_peak_mb": peak_mb,
        "retained_mb": (held - base) / mb,
        "state_deep_mb": deep_mb,
        "target_mb": MEMORY_TARGET_MB,
        "target_met": max(peak_mb, deep_mb) < MEMORY_TARGET_MB,
    }


def _cpu() -> float:
    """CPU seconds of this process and of its ended child processes (a local pool's, once shut down)."""
    try:
        import resource
    except ImportError:  # not on Unix: this process only
        return time.process_time()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def _timed_run(name: str, games: int, seed: int, **where) -> tuple[float, list, float]:
    """Wall seconds, results (timings left out) and CPU seconds here and in local workers."""
    from .bots import simulate

    cpu0, t0 = _cpu(), time.perf_counter()
    rows = list(simulate(name, games, seed=seed, progress=False, **where))
    wall, cpu = time.perf_counter() - t0, _cpu() - cpu0
    return wall, [{k: v for k, v in r.items() if k not in _TIMING} for r in rows], cpu


_TIMING = ("seconds", "think_seconds_by_seat")


def _scaling_row(games: int, workers: int, seconds: float, base: float | None,
                 cpu: float | None = None) -> dict:
    row = {"workers": workers, "seconds": seconds, "games_per_s": games / seconds}
    if cpu is not None:
        row["cpu_ms_per_game"] = cpu / games * 1e3
    if base is not None:
        row["speedup"] = base / seconds
        row["overhead_ms_per_game"] = (workers * seconds - base) / games * 1e3
    return row


def _rounds(games: int) -> list[int]:
    """``games`` split into up to :data:`SCALING_ROUNDS` rounds."""
    k = max(1, min(SCALING_ROUNDS, games // 20))
    return [games // k + (i < games % k) for i in range(k)]


def bench_scaling(games: int, seed: int, say=lambda _msg: None, use_dask: bool = True) -> dict:
    """``games`` random-bot games of each registered game on 1 worker, every local core and a 2-worker Dask
    LocalCluster (see the module's docstring, step 5)."""
    from .bots.simulation import default_workers

    cores = default_workers()
    out: dict = {"games": games, "cores": cores, "by_game": {}}
    client = cluster = None
    if use_dask:
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            out["dask"] = {"available": False, "reason": "dask.distributed is not installed "
                                                          "(pip install 'illumi-widgets[dask]')"}
        else:
            t0 = time.perf_counter()
            cluster = LocalCluster(n_workers=DASK_WORKERS, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
            out["dask"] = {"available": True, "workers": DASK_WORKERS,
                           "start_seconds": time.perf_counter() - t0}
    else:
        out["dask"] = {"available": False, "reason": "not asked for"}
    try:
        for name in available_games():
            say(f"scaling: {games} random-bot games of {name} on 1 worker, {cores} local workers"
                f"{', a Dask LocalCluster' if client is not None else ''} …")
            _timed_run(name, min(games, 2), seed ^ 0x5A, workers=1)  # warm-up (imports, caches)
            if client is not None:
                _timed_run(name, min(games, 4), seed ^ 0x5A, executor=client)  # workers import the game
            places = {"1": {"workers": 1}, "local": {"workers": cores}}
            if client is not None:
                places["dask"] = {"executor": client}
            # in rounds, each place in turn: a change of load on the machine weighs on all of them alike
            seconds = dict.fromkeys(places, 0.0)
            cpu = dict.fromkeys(places, 0.0)
            same, players = True, None
            for r, n in enumerate(_rounds(games)):
                results = {}
                for key, where in places.items():
                    t, results[key], c = _timed_run(name, n, seed + r, **where)
                    seconds[key] += t
                    cpu[key] += c
                same = same and all(rows == results["1"] for rows in results.values())
                players = players or results["1"][0]["players"]
            fig = {"players": players, "rounds": len(_rounds(games)),
                   "1": _scaling_row(games, 1, seconds["1"], None, cpu["1"]),
                   "local": _scaling_row(games, cores, seconds["local"], seconds["1"], cpu["local"])}
            # CPU per game, all local processes counted: what parallel play costs beyond the games themselves,
            # whatever share of the CPUs other work on the machine leaves to this run
            fig["local"]["cpu_efficiency"] = cpu["1"] / cpu["local"] if cpu["local"] else None
            if client is not None:
                fig["dask"] = _scaling_row(games, DASK_WORKERS, seconds["dask"], seconds["1"])
            fig["same_results"] = same
            out["by_game"][name] = fig
    finally:
        if client is not None:
            client.close()
            cluster.close()
    speedups = [f["local"]["speedup"] for f in out["by_game"].values()]
    judged = games >= JUDGE_SCALING_GAMES  # else None: too few games to judge
    out["local_speedup_min"] = min(speedups)
    out["local_target_met"] = (cores < 2 or min(speedups) >= SCALING_TARGET) if judged else None
    if client is not None:
        d = [f["dask"]["speedup"] for f in out["by_game"].values()]
        out["dask_speedup_min"] = min(d)
        out["dask_target_met"] = min(d) >= DASK_TARGET if judged else None
    return out


class ChessRandomPlay:
    """python-chess random play run in slices of wall-clock time, interleaved with the Pax games so that both
    see the same load on the machine; a game in progress carries over to the next slice."""

    def __init__(self, seed: int):
        import chess  # ImportError when python-chess is missing: the caller reports it as skipped

        self.chess = chess
        self.rng = random.Random(seed)
        self.board = chess.Board()
        self.n = 0  # plies of the game in progress
        self.plies = self.games = 0
        self.lengths: list[int] = []
        self.seconds = self.cpu_seconds = 0.0

    def run_for(self, budget_s: float) -> None:
        clock, choice = time.perf_counter, self.rng.choice
        t0, cpu0 = clock(), time.process_time()
        board, n = self.board, self.n
        while True:
            if n >= CHESS_MAX_PLIES or board.is_game_over():
                self.games += 1
                self.lengths.append(n)
                board, n = self.chess.Board(), 0
            board.push(choice(list(board.legal_moves)))
            n += 1
            self.plies += 1
            if clock() - t0 >= budget_s:
                break
        self.board, self.n = board, n
        self.seconds += clock() - t0
        self.cpu_seconds += time.process_time() - cpu0

    def figures(self) -> dict:
        return {
            "available": True,
            "version": getattr(self.chess, "__version__", "?"),
            "seconds": self.seconds,
            "cpu_seconds": self.cpu_seconds,
            "games": self.games,
            "plies": self.plies,
            "plies_median": median(self.lengths) if self.lengths else float(self.n),
            "plies_per_s": self.plies / self.seconds,
            "plies_per_cpu_s": self.plies / max(self.cpu_seconds, 1e-9),
        }


# ------------------------------------------------------------------------------------------------ seat server
def bench_seat_server(moves: int, seed: int, say=lambda _msg: None, reason: str | None = None) -> dict:
    """Move in one seat's page -> repaint in the other's, through a real seat server and real Chromium
    (:func:`illumi_widgets.serve.drive.measure_latency`); ``{"available": False, "reason"}`` when it cannot
    run here or is not asked for."""
    if reason is None and moves <= 0:
        reason = "--seat-server-moves 0"
    if reason is None:
        from .serve import drive

        reason = drive.missing()
        if reason is None:
            try:
                return drive.measure_latency(moves, seed=seed, say=say)
            except Exception as exc:  # a benchmark prints what failed and goes on
                return {"available": False, "failed": True,
                        "reason": f"the run failed: {type(exc).__name__}: {str(exc)[:300]}"}
    return {"available": False, "reason": reason}


def _seat_server_report(ss: dict) -> list[str]:
    if not ss["available"]:
        return ["", f"Seat server: {'FAILED' if ss.get('failed') else 'SKIPPED'} — {ss['reason']}"]
    return ["", f"Seat server: {ss['moves']} moves of {ss['game']} ({ss['players']} players) clicked in one "
                "seat's Chromium page -> the other seat's page repainted the new position "
                f"({ss['seconds']:.0f} s; 1-minute load {ss['loadavg_start']} -> {ss['loadavg_end']})",
            *_table(["", "moves", "p50", "p95", "max"],
                    [["move -> repaint in the other page", ss["moves"], f"{ss['p50_ms']:.0f} ms",
                      f"{ss['p95_ms']:.0f} ms", f"{ss['max_ms']:.0f} ms"]]),
            "(one frame at 60 Hz is 16.7 ms; a server on the same machine, no polling: every page is pushed "
            "the new position over its websocket)"
            + (f"; {ss['page_errors']} page errors" if ss["page_errors"] else "")]


# ------------------------------------------------------------------------------------------------ report
def _loadavg() -> float | None:
    """The 1-minute load average (other work on the machine skews wall-clock figures), if known."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def machine() -> dict:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(terse=True),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "compiled_modules": compiled_modules(),  # [] = pure Python (the optional compiled engine: README)
        "loadavg_start": _loadavg(),
        "date_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }


def other_engine(kind: str, games: int, seed: int, quick: bool = False, compiled_site=None,
                 say=lambda _msg: None) -> dict:
    """The figures of :func:`bench_engine` for the engine this process does not run (``kind``), from a child
    process (:mod:`illumi_widgets.bench_engines`); ``{"available": False, "reason"}`` when it is not
    measured.  ``compiled_site``: a directory holding the compiled package, ``False``: do not measure the
    compiled engine, ``None``: build it from this checkout (not with ``quick``)."""
    from . import bench_engines

    site = None
    if kind == "compiled":
        if compiled_site is False:
            return {"available": False, "reason": "not asked for (--no-compiled)"}
        if compiled_site is None:
            if quick:
                return {"available": False, "reason": "not built in --quick (building it takes minutes; "
                                                      "--compiled-site DIR measures a built one)"}
            why = bench_engines.cannot_build()
            if why is not None:
                return {"available": False, "reason": f"it cannot be built here: {why}"}
            try:
                compiled_site = bench_engines.build_compiled_site(say)
            except Exception as exc:  # a benchmark prints what failed and goes on
                return {"available": False, "failed": True,
                        "reason": f"building it failed: {type(exc).__name__}: {str(exc)[:300]}"}
        site = Path(compiled_site)
    say(f"the {kind} engine in a child process: the same games …")
    try:
        fig = bench_engines.run_engine(kind, games, seed, site=site)
    except Exception as exc:  # a benchmark prints what failed and goes on
        return {"available": False, "failed": True, "reason": f"{type(exc).__name__}: {str(exc)[:600]}"}
    if fig["engine"] != kind:
        return {"available": False, "failed": True,
                "reason": f"the child process meant to run the {kind} engine ran the {fig['engine']} one"}
    return fig


def run(games: int, seed: int, quick: bool = False, progress=None, command: str = "",
        scaling_games: int | None = None, use_dask: bool = True,
        seat_server_moves: int | None = None, compiled_site=None) -> dict:
    say = progress or (lambda _msg: None)
    if scaling_games is None:
        scaling_games = QUICK_SCALING_GAMES if quick else SCALING_GAMES
    figures: dict = {"machine": machine(),
                     "settings": {"games": games, "seed": seed, "quick": quick,
                                  "scaling_games": scaling_games, "seat_server_moves": seat_server_moves,
                                  "command": command or "python -m illumi_widgets.bench"}}
    t_start, snap_start = time.perf_counter(), targets.cpu_snapshot()
    own = bench_engine(games, seed, say)  # the engine this process runs, in this process
    figures["games"] = own["games"]
    pax = figures["pax"] = figures["games"]["pax"]
    figures["legal_actions_latency"] = own["latency"]["pax"]
    other = "pure" if own["engine"] == "compiled" else "compiled"
    other_fig = other_engine(other, games, seed, quick=quick, compiled_site=compiled_site, say=say)
    pure, compiled = (own, other_fig) if other == "compiled" else (other_fig, own)
    figures["engines"] = {"pure": pure, "compiled": compiled}
    say("peak memory of the longest 4-player game …")
    figures["memory"] = bench_memory(pax["4"]["longest_seed"])
    chess_fig = dict(own["chess"])
    if chess_fig["available"]:
        cps = chess_fig["plies_per_s"]
        chess_fig["ratio"] = pax["all"]["decisions_per_s"] / cps
        chess_fig["ratio_by_players"] = {str(p): pax[str(p)]["decisions_per_s"] / cps for p in PLAYER_COUNTS}
        chess_fig["ratio_by_game"] = own["ratio_by_game"]
        chess_fig["ratio_cpu"] = pax["all"]["decisions_per_cpu_s"] / chess_fig["plies_per_cpu_s"]
    figures["chess"] = chess_fig
    # the single-process sections end here: the other work while they ran judges them, before the scaling
    # section's workers raise the load (bench_targets' docstring)
    snap = targets.cpu_snapshot()
    figures["machine"]["others_cpu"] = targets.others_cpu(snap_start, snap)
    figures["machine"]["loadavg_timed_end"] = _loadavg()
    if scaling_games > 0:
        figures["scaling"] = bench_scaling(scaling_games, seed, say=say, use_dask=use_dask)
        figures["machine"]["others_cpu_scaling"] = targets.others_cpu(snap, targets.cpu_snapshot())
    if seat_server_moves is None and quick:
        why = "not in --quick (a real server and Chromium: --seat-server-moves N runs it)"
        figures["seat_server"] = bench_seat_server(0, seed, reason=why)
    else:
        moves = SEAT_SERVER_MOVES if seat_server_moves is None else seat_server_moves
        figures["settings"]["seat_server_moves"] = moves
        figures["seat_server"] = bench_seat_server(moves, seed, say=say)
    figures["targets"] = {"pure_ratio": dict(targets.PURE_RATIO), "compiled_ratio": targets.COMPILED_RATIO,
                          "latency_us": LATENCY_TARGET_US, "memory_mb": MEMORY_TARGET_MB,
                          "local_speedup": SCALING_TARGET, "dask_speedup": DASK_TARGET,
                          "judge_games": JUDGE_GAMES, "judge_scaling_games": JUDGE_SCALING_GAMES}
    figures["total_seconds"] = time.perf_counter() - t_start
    figures["machine"]["loadavg_end"] = _loadavg()
    figures["verdicts"] = verdicts(figures)  # (the speed targets, judged only from enough games when idle)
    return figures


def run_seat_server_only(moves: int, seed: int, progress=None, command: str = "") -> dict:
    """``--seat-server-only``: the seat-server figure alone."""
    t_start = time.perf_counter()
    figures = {"machine": machine(), "settings": {"seed": seed, "seat_server_moves": moves, "quick": False,
                                                  "command": command or "python -m illumi_widgets.bench"},
               "seat_server": bench_seat_server(moves, seed, say=progress or (lambda _msg: None))}
    figures["total_seconds"] = time.perf_counter() - t_start
    figures["machine"]["loadavg_end"] = _loadavg()
    return figures


def _table(headers, rows) -> list[str]:
    cells = [[str(h) for h in headers]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(r):
        pairs = enumerate(zip(r, widths, strict=True))
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in pairs)

    return [line(cells[0]), "  ".join("-" * w for w in widths)] + [line(r) for r in cells[1:]]


def format_report(f: dict) -> str:
    m, s = f["machine"], f["settings"]
    out = [
        f"illumi_widgets benchmark — {m['implementation']} {m['python']}, {m['platform']}, "
        f"{m['cpus']} CPUs, {m['date_utc']}",
        f"command: {s['command']}   (seed {s['seed']}, {s['games']} games per player count"
        f"{', QUICK' if s['quick'] else ''})",
        "engine: " + (f"compiled ({len(m['compiled_modules'])} modules built by Cython)"
                      if m["compiled_modules"] else "pure Python"),
        "",
        "Random play of every registered game (uniformly random legal action of a random seat to act, "
        "validated)",
    ]
    rows = []
    for name, fig in f["games"].items():
        for p, v in fig.items():
            if p == "all":
                continue
            rows.append([f"{name} {p} players", v["games"], f"{v['decisions_per_s']:,.0f}",
                         f"{v['decisions_per_cpu_s']:,.0f}",
                         f"{v['game_seconds_median'] * 1e3:.1f} ms", f"{v['game_seconds_p90'] * 1e3:.1f} ms",
                         f"{v['decisions_median']:.0f}", v["truncated"]])
        a = fig["all"]
        rows.append([f"{name} all", a["games"], f"{a['decisions_per_s']:,.0f}",
                     f"{a['decisions_per_cpu_s']:,.0f}", "", "", "", ""])
    out += _table(["", "games", "decisions/s", "per CPU-s", "median game", "p90 game", "median decisions",
                   "truncated"], rows)
    out += _engines_report(f)
    out += ["", "Pax: state.legal_actions() latency, first (uncached) call after each apply "
                f"({describe(f['engines'][_own(f)]['modules'])})"]
    lat = f["legal_actions_latency"]
    rows = [[f"{p} players" if p != "all" else "all", lat[p]["samples"], f"{lat[p]['p50_us']:.0f} us",
             f"{lat[p]['p99_us']:.0f} us", f"{lat[p]['max_us']:.0f} us"]
            for p in [*map(str, PLAYER_COUNTS), "all"]]
    out += _table(["", "samples", "p50", "p99", "max"], rows)
    mem = f["memory"]
    out += ["", f"Memory: one complete 4-player Pax game with its whole undo history "
                f"({mem['decisions']} decisions, {mem['history_actions']} history entries, "
                f"{mem['checkpoints']} checkpoints, {mem['log_entries']} log entries)"]
    out += _table(["", "MiB"], [["tracemalloc peak during the game", f"{mem['tracemalloc_peak_mb']:.2f}"],
                               ["still held after the game (tracemalloc)", f"{mem['retained_mb']:.2f}"],
                               ["deep size of the final State", f"{mem['state_deep_mb']:.2f}"]])
    ch = f["chess"]
    out.append("")
    if not ch["available"]:
        out.append(f"python-chess random play: SKIPPED — {ch['reason']}")
    else:
        out.append(f"python-chess {ch['version']} random play (random.choice(list(board.legal_moves)) + "
                   f"push, until game over or {CHESS_MAX_PLIES} plies; {ch['seconds']:.1f} s, "
                   "interleaved with the games above)")
        out += _table(["", "games", "plies/s", "per CPU-s", "median plies"],
                      [["chess", ch["games"], f"{ch['plies_per_s']:,.0f}", f"{ch['plies_per_cpu_s']:,.0f}",
                        f"{ch['plies_median']:.0f}"]])
        per = ", ".join(f"{p}p {r:.2f}" for p, r in ch["ratio_by_players"].items())
        out.append(f"ratio Pax decisions/s ÷ chess plies/s: {ch['ratio']:.2f} ({per}); "
                   f"in CPU time: {ch['ratio_cpu']:.2f}")
        out.append("ratio by game: " + ", ".join(f"{n} {r:.2f}" for n, r in ch["ratio_by_game"].items()))
    sc = f.get("scaling")
    if sc:
        out += _scaling_report(sc)
    out += _seat_server_report(f["seat_server"])
    out += ["", "Targets"]
    for v in f.get("verdicts") or verdicts(f):  # (a figure ratio, p99 …: its target, verdict and figures)
        text = verdict_text(v, ("MET", "MISSED"))
        out.append(f"  {v['target']}: {text}" + (f" — {v['detail']}" if v["detail"] else ""))
    worst = max(mem["tracemalloc_peak_mb"], mem["state_deep_mb"])
    verdict = "MET" if mem["target_met"] else "MISSED"
    out.append(f"  4-player game with whole undo history < {mem['target_mb']:.0f} MB: {verdict} — "
               f"{worst:.2f} MiB")
    if sc:
        few = f"{sc['games']} of each game, {JUDGE_SCALING_GAMES} needed"
        idle = "" if sc["local_target_met"] is None else targets.scaling_busy(m)  # (idle while it ran)
        verdict = f"not judged, {idle}" if idle else _verdict(sc["local_target_met"], few)
        out.append(f"  all {sc['cores']} local cores >= {SCALING_TARGET}x over 1 worker: {verdict} — "
                   f"lowest {sc['local_speedup_min']:.2f}x" + (" (one CPU: not applicable)"
                                                              if sc["cores"] < 2 else ""))
        if sc["dask"]["available"]:
            verdict = f"not judged, {idle}" if idle else _verdict(sc["dask_target_met"], few)
            out.append(f"  Dask LocalCluster of {DASK_WORKERS} workers >= {DASK_TARGET}x over 1 worker: "
                       f"{verdict} — lowest {sc['dask_speedup_min']:.2f}x")
        else:
            out.append(f"  Dask LocalCluster >= {DASK_TARGET}x: NOT CHECKED ({sc['dask']['reason']})")
    out.append(f"(total run time {f['total_seconds']:.1f} s; 1-minute load average "
               f"{m['loadavg_start']} at the start, {m.get('loadavg_timed_end')} before the scaling section, "
               f"{m['loadavg_end']} at the end on {m['cpus']} CPUs; {_others_text(m)})")
    return "\n".join(out)


def _others_text(m: dict) -> str:
    """The other work on the machine while the run was timed, in words (what judges the speed targets)."""
    text = targets.others_words(m, joiner=", ")
    if text is None:
        return "other work not measured here (no /proc/stat): the load judges the speed targets"
    return text + " (the machine's busy CPU time less this run's own)"


def _own(f: dict) -> str:
    """Which engine of ``f["engines"]`` was measured in the benchmark's own process."""
    return "compiled" if f["machine"]["compiled_modules"] else "pure"


def _engines_report(f: dict) -> list[str]:
    """Every game on each engine side by side: decisions/s, the ratio to python-chess measured in the same
    process, ``legal_actions()`` p50/p99 and a whole game's median time by player count."""
    own = _own(f)
    out = ["", "Engines side by side: the same games on each engine, each interleaved with python-chess "
               "random play in its own process (÷ chess: decisions/s ÷ that process's chess plies/s)"]
    for kind in ("pure", "compiled"):
        e = f["engines"][kind]
        where = "this process" if kind == own else "a child process"
        if not e.get("available"):
            out.append(f"  {kind}: {'FAILED' if e.get('failed') else 'NOT MEASURED'} — {e['reason']}")
            continue
        chess = (f"python-chess {e['chess']['plies_per_s']:,.0f} plies/s" if e["chess"]["available"]
                 else "python-chess missing")
        out.append(f"  {kind}: {describe(e['modules'])}, measured in {where}; {chess}")
    rows = []
    for name in f["games"]:
        title = game_class(name).title
        for kind in ("pure", "compiled"):
            e = f["engines"][kind]
            if not e.get("available"):
                continue
            g, lat = e["games"][name], e["latency"][name]
            ratio = e.get("ratio_by_game", {}).get(name)
            counts = [p for p in g if p != "all"]
            rows.append([title if kind == "pure" or not f["engines"]["pure"].get("available") else "", kind,
                         f"{g['all']['decisions_per_s']:,.0f}", "" if ratio is None else f"{ratio:.2f}",
                         f"{lat['all']['p50_us']:,.0f} / {lat['all']['p99_us']:,.0f} us",
                         " / ".join(f"{g[p]['game_seconds_median'] * 1e3:,.0f}" for p in counts)
                         + f" ms ({', '.join(counts)} players)"])
    out += _table(["game", "engine", "decisions/s", "÷ chess", "legal_actions() p50 / p99", "median game"],
                  rows)
    pure, comp = f["engines"]["pure"], f["engines"]["compiled"]
    if pure.get("available") and comp.get("available"):
        rate = {k: {n: g["all"]["decisions_per_s"] for n, g in e["games"].items()}
                for k, e in (("pure", pure), ("compiled", comp))}
        out.append("compiled ÷ pure decisions/s: " + ", ".join(
            f"{game_class(n).title} {rate['compiled'][n] / rate['pure'][n]:.2f}×" for n in f["games"]))
    return out


def _verdict(met: bool | None, few: str) -> str:
    """MET, MISSED, or (``met`` None: the sample is too small to tell) that it was not judged, and why."""
    if met is None:
        return f"{TOO_FEW} ({few})"
    return "MET" if met else "MISSED"


def _scaling_report(sc: dict) -> list[str]:
    rounds = max((g.get("rounds", 1) for g in sc["by_game"].values()), default=1)
    out = ["", f"Scaling: {sc['games']:,} random-bot games of each game (illumi_widgets.bots.simulate; "
               f"{sc['cores']} local CPUs; {rounds} rounds, the places taking turns)"]
    d = sc["dask"]
    if d["available"]:
        out.append(f"Dask LocalCluster: {d['workers']} worker processes, started in "
                   f"{d['start_seconds']:.1f} s (not counted: once per session)")
    else:
        out.append(f"Dask: SKIPPED — {d['reason']}")
    rows = []
    for name, fig in sc["by_game"].items():
        for key, what in (("1", "1 worker, in-process"), ("local", f"{sc['cores']} local processes"),
                          ("dask", f"Dask, {DASK_WORKERS} workers")):
            if key not in fig:
                continue
            r = fig[key]
            rows.append([f"{name} ({fig['players']}p)" if key == "1" else "", what, f"{r['seconds']:.1f} s",
                         f"{r['games_per_s']:.1f}", f"{r['speedup']:.2f}x" if "speedup" in r else "",
                         f"{r['overhead_ms_per_game']:.1f} ms" if "overhead_ms_per_game" in r else "",
                         f"{r['cpu_ms_per_game']:.1f} ms" if "cpu_ms_per_game" in r else "n/a",
                         ("yes" if fig["same_results"] else "NO") if key == "1" else ""])
    out += _table(["game", "where", "wall time", "games/s", "speed-up", "overhead/game", "CPU/game",
                   "same results"], rows)
    eff = [f"{n} {g['local']['cpu_efficiency']:.2f}" for n, g in sc["by_game"].items()
           if g["local"].get("cpu_efficiency")]
    if eff:
        out.append("CPU efficiency of the local pool (in-process CPU per game ÷ the pool's, its processes "
                   "included): " + ", ".join(eff) + f" — {sc['cores']} × this is the speed-up on an idle "
                   "machine, before the wait for the last task")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m illumi_widgets.bench",
                                 description="Benchmark figures for the engine, every registered game and "
                                             "simulations at scale (it prints figures, it asserts nothing).")
    ap.add_argument("--games", type=int, default=None,
                    help=f"complete games per player count (default {DEFAULT_GAMES}; "
                         f"{QUICK_GAMES} with --quick)")
    ap.add_argument("--scaling-games", type=int, default=None,
                    help=f"random-bot games of each game for the scaling figure (default {SCALING_GAMES:,}; "
                         f"{QUICK_SCALING_GAMES} with --quick; 0 skips it)")
    ap.add_argument("--no-dask", action="store_true", help="leave the Dask LocalCluster out of the scaling")
    ap.add_argument("--seed", type=int, default=1, help="seed of the deals and of the random choices")
    ap.add_argument("--json", metavar="PATH", help="also write every figure to this JSON file")
    ap.add_argument("--quick", action="store_true",
                    help="a tiny run for the tests (about a minute on a 2-core machine; too few games to "
                         "judge the speed targets)")
    ap.add_argument("--seat-server-moves", type=int, default=None, metavar="N",
                    help=f"moves clicked through a real seat server and Chromium for the move -> repaint "
                         f"latency (default {SEAT_SERVER_MOVES}; not run with --quick unless given; "
                         "0 skips it)")
    ap.add_argument("--seat-server-only", action="store_true",
                    help="only the seat-server latency (a real server, two Chromium pages)")
    ap.add_argument("--compiled-site", metavar="DIR",
                    help="measure the compiled engine from this directory (an unpacked wheel built with "
                         "ILLUMI_WIDGETS_COMPILE=1) instead of building it from this checkout")
    ap.add_argument("--no-compiled", action="store_true",
                    help="on a pure-Python installation, leave the compiled engine out (a full run in a "
                         "checkout otherwise builds it, Cython and a C compiler needed)")
    ap.add_argument("--engine-only", action="store_true", help=argparse.SUPPRESS)  # the child process
    ap.add_argument("--readme", action="store_true",
                    help="record the figures in illumi_widgets/docs/figures.json and rewrite the README's "
                         "figures table from them")
    ap.add_argument("--test-log", metavar="PATH",
                    help="measure nothing: record the summary line of this saved output of the README's test "
                         "command (its time, its date) and rewrite the README's figures table")
    ap.add_argument("--test-note", metavar="TEXT",
                    help="with --test-log: how the tests were run, for the table (e.g. 'a fresh clone')")
    ap.add_argument("--widget-figures", metavar="PATH",
                    help="measure nothing: record the board's figures in JupyterLab from the JSON that "
                         "tests/browser/test_widget_figures.py wrote (tests/.artifacts/widget_figures.json) "
                         "and rewrite the README's figures table")
    ap.add_argument("--strength", metavar="DIR",
                    help="measure nothing: record the search's strength from the games that python -m "
                         "illumi_widgets.bots.strength --search search-strong --dir DIR played and rewrite "
                         "the README's figures table")
    ap.add_argument("--pictures", action="store_true",
                    help="measure nothing: redraw the README's board pictures (illumi_widgets/docs/img/)")
    args = ap.parse_args(argv)
    if args.pictures:
        from .readme import draw_pictures

        for path in draw_pictures(say=lambda msg: print(msg, file=sys.stderr)):
            print(f"wrote {path}")
        return 0
    if args.widget_figures or args.strength or args.test_log:  # one part of the figures, measuring nothing
        from . import readme

        if args.widget_figures:
            part, record = "widget", lambda: readme.record_widget_figures(Path(args.widget_figures))
        elif args.strength:
            part, record = "strength", lambda: readme.record_strength(Path(args.strength))
        else:
            part, record = "test_run", lambda: readme.record_test_run(Path(args.test_log), args.test_note)
        try:
            rec = record()
        except ValueError as exc:
            ap.error(str(exc))
        shown = {k: v for k, v in rec[part].items() if k != "pairings"}  # (the strength's rows: the table)
        print(f"recorded {shown} in {readme.FIGURES_JSON}")
        if "benchmark" in rec:
            readme.write_readme_table(rec)
            print(f"rewrote the figures table of {readme.README}")
        return 0
    if args.readme and (args.quick or args.seat_server_only):
        ap.error("--readme records a full run: not with --quick or --seat-server-only")
    games = args.games if args.games is not None else (QUICK_GAMES if args.quick else DEFAULT_GAMES)
    if games < 1:
        ap.error("--games must be at least 1")
    if args.scaling_games is not None and args.scaling_games < 0:
        ap.error("--scaling-games must be at least 0")
    if args.seat_server_moves is not None and args.seat_server_moves < 0:
        ap.error("--seat-server-moves must be at least 0")
    if args.engine_only:  # one engine's random play and latency (bench_engines.run_engine's child process)
        fig = bench_engine(games, args.seed, say=lambda msg: print(msg, file=sys.stderr, flush=True))
        print(f"engine: {describe(fig['modules'])}")
        _write_json(args.json, fig)
        return 0
    if args.compiled_site and args.no_compiled:
        ap.error("--compiled-site and --no-compiled contradict each other")
    argv = sys.argv[1:] if argv is None else list(argv)
    command = " ".join(["python -m illumi_widgets.bench", *argv])
    if args.seat_server_only:
        moves = SEAT_SERVER_MOVES if args.seat_server_moves is None else args.seat_server_moves
        figures = run_seat_server_only(moves, args.seed, command=command,
                                       progress=lambda msg: print(msg, file=sys.stderr, flush=True))
        m = figures["machine"]
        print(f"illumi_widgets benchmark — {m['implementation']} {m['python']}, {m['platform']}, "
              f"{m['cpus']} CPUs, {m['date_utc']}\ncommand: {command}")
        print("\n".join(_seat_server_report(figures["seat_server"])))
        print(f"(total run time {figures['total_seconds']:.1f} s; 1-minute load average {m['loadavg_start']} "
              f"at the start, {m['loadavg_end']} at the end on {m['cpus']} CPUs)")
        _write_json(args.json, figures)
        return 0
    figures = run(games, args.seed, quick=args.quick, command=command, scaling_games=args.scaling_games,
                  use_dask=not args.no_dask, seat_server_moves=args.seat_server_moves,
                  compiled_site=False if args.no_compiled else args.compiled_site,
                  progress=lambda msg: print(msg, file=sys.stderr, flush=True))
    print(format_report(figures))
    _write_json(args.json, figures)
    if args.readme:
        from . import readme

        readme.write_readme_table(readme.record_benchmark(figures))
        print(f"recorded the figures in {readme.FIGURES_JSON}; rewrote the figures table of {readme.README}")
    return 0


def _write_json(path, figures: dict) -> None:
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(figures, fh, indent=2)
            fh.write("\n")


if __name__ == "__main__":
    sys.exit(main())
