"""The Primordial Secrets position editor in the common shape (:mod:`illumi_widgets.editor`).

Cards are instances (numbers) of card types ("scout", "messenger"...).  ``move(card, to, who=None)``: an
instance, or a card type; ``to`` is a seat zone (``hand``, ``deck`` -- on top --, ``discard``,
``sacrifices``, ``intent_deck``, ``secrets``...) with ``who``, or a shared zone (``court_pawns``,
``court_royals``, ``pawn_deck``, ``royal_deck``, ``banished``...); ``bottom=True`` puts the card at the
bottom of a pile instead of on top.  ``turn(who)``: the First Visitor Token goes to ``who`` (everyone plots
at once: there is no other turn to set).  No resources: devotion, insight and deceit are on the cards.

**Which card of a type is taken** (one order, for this editor and for
:class:`~illumi_widgets.games.primordial.setup.Table`, which is built on it): from ``frm`` (a zone name;
``frm_seat`` for a seat's zone) when given; otherwise the first free card of that type found in

1. the receiving seat's own piles (when ``to`` is a seat's zone): its Deck, discard, Intent Deck, Intent
   discard and Secrets -- so a seat's hand is arranged from the seat's own cards;
2. the supply: the Pawn Deck, the held-out Pawns, the Royal Deck, the removed Royals, the Court's Pawns and
   Royals, the Familiars, then the box (cards not in this game);
3. every seat's piles, in seat order (Deck, discard, Intent Deck, Intent discard, Secrets);
4. anywhere else: the banished cards, then every seat's hand, hosts, visitors and sacrifices.

Each pile is searched from its top (the next card drawn) down.  A card already in the zone it goes to is
not taken, except in a pile whose order matters (a Deck): there it moves to the top (or the bottom).

A card that a pending decision names -- a host or the Intent of a sealed plot, an Intent kept in a sealed
reset, an option of a choice, a card whose effect is resolving -- cannot be moved until that decision is
over (the decision would name a card that is gone).  A position in which a player who must decide has no
legal choice is refused when the block ends, like an inconsistent one.
"""

from __future__ import annotations

from ...editor import Editor
from .model import SEAT_ZONES, SHARED_ZONES

#: a seat's own piles (searched first for a card that seat receives, then every seat's, in seat order)
OWN_PILES = ("deck", "discard", "intent_deck", "intent_discard", "secrets")
#: the supply, searched after the receiving seat's own piles
SUPPLY = ("pawn_deck", "held_out", "royal_deck", "removed", "court_pawns", "court_royals", "familiars", "box")
#: piles whose order matters: a card of a type already there may be moved within (to the top or bottom)
ORDERED = ("deck", "intent_deck", "pawn_deck", "royal_deck")


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

    def _zones(self, who=None):
        """``(zone, seat, pile)`` in the order a card of a type is looked for (see the module docstring)."""
        d = self.d
        n = len(d["hand"])
        if who is not None:
            for z in OWN_PILES:
                yield z, who, d[z][who]
        for z in SUPPLY:
            yield z, None, d[z]
        for s in range(n):
            for z in OWN_PILES:
                if s != who:
                    yield z, s, d[z][s]
        yield "banished", None, d["banished"]
        for s in range(n):
            for z in SEAT_ZONES:
                if z not in OWN_PILES:
                    yield z, s, d[z][s]

    def _find(self, card, frm=None, frm_seat=None, to=None, who=None, avoid=()):
        """``(pile, index)`` of the card to move: an instance, or the first free card of a type."""
        types = self.game.types
        target = (self.d[to][who] if who is not None else self.d[to]) if to is not None else None
        if isinstance(card, int) and not isinstance(card, bool):
            if not 0 <= card < len(types):
                raise self._bad(f"no card instance {card}", "unknown-card")
            want = lambda i: i == card  # noqa: E731
        else:
            if card not in set(types):
                raise self._bad(f"no card {card!r} in this game (card names such as 'scout', 'messenger')",
                                "unknown-card")
            want = lambda i: types[i] == card and i not in avoid  # noqa: E731 - a free card of that type
        for z, s, lst in self._zones(who if to in SEAT_ZONES else None):
            if frm is not None and z != frm:
                continue
            if frm is not None and frm_seat is not None and s is not None and s != frm_seat:
                continue
            if lst is target and to not in ORDERED:  # (a card already there is not moved to where it is)
                continue
            for k in range(len(lst) - 1, -1, -1):  # from the top
                if want(lst[k]):
                    return lst, k
        where = f" in {frm}" if frm else ""
        raise self._bad(f"no {card!r} card is free to move{where}", "not-found")

    def move(self, card, to, who=None, frm=None, frm_seat=None, bottom=False) -> None:
        """Put ``card`` (an instance or a card type) on top of ``to`` (``who``'s, for a seat's zone), or at
        its bottom; a type is taken from ``frm`` (``frm_seat``'s) or in the order of the module docstring."""
        d = self.d
        seat = None
        if to in SEAT_ZONES:
            if who is None:
                raise self._bad(f"moving a card to {to}: say whose (who=...)")
            seat = self.seat(who)
            target = d[to][seat]
        elif to in SHARED_ZONES:
            target = d[to]
        else:
            raise self._bad(f"no zone {to!r}: one of {', '.join(SEAT_ZONES + SHARED_ZONES)}", "bad-place")
        if isinstance(card, int) and not isinstance(card, bool) and card in target:
            raise self._bad(f"card {card} ({self.game.types[card]}) is already there", "bad-place")
        pending = self._pending()
        lst, k = self._find(card, frm, None if frm_seat is None else self.seat(frm_seat), to, seat,
                            avoid=pending)
        named = pending.get(lst[k])
        if named is not None:
            raise self._bad(f"card {lst[k]} ({self.game.types[lst[k]]}) is named by {named}: move it when "
                            "that decision is over", "bad-place")
        moved = lst.pop(k)
        if bottom:
            target.insert(0, moved)
        else:
            target.append(moved)

    def turn(self, who) -> None:
        self.d["first"] = self.seat(who)
