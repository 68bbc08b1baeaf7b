"""The Pax position editor in the common shape (:mod:`illumi_widgets.editor`), on top of ``PaxEditor``.

``move(card, to, who=None)``: ``to`` is a map cell ("C3"), ``"hand"`` (with ``who``) or ``"deck"`` (on top);
``resources(who, Sch=2, Pro=1)``: a seat's Favor exactly; ``turn(who)``: ``who``'s turn with two main actions;
and every ``PaxEditor`` method (``influence``, ``favor``, ``hand``, ``contact``, ``plots``, ``factions``,
``special``, ``edict``, ``claim``...).
"""

from __future__ import annotations

from ...editor import Editor
from .setup import PaxEditor


class PositionEditor(Editor, PaxEditor):
    def seat(self, who) -> int:
        return Editor.seat(self, who)

    def move(self, card, to, who=None, up: bool = True) -> None:
        if card not in self.g.lum:
            raise self._bad(f"no Luminary card {card!r} in this game", "unknown-card")
        if to == "hand":
            if who is None:
                raise self._bad("moving a card to a hand: say whose (who=...)")
            s = self.seat(who)
            self.hand(s, [c for c in self.d.hands[s] if c != card] + [card])
        elif to == "deck":
            self.deck_top([card])
        else:
            try:
                self.cell(to)
            except Exception:  # noqa: BLE001 - say what the editor accepts
                raise self._bad(f"no place {to!r}: a map cell (A1-E5), 'hand' or 'deck'",
                                "bad-place") from None
            self.put(to, card, up=up)

    def resources(self, who, **favor) -> None:
        self.favor(who, **favor)

    def turn(self, who) -> None:
        self.start_turn(who, round=max(1, getattr(self.d, "round", 1) or 1))
