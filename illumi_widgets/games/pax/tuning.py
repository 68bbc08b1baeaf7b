"""Where the race evaluation's weights come from: a logistic regression over searched games.

    python -m illumi_widgets.games.pax.tuning --games 100 --iterations 200 --workers 2

At a table with a rulebook bot, the Pax evaluation (:mod:`.evaluation`, :func:`~.evaluation.race_values`)
gives the people a chance to win that is a logistic of the best person's progress towards two Plots against
each bot plot's progress.  This module plays ``games`` games of the search bot against each rulebook bot (2
players, seats rotated, on the parallel runner :func:`illumi_widgets.bots.simulate`, keeping every record),
replays each record and notes, at the start of each of the person's turns, the features of
:func:`features`; then it fits a logistic regression of the person's result on them (:func:`fit`: L2
penalty, Newton's method) and prints the fitted weights beside the ones the evaluation uses.

The evaluation's bot terms (:data:`~.evaluation.RACE_PLOTS`) and constant are such a fit, rounded, with a
term of the wrong sign (a confound of the policy that played the games) set to 0; the person's terms are set
by hand so that every step of progress counts (the fit's own are noisy: the games seldom get far), and
:data:`~.evaluation.RACE_MET` by the rules (a bot whose plot is met wins at its next Check Phase; such
positions hardly occur at the start of a person's turn, so no fit sees them).  A fit describes the games of
the policy that played them: refit after the search changes.

Needs numpy (the ``analysis`` or ``test`` extras); the engine itself never imports this module.
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from . import evaluation as E

#: the bot plot kinds, in the order of their features
PLOT_KINDS = tuple(E.RACE_PLOTS)
#: the name of each feature of :func:`features`, in order
NAMES = ("constant", "race", "race^2", "favor") + tuple(f"{k}{p}" for k in PLOT_KINDS for p in ("", "^3"))
RULEBOOK = ("st-germain", "joseph-ii", "cagliostro", "weishaupt")


def features(game, d, seat: int) -> list[float]:
    """The race features of ``seat`` (a person) at a table with a rulebook bot: 1, its race progress and its
    square (:func:`~.evaluation.race_progress`), its Favor, and each bot plot kind's progress ``v`` and
    ``v**3`` (0 for the kinds no bot at the table has)."""
    race = E.race_progress(game, d, seat)
    prog = dict.fromkeys(PLOT_KINDS, 0.0)
    for b in game.automa:
        for plot, v in E.bot_progress(game, d, b).items():
            prog[plot] = max(prog.get(plot, 0.0), v)
    out = [1.0, race, race * race, float(sum(d.favor[seat]))]
    for k in PLOT_KINDS:
        out += [prog[k], prog[k] ** 3]
    return out


def current_weights() -> list[float]:
    """The weights the evaluation uses, in the order of :data:`NAMES`: each term of the people's logit."""
    out = [E.RACE_C0, E.RACE_A1, E.RACE_A2, E.RACE_FAVOR]
    for k in PLOT_KINDS:
        out += list(E.RACE_PLOTS[k])
    return out


def positions(record: dict) -> tuple[list[list[float]], float]:
    """Replay one 2-player game against a rulebook bot: the person's features at the start of each of its
    turns (:func:`features`), and its result (1 a win, 0 a loss, ``1/k`` a win shared by ``k``)."""
    from ...engine import load_record

    state = load_record(record)
    game = state.game
    person = next(s for s in range(game.players) if s not in game.automa)
    outcome = state.outcome() or {}
    winners = outcome.get("winners", [])
    result = 1.0 / len(winners) if person in winners else 0.0
    state.goto(state.history_start)
    rows, seen = [], None
    while True:
        d = state.data
        if d.result is None and d.active == person and (d.round, d.turn) != seen and d.cards:
            seen = (d.round, d.turn)
            rows.append(features(game, d, person))
        if not state.can_redo():
            break
        state.redo()
    return rows, result


def collect(bots=RULEBOOK, games: int = 100, iterations: int = 200, seed: int = 0, workers=None,
            progress=False) -> dict[str, list]:
    """Play ``games`` games of ``search`` (``iterations`` playouts) against each of ``bots`` and return
    ``{bot: [(rows, result), ...]}`` (:func:`positions` of every game)."""
    from ...bots import simulate

    out: dict[str, list] = {}
    for bot in bots:
        runs = simulate("pax", games, bots=[("search", {"iterations": iterations}), bot], seed=seed,
                        workers=workers, records=True, progress=progress)
        out[bot] = [positions(json.loads(r["record"])) for r in runs]
    return out


def fit(rows, results, l2: float = 1.0, steps: int = 60):
    """The logistic regression of ``results`` (each in ``[0, 1]``) on ``rows`` (feature lists whose first
    entry is the constant 1): weights maximizing the log-likelihood minus ``l2 / 2`` times the squared
    weights (the constant's excepted), by Newton's method.  Returns a numpy array."""
    import numpy as np

    x = np.asarray(rows, dtype=float)
    y = np.asarray(results, dtype=float)
    w = np.zeros(x.shape[1])
    pen = np.r_[0.0, np.full(x.shape[1] - 1, float(l2))]
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + pen * w
        hess = (x.T * (p * (1.0 - p))) @ x + np.diag(pen)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    return w


def log_loss(rows, results, w) -> float:
    """The mean log-loss of weights ``w`` on ``rows`` / ``results``."""
    total = 0.0
    for row, y in zip(rows, results, strict=True):
        z = sum(a * b for a, b in zip(row, w, strict=True))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-z))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(rows))


def report(games_by_bot: dict[str, list], l2: float = 1.0) -> str:
    """Fit every position of every game and return a table: each weight fitted and in use, the log-loss of
    both, and each bot's games and the person's wins."""
    rows, results = [], []
    lines = []
    for bot, games in games_by_bot.items():
        wins = sum(r for _rows, r in games)
        lines.append(f"{bot}: {len(games)} games, the search won {wins:g}")
        for g_rows, r in games:
            rows += g_rows
            results += [r] * len(g_rows)
    if not rows:
        return "\n".join(lines + ["no positions"])
    w = fit(rows, results, l2)
    now_logit = current_weights()
    lines.append(f"{len(rows)} positions; log-loss fitted {log_loss(rows, results, list(w)):.3f}, "
                 f"in use {log_loss(rows, results, now_logit):.3f}")
    lines.append(f"{'feature':<16} {'fitted':>8} {'in use':>8}")
    for name, a, b in zip(NAMES, w, now_logit, strict=True):
        lines.append(f"{name:<16} {a:>+8.3f} {b:>+8.3f}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m illumi_widgets.games.pax.tuning",
                                 description="Fit the Pax race evaluation's weights to searched games "
                                             "against the rulebook bots (prints them; changes nothing).")
    ap.add_argument("--games", type=int, default=100, help="games against each rulebook bot (default 100)")
    ap.add_argument("--iterations", type=int, default=200, help="the search's playouts per decision")
    ap.add_argument("--bots", default=",".join(RULEBOOK), help="rulebook bots, comma-separated")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None, help="local processes (default: every core)")
    ap.add_argument("--l2", type=float, default=1.0, help="the L2 penalty of the fit")
    args = ap.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    bad = [b for b in bots if b not in RULEBOOK]
    if bad:
        ap.error(f"unknown rulebook bot(s) {', '.join(bad)}; known: {', '.join(RULEBOOK)}")
    if args.games < 1 or args.iterations < 1:
        ap.error("--games and --iterations must be at least 1")
    print(report(collect(bots, args.games, args.iterations, args.seed, args.workers, progress=True), args.l2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
