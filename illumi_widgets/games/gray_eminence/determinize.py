"""Re-deal what one seat cannot see: the Gray Eminence side of ``Game.determinize`` (search bots).

A NEW position is returned (``d`` is never changed) in which, uniformly at random among the places they
could be:

* Action cards — the other seats' hands, their programmed cards not yet resolved, the other seats' cards
  in the face-down Common Good pile, the other seats' programmed cards discarded face down and the draw
  deck — are dealt again (each place keeps its size);
* Secret Objectives — the other seats' held objectives that are neither face up nor shown to this seat, the
  three dealt to each other seat still to keep two (at setup all seats are dealt at once, rulebook "Game
  Setup" step 6: the seat sees only its own), the face-down discards and the deck — are dealt again;
* the Event, Tweet and Faction decks are shuffled (their order is hidden), and the position's own shuffle
  state is drawn again (it would predict future reshuffles);
* another seat's sealed bid, program or vote still pending is replaced by a random legal one.

Cards the seat knows (``d["known"][seat]``: shown by blackmail, traded) stay where they are.  This holds at
every step, setup (round 0) included.  (The Gray Eminences are public: which seat took which is never
re-dealt.)
Each pool is sorted before it is shuffled (a canonical order), so the copy depends only on what the seat sees:
twin positions give the same copy for the same ``rng`` (``tests/analysis/test_blind_worlds.py``).
``seat=OMNISCIENT`` sees everything: the copy is unchanged.
"""

from __future__ import annotations

from ...engine import OMNISCIENT
from . import model as M


def determinize(g, d, seat, rng):
    new = M.clone(d)
    if seat == OMNISCIENT:
        return new
    # (no shortcut for setup, round 0: the Secret Objectives dealt to the other seats at once — rulebook
    # "Game Setup" step 6 — are hidden from this seat before anyone has kept two, and are dealt again below)
    me = seat if isinstance(seat, int) else None
    kn = set(new["known"].get(str(me), [])) if me is not None else set()
    others = [s for s in range(new["n"]) if s != me]
    f = new["frames"][-1] if new["frames"] else None
    # Action cards
    places = []  # (list, index) slots to refill
    pool = []
    for s in others:
        for i, c in enumerate(new["hands"][s]):
            if c not in kn:
                places.append((new["hands"][s], i))
                pool.append(c)
        p = new["prog"][s] or {}
        for k in "ABCD":
            if k in p and p[k] not in kn:
                places.append((p, k))
                pool.append(p[k])
    for pair in new["cgpile"]:
        if pair[1] != me and pair[0] not in kn:
            places.append((pair, 0))
            pool.append(pair[0])
    deck = new["decks"]["action"]
    for i in range(len(deck)):
        places.append((deck, i))
        pool.append(deck[i])
    pile = new["discards"]["action"]  # the face-down discards (ruling 23): only their owner knows them
    down = set(M.face_down(new))
    down_at = [i for i, c in enumerate(pile) if c in down]
    for i in down_at:
        if pile[i] not in kn:
            places.append((pile, i))
            pool.append(pile[i])
    pool.sort()  # canonical order: the re-deal depends only on which cards the seat has not seen
    rng.shuffle(pool)
    for (where, i), c in zip(places, pool, strict=True):
        where[i] = c
    if down_at:
        new["facedown"] = [pile[i] for i in down_at]
    # Secret Objectives
    places, pool = [], []
    for s in others:
        for i, x in enumerate(new["secret"][s]):
            if x not in new["exposed"] and x not in kn:
                places.append((new["secret"][s], i))
                pool.append(x)
    for fr in new["frames"]:
        if fr["t"] == "keep" and fr["seat"] != me:  # dealt to another seat to keep two (setup step 6)
            for i, x in enumerate(fr["cards"]):
                if x not in kn:
                    places.append((fr["cards"], i))
                    pool.append(x)
    for lst in (new["decks"]["secret"], new["discards"]["secret"]):
        for i, x in enumerate(lst):
            if x not in kn:
                places.append((lst, i))
                pool.append(x)
    pool.sort()
    rng.shuffle(pool)
    for (where, i), x in zip(places, pool, strict=True):
        where[i] = x
    for deck in ("event", "tweet", "faction"):
        new["decks"][deck] = rng.shuffle(sorted(new["decks"][deck]))
    new["rs"] = rng.next64() >> 1
    # sealed commitments of the others still pending
    if f is not None and f["t"] == "bid":
        for s in others:
            got = f["bids"].get(str(s))
            if got:
                f["bids"][str(s)] = [rng.below(new["box"][s][r] + 1) for r in range(len(got))]
    if f is not None and f["t"] == "vote":
        for s in others:
            if str(s) in f["votes"]:
                opts = ["yes", "no"] if f["what"] == "entity" else [i + 1 for i in f["options"]]
                f["votes"][str(s)] = opts[rng.below(len(opts))]
    if f is not None and f["t"] == "program":
        for s in others:
            p = f["progs"].get(str(s))
            if not p:
                continue
            hand = sorted(new["hands"][s])
            rng.shuffle(hand)
            for k in "ABCD":
                if k in p:
                    p[k] = hand.pop()
    return new
