"""Structured observations: named fixed-length fields built from a seat's view (pure Python).

A game's codec module (``illumi_widgets.games.<game>.codec``) defines

* ``observation_context(game)``: whatever it needs once per game and player count (its card vocabularies,
  as :class:`Vocab`), and
* ``observe(ctx, view, f)``: adds the fields of one view to ``f``, a :class:`Fields`, always the same fields
  with the same lengths for a game and player count (so they can be laid out once).

The view is ``state.view(seat)``, the engine's only filter of hidden information, so the fields hold nothing
the seat cannot see; the field list (name, length, meaning) is in each codec module's docstring and at run
time in ``encoder.fields``.  Values are plain numbers: counts and totals as they are, yes/no as 1/0, a card
or seat in a slot as a one-hot block over the game's vocabulary, a set of cards as counts over it.
"""

from __future__ import annotations

import zlib


class Vocab:
    """A fixed list of words (card ids, seat numbers …) with their positions."""

    __slots__ = ("index", "words")

    def __init__(self, words):
        self.words = list(dict.fromkeys(words))
        self.index = {w: i for i, w in enumerate(self.words)}

    def __len__(self) -> int:
        return len(self.words)


def _num(v) -> float:
    if v is None:
        return 0.0
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, (list, tuple, dict, set)):
        return float(len(v))  # (a list where a count is expected: its length)
    return 1.0  # (a word where a number is expected: present)


class Fields:
    """The fields of one observation, in the order they are added."""

    __slots__ = ("parts",)

    def __init__(self):
        self.parts: list = []  # (name, values, meaning)

    def add(self, name: str, values, doc: str = "") -> None:
        self.parts.append((name, [float(v) for v in values], doc))

    def num(self, name: str, value, doc: str = "") -> None:
        """One number (``None`` → 0, yes/no → 1/0)."""
        self.parts.append((name, [_num(value)], doc))

    def nums(self, name: str, values, size: int, doc: str = "") -> None:
        """``size`` numbers (missing ones 0)."""
        out = [0.0] * size
        for i, v in enumerate(list(values or [])[:size]):
            out[i] = _num(v)
        self.parts.append((name, out, doc))

    def onehot(self, name: str, value, vocab: Vocab, doc: str = "") -> None:
        self.parts.append((name, onehot(value, vocab), doc))

    def onehots(self, name: str, values, vocab: Vocab, size: int, doc: str = "") -> None:
        """``size`` slots, each a one-hot block over ``vocab`` (an empty or unknown slot is all zeros)."""
        out: list = []
        values = list(values or [])
        for i in range(size):
            out += onehot(values[i] if i < len(values) else None, vocab)
        self.parts.append((name, out, doc))

    def counts(self, name: str, values, vocab: Vocab, doc: str = "") -> None:
        self.parts.append((name, counts(values, vocab), doc))

    def category(self, name: str, value, size: int, doc: str = "") -> None:
        """An open-ended word (a phase name) as a one-hot block of ``size`` by the word's CRC-32."""
        out = [0.0] * size
        if value is not None:
            out[zlib.crc32(str(value).encode()) % size] = 1.0
        self.parts.append((name, out, doc))

    def vector(self) -> list:
        out: list = []
        for _n, v, _d in self.parts:
            out += v
        return out

    def layout(self) -> list:
        """``[(name, offset, length, meaning)]``."""
        out, at = [], 0
        for name, v, doc in self.parts:
            out.append((name, at, len(v), doc))
            at += len(v)
        return out


def onehot(value, vocab: Vocab) -> list:
    out = [0.0] * len(vocab)
    i = vocab.index.get(value) if value is not None else None
    if i is not None:
        out[i] = 1.0
    return out


def counts(values, vocab: Vocab) -> list:
    out = [0.0] * len(vocab)
    for v in values or ():
        i = vocab.index.get(v)
        if i is not None:
            out[i] += 1.0
    return out
