"""Triggered effects whose order their owner chooses: a general mechanism for any game.

When several effects trigger at the same moment (a timing window), the rules of many card games let the
player who owns them choose the order, one at a time: after each resolves, the window is gathered again,
because an earlier effect may move, silence or add a card (ask "which next", never a permutation, and only
when there is a real choice; see a game's RULES-NOTES.md, "How card effects work").

The state stays plain data: a game keeps, per window, the list of effect keys already resolved (``done``)
and recomputes the eligible keys from its position each time.  These helpers decide what happens next and
name the options so identical copies are told apart (``("messenger", 2)``: the second eligible Messenger),
without the game writing the same bookkeeping again:

    keys = game_specific_gather(...)                   # e.g. [[card, effect index], ...], in table order
    what, key = next_trigger(keys, done)               # "none" / "auto" (one left: no question) / "ask"
    options = copy_labels(remaining(keys, done), name)  # [(name, copy), ...] for an "order" decision
    index, key = find_copy(remaining(keys, done), name, chosen_name, copy)

Used by Primordial Secrets (the before/when/after windows of a visit).  Pure Python, no game knowledge.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence


def remaining(keys: Sequence, done: Sequence) -> list:
    """The eligible keys not yet resolved in this window, in their given order."""
    return [k for k in keys if k not in done]


def next_trigger(keys: Sequence, done: Sequence = ()) -> tuple[str, object]:
    """``("none", None)`` when nothing is left, ``("auto", key)`` when exactly one effect is left (it
    resolves without a question), ``("ask", None)`` when the owner must choose which resolves next."""
    left = remaining(keys, done)
    if not left:
        return "none", None
    if len(left) == 1:
        return "auto", left[0]
    return "ask", None


def copy_labels(items: Sequence, name: Callable[[object], Hashable]) -> list[tuple]:
    """``(name, copy number)`` for each item: the k-th item with the same name is copy k (from 1)."""
    seen: dict = {}
    out = []
    for it in items:
        n = name(it)
        seen[n] = seen.get(n, 0) + 1
        out.append((n, seen[n]))
    return out


def find_copy(items: Sequence, name: Callable[[object], Hashable], wanted, copy: int = 1):
    """``(index, item)`` of the ``copy``-th item named ``wanted``, or ``None``."""
    k = 0
    for i, it in enumerate(items):
        if name(it) == wanted:
            k += 1
            if k == copy:
                return i, it
    return None
