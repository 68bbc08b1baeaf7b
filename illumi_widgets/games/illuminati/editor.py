"""The Illuminati position editor in the common shape (:mod:`illumi_widgets.editor`), on top of ``Table``.

``move(card, to, who=None, master=None, direction=None)``: ``to`` is ``"structure"`` (``who``'s power
structure, under ``master`` at the arrow ``direction``), ``"uncontrolled"``, ``"hand"`` (a Special, with
``who``) or ``"deck"`` (on top); ``resources(group, money=n)``: a group's treasury (a seat name or number
means its Illuminati); ``turn(who)``: ``who``'s action phase with two actions; and every ``Table`` method.
"""

from __future__ import annotations

from ...editor import Editor
from .setup import Table


class PositionEditor(Editor, Table):
    def _card(self, card):
        if card not in self.game.cards:
            raise self._bad(f"no card {card!r} in this game", "unknown-card")
        return card

    def move(self, card, to, who=None, master=None, direction=None, money: int = 0) -> None:
        card = self._card(card)
        if to == "structure":
            if who is None:
                raise self._bad("moving a group into a power structure: say whose (who=...)")
            try:
                if master is None and direction is None:
                    self.add(self.seat(who), card, money=money)
                else:
                    self.give(self.seat(who), card, master, direction, money=money)
            except (ValueError, IndexError, KeyError) as e:
                raise self._bad(f"{card} cannot go there: {e}", "bad-place") from None
        elif to == "uncontrolled":
            self.uncontrolled(card)
        elif to == "hand":
            if who is None:
                raise self._bad("moving a Special to a hand: say whose (who=...)")
            self.special(self.seat(who), card)
        elif to == "deck":
            self.deck(card)
        else:
            raise self._bad(f"no place {to!r}: 'structure', 'uncontrolled', 'hand' or 'deck'", "bad-place")

    def resources(self, who, money: int | None = None, **other) -> None:
        if other:
            raise self._bad(f"Illuminati groups hold money only, not {', '.join(other)}")
        group = who if isinstance(who, str) and who in self.game.cards else self.d["illum"][self.seat(who)]
        if group not in self.d["money"]:
            raise self._bad(f"{group} is not in play: only groups in a power structure hold money")
        if money is not None:
            if money < 0:
                raise self._bad("money cannot be negative")
            self.money(group, money)

    def turn(self, who) -> None:
        self.start_turn(self.seat(who))
