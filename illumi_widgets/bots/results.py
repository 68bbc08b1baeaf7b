"""Simulation results as data: pandas tables and matplotlib charts (the ``analysis`` extra).

* :func:`games_frame` — one row per game (the dicts :func:`~illumi_widgets.bots.simulate` yields);
* :func:`seat_frame` — one row per game and seat (entrant, bot, ``won``: 1, ``1/k`` of a ``k``-way shared
  win, or 0; ``turn_order``: 0 for the seat that made the first decision, then in seat order);
* :func:`summary` / :func:`seat_summary` — win rates with Wilson 95% intervals, computed from a seat frame;
* :func:`win_rate_chart`, :func:`length_chart`, :func:`seat_chart` — matplotlib Figures (no pyplot: nothing
  global, any backend; a notebook shows them as PNG images).

Only :mod:`illumi_widgets.bots.arena` imports this module, lazily: importing the bots or the engine never
imports pandas or matplotlib.
"""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter

from .arena import Z95
from .simulation import COLUMNS

SEAT_COLUMNS = ("game", "number", "seed", "players", "seat", "turn_order", "entrant", "bot", "won", "winner",
                "shared", "finished", "decisions", "think_seconds", "score")

__all__ = ["Chart", "games_frame", "length_chart", "seat_chart", "seat_frame", "seat_summary", "summary",
           "wilson_interval", "win_rate_chart"]


class Chart(Figure):
    """A matplotlib Figure that a notebook shows as a PNG image (also without ``pyplot`` or ``%matplotlib``);
    ``fig.savefig(path)`` writes it to a file."""

    def _repr_png_(self) -> bytes:
        buf = io.BytesIO()
        self.savefig(buf, format="png", dpi=100, bbox_inches="tight")
        return buf.getvalue()


def new_figure(figsize=(6.4, 3.6)) -> Chart:
    return Chart(figsize=figsize, layout="constrained")


def wilson_interval(wins, n, z: float = Z95):
    """Wilson score interval, vectorised: ``(low, high)`` arrays for ``wins`` successes in ``n`` trials
    (``(0, 1)`` where ``n == 0``)."""
    wins = np.asarray(wins, dtype=float)
    n = np.asarray(n, dtype=float)
    safe = np.where(n > 0, n, 1.0)
    p = wins / safe
    den = 1 + z * z / safe
    mid = (p + z * z / (2 * safe)) / den
    half = z * np.sqrt(p * (1 - p) / safe + z * z / (4 * safe * safe)) / den
    low = np.where(n > 0, np.clip(mid - half, 0.0, 1.0), 0.0)
    high = np.where(n > 0, np.clip(mid + half, 0.0, 1.0), 1.0)
    return low, high


# ------------------------------------------------------------------------------------------------ tables
def games_frame(rows) -> pd.DataFrame:
    """One row per game, the columns of :data:`~illumi_widgets.bots.simulation.COLUMNS` (and ``record``
    when kept).  Per-seat columns (``seats``, ``bots``, ``winners``, ``scores``, …) hold lists."""
    rows = list(rows)
    columns = list(COLUMNS) + (["record"] if any("record" in r for r in rows) else [])
    df = pd.DataFrame.from_records(rows, columns=columns)
    df["first"] = df["first"].astype("Int64")  # None when no decision was made
    for col in ("number", "seed", "players", "length", "decisions"):
        df[col] = df[col].astype("int64")
    df["finished"] = df["finished"].astype(bool)
    return df


def seat_frame(games: pd.DataFrame) -> pd.DataFrame:
    """One row per game and seat: ``game, number, seed, players, seat, turn_order, entrant, bot, won, winner,
    shared, finished, decisions, think_seconds, score``.  ``won`` is the win credit (1, ``1/k`` of a
    ``k``-way shared win, 0); ``turn_order`` counts seats from the one that made the first decision, in seat
    order (0 = the first player, in a game played in seat order like Pax)."""
    out = []
    for g in games.itertuples(index=False):
        winners = set(g.winners)
        credit = 1.0 / len(winners) if winners else 0.0
        scores = g.scores if isinstance(g.scores, (list, tuple)) else [None] * g.players
        first = None if pd.isna(g.first) else int(g.first)
        for seat in range(g.players):
            out.append((g.game, g.number, g.seed, g.players, seat,
                        None if first is None else (seat - first) % g.players,
                        g.seats[seat], g.bots[seat], credit if seat in winners else 0.0, seat in winners,
                        len(winners) > 1, g.finished, g.decisions_by_seat[seat],
                        g.think_seconds_by_seat[seat], scores[seat]))
    df = pd.DataFrame(out, columns=list(SEAT_COLUMNS))
    df["turn_order"] = df["turn_order"].astype("Int64")
    df["score"] = pd.to_numeric(df["score"], errors="coerce")
    return df


def _rates(grouped) -> pd.DataFrame:
    t = grouped.agg(games=("won", "size"), wins=("won", "sum"))
    t["win_rate"] = t["wins"] / t["games"]
    t["ci_low"], t["ci_high"] = wilson_interval(t["wins"], t["games"])
    return t


def _entrant_key(labels: pd.Index) -> pd.Index:
    return pd.Index([int(s.partition(":")[0]) if s.partition(":")[0].isdigit() else 1 << 30 for s in labels])


def summary(seats: pd.DataFrame) -> pd.DataFrame:
    """Per entrant (index): ``bot, games, wins, win_rate, ci_low, ci_high`` (Wilson 95%), ``decisions`` and
    ``ms_per_decision``.  A shared win counts ``1/k``; an unfinished game counts as played, not won."""
    g = seats.groupby("entrant", sort=False)
    t = _rates(g)
    t.insert(0, "bot", g["bot"].first())
    t["decisions"] = g["decisions"].sum()
    dec = t["decisions"].where(t["decisions"] > 0)
    t["ms_per_decision"] = (g["think_seconds"].sum() / dec * 1000).fillna(0.0)
    return t.sort_index(key=_entrant_key)


def seat_summary(seats: pd.DataFrame, by: str = "turn_order", by_entrant: bool = False) -> pd.DataFrame:
    """Win rate by ``by`` (``"turn_order"``, default: first player, second, …; or ``"seat"``), per entrant
    too with ``by_entrant``: ``games, wins, win_rate, ci_low, ci_high``."""
    keys = ["entrant", by] if by_entrant else [by]
    return _rates(seats.groupby(keys))


# ------------------------------------------------------------------------------------------------ charts
def _axes(ax, figsize):
    if ax is not None:
        return ax.figure, ax
    fig = new_figure(figsize)
    return fig, fig.add_subplot()


def win_rate_chart(table: pd.DataFrame, *, title: str = "", ax=None) -> Figure:
    """Horizontal bars of ``win_rate`` per row of ``table`` (:func:`summary`) with the 95% interval."""
    fig, ax = _axes(ax, (6.4, 0.5 + 0.55 * max(1, len(table))))
    labels = [str(i) for i in table.index][::-1]
    rate = table["win_rate"].to_numpy()[::-1]
    err = np.vstack([rate - table["ci_low"].to_numpy()[::-1], table["ci_high"].to_numpy()[::-1] - rate])
    ax.barh(labels, rate, xerr=err, color="#4a78b5", ecolor="#222", capsize=4)
    for y, r in enumerate(rate):
        ax.annotate(f"{r:.0%}", (r, y), xytext=(6, -10), textcoords="offset points", fontsize=9)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("win rate (bars: 95% Wilson interval)")
    ax.set_title(f"Win rate{', ' + title if title else ''}", fontsize=10)
    ax.grid(axis="x", color="#ddd")
    ax.set_axisbelow(True)
    return fig


def length_chart(games: pd.DataFrame, *, column: str = "decisions", title: str = "", ax=None) -> Figure:
    """Histogram of game lengths (``column``: ``"decisions"`` by the players, or ``"length"`` with chance
    outcomes), one per player count, with the medians marked."""
    fig, ax = _axes(ax, (6.4, 3.6))
    bins = np.histogram_bin_edges(games[column], bins="auto") if len(games) else 10
    for players, part in games.groupby("players"):
        values = part[column]
        label = f"{players} players (median {values.median():.0f})"
        shown = ax.hist(values, bins=bins, alpha=0.6, label=label)
        ax.axvline(values.median(), color=shown[2][0].get_facecolor(), linestyle="--", alpha=1)
    ax.set_xlabel("decisions per game" if column == "decisions" else "actions per game (chance included)")
    ax.set_ylabel("games")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(f"Game length{', ' + title if title else ''}", fontsize=10)
    ax.legend(fontsize=8)
    return fig


def seat_chart(table: pd.DataFrame, *, players: int | None = None, title: str = "", ax=None) -> Figure:
    """Bars of win rate by turn order (or seat: the index of ``table``, :func:`seat_summary`) with 95%
    intervals and, given ``players``, the fair share ``1 / players`` as a dashed line."""
    fig, ax = _axes(ax, (6.4, 3.6))
    by = table.index.name or "turn_order"
    names = [_ordinal(int(i)) + " player" if by == "turn_order" else f"seat {int(i)}" for i in table.index]
    rate = table["win_rate"].to_numpy()
    err = np.vstack([rate - table["ci_low"].to_numpy(), table["ci_high"].to_numpy() - rate])
    ax.bar(names, rate, yerr=err, color="#c0843d", ecolor="#222", capsize=4)
    if players:
        ax.axhline(1 / players, color="#555", linestyle="--", linewidth=1, label=f"fair share 1/{players}")
        ax.legend(fontsize=8)
    ax.set_ylim(0, min(1.0, max(0.1, float(np.max(table["ci_high"])) * 1.15)) if len(table) else 1)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(f"Win rate by {'turn order' if by == 'turn_order' else 'seat'}"
                 f"{', ' + title if title else ''}", fontsize=10)
    return fig


def _ordinal(n: int) -> str:
    k = n + 1
    return f"{k}{'tsnrhtdd'[(k // 10 % 10 != 1) * (k % 10 < 4) * k % 10::4]}"
