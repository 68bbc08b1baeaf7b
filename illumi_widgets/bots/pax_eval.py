"""A position evaluation for Pax Illuminaten, used by the search bot at the end of its playouts.

``values(game, d)`` gives every seat an estimated chance to win in ``[0, 1]`` from a material score:

* Influence on claimed Plots (two at once win the game),
* the points Faction Scoring would give now (``board.faction_scores``), weighted up as the game nears
  its end (Edicts discarded),
* Influence on the map, more in groups of same-Faction cards that are (or may grow into) a Faction's
  largest Lodge, Faction cards held, Favor and cards in hand (means to get there).

Each seat's chance is a logistic of its lead over the best rival.  ``heuristic(game, d, seat)`` is the
one-seat form.  It reads the full data of the position it is given — the search bot only gives it
determinized worlds (see ``bots.base``).
"""

from __future__ import annotations

import math

from ..games.pax import board as B

PREFER = ("claimplot", "claimfaction")
"""Action kinds a playout takes whenever legal (free progress towards the two ways to win)."""

W_PLOT = 10.0
W_SCORE = 1.0
W_SCORE_LATE = 3.0
W_INFLUENCE = 0.8
W_GROUP = 0.5
W_FACTION_CARD = 1.0
W_FACTION_CARD_LATE = 2.0  # the tie-break of Faction Scoring
W_FAVOR = 0.2
W_HAND = 0.2
SCALE = 3.0


def _groups(game, faces) -> list:
    """Every Faction's connected groups of face-up cards (side-adjacent, any size): ``(size, cells, best)``
    where ``best`` says the group is (tied) largest of its Faction — Lodges and Lodges in the making."""
    nb = game.nb
    out = []
    for f in {f for card in faces if card is not None for f in card.factions}:
        cells = {c for c, card in enumerate(faces) if card is not None and f in card.factions}
        comps = []
        while cells:
            stack = [cells.pop()]
            comp = []
            while stack:
                c = stack.pop()
                comp.append(c)
                for x in nb[c]:
                    if x in cells:
                        cells.discard(x)
                        stack.append(x)
            comps.append(comp)
        big = max(len(c) for c in comps)
        out.extend((len(c), c, len(c) == big) for c in comps)
    return out


def legal(game, d, seat: int) -> list:
    """The legal actions of ``seat`` for the search tree.  A payment's candidates are exactly the ways to pay
    (``pay_vectors``), so they are taken as they are instead of checking each against the same enumeration.
    Everything else is ``game.legal``.  (The bot's final choice is always checked against the real legal
    actions by ``bots.base.decide``.)"""
    f = d.frames[-1] if d.frames else None
    if f is not None and f.get("t") == "pay" and f.get("seat") == seat:
        return list(game.candidates(d, seat))
    return game.legal(d, seat)


def scores(game, d) -> list[float]:
    """The material score of every seat (see the module docstring)."""
    n = d.seats
    if not d.cards:
        return [0.0] * n
    faces = game.faces(d)
    per = B.faction_scores(game.geom, faces, d.infl, n)
    late = 1.0 if d.final_round else min(1.0, game.edicts_discarded(d) / 5.0)
    on_map = [0] * n
    for t in d.infl:
        for x in t:
            if x is not None:
                on_map[x] += 1
    group = [0.0] * n  # Influence in groups that are, or may grow into, a Faction's largest Lodge
    for size, cells, best in _groups(game, faces):
        weight = min(size, 3) / 3.0 * (1.0 if best else 0.5)
        for c in cells:
            for x in d.infl[c]:
                if x is not None:
                    group[x] += weight
    held = [0] * n
    for s in d.faction_holder.values():
        held[s] += 1
    out = []
    for s in range(n):
        plots = sum(1 for on in d.claims[s].values() if on)
        out.append(W_PLOT * plots + (W_SCORE + W_SCORE_LATE * late) * sum(per[s].values())
                   + W_INFLUENCE * on_map[s] + W_GROUP * group[s]
                   + (W_FACTION_CARD + W_FACTION_CARD_LATE * late) * held[s]
                   + W_FAVOR * sum(d.favor[s]) + W_HAND * len(d.hands[s]))
    return out


def values(game, d) -> list[float]:
    """Every seat's estimated chance to win, in ``[0, 1]`` (exact when the game is over)."""
    n = d.seats
    if d.result is not None:
        winners = d.result.get("winners", [])
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    sc = scores(game, d)
    out = []
    for s in range(n):
        best = max(sc[o] for o in range(n) if o != s)
        out.append(1.0 / (1.0 + math.exp(-(sc[s] - best) / SCALE)))
    return out


def heuristic(game, d, seat: int) -> float:
    """``seat``'s estimated chance to win the position ``d``, in ``[0, 1]``."""
    return values(game, d)[seat]
