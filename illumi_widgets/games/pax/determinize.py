"""Re-deal what one seat cannot see: the Pax side of ``Game.determinize`` (search bots).

``determinize(game, d, seat, rng)`` returns a NEW :class:`PaxData` (``d`` is never changed) in which every
card ``seat`` cannot see is dealt again, uniformly at random among the places it could be, while everything
the seat sees stays exactly where it is.  ``game.view(new, seat) == game.view(d, seat)`` (see
``tests/bots/test_determinize.py``), so a copy carries no more information than the seat's own view.

What is re-dealt (and what each hidden place keeps: its size, and any card the seat knows is there):

* Luminaries — face-down map cards, the draw pile (contents and order) and the cards in other seats' hands
  that are not in ``d.known[s]`` (cards every seat saw go there, e.g. from the Court, stay put).  A face-down
  cell's empty Locations follow its new card.  A rival's sealed Oust commit stays sealed: the rival's hand
  is re-dealt and the commit becomes a random card of the new hand (``None`` stays ``None``: an empty hand).
* Plots — other seats' unrevealed private Plots, the Plot pile, and a Plot another seat drew and is deciding
  whether to keep (a ``plotkeep`` frame).
* Events — the Event deck (contents and order), other seats' held Special Events, the three Specials boxed at
  setup, and the two cards of a pending ``keep`` choice that belongs to another seat.  Held Specials and
  boxed cards are Specials, so they receive Specials; the other places receive the rest.

Cards the seat looked at with Ecclesiastical Investigators this turn (``d.peek``) stay where they are; for
every other observer the peek record is renamed along with the cards it names, so it stays consistent.

``seat=None`` (a spectator) sees nothing private: every hand, private Plot, held Special and sealed commit
is re-dealt.  ``seat=OMNISCIENT`` sees everything: the copy is unchanged.

Every pool of unseen cards is put in a canonical (sorted) order before it is shuffled, so the re-deal depends
only on what the seat sees: two real positions the seat cannot tell apart give the same copy for the same
``rng`` (``tests/analysis/test_blind_worlds.py``).

Public knowledge that the data does not record is not used (the re-deal is a little wider than a perfect
memory would allow): which discarded cards a reshuffle put into the draw pile, the two-pile structure of the
Event deck, and the Event a seat put back on top after a ``keep`` choice.
"""

from __future__ import annotations

from ...engine import OMNISCIENT
from .model import PaxData


def _observer(d: PaxData, seat):
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < d.seats:
        return seat
    if seat is None:
        return None
    raise ValueError(f"no such seat: {seat!r}")


def determinize(game, d: PaxData, seat, rng) -> PaxData:
    """A copy of ``d`` with everything ``seat`` cannot see re-dealt at random (see the module docstring)."""
    new = d.copy()
    if seat == OMNISCIENT:
        return new
    me = _observer(d, seat)
    if not new.cards:  # before the deal: nothing is placed yet
        return new
    others = [s for s in range(new.seats) if s != me]
    peek = getattr(new, "peek", None)
    mine = peek if peek is not None and peek.get("viewer") == me and me is not None else None
    renamed = _redeal_luminaries(game, new, others, mine, rng)
    renamed.update(_redeal_plots(game, new, me, others, mine, rng))
    _redeal_events(game, new, me, others, rng)
    if peek is not None and mine is None and renamed:
        # another seat's peek names hidden cards: rename them with the re-deal (the record is replaced, not
        # changed in place: PaxData.copy shares it)
        cards = [renamed.get(c, c) for c in peek.get("cards", [])]
        if peek.get("what") == "plot" and cards and cards[0] in game.plots:
            cards = [cards[0], game.plots[cards[0]].name]
        new.peek = {**peek, "cards": cards}
    return new


def _redeal_luminaries(game, d: PaxData, others, mine, rng) -> dict:
    places: list = []  # ("map", cell) / ("deck", index) / ("hand", seat, index)
    pool: list = []
    for c, cid in enumerate(d.cards):
        if cid is not None and not d.up[c]:
            places.append(("map", c))
            pool.append(cid)
    for i, cid in enumerate(d.deck):
        places.append(("deck", i))
        pool.append(cid)
    for s in others:
        known = set(d.known[s])
        if mine is not None and mine.get("target") == s and mine.get("what") == "hand":
            known.update(mine.get("cards", ()))
        for i, cid in enumerate(d.hands[s]):
            if cid not in known:
                places.append(("hand", s, i))
                pool.append(cid)
    old = list(pool)
    pool.sort()  # a canonical order: the re-deal depends on which cards are unseen, not where they are
    rng.shuffle(pool)
    for place, cid in zip(places, pool, strict=True):
        if place[0] == "map":
            c = place[1]
            d.cards[c] = cid
            d.infl[c] = (None,) * game.nloc[cid]
        elif place[0] == "deck":
            d.deck[place[1]] = cid
        else:
            d.hands[place[1]][place[2]] = cid
    # sealed Oust commits of other seats: the card is unknown, so it is any card of the re-dealt hand
    for f in d.frames:
        if f.get("t") != "reveal":
            continue
        for s in others:
            key = str(s)
            if key in f["commits"] and f["commits"][key] is not None:
                hand = d.hands[s]
                f["commits"][key] = hand[rng.below(len(hand))] if hand else None
    return dict(zip(old, pool, strict=True))


def _redeal_plots(game, d: PaxData, me, others, mine, rng) -> dict:
    def peeked(s):
        return mine is not None and mine.get("target") == s and mine.get("what") == "plot"

    hidden = [s for s in others
              if d.private_plot[s] is not None and not d.private_revealed[s] and not peeked(s)]
    drawn = [f for f in d.frames if f.get("t") == "plotkeep" and f.get("seat") != me]
    old = [d.private_plot[s] for s in hidden] + [f["new"] for f in drawn] + list(d.plot_pile)
    pool = sorted(old)  # canonical order (see _redeal_luminaries)
    rng.shuffle(pool)
    renamed = dict(zip(old, pool, strict=True))
    for s in hidden:
        d.private_plot[s] = renamed[d.private_plot[s]]
    for f in drawn:
        f["new"] = renamed[f["new"]]
    d.plot_pile = [renamed[p] for p in d.plot_pile]
    for f in d.frames:  # a drawer's current Plot, named in its plotkeep frame
        if f.get("t") == "plotkeep" and f.get("old") is not None:
            f["old"] = renamed.get(f["old"], f["old"])
    return renamed


def _redeal_events(game, d: PaxData, me, others, rng) -> None:
    # places that only a Special can fill (held Specials, the box) and places any Event can fill
    special_places: list = [("hand", s, i) for s in others for i in range(len(d.special_hand[s]))]
    special_places += [("box", i) for i in range(len(d.boxed_events))]
    any_places: list = [("deck", i) for i in range(len(d.event_deck))]
    pool = [e for s in others for e in d.special_hand[s]] + list(d.boxed_events) + list(d.event_deck)
    keep_frames = [f for f in d.frames if f.get("t") == "keep" and f.get("seat") != me]
    for fi, f in enumerate(keep_frames):
        any_places += [("keep", fi, i) for i in range(len(f["cards"]))]
        pool += list(f["cards"])
    pool.sort()  # canonical order (see _redeal_luminaries)
    specials = [e for e in pool if game.events[e].kind != "edict"]
    rest = [e for e in pool if game.events[e].kind == "edict"]
    rng.shuffle(specials)
    k = len(special_places)
    if k > len(specials):  # cannot happen in a consistent position; leave the events as they are
        return
    rest += specials[k:]
    rng.shuffle(rest)
    for place, e in zip(special_places + any_places, specials[:k] + rest, strict=True):
        if place[0] == "hand":
            d.special_hand[place[1]][place[2]] = e
        elif place[0] == "box":
            d.boxed_events[place[1]] = e
        elif place[0] == "deck":
            d.event_deck[place[1]] = e
        else:
            keep_frames[place[1]]["cards"][place[2]] = e
