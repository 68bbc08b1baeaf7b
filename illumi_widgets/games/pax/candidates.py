"""Pax rules: which actions to list for a seat (the candidates every ``_check_*`` then tests,
and the fast generator of a turn's Main actions that the tests compare with the checked listing)."""

from __future__ import annotations

from ...engine import Action
from . import board as B
from .favor import (
    FACTIONS,
    can_pay_any_need,
    gain_choices,
)
from .model import (
    AREO,
    COURT_SIZE,
    INFLUENCE_PER_SEAT,
    PaxData,
)
from .powers import open_locations


class CandidatesMixin:
    """The actions listed for a seat (see the module docstring)."""

    # ------------------------------------------------------------------------------------------------
    def candidates(self, d: PaxData, seat: int) -> list[Action]:
        if self.automa and seat in self.automa and not self._automa_raw:
            return self.automaton.candidates(d, seat)  # a rulebook bot: the one step its script dictates
        f = d.frames[-1]
        t = f["t"]
        A = self.act
        if t == "turn":
            return self._turn_candidates(d, seat)
        if t == "pay":  # (the payments _check_pay accepts, in its order; built directly, as self.act does)
            fmt = self._format
            return [Action(seat, "pay", (v,), "", fmt)
                    for v in self.pay_vectors(d, seat, f.get("alts") or [f["slots"]])]
        if t == "collect":
            fmt = self._format
            return [Action(seat, "collect", (v,), "", fmt) for v in gain_choices(f["slots"])]
        if t == "subvert":
            return [A(seat, "subvert", s) for s in range(d.seats) if s != seat]
        if t == "give":
            return [A(seat, "give", f["to"][0], x) for x in range(6) if f["have"][x] > 0]
        if t == "place":
            fmt = self._format
            return [Action(seat, "place", (cid,), "", fmt) for cid in d.hands[seat]]
        if t == "move":
            acts = [A(seat, "done")]
            fac = f["fac"]
            anywhere = [c for c in range(self.n) if d.up[c] and None in d.infl[c]]
            if f.get("dest") is not None:
                anywhere = [f["dest"]]
            for src in self.mine(d, seat):
                if f.get("any"):
                    if f.get("src") is not None and src != f["src"]:
                        continue
                    acts.extend([A(seat, "move", src, dst) for dst in anywhere if dst != src])
                    continue
                if not d.up[src] or fac not in self.cfac[d.cards[src]]:
                    continue
                for dst in (anywhere if f.get("fair") else self.nb[src]):
                    acts.append(A(seat, "move", src, dst))
            return acts
        if t == "power":
            return self._power_candidates(d, f, seat)
        if t == "plotkeep":
            return [A(seat, "keepplot", f["new"])] + ([A(seat, "keepplot", f["old"])] if f["old"] else [])
        if t == "reveal":
            hand = d.hands[seat]
            return [A(seat, "reveal", cid) for cid in hand] if hand else [A(seat, "reveal", None)]
        if t == "press":
            return [A(seat, "press"), A(seat, "calloff")]
        if t == "keep":
            return [A(seat, "keep", e) for e in f["cards"]]
        if t == "redraw":
            acts = [A(seat, "redraw", "deck", ())]
            for i in range(COURT_SIZE):
                acts.append(A(seat, "redraw", "court", (i,)))
                for j in range(i + 1, COURT_SIZE):
                    if d.chamberlain in (i, j):  # (other pairs never pass _check_redraw)
                        acts.append(A(seat, "redraw", "court", (i, j)))
            return acts
        if t == "activate":
            return [A(seat, "pass")] + [A(seat, "activate", e) for e in d.special_hand[seat]]
        return []

    def _redraw_legal(self, d: PaxData, s: int) -> list[Action]:
        """The legal Redraw choices, generated directly (the candidates of a redraw step that pass
        ``_check_redraw``, in order: tests/pax/test_fast_legal.py compares): the deck; one Court card within
        the hand limit; two, one of them under the Chamberlain, for 1 Favor of any kind."""
        A = self.act
        acts = [A(s, "redraw", "deck", ())]
        room = self.hand_limit(d, s) - len(d.hands[s])
        if room < 1:
            return acts
        court, ch = d.court, d.chamberlain
        pair = room >= 2 and court[ch] is not None and sum(d.favor[s]) >= 1
        for i in range(COURT_SIZE):
            if court[i] is None:
                continue
            acts.append(A(s, "redraw", "court", (i,)))
            if pair:
                acts.extend([A(s, "redraw", "court", (i, j)) for j in range(i + 1, COURT_SIZE)
                             if ch in (i, j) and court[j] is not None])
        return acts

    def _turn_candidates(self, d: PaxData, s: int) -> list[Action]:
        return self._turn_main_candidates(d, s) + self._turn_other_candidates(d, s)

    def _turn_main_candidates(self, d: PaxData, s: int) -> list[Action]:
        """Candidates for the six Main actions (checked by ``check`` like every candidate)."""
        A = self.act
        acts: list[Action] = []
        if not (d.main_left > 0 or self.event_on(d, "rosicrucian_advance")):
            return acts
        mine = self.mine(d, s)
        near = set()
        for c in mine:
            near.update(self.adj[c])
        near.update(self.areo_cells[s])
        near.update(d.bs_adj)  # BS: the scouted position counts as adjacent for Influence this turn
        if self.event_on(d, "courtly_celebrations"):
            near.update(self.geom.edge)
        for t in range(self.n):
            actors = self.actors(d, s, t)
            if not actors:
                continue
            if not d.up[t]:
                acts.extend([A(s, "scout", t, a) for a in actors])
                continue
            rivals = {x for x in d.infl[t] if x is not None and x != s}
            decree = not rivals or self.event_on(d, "electors_decree")
            for a in actors:
                if decree:
                    acts.append(A(s, "expel", t, a, False))
                for r in sorted(rivals):
                    for k in range(1, d.infl[t].count(r) + 1):
                        acts.append(A(s, "oust", t, r, k, a))
        for t in sorted(near):
            if d.up[t]:
                opens = d.infl[t].count(None)
                acts.extend([A(s, "influence", t, k, False) for k in range(1, min(3, opens) + 1)])
        acts.extend([A(s, "extort", c) for c in self._extort_targets(d, s)])
        held = {x for c in mine if d.up[c] for x in self.cfac[d.cards[c]]}
        acts.extend([A(s, "organize", f, None) for f in sorted(held)])  # (no Influence there: never legal)
        return acts

    def _turn_other_candidates(self, d: PaxData, s: int) -> list[Action]:
        """Candidates for the Oust follow-up cube, claims, Schemes, powers and ending the phase."""
        A = self.act
        acts: list[Action] = []
        for c in d.cubes:
            acts.extend([A(s, "influence", c, k, True) for k in (1, 2, 3)])
            acts.extend([A(s, "organize", f, c) for f in range(6)])
            acts.extend([A(s, "expel", c, a, True) for a in self.actors(d, s, c)])
        on_map = self.on_map(d, s)
        if not d.claimed_faction and on_map >= 3:
            # (only cards in play that the seat does not hold and no one borrows can be claimed, and
            # controlling a Lodge takes at least 3 Influence on its cards: test those first, cheaper)
            holder, boxed, borrowed = d.faction_holder, d.boxed_factions, d.borrowed
            open_cards = [f for f in self.faction_cards if holder.get(FACTIONS[f]) != s
                          and FACTIONS[f] not in boxed and FACTIONS[f] not in borrowed]
            if open_cards:
                on = self._seat_map(d, s)[6]  # (the seat's Influence per Faction)
                acts.extend([A(s, "claimfaction", f) for f in open_cards
                             if on[f] >= 3 and self.claimant(d, FACTIONS[f]) == s])
        if not d.claimed_plot:
            plots = list(d.public_plots)
            if d.private_plot[s] is not None:
                plots.append(d.private_plot[s])
            # (a plot needs some of the seat's Influence on the map, Faction Leader Faction cards: skip the
            # ones the seat is too far from)
            held = list(d.faction_holder.values()).count(s)  # (as plot_families counts them)
            plots = [p for p in plots
                     if on_map >= self.plot_floor.get(p, 0) and held >= self.plot_min_held.get(p, 0)]
            if plots:  # (then a cheap look at the seat's own cards: board.plot_may_be_met; and the Lodges)
                lum, cards, up, infl = self.lum, d.cards, d.up, d.infl
                mine = [(c, lum[cards[c]] if up[c] else None, infl[c]) for c in self._seat_map(d, s)[0]]
                plots = [p for p in plots if p not in self.plots or B.plot_may_be_met(
                    self.plots[p].key, self.plots[p].params, self.geom, mine, s)]
                acts.extend([A(s, "claimplot", p) for p in plots if self._lodge_plot_met(d, s, p)])
        acts.extend(self._power_turn_candidates(d, s))
        acts.append(A(s, "end"))
        return acts

    def _lodge_plot_met(self, d: PaxData, s: int, p: str) -> bool:
        """Whether ``s`` meets Plot ``p`` as far as the Lodges tell: for a Plot that uses a Lodge, its
        witnesses (:func:`board.plot_witnesses`, what ``_check_claimplot`` asks for), which read only the
        Lodges (kept while the cards stay), the Influence and the seats — a cheap context, without the card
        faces and the board table ``plot_families`` builds; True for every other Plot (and an unknown id).
        Most listings meet no Lodge Plot, and its full check cost up to half a millisecond on a new map."""
        plot = self.plots.get(p)
        if plot is None or plot.key not in B.LODGE_PLOTS:
            return True
        ctx = B.PlotContext(self.geom, (), d.infl, s, d.seats)
        ctx.__dict__["lodge_list"] = self.lodge_list(d)  # (a cached property: the game's own)
        return bool(B.plot_witnesses(plot.key, plot.params, ctx))

    def _seat_map(self, d: PaxData, s: int) -> tuple:
        """What the turn listing reads of the map for seat ``s``, worked out once per map: ``(mine, on_map,
        factions of each of mine, near, reach, targets, Influence per Faction)`` — the seat's cards; its
        Influence on the map; each card's Factions; every card an acting card reaches (next to the seat's
        Influence or its Areopagus), sorted; for each of those with an acting card, ``(card, acting cards,
        face-up, Influence on it, [(rival, its Influence there)], rival Influence on it)``; the face-up cards
        of ``near`` not closed to the seat (a Crown with rival Influence), as :meth:`_influence_targets` gives
        them; and the seat's Influence on the face-up cards of each Faction (for Claim Faction). Remembered
        per seat while the map stays the same: a turn's actions mostly leave the map alone, and comparing the
        map with the remembered one is cheap (an unchanged card's Influence is the very same tuple)."""
        scratch = self._scratch
        kept = scratch.seat_maps.get(s)
        infl, up, cards = d.infl, d.up, d.cards
        if kept is not None and kept[2] == infl and kept[0] == cards and kept[1] == up:
            return kept[3]
        adj, cfac, areo = self.adj, self.cfac, self.areo_cells[s]
        mine = [c for c, t in enumerate(infl) if s in t]
        on_map = sum([infl[c].count(s) for c in mine])
        fac_of = {a: cfac[cards[a]] for a in mine}
        mine_set = set(mine)
        near = set(areo)
        for c in mine:
            near.update(adj[c])
        near = sorted(near)
        others = [r for r in range(d.seats) if r != s]
        reach = []
        for t in near:
            actors = [c for c in adj[t] if c in mine_set]
            if t in areo:
                actors.append(AREO)
            if not actors:
                continue
            if not up[t]:
                reach.append((t, actors, False, 0, (), 0))
                continue
            slots = infl[t]
            on = len(slots) - slots.count(None)
            rivals = [(r, slots.count(r)) for r in others if r in slots]
            reach.append((t, actors, True, on, rivals, on - slots.count(s) if rivals else 0))
        fac_on = [0] * 6
        for c in mine:
            if up[c]:
                n = infl[c].count(s)
                for x in fac_of[c]:
                    fac_on[x] += n
        facts = (mine, on_map, fac_of, near, reach, self._influence_targets(d, s, near), fac_on)
        scratch.seat_maps[s] = (list(cards), list(up), list(infl), facts)
        return facts

    def _influence_targets(self, d: PaxData, s: int, cells) -> list:
        """The face-up cards among ``cells`` that ``s`` may put Influence on, as far as the map tells (not a
        Crown with rival Influence: crown_blocked, written out): ``(card, card id, slots)``."""
        infl, up, cards, rank = d.infl, d.up, d.cards, self.rank
        out = []
        for t in cells:
            if not up[t]:
                continue
            cid = cards[t]
            slots = infl[t]
            if rank[cid] == "CROWN" and any(x is not None and x != s for x in slots):
                continue
            out.append((t, cid, slots))
        return out

    def _turn_main_legal(self, d: PaxData, s: int) -> list[Action]:
        """The LEGAL Main actions of a turn, generated directly: the same list, in the same order, as the
        candidates of :meth:`_turn_main_candidates` that pass ``check``, but without building the candidates
        that fail or checking each one. It is the fast path of random play and search;
        tests/pax/test_fast_legal.py compares the two over many random games. Costs come from the tables
        ``check`` uses (:meth:`_influence_needs`) and the counting behind ``can_pay`` (``slot_capacity``,
        ``can_pay_need``); only the conditions are restated here, including those of the Special Events
        and Buffs that change them (Elector's Decree, Courtly Celebrations, Rosicrucian Advance, the BS
        Scout bonus, the FE and FX Buffs). What it reads of the map comes from :meth:`_seat_map`."""
        acts: list[Action] = []
        # each needs a Main action (EN Action Phase); with none left, Rosicrucian Advance still allows a Scout
        # from a Rosicrucian card and Influence onto one (``free`` in the checks)
        only_free = d.main_left <= 0
        if only_free and not self.event_on(d, "rosicrucian_advance"):
            return acts
        rosicrucian = self.rosicrucian
        fmt = self._format  # (actions are built here directly, as self.act builds them)
        cards = d.cards
        mine, on_map, fac_of, near, reach, targets, _ = self._seat_map(d, s)
        memo = self._scratch.memo
        if memo is not None:  # (on_map, counted on the seat's cards only)
            memo[("on-map", s)] = on_map
        holdings, rate, wild = self.holdings_key(d, s)
        # how many Favor matching some Factions the seat can pay (slot_capacity, counted once for the listing:
        # every type pays 1 for ``rate``, the matching types and the wild one pay 1 each)
        per_rate = [h // rate for h in holdings]
        base = sum(per_rate)
        gain = [h - q for h, q in zip(holdings, per_rate, strict=True)]
        if wild is not None:
            base += gain[wild]
            gain[wild] = 0
        # acting card -> how many Favor matching it the seat can pay, by its factions
        by_facs: dict = {}
        cap_of = {}
        for a, facs in fac_of.items():  # (acting_factions, written out: a card's Factions; the Areopagus's)
            cap = by_facs.get(facs)
            if cap is None:
                cap = by_facs[facs] = base + sum([gain[f] for f in set(facs)])
            cap_of[a] = cap
        facs = self.contact_fac[d.contacts[s]]
        cap = by_facs.get(facs)
        if cap is None:
            cap = by_facs[facs] = base + sum([gain[f] for f in set(facs)])
        cap_of[AREO] = cap
        if not only_free:
            decree = self.event_on(d, "electors_decree")  # Expel despite rival Influence (in the cost)
            free_expel = "FX" in d.buffs  # the FX Buff: Expel costs nothing
            hand = d.hands[s]
            nloc = self.nloc
        for t, actors, face_up, on, rivals, n_rival in reach:
            if not face_up:
                acts.extend([Action(s, "scout", (t, a), "", fmt) for a in actors if cap_of[a] >= 1 and (
                    not only_free or (a != AREO and rosicrucian(cards[a])))])
                continue
            if only_free:
                continue  # (Expel and Oust always need a Main action)
            n_on = on if on > 1 else 1
            # Expel: a card in hand to put in its place (with Locations for every rival Influence: Decree)
            if rivals:
                expel = decree and any(nloc[c] >= n_rival for c in hand)
            else:
                expel = bool(hand)
            for a in actors:
                cap = cap_of[a]
                if expel and (free_expel or cap >= n_on):
                    acts.append(Action(s, "expel", (t, a, False), "", fmt))
                for r, n in rivals:
                    acts.extend([Action(s, "oust", (t, r, k, a), "", fmt) for k in range(1, min(n, cap) + 1)])
        supply = INFLUENCE_PER_SEAT - on_map - len(d.claims[s])  # (self.supply, with the count at hand)
        # Influence goes next to the seat's Influence or Areopagus, on the BS Scout's card, and on any edge
        # card under Courtly Celebrations; k Influence cost the first k open Locations' icons (reduced by the
        # FI Buffs and, on an empty card, the Nobility passive: _influence_base)
        if d.bs_adj or self.event_on(d, "courtly_celebrations"):
            extra = set(d.bs_adj)
            if self.event_on(d, "courtly_celebrations"):
                extra.update(self.geom.edge)
            targets = self._influence_targets(d, s, sorted(extra.union(near)))
        fi, nob_held = d.buffs.count("FI"), self.holds(d, s, "NOB")
        # how many Influence (up to 3) each (card, open Locations, Nobility discount) can take, for these
        # holdings and FI Buffs: remembered, since a seat pays from the same few holdings again and again
        needs_of = self._influence_needs
        most = 3 if supply > 3 else supply
        for t, cid, slots in targets:
            if only_free and not rosicrucian(cid):
                continue
            opens, nob = open_locations(slots, nob_held)
            for k in range(1, min(most, len(opens)) + 1):
                if not can_pay_any_need(holdings, needs_of((cid, opens[:k], fi, nob, 0)), rate, wild):
                    break  # (k+1 Influence are never easier to pay than k)
                acts.append(Action(s, "influence", (t, k, False), "", fmt))
        if only_free:
            return acts
        extorted = d.extorted
        acts.extend([Action(s, "extort", (c,), "", fmt)
                     for c in self._extort_targets(d, s, mine) if c not in extorted])
        up, cfac = d.up, self.cfac
        held = {x for c in mine if up[c] for x in cfac[cards[c]]}
        acts.extend([Action(s, "organize", (x, None), "", fmt) for x in sorted(held)
                     if base + gain[x] >= 1])  # (slot_capacity(holdings, (x,), rate, wild), as above)
        return acts
