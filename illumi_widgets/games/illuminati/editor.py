"""The Illuminati position editor in the common shape (:mod:`illumi_widgets.editor`), on top of ``Table``.

Cards by id or name ("cia" or "The CIA"), seats by colour or number.  Every call changes only what it
names; money goes through the bank's ledger (``minted``), which the editor keeps.

- ``move(card, to, who=None, master=None, direction=None, money=0)``: ``to`` is ``"structure"`` (``who``'s
  power structure, under ``master`` at the arrow ``direction``), ``"uncontrolled"``, ``"hand"`` (a Special,
  with ``who``), ``"deck"`` (on top), ``"dead"`` (a destroyed group) or ``"discard"`` (a used Special);
- ``resources(group, money=n)``: a group's treasury (a seat name or number means its Illuminati);
- ``actions(n)``, ``transfers(n)``: the actions and money transfers left this turn;
  ``turns_done(n, who=None)``; ``goal(who, goal)`` (the UFOs' or a Hidden Goal);
  ``identify(who, revealed=True)`` (Hidden Illuminati);
- ``turn(who)``: ``who``'s action phase with two actions (income and draw done);
- ``phase(name, who=None)``: the start of a step of ``who``'s turn (default: the active seat):
  ``"start"`` (the turn begins: income is collected and the card drawn, then the table talk or the actions
  are pending), ``"actions"`` (as ``turn``), ``"transfers"`` (the two money transfers, actions spent) or
  ``"end"`` (the end of the turn: targets are added and the next player's turn starts);
- and every ``Table`` method (``assign``, ``give``, ``add``, ``uncontrolled``, ``special``, ``deck``...).

Refusals are :class:`~illumi_widgets.engine.RecordError` s naming the field and the rule; the position is
then unchanged.
"""

from __future__ import annotations

from ...editor import Editor
from ...engine import Log
from .setup import Table


def _plain(name: str) -> str:
    """A card name as compared: lower case, without a leading "The", letters and digits only."""
    return "".join(ch for ch in name.strip().lower().removeprefix("the ") if ch.isalnum())


class PositionEditor(Editor, Table):
    """Illuminati's position editor (see the module docstring)."""

    phases = ("start", "actions", "transfers", "end")

    def _card(self, card):
        cards = [*self.game.cards, *self.game.cd.specials]
        if isinstance(card, str):
            if card in cards:
                return card
            key = _plain(card)
            for cid in cards:
                if _plain(self.game.label(cid)) == key or _plain(cid) == key:
                    return cid
        raise self._bad(f"no card {card!r} in this game (give its id, e.g. cia, or its name)", "unknown-card")

    def move(self, card, to, who=None, master=None, direction=None, money: int = 0) -> None:
        card = self._card(card)
        money = self._amount("money", money)
        g = self.game
        if to == "structure":
            if who is None:
                raise self._bad("field 'ctrl': moving a group into a power structure: say whose (who=...)",
                                "bad-place")
            if card in g.cd.specials or g.cards[card].illuminati:  # (a Special is in cd.specials only)
                raise self._bad(f"field 'ctrl': {g.label(card)} is not a group that can be controlled "
                                "(Specials are held, Illuminati head their own structure)", "bad-place")
            try:
                if master is None and direction is None:
                    self.add(self.seat(who), card, money=money)
                else:
                    self.give(self.seat(who), card, None if master is None else self._card(master), direction,
                              money=money)
            except (ValueError, IndexError, KeyError) as e:
                raise self._bad(f"field 'ctrl': {g.label(card)} cannot go there: {e}", "bad-place") from None
        elif to in ("uncontrolled", "dead", "discard", "deck", "hand"):
            special = card in g.cd.specials
            if to in ("hand", "discard") and not special:
                raise self._bad(f"field {'hands' if to == 'hand' else 'discard'!r}: only Specials are held "
                                f"or discarded; {g.label(card)} is a group", "bad-place")
            if to in ("uncontrolled", "dead") and special:
                raise self._bad(f"field {'unc' if to == 'uncontrolled' else 'dead'!r}: only groups are "
                                f"uncontrolled or destroyed; {g.label(card)} is a Special", "bad-place")
            if not special and g.cards[card].illuminati:
                raise self._bad(f"field 'illum': {g.label(card)} is an Illuminati card: seat it with "
                                "assign()", "bad-place")
            if to == "hand":
                if who is None:
                    raise self._bad("field 'hands': moving a Special to a hand: say whose (who=...)",
                                    "bad-place")
                self.special(self.seat(who), card)
            elif to == "deck":
                self.deck(card)
            else:
                self.take(card)
                self.d[{"uncontrolled": "unc", "dead": "dead", "discard": "discard"}[to]].append(card)
        else:
            raise self._bad(f"no place {to!r}: 'structure', 'uncontrolled', 'hand', 'deck', 'dead' or "
                            "'discard'", "bad-place")

    def resources(self, who, money: int | None = None, **other) -> None:
        """Set a group's treasury (``who``: a group, or a seat for its Illuminati); nothing else changes."""
        if other:
            raise self._bad(f"field 'money': Illuminati groups hold money only, not {', '.join(other)}",
                            "bad-resource")
        if isinstance(who, str) and who not in self.game.cards:
            try:
                who = self.seat(who)
            except Exception:  # noqa: BLE001 - a name that is neither a seat nor a card: a card's name?
                who = self._card(who)
        group = who if isinstance(who, str) else self.d["illum"][self.seat(who)]
        if group not in self.d["money"]:
            raise self._bad(f"field 'money': {self.game.label(group)} is not in play: only groups in a power "
                            "structure hold money", "bad-resource")
        if money is not None:
            self.money(group, self._amount(f"money[{group}]", money))

    def actions(self, n: int) -> None:
        """The actions left this turn (0-2; more only through a card that grants them)."""
        self.d["acts"] = self._amount("acts", n, 0, 9)

    def transfers(self, n: int) -> None:
        """The free money transfers left this turn (0-2)."""
        self.d["xfers"] = self._amount("xfers", n, 0, 2)

    def turns_done(self, n: int, who=None) -> None:
        """How many turns ``who`` (default: every seat) has played (elimination counts after the third)."""
        seats = range(self.d["n"]) if who is None else [self.seat(who)]
        for s in seats:
            self.d["turns"][s] = self._amount("turns", n, 0, 10_000)

    def goal(self, who, goal) -> None:
        """``who``'s secret goal (the UFOs', or any seat's with Hidden Goals): a goal id or its words."""
        s = self.seat(who)
        choices = self.game._goal_choices(self.d, s)
        if not choices:
            raise self._bad(f"field 'goals': {self.game.seat_name(s)}'s goal is its Illuminati's own "
                            "(only the UFOs, Hidden Goals or Hidden Illuminati choose one)", "bad-goal")
        key = _plain(str(goal))
        found = next((gid for gid in choices if _plain(gid) in (key, "goal" + key)), None)
        if found is None:
            raise self._bad(f"field 'goals': no goal {goal!r} (the choices: {', '.join(choices)})",
                            "bad-goal")
        self.d["goals"][s] = found

    def identify(self, who, revealed: bool = True) -> None:
        """Hidden Illuminati: turn ``who``'s Illuminati face-up (identified) or face-down again."""
        s = self.seat(who)
        if not self.game.hidden_illuminati:
            raise self._bad("field 'revealed': every Illuminati is face-up in this game (option "
                            "hidden_illuminati=True plays them face-down)", "bad-place")
        self.d["revealed"][s] = bool(revealed)

    def turn(self, who) -> None:
        self._alive(self.seat(who))
        self.start_turn(self.seat(who))

    def _alive(self, s: int) -> None:
        if not self.d["alive"][s]:
            raise self._bad(f"field 'active': {self.game.seat_name(s)} is out of the game and has no turns",
                            "bad-seat")

    def phase(self, name, who=None) -> None:
        """The start of step ``name`` ("start", "actions", "transfers" or "end") of ``who``'s turn."""
        phase = self._phase_name(name)
        d = self.d
        s = (d["active"] if d["active"] is not None else 0) if who is None else self.seat(who)
        self._alive(s)
        if phase == "actions":
            self.start_turn(s)
            return
        self.start_turn(s)
        if phase == "start":
            d["frames"], d["acts"], d["xfers"] = [], 0, 0
            self.game._start_turn(d, s, Log([], 0))  # (income and draw: their log lines are the edit's)
        elif phase == "transfers":
            d["acts"] = 0
            d["frames"] = [{"t": "transfers", "seat": s}]
        else:
            d["acts"], d["xfers"] = 0, 0
            d["frames"] = [{"t": "endturn", "seat": s}]
