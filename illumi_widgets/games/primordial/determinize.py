"""Re-deal what one seat cannot see: the Primordial Secrets side of ``Game.determinize`` (search bots).

A NEW position (``d`` is never changed) in which, for ``seat``:

* its own Deck is shuffled (nobody knows a Deck's order, not even its owner);
* every other player's hand and Deck are pooled and dealt again (hand size kept); a sealed plot of another
  player is replaced by a random plot of the new hand with a random Intent of their Intent Deck — the seat
  never reads another's sealed choice;
* the Pawn Deck is shuffled; the Royal Deck and the Royals removed at setup are pooled and dealt again.

Kept as they are, because the public record tells them: Secrets zones (everyone starts with the same six and
every steal is revealed into an Intent Discard), Intent Decks (Starting Intents, used Intents revealed, reset
choices revealed), Discards and the expensive Pawns held out.  ``state.view(seat)`` is unchanged by the
re-deal (``tests/primordial/test_bots.py``).  Each pool is sorted before it is shuffled (a canonical order),
so the copy depends only on what the seat sees: twin positions give the same copy for the same ``rng``
(``tests/analysis/test_blind_worlds.py``). ``seat=None`` re-deals every hand; ``OMNISCIENT`` changes nothing.
"""

from __future__ import annotations

from illumi_widgets.engine.game import OMNISCIENT

from .model import clone


def determinize(g, d, seat, rng):
    w = clone(d)
    if seat == OMNISCIENT or w["box"]:
        return w
    n = w["n"]
    f = w["frames"][-1] if w["frames"] else None
    for s in range(n):
        if s == seat:
            w["deck"][s] = rng.shuffle(sorted(w["deck"][s]))
            continue
        k = len(w["hand"][s])
        pool = rng.shuffle(sorted(w["hand"][s] + w["deck"][s]))
        w["hand"][s], w["deck"][s] = pool[:k], pool[k:]
        if f is not None and f["t"] == "plot" and str(s) in f["commits"]:
            hand = list(w["hand"][s])
            rng.shuffle(hand)
            hosts = hand[:min(3, len(hand))]
            f["commits"][str(s)] = [hosts, rng.choice(w["intent_deck"][s])]
        if f is not None and f["t"] == "reset" and str(s) in f["commits"]:
            pool = sorted(g.reset_pool(w, s))
            rng.shuffle(pool)
            f["commits"][str(s)] = pool[:min(5, len(pool))]
    w["pawn_deck"] = rng.shuffle(sorted(w["pawn_deck"]))
    royals = rng.shuffle(sorted(w["royal_deck"] + w["removed"]))
    k = len(w["royal_deck"])
    w["royal_deck"], w["removed"] = royals[:k], royals[k:]
    return w
