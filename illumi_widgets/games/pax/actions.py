"""Pax rules: the six main actions (Scout, Influence, Extort, Organize, Expel, Oust), their costs,
checks and effects, and the placing and moving steps they push."""

from __future__ import annotations

from ...engine import IllegalAction
from ...engine.words import counted
from .common import (
    _illegal,
    influence_returns,
)
from .favor import (
    FACTION_NAMES,
    FI,
)
from .model import (
    AREO,
)


def _place_text(game, s, cid, t, placed, carried) -> str:
    """The log line of a card placed face-up (worded when read: see engine.log)."""
    extra = f" with {placed} Influence" if carried else ""
    back = f"; {influence_returns(carried - placed)} to the supply" if carried > placed else ""
    return f"{game.seat_name(s)} places {game.card_label(cid)} face-up at {game.place_name(t)}{extra}{back}."


def _verb(how: str, verb: str) -> str:
    """"Expels", or after a "uses … to " the plain "Expel"."""
    return f"{how}{verb}" if how else f"{verb}s"


def _expel_text(game, s, how, cid, t) -> str:
    return f"{game.seat_name(s)} {_verb(how, 'Expel')} {game.card_label(cid)} at {game.place_name(t)}."


def _scout_text(game, s, t, acting, free) -> str:
    return (f"{game.seat_name(s)} Scouts {game.place_name(t)} from {game.place_name(acting)}"
            + (" (Rosicrucian Advance: no Main action used)" if free else "") + ".")


def _influence_text(game, s, how, t, k, free) -> str:
    return (f"{game.seat_name(s)} {_verb(how, 'Influence')} {game.place_name(t)} with "
            f"{counted(k, 'Influence disk')}"
            + (" (Rosicrucian Advance: no Main action used)" if free else "") + ".")


class MainActionsMixin:
    """The six main actions (see the module docstring)."""

    def power_used(self, pf) -> str:
        """How a power frame is named in the log: "uses the power of <card> to ", "uses the Artists Faction
        card to " (a Faction card's ability) or "uses a power to "."""
        card = pf.get("card")
        if card in self.lum:
            return f"uses the power of {self.card_label(card)} to "
        if pf.get("kind") in FI:
            return f"uses the {FACTION_NAMES[FI[pf['kind']]]} Faction card to "
        return "uses a power to "

    def _main_or_bonus(self, d, bonus: bool, cell: int, f=None, free=False) -> IllegalAction | None:
        """A Main action needs one left; the Oust follow-up needs its cube; a power needs nothing more.
        ``free``: Rosicrucian Advance — the action uses no Main action (READING: so it may be taken with none
        left; ruling 36: no limit)."""
        if f is not None and f["t"] == "power":
            return None
        if bonus:
            if cell not in d.cubes:
                return _illegal("no-bonus", f"there is no bonus follow-up cube on {self.place_name(cell)} "
                                "(EN Oust E: only the card of a won Oust gets one)")
        elif d.main_left <= 0 and not free:
            return _illegal("no-main-action", "no main actions left this turn (EN Action Phase: up to 2)")
        return None

    def _valid_cell(self, c) -> bool:
        return isinstance(c, int) and 0 <= c < self.n

    def _check_actor(self, d, s, target, acting) -> IllegalAction | None:
        if acting == AREO:
            if target not in self.areo_cells[s]:
                return _illegal("not-adjacent", f"your Areopagus does not touch {self.place_name(target)}")
            return None
        if not self._valid_cell(acting):
            return _illegal("bad-cell", "no such acting card")
        if s not in d.infl[acting]:
            return _illegal("no-influence", f"the acting card {self.place_name(acting)} holds none of your "
                            "Influence (EN Acting Card)")
        if acting not in self.adj[target]:
            return _illegal("not-adjacent", f"{self.place_name(acting)} is not adjacent to "
                            f"{self.place_name(target)}")
        return None

    def _check_place(self, d, f, a):
        cid = a.args[0]
        if cid not in d.hands[a.seat]:
            return _illegal("not-in-hand", "that card is not in your hand")
        need = f.get("rivals", 0)
        if need and self.nloc[cid] < need:
            return _illegal("too-few-locations", f"{cid} has too few Locations for the rival Influence")
        return None

    def _check_move(self, d, f, a):
        src, dst = a.args
        s = a.seat
        if not (self._valid_cell(src) and self._valid_cell(dst)):
            return _illegal("bad-cell", "no such card")
        if f["left"] <= 0:
            return _illegal("no-moves", "all 3 Organize moves are used (EN Organize)")
        if s not in d.infl[src]:
            return _illegal("no-influence", f"none of your Influence is on {self.place_name(src)}")
        if src == dst:
            return _illegal("same-card", "a move goes to another card")
        if f.get("any"):
            if f.get("src") is not None and src != f["src"]:
                return _illegal("one-card", f"the Artists ability moves Influence from one card only "
                                f"({self.place_name(f['src'])})")
        else:
            if not d.up[src] or f["fac"] not in self.cfac[d.cards[src]]:
                return _illegal("wrong-faction",
                                f"{self.place_name(src)} is not a {FACTION_NAMES[f['fac']]} card: "
                                "every move must start on a card of the chosen Faction (EN Organize)")
            if dst not in self.nb[src] and not f.get("fair") and f.get("dest") is None:
                return _illegal("not-adjacent",
                                f"{self.place_name(dst)} is not adjacent to {self.place_name(src)}")
            if f.get("dest") is not None and dst not in self.nb[src]:
                return _illegal("not-adjacent",
                                f"{self.place_name(dst)} is not adjacent to {self.place_name(src)}")
        if not d.up[dst]:
            return _illegal("face-down",
                            f"{self.place_name(dst)} is face-down: Influence goes on face-up cards")
        if not self.open_slots(d, dst):
            return _illegal("no-open-location", f"{self.place_name(dst)} has no open Location")
        if self.crown_blocked(d, s, dst):
            return _illegal("crown-exclusive",
                            "a Crown with rival Influence cannot take yours (ruling 29)")
        if f.get("dest") is not None and dst != f["dest"]:
            return _illegal("bonus-target",
                            f"this move may only bring Influence onto {self.place_name(f['dest'])}")
        return None

    def _check_done(self, d, f, a):
        return None

    def _check_scout(self, d, f, a):
        s, (t, acting) = a.seat, a.args
        mode = self.mode_of(f)
        if not self._valid_cell(t):
            return _illegal("bad-cell", "no such card")
        free = (mode == "main" and acting is not None and acting != AREO and self._valid_cell(acting)
                and self.rosicrucian(d.cards[acting]) and self.event_on(d, "rosicrucian_advance"))
        err = self._main_or_bonus(d, False, t, f, free)
        if err:
            return err
        if d.up[t]:
            return _illegal("face-up", f"{self.place_name(t)} is face-up: Scout targets face-down cards "
                            "(ruling: Scout targets face-down cards only)")
        if mode in ("BS", "SCH"):  # ANY card: no acting card, no matching Favor (card effect BS)
            if acting is not None:
                return _illegal("any-card", "this Scout is on ANY card: name no acting card (scout C2)")
            if not self.can_pay_alts(d, s, [self.fee_slots(f)]):
                return _illegal("cannot-pay", "the Scholars ability costs 1 Scholars Favor")
            return None
        if acting is None:
            return _illegal("no-acting-card", "a Scout names its acting card: scout C2 from B2")
        err = self._check_actor(d, s, t, acting)
        if err:
            return err
        slots = [frozenset(self.acting_factions(d, s, acting))]
        if not self.can_pay_alts(d, s, [slots]):
            return _illegal("cannot-pay",
                            "Scout costs 1 Favor matching the acting card, which you cannot pay")
        return None

    def influence_cost(self, d, s, t, k, mode="main") -> list[frozenset]:
        return self.influence_cost_alts(d, s, t, k, mode)[0]

    def _check_influence(self, d, f, a):
        s, (t, k, bonus) = a.seat, a.args
        mode = self.mode_of(f, bonus)
        if not self._valid_cell(t):
            return _illegal("bad-cell", "no such card")
        free = (mode == "main" and d.up[t] and self.rosicrucian(d.cards[t])
                and self.event_on(d, "rosicrucian_advance"))
        err = self._main_or_bonus(d, bonus, t, f, free)
        if err:
            return err
        if not isinstance(k, int) or not 1 <= k <= 3:
            return _illegal("bad-count", "Influence places 1 to 3 Influence (EN Influence)")
        if not d.up[t]:
            return _illegal("face-down",
                            f"{self.place_name(t)} is face-down: Influence targets a face-up card")
        if mode not in ("BI", "NOB") and not (
                any(s in d.infl[c] for c in self.adj[t]) or t in self.areo_cells[s] or t in d.bs_adj
                or (t in self.geom.edge and self.event_on(d, "courtly_celebrations"))):
            return _illegal("not-adjacent", f"{self.place_name(t)} is not adjacent to your Influence "
                            "(EN Influence)")
        if self.crown_blocked(d, s, t):
            return _illegal("crown-exclusive",
                            "a Crown with rival Influence cannot take yours (EN Influence; "
                            "ruling 29: even for ANY effects)")
        opens = d.infl[t].count(None)
        if opens < k:
            only = counted(opens, "open Location")
            return _illegal("no-open-location", f"{self.place_name(t)} has only {only} "
                            "(EN Influence: no more Influence than open Locations)")
        if self.supply(d, s) < k:
            return _illegal("no-supply", "you have too few Influence disks left in your supply")
        fee = self.fee_slots(f)
        if not self.can_pay_influence(d, s, t, k, mode, fee):
            return _illegal("cannot-pay", f"you cannot pay the cost of {k} Influence on {self.place_name(t)}"
                            + (" and the 1 Nobility fee" if fee else "") + ", even with the exchange")
        return None

    def _check_extort(self, d, f, a):
        s, (t,) = a.seat, a.args
        err = self._main_or_bonus(d, False, t, f)
        if err:
            return err
        if t != AREO:
            if not self._valid_cell(t):
                return _illegal("bad-cell", "no such card")
            if "FE" in d.buffs:
                # READING: under FE (ANY card, rival Influence counts as yours) the target needs Influence of
                # some player on it, as a face-up card; an empty card cannot be Extorted
                if not d.up[t] or all(x is None for x in d.infl[t]):
                    return _illegal("no-influence", f"{self.place_name(t)} holds no Influence (FE: ANY card "
                                    "with Influence, anyone's counting as yours)")
            elif s not in d.infl[t]:
                return _illegal("no-influence", f"you have no Influence on {self.place_name(t)} (EN Extort)")
        if t in d.extorted:
            return _illegal("extorted", f"{self.place_name(t)} was already Extorted this turn "
                            "(EN Extortion Limits: once per card per turn, Whisper included)")
        return None

    def _check_organize(self, d, f, a):
        s, (fac, cube) = a.seat, a.args
        mode = self.mode_of(f, cube is not None)
        if mode in ("BO", "ART"):
            if fac is not None or cube is not None:
                return _illegal("any-card", "this power moves Influence from ANY card: organize any")
            if not self.mine(d, s):
                return _illegal("no-influence", "you have no Influence on the map to move")
            if not self.can_pay_alts(d, s, [self.fee_slots(f)]):
                return _illegal("cannot-pay", "the Artists ability costs 1 Artists Favor")
            return None
        if not isinstance(fac, int) or not 0 <= fac < 6:
            return _illegal("bad-faction",
                            "no such Faction (organize any is only for BO and the Artists card)")
        err = self._main_or_bonus(d, cube is not None, cube, f)
        if err:
            return err
        if not any(d.up[c] and fac in self.cfac[d.cards[c]] for c in self.mine(d, s)):
            return _illegal("no-faction-influence", f"you have no Influence on a {FACTION_NAMES[fac]} card "
                            "(EN Organize step 1)")
        if not self.can_pay_alts(d, s, [[frozenset((fac,))]]):
            return _illegal("cannot-pay", f"Organize costs 1 {FACTION_NAMES[fac]} Favor (EN Organize step 2)")
        return None

    def expel_cost(self, d, s, t, acting, f) -> list[frozenset]:
        """1 matching Favor per Influence on the target, minimum 1 (EN Expel); FX: free; the Magistrates fee.
        READING: under Elector's Decree the count is every Influence on the card, rivals' included."""
        if "FX" in d.buffs:
            slots = []
        else:
            n = max(1, sum(1 for x in d.infl[t] if x is not None))
            slots = [frozenset(self.acting_factions(d, s, acting))] * n
        return slots + self.fee_slots(f)

    def _check_expel(self, d, f, a):
        s, (t, acting, bonus) = a.seat, a.args
        if not self._valid_cell(t):
            return _illegal("bad-cell", "no such card")
        err = self._main_or_bonus(d, bonus, t, f)
        if err:
            return err
        if not d.up[t]:
            return _illegal("face-down", f"{self.place_name(t)} is face-down: Expel targets face-up cards "
                            "(ruling 33; Scout is the face-down action)")
        err = self._check_actor(d, s, t, acting)
        if err:
            return err
        # READING: Rosicrucian Advance refunds the Main action when the placed card turns out Rosicrucian
        # (``_do_place``), so an Expel still needs a Main action available when it is taken
        rivals = sum(1 for x in d.infl[t] if x is not None and x != s)
        if rivals and not self.event_on(d, "electors_decree"):
            return _illegal("rival-influence",
                            f"{self.place_name(t)} holds rival Influence: Expel needs a card "
                            "without it (EN Expel; Elector's Decree allows it)")
        if not d.hands[s]:
            return _illegal("empty-hand", "you have no card in hand to put in its place (EN Expel)")
        if rivals and not any(self.nloc[c] >= rivals for c in d.hands[s]):
            return _illegal("too-few-locations",
                            "no card in your hand has Locations for all the rival Influence "
                            "(Elector's Decree)")
        if not self.can_pay_alts(d, s, [self.expel_cost(d, s, t, acting, f)]):
            n = max(1, sum(1 for x in d.infl[t] if x is not None))
            fee = " plus the 1 Magistrates fee" if self.fee_slots(f) else ""
            return _illegal("cannot-pay",
                            f"Expel costs {n} Favor matching the acting card (1 per Influence on "
                            f"the target, minimum 1){fee}, which you cannot pay")
        return None

    def oust_cost(self, d, s, acting, k, f) -> list[frozenset]:
        if f is not None and f["t"] == "power" and f["kind"] == "CLE":
            return [frozenset((FI["CLE"],))] * k  # the Clergy ability: Clergy instead of matching Favor
        return [frozenset(self.acting_factions(d, s, acting))] * k

    def _check_oust(self, d, f, a):
        s, (t, r, k, acting) = a.seat, a.args[:4]
        mode = self.mode_of(f)
        if not self._valid_cell(t):
            return _illegal("bad-cell", "no such card")
        err = self._main_or_bonus(d, False, t, f)
        if err:
            return err
        if mode == "BU":
            if len(a.args) < 5 or a.args[4] not in (1, -1):
                return _illegal("bu-choice", "this Bonus Oust sets your Initial Strength to your opponent's "
                                "plus 1 or minus 1: choose which (end the Oust with +1 or -1)")
        elif len(a.args) > 4:
            return _illegal("bu-choice", "only a Bonus Oust card's ability sets the Initial Strength to the "
                            "opponent's plus 1 or minus 1")
        if not isinstance(r, int) or not 0 <= r < d.seats or r == s:
            return _illegal("bad-seat", "Oust targets a rival's Influence")
        err = self._check_actor(d, s, t, acting)
        if err:
            return err
        have = d.infl[t].count(r)
        if not isinstance(k, int) or k < 1 or k > have:
            return _illegal("bad-count", f"{self.seat_name(r)} has {have} Influence on {self.place_name(t)}; "
                            "target 1 or more of them (EN Oust step 1)")
        if not self.can_pay_alts(d, s, [self.oust_cost(d, s, acting, k, f)]):
            what = "Clergy Favor" if mode == "CLE" else "Favor matching the acting card"
            return _illegal("cannot-pay",
                            f"Oust costs 1 {what} per targeted Influence ({k}), which you cannot "
                            "pay")
        return None

    # -- main actions --------------------------------------------------------------------------------------
    def _use_main(self, d, bonus: bool, cell: int, free: bool = False):
        """Spend what the action uses: a power frame (popped), the follow-up cube or a Main action
        (``free``: Rosicrucian Advance).  Returns the power frame, if any."""
        f = d.frames[-1] if d.frames else None
        if f is not None and f["t"] == "power":
            return d.frames.pop()
        if bonus:
            d.cubes.remove(cell)
        elif not free:
            d.main_left -= 1
        return None

    def _do_scout(self, d, a, log):
        s, (t, acting) = a.seat, a.args
        free = (acting is not None and acting != AREO and self.rosicrucian(d.cards[acting])
                and self.event_on(d, "rosicrucian_advance"))
        pf = self._use_main(d, False, t, free)
        take = {"t": "scouttake", "seat": s, "cell": t}
        if pf is not None:
            log.add(f"{self.seat_name(s)} {self.power_used(pf)}Scout {self.place_name(t)} (any card, no "
                    "matching Favor).")
            if pf["kind"] == "BS":
                d.bs_adj.append(t)  # BS: this position counts as adjacent for Influence this turn
            fee = self.fee_slots(pf)
            if fee:
                self._push_pay(d, s, fee, "the Scholars ability", take)
            else:
                d.frames.append(take)
            return
        log.add((_scout_text, (self, s, t, acting, free)))
        self._push_pay(d, s, [frozenset(self.acting_factions(d, s, acting))],
                       f"Scouting {self.place_name(t)}", take)

    def _auto_scouttake(self, d, f, log):
        d.frames.pop()
        s, t = f["seat"], f["cell"]
        cid = d.cards[t]
        d.hands[s].append(cid)
        d.cards[t] = None
        d.infl[t] = ()
        log.add(f"{self.seat_name(s)} takes the face-down card into their hand.",
                {s: f"You take {self.card_label(cid)} into your hand."},
                secret=f"{self.seat_name(s)} takes {self.card_label(cid)} into their hand.")
        d.frames.append({"t": "place", "seat": s, "cell": t, "carry": 0, "why": "scout"})

    def _do_place(self, d, a, log):
        f = d.frames.pop()
        s, cid, t = a.seat, a.args[0], f["cell"]
        d.hands[s].remove(cid)
        if cid in d.known[s]:
            d.known[s].remove(cid)
        d.cards[t] = cid
        d.up[t] = True
        slots = [None] * self.nloc[cid]
        # Elector's Decree: the rivals' Influence goes on first, then the expeller's own
        carry = list(f.get("rseats", [])) + [s] * f.get("carry", 0)
        if f.get("rseats") and self.rank[cid] == "CROWN":
            # READING (ruling 29): no effect puts Influence on a Crown beside another player's, so on a
            # Crown placed under Elector's Decree only the rivals' Influence goes on; the expeller's returns
            carry = list(f["rseats"])
        placed = min(len(carry), len(slots))
        for i in range(placed):
            slots[i] = carry[i]
        d.infl[t] = tuple(slots)
        log.add((_place_text, (self, s, cid, t, placed, len(carry))))
        if self.rank[cid] in ("ACE", "CROWN"):
            d.revealed = True  # EN Event Check: an Ace/Crown played face-up to the map
        if (f.get("why") == "expel" and f.get("main") and self.rosicrucian(cid)
                and self.event_on(d, "rosicrucian_advance")):
            d.main_left += 1
            log.add("Rosicrucian Advance: an Expel that puts a Rosicrucian card into the map uses no Main "
                    "action.")
        n = d.buffs.count("FS")
        if f.get("why") == "scout" and n:
            for _ in range(n):  # FS: gain the placed card's Favor value, once per FS card (Buffs stack)
                self._push_gain(d, s, self.value_slots(cid), f"the Favor value of {self.card_label(cid)}")

    def _do_influence(self, d, a, log):
        s, (t, k, bonus) = a.seat, a.args
        f = d.frames[-1]
        mode = self.mode_of(f, bonus)
        fee = self.fee_slots(f)
        alts = [c + fee for c in self.influence_cost_alts(d, s, t, k, mode)]
        free = mode == "main" and self.rosicrucian(d.cards[t]) and self.event_on(d, "rosicrucian_advance")
        self._use_main(d, bonus, t, free)
        how = {"main": "", "cube": "uses the bonus follow-up to "}.get(mode)
        if how is None:  # a power's Influence
            how = self.power_used(f)
        log.add((_influence_text, (self, s, how, t, k, free)))
        self._push_pay(d, s, alts[0], f"{k} Influence on {self.place_name(t)}",
                       {"t": "placeinfluence", "seat": s, "cell": t, "n": k}, alts=alts)

    def _auto_placeinfluence(self, d, f, log):
        d.frames.pop()
        s, t, k = f["seat"], f["cell"], f["n"]
        slots = list(d.infl[t])
        for i in self.open_slots(d, t)[:k]:  # EN: top-most open Location first
            slots[i] = s
        d.infl[t] = tuple(slots)

    def card_favor_slots(self, d, s, c, extort: bool) -> list[frozenset]:
        """A card's Favor value as gain slots (EN Luminary Card Terms 3; ruling 12 for Crowns)."""
        if c == AREO:
            return [frozenset((x,)) for x in self.contact_fac[d.contacts[s]]]
        cid = d.cards[c]
        if not extort or self.rank[cid] != "CROWN":
            return self.value_slots(cid)
        per = sum(1 for x in d.infl[c] if x is not None)
        return [frozenset(self.cfac[cid])] * (2 * per)

    def _do_extort(self, d, a, log):
        s, (t,) = a.seat, a.args
        pf = self._use_main(d, False, t)
        pro = pf is not None and pf["kind"] == "PRO"  # the Professions ability: no Whisper, no Conspire
        fe = "FE" in d.buffs  # FE: rival Influence counts as yours (ruling 15: Whisper too, no Conspire)
        cards = [t]
        if t != AREO and not pro:
            # EN Whisper rule: adjacent cards of the same rank with your Influence (not the target itself;
            # ruling 16: the Areopagus never Whispers), minus cards already Extorted (ruling 14)
            r = self.rank[d.cards[t]]
            cards += [c for c in self.nb[t] if d.up[c] and self.rank[d.cards[c]] == r and c not in d.extorted
                      and (s in d.infl[c] or (fe and any(x is not None for x in d.infl[c])))]
        no_conspire = pro or fe or self.event_on(d, "quiet_tidings")
        d.extorted.extend(cards)
        names = ", ".join(self.place_name(c) for c in cards)
        log.add(f"{self.seat_name(s)} Extorts {self.place_name(t)}"
                + (f" and by Whisper {names.split(', ', 1)[1]}" if len(cards) > 1 else "") + ".")
        for c in reversed(cards):
            self.extort_gain(d, s, c, no_conspire)

    def extort_gain(self, d, s: int, c: int, no_conspire: bool = False) -> None:
        """``s`` collects card ``c``'s Favor value (EN Extort); unless ``no_conspire``, every rival with
        Influence on the card gets its share of it (EN Conspire; the Areopagus has no Conspire)."""
        conspire = []
        if c != AREO and not no_conspire:
            for r in range(d.seats):
                n = d.infl[c].count(r)
                if r != s and n:
                    conspire.append((r, n))
        self._push_gain(d, s, self.card_favor_slots(d, s, c, True), f"Extorting {self.place_name(c)}",
                        conspire)

    def _do_organize(self, d, a, log):
        s, (fac, cube) = a.seat, a.args
        pf = self._use_main(d, cube is not None, cube)
        if pf is not None:  # BO (free) or the Artists ability (1 Artists Favor; all moves from one card)
            log.add(f"{self.seat_name(s)} {self.power_used(pf)}move up to 3 Influence from any "
                    f"{'cards' if pf['kind'] == 'BO' else 'one card'} to any open Locations.")
            move = {"t": "move", "seat": s, "fac": None, "left": 3, "dest": None, "any": True,
                    "one": pf["kind"] == "ART", "src": None}
            fee = self.fee_slots(pf)
            if fee:
                self._push_pay(d, s, fee, "the Artists ability", move)
            else:
                d.frames.append(move)
            return
        dest = cube  # ruling 25: a bonus Organize's moves must end on the cube card
        verb = "uses the bonus follow-up to Organize" if cube is not None else "Organizes"
        log.add(f"{self.seat_name(s)} {verb} with {FACTION_NAMES[fac]}.")
        # Fair Weather: moves from cards of the chosen Faction may go to ANY open Location
        fair = dest is None and self.event_on(d, "fair_weather")
        self._push_pay(d, s, [frozenset((fac,))], f"Organizing with {FACTION_NAMES[fac]}",
                       {"t": "move", "seat": s, "fac": fac, "left": 3, "dest": dest, "fair": fair})

    def _do_move(self, d, a, log):
        f = d.frames[-1]
        s, (src, dst) = a.seat, a.args
        slots = list(d.infl[src])
        # READING: the moved disk leaves from the lowest of your Locations on the card; the others stay put
        i = max(j for j, x in enumerate(slots) if x == s)
        slots[i] = None
        d.infl[src] = tuple(slots)
        slots = list(d.infl[dst])
        slots[self.open_slots(d, dst)[0]] = s  # ruling 30: top-most open Location
        d.infl[dst] = tuple(slots)
        f["left"] -= 1
        if f.get("one"):
            f["src"] = src
        log.add(f"{self.seat_name(s)} moves an Influence from {self.place_name(src)} to "
                f"{self.place_name(dst)}.")
        if f["left"] <= 0:
            d.frames.pop()

    def _do_done(self, d, a, log):
        d.frames.pop()

    def _do_expel(self, d, a, log):
        s, (t, acting, bonus) = a.seat, a.args
        f = d.frames[-1]
        slots = self.expel_cost(d, s, t, acting, f)
        pf = self._use_main(d, bonus, t)
        main = pf is None and not bonus
        how = "uses the bonus follow-up to " if bonus else (self.power_used(pf) if pf is not None else "")
        log.add((_expel_text, (self, s, how, d.cards[t], t)))
        if pf is not None and pf["kind"] == "BX":
            # BX: then move 1 of your Influence from ANY Location onto the newly placed card (optional)
            d.frames.append({"t": "move", "seat": s, "fac": None, "left": 1, "dest": t, "any": True})
        take = {"t": "expeltake", "seat": s, "cell": t, "main": main}
        if slots:
            self._push_pay(d, s, slots, f"Expelling {self.place_name(t)}", take)
        else:
            log.add("The Expel costs no Favor (a card's ability waives it).")
            d.frames.append(take)

    def _auto_expeltake(self, d, f, log):
        # READING: all of the expeller's Influence moves to the new card (what does not fit returns to supply)
        d.frames.pop()
        s, t = f["seat"], f["cell"]
        carry = d.infl[t].count(s)
        rseats = [x for x in d.infl[t] if x is not None and x != s]  # Elector's Decree only
        d.discard.append(d.cards[t])
        d.cards[t] = None
        d.up[t] = False
        d.infl[t] = ()
        place = {"t": "place", "seat": s, "cell": t, "carry": carry, "why": "expel",
                 "main": f.get("main", True)}
        if rseats:
            place.update(rivals=len(rseats), rseats=rseats)
        d.frames.append(place)

    def initial_strength(self, d, seat, t) -> int:
        """ruling 27: Influence on the target and side-adjacent cards, +1 for an adjacent Areopagus."""
        n = d.infl[t].count(seat) + sum(d.infl[c].count(seat) for c in self.nb[t])
        return n + (1 if t in self.areo_cells[seat] else 0)

    def _do_oust(self, d, a, log):
        s, (t, r, k, acting) = a.seat, a.args[:4]
        slots = self.oust_cost(d, s, acting, k, d.frames[-1])
        card = d.frames[-1].get("card") if d.frames and d.frames[-1]["t"] == "power" else None
        self._use_main(d, False, t)
        log.add(f"{self.seat_name(s)} Ousts {k} of {self.seat_name(r)}'s Influence on {self.place_name(t)}.")
        base = [self.initial_strength(d, s, t), self.initial_strength(d, r, t)]
        if len(a.args) > 4:  # BU: your Initial Strength becomes the opponent's +1 or -1
            base[0] = base[1] + a.args[4]
            whose = f"the Bonus Oust of {self.card_label(card)}" if card in self.lum else "a Bonus Oust"
            log.add(f"{self.seat_name(s)}'s Initial Strength is set to {base[0]}, {self.seat_name(r)}'s "
                    f"{'plus' if a.args[4] > 0 else 'minus'} 1 ({whose}).")
        frame = self.challenge_frame(d, s, r, t, k, base)
        self._push_pay(d, s, slots, f"Ousting at {self.place_name(t)}", frame)

