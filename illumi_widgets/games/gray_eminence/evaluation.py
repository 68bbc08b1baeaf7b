"""A position evaluation for Gray Eminence, used by the search bot at the end of its playouts.

``GrayEminenceGame.bot_hints`` names this module: the generic search bot (``illumi_widgets.bots.search``)
reads ``values`` and ``PREFER`` from it.

``values(game, d)`` gives every seat an estimated chance to win in ``[0, 1]``:

* each seat's **expected final score**: the Victory Points it would score if the game ended now (markers,
  completed Secret Objectives, the resource VPs for the strictly most of each resource and in total), plus
  what its objectives still promise — the Public Objective of its Gray Eminence card and each Secret
  Objective it holds, each worth its VP times a chance to complete it (high when its condition holds and its
  spend is affordable now, low otherwise), at most one per Scoring phase still to come (one objective per
  round) — plus a little for resources (they pay the spends and decide the resource VPs) and hand cards;
* the chances are a softmax of those scores, whose temperature shrinks as the game nears its end (early, a
  lead of a few VP decides little; in the last round it decides nearly everything);
* a finished game gives its outcome (a win shared by ``k`` seats is worth ``1/k``; when the scenario's
  Common Objective fails, everybody loses: 0).

The former evaluation (the seat's *share* of the VPs on the table) valued a lead of 2 VP over 10 at barely
more than a tie and ignored objectives still to complete; against two ``random`` bots (3 players, 200
playouts a decision) it won 26 of 30 games (seed 18), this one 29 of 30 on the same seeds and 34 of 36 on
seeds 1000-1005 (``evaluate(["search", "random", "random"], game="gray-eminence", ...)``, 2026-11-25).

It reads the full data of the position it is given — the search bot only gives it determinized worlds (the
seat's view with every hidden card re-dealt, ``determinize.py``).
"""

from __future__ import annotations

import math

from . import effects as E
from .phases import ROUND
from .scoring import scores

#: action kinds a playout takes whenever legal: a rival declines a trade proposal (READING: a bot's trading
#: policy is its search; playouts do not trade, so they stay short and never stall), and an objective that
#: can be completed is completed (free VP)
PREFER = ("decline", "complete")

P_READY = 0.9  # an objective whose condition holds and whose spend is affordable now
P_CONDITION = 0.55  # its condition holds but the spend is not affordable now
P_LATER = 0.2  # neither, with the whole game ahead (scaled by the share of Scoring phases left)
W_RESOURCE = 0.15  # per resource in the Box of Secrets
W_CARD = 0.05  # per Action card in hand
T_END = 1.0  # softmax temperature (VP) in the last Scoring phase …
T_ROUND = 0.5  # … plus this much per further Scoring phase to come

_SCORING = ROUND.index("scoring")


def scorings_left(d) -> int:
    """The Scoring phases still to come, this round's included while it has not ended."""
    rnd, rounds = d["round"], d["rounds"]
    if rnd < 1:
        return rounds
    phase = d.get("phase")
    this = 1 if phase in ROUND and ROUND.index(phase) <= _SCORING else 0
    return max(0, rounds - rnd) + this


def _chance(game, d, seat, obj, left, rounds) -> float:
    if E.condition(game, d, obj["requires"], seat):
        return P_READY if game._can_pay(d, seat, obj["spend"]) else P_CONDITION
    return P_LATER * left / max(1, rounds)


def expected_scores(game, d) -> list:
    """Each seat's expected final score (see the module docstring)."""
    sc = scores(game, d)
    left = scorings_left(d)
    rounds = d["rounds"]
    out = []
    for s in range(d["n"]):
        promised = []
        if left and s in d["track"]:  # (during setup the track is being filled: conditions cannot be read)
            if d["ge"][s] is not None and not d["pub_done"][s]:
                obj = game.cards.eminences[d["ge"][s]]["objective"]
                promised.append(obj["vp"] * _chance(game, d, s, obj, left, rounds))
            for x in d["secret"][s]:
                obj = game.cards.objectives[x]
                promised.append(obj["vp"][game.length] * _chance(game, d, s, obj, left, rounds))
        promised.sort(reverse=True)
        out.append(sc[s]["total"] + sum(promised[:left]) + W_RESOURCE * sum(d["box"][s])
                   + W_CARD * len(d["hands"][s]))
    return out


def values(game, d) -> list:
    """Every seat's estimated chance to win, in ``[0, 1]`` (see the module docstring)."""
    res = d["result"]
    n = d["n"]
    if res is not None:
        w = res["winners"]
        return [1.0 / len(w) if s in w else 0.0 for s in range(n)]
    exp = expected_scores(game, d)
    t = T_END + T_ROUND * max(0, scorings_left(d) - 1)
    top = max(exp)
    ws = [math.exp((x - top) / t) for x in exp]
    total = sum(ws)
    return [w / total for w in ws]


def heuristic(game, d, seat) -> float:
    """``values`` for one seat."""
    return values(game, d)[seat]
