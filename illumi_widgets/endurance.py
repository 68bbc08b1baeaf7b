"""Endurance runner: random play with every invariant checked after every action, for any registered game.

    python -m illumi_widgets.endurance --game pax --actions 1000000 --workers 2
    python -m illumi_widgets.endurance --game all --seconds 600
    python -m illumi_widgets.endurance --game pax --players 3 --replay 123456789   # one failing game again

After every action, or every ``--every N`` actions for the costly ones (views scanned for leaks, position
round trip, clone; default every 10th action):

* the position is consistent (``Game.problems``) and the game's conserved counts (``Game.conservation``,
  when the game offers the hook) equal their values after setup;
* undo restores exactly the previous position and redo brings the action back (data and RNG);
* the position text round-trips (``load_position(state.position())`` is the same position);
* a clone is independent: an action applied to it changes nothing in the original;
* no seat (nor a spectator) can find a hidden id in the log lines the action added (every action) nor in
  its view (``Game.secrets`` and the leak scan of :mod:`illumi_widgets.engine.testing`).  A name found in
  a line is judged against what was hidden when that line was written, not at the end of the action
  (``engine.testing.judge_log_leaks``: the action is replayed, only then, noting the secrets as each line is
  appended; a card revealed and hidden again within the action is a leak only if the line's text changes
  when what the acting seat cannot see is dealt again);
* the record replays to the same position (every ``--replay-every`` actions and at the end of each game).

Prints actions per second, games, and for every failure the game's seed, player count and action number
with the command that plays that game again; exits with status 1 when anything failed.  Workers are
processes (:class:`concurrent.futures.ProcessPoolExecutor`); game ``k`` of worker ``w`` gets its own seed
from ``--seed``, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field

from .engine import CHANCE, available_games, load_game, load_position
from .engine.rng import Rng
from .engine.testing import (
    InvariantError,
    check_consistent,
    check_leak_scan,
    check_no_leak,
    check_replay,
    check_undo_redo,
    fingerprint,
    judge_log_leaks,
    log_leaks,
    random_action,
)

__all__ = ["Failure", "Report", "main", "play_one", "run"]


@dataclass
class Failure:
    """One game in which an invariant broke: which game, seed and action, the error, and how to replay it."""

    game: str
    players: int
    seed: int
    action: int
    error: str

    def command(self) -> str:
        return (f"python -m illumi_widgets.endurance --game {self.game} --players {self.players} "
                f"--replay {self.seed}")


@dataclass
class Report:
    """What a run of one game did: actions, games, seconds, workers and the failures found."""

    game: str
    actions: int = 0
    games: int = 0
    seconds: float = 0.0
    workers: int = 1
    failures: list = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def summary(self) -> str:
        return (f"{self.game}: {self.actions:,} actions in {self.games:,} games, {self.workers} worker(s), "
                f"{self.seconds:,.1f} s, {self.rate:,.0f} actions/s; failures: {len(self.failures)}")


def _check_position_round_trip(state) -> None:
    """The position text restores the same position: the same text (data as JSON, RNG) and the same
    decisions.  (Compared as JSON: a position is a JSON text, so e.g. an int dict key comes back a string.)"""
    text = state.position()
    again = load_position(text, game=state.game)
    if again.position() != text or again.rng.state != state.rng.state:
        raise InvariantError("the position text does not restore the same position")
    if [(d.seat, d.kind) for d in again.decisions()] != [(d.seat, d.kind) for d in state.decisions()]:
        raise InvariantError("the restored position has other pending decisions")


def _check_clone_independent(state, rng: Rng) -> None:
    before, version, history = fingerprint(state), state.version, len(state.history)
    other = state.clone()
    if fingerprint(other) != before:
        raise InvariantError("a clone is not the same position")
    if not other.is_terminal() and CHANCE not in other.to_act():
        other.apply(random_action(other, rng))
        if fingerprint(state) != before or state.version != version or len(state.history) != history:
            raise InvariantError("an action applied to a clone changed the original")


def play_one(name: str, players: int, seed: int, *, options: dict | None = None, max_actions: int = 5000,
             every: int = 10, replay_every: int = 200, deadline: float | None = None,
             budget: int | None = None) -> tuple[int, Failure | None]:
    """Play one random game with every invariant; returns (actions played, the failure or None)."""
    game = load_game(name, players=players, **(options or {}))
    rng = Rng(seed)
    n = 0
    try:
        state = game.new_state(seed=seed)
        check_consistent(state, "after setup")
        conserved = game.conservation(state.data)
        check_no_leak(state)
        seats = [*range(players), None]
        limit = max_actions if budget is None else min(max_actions, budget)
        while not state.is_terminal() and n < limit:
            if deadline is not None and n % 64 == 0 and time.monotonic() > deadline:
                break
            action = random_action(state, rng)
            before = fingerprint(state)
            log_len, hist_len = len(state.log), len(state.history)
            state.apply(action)
            n += 1
            where = f"after '{action.notation()}'"
            check_consistent(state, where)
            if conserved is not None and game.conservation(state.data) != conserved:
                raise InvariantError(f"conserved counts changed {where}: {game.conservation(state.data)} "
                                     f"!= {conserved}")
            check_undo_redo(state, before, action)
            # the log lines this action added, as each seat sees them, against what is hidden at its end;
            # a name found is judged against what was hidden when its line was written (judge_log_leaks)
            flagged = {seat: log_leaks(state, seat, log_len) for seat in seats}
            if any(flagged.values()):
                for seat, bad in judge_log_leaks(state, log_len, hist_len, flagged).items():
                    raise InvariantError(f"{seat!r} is told hidden {', '.join(bad[:5])} in the log {where}")
            if n % every == 0:
                check_no_leak(state, len(state.log))  # (the views: the log lines were checked above)
                _check_position_round_trip(state)
                _check_clone_independent(state, Rng(seed ^ n))
                check_leak_scan(state, log_len, since_history=hist_len)
            if replay_every and n % replay_every == 0:
                check_replay(state)
        check_replay(state)
    except Exception as e:  # noqa: BLE001 - every failure is reported with its seed, never lost
        tail = "".join(traceback.format_exception_only(type(e), e)).strip()
        return n, Failure(name, players, seed, n, tail[:500])
    return n, None


def _worker(job: dict) -> dict:
    name, worker, seed = job["game"], job["worker"], job["seed"]
    from .engine.registry import game_class

    cls = game_class(name)
    counts = [job["players"]] if job["players"] else list(range(cls.min_players, cls.max_players + 1))
    deadline = None if job["seconds"] is None else time.monotonic() + job["seconds"]
    seeds = Rng(seed * 1_000_003 + worker)
    actions = games = 0
    failures = []
    t0 = last = time.monotonic()
    while ((job["actions"] is None or actions < job["actions"])
           and (deadline is None or time.monotonic() < deadline)):
        players = counts[games % len(counts)]
        game_seed = seeds.next64() >> 1
        budget = None if job["actions"] is None else job["actions"] - actions
        n, failure = play_one(name, players, game_seed, options=job["options"], every=job["every"],
                              replay_every=job["replay_every"], deadline=deadline, budget=budget)
        actions += n
        games += 1
        if failure is not None:
            failures.append(asdict(failure))
            print(f"[{name} worker {worker}] FAILURE seed={failure.seed} players={players} "
                  f"action={failure.action}: {failure.error}", file=sys.stderr, flush=True)
            if len(failures) >= job["max_failures"]:
                break
        now = time.monotonic()
        if now - last >= job["progress"]:
            last = now
            print(f"[{name} worker {worker}] {actions:,} actions, {games:,} games, "
                  f"{actions / (now - t0):,.0f} actions/s", file=sys.stderr, flush=True)
    return {"actions": actions, "games": games, "failures": failures}


def _min_players(name: str) -> int:
    from .engine.registry import game_class

    return game_class(name).min_players


def run(name: str, *, actions: int | None = None, seconds: float | None = None, workers: int = 1,
        seed: int = 0, players: int | None = None, options: dict | None = None, every: int = 10,
        replay_every: int = 200, max_failures: int = 10, progress: float = 30.0) -> Report:
    """Run the endurance test of one game (see the module docstring); ``actions`` are shared among workers."""
    if actions is None and seconds is None:
        raise ValueError("give actions or seconds (or both)")
    workers = max(1, workers)
    shares = [None] * workers if actions is None else [
        actions // workers + (1 if i < actions % workers else 0) for i in range(workers)]
    jobs = [{"game": name, "worker": w, "seed": seed, "players": players, "options": options or {},
             "actions": shares[w], "seconds": seconds, "every": max(1, every), "replay_every": replay_every,
             "max_failures": max_failures, "progress": progress} for w in range(workers)]
    t0 = time.perf_counter()
    if workers == 1:
        parts = [_worker(jobs[0])]
    else:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_worker, jobs))
    report = Report(name, workers=workers, seconds=time.perf_counter() - t0)
    for p in parts:
        report.actions += p["actions"]
        report.games += p["games"]
        report.failures += [Failure(**f) for f in p["failures"]]
    return report


def main(argv=None) -> int:
    """The command ``python -m illumi_widgets.endurance``; returns the exit status (1 if anything failed)."""
    ap = argparse.ArgumentParser(prog="python -m illumi_widgets.endurance",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="all", help=f"a game ({', '.join(available_games())}) or 'all'")
    ap.add_argument("--actions", type=int, help="actions in all (per game), shared among the workers")
    ap.add_argument("--seconds", type=float, help="stop after this long (per game)")
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--seed", type=int, default=0, help="base seed of the run (default 0)")
    ap.add_argument("--players", type=int, help="one player count (default: every count, in turn)")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                    help="a game option, e.g. --option hidden_goals=true (repeatable)")
    ap.add_argument("--every", type=int, default=10,
                    help="views scanned, position round trip and clone every N actions (default 10; 1: all)")
    ap.add_argument("--replay-every", type=int, default=200,
                    help="record replay every N actions (default 200)")
    ap.add_argument("--replay", type=int, metavar="SEED", help="play the one game of this seed again")
    ap.add_argument("--max-failures", type=int, default=10)
    ap.add_argument("--progress", type=float, default=30.0, help="seconds between progress lines")
    ap.add_argument("--json", action="store_true", help="print the reports as JSON too")
    args = ap.parse_args(argv)
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    names = available_games() if args.game == "all" else [args.game]
    if args.replay is not None:
        players = args.players or _min_players(names[0])
        n, failure = play_one(names[0], players, args.replay, options=options, every=args.every,
                              replay_every=args.replay_every)
        print(f"{names[0]} seed={args.replay} players={players}: {n} actions, "
              f"{'FAILED: ' + failure.error if failure else 'every invariant held'}")
        return 1 if failure else 0
    if args.actions is None and args.seconds is None:
        ap.error("give --actions or --seconds")
    status = 0
    reports = []
    for name in names:
        report = run(name, actions=args.actions, seconds=args.seconds, workers=args.workers, seed=args.seed,
                     players=args.players, options=options, every=args.every, replay_every=args.replay_every,
                     max_failures=args.max_failures, progress=args.progress)
        reports.append(report)
        print(report.summary(), flush=True)
        for f in report.failures:
            status = 1
            print(f"  FAILURE seed={f.seed} players={f.players} action={f.action}: {f.error}\n"
                  f"    again: {f.command()}", flush=True)
    if args.json:
        print(json.dumps([{**asdict(r), "actions_per_second": round(r.rate, 1)} for r in reports], indent=1))
    return status


if __name__ == "__main__":  # pragma: no cover
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
