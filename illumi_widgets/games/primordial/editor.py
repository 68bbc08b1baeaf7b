"""The Primordial Secrets position editor in the common shape (:mod:`illumi_widgets.editor`).

Cards are instances (numbers) of card types ("scout", "messenger"...).  ``move(card, to, who=None)``: an
instance, or a card type (then an instance is taken from ``frm``, a zone name, or else from anywhere it is,
supply zones first); ``to`` is a seat zone (``hand``, ``deck`` -- on top --, ``discard``, ``sacrifices``,
``intent_deck``, ``secrets``...) with ``who``, or a shared zone (``court_pawns``, ``court_royals``,
``pawn_deck``, ``royal_deck``, ``banished``...).  ``turn(who)``: the First Visitor Token goes to ``who``
(everyone plots at once: there is no other turn to set).  No resources: devotion, insight and deceit are on
the cards.
"""

from __future__ import annotations

from ...editor import Editor
from .model import SEAT_ZONES, SHARED_ZONES

_SUPPLY_FIRST = ("box", "pawn_deck", "royal_deck", "held_out", "removed", "familiars", "court_pawns",
                 "court_royals", "banished")


class PositionEditor(Editor):
    def _zones(self):
        d = self.d
        for z in _SUPPLY_FIRST:
            yield z, None, d[z]
        for z in SEAT_ZONES:
            for s, lst in enumerate(d[z]):
                yield z, s, lst

    def _find(self, card, frm=None, who=None, skip=None):
        types = self.game.types
        if isinstance(card, int) and not isinstance(card, bool):
            if not 0 <= card < len(types):
                raise self._bad(f"no card instance {card}", "unknown-card")
            want = lambda i: i == card  # noqa: E731
        else:
            known = set(types)
            if card not in known:
                raise self._bad(f"no card {card!r} in this game (card names such as 'scout', 'messenger')",
                                "unknown-card")
            want = lambda i: types[i] == card  # noqa: E731
        for z, s, lst in self._zones():
            if frm is not None and z != frm:
                continue
            if frm is not None and who is not None and s is not None and s != self.seat(who):
                continue
            if lst is skip:  # (a card already there is not moved to where it is)
                continue
            for k, i in enumerate(lst):
                if want(i):
                    return lst, k
        where = f" in {frm}" if frm else ""
        raise self._bad(f"no {card!r} card is free to move{where}", "not-found")

    def move(self, card, to, who=None, frm=None, frm_seat=None) -> None:
        d = self.d
        if to in SEAT_ZONES:
            if who is None:
                raise self._bad(f"moving a card to {to}: say whose (who=...)")
            target = d[to][self.seat(who)]
        elif to in SHARED_ZONES:
            target = d[to]
        else:
            raise self._bad(f"no zone {to!r}: one of {', '.join(SEAT_ZONES + SHARED_ZONES)}", "bad-place")
        lst, k = self._find(card, frm, frm_seat, skip=target)
        target.append(lst.pop(k))

    def turn(self, who) -> None:
        self.d["first"] = self.seat(who)
