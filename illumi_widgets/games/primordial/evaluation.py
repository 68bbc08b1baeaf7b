"""A position evaluation for Primordial Secrets, used by the search bot at the end of its playouts.

``PrimordialGame.bot_hints`` names this module: the generic search bot (``illumi_widgets.bots.search``) reads
``values`` (and ``PREFER``) from it, as it does for Pax and Gray Eminence.  Without it every unfinished
position was worth ``1/players`` to everybody, so the search (whose playouts stop two decisions after its
choice) could not tell one plot from another: the analysis overlay read 33% for every plot at 3 players.

``values(game, d)`` gives every seat an estimated chance to win, in ``[0, 1]``:

* each seat's **points**: Secrets stolen and Sacrifices collected -- the two races to six that end the game,
  each won by its own leader (ruling 13), so the seat's longer race counts whole and the shorter one half (5
  Sacrifices and no Secret is a step from winning; 3 Secrets and 2 Sacrifices is not: a plain sum rated
  them equal, and every game the search lost to random bots in its first 60 was a rival's sixth
  Sacrifice) -- and a little for Royals recruited (they count only when the last Royal ends the game);
* plus what the **round in progress** promises (the plots are revealed, the visits not all resolved): a
  pending Secret choice or Sacrifice choice counts whole; the comparison of the visit being resolved is read
  from the turn's own totals (its stat ledger included), and each visit still to come from the parties on the
  table (base insight and deceit plus the Intents' modifiers) — a steal is likely when the visitors' insight
  beats the hosts' deceit by the steal margin (4), a Sacrifice when it is below it (ruling 4);
* plus the **deck's quality**: the mean worth of the Primordials the seat owns (insight and deceit decide
  visits, devotion pays tribute, the tribute printed is the card's strength, effects included), since a
  visiting or hosting party is three cards drawn from them;
* the chances are a softmax of those scores, with a temperature that shrinks as the leading race nears six
  (early, a point decides little; one step from the end it decides nearly everything);
* a finished game gives its outcome (a win shared by ``k`` seats is worth ``1/k``).

It reads the full data of the position it is given — the search bot only gives it determinized worlds (the
seat's view with every hidden card re-dealt, ``determinize.py``).
"""

from __future__ import annotations

import math

from . import effects as E
from .flow import GOAL
from .scoring import royals_held, secrets_held

#: host/visitor splits of the hand a plot considers (:func:`legal`)
KEEP_SPLITS = 6
#: action kinds a playout takes whenever legal (none: playouts choose uniformly among the legal actions)
PREFER: tuple = ()

W_SECRET = 1.0  # a Secret stolen
W_SACRIFICE = 1.0  # a Sacrifice collected
W_OTHER = 0.5  # the shorter race counts half: the game ends when ONE race reaches six (its leader wins)
W_ROYAL = 0.35  # a Royal recruited (points only when the last Royal ends the game; a strong card anyway)
W_DECK = 0.8  # per point of mean card worth
P_PENDING = 0.9  # a steal or Sacrifice already decided by the comparison (its choice pending)
SLOPE = 1.2  # the logistic slope of a visit still to be compared (points of margin)
T_END = 0.6  # softmax temperature one step from the end …
T_STEP = 0.25  # … plus this much per step the leading race is from six
T_FINAL = 0.3  # once an end condition is met (the game ends with the round)

#: worth of a card: its visiting and hosting stats, its devotion (tribute), its printed tribute (strength)
_W_INSIGHT, _W_DECEIT, _W_DEVOTION, _W_TRIBUTE = 0.5, 0.5, 0.25, 0.15
_SEAT_CARD_ZONES = ("deck", "hand", "discard", "hosts", "visitors", "next_visitors")


def legal(game, d, seat) -> list:
    """The actions the search tries for ``seat``: every legal action, except that a plot considers only the
    :data:`KEEP_SPLITS` best ways to split the hand into hosts and visitors (each with every Intent).

    A hand of six different cards has 20 splits, so up to 100 plots with five Intents: the search's couple
    of hundred playouts gave each plot one or two, too few to tell them apart.  A split is rated by its
    hosts' base deceit plus its visitors' base insight (the two totals a visit compares, ruling 4); the
    Intents are all kept (where to visit, whom to invite, staying home is what the playouts judge)."""
    acts = game.legal(d, seat)
    f = d["frames"][-1] if d["frames"] and d["result"] is None else None
    if f is None or f["t"] != "plot" or len(acts) <= 1:
        return acts
    cards = game.cards
    hand = [game.types[i] for i in d["hand"][seat]]

    def rating(hosts) -> int:
        rest = list(hand)
        for c in hosts:
            rest.remove(c)
        return sum(cards[c].deceit for c in hosts) + sum(cards[c].insight for c in rest)

    splits = sorted({a.args[0] for a in acts}, key=lambda hs: (-rating(hs), hs))
    if len(splits) <= KEEP_SPLITS:
        return acts
    keep = set(splits[:KEEP_SPLITS])
    return [a for a in acts if a.args[0] in keep]


def _worth(game) -> list:
    """The worth of each card instance (cached on the game: the card set is fixed per game object)."""
    w = getattr(game, "_eval_worth", None)
    if w is None:
        w = []
        for i in range(game.n_primordials):
            c = game.cards[game.types[i]]
            w.append(_W_INSIGHT * c.insight + _W_DECEIT * c.deceit + _W_DEVOTION * c.devotion
                     + _W_TRIBUTE * c.tribute)
        game._eval_worth = w
    return w


def deck_quality(game, d, seat) -> float:
    """The mean worth of the Primordials ``seat`` owns (deck, hand, discard, parties, next round's party)."""
    w = _worth(game)
    total = count = 0
    for z in _SEAT_CARD_ZONES:
        for i in d[z][seat]:
            total += w[i]
            count += 1
    return total / count if count else 0.0


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _party_total(game, d, seat, zone, stat) -> int:
    return max(0, sum(E.base_stat(game, i, stat) for i in d[zone][seat]) + E.intent_mod(game, d, seat, stat))


def pending(game, d) -> tuple[list, list]:
    """``(secrets, sacrifices)``: each seat's expected gain from the round in progress (see the module
    docstring): pending choices, the visit being compared and the visits still to come."""
    n = d["n"]
    sec = [0.0] * n
    sac = [0.0] * n
    need = 4
    for f in d["frames"]:
        t = f.get("t")
        if t == "choose" and f.get("kind") == "steal":
            sec[f["thief"]] += P_PENDING
        elif t == "choose" and f.get("kind") == "sacrifice":
            turn = d["turn"]
            if turn is not None:
                sac[turn["h"]] += P_PENDING
        elif t == "visits":
            for v, h in f["plan"][f["i"]:]:
                if h is None:
                    continue
                m = (_party_total(game, d, v, "visitors", "insight")
                     - _party_total(game, d, h, "hosts", "deceit"))
                sec[v] += _sigmoid(SLOPE * (m - need + 0.5))
                sac[h] += _sigmoid(SLOPE * (-m - 0.5))
    turn = d["turn"]
    if turn is not None and turn.get("outcome") is None:  # the visit being resolved: not compared yet
        m = E.margin(game, d)
        need = E.rule(game, d, "steal_margin")
        sec[turn["v"]] += _sigmoid(SLOPE * (m - need + 0.5))
        if E.rule(game, d, "sacrifice_on_loss"):
            sac[turn["h"]] += _sigmoid(SLOPE * (-m - 0.5))
    return sec, sac


def scores(game, d) -> list:
    """Each seat's score (see the module docstring): points, the round's promise, deck quality."""
    sec, sac = pending(game, d)
    out = []
    for s in range(d["n"]):
        secrets = secrets_held(game, d, s) + sec[s]
        sacs = len(d["sacrifices"][s]) + sac[s]
        secrets, sacs = W_SECRET * secrets, W_SACRIFICE * sacs
        out.append(max(secrets, sacs) + W_OTHER * min(secrets, sacs) + W_ROYAL * royals_held(game, d, s)
                   + W_DECK * deck_quality(game, d, s))
    return out


def final_keys(game, d) -> list:
    """When an end condition was met this round (the game ends with it): each seat's standing under the
    first condition met in the rulebook's order (Secrets, then Sacrifices, then the last Royal), the round's
    promise included, tie-breakers as a small fraction."""
    sec, sac = pending(game, d)
    reasons = [r for r, _s in d["ends"]]
    out = []
    for s in range(d["n"]):
        secrets = secrets_held(game, d, s) + sec[s]
        sacs = len(d["sacrifices"][s]) + sac[s]
        if "secrets" in reasons:
            out.append(secrets + 0.1 * sacs)
        elif "sacrifices" in reasons:
            out.append(sacs + 0.1 * secrets)
        else:
            out.append(secrets + sacs + royals_held(game, d, s))
    return out


def steps_left(game, d) -> int:
    """How far the leading race (Secrets or Sacrifices) is from six."""
    lead = max(max(secrets_held(game, d, s) for s in range(d["n"])), max(len(x) for x in d["sacrifices"]))
    return max(1, GOAL - lead)


def values(game, d) -> list:
    """Every seat's estimated chance to win, in ``[0, 1]`` (see the module docstring)."""
    res = d["result"]
    n = d["n"]
    if res is not None:
        w = res["winners"]
        return [1.0 / len(w) if s in w else 0.0 for s in range(n)]
    if d["ends"]:  # the game ends when this round does: its own rule decides (ruling 13)
        sc, t = final_keys(game, d), T_FINAL
    else:
        sc = scores(game, d)
        t = T_END + T_STEP * (steps_left(game, d) - 1)
    top = max(sc)
    ws = [math.exp((x - top) / t) for x in sc]
    total = sum(ws)
    return [w / total for w in ws]


def heuristic(game, d, seat) -> float:
    """``values`` for one seat."""
    return values(game, d)[seat]
