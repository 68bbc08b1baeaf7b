"""Many games at once: :func:`simulate` plays ``N`` games of any registered game between bots, on every local
core by default, on any ``concurrent.futures.Executor``, or on a Dask cluster, and yields one plain dict per
game.

Reproducible whatever runs it: game ``i`` of a run is dealt from :func:`game_seed` ``(seed, i)`` (SplitMix64
of the run seed and the index) and its bots are seeded from that game seed and their seat, so a game's result
depends only on ``(seed, i)`` and the run's settings — never on the number of workers, the chunking or the
order in which chunks finish.  Results are yielded in game order.

Work is shipped in *chunks* of games (one task plays a few dozen games in a row), never one task per
decision: a cluster is not flooded with tiny tasks, and each worker keeps its rules objects between games
(one set per thread: games played at once never share one).

Pure Python: this module imports nothing heavy.  ``tqdm`` (the progress bar) is imported only when a bar is
shown; pandas, matplotlib and dask only by :mod:`illumi_widgets.bots.results` and when a Dask client is
passed in.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import pickle
import threading
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

from .. import platform
from ..engine import EngineError, load_game
from ..engine.registry import game_class
from .base import Bot, run_bots
from .registry import make_bot, rulebook_seats

__all__ = ["COLUMNS", "bot_seed", "default_workers", "game_seed", "simulate"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
MAX_CHUNK = 10  # games per task at most: progress stays lively and the last tasks stay short
CHUNKS_PER_WORKER = 4  # at least this many tasks per worker when there are enough games (load balance)

#: the keys of every game result, in the order of the results table's columns
COLUMNS = ("game", "number", "seed", "players", "seats", "bots", "first", "winners", "finished", "reason",
           "scores", "length", "decisions", "decisions_by_seat", "think_seconds_by_seat", "seconds")


def _mix(z: int) -> int:
    """The SplitMix64 finaliser: a bijection of 64-bit integers that scatters nearby inputs."""
    z &= _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a run seeded ``seed`` (a non-negative 63-bit integer).

    A hash of the pair, not a draw from a shared stream: any worker computes any game's seed on its own."""
    return _mix(_mix(seed) + (index + 1) * _GOLDEN) >> 1


def bot_seed(seed_of_game: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game dealt from ``seed_of_game``."""
    return _mix(seed_of_game ^ _mix((seat + 1) * _GOLDEN)) >> 1


def default_workers() -> int:
    """Worker processes used when ``workers=None``: the CPUs this process may run on, or 1 inside a worker
    process (a simulation run from a pool or a Dask worker does not start a pool of its own)."""
    if multiprocessing.parent_process() is not None or platform.in_browser():
        return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


def _label(spec, i: int) -> str:
    if isinstance(spec, str):
        return spec
    if isinstance(spec, tuple):
        return spec[0]
    return getattr(spec, "name", None) or getattr(spec, "__name__", None) or f"bot{i}"


def _build(spec, seat: int, seed: int) -> Bot:
    if isinstance(spec, str):
        return make_bot(spec, seat, seed=seed)
    if isinstance(spec, tuple):  # (name, options)
        opts = {"seed": seed, **spec[1]}
        return make_bot(spec[0], seat, **opts)
    return spec(seat, seed)  # a factory (seat, seed) -> Bot


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to play any game of a run (picklable: it travels to the workers)."""

    game: str
    players: int
    bots: tuple
    labels: tuple
    seed: int
    rotate: bool = True
    max_steps: int = 20_000
    records: bool = False
    options: dict = field(default_factory=dict)

    def entrant_of(self, index: int) -> list[int]:
        """The entrant in each seat of game ``index`` (entrants move one seat on from game to game)."""
        shift = index % self.players if self.rotate else 0
        return [(seat + shift) % self.players for seat in range(self.players)]


class _Rules(threading.local):
    """The rules objects of the runs seen, by (game, players, options, scripted): one table per thread, so
    games played at once on a thread pool (or a Dask worker's threads) never share a rules object."""

    def __init__(self):
        self.table: dict = {}


_RULES = _Rules()


def _rules(plan: Plan, entrant_of: list[int]):
    # a rulebook bot is a rule of the game (Pax): one rules object per arrangement of them over the seats
    scripted = rulebook_seats(plan.game, {seat: plan.bots[e] for seat, e in enumerate(entrant_of)})
    opts = {**plan.options, "bots": dict(scripted)} if scripted else dict(plan.options)
    key = (plan.game, plan.players, json.dumps(opts, sort_keys=True, default=repr))
    table = _RULES.table
    rules = table.get(key)
    if rules is None:
        if len(table) > 64:
            table.clear()
        rules = table[key] = load_game(plan.game, players=plan.players, **opts)
    return rules


def _scores(outcome: dict, players: int):
    scores = outcome.get("scores")
    if not isinstance(scores, dict):
        return None
    out = []
    for seat in range(players):
        v = scores.get(seat, scores.get(str(seat)))
        out.append(v if isinstance(v, (int, float)) and not isinstance(v, bool) else None)
    return out


def play_game(plan: Plan, index: int, on_state=None, on_step=None) -> dict:
    """Play game ``index`` of ``plan`` here and now; its result (see :data:`COLUMNS`, plus ``record``, the
    game's record as JSON text, when ``plan.records``).  ``on_state(state)`` sees the final state;
    ``on_step(state, action)`` is called after each decision (:func:`~illumi_widgets.bots.run_bots`)."""
    entrant_of = plan.entrant_of(index)
    seed = game_seed(plan.seed, index)
    t0 = time.perf_counter()
    state = _rules(plan, entrant_of).new_state(seed=seed)
    seated = {seat: _build(plan.bots[e], seat, bot_seed(seed, seat)) for seat, e in enumerate(entrant_of)}
    timing: dict = {}
    done = run_bots(state, seated, max_steps=plan.max_steps, timing=timing, on_step=on_step)
    seconds = time.perf_counter() - t0
    by_seat = [0] * plan.players
    for act in done:
        by_seat[act.seat] += 1
    out = state.outcome()
    row = {
        "game": state.game.name,
        "number": index,
        "seed": seed,
        "players": plan.players,
        "seats": [plan.labels[e] for e in entrant_of],
        "bots": [_label(plan.bots[e], e) for e in entrant_of],
        "first": done[0].seat if done else None,
        "winners": sorted(out.get("winners", [])) if out else [],
        "finished": out is not None,
        "reason": out.get("reason") if out else None,
        "scores": _scores(out, plan.players) if out else None,
        "length": len(state.history),
        "decisions": len(done),
        "decisions_by_seat": by_seat,
        "think_seconds_by_seat": [timing.get(seat, 0.0) for seat in range(plan.players)],
        "seconds": seconds,
    }
    if plan.records:
        row["record"] = json.dumps(state.record(), separators=(",", ":"))
    if on_state is not None:
        on_state(state)
    return row


def play_chunk(plan: Plan, start: int, stop: int) -> list[dict]:
    """Games ``start`` to ``stop - 1`` of ``plan``, one after another (one task of a parallel run)."""
    return [play_game(plan, i) for i in range(start, stop)]


# ------------------------------------------------------------------------------------------------ executors
def _client_executor(executor):
    """A ``dask.distributed.Client`` (anything with ``get_executor``) as a ``concurrent.futures.Executor``."""
    if isinstance(executor, Executor):
        return executor
    get = getattr(executor, "get_executor", None)
    if callable(get):  # pure=False: every chunk runs, never a result the cluster still holds
        return get(pure=False)
    raise TypeError("executor must be a concurrent.futures.Executor or a dask.distributed.Client, "
                    f"not {type(executor).__name__}")


def _capacity(executor) -> int:
    """How many tasks ``executor`` runs at once (for the chunk size), as well as it can be told."""
    client = getattr(executor, "_client", None) or (executor if hasattr(executor, "nthreads") else None)
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # noqa: BLE001 - a client that cannot answer: assume a small cluster
            return 4
    return max(1, int(getattr(executor, "_max_workers", 0) or os.cpu_count() or 1))


def default_chunk(games: int, capacity: int) -> int:
    """Games per task: at least :data:`CHUNKS_PER_WORKER` tasks per worker, at most :data:`MAX_CHUNK`."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (capacity * CHUNKS_PER_WORKER))))


class _Progress:
    """Progress as games finish: a ``tqdm.auto`` bar (a widget in Jupyter, text in a terminal), a callable
    ``progress(done, total)``, or nothing."""

    def __init__(self, progress, total: int, desc: str):
        self.done, self.total = 0, total
        self.bar = self.call = None
        if progress is True:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=total, unit="game", desc=desc, dynamic_ncols=True)
        elif callable(progress):
            self.call = progress
        elif progress not in (False, None):
            raise TypeError(f"progress must be True, False or a callable (done, total), not {progress!r}")

    def advance(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        elif self.call is not None:
            self.call(self.done, self.total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def simulate(game: str = "pax", games: int = 100, *, bots=None, seed: int = 0, players: int | None = None,
             rotate: bool = True, max_steps: int = 20_000, workers: int | None = None, executor=None,
             progress=True, records: bool = False, chunk_size: int | None = None,
             **options) -> Iterator[dict]:
    """Play ``games`` games of ``game`` between ``bots``; yield one result dict per game, in game order.

    ``bots``: one spec per seat — a registry name (``"random"``, ``"search"``, a rulebook bot such as
    ``"weishaupt"``), ``(name, options)`` like ``("search", {"iterations": 100})``, or a factory
    ``(seat, seed) -> Bot`` (an importable function when the games run in other processes); one name alone
    (or ``None``: ``"random"``) seats that bot everywhere.  ``players`` defaults to the number of specs (or
    to the game's smallest player count of at least two).  With ``rotate`` the specs move one seat on from
    game to game, so each bot plays each seat equally often.  Other keyword ``options`` go to the game
    (``load_game(game, players, **options)``).

    Where the games run:

    * ``workers=None`` (default): a process pool with one worker per local CPU (in-process when that is one,
      or inside a worker process); ``workers=1``: here, one game after another; ``workers=k``: ``k``
      processes.
    * ``executor=``: any ``concurrent.futures.Executor`` (left running afterwards), or a
      ``dask.distributed.Client`` — ``Client()`` for a local cluster with its dashboard,
      ``Client("tcp://scheduler:8786")`` for a real one.  Each task plays a chunk of games
      (``chunk_size``; by default at least four tasks per worker and at most 10 games per task).

    ``progress``: ``True`` shows a ``tqdm.auto`` bar, advanced as games finish; a callable
    ``progress(done, total)`` is called instead; ``False`` shows nothing.

    Each result has the keys :data:`COLUMNS`: ``game`` (its name), ``number`` (index in the run), ``seed``
    (its deal seed, :func:`game_seed` of the run seed and the number), ``players``, ``seats`` (the entrant
    label ``"<spec index>:<name>"`` in each seat), ``bots`` (the bot name in each seat), ``first`` (the seat
    that made the game's first decision: in Pax the first player), ``winners`` (seats),
    ``finished`` (``False`` when ``max_steps`` cut the game), ``reason`` and ``scores`` (per seat, from the
    game's outcome), ``length`` (actions in the history, chance outcomes included), ``decisions`` (the bots'
    decisions) and ``decisions_by_seat``, ``think_seconds_by_seat`` (the bots' thinking time) and ``seconds``
    (the whole game's wall time); with ``records=True`` also ``record``, the game's record as JSON text
    (``Match.from_record(json.loads(r["record"]))`` replays it).  Feed them to
    :class:`illumi_widgets.bots.Evaluation` (or ``pandas.DataFrame``) for tables and charts.
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise EngineError(f"games must be a whole number >= 0, got {games!r}", code="bad-option")
    plan = make_plan(game, bots=bots, seed=seed, players=players, rotate=rotate, max_steps=max_steps,
                     records=records, **options)
    return _run(plan, games, workers=workers, executor=executor, progress=progress, chunk=chunk_size)


def make_plan(game: str = "pax", *, bots=None, seed: int = 0, players: int | None = None, rotate: bool = True,
              max_steps: int = 20_000, records: bool = False, **options) -> Plan:
    """The :class:`Plan` of a run (checked here, before any game is played: bad input fails fast)."""
    cls = game_class(game)  # EngineError "unknown-game" for a name that is not registered
    if bots is None:
        bots = "random"
    if isinstance(bots, str) or isinstance(bots, tuple) and bots and isinstance(bots[0], str) \
            and len(bots) == 2 and isinstance(bots[1], dict):
        if players is None:
            players = min(max(2, cls.min_players), cls.max_players)
        bots = [bots] * players
    bots = tuple(bots)
    players = players or len(bots)
    if len(bots) != players:
        raise EngineError(f"{players} players need {players} bot specs, got {len(bots)}", code="bad-option")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise EngineError(f"seed must be an int, got {seed!r}", code="bad-option")
    labels = tuple(f"{i}:{_label(b, i)}" for i, b in enumerate(bots))
    plan = Plan(game=cls.name, players=players, bots=bots, labels=labels,
                seed=seed, rotate=rotate, max_steps=max_steps, records=records, options=dict(options))
    for shift in range(players if rotate else 1):  # every arrangement of rulebook bots is a valid game
        _rules(plan, plan.entrant_of(shift))
    return plan


def _run(plan: Plan, games: int, *, workers, executor, progress, chunk, on_state=None) -> Iterator[dict]:
    if executor is not None and workers is not None:
        raise ValueError("give workers= or executor=, not both")
    if executor is None:
        workers = default_workers() if workers is None else int(workers)
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        if workers > 1 and platform.in_browser():
            warnings.warn(f"In the browser (Pyodide) there are no worker processes: the {games} games are "
                          "played here, one after another (workers=1).", RuntimeWarning, stacklevel=3)
            workers = 1
        workers = min(workers, max(1, games))
    if on_state is not None and (executor is not None or workers > 1):
        raise ValueError("a callback that sees each game's state runs in-process only: pass workers=1")
    if executor is None and workers == 1:
        return _run_here(plan, games, progress, on_state)
    try:
        if not isinstance(executor, ThreadPoolExecutor):  # threads share the objects: nothing to pickle
            pickle.dumps(plan)
    except Exception as exc:  # noqa: BLE001 - say what to do, whatever pickle raised
        raise TypeError(f"the bots must be picklable to run in other processes ({exc}); bot factories "
                        "must be importable functions, or pass workers=1") from exc
    return _run_parallel(plan, games, workers, executor, progress, chunk)


def _run_here(plan: Plan, games: int, progress, on_state=None) -> Iterator[dict]:
    bar = _Progress(progress, games, plan.game)
    try:
        for i in range(games):
            row = play_game(plan, i, None if on_state is None else lambda st, i=i: on_state(i, st))
            bar.advance(1)
            yield row
    finally:
        bar.close()


def _run_parallel(plan: Plan, games: int, workers, executor, progress, chunk) -> Iterator[dict]:
    owned = executor is None
    pool = ProcessPoolExecutor(workers) if owned else _client_executor(executor)
    size = chunk or default_chunk(games, workers if owned else _capacity(pool))
    pending: dict = {}
    bar = None
    try:
        for start in range(0, games, size):
            pending[pool.submit(play_chunk, plan, start, min(games, start + size))] = start
        bar = _Progress(progress, games, plan.game)  # after the pool's processes start: no tqdm thread forked
        ready: dict[int, list[dict]] = {}
        next_start = 0
        while pending:
            finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for fut in finished:
                start = pending.pop(fut)
                rows = fut.result()  # a game that raised re-raises here, with the worker's traceback
                ready[start] = rows
                bar.advance(len(rows))
            while next_start in ready:  # results leave in game order, whatever order the chunks finish in
                rows = ready.pop(next_start)
                next_start += len(rows)
                yield from rows
    finally:
        for fut in pending:
            fut.cancel()
        if bar is not None:
            bar.close()
        if owned:
            pool.shutdown(wait=True, cancel_futures=True)
