"""The sealed decisions' listings (plots and Intent resets) built on demand.

A seat's plots are every three hosts of its hand with every Visiting Intent of its Intent Deck (up to a
hundred), its Intent resets every five of its pool; all of them are listed at every version of the Plotting
Phase, for every seat still to plot, and random play or a bot then takes one.  :class:`SealedListing` is an
:class:`~illumi_widgets.engine.action.ActionList` of those actions that builds an :class:`Action` only when
it is read: its length, one item by index and the lookup of an action cost no action each; iterating it
builds them all once (the same objects ever after).  Its content is exactly the list built eagerly
(``tests/primordial/test_fast_legal.py`` compares it with the candidates that pass ``check``).
"""

from __future__ import annotations

from itertools import combinations

from illumi_widgets.engine.action import Action, ActionList

#: listings kept per game (a seat's hand and Intents repeat across rounds and games); cleared when full
CACHE_LIMIT = 20000


class SealedListing(ActionList):
    """``Action(seat, kind, args)`` for each ``args`` of ``arglist`` in order, built when read."""

    __slots__ = ("_seat", "_kind", "_args", "_fmt", "_pos", "_built", "_all")

    def __init__(self, seat: int, kind: str, arglist: tuple, pos: dict, fmt):
        # (the base class's ``_items`` is the property below: every method of it reads the full tuple)
        self._seat, self._kind, self._args, self._pos, self._fmt = seat, kind, arglist, pos, fmt
        self._built: dict = {}
        self._all = None
        self._index = None
        self._by_text = None

    def _action(self, i: int) -> Action:
        a = self._built.get(i)
        if a is None:
            a = self._built[i] = Action(self._seat, self._kind, self._args[i], "", self._fmt)
        return a

    @property
    def _items(self) -> tuple:
        if self._all is None:
            self._all = tuple(self._action(i) for i in range(len(self._args)))
        return self._all

    def __len__(self) -> int:
        return len(self._args)

    def __bool__(self) -> bool:
        return bool(self._args)

    def __getitem__(self, i):
        if i.__class__ is int:
            n = len(self._args)
            if not -n <= i < n:
                raise IndexError("listing index out of range")
            return self._action(i % n)
        return self._items[i]

    def get(self, action):
        """The listed action equal to ``action`` (this listing's own object), or None; as
        :meth:`ActionList.get`, found by its arguments instead of a scan."""
        if action.__class__ is not Action:
            return None
        try:
            i = self._pos.get(action.args)
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
            i = self._pos.get(action.args)
        except Exception:  # noqa: BLE001 - a hostile argument is listed nowhere, never a raw error
            return False
        return i is not None and self._built.get(i) is action

    def __reduce__(self):  # (a copy or a pickle is the plain list of the same actions)
        return (ActionList, (self._items,))


def sealed_listing(g, d, t: str, seat: int) -> SealedListing:
    """The plots (``t`` "plot": three hosts of the hand and a Visiting Intent) or Intent resets ("reset":
    five Intents of the pool) of ``seat``, kept per seat, hand and Intents in ``g._plot_cache`` (the same
    hand and Intents give the same actions).  READING: with fewer than six cards in hand, up to three
    host and the rest visit; with fewer than five Intents in the pool, all of them are kept."""
    types = g.types
    if t == "plot":
        hand = tuple(sorted([types[i] for i in d["hand"][seat]]))
        intents = tuple(sorted({types[i] for i in d["intent_deck"][seat]}))
        key = (seat, hand, intents)
    else:
        pool = tuple(sorted([types[i] for i in g.reset_pool(d, seat)]))
        key = (seat, "reset", pool)
    cache = g._plot_cache
    got = cache.get(key)
    if got is None:
        shared = key[1:]  # (the arguments do not depend on the seat: shared by every seat)
        args = cache.get(shared)
        if args is None:
            if t == "plot":
                arglist = tuple((hs, it) for hs in sorted(set(combinations(hand, min(3, len(hand)))))
                                for it in intents)
            else:
                arglist = tuple((c,) for c in sorted(set(combinations(pool, min(5, len(pool))))))
            args = cache[shared] = (arglist, {a: i for i, a in enumerate(arglist)})
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        got = cache[key] = SealedListing(seat, t, args[0], args[1], g.format)
    return got
