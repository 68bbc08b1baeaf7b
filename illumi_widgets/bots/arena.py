"""Bot-versus-bot evaluation: win rates with Wilson 95% intervals, wins by seat, game lengths, time per move.

:func:`evaluate` runs :func:`~illumi_widgets.bots.simulation.simulate` (every local core by default, or an
executor / Dask client) and gathers its per-game results into an :class:`Evaluation`: a dict of the figures
(pure Python, printable as a table) whose games are also a pandas DataFrame (:attr:`Evaluation.frame`) with
a summary, charts and ``to_parquet`` / ``to_csv`` (these need the ``analysis`` extra: pandas, matplotlib,
pyarrow).
"""

from __future__ import annotations

import math

from .simulation import _run, make_plan

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes in ``n`` trials (``(0, 1)`` when ``n == 0``)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def _entrant_order(label: str):
    head, _, _ = label.partition(":")
    return (int(head), label) if head.isdigit() else (1 << 30, label)


def _results():
    """The module :mod:`.results` (pandas, matplotlib), or an ImportError that says what to install."""
    try:
        from . import results
    except ImportError as exc:
        raise ImportError(f"tables and charts of simulations need pandas and matplotlib ({exc}): "
                          "pip install 'illumi-widgets[analysis]'") from exc
    return results


def _num(x: float) -> str:
    """A win count: whole, or to one decimal (shared wins count ``1/k``)."""
    return f"{x:.0f}" if abs(x - round(x)) < 1e-9 else f"{x:.1f}"


class Evaluation(dict):
    """Per-game results gathered: a dict of the figures (see :func:`evaluate`) that prints itself as a table
    (:meth:`report`, ``str()``, a notebook's HTML), and the same games as data — :attr:`frame` (one row per
    game), :attr:`seat_frame` (one row per game and seat), :meth:`summary`, :meth:`seat_summary`, charts
    (:meth:`chart`, :meth:`length_chart`, :meth:`seat_chart`, :meth:`charts`) and :meth:`to_parquet` /
    :meth:`to_csv`.

    ``Evaluation(rows)`` builds one from the results of :func:`~illumi_widgets.bots.simulate` (all of one
    run: the same game and number of players)."""

    def __init__(self, rows=(), *, entrants=None, players: int | None = None):
        super().__init__()
        rows = list(rows)
        self.rows = rows
        self._frames: dict = {}
        counts = {r["players"] for r in rows}
        if len(counts) > 1:
            raise ValueError(f"an Evaluation is of one player count; these games have {sorted(counts)} "
                             "(concatenate their .frame tables instead)")
        players = players or (counts.pop() if counts else 0)
        if entrants is None:
            entrants = sorted({lab for r in rows for lab in r["seats"]}, key=_entrant_order)
        labels = list(entrants)
        n = len(rows)
        wins = dict.fromkeys(labels, 0.0)
        by_seat = {lab: [[0.0, 0] for _ in range(players)] for lab in labels}
        seconds = dict.fromkeys(labels, 0.0)
        moves = dict.fromkeys(labels, 0)
        shared = unfinished = 0
        for r in rows:
            for seat, lab in enumerate(r["seats"]):
                by_seat[lab][seat][1] += 1
                seconds[lab] += r["think_seconds_by_seat"][seat]
                moves[lab] += r["decisions_by_seat"][seat]
            if not r["finished"]:
                unfinished += 1
                continue
            winners = r["winners"]
            shared += len(winners) > 1
            for w in winners:
                lab = r["seats"][w]
                wins[lab] += 1.0 / len(winners)
                by_seat[lab][w][0] += 1.0 / len(winners)
        lengths = [r["decisions"] for r in rows]
        self.update({
            "game": rows[0]["game"] if rows else None,
            "games": n,
            "players": players,
            "entrants": labels,
            "wins": wins,
            "win_rate": {lab: wins[lab] / n if n else 0.0 for lab in labels},
            "ci95": {lab: wilson(wins[lab], n) for lab in labels},
            "by_seat": {lab: {s: (w, g) for s, (w, g) in enumerate(by_seat[lab])} for lab in labels},
            "shared": shared,
            "unfinished": unfinished,
            "lengths": lengths,
            "mean_length": sum(lengths) / n if n else 0.0,
            "seconds_per_move": {lab: seconds[lab] / moves[lab] if moves[lab] else 0.0 for lab in labels},
        })

    # ------------------------------------------------------------------ text
    def report(self) -> str:
        """Win rate with its 95% interval per entrant, wins by seat, game lengths and time per move."""
        n, players = self["games"], self["players"]
        lines = [f"{n} games, {players} players"
                 + (f" ({self['unfinished']} unfinished)" if self["unfinished"] else "")
                 + (f", {self['shared']} shared wins" if self["shared"] else "")]
        seat_head = "  ".join(f"seat {s}" for s in range(players))
        lines.append(f"{'entrant':<18} {'wins':>6}  {'win rate':>8}  {'95% interval':>13}  "
                     f"{seat_head}  ms/move")
        for lab in self["entrants"]:
            lo, hi = self["ci95"][lab]
            seats = (self["by_seat"][lab][s] for s in range(players))
            by = "  ".join(f"{_num(w)}/{g}".rjust(6) for w, g in seats)
            lines.append(f"{lab:<18} {_num(self['wins'][lab]):>6}  {self['win_rate'][lab]:>8.0%}  "
                         f"{lo:>5.0%} – {hi:<5.0%}  {by}  {self['seconds_per_move'][lab] * 1000:7.1f}")
        ls = sorted(self["lengths"])
        if ls:
            lines.append(f"game length (decisions): median {ls[len(ls) // 2]}, "
                         f"mean {self['mean_length']:.0f}, range {ls[0]}–{ls[-1]}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.report()

    def _repr_html_(self) -> str:
        import html

        return f"<pre>{html.escape(self.report())}</pre>"

    # ------------------------------------------------------------------ data (pandas: the analysis extra)
    @property
    def frame(self):
        """The games as a pandas DataFrame, one row per game (columns: ``simulation.COLUMNS``, and ``record``
        when the run kept records)."""
        if "games" not in self._frames:
            self._frames["games"] = _results().games_frame(self.rows)
        return self._frames["games"]

    @property
    def seat_frame(self):
        """One row per game and seat: ``entrant``, ``bot``, ``won`` (a shared win counts ``1/k``), …"""
        if "seats" not in self._frames:
            self._frames["seats"] = _results().seat_frame(self.frame)
        return self._frames["seats"]

    def summary(self):
        """Per entrant: games, wins, win rate with its Wilson 95% interval and time per decision (a DataFrame
        computed from :attr:`seat_frame`)."""
        return _results().summary(self.seat_frame)

    def seat_summary(self, by: str = "turn_order", by_entrant: bool = False):
        """Win rate by turn order (``by="seat"``: by seat) with its Wilson 95% interval — first-player
        advantage; ``by_entrant``: per entrant too."""
        return _results().seat_summary(self.seat_frame, by=by, by_entrant=by_entrant)

    def to_parquet(self, path, **kwargs):
        """Write :attr:`frame` to a Parquet file (pyarrow)."""
        return self.frame.to_parquet(path, **kwargs)

    def to_csv(self, path, **kwargs):
        """Write :attr:`frame` to a CSV file (list columns are written as text)."""
        return self.frame.to_csv(path, index=False, **kwargs)

    # ------------------------------------------------------------------ charts (matplotlib)
    def chart(self, ax=None):
        """Win rate per entrant with its 95% interval (a matplotlib Figure; a notebook shows it)."""
        return _results().win_rate_chart(self.summary(), title=self._title(), ax=ax)

    def length_chart(self, ax=None):
        """The distribution of game lengths (players' decisions per game)."""
        return _results().length_chart(self.frame, title=self._title(), ax=ax)

    def seat_chart(self, by: str = "turn_order", ax=None):
        """Win rate by turn order (or ``by="seat"``) with its 95% interval, against the fair share."""
        return _results().seat_chart(self.seat_summary(by=by), players=self["players"], title=self._title(),
                                     ax=ax)

    def charts(self):
        """The three charts side by side in one Figure."""
        fig = _results().new_figure(figsize=(15, 3.8))
        axes = fig.subplots(1, 3)
        self.chart(ax=axes[0])
        self.length_chart(ax=axes[1])
        self.seat_chart(ax=axes[2])
        return fig

    def _title(self) -> str:
        return f"{self['game']}, {self['players']} players, {self['games']} games"


def evaluate(bots, games: int = 10, players: int | None = None, *, game: str = "pax", seed: int = 0,
             rotate: bool = True, max_steps: int = 20_000, on_game=None, progress=True,
             workers: int | None = None, executor=None, records: bool = False, chunk_size: int | None = None,
             **options) -> Evaluation:
    """Play ``games`` games between ``bots`` and report how each did.

    ``bots``: one spec per entrant — a registry name (``"search"``, or a rulebook bot such as
    ``"weishaupt"``, which takes its seat as a rule of the game), ``(name, options)`` like
    ``("search", {"iterations": 100})``, or a factory ``(seat, seed) -> Bot``.  ``players`` defaults to the
    number of entrants (entrants are then rotated over the seats from game to game, so first-player
    advantage cancels out).  A shared win counts as ``1/k`` of a win for each of the ``k`` winners.
    Game ``i`` is dealt from a seed derived from ``seed`` and ``i``: the results are the same whatever runs
    them.

    Where: ``workers=None`` uses every local core (a process pool), ``workers=1`` plays here, ``executor=``
    takes any ``concurrent.futures.Executor`` or a ``dask.distributed.Client`` (see
    :func:`~illumi_widgets.bots.simulate`).  ``progress``: ``True`` shows a ``tqdm.auto`` bar; a callable
    ``progress(done, total)`` is called as games finish instead.  ``on_game(i, state, {label: seat})`` is
    called with each finished game's state (in-process only).  ``records=True`` keeps each game's record
    (column ``record`` of :attr:`Evaluation.frame`).

    Returns an :class:`Evaluation`, a dict ``{"game", "games", "players", "entrants", "wins", "win_rate",
    "ci95", "by_seat", "shared", "lengths", "mean_length", "seconds_per_move", "unfinished"}`` keyed by
    entrant label (``"0:search"``, ...); ``by_seat[label][seat] == (wins, games)`` in that seat.  ``print()``
    it for the table, ``.frame`` for the games as a DataFrame, ``.summary()``, ``.chart()``, ``.charts()``.
    """
    bots = list(bots)
    players = players or len(bots)
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bot specs, got {len(bots)}")
    plan = make_plan(game, bots=list(bots), seed=seed, players=players, rotate=rotate, max_steps=max_steps,
                     records=records, **options)
    on_state = None
    if on_game is not None:
        if workers is None and executor is None:
            workers = 1

        def on_state(i, state):
            on_game(i, state, {plan.labels[e]: s for s, e in enumerate(plan.entrant_of(i))})

    rows = _run(plan, games, workers=workers, executor=executor, progress=progress, chunk=chunk_size,
                on_state=on_state)
    return Evaluation(rows, entrants=plan.labels, players=players)
