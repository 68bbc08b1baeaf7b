"""The Primordial Secrets position editor in the common shape (:mod:`illumi_widgets.editor`).

Cards are instances (numbers) of card types ("scout", "messenger"...).  ``move(card, to, who=None)``: an
instance, or a card type (then an instance is taken from ``frm``, a zone name, or else from anywhere it is,
supply zones first); ``to`` is a seat zone (``hand``, ``deck`` -- on top --, ``discard``, ``sacrifices``,
``intent_deck``, ``secrets``...) with ``who``, or a shared zone (``court_pawns``, ``court_royals``,
``pawn_deck``, ``royal_deck``, ``banished``...).  ``turn(who)``: the First Visitor Token goes to ``who``
(everyone plots at once: there is no other turn to set).  No resources: devotion, insight and deceit are on
the cards.

A card that a pending decision names -- a host or the Intent of a sealed plot, an Intent kept in a sealed
reset, an option of a choice, a card whose effect is resolving -- cannot be moved until that decision is
over (the decision would name a card that is gone).  A position in which a player who must decide has no
legal choice is refused when the block ends, like an inconsistent one.
"""

from __future__ import annotations

from ...editor import Editor
from .model import SEAT_ZONES, SHARED_ZONES

_SUPPLY_FIRST = ("box", "pawn_deck", "royal_deck", "held_out", "removed", "familiars", "court_pawns",
                 "court_royals", "banished")


def _ints(x):
    if isinstance(x, bool):
        return
    if isinstance(x, int):
        yield x
    elif isinstance(x, (list, tuple)):
        for y in x:
            yield from _ints(y)


class PositionEditor(Editor):
    def __exit__(self, *exc):
        if exc[0] is None and not self.game.problems(self.d):
            stuck = self._stuck()
            if stuck:
                err = self._bad(f"the edited position leaves {stuck} with no legal choice", "stuck")
                super().__exit__(type(err), err, None)  # puts the position back
                raise err
        return super().__exit__(*exc)

    def _pending(self) -> dict:
        """``{card instance: what names it}`` for the cards the pending decisions name."""
        out = {}
        for f in self.d["frames"]:
            t = f.get("t")
            if t in ("plot", "reset"):
                for seat, commit in f.get("commits", {}).items():
                    what = f"{self.game.seat_name(int(seat))}'s sealed {'plot' if t == 'plot' else 'reset'}"
                    out.update((i, what) for i in _ints(commit))
            elif t == "choose":
                out.update((i, "a pending choice") for i in _ints(f.get("options", [])))
            elif t == "effect" and isinstance(f.get("inst"), int):
                out[f["inst"]] = "an effect being resolved"
        return out

    def _zones(self):
        d = self.d
        for z in _SUPPLY_FIRST:
            yield z, None, d[z]
        for z in SEAT_ZONES:
            for s, lst in enumerate(d[z]):
                yield z, s, lst

    def _find(self, card, frm=None, who=None, skip=None, avoid=()):
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
            want = lambda i: types[i] == card and i not in avoid  # noqa: E731 - a free card of that type
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
        if isinstance(card, int) and not isinstance(card, bool) and card in target:
            raise self._bad(f"card {card} ({self.game.types[card]}) is already there", "bad-place")
        pending = self._pending()
        lst, k = self._find(card, frm, frm_seat, skip=target, avoid=pending)
        named = pending.get(lst[k])
        if named is not None:
            raise self._bad(f"card {lst[k]} ({self.game.types[lst[k]]}) is named by {named}: move it when "
                            "that decision is over", "bad-place")
        target.append(lst.pop(k))

    def turn(self, who) -> None:
        self.d["first"] = self.seat(who)
