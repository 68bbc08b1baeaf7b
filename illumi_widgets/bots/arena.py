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


def evaluate(bots, games: int = 10, players: int | None = None, *, game: str = "pax", seed: int = 0,
             rotate: bool = True, max_steps: int = 20_000, on_game=None, **options) -> dict:
    """Play ``games`` games between ``bots`` and report how each did.

    ``bots``: one spec per entrant — a registry name (``"search"``), ``(name, options)`` like
    ``("search", {"iterations": 100})``, or a factory ``(seat, seed) -> Bot``.  ``players`` defaults to the
    number of entrants (entrants are then rotated over the seats from game to game, so first-player
    advantage cancels out).  A shared win counts as ``1/k`` of a win for each of the ``k`` winners.

    Returns ``{"games", "players", "entrants", "wins", "win_rate", "ci95", "shared", "lengths",
    "mean_length", "seconds_per_move", "unfinished"}`` keyed by entrant label (``"0:search"``, ...).
    """
    bots = list(bots)
    players = players or len(bots)
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bot specs, got {len(bots)}")
    labels = [f"{i}:{_label(b, i)}" for i, b in enumerate(bots)]
    rules = load_game(game, players=players, **options)
    rng = Rng(seed)
    wins = dict.fromkeys(labels, 0.0)
    shared = 0
    unfinished = 0
    lengths: list[int] = []
    seconds = dict.fromkeys(labels, 0.0)
    moves = dict.fromkeys(labels, 0)
    for g in range(games):
        shift = g % players if rotate else 0
        entrant_of = {seat: (seat + shift) % players for seat in range(players)}
        state = rules.new_state(seed=rng.next64() >> 1)
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
        out = state.outcome()
        if out is None:
            unfinished += 1
        else:
            winners = out.get("winners", [])
            if len(winners) > 1:
                shared += 1
            for w in winners:
                wins[labels[entrant_of[w]]] += 1.0 / len(winners)
        if on_game is not None:
            on_game(g, state, {labels[entrant_of[s]]: s for s in range(players)})
    return {
        "games": games,
        "players": players,
        "entrants": labels,
        "wins": wins,
        "win_rate": {lab: wins[lab] / games if games else 0.0 for lab in labels},
        "ci95": {lab: wilson(wins[lab], games) for lab in labels},
        "shared": shared,
        "unfinished": unfinished,
        "lengths": lengths,
        "mean_length": sum(lengths) / len(lengths) if lengths else 0.0,
        "seconds_per_move": {lab: seconds[lab] / moves[lab] if moves[lab] else 0.0 for lab in labels},
    }
