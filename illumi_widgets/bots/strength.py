"""The search bot's strength table: one command for every pairing, resumable, on one core or many::

    python -m illumi_widgets.bots.strength                      # 200 games a pairing, every local core
    python -m illumi_widgets.bots.strength --workers 1 --search search-strong --only pax
    python -m illumi_widgets.bots.strength --scheduler tcp://scheduler:8786
    nice -n 19 python -m illumi_widgets.bots.strength --workers 1 --only pax:weishaupt --until 01:45

The pairings (:func:`pairings`):

* Pax: the search (``--search``: ``search`` or ``search-strong``) against each of the rulebook's four
  scripted bots (St. Germain, Joseph II, Cagliostro, Weishaupt), two players, seats alternating;
* every other game that the search plays (Illuminati, Primordial Secrets, Gray Eminence): the search at its
  default against the search at a quarter of its playouts (``iterations`` and ``per_action`` both divided
  by four), seats rotating; Gray Eminence needs three players, so there the default plays two quarter bots
  and its fair share is one in three.

Each finished game is appended at once to a JSON-lines file per pairing in ``--dir`` (default
``strength-results``), the first line naming the pairing's settings; a run started again with the same
settings plays only the games that file lacks (game ``i`` is dealt from the run's seed and ``i`` whatever
plays it, :func:`~illumi_widgets.bots.simulation.game_seed`), so a run stopped at any moment (``--until``,
Ctrl-C, a lost machine) loses at most the games under way.  A file written with other settings is never
mixed in: the command says so and stops.

The table: per pairing the games played (of ``--games``), the search's wins, win rate and Wilson 95%
interval, the fair share, and its seconds a decision (wall-clock mean and maximum over its decisions, and CPU
mean: on a shared machine the wall clock includes waiting for a core).  For Pax the goal is marked: at
least 55% with the interval's lower end at least 45% over 200 games, at most 1 s a decision (CPU seconds,
the mean over the search's decisions: :func:`goal_met`).  ``python -m illumi_widgets.bench --strength DIR``
puts the table's figures in the README (:func:`figures`).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from .registry import RULEBOOK_BOTS, available
from .search import DEFAULT_PER_ACTION, _hint
from .simulation import _capacity, _client_executor, default_workers, make_plan, play_game
from .stats import wilson

__all__ = ["Pairing", "figures", "goal_met", "pairings", "play", "results_in", "run", "table"]

SEARCH_GAMES = ("illuminati", "primordial-secrets", "gray-eminence")
#: the project's goal against each Pax rulebook bot over 200 games: win rate, interval's lower end, s/decision
GOAL_RATE, GOAL_LOW, GOAL_SECONDS, GOAL_GAMES = 0.55, 0.45, 1.0, 200


@dataclass(frozen=True)
class Pairing:
    """One row of the table: ``bots`` (specs as :func:`~illumi_widgets.bots.simulate` takes them; the search
    measured is entrant 0) in ``game`` with ``players`` seats."""

    key: str  # "pax:weishaupt", "illuminati:quarter" (the file name and ``--only``)
    game: str
    players: int
    bots: tuple
    title: str  # what a person reads in the table

    @property
    def fair(self) -> float:
        return 1.0 / self.players

    def settings(self, seed: int, max_steps: int) -> dict:
        """What a results file is of: a file with other settings is not resumed."""
        return {"pairing": self.key, "game": self.game, "players": self.players, "seed": seed,
                "max_steps": max_steps, "bots": [list(b) if isinstance(b, tuple) else b for b in self.bots]}


def _quarter(game: str, iterations: int | None) -> dict:
    """The search's options at a quarter of the playouts of ``{"iterations": iterations}`` (default 200) in
    ``game``: both the playout budget and the per-action cap (the game's ``PER_ACTION``) divided by four."""
    from ..engine import load_game
    from ..engine.registry import game_class

    full = iterations or 200
    cls = game_class(game)
    rules = load_game(game, players=max(2, cls.min_players))
    per_action = _hint(rules, "PER_ACTION", DEFAULT_PER_ACTION)
    return {"iterations": max(1, full // 4), "per_action": max(2, round(per_action / 4))}


#: a small count in a title, as a person writes it
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def pairings(search: str = "search", iterations: int | None = None, only=None) -> list[Pairing]:
    """The table's pairings (see the module docstring); ``iterations`` overrides the search's playouts per
    decision (in the self-play rows: the default's; the other gets a quarter); ``only``: keys or games to
    keep (``"pax"``, ``"pax:weishaupt"``, ``"illuminati"``)."""
    opts = {"iterations": iterations} if iterations else {}
    me = (search, opts)
    rows = [Pairing(f"pax:{bot}", "pax", 2, (me, bot), f"Pax: {search} against {_bot_title(bot)}")
            for bot in RULEBOOK_BOTS]
    for game in SEARCH_GAMES:
        if "search" not in available(game):
            continue
        q = _quarter(game, iterations)
        from ..engine.registry import game_class

        players = max(2, game_class(game).min_players)
        full = ("search", opts)
        quarter = ("search", q)
        rival = _NUMBER_WORDS.get(players - 1, str(players - 1))
        rows.append(Pairing(f"{game}:quarter", game, players, (full,) + (quarter,) * (players - 1),
                            f"{_game_title(game)}: search at {opts.get('iterations', 200)} playouts against "
                            f"{rival} at {q['iterations']}"))
    if only:
        wanted = {w.strip().lower() for w in only}
        rows = [p for p in rows if p.key in wanted or p.game in wanted]
    return rows


def _bot_title(name: str) -> str:
    return {"st-germain": "St. Germain", "joseph-ii": "Joseph II"}.get(name, name.capitalize())


def _game_title(game: str) -> str:
    return game.replace("-", " ").title()


# ------------------------------------------------------------------------------------------------ one game
def play(plan, index: int) -> dict:
    """Game ``index`` of ``plan`` (:func:`~illumi_widgets.bots.simulation.play_game`) with, per seat, the
    longest decision (wall clock), the CPU seconds of its decisions and of its longest one in CPU seconds
    (``max_think_seconds_by_seat``, ``cpu_think_seconds_by_seat``, ``max_cpu_seconds_by_seat``).
    A module-level function: it runs in pool and Dask workers."""
    players = plan.players
    longest = [0.0] * players
    cpu = [0.0] * players
    longest_cpu = [0.0] * players
    mark = [time.perf_counter(), time.process_time()]

    def on_step(state, action):  # the time since the last decision: this decision (and its chance steps)
        now, now_cpu = time.perf_counter(), time.process_time()
        seat = action.seat
        if 0 <= seat < players:
            longest[seat] = max(longest[seat], now - mark[0])
            longest_cpu[seat] = max(longest_cpu[seat], now_cpu - mark[1])
            cpu[seat] += now_cpu - mark[1]
        mark[0], mark[1] = time.perf_counter(), time.process_time()

    row = play_game(plan, index, on_step=on_step)
    row["max_think_seconds_by_seat"] = longest
    row["cpu_think_seconds_by_seat"] = cpu
    row["max_cpu_seconds_by_seat"] = longest_cpu
    return row


# ------------------------------------------------------------------------------------------------ files
class SettingsMismatch(ValueError):
    """A results file holds games of other settings."""


class GamesFailed(RuntimeError):
    """Some games stopped with an error (a bug to fix: nothing of them is kept, and a resumed run plays them
    again); the run played the others.  ``results``: every pairing's games, as :func:`run` returns them;
    ``failures``: ``(key, game number, the error)``."""

    def __init__(self, results: dict, failures: list):
        self.results = results
        self.failures = failures
        super().__init__("; ".join(f"{key} game {i} stopped: {exc}" for key, i, exc in failures))


#: what a search bot's strength is made of: recorded with the games, so that a bot whose defaults change
#: later (``search-strong`` at other playouts, say) is not resumed into the games of its old self
KNOBS = ("iterations", "time_limit", "per_action", "depth", "c", "widen", "reuse", "lookahead", "epsilon",
         "sample", "repeat_cap")


def knobs(pairing: Pairing) -> list[dict | None]:
    """Each entrant's search settings as the bot resolves them in the pairing's game (``None``: not a
    search bot): :data:`KNOBS` and the playout policy."""
    from ..engine import load_game
    from .registry import make_bot
    from .search import SearchBot

    rules = load_game(pairing.game, players=pairing.players)
    out = []
    for spec in pairing.bots:
        name, opts = (spec, {}) if isinstance(spec, str) else spec
        bot = make_bot(name, 0, **opts)
        if not isinstance(bot, SearchBot):
            out.append(None)
            continue
        bot._setup(rules)
        out.append({"class": type(bot).__name__, **{k: getattr(bot, k) for k in KNOBS},
                    "rollout": bot._rollout})
    return out


def _path(folder: Path, pairing: Pairing, seed: int) -> Path:
    return folder / f"{pairing.key.replace(':', '--')}--seed{seed}.jsonl"


def load(path: Path, settings: dict, bots: list | None = None) -> dict[int, dict]:
    """The games already in ``path`` by number (none when it does not exist); a line cut short by a stop
    while writing is skipped (its game is played again).  A file whose first line names other
    ``settings`` (or other search ``bots``: :func:`knobs`) raises :class:`SettingsMismatch`."""
    if not path.exists():
        return {}
    rows: dict[int, dict] = {}
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    for n, line in enumerate(lines):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            continue
        if n == 0:
            if obj.get("settings") != settings:
                raise SettingsMismatch(f"{path} holds games of other settings ({obj.get('settings')}); give "
                                       f"another --dir or --seed, or move the file away")
            if bots is not None and "bots" in obj and obj["bots"] != bots:
                raise SettingsMismatch(f"{path} holds games of search bots set otherwise ({obj['bots']}, now "
                                       f"{bots}); give another --dir or --seed, or move the file away")
            continue
        if isinstance(obj, dict) and isinstance(obj.get("number"), int):
            rows[obj["number"]] = obj
    return rows


def _append(path: Path, head: dict, row: dict) -> None:
    size = path.stat().st_size if path.exists() else 0
    cut = False
    if size:
        with open(path, "rb") as fh:
            fh.seek(size - 1)
            cut = fh.read(1) != b"\n"  # a line cut short by a stop while writing: the game starts a new one
    with open(path, "a", encoding="utf-8") as fh:
        if not size:
            fh.write(json.dumps(head) + "\n")
        fh.write(("\n" if cut else "") + json.dumps(row, default=str) + "\n")
        fh.flush()
        os.fsync(fh.fileno())


# ------------------------------------------------------------------------------------------------ the run
def run(rows: list[Pairing], *, games: int = GOAL_GAMES, seed: int = 0, folder="strength-results",
        workers: int | None = 1, executor=None, max_steps: int = 20_000, until: float | None = None,
        log=None) -> dict[str, list[dict]]:
    """Play the games each pairing's file in ``folder`` lacks (at most ``games`` a pairing), appending each
    as it finishes; returns every pairing's games by key.  ``until``: a time (``time.time()``) after which no
    game is started (and, in-process, the run stops after the game under way); games under way in a pool
    are waited for.  ``log(text)`` hears each finished game.  A game that raises is not kept and does not stop
    the others: :class:`GamesFailed` is raised at the end, with every game played and each error."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    done: dict[str, dict[int, dict]] = {}
    todo = []
    plans = {}
    for p in rows:
        settings = p.settings(seed, max_steps)
        bots = knobs(p)
        path = _path(folder, p, seed)
        done[p.key] = load(path, settings, bots)
        plans[p.key] = (make_plan(p.game, bots=list(p.bots), seed=seed, players=p.players,
                                  max_steps=max_steps), path, {"settings": settings, "bots": bots})
        todo += [(p.key, i) for i in range(games) if i not in done[p.key]]
    # interleave the pairings so that a stopped run has a few games of each
    todo.sort(key=lambda t: (t[1], [p.key for p in rows].index(t[0])))

    def keep(key, row):
        plan, path, head = plans[key]
        _append(path, head, row)
        done[key][row["number"]] = row
        if log is not None:
            log(f"{key} game {row['number']}: " + _line(row))

    def late() -> bool:
        return until is not None and time.time() >= until

    failures: list = []

    def failed(key, i, exc):  # a game that raises is a bug: the run goes on with the others, then says so
        failures.append((key, i, exc))
        if log is not None:
            log(f"{key} game {i}: stopped by an error ({type(exc).__name__}: {exc}); not kept")

    if executor is None and (workers or default_workers()) == 1:
        for key, i in todo:
            if late():
                break
            try:
                row = play(plans[key][0], i)
            except Exception as exc:  # noqa: BLE001 - any error of a game is reported, the run goes on
                failed(key, i, exc)
                continue
            keep(key, row)
    else:
        owned = executor is None
        pool = ProcessPoolExecutor(workers or default_workers()) if owned else _client_executor(executor)
        slots = (workers or default_workers()) if owned else 2 * _capacity(pool)  # a game queued per worker
        queue = list(todo)
        pending: dict = {}
        try:
            while queue or pending:
                while queue and len(pending) < slots and not late():
                    key, i = queue.pop(0)
                    pending[pool.submit(play, plans[key][0], i)] = (key, i)
                if not pending:
                    break
                finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                for fut in finished:
                    key, i = pending.pop(fut)
                    try:
                        row = fut.result()
                    except Exception as exc:  # noqa: BLE001 - any error of a game is reported, the run goes on
                        failed(key, i, exc)
                        continue
                    keep(key, row)
        finally:
            for fut in pending:
                fut.cancel()
            if owned:
                pool.shutdown(wait=True, cancel_futures=True)
    results = {k: [v[i] for i in sorted(v)] for k, v in done.items()}
    if failures:
        raise GamesFailed(results, failures)
    return results


def _line(row: dict) -> str:
    won = 0 in [_entrant(row, s) for s in row["winners"]]
    dec = row["decisions_by_seat"]
    seat = _seat_of(row, 0)
    return (f"{'won' if won else 'lost'} ({row['reason']}), {row['decisions']} decisions, "
            f"search {dec[seat]} decisions at {row['think_seconds_by_seat'][seat] / max(1, dec[seat]):.2f} s")


def _entrant(row: dict, seat: int) -> int:
    return int(row["seats"][seat].partition(":")[0])


def _seat_of(row: dict, entrant: int) -> int:
    return next(s for s in range(row["players"]) if _entrant(row, s) == entrant)


def summarize(pairing: Pairing, games: list[dict]) -> dict:
    """Entrant 0's figures over ``games``: ``games, wins, rate, low, high, mean_s, max_s, cpu_s, max_cpu_s,
    decisions_per_game`` (a shared win counts ``1/k``; an unfinished game is played, not won)."""
    n = len(games)
    wins = think = cpu = 0.0
    decisions = 0
    longest = longest_cpu = 0.0
    for row in games:
        seat = _seat_of(row, 0)
        winners = row["winners"] if row["finished"] else []
        if seat in winners:
            wins += 1.0 / len(winners)
        think += row["think_seconds_by_seat"][seat]
        cpu += row.get("cpu_think_seconds_by_seat", row["think_seconds_by_seat"])[seat]
        decisions += row["decisions_by_seat"][seat]
        longest = max(longest, row.get("max_think_seconds_by_seat", [0.0] * row["players"])[seat])
        longest_cpu = max(longest_cpu, row.get("max_cpu_seconds_by_seat", [0.0] * row["players"])[seat])
    low, high = wilson(wins, n)
    return {"games": n, "wins": wins, "rate": wins / n if n else 0.0, "low": low, "high": high,
            "mean_s": think / decisions if decisions else 0.0, "max_s": longest,
            "cpu_s": cpu / decisions if decisions else 0.0, "max_cpu_s": longest_cpu,
            "decisions_per_game": decisions / n if n else 0.0}


def goal_met(s: dict) -> bool | None:
    """Whether a Pax pairing's figures (:func:`summarize`) meet the project's goal: at least 55% won, the
    interval's lower end at least 45%, at most 1 s a decision in CPU seconds (the search's own cost; on a
    shared machine the wall clock also counts waiting for a core); ``None`` before 200 games."""
    if s["games"] < GOAL_GAMES:
        return None
    return s["rate"] >= GOAL_RATE and s["low"] >= GOAL_LOW and s["cpu_s"] <= GOAL_SECONDS


def results_in(folder, rows: list[Pairing], seed: int = 0, max_steps: int = 20_000) -> dict[str, list[dict]]:
    """The games in ``folder`` of each pairing of ``rows`` (none for a pairing without a file); a file of
    other settings raises :class:`SettingsMismatch`."""
    folder = Path(folder)
    return {p.key: list(load(_path(folder, p, seed), p.settings(seed, max_steps)).values()) for p in rows}


def figures(folder, search: str = "search-strong", seed: int = 0) -> dict:
    """The table's figures for the README (``python -m illumi_widgets.bench --strength``): the search, the
    run's seed, the goal, and per pairing its key, title, game, fair share, :func:`summarize` figures and
    ``met`` (:func:`goal_met` for Pax's pairings: ``None`` before 200 games and for the other games)."""
    rows = pairings(search)
    results = results_in(folder, rows, seed)
    out = []
    for p in rows:
        s = summarize(p, results[p.key])
        out.append({"key": p.key, "title": p.title, "game": p.game, "fair": p.fair, **s,
                    "met": goal_met(s) if p.game == "pax" else None})
    return {"search": search, "seed": seed,
            "goal": {"rate": GOAL_RATE, "low": GOAL_LOW, "seconds": GOAL_SECONDS, "games": GOAL_GAMES},
            "pairings": out}


def table(rows: list[Pairing], results: dict[str, list[dict]], games: int = GOAL_GAMES) -> str:
    """The strength table as text (one line per pairing)."""
    head = (f"{'pairing':<60} {'games':>9} {'wins':>6} {'win %':>6} {'95% interval':>13} {'fair':>5} "
            f"{'s/dec':>6} {'max s':>6} {'cpu s':>6} {'max':>5}  goal")
    out = [head, "-" * len(head)]
    for p in rows:
        s = summarize(p, results.get(p.key, []))
        goal = ""
        if p.game == "pax":
            met = goal_met(s)
            goal = f"{s['games']} of {GOAL_GAMES}" if met is None else ("met" if met else "not met")
        wins = f"{s['wins']:.0f}" if math.isclose(s["wins"], round(s["wins"])) else f"{s['wins']:.1f}"
        out.append(f"{p.title:<60} {s['games']:>4}/{games:<4} {wins:>6} {s['rate']:>6.1%} "
                   f"{s['low']:>5.1%}-{s['high']:<6.1%} {p.fair:>5.0%} {s['mean_s']:>6.2f} "
                   f"{s['max_s']:>6.2f} {s['cpu_s']:>6.2f} {s['max_cpu_s']:>5.2f}  {goal}")
    left = [(p, games - len(results.get(p.key, []))) for p in rows]
    left = [(p, k) for p, k in left if k > 0]
    if left:
        # a pairing not played yet is estimated from the games of its game's other pairings, if any
        played = {}
        for p in rows:
            played.setdefault(p.game, []).extend(results.get(p.key, []))
        known = [(k, _cpu_per_game(results.get(p.key, [])) or _cpu_per_game(played[p.game])) for p, k in left]
        hours = sum(k * c for k, c in known if c is not None) / 3600
        unknown = [p.key for (p, _), (_, c) in zip(left, known, strict=True) if c is None]
        guessed = [p.key for p, _ in left if not results.get(p.key) and played[p.game]]
        out.append(f"left: {sum(k for _, k in left)} games, about {hours:.1f} CPU hours on one core at the "
                   "CPU seconds a game measured so far"
                   + (f" ({', '.join(guessed)} estimated from the other pairings of their game)"
                      if guessed else "")
                   + (f" (and {', '.join(unknown)}, not measured yet)" if unknown else ""))
    out.append("s/dec and max s: the search's seconds a decision, mean and longest, wall clock (on a busy "
               "machine it includes waiting for a core); cpu s and max: the same in CPU seconds")
    return "\n".join(out)


def _cpu_per_game(games: list[dict]) -> float | None:
    """The mean CPU seconds of a game's decisions, every seat's (None: no game played yet)."""
    if not games:
        return None
    return sum(sum(g.get("cpu_think_seconds_by_seat", g["think_seconds_by_seat"])) for g in games) / len(
        games)


def _until(text: str) -> float:
    """``HH:MM`` (UTC, today or tomorrow) or a number of minutes from now, as ``time.time()``."""
    if ":" in text:
        now = datetime.now(timezone.utc)
        hh, mm = (int(x) for x in text.split(":"))
        at = now.replace(hour=hh, minute=mm, second=0, microsecond=0)
        return at.timestamp() + (86400 if at <= now else 0)
    return time.time() + 60 * float(text)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m illumi_widgets.bots.strength",
                                 description=__doc__.split("::")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=GOAL_GAMES, help=f"games per pairing (default {GOAL_GAMES})")
    ap.add_argument("--search", default="search", choices=("search", "search-strong"),
                    help="the search bot that plays Pax's rulebook bots (default search)")
    ap.add_argument("--iterations", type=int, default=None,
                    help="the search's playouts per decision (default: the bot's own; self-play: a quarter)")
    ap.add_argument("--only", action="append", metavar="KEY",
                    help="only these pairings: a game (pax) or a key (pax:weishaupt, illuminati:quarter)")
    ap.add_argument("--seed", type=int, default=0, help="the run's seed (game i is dealt from it and i)")
    ap.add_argument("--dir", default="strength-results", help="where the results files go (resumed from)")
    ap.add_argument("--max-steps", type=int, default=20_000, help="decisions before a game is cut")
    ap.add_argument("--until", metavar="HH:MM|MINUTES", help="start no game after this time (UTC) or minutes")
    ap.add_argument("--table", action="store_true", help="print the table of the files so far; play nothing")
    ap.add_argument("--quiet", action="store_true", help="no line per finished game")
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None, help="local processes (default: one per CPU)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="a Dask cluster, e.g. tcp://scheduler:8786")
    args = ap.parse_args(argv)
    if args.games < 0:
        ap.error("--games must be at least 0")
    if args.workers is not None and args.workers < 1:
        ap.error("--workers must be at least 1")
    if args.iterations is not None and args.iterations < 4:
        ap.error("--iterations must be at least 4 (the self-play rows use a quarter)")
    rows = pairings(args.search, args.iterations, args.only)
    if not rows:
        ap.error(f"--only {', '.join(args.only)} names no pairing; keys: "
                 + ", ".join(p.key for p in pairings(args.search)))
    until = _until(args.until) if args.until else None
    client = None
    if args.scheduler:
        try:
            from dask.distributed import Client
        except ImportError:
            ap.error("--scheduler needs Dask: pip install 'illumi-widgets[dask]'")
        client = Client(args.scheduler)
    log = None if args.quiet else (lambda text: print(text, flush=True))
    try:
        results = run(rows, games=0 if args.table else args.games, seed=args.seed, folder=args.dir,
                      workers=args.workers, executor=client, max_steps=args.max_steps, until=until, log=log)
    except SettingsMismatch as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except GamesFailed as exc:
        print(table(rows, exc.results, args.games))
        for key, i, err in exc.failures:
            print(f"error: {key} game {i} stopped: {type(err).__name__}: {err} (not kept; a resumed run "
                  "plays it again)", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("stopped: the games finished so far are in " + args.dir, file=sys.stderr)
        results = results_in(args.dir, rows, args.seed, args.max_steps)
    finally:
        if client is not None:
            client.close()
    if args.table:
        results = results_in(args.dir, rows, args.seed, args.max_steps)
    print(table(rows, results, args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
