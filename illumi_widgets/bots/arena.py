"""Bot-versus-bot evaluation: win rates with Wilson 95% intervals, game lengths and time per move."""

from __future__ import annotations

import math

from ..engine import Rng, load_game
from .base import Bot, run_bots
from .registry import make_bot


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes in ``n`` trials (``(0, 1)`` when ``n == 0``)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def _label(spec, i: int) -> str:
    if isinstance(spec, str):
        return spec
    if isinstance(spec, tuple):
        return spec[0]
    return getattr(spec, "name", f"bot{i}")


def _build(spec, seat: int, seed: int) -> Bot:
    if isinstance(spec, str):
        return make_bot(spec, seat, seed=seed)
    if isinstance(spec, tuple):  # (name, options)
        opts = {"seed": seed, **spec[1]}
        return make_bot(spec[0], seat, **opts)
    return spec(seat, seed)  # a factory (seat, seed) -> Bot


class Evaluation(dict):
    """The result of :func:`evaluate`: a dict (see there) that also prints itself as a table
    (:meth:`report`, ``str()``, a notebook's HTML) and draws its win rates as a chart (:meth:`chart`)."""

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
            by = "  ".join(f"{w:g}/{g}".rjust(6) for w, g in seats)
            lines.append(f"{lab:<18} {self['wins'][lab]:>6g}  {self['win_rate'][lab]:>8.0%}  "
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

    def chart(self, width: int = 520) -> SvgChart:
        """Win rates as horizontal bars with their 95% intervals (an SVG; shown as an image in a notebook)."""
        labs = self["entrants"]
        row, left, top = 34, 150, 26
        plot_w = width - left - 50
        h = top + row * len(labs) + 30
        x = lambda v: left + v * plot_w  # noqa: E731
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
                 f'viewBox="0 0 {width} {h}" font-family="sans-serif" font-size="12">',
                 f'<text x="{left}" y="16" font-weight="bold">Win rate, {self["games"]} games '
                 '(bars: 95% Wilson interval)</text>']
        for k in range(0, 11, 2):
            v = k / 10
            parts.append(f'<line x1="{x(v):.1f}" y1="{top - 4}" x2="{x(v):.1f}" y2="{h - 24}" '
                         f'stroke="#ddd"/><text x="{x(v):.1f}" y="{h - 10}" text-anchor="middle" '
                         f'fill="#555">{k * 10}%</text>')
        for i, lab in enumerate(labs):
            y = top + i * row
            rate = self["win_rate"][lab]
            lo, hi = self["ci95"][lab]
            mid = y + row / 2
            parts.append(f'<text x="{left - 8}" y="{mid + 4:.1f}" text-anchor="end">{_esc(lab)}</text>'
                         f'<rect x="{left}" y="{y + 6}" width="{rate * plot_w:.1f}" height="{row - 12}" '
                         f'fill="#4a78b5"/>'
                         f'<line x1="{x(lo):.1f}" y1="{mid:.1f}" x2="{x(hi):.1f}" y2="{mid:.1f}" '
                         f'stroke="#222" stroke-width="2"/>'
                         f'<text x="{x(max(rate, hi)) + 6:.1f}" y="{mid + 4:.1f}">{rate:.0%}</text>')
        parts.append("</svg>")
        return SvgChart("".join(parts))


class SvgChart:
    """An SVG image: a notebook shows it as the image, ``str()`` gives the SVG text (to save as a file)."""

    __slots__ = ("svg",)

    def __init__(self, svg: str):
        self.svg = svg

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<SvgChart, {len(self.svg)} characters of SVG>"

    def _repr_svg_(self) -> str:
        return self.svg


def _esc(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class TextProgress:
    """A one-line progress bar (``[#####.....] 12/50 games, 3.1 s``) rewritten in place on a stream;
    notebooks show it in the cell's output.  Pure Python: the bots package imports nothing from Jupyter."""

    def __init__(self, total: int, stream=None, width: int = 30, label: str = "games"):
        import sys
        import time

        self.total, self.width, self.label = total, width, label
        self.stream = stream if stream is not None else sys.stderr
        self.t0 = time.perf_counter()
        self._clock = time.perf_counter
        self.update(0)

    def update(self, done: int) -> None:
        full = int(self.width * done / self.total) if self.total else self.width
        bar = "#" * full + "." * (self.width - full)
        self.stream.write(f"\r[{bar}] {done}/{self.total} {self.label}, {self._clock() - self.t0:.1f} s")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def evaluate(bots, games: int = 10, players: int | None = None, *, game: str = "pax", seed: int = 0,
             rotate: bool = True, max_steps: int = 20_000, on_game=None, progress=False,
             **options) -> Evaluation:
    """Play ``games`` games between ``bots`` and report how each did.

    ``bots``: one spec per entrant — a registry name (``"search"``, or a rulebook bot such as
    ``"weishaupt"``, which takes its seat as a rule of the game), ``(name, options)`` like
    ``("search", {"iterations": 100})``, or a factory ``(seat, seed) -> Bot``.  ``players`` defaults to the
    number of entrants (entrants are then rotated over the seats from game to game, so first-player
    advantage cancels out).  A shared win counts as ``1/k`` of a win for each of the ``k`` winners.
    ``progress``: ``True`` shows a progress bar (on stderr, so also in a notebook cell); a callable
    ``progress(done, total)`` is called after every game instead.

    Returns an :class:`Evaluation`, a dict ``{"games", "players", "entrants", "wins", "win_rate", "ci95",
    "by_seat", "shared", "lengths", "mean_length", "seconds_per_move", "unfinished"}`` keyed by entrant
    label (``"0:search"``, ...); ``by_seat[label][seat] == (wins, games)`` in that seat.  ``print()`` it for
    the table, ``.chart()`` for the win-rate chart.
    """
    from .registry import rulebook_seats

    bots = list(bots)
    players = players or len(bots)
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bot specs, got {len(bots)}")
    labels = [f"{i}:{_label(b, i)}" for i, b in enumerate(bots)]
    tables: dict = {}

    def rules_for(entrant_of):
        # a rulebook bot is a rule of the game: one game object per arrangement of those bots over the seats
        scripted = rulebook_seats(game, {seat: bots[e] for seat, e in entrant_of.items()})
        key = tuple(sorted(scripted.items()))
        if key not in tables:
            opts = {**options, "bots": dict(scripted)} if scripted else options
            tables[key] = load_game(game, players=players, **opts)
        return tables[key]

    rng = Rng(seed)
    wins = dict.fromkeys(labels, 0.0)
    by_seat = {lab: [[0.0, 0] for _ in range(players)] for lab in labels}
    shared = 0
    unfinished = 0
    lengths: list[int] = []
    seconds = dict.fromkeys(labels, 0.0)
    moves = dict.fromkeys(labels, 0)
    bar = TextProgress(games) if progress is True else None
    for g in range(games):
        shift = g % players if rotate else 0
        entrant_of = {seat: (seat + shift) % players for seat in range(players)}
        state = rules_for(entrant_of).new_state(seed=rng.next64() >> 1)
        seated = {seat: _build(bots[entrant_of[seat]], seat, rng.next64() >> 1) for seat in range(players)}
        timing: dict = {}
        counts: dict = {}

        def count(st, act, counts=counts):
            counts[act.seat] = counts.get(act.seat, 0) + 1

        done = run_bots(state, seated, max_steps=max_steps, on_step=count, timing=timing)
        lengths.append(len(done))
        for seat in range(players):
            lab = labels[entrant_of[seat]]
            seconds[lab] += timing.get(seat, 0.0)
            moves[lab] += counts.get(seat, 0)
            by_seat[lab][seat][1] += 1
        out = state.outcome()
        if out is None:
            unfinished += 1
        else:
            winners = out.get("winners", [])
            if len(winners) > 1:
                shared += 1
            for w in winners:
                wins[labels[entrant_of[w]]] += 1.0 / len(winners)
                by_seat[labels[entrant_of[w]]][w][0] += 1.0 / len(winners)
        if on_game is not None:
            on_game(g, state, {labels[entrant_of[s]]: s for s in range(players)})
        if bar is not None:
            bar.update(g + 1)
        elif callable(progress):
            progress(g + 1, games)
    return Evaluation({
        "games": games,
        "players": players,
        "entrants": labels,
        "wins": wins,
        "win_rate": {lab: wins[lab] / games if games else 0.0 for lab in labels},
        "ci95": {lab: wilson(wins[lab], games) for lab in labels},
        "by_seat": {lab: {s: (w, n) for s, (w, n) in enumerate(by_seat[lab])} for lab in labels},
        "shared": shared,
        "unfinished": unfinished,
        "lengths": lengths,
        "mean_length": sum(lengths) / len(lengths) if lengths else 0.0,
        "seconds_per_move": {lab: seconds[lab] / moves[lab] if moves[lab] else 0.0 for lab in labels},
    })
