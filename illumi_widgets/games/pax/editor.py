"""The Pax position editor in the common shape (:mod:`illumi_widgets.editor`), on top of ``PaxEditor``.

Cards by id or name ("PIL017" or "Ignaz von Born"), seats by colour or number, Factions by code, short
name or name ("Sch", "SCH", "Scholars").  Every call changes only what it names.

- ``move(card, to, who=None, up=True, slot=None)``: ``to`` is a map cell ("C3", face-up unless
  ``up=False``), ``"hand"`` (with ``who``), ``"deck"`` (on top), ``"discard"`` (on top) or ``"court"``
  (``slot`` 1-5; the card there takes the moved card's place);
- ``resources(who, Sch=2)`` / ``favor(who, Sch=2)``: those Favor exactly, the others untouched (the pool
  makes up the difference); ``clear_favor(who=None)``: a seat's (or every seat's) Favor back to the pool;
- ``face(cell, up=True)``: turn a map card (a face-down card holds no Influence);
- ``round(n)``, ``first_player(who)``, ``chamberlain(slot)``, ``final_round(on=True)``,
  ``reveal_plot(who, revealed=True)``, ``event_deck_top(events)``, ``discard_event(event)``,
  ``event_out(event)``, ``main_actions(n)``;
- ``turn(who, round=None)``: the start of ``who``'s action phase (two Main actions, nothing used yet);
- ``phase(name, who=None, round=None)``: the start of a phase of ``who``'s turn (default: the active seat):
  ``"event"`` (the Event Phase: Edicts pay out, the active Special is discarded, a held Special may be
  activated; rounds 2 on), ``"action"`` (as ``turn``) or ``"check"`` (the Check Phase: claims and victory,
  the Event Check, the redraw);
- and every ``PaxEditor`` method (``influence``, ``hand``, ``contact``, ``plots``, ``factions``,
  ``hold_faction``, ``special``, ``edict``, ``claim``, ``deck_top``...).

Refusals are :class:`~illumi_widgets.engine.RecordError` s naming the field and the rule; the position is
then unchanged.
"""

from __future__ import annotations

from ...editor import Editor
from .favor import ABBR, FACTION_NAMES, FACTIONS, faction_index
from .model import COURT_SIZE
from .setup import PaxEditor, lift_event


class PositionEditor(Editor, PaxEditor):
    """Pax's position editor (see the module docstring)."""

    phases = ("event", "action", "check")

    def seat(self, who) -> int:
        return Editor.seat(self, who)

    # -- names ----------------------------------------------------------------------------------------------
    def _lum(self, card) -> str:
        """A Luminary card id from its id or name."""
        if isinstance(card, str):
            if card in self.g.lum:
                return card
            key = card.strip().lower()
            for cid, c in self.g.lum.items():
                if c.name.lower() == key:
                    return cid
        raise self._bad(f"no Luminary card {card!r} in this game (give its id, e.g. PIL017, or its name)",
                        "unknown-card")

    def _event(self, event) -> str:
        g = self.g
        if isinstance(event, str):
            if event in g.events:
                return event
            for k, e in g.events.items():
                if e.name.lower() == event.strip().lower() or e.key == event:
                    return k
        raise self._bad(f"no Event card {event!r} in this game", "unknown-card")

    def _faction(self, name) -> int:
        f = faction_index(name) if isinstance(name, str) else None
        if f is None:
            raise self._bad(f"field 'favor': no Faction {name!r} (use {', '.join(ABBR)} or the names "
                            f"{', '.join(FACTION_NAMES)})", "bad-resource")
        return f

    # -- cards ----------------------------------------------------------------------------------------------
    def move(self, card, to, who=None, up: bool = True, slot: int | None = None) -> None:
        card = self._lum(card)
        d = self.d
        if to == "hand":
            if who is None:
                raise self._bad("field 'hands': moving a card to a hand: say whose (who=...)", "bad-place")
            s = self.seat(who)
            self.hand(s, [c for c in d.hands[s] if c != card] + [card])
        elif to == "deck":
            self.deck_top([card])
        elif to == "discard":
            self._to_pile(card, d.discard)
        elif to == "court":
            slot = self._amount("court", slot, 1, COURT_SIZE) if slot is not None else None
            if slot is None:
                raise self._bad(f"field 'court': say which Court slot (slot=1..{COURT_SIZE})", "bad-place")
            self._to_court(card, slot - 1)
        else:
            try:
                self.cell(to)
            except Exception:  # noqa: BLE001 - say what the editor accepts
                raise self._bad(f"field 'cards': no place {to!r}: a map cell (A1-E5), 'hand', 'deck', "
                                "'discard' or 'court'", "bad-place") from None
            self.put(to, card, up=up)

    def _to_pile(self, card, pile) -> None:
        """``card`` on top of ``pile`` (the deck or the discard); a card taken from the map or the Court is
        replaced there by the top card of the deck (a map card comes face-down, as after an Expel)."""
        src = self._locate(card)
        if src[0] in ("map", "court"):
            spare = next((x for x in reversed(self.d.deck) if x != card), None)
            if spare is None:
                raise self._bad("field 'deck': the deck has no card left to fill the place", "bad-place")
            self.d.deck.remove(spare)
            self._set_at(src, spare)
            if src[0] == "map":
                self.d.up[src[1]] = False
        else:
            self._set_at(src, None)
            self._drop_none(src)
        pile.append(card)

    def _to_court(self, card, i: int) -> None:
        d = self.d
        old = d.court[i]
        if old == card:
            return
        src = self._locate(card)
        up_src = d.up[src[1]] if src[0] == "map" else None
        self._set_at(src, old)
        if src[0] == "map":
            d.up[src[1]] = up_src
        d.court[i] = card

    def face(self, cell, up: bool = True) -> None:
        """Turn the card at ``cell`` face-up or face-down (a face-down card cannot hold Influence)."""
        c = self.cell(cell)
        if not up and any(x is not None for x in self.d.infl[c]):
            raise self._bad(f"field 'up': {cell} holds Influence, so it stays face-up (only face-up cards "
                            "hold Influence)", "bad-place")
        self.d.up[c] = bool(up)

    def event_deck_top(self, events) -> None:
        """Put these Event cards on top of the Event deck, ``events[0]`` the top one (from wherever they
        are: the discard, the cards out of the game, a hand of Specials)."""
        d = self.d
        ids = [self._event(e) for e in events]
        for eid in reversed(ids):
            lift_event(self.d, eid)
            if any(e == eid for es in d.edicts for e, _ in es):
                raise self._bad(f"field 'edicts': {self.g.events[eid].name} lies in front of a player with "
                                "Favor on it; take it away with its Favor first", "bad-place")
            d.event_deck.append(eid)

    def discard_event(self, event) -> None:
        """Put an Event card (by id or name) on the Event discard pile (an Edict discarded this way counts
        toward the five that end the game; its Favor, if it lay in front of a player, goes to the pool)."""
        d = self.d
        eid = self._event(event)
        lift_event(self.d, eid)
        for s in range(d.seats):
            for e in [e for e in d.edicts[s] if e[0] == eid]:
                d.pool[faction_index(self.g.events[eid].faction)] += e[1]
                d.edicts[s].remove(e)
        d.event_discard.append(eid)

    def event_out(self, event) -> None:
        """Take a Special Event (by id or name) out of the game (back to the box, as at setup: hidden)."""
        d = self.d
        eid = self._event(event)
        if self.g.events[eid].kind != "special":
            raise self._bad(f"field 'boxed_events': only Special Events leave the game at setup; "
                            f"{self.g.events[eid].name} is an Edict", "bad-place")
        self.discard_event(eid)
        d.event_discard.remove(eid)
        d.boxed_events.append(eid)

    # -- Favor ----------------------------------------------------------------------------------------------
    def resources(self, who, **favor) -> None:
        """Set the named Favor of ``who`` exactly (``Sch=2, Pro=1``); the other Favor stays as it is."""
        self.favor(who, **favor)

    def favor(self, who, **counts) -> None:
        """Set the named Favor of ``who`` exactly, leaving the others alone; the pool makes up the
        difference (Favor is conserved: pool + every seat's + the Edicts' is the pool size)."""
        s = self.seat(who)
        d = self.d
        want = {}
        for k, v in counts.items():
            want[self._faction(k)] = self._amount(f"favor[{self.g.seat_name(s)}].{ABBR[self._faction(k)]}",
                                                  v, 0, self.g.pool_size)
        for x, n in want.items():
            delta = n - d.favor[s][x]
            if delta > d.pool[x]:
                raise self._bad(f"field 'favor': {self.g.seat_name(s)} cannot hold {n} {FACTION_NAMES[x]} "
                                f"Favor: the pool has only {d.pool[x]} more (Favor is conserved, "
                                f"{self.g.pool_size} of each Faction)", "bad-resource")
        for x, n in want.items():
            d.pool[x] -= n - d.favor[s][x]
            d.favor[s][x] = n

    def clear_favor(self, who=None) -> None:
        """``who``'s Favor (default: every seat's) back to the pool."""
        seats = range(self.d.seats) if who is None else [self.seat(who)]
        for s in seats:
            self.favor(s, **dict.fromkeys(FACTIONS, 0))

    # -- the turn -------------------------------------------------------------------------------------------
    def round(self, n: int) -> None:
        """The round number (1 = the first round, with no Event Phase)."""
        self.d.round = self._amount("round", n, 1, 10_000)

    def first_player(self, who) -> None:
        """The first player (rounds begin with this seat)."""
        self.d.first = self.seat(who)

    def chamberlain(self, slot: int) -> None:
        """The Chamberlain's Court slot (1-5)."""
        self.d.chamberlain = self._amount("chamberlain", slot, 1, COURT_SIZE) - 1

    def final_round(self, on: bool = True) -> None:
        """Whether this is the final round (a 5th Edict was discarded: Faction Scoring after it)."""
        self.d.final_round = bool(on)

    def reveal_plot(self, who, revealed: bool = True) -> None:
        """Turn ``who``'s private Plot face-up (or face-down again)."""
        s = self.seat(who)
        if self.d.private_plot[s] is None:
            raise self._bad(f"field 'private_revealed': {self.g.seat_name(s)} has no private Plot",
                            "bad-place")
        self.d.private_revealed[s] = bool(revealed)

    def main_actions(self, n: int) -> None:
        """The Main actions left this turn."""
        self.d.main_left = self._amount("main_left", n, 0, 9)

    def turn(self, who, round: int | None = None) -> None:
        """The start of ``who``'s action phase: two Main actions, nothing used yet this turn."""
        rnd = (self.d.round or 1) if round is None else self._amount("round", round, 1, 10_000)
        self.start_turn(self.seat(who), round=rnd)

    def phase(self, name, who=None, round: int | None = None) -> None:
        """The start of phase ``name`` ("event", "action" or "check") of ``who``'s turn (default: the
        active seat), in round ``round`` (default: this round)."""
        phase = self._phase_name(name)
        s = self.d.active if who is None else self.seat(who)
        rnd = (self.d.round or 1) if round is None else self._amount("round", round, 1, 10_000)
        if phase == "event" and rnd < 2:
            raise self._bad("field 'phase': there is no Event Phase in round 1 (Turn Structure: the Event "
                            "Phase is ignored in the first round); set round=2 or later", "bad-phase")
        self.start_turn(s, round=rnd, event_phase=phase == "event")
        if phase == "check":
            if s in self.g.automa:
                raise self._bad(f"field 'phase': {self.g.seat_name(s)} is a rulebook bot, whose turn runs "
                                "by its script; start its turn instead", "bad-phase")
            self.d.main_left = 0
            self.d.frames = [{"t": "endturn"}, {"t": "check"}]
