"""How the Primordial Secrets visit area fits its cards (pure Python, for :mod:`.scene`): how wide and how
tall a card must be for its effect to show whole at the size 11-unit text is drawn on the smallest board
(``em`` scene units), and how a party of any size the rules allow is laid out in rows (:func:`party_rows`).
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

from ...textfit import MIN_SQUEEZE, drawn_lines, text_width, wrap_line

ROW_GAP = 24  # between two rows of a visit's cards: room for the hosts' name over the row where they begin


def effect_box(ch: float, em: float) -> float:
    """The height of a visit card's effect box (a card ``ch`` high): under its name, over its numbers."""
    return ch - 22 - 8 - 0.95 * em


@lru_cache(maxsize=4096)
def effect_width(text: str, ch: float, em: float, squeeze: bool = False) -> float:
    """The least width (scene units, a multiple of 2) of a visit card ``ch`` high whose effect ``text`` shows
    whole at ``em`` (as the painter draws it: wrapped onto the lines its box holds, none cut; ``squeeze``: a
    line may be squeezed to fit, as the painter does, its words closer)."""
    item = {"s": text, "size": 11, "maxh": effect_box(ch, em), "wrap": 12}

    def short(w):  # (cut, or a line squeezed to fit: its words cramped)
        lines, cut = drawn_lines({**item, "maxw": w - 8}, em)
        return cut or (not squeeze and max(text_width(line, em) for line in lines) > w - 8)

    lo, hi = 20, 600
    if short(hi):
        return float(hi)
    while lo < hi:  # (widths in steps of 2 units)
        mid = (lo + hi) // 4 * 2
        if short(mid):
            lo = mid + 2
        else:
            hi = mid
    return float(hi)


def effect_height(text: str, w: float, em: float) -> float:
    """The least height of a visit card ``w`` wide whose effect ``text`` shows whole at ``em``."""
    lines = len(wrap_line(text, w - 8, 99, em))
    return math.ceil(lines * 1.2 * em + 22 + 8 + 0.95 * em + 1)


def party_widths(cards: list, ch: float, room: float, em: float, most: float = 170) -> list:
    """The widths of the visit area's cards (their printed facts and state: ``name``, ``text``), ``room``
    wide together: every card as wide as its name and numbers read and its effect shows whole
    (:func:`effect_width`; in a crowded party, its lines squeezed to fit), the others alike, at most
    ``most`` (the room shared evenly among those that need less); when even those needs do not fit, each
    in proportion to them (an effect may be cut: its tip has it whole)."""
    shown = tuple((c["name"], _shown_text(c)) for c in cards)
    return list(_party_widths(shown, ch, room, em, most))


@lru_cache(maxsize=2048)
def _party_widths(cards: tuple, ch: float, room: float, em: float, most: float) -> tuple:
    """:func:`party_widths` of ``(name, effect shown or None)`` pairs (a party, a hand: met again)."""
    if not cards:
        return ()

    def needs(squeeze):
        return [card_need(name, text, ch, em, squeeze) for name, text in cards]

    need = needs(False)
    if sum(need) > room:  # (a crowded party: lines squeezed to fit, as the painter does, rather than cut)
        need = needs(True)
    if sum(need) > room:
        return tuple(n * room / sum(need) for n in need)
    lo, hi = 0.0, float(most)  # the even width t the others take: sum(max(need, t)) fills the room
    if sum(max(n, hi) for n in need) <= room:
        return tuple(max(n, hi) for n in need)
    for _ in range(30):
        t = (lo + hi) / 2
        lo, hi = (t, hi) if sum(max(n, t) for n in need) <= room else (lo, t)
    return tuple(max(n, lo) for n in need)


def card_need(name: str, text: str | None, ch: float, em: float, squeeze: bool) -> float:
    """The least width of a visit card ``ch`` high whose ``name`` and numbers read and whose effect ``text``
    (None: none shown) shows whole (``squeeze``: its lines squeezed to fit, as the painter does)."""
    return max(3 * text_width("◆0", em) + 10, text_width(name, em, True) * MIN_SQUEEZE + 4,
               effect_width(text, ch, em, squeeze) if text else 0)


def _need(c: dict, ch: float, em: float) -> float:
    """:func:`card_need` of a visit card (``c``: its printed facts and state), its lines squeezed to fit."""
    return card_need(c["name"], _shown_text(c), ch, em, True)


def _shown_text(c: dict) -> str | None:
    """The effect a visit card shows (None: it has none, or it is silenced)."""
    return c["text"] if c.get("text") and not c.get("silenced") else None


def _mid_row(rows: list, nv: int, n: int) -> int:
    """The row the insight / deceit totals stand in: the one where the hosts begin (no hosts: the last)."""
    last = len(rows) - 1
    return next((k for k, (a, b) in enumerate(rows) if a <= nv < b), last) if nv < n else last


def row_room(rows: list, k: int, nv: int, n: int, room: float, gap: float, mid_w: float) -> float:
    """The width the cards of row ``k`` share (``room`` less the gaps, and the totals' column in its row)."""
    a, b = rows[k]
    if k == _mid_row(rows, nv, n):
        return room - mid_w - gap * max(0, b - a - 2)
    return room - gap * (b - a - 1)


def party_rows(cards: list, nv: int, ch: float, room: float, em: float, gap: float = 6, mid_w: float = 72,
               most: int = 3) -> tuple[float, list]:
    """``(card height, rows)``: the visit's cards (visitors then hosts, ``nv`` visitors; their printed facts
    and state) in rows of ``room`` width (``rows``: ``(first, end)`` index ranges), laid out as low as lets
    every card's name, numbers and effect read whole at ``em`` (lines squeezed at most as the painter does):
    one row of cards ``ch`` high when they fit there (every party of random play); else the fewest units
    of height -- one row of taller cards, or two or three rows, split where their widths are most even.
    (The largest party the rules allow, thirteen cards, takes two rows at 820 px; tests/primordial.)"""
    n = len(cards)
    if n == 0:
        return ch, []

    def split(h, r):  # the split into r rows fitting cards h high, their widths most even; or None
        need = [_need(c, h, em) for c in cards]
        fits = []
        for cuts in itertools.combinations(range(1, n), r - 1):
            rows = list(itertools.pairwise((0, *cuts, n)))
            fill = [sum(need[a:b]) / row_room(rows, k, nv, n, room, gap, mid_w)
                    for k, (a, b) in enumerate(rows)]
            if max(fill) <= 1:
                fits.append((max(fill), rows))
        return min(fits)[1] if fits else None

    if rows := split(ch, 1):  # (every party of random play)
        return ch, rows
    best = None
    for r in range(1, min(most, n) + 1):
        lo, hi = int(ch) // 2, int(ch + 400) // 2  # (heights in steps of 2 units; taller cards need less)
        if best is not None:
            hi = min(hi, int((best[0] - (r - 1) * ROW_GAP) / r) // 2)
        if lo > hi or not split(2 * hi, r):
            continue
        while lo < hi:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if split(2 * mid, r) else (mid + 1, hi)
        total = r * 2 * lo + (r - 1) * ROW_GAP
        if best is None or total < best[0]:
            best = (total, 2 * lo, split(2 * lo, r))
    if best is None:  # (no layout of three rows holds them: one row, each card in proportion to its needs)
        return ch, [(0, n)]
    return float(best[1]), best[2]
