"""Pax rules: the turn and its phases (start, events, checks, drawing, refreshing, ending; Edicts), the
chance steps (dealing, shuffling) and the rulebook bots' automatic steps."""

from __future__ import annotations

from ...engine import CHANCE, Action, Log, NotationError
from ...engine.words import counted, sentence
from .common import (
    EDICTS_TO_END,
    _illegal,
)
from .favor import (
    ALL,
    FACTION_NAMES,
    FACTIONS,
    FI,
)
from .model import (
    COURT_SIZE,
    FACTION_ROW,
    HAND_LIMIT,
    PaxData,
)


def _turn_text(game, rnd, seat) -> str:  # (log lines worded when read: see engine.log)
    return f"— Round {rnd}, {game.seat_name(seat)}'s turn —"


def _end_text(game, seat) -> str:
    return f"{game.seat_name(seat)} ends the action phase."


def _payout_text(game, ev, s, favor) -> str:
    return (f"{sentence(game.event_label(ev))} pays out: 1 to the pool, 1 to {game.seat_name(s)} "
            f"({favor} left on it).")


class TurnMixin:
    """The turn and its steps (see the module docstring)."""

    def _check_keep(self, d, f, a):
        if a.args[0] not in f["cards"]:
            return _illegal("bad-choice", "keep one of the two drawn Event cards")
        return None

    def _check_activate(self, d, f, a):
        if a.args[0] not in d.special_hand[a.seat]:
            return _illegal("not-in-hand", "that Special Event is not in your hand")
        return None

    def _check_pass(self, d, f, a):
        return None

    def _check_redraw(self, d, f, a):
        s = a.seat
        room = self.hand_limit(d, s) - len(d.hands[s])
        if a.args[0] == "deck":
            return None
        slots = a.args[1]
        if (any(not isinstance(i, int) or not 0 <= i < COURT_SIZE for i in slots)
                or len(set(slots)) != len(slots)):
            return _illegal("bad-slot", "Court slots are numbered 1 to 5")
        if any(d.court[i] is None for i in slots):
            return _illegal("empty-slot", "that Court slot is empty")
        if len(slots) > room:
            return _illegal("hand-limit",
                            f"you may draw only {counted(room, 'card')}: the Court draw must stay within "
                            "the hand limit (EN Redraw)")
        if len(slots) == 2:
            if d.chamberlain not in slots:
                return _illegal("chamberlain", "when taking 2 Court cards one must be the card under the "
                                "Chamberlain (EN Redraw)")
            if sum(d.favor[s]) < 1:
                return _illegal("cannot-pay", "taking 2 Court cards costs 1 Favor of your choice (EN Redraw)")
        return None

    # -- turn-frame actions --------------------------------------------------------------------------------
    def _check_end(self, d, f, a):
        return None

    def _check_chance(self, d, a):
        from .notation import decode_deal, decode_shuffle

        try:
            if a.kind == "deal":
                decode_deal(self, a.args[0])
            else:
                order = decode_shuffle(self, a.args[0])
                if sorted(order) != sorted(d.discard):
                    return _illegal("bad-shuffle",
                                    "a shuffle must order exactly the cards of the discard pile")
        except NotationError as e:
            return _illegal("bad-chance", e.message)
        return None

    # -- chance ------------------------------------------------------------------------------------------
    def sample_chance(self, d: PaxData, rng) -> Action:
        from .notation import encode_deal

        t = d.frames[-1]["t"]
        if t == "deal":
            lum = rng.shuffle(list(self.ids))
            contacts = rng.shuffle(list(self.contact_numbers))
            factions = rng.shuffle([FACTIONS[f] for f in self.faction_cards])
            plots = rng.shuffle(list(self.plots))
            edicts = rng.shuffle(list(self.edict_ids))
            specials = rng.shuffle(list(self.special_ids))
            pile_a = rng.shuffle(edicts[:3] + specials[:3])
            pile_b = rng.shuffle(edicts[3:6] + specials[3:6])
            blob = encode_deal(self, lum, contacts, factions, plots, pile_a + pile_b, specials[6:])
            return self.act(CHANCE, "deal", blob)
        from .notation import encode_shuffle

        return self.act(CHANCE, "shuffle", encode_shuffle(self, rng.shuffle(list(d.discard))))

    def _do_deal(self, d: PaxData, a: Action, log: Log) -> None:
        """Setup steps 1-15 (EN Setup; JA L62-84)."""
        from .notation import decode_deal

        lum, contacts, factions, plots, events, boxed = decode_deal(self, a.args[0])
        d.frames.pop()
        n = d.seats
        # 1. deck (top = end of list)
        deck = list(reversed(lum))
        # 2. map, all face-down
        d.cards = [deck.pop() for _ in range(self.n)]
        d.up = [False] * self.n
        d.infl = [tuple([None] * self.nloc[c]) for c in d.cards]
        # 3-4. court and Chamberlain on the leftmost slot
        d.court = [deck.pop() for _ in range(COURT_SIZE)]
        d.chamberlain = 0
        # 5. pool 6/8/10 of each Faction
        d.pool = [self.pool_size] * 6
        # 7. four cards each
        for s in range(n):
            d.hands[s] = [deck.pop() for _ in range(HAND_LIMIT)] if s not in self.automa else []  # bots: none
        d.deck = deck
        # 8-9. contact cards and starting Favor (ruling 55: 1 of each of its 3 Factions)
        for s in range(n):
            d.contacts[s] = contacts[s]
            for x in self.contact_fac[contacts[s]]:
                d.pool[x] -= 1
                d.favor[s][x] += 1
        # 10. lowest contact number starts
        d.first = min(range(n), key=lambda s: d.contacts[s])
        # 12. faction row 3/4/5; the rest out of the game
        k = FACTION_ROW[n]
        d.faction_row = factions[:k]
        d.boxed_factions = factions[k:]
        # 13-14. two public plots, one private each, the rest a pile (top = end)
        d.public_plots = plots[:2]
        d.private_plot = plots[2:2 + n]
        d.plot_pile = list(reversed(plots[2 + n:]))
        # 15. event deck: two piles of 3 Edicts + 3 Specials, stacked; 3 Specials back to the box
        d.event_deck = list(reversed(events))
        d.boxed_events = list(boxed)
        log.add("The game is set up: map dealt face-down, Court revealed, "
                f"{self.seat_name(d.first)} starts (lowest Contact card, {d.contacts[d.first]}).")
        for s in (s for s in range(n) if s not in self.automa):
            log.add(None, {s: f"You are dealt {self.card_names(d.hands[s])}. Your private Plot is "
                              f"{self.plots[d.private_plot[s]].name}."},
                    secret=f"{self.seat_name(s)} is dealt {self.card_names(d.hands[s])}. Their private Plot "
                           f"is {self.plots[d.private_plot[s]].name}.")
        if self.automaton is not None:
            self.automaton.after_deal(d, log)
        d.round = 1
        self._start_turn(d, d.first, log)

    def _do_shuffle(self, d: PaxData, a: Action, log: Log) -> None:
        from .notation import decode_shuffle

        order = decode_shuffle(self, a.args[0])
        d.frames.pop()
        d.deck = list(reversed(order))
        d.discard = []
        d.reshuffles += 1
        log.add(f"The discard pile ({len(order)} cards) is shuffled into a new draw pile.",
                secret=f"The discard pile is shuffled: top {', '.join(order[:5])} …")

    def _deck_empty_check(self, d: PaxData) -> bool:
        # READING: the reshuffle happens as soon as the draw pile is empty (a recorded chance decision)
        """EN Reshuffling: an empty draw pile is reshuffled from the discard at once (a chance frame)."""
        if not d.deck and d.discard:
            d.frames.append({"t": "shuffle"})
            return True
        return False

    # -- turn structure ------------------------------------------------------------------------------------
    def _start_turn(self, d: PaxData, seat: int, log: Log) -> None:
        d.active = seat
        d.turn += 1
        d.main_left = 2
        d.cubes = []
        d.claimed_faction = d.claimed_plot = False
        d.extorted = []
        d.revealed = False
        self.reset_turn_powers(d)
        log.add((_turn_text, (self, d.round, seat)))
        if seat in self.automa:  # a rulebook bot's turn: its script, its own Check Phase (automa.py)
            d.frames.extend(self.automaton.turn_frames(seat))
        else:
            d.frames.extend([{"t": "endturn"}, {"t": "check"}, {"t": "turn", "seat": seat}])
        if d.round > 1:  # EN: ignore the Event Phase in the first round
            d.frames.append({"t": "eventphase"})

    def _auto_eventphase(self, d: PaxData, f: dict, log: Log) -> None:
        d.frames.pop()
        s = d.active
        keep = []
        for ev, favor in d.edicts[s]:
            # READING: an Edict holding a single Favor returns it to the pool (pool first, then the holder)
            fac = FI[self.events[ev].faction]
            if favor > 0:
                favor -= 1
                d.pool[fac] += 1
            if favor > 0:
                favor -= 1
                d.favor[s][fac] += 1
            log.add((_payout_text, (self, ev, s, favor)))
            if favor <= 0:
                d.event_discard.append(ev)
                log.add(f"{sentence(self.event_label(ev))} is empty and discarded "
                        f"({counted(self.edicts_discarded(d), 'Edict')} discarded).")
            else:
                keep.append([ev, favor])
        d.edicts[s] = keep
        if self.edicts_discarded(d) >= EDICTS_TO_END and not d.final_round:
            d.final_round = True
            log.add("A 5th Edict has been discarded: this is the final round, then Faction Scoring.")
        if d.special_active[s] is not None:
            log.add(f"{self.seat_name(s)} discards the active Special Event "
                    f"{self.events[d.special_active[s]].name}.")
            d.event_discard.append(d.special_active[s])
            d.special_active[s] = None
        if d.special_hand[s]:
            d.frames.append({"t": "activate", "seat": s})

    # -- the rulebook bots' frames (automa.py) -----------------------------------------------------------
    def _auto_botturn(self, d, f, log):
        self.automaton.begin(d, f, log)

    def _auto_botclaim(self, d, f, log):
        self.automaton.claim(d, f, log)

    def _auto_botcheck(self, d, f, log):
        self.automaton.check_phase(d, f, log)

    def _check_bot(self, d, f, a):
        if self.automaton is None:
            return _illegal("not-a-bot", "this game has no rulebook bot")
        return self.automaton.check(d, f, a)

    def _do_bot(self, d, a, log):
        self.automaton.perform(d, a, log)

    def _do_activate(self, d, a, log):
        d.frames.pop()
        ev = a.args[0]
        d.special_hand[a.seat].remove(ev)
        d.special_active[a.seat] = ev
        log.add(f"{self.seat_name(a.seat)} activates the Special Event {self.events[ev].name}.")

    def _do_pass(self, d, a, log):
        d.frames.pop()

    def _do_end(self, d, a, log):
        d.frames.pop()
        log.add((_end_text, (self, a.seat)))

    @staticmethod
    def reset_turn_powers(d: PaxData) -> None:
        """A new turn: no Scheme yet, no Buffs, Faction cards upright, no once-per-turn Event used."""
        d.scheme, d.scheme_ended, d.quick_used = [], False, False
        d.buffs, d.bs_adj, d.sideways, d.used_events = [], [], [], []
        d.peek = None

    def _auto_check(self, d: PaxData, f: dict, log: Log) -> None:
        """Check Phase: E claim check + victory check, F event check, G redraw (EN Check Phase)."""
        d.frames.pop()
        if d.borrowed:  # SF: a borrowed Faction card returns at the start of the borrower's Check Phase
            log.add(f"The borrowed Faction card{'s' if len(d.borrowed) > 1 else ''} "
                    + ", ".join(FACTION_NAMES[FI[x]] for x in d.borrowed)
                    + " return where they came from.")
            d.borrowed = {}
        self._claim_check(d, log)
        if self._victory_check(d, log):
            return
        later = [{"t": "refresh"}]
        if len(d.hands[d.active]) < self.hand_limit(d, d.active):
            later.append({"t": "redraw", "seat": d.active})
        order = [(d.active + i) % d.seats for i in range(1, d.seats)]
        later.extend([{"t": "draw", "seat": s} for s in reversed(order)])
        later.append({"t": "discardplayed"})
        d.frames.extend(later)
        if d.revealed and d.event_deck:
            drawn = [d.event_deck.pop() for _ in range(min(2, len(d.event_deck)))]
            d.frames.append({"t": "keep", "seat": d.active, "cards": drawn})
            log.add(f"An Ace or Crown was revealed this turn: {self.seat_name(d.active)} draws "
                    f"{counted(len(drawn), 'Event card')}.", {d.active: "You draw " + " and ".join(
                        self.event_label(e) for e in drawn) + "."})
        elif d.revealed:
            log.add("An Ace or Crown was revealed, but the Event deck is empty.")

    def enact_edict(self, d, s: int, ev) -> int:
        """An Edict goes into play in front of ``s`` (EN Edicts): every player returns all Favor of its
        Faction to the pool, then up to 6 of that Favor go onto the card, out of play. Returns how many."""
        fac = FI[self.events[ev].faction]
        for i in range(d.seats):
            d.pool[fac] += d.favor[i][fac]
            d.favor[i][fac] = 0
        put = min(6, d.pool[fac])
        d.pool[fac] -= put
        d.edicts[s].append([ev, put])
        return put

    def _do_keep(self, d, a, log):
        f = d.frames.pop()
        ev = a.args[0]
        other = [e for e in f["cards"] if e != ev]
        for e in other:
            d.event_deck.append(e)
        s = a.seat
        card = self.events[ev]
        if card.kind == "edict":
            fac = FI[card.faction]
            put = self.enact_edict(d, s, ev)
            log.add(f"{self.seat_name(s)} keeps {self.event_label(ev)}: everyone returns all "
                    f"{FACTION_NAMES[fac]} Favor; {put} go onto the Edict, out of play.")
        else:
            d.special_hand[s].append(ev)
            log.add(f"{self.seat_name(s)} keeps a Special Event.",
                    {s: f"You keep the Special Event {card.name}."},
                    secret=f"{self.seat_name(s)} keeps the Special Event {card.name}.")

    def _auto_discardplayed(self, d, f, log):
        d.frames.pop()
        d.discard.extend(d.played)
        d.played = []
        d.scheme = []  # EN Redraw: the Scheme cards are discarded with the challenge cards

    def _auto_draw(self, d: PaxData, f: dict, log: Log) -> None:
        """Draw back to the hand limit from the deck (non-active players, then the active one)."""
        s = f["seat"]
        self._draw_from_deck(d, f, s, self.hand_limit(d, s) - len(d.hands[s]), log)

    def _draw_from_deck(self, d: PaxData, f: dict, s: int, n: int, log: Log) -> int:
        """Seat ``s`` draws up to ``n`` cards from the deck, stopping where it runs out (EN Reshuffling: a
        shuffle is then pending), and the draw is logged; the drawing step ``f`` ends unless a shuffle is
        pending (it goes on after it). Returns how many cards were drawn."""
        drawn = []
        while len(drawn) < n and d.deck:
            cid = d.deck.pop()
            d.hands[s].append(cid)
            drawn.append(cid)
            if self._deck_empty_check(d):
                break
        if drawn:
            log.add(f"{self.seat_name(s)} draws {counted(len(drawn), 'card')}.",
                    {s: f"You draw {self.card_names(drawn)}."},
                    secret=f"{self.seat_name(s)} draws {self.card_names(drawn)}.")
        if d.frames[-1] is f:  # no shuffle pending: this draw is finished
            d.frames.pop()
        return len(drawn)

    def _do_redraw(self, d, a, log):
        # READING: the Redraw is one decision (1 or 2 Court cards, or none) and the rest comes from the deck
        f = d.frames.pop()
        s = a.seat
        if a.args[0] == "court":
            slots = a.args[1]
            took = []
            for i in slots:
                cid = d.court[i]
                d.court[i] = None
                d.hands[s].append(cid)
                d.known[s].append(cid)
                took.append(cid)
            log.add(f"{self.seat_name(s)} takes {self.card_names(took)} from the Court.")
            d.frames.append({"t": "draw", "seat": s})
            if len(slots) == 2:
                self._push_pay(d, s, [ALL], "taking 2 Court cards", None)
        else:
            d.frames.append({"t": "draw", "seat": s})
        del f

    def _auto_refresh(self, d: PaxData, f: dict, log: Log) -> None:
        """EN Court refresh: discard under the Chamberlain, move it right (wrapping), refill left to right."""
        if not f.get("moved"):
            p = d.chamberlain
            if d.court[p] is not None:
                d.discard.append(d.court[p])
                d.court[p] = None
            d.chamberlain = (p + 1) % COURT_SIZE
            f["moved"] = True
            if self._deck_empty_check(d):
                return
        for i in range(COURT_SIZE):
            if d.court[i] is None and d.deck:
                d.court[i] = d.deck.pop()
                if self._deck_empty_check(d):
                    return
        d.frames.pop()

    def _auto_endturn(self, d: PaxData, f: dict, log: Log) -> None:
        d.frames.pop()
        nxt = (d.active + 1) % d.seats
        # READING: after the 5th Edict the round ends with the seat before the first player, then scoring
        if d.final_round and nxt == d.first:
            self._faction_scoring(d, log)
            return
        if nxt == d.first:
            d.round += 1
        self._start_turn(d, nxt, log)

