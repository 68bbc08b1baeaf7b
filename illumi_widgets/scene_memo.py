"""Build only what changed: a part of a scene (a function that appends items to a builder from a view) is
run again only when what it read of the view changed.

A click changes a few things of a position (an Influence on a card, a Favor token, whose turn it is); a
scene is rebuilt for every update, and most of its parts come out the same.  :func:`part` runs a part with
a view that notes which of its keys the part reads (``view[k]``, ``view.get(k)``, ``k in view``; any other
use — iterating it, its length, its items — counts as reading all of it), and keeps the items the part
appended and what it returned under the exact values of those keys (and of the part's other arguments).
The next call whose view holds the same values for those keys appends the same items without running
the part.

Exactness: the values are compared by their ``marshal`` encoding, which keeps types (``1``, ``1.0`` and
``True`` differ) and order; values that cannot be encoded that way are never remembered.  A part must be
pure in the view, the game and its arguments (no other state, the builder's items it did not append
unread) — a scene builder's parts are — and never change the view (a part that does is never remembered).
Scene items are never changed after they are made (the painter and the patches replace them), so the same
item dicts may appear in several scenes.  ``tests/pax/test_scene_memo.py`` checks that scenes built with
the memory equal scenes built without it, at every step of random games.
"""

from __future__ import annotations

import marshal
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

__all__ = ["ENABLED", "clear", "items_of", "part", "stats"]

#: set to False to build every part every time (the test compares both)
ENABLED = True
KEEP = 24  # remembered results per part (a few perspectives of a few boards alternate)
KEEP_ITEMS = 400  # remembered results per item builder (every card of a board at its places)

_ALL = "\0all"  # (the read set of a part that used the whole view)
_lock = threading.Lock()
_memory: dict[Any, OrderedDict] = {}  # part -> fingerprint -> (game, items, result)
_learned: dict[Any, tuple] = {}  # part -> the sorted keys it was ever seen to read
_counts = {"hits": 0, "misses": 0}


class _Reads(dict):
    """A shallow copy of a view that notes the keys read, and whether it was changed."""

    __slots__ = ("reads", "changed")

    def __init__(self, view: dict) -> None:
        super().__init__(view)
        self.reads: set = set()
        self.changed = False

    def __getitem__(self, key):
        self.reads.add(key)
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        self.reads.add(key)
        return dict.get(self, key, default)

    def __contains__(self, key):
        self.reads.add(key)
        return dict.__contains__(self, key)

    def __iter__(self):
        self.reads.add(_ALL)
        return dict.__iter__(self)

    def __len__(self):
        self.reads.add(_ALL)
        return dict.__len__(self)

    def __eq__(self, other):
        self.reads.add(_ALL)
        return dict.__eq__(self, other)

    __hash__ = None  # (as a dict's)

    def keys(self):
        self.reads.add(_ALL)
        return dict.keys(self)

    def items(self):
        self.reads.add(_ALL)
        return dict.items(self)

    def values(self):
        self.reads.add(_ALL)
        return dict.values(self)

    def copy(self):
        self.reads.add(_ALL)
        return dict(dict.items(self))

    def _change(self, name, *args):
        self.changed = True
        return getattr(dict, name)(self, *args)

    def __setitem__(self, key, value):
        self._change("__setitem__", key, value)

    def __delitem__(self, key):
        self._change("__delitem__", key)

    def setdefault(self, *args):
        return self._change("setdefault", *args)

    def pop(self, *args):
        return self._change("pop", *args)

    def popitem(self):
        return self._change("popitem")

    def update(self, *args, **kwargs):
        self.changed = True
        dict.update(self, *args, **kwargs)

    def clear(self):
        self._change("clear")


def _builder(out) -> tuple:
    """What of the builder an item may depend on: its ink and the text size it fits for (``fit``)."""
    return (type(out).__qualname__, getattr(out, "ink", None), getattr(out, "fit", None))


def _fingerprint(keys: tuple, view: dict, args: tuple) -> bytes | None:
    if _ALL in keys:
        values: Any = sorted(view.items(), key=lambda kv: repr(kv[0]))
    else:
        values = tuple((k, 1, view[k]) if k in view else (k, 0) for k in keys)
    try:
        return marshal.dumps((keys, values, args), 2)
    except ValueError:  # (a value marshal cannot write: never remembered)
        return None


def _run(fn: Callable, out, view: dict, game, args: tuple):
    return fn(out, view, *args) if game is None else fn(out, view, game, *args)


def _recall(fn: Callable, fp: bytes | None, game):
    """What ``fn`` left under ``fp`` with the same ``game`` object: (game, items, result), or None."""
    if fp is None:
        return None
    with _lock:
        memory = _memory.get(fn)
        got = memory.get(fp) if memory is not None else None
        if got is None or got[0] is not game:
            return None
        memory.move_to_end(fp)
        _counts["hits"] += 1
        return got


def _keep(fn: Callable, fp: bytes, entry: tuple, most: int) -> None:
    """Remember ``entry`` for ``fn`` under ``fp``, keeping at most ``most`` (the least recently used go)."""
    with _lock:
        memory = _memory.setdefault(fn, OrderedDict())
        memory[fp] = entry
        while len(memory) > most:
            memory.popitem(last=False)


def part(fn: Callable, out, view: dict, game, *args):
    """``fn(out, view, game, *args)`` (``fn(out, view, *args)`` when ``game`` is None), or the items it
    appended and its result the last time the view held the same values for the keys it reads, with the same
    game (the same object) and equal ``args``."""
    if not ENABLED:
        return _run(fn, out, view, game, args)
    keys = _learned.get(fn, ())
    args = (_builder(out), *args)
    fp = _fingerprint(keys, view, args)
    got = _recall(fn, fp, game)
    if got is not None:
        out.items.extend(got[1])
        return got[2]
    _counts["misses"] += 1
    reads = _Reads(view)
    start = len(out.items)
    result = _run(fn, out, reads, game, args[1:])
    if reads.changed:  # (a part that changes its view is not one this can skip)
        return result
    if not reads.reads <= set(keys):
        keys = tuple(sorted(set(keys) | reads.reads, key=repr))
        with _lock:
            _learned[fn] = keys
        fp = _fingerprint(keys, view, args)
    if fp is None:
        return result
    _keep(fn, fp, (game, tuple(out.items[start:]), result), KEEP)
    return result


def items_of(fn: Callable, out, game, *args, **kwargs):
    """``fn(out, game, *args, **kwargs)`` (``fn(out, *args, **kwargs)`` when ``game`` is None) for an item
    builder that reads nothing but its arguments (a card's face at a place): the items it appended last
    time it had the same game (the same object) and equal arguments, else it runs."""
    if not ENABLED:
        return fn(out, *args, **kwargs) if game is None else fn(out, game, *args, **kwargs)
    try:
        fp = marshal.dumps((_builder(out), args, sorted(kwargs.items())), 2)
    except ValueError:
        fp = None
    got = _recall(fn, fp, game)
    if got is not None:
        out.items.extend(got[1])
        return got[2]
    _counts["misses"] += 1
    start = len(out.items)
    result = fn(out, *args, **kwargs) if game is None else fn(out, game, *args, **kwargs)
    if fp is not None:
        _keep(fn, fp, (game, tuple(out.items[start:]), result), KEEP_ITEMS)
    return result


def clear() -> None:
    """Forget every remembered part (and what each was seen to read)."""
    with _lock:
        _memory.clear()
        _learned.clear()
        _counts.update(hits=0, misses=0)


def stats() -> dict:
    """``{"hits", "misses"}`` since the last :func:`clear` (for a benchmark or a test)."""
    return dict(_counts)
