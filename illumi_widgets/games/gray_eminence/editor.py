"""The Gray Eminence position editor in the common shape (:mod:`illumi_widgets.editor`).

``move(card, to, who=None)``: an Action card (id, e.g. "A07") to ``"hand"`` (with ``who``), ``"deck"`` (on
top) or ``"discard"``, or a Secret Objective (e.g. "S03") to ``"secret"`` (with ``who``), ``"deck"`` or
``"discard"`` -- taken from wherever it is; ``resources(who, money=, power=, influence=)``: a seat's box
exactly (the Common Pool makes up the difference); ``vp(who, n)``: Victory Points.  Turns are phases
played by everyone (bids, programs, votes): there is no single player's turn to set.

Amounts are whole numbers from 0 (``True`` is not a number here).  A position in which a player who must
decide has no legal choice (an emptied hand during Programming) is refused when the block ends, like an
inconsistent one: nothing changes and the error names who is stuck.
"""

from __future__ import annotations

from ...editor import Editor
from . import model as M


def _whole(name: str, n) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"{name} must be a whole number from 0, not {n!r}")
    return n


class PositionEditor(Editor):
    def __exit__(self, *exc):
        if exc[0] is None and not self.game.problems(self.d):
            stuck = self._stuck()
            if stuck:
                err = self._bad(f"the edited position leaves {stuck} with no legal choice in the "
                                f"{self.d['phase']} phase", "stuck")
                super().__exit__(type(err), err, None)  # puts the position back
                raise err
        return super().__exit__(*exc)

    def _take(self, card):
        d = self.d
        places = [d["decks"]["action"], d["discards"]["action"], *d["hands"], d["decks"]["secret"],
                  d["discards"]["secret"], *d["secret"]]
        for lst in places:
            if card in lst:
                lst.remove(card)
                return
        for p in d["prog"]:
            if p and card in [v for k, v in p.items() if k in "ABCD"]:
                raise self._bad(f"{card} is programmed this round: move it after the round", "bad-place")
        raise self._bad(f"{card} is not in a deck, a discard pile or a hand", "not-found")

    def move(self, card, to, who=None) -> None:
        cards = self.game.cards
        d = self.d
        if card in cards.actions:
            kind = "action"
        elif card in cards.objectives:
            kind = "secret"
        else:
            raise self._bad(f"no Action card or Secret Objective {card!r} in this game", "unknown-card")
        if to in ("hand", "secret"):
            if (to == "hand") != (kind == "action"):
                raise self._bad(f"{card} cannot go to {to}: Action cards go to a hand, Secret Objectives to "
                                "'secret'", "bad-place")
            if who is None:
                raise self._bad(f"moving a card to {to}: say whose (who=...)")
            s = self.seat(who)
            self._take(card)
            (d["hands"] if to == "hand" else d["secret"])[s].append(card)
        elif to in ("deck", "discard"):
            self._take(card)
            (d["decks"] if to == "deck" else d["discards"])[kind].append(card)
        else:
            raise self._bad(f"no place {to!r}: 'hand', 'secret', 'deck' or 'discard'", "bad-place")

    def resources(self, who, **amounts) -> None:
        d = self.d
        s = self.seat(who)
        for name, n in amounts.items():
            if name not in M.RES:
                raise self._bad(f"no resource {name!r}: {', '.join(M.RES)}", "bad-resource")
            try:
                _whole(name, n)
            except ValueError as e:
                raise self._bad(str(e), "bad-resource") from None
            r = M.RES.index(name)
            d["minted"][r] += n - d["box"][s][r]
            d["box"][s][r] = n

    def vp(self, who, n: int) -> None:
        try:
            self.d["vp"][self.seat(who)] = _whole("Victory Points", n)
        except ValueError as e:
            raise self._bad(str(e), "bad-amount") from None
