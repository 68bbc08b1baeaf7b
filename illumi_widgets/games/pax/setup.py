"""Setting up Pax positions by hand: for teaching, analysis and tests.

    >>> from illumi_widgets import load_game
    >>> from illumi_widgets.games.pax.setup import PaxEditor
    >>> state = load_game("pax", players=2).new_state(seed=1)
    >>> with PaxEditor(state) as ed:
    ...     ed.put("C3", "PIL017")                  # PIL017 face-up at C3 (swapped with whatever was there)
    ...     ed.influence("C3", ["Blue", "Blue"])    # Blue on its two top Locations
    ...     ed.favor("Blue", Sch=2, Pro=1)          # Blue's Favor, exactly (the pool makes up the rest)

Every change keeps the position whole (each card once, Favor conserved), and
the edit is checked when the ``with`` block ends (``State.edit``).
"""

from __future__ import annotations

from ...engine import RecordError
from ...engine.words import counted
from .favor import FACTIONS, faction_index
from .model import AREO, SEAT_COLORS


def lift_event(d, eid) -> None:
    """Take an Event card from the deck, the discard, the box, a hand of Specials or a Special in play."""
    for pile in (d.event_deck, d.event_discard, d.boxed_events, *d.special_hand):
        if eid in pile:
            pile.remove(eid)
    for s, e in enumerate(d.special_active):
        if e == eid:
            d.special_active[s] = None


class PaxEditor:
    def __init__(self, state):
        self.state = state
        self.g = state.game
        self._cm = None
        self.d = None

    def __enter__(self) -> PaxEditor:
        self._cm = self.state.edit()
        self.d = self._cm.__enter__()
        return self

    def __exit__(self, *exc):
        return self._cm.__exit__(*exc)

    # -- helpers ----------------------------------------------------------------------------------------
    def seat(self, who) -> int:
        if isinstance(who, int):
            return who
        try:
            return [c.lower() for c in SEAT_COLORS].index(str(who).lower())
        except ValueError:
            raise RecordError(f"no seat {who!r} (use 0-{self.d.seats - 1} or a colour)") from None

    def cell(self, name) -> int:
        return self.g.geom.cell(name)

    def _locate(self, cid: str):
        d = self.d
        if cid not in self.g.lum:
            raise RecordError(f"no card {cid!r}")
        for c, x in enumerate(d.cards):
            if x == cid:
                return ("map", c)
        for i, x in enumerate(d.court):
            if x == cid:
                return ("court", i)
        for name, pile in (("deck", d.deck), ("discard", d.discard), ("played", d.played)):
            if cid in pile:
                return (name, pile.index(cid))
        for s, h in enumerate(d.hands):
            if cid in h:
                return ("hand", s, h.index(cid))
        raise RecordError(f"card {cid} is nowhere")

    def _set_at(self, loc, cid):
        d = self.d
        kind = loc[0]
        if kind == "map":
            d.cards[loc[1]] = cid
            d.infl[loc[1]] = tuple([None] * self.g.nloc[cid])
        elif kind == "court":
            d.court[loc[1]] = cid
        elif kind == "hand":
            d.hands[loc[1]][loc[2]] = cid
            if cid in d.known[loc[1]]:
                d.known[loc[1]].remove(cid)
        else:
            getattr(d, kind)[loc[1]] = cid

    # -- edits ------------------------------------------------------------------------------------------
    def put(self, cell, cid: str, up: bool = True) -> None:
        """Card ``cid`` to map ``cell`` (face-up by default); the card there takes ``cid``'s old place."""
        c = self.cell(cell)
        d = self.d
        old = d.cards[c]
        src = self._locate(cid)
        if src == ("map", c):
            d.up[c] = up
            return
        up_src = d.up[src[1]] if src[0] == "map" else False
        self._set_at(src, old)
        if src[0] == "map":
            d.up[src[1]] = up_src
        d.cards[c] = cid
        d.up[c] = up
        d.infl[c] = tuple([None] * self.g.nloc[cid])

    def reveal_all(self) -> None:
        """Turn every map card face-up (Influence stays)."""
        self.d.up = [True] * len(self.d.cards)

    def influence(self, cell, seats) -> None:
        """Occupy the card's Locations top-down with ``seats`` (colours or numbers; None = open)."""
        c = self.cell(cell)
        n = self.g.nloc[self.d.cards[c]]
        seats = [None if s is None else self.seat(s) for s in seats]
        if len(seats) > n:
            raise RecordError(f"{cell} has only {counted(n, 'Location')}")
        self.d.infl[c] = tuple(seats + [None] * (n - len(seats)))

    def clear_influence(self) -> None:
        self.d.infl = [tuple([None] * len(t)) for t in self.d.infl]

    def favor(self, who, **counts) -> None:
        """Set a seat's Favor exactly (``Sch=2, Pro=1``; others 0); the pool absorbs the difference."""
        s = self.seat(who)
        want = [0] * 6
        for k, v in counts.items():
            f = faction_index(k)
            if f is None:
                raise RecordError(f"no Faction {k!r}")
            want[f] = v
        for x in range(6):
            delta = want[x] - self.d.favor[s][x]
            if delta > self.d.pool[x]:
                raise RecordError(f"the pool has only {self.d.pool[x]} {FACTIONS[x]} Favor")
            self.d.pool[x] -= delta
            self.d.favor[s][x] = want[x]

    def hand(self, who, cards) -> None:
        """Give a seat exactly these cards (swapped with wherever they were)."""
        s = self.seat(who)
        d = self.d
        for i, cid in enumerate(cards):
            if i < len(d.hands[s]) and d.hands[s][i] == cid:
                continue
            src = self._locate(cid)
            if i < len(d.hands[s]):
                old = d.hands[s][i]
                self._set_at(src, old)
                d.hands[s][i] = cid
            else:
                self._set_at(src, None)
                self._drop_none(src)
                d.hands[s].append(cid)
        while len(d.hands[s]) > len(cards):
            d.deck.append(d.hands[s].pop())
        d.known[s] = [c for c in d.known[s] if c in d.hands[s]]

    def _drop_none(self, loc):
        d = self.d
        kind = loc[0]
        if kind in ("deck", "discard", "played"):
            getattr(d, kind).remove(None)
        elif kind == "hand":
            d.hands[loc[1]].remove(None)
        elif kind == "map":
            raise RecordError("cannot take a map card into a hand without a replacement; use put() first")

    def contact(self, who, number: int) -> None:
        """Give a seat another Contact card number (swapped if another seat holds it)."""
        s = self.seat(who)
        d = self.d
        if number not in self.g.contact_fac:
            raise RecordError(f"no Contact card {number}")
        if number in d.contacts:
            other = d.contacts.index(number)
            d.contacts[other] = d.contacts[s]
        d.contacts[s] = number

    def plots(self, public=None, private=None) -> None:
        """Choose the public Plots and/or private Plots (by id or name); the rest form the pile."""
        g, d = self.g, self.d

        def pid(x):
            if x in g.plots:
                return x
            for k, p in g.plots.items():
                if p.name.lower() == str(x).lower() or p.key == x:
                    return k
            raise RecordError(f"no Plot {x!r}")

        pub = [pid(x) for x in public] if public is not None else list(d.public_plots)
        priv = ([pid(x) if x is not None else None for x in private] if private is not None
                else list(d.private_plot))
        spare = [p for p in g.plots if p not in pub and p not in priv]
        for s, p in enumerate(priv):  # a private Plot now public is swapped for a spare one
            if p in pub:
                priv[s] = spare.pop(0)
        if len(set(pub) | {p for p in priv if p}) != len(pub) + sum(1 for p in priv if p):
            raise RecordError("a Plot cannot be in two places")
        used = set(pub) | {p for p in priv if p}
        d.public_plots, d.private_plot = pub, priv
        d.plot_pile = [p for p in g.plots if p not in used]
        for s in range(d.seats):
            d.claims[s] = {p: on for p, on in d.claims[s].items() if p in pub or p == priv[s]}

    def factions(self, row) -> None:
        """Choose which Faction cards are in the row (the others leave the game); none is held."""
        row = [FACTIONS[faction_index(f)] if faction_index(f) is not None else f for f in row]
        self.d.faction_row = list(row)
        self.d.faction_holder = {}
        self.d.boxed_factions = [f for f in FACTIONS if f not in row]

    def hold_faction(self, who, faction) -> None:
        f = FACTIONS[faction_index(faction)]
        if f in self.d.faction_row:
            self.d.faction_row.remove(f)
        if f in self.d.boxed_factions:
            self.d.boxed_factions.remove(f)
        self.d.faction_holder[f] = self.seat(who)

    def main_actions(self, n: int) -> None:
        self.d.main_left = n

    def special(self, who, event, active: bool = True) -> None:
        """Give ``who`` a Special Event (by id or name): active (the default) or held in hand."""
        g, d = self.g, self.d
        s = self.seat(who)
        eid = event if event in g.events else next(
            (k for k, e in g.events.items() if e.name.lower() == str(event).lower() or e.key == event), None)
        if eid is None or g.events[eid].kind != "special":
            raise RecordError(f"no Special Event {event!r}")
        lift_event(d, eid)
        if active:
            if d.special_active[s] is not None:
                d.event_discard.append(d.special_active[s])
            d.special_active[s] = eid
        else:
            d.special_hand[s].append(eid)

    def edict(self, who, event, favor: int = 6) -> None:
        """Put an Edict (by id or name) in front of ``who`` with ``favor`` on it (taken from the pool)."""
        g, d = self.g, self.d
        s = self.seat(who)
        eid = event if event in g.events else next(
            (k for k, e in g.events.items() if e.name.lower() == str(event).lower() or e.key == event), None)
        if eid is None or g.events[eid].kind != "edict":
            raise RecordError(f"no Edict {event!r}")
        for pile in (d.event_deck, d.event_discard):
            if eid in pile:
                pile.remove(eid)
        x = faction_index(g.events[eid].faction)
        if d.pool[x] < favor:
            raise RecordError(f"the pool has only {d.pool[x]} {FACTIONS[x]} Favor")
        d.pool[x] -= favor
        d.edicts[s].append([eid, favor])

    def start_turn(self, who, round: int = 1, event_phase: bool = False) -> None:
        """Make it ``who``'s turn with 2 main actions and nothing used yet; from its Event Phase if asked
        (round 2 on), otherwise from its action phase."""
        s = self.seat(who)
        d = self.d
        d.active = s
        d.round = round
        d.main_left = 2
        d.cubes, d.extorted, d.played = [], [], list(d.played)
        d.claimed_faction = d.claimed_plot = d.revealed = False
        self.g.reset_turn_powers(d)
        d.borrowed = {}
        if s in self.g.automa:  # a rulebook bot's turn (automa.py): its script runs when the edit ends
            d.frames = self.g.automaton.turn_frames(s)
            d.plan = []
        else:
            d.frames = [{"t": "endturn"}, {"t": "check"}, {"t": "turn", "seat": s}]
        if event_phase and round > 1:
            d.frames.append({"t": "eventphase"})

    def bot_token(self, who, cell) -> None:
        """Put a rulebook bot's token on ``cell`` (a map cell or ``"areopagus"``)."""
        s = self.seat(who)
        if s not in self.g.automa:
            raise RecordError(f"{SEAT_COLORS[s]} is not a rulebook bot (game option bots={{seat: name}})")
        self.d.bot_token[s] = AREO if str(cell).lower() == "areopagus" else self.cell(cell)

    def deck_top(self, cards) -> None:
        """Put these cards on top of the Luminary deck, ``cards[0]`` the top one (each swapped with a deck
        card that is not among them)."""
        d = self.d
        cards = list(cards)
        for cid in reversed(cards):
            src = self._locate(cid)
            if src[0] == "deck":
                d.deck.remove(cid)
            else:
                spare = next((x for x in reversed(d.deck) if x not in cards), None)
                if spare is None:
                    raise RecordError("the deck has no card left to swap")
                d.deck.remove(spare)
                self._set_at(src, spare)
            d.deck.append(cid)

    def claim(self, who, plot, on: bool = True) -> None:
        """Put ``who``'s Influence on (or under) a Plot."""
        s = self.seat(who)
        pid = plot if plot in self.g.plots else next(
            k for k, p in self.g.plots.items() if p.name.lower() == str(plot).lower() or p.key == plot)
        self.d.claims[s][pid] = on
