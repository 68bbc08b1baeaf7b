"""Primordial Secrets for reinforcement learning: the words of its notation (the action codec) and its
structured observation.

Used by :mod:`illumi_widgets.rl` (found by convention as ``illumi_widgets.games.<game>.codec``); pure data
about the notation (``notation.py``), no learning library. Every word listed here gets one action token; a
word not listed (a chance seed, say) is spelled character by character, so the list only has to be complete
for compactness, never for correctness.

The observation (:mod:`illumi_widgets.rl.features`): ``observation_context(game)`` and ``observe(ctx, view,
f)`` turn the seat's view into named fixed-length fields, listed with their lengths and meaning in
``observe``'s docstring below. It has sealed simultaneous decisions (``SEALED``), so its OpenSpiel game is
``Dynamics.SIMULTANEOUS``.
"""

from __future__ import annotations

#: the keywords of the notation, in a fixed order: new words go at the END of the list
KEYWORDS = ("plot", "host", "visit", "order", "choose", "steal", "sacrifice", "recruit", "done", "reset",
            "deal", "shuffle", "pawns", "red", "blue", "green", "yellow")

#: the game has sealed simultaneous decisions: OpenSpiel declares it Dynamics.SIMULTANEOUS
SEALED = True

MAX_NUMBER = 12  # copy numbers ("order messenger 2") are one token each


def vocabulary(game) -> list[str]:
    """Keywords, small numbers, and every card and Intent id of the game's card set (sorted: stable for a
    card file)."""
    words = list(KEYWORDS) + [str(i) for i in range(MAX_NUMBER + 1)]
    words += sorted(game.card_ids) + sorted(set(game.intent_ids) - set(game.card_ids))
    return words


# -- observation (structured; see illumi_widgets.rl.features) ------------------------------------------------
SEAT_COUNTS = ("deck", "hand_count", "discard", "intent_deck", "intent_discard", "secrets", "stolen",
               "royals", "plotted", "first_visitor")
SEAT_CARDS = ("sacrifices", "next_visitors", "hosts", "visitors")
COURT_COUNTS = ("familiars", "pawn_deck", "royal_deck", "held_out", "removed")
TURN_NUMBERS = ("insight", "deceit", "devotion", "spent", "sacrifice_cost", "margin", "steal_margin")


def observation_context(game):
    from ...rl.features import Vocab

    n = game.players
    return {"n": n, "seats": Vocab(range(n)),
            "kinds": Vocab(sorted(game.card_ids) + sorted(set(game.intent_ids) - set(game.card_ids)))}


def _kinds(cards):
    return [c.get("card") for c in cards or () if isinstance(c, dict)]


def observe(ctx, view, f) -> None:
    """The fields of a Primordial Secrets observation (``n`` seats; ``K`` card kinds — every card and Intent
    of the card set, copies of one kind counted together; per-seat blocks seat 0 first):

    ``me`` [n]; ``round`` [1]; ``phase`` [8] (CRC-32 one-hot); per seat ``deck``, ``hand_count``,
    ``discard``, ``intent_deck``, ``intent_discard``, ``secrets``, ``stolen``, ``royals``, ``plotted``,
    ``first_visitor`` [n]; ``hand``, ``intents`` [K] this seat's own hand and Intent deck; ``discard_top``,
    ``intent_discard_top``, ``intent`` [n·K]; ``sacrifices``, ``next_visitors``, ``hosts``, ``visitors``
    [n·K]; this seat's own sealed plot ``plot_hosts``, ``plot_visitors``, ``plot_intent``, ``plot_reset``
    [K]; ``court_pawns``, ``court_royals`` [K]; ``court`` [5] Familiars, Pawn deck, Royal deck, held-out
    Pawns, removed Royals; ``banished`` [K]; the visit under way: ``turn_visitor``, ``turn_host`` [n],
    ``turn_step`` [8], ``turn`` [7] insight, deceit, devotion, spent, Sacrifice cost, margin, steal margin;
    the pending step: ``pending`` [8], ``pending_kind`` [8], ``pending_seat`` [n], ``pending_count`` [1],
    ``pending_options`` [K] (the cards this seat may look through); the last visit: ``last_visitor``,
    ``last_host`` [n], ``last`` [2] insight, deceit, ``last_outcome`` [4]; ``terminal`` [1].
    """
    from ...rl.features import counts, onehot

    n, seats, kinds = ctx["n"], ctx["seats"], ctx["kinds"]
    me = view.get("perspective") if isinstance(view.get("perspective"), int) else None
    f.onehot("me", me, seats)
    f.num("round", view.get("round"))
    f.category("phase", view.get("phase"), 8)
    rows = list(view.get("seats") or [])
    rows += [{}] * (n - len(rows))
    for key in SEAT_COUNTS:
        f.nums(key, [r.get(key) for r in rows], n)
    mine = rows[me] if me is not None else {}
    f.counts("hand", _kinds(mine.get("hand")), kinds)
    f.counts("intents", _kinds(mine.get("intents")), kinds)
    for key in ("discard_top", "intent_discard_top", "intent"):
        block: list = []
        for r in rows:
            block += onehot((r.get(key) or {}).get("card"), kinds)
        f.add(key, block)
    for key in SEAT_CARDS:
        block = []
        for r in rows:
            block += counts(_kinds(r.get(key)), kinds)
        f.add(key, block)
    plot = mine.get("plot") or {}
    f.counts("plot_hosts", _kinds(plot.get("hosts")), kinds)
    f.counts("plot_visitors", _kinds(plot.get("visitors")), kinds)
    f.onehot("plot_intent", (plot.get("intent") or {}).get("card"), kinds)
    f.counts("plot_reset", _kinds(plot.get("reset")), kinds)
    court = view.get("court") or {}
    f.counts("court_pawns", _kinds(court.get("pawns")), kinds)
    f.counts("court_royals", _kinds(court.get("royals")), kinds)
    f.nums("court", [court.get(k) for k in COURT_COUNTS], len(COURT_COUNTS))
    f.counts("banished", _kinds(view.get("banished")), kinds)
    t = view.get("turn") or {}
    f.onehot("turn_visitor", t.get("visitor"), seats)
    f.onehot("turn_host", t.get("host"), seats)
    f.category("turn_step", t.get("step"), 8)
    f.nums("turn", [t.get(k) if isinstance(t.get(k), (int, float)) else None for k in TURN_NUMBERS],
           len(TURN_NUMBERS))
    p = view.get("pending") or {}
    f.category("pending", p.get("t"), 8)
    f.category("pending_kind", p.get("kind"), 8)
    f.onehot("pending_seat", p.get("seat"), seats)
    f.num("pending_count", p.get("count"))
    f.counts("pending_options", _kinds(p.get("options")), kinds)
    last = view.get("last_visit") or {}
    f.onehot("last_visitor", last.get("v"), seats)
    f.onehot("last_host", last.get("h"), seats)
    f.nums("last", [last.get("insight"), last.get("deceit")], 2)
    f.category("last_outcome", last.get("outcome"), 4)
    f.num("terminal", view.get("terminal"))
