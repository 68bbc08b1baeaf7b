"""The sealed decisions' listings (plots and Intent resets) built on demand.

A seat's plots are every three hosts of its hand with every Visiting Intent of its Intent Deck (up to a
hundred), its Intent resets every five of its pool; all of them are listed at every version of the Plotting
Phase, for every seat still to plot, and random play or a bot then takes one.  :class:`SealedListing` is an
:class:`~illumi_widgets.engine.action.ActionList` of those actions that builds an :class:`Action` only when
it is read: its length, one item by index and the lookup of an action are counted from the host sets and
the Intents, without an action each; iterating it builds them all once (the same objects ever after).  Its
content is exactly the list built eagerly (``tests/primordial/test_fast_legal.py`` compares it with the
candidates that pass ``check`` at every step of random games).
"""

from __future__ import annotations

from itertools import combinations

from illumi_widgets.engine.action import Action, ActionList

#: host sets and Intents kept per game (hands and Intents repeat across rounds and games); cleared when full
CACHE_LIMIT = 20000
#: listings kept per game, by the seat's very cards (what one phase asks again); cleared when full
LISTINGS_KEPT = 64


class SealedListing(ActionList):
    """``Action(seat, kind, args)`` for every ``args``, in order, built when read: for a plot ``(row,
    col)`` for each row (a set of hosts) and each col (a Visiting Intent), for a reset ``(row,)`` for each
    row (five Intents; ``cols`` None).  ``rows`` and ``cols`` are ``(values, {value: index})``."""

    __slots__ = ("_seat", "_kind", "_rows", "_row_pos", "_cols", "_col_pos", "_m", "_n", "_fmt", "_built",
                 "_all")

    def __init__(self, seat: int, kind: str, rows: tuple, cols: tuple | None, fmt):
        # (the base class's ``_items`` is the property below: every method of it reads the full tuple)
        self._seat, self._kind, self._fmt = seat, kind, fmt
        self._rows, self._row_pos = rows
        if cols is None:
            self._cols = self._col_pos = None
            self._m = 1
        else:
            self._cols, self._col_pos = cols
            self._m = len(self._cols)
        self._n = len(self._rows) * self._m
        self._built: dict = {}
        self._all = None
        self._index = None
        self._by_text = None

    def _action(self, i: int) -> Action:
        a = self._built.get(i)
        if a is None:
            if self._cols is None:
                args = (self._rows[i],)
            else:
                r, c = divmod(i, self._m)
                args = (self._rows[r], self._cols[c])
            a = self._built[i] = Action(self._seat, self._kind, args, "", self._fmt)
        return a

    def _where(self, args) -> int | None:
        """The index of the arguments ``args`` in this listing, or None (may raise on unhashable ones)."""
        if not isinstance(args, tuple):
            return None
        if self._cols is None:
            if len(args) != 1:
                return None
            return self._row_pos.get(args[0])
        if len(args) != 2:
            return None
        r = self._row_pos.get(args[0])
        c = self._col_pos.get(args[1])
        return None if r is None or c is None else r * self._m + c

    @property
    def _items(self) -> tuple:
        if self._all is None:
            self._all = tuple(self._action(i) for i in range(self._n))
        return self._all

    def __len__(self) -> int:
        return self._n

    def __bool__(self) -> bool:
        return self._n > 0

    def __getitem__(self, i):
        if i.__class__ is int:
            n = self._n
            if not -n <= i < n:
                raise IndexError("listing index out of range")
            return self._action(i % n)
        return self._items[i]

    def get(self, action):
        """The listed action equal to ``action`` (this listing's own object), or None; as
        :meth:`ActionList.get`, found from its arguments instead of a scan."""
        if action.__class__ is not Action:
            return None
        try:
            i = self._where(action.args)
            if i is None or not (action.seat == self._seat and action.kind == self._kind):
                return None
        except Exception:  # noqa: BLE001 - a hostile argument is listed nowhere, never a raw error
            return None
        return self._action(i)

    def lists(self, action) -> bool:
        """Whether ``action`` is one of this listing's own objects (by identity: nothing is built)."""
        if action.__class__ is not Action:
            return False
        try:
            i = self._where(action.args)
        except Exception:  # noqa: BLE001 - a hostile argument is listed nowhere, never a raw error
            return False
        return i is not None and self._built.get(i) is action

    def __reduce__(self):  # (a copy or a pickle is the plain list of the same actions)
        return (ActionList, (self._items,))


def _indexed(values) -> tuple:
    values = tuple(values)
    return values, {v: i for i, v in enumerate(values)}


def sealed_listing(g, d, t: str, seat: int) -> SealedListing:
    """The plots (``t`` "plot": three hosts of the hand and a Visiting Intent) or Intent resets ("reset":
    five Intents of the pool) of ``seat``, kept in ``g._listing_cache`` per seat and cards for the phase;
    the host sets of a hand, the Intents and the choices of a pool are kept in ``g._plot_cache`` per cards
    (the same cards give the same actions), shared by every seat.  READING: with fewer than six cards in
    hand, up to three host and the rest visit; with fewer than five Intents in the pool, all are kept."""
    if t == "plot":
        hand, deck = d["hand"][seat], d["intent_deck"][seat]
        key = (seat, tuple(hand), tuple(deck))  # (the instances: no sorting when the seat's cards repeat)
    else:
        pool = g.reset_pool(d, seat)
        key = (seat, "reset", tuple(pool))
    listings = g._listing_cache  # (this phase's listings: every seat's is asked again after each commit)
    got = listings.get(key)
    if got is not None:
        return got
    if len(listings) > LISTINGS_KEPT:
        listings.clear()
    cache = g._plot_cache
    if len(cache) > CACHE_LIMIT:
        cache.clear()
    types = g.types
    if t == "plot":
        cards = ("hosts", *sorted([types[i] for i in hand]))
        rows = cache.get(cards)
        if rows is None:
            k = min(3, len(cards) - 1)
            rows = cache[cards] = _indexed(sorted(set(combinations(cards[1:], k))))
        intents = ("intents", *sorted({types[i] for i in deck}))
        cols = cache.get(intents)
        if cols is None:
            cols = cache[intents] = _indexed(intents[1:])
    else:
        cards = ("reset", *sorted([types[i] for i in pool]))
        rows = cache.get(cards)
        if rows is None:
            rows = cache[cards] = _indexed(sorted(set(combinations(cards[1:], min(5, len(cards) - 1)))))
        cols = None
    got = listings[key] = SealedListing(seat, t, rows, cols, g.format)
    return got
