"""Pax Illuminaten powers: the Scheme action, the 57 Luminary abilities, the six Faction cards and the nine
Special Events (card effects, Faction cards, Special Events; RULES-NOTES.md).

Mixed into ``PaxGame`` (rules.py).  Same architecture as the core: every choice is a decision frame, every
rule is one ``_check_*``.

* ``scheme PIL031`` plays a card to the Scheme sequence and triggers its ability; ``scheme PIL031 quick``
  takes its Favor value instead (Quick Favor, once per turn).
* A Bonus or Special ability, and a Faction card's once-per-turn ability (``faction Nob``), push a
  ``power`` frame: its options are the one action the power gives (``influence C3 x2``, ``scout C2``,
  ``organize any``, ``expel C3 from B3``, ``oust C3 Red x1 from B3 +1``, ``extort B2``, ``swap C3 D4``,
  ``raid <edict>``, ``draw plot``, ``draw deck`` / ``draw court 3``, ``borrow Nob``) or ``skip``.
  The power's changes to that action (ANY, costs, fees) are decided in the action's own ``_check_*``
  in actions.py, keyed by the frame's ``kind``.
* Buffs go into ``d.buffs`` for the rest of the turn and are read by the checks and costs.
* Special Events in play are read through ``event_on``; the once-per-turn ones are turn actions
  (``event recruitment-press Sch``, ``event congress-of-wilhelmsbad``, ``investigate Red hand``).
"""

from __future__ import annotations

from itertools import combinations, product
from operator import add

from ...engine import Action, IllegalAction
from .common import plain_reason
from .favor import (
    ABBR,
    ALL,
    FACTION_NAMES,
    FACTIONS,
    FI,
    _cheapest_first,
    can_pay,
    can_pay_need,
    need_vector,
    payments,
)
from .model import AREO, SEAT_COLORS, slug

BUFFS = frozenset({"FI", "FS", "FX", "FU", "FE"})
# the one action each power frame offers (besides ``skip``)
POWER_ACTION = {
    "BI": "influence", "NOB": "influence", "BS": "scout", "SCH": "scout", "BO": "organize", "ART": "organize",
    "BX": "expel", "MAG": "expel", "BU": "oust", "CLE": "oust", "PRO": "extort",
    "SW": "swap", "SE": "raid", "SP": "drawplot", "SD": "drawcards", "SF": "borrow",
}
# Faction-card abilities that cost 1 Favor of the card's Faction on top of the action (the Faction cards)
FEE = {"NOB": FI["NOB"], "MAG": FI["MAG"], "ART": FI["ART"], "SCH": FI["SCH"]}
POWER_NAMES = {
    "BI": "Bonus Influence on ANY card", "BS": "Bonus Scout on ANY card, free", "BO": "Bonus Organize, free",
    "BX": "Bonus Expel", "BU": "Bonus Oust", "SW": "swap two map cards", "SE": "take 2 Favor from an Edict",
    "SP": "draw a Plot", "SD": "draw 2 cards or take 1 from the Court", "SF": "borrow a Faction card",
    "NOB": "Nobility: Influence on ANY card", "PRO": "Professions: Extort without Whisper or Conspire",
    "MAG": "Magistrates: extra Expel", "ART": "Artists: move up to 3 Influence from one card",
    "SCH": "Scholars: Scout ANY card", "CLE": "Clergy: Oust paid with Clergy Favor",
}


def _illegal(code: str, message: str) -> IllegalAction:
    return IllegalAction(plain_reason(message), code=code)


_CACHE_SIZE = 1 << 12  # entries of a table kept by `remember` (small: see rules._BOARD_CACHE_SIZE)
_OPENS: dict = {}  # a card's Influence slots -> the indices of its open Locations (few distinct slot tuples)


def open_locations(slots: tuple, nobility: bool) -> tuple:
    """A card's open Locations (indices, top-most first) and whether the Nobility passive's discount applies
    to Influence placed there (``nobility``: the seat holds the card; the discount is for an empty card)."""
    opens = _OPENS.get(slots)
    if opens is None:
        opens = _OPENS[slots] = tuple(i for i, x in enumerate(slots) if x is None)
    return opens, nobility and len(opens) == len(slots)


def remember(table: dict, key, value):
    """``table[key] = value`` in a bounded cache (a full table is simply cleared); returns ``value``."""
    if len(table) >= _CACHE_SIZE:
        table.clear()
    table[key] = value
    return value


def sub_multisets(icons: tuple, keep: int) -> set[tuple]:
    """The ways to keep ``keep`` of a cost's icons (the payer chooses which icon a reduction removes)."""
    keep = max(0, min(keep, len(icons)))
    return {tuple(sorted(c)) for c in combinations(icons, keep)}


def _scheme_text(game, s, cid, pos, quick, use) -> str:
    """The log line of a Scheme card played (worded when read: see engine.log)."""
    return (f"{game.seat_name(s)} plays {game.card_label(cid)} as Scheme card {pos}"
            + (" for Quick Favor" if quick else "") + (" and uses its ability (Magistrates)"
                                                        if quick and use else "") + ".")


class PowersMixin:
    """Schemes, card abilities, Faction cards and Special Events (see the module docstring)."""

    # ------------------------------------------------------------------------------------------------
    # queries used by the core checks
    # ------------------------------------------------------------------------------------------------
    def event_on(self, d, key: str) -> bool:
        """A Special Event is active (it applies to every player's turn — ruling 35)."""
        for e in d.special_active:  # (a loop, not any() over a generator: most of the time none is active)
            if e is not None and self.events[e].key == key:
                return True
        return False

    def holds(self, d, s: int, fac: str) -> bool:
        """Whether ``s`` has the use of a Faction card now: a borrowed card (SF) belongs to its borrower
        until the borrower's Check Phase, and its holder loses ability and passive (ruling 59).
        A rulebook bot takes Faction cards without any benefit from them (the bot rules)."""
        if s in self.automa:
            return False
        b = d.borrowed.get(fac)
        if b is not None:
            return b == s
        return d.faction_holder.get(fac) == s

    def wild(self, d, s: int):
        """The Artists passive: Artists Favor pays as any Faction."""
        return FI["ART"] if self.holds(d, s, "ART") else None

    def rosicrucian(self, cid) -> bool:
        return cid is not None and self.lum[cid].affiliation == "rosicrucian"

    def pay_vectors(self, d, s, alts) -> list:
        """Every distinct payment (tokens spent) of one of the costs ``alts``, cheapest first (a function of
        the seat's Favor, its exchange rate and wild Faction, and the costs: remembered by those, as the
        Influence costs are, since a seat pays the same few costs from the same holdings again and again)."""
        rate, wild = self.rate_wild(d, s)
        have = d.favor[s]
        key = ("pay", tuple(have), rate, wild, tuple([tuple([tuple(x) for x in slots]) for slots in alts]))
        costs = self._cost_cache
        got = costs.get(key)
        if got is None:
            if len(alts) == 1:
                got = payments(have, alts[0], rate, wild=wild)
            else:
                vecs = set()
                for slots in alts:
                    vecs.update(payments(have, slots, rate, wild=wild))
                got = sorted(vecs, key=_cheapest_first)
            remember(costs, key, tuple(got))
            return got
        return list(got)

    def rate_wild(self, d, s) -> tuple:
        """``(exchange rate, wild faction or None)`` of seat ``s`` (kept for the listing in progress)."""
        memo = self._scratch.memo
        if memo is None:
            return self.exchange_rate(d, s), self.wild(d, s)
        key = ("rate", s)
        v = memo.get(key)
        if v is None:
            v = memo[key] = (self.exchange_rate(d, s), self.wild(d, s))
        return v

    def can_pay_alts(self, d, s, alts) -> bool:
        """Whether ``s`` can pay one of the costs ``alts`` (each a list of slots) with the exchange."""
        rate, wild = self.rate_wild(d, s)
        have = d.favor[s]
        return any(can_pay(have, slots, rate, wild) for slots in alts)

    def fee_slots(self, f) -> list:
        if f is not None and f["t"] == "power" and f["kind"] in FEE:
            return [frozenset((FEE[f["kind"]],))]
        return []

    @staticmethod
    def mode_of(f, bonus=False) -> str:
        """``main`` (a Main action), ``cube`` (the Oust follow-up) or the power kind of a power frame."""
        if f is not None and f["t"] == "power":
            return f["kind"]
        return "cube" if bonus else "main"

    def influence_cost_alts(self, d, s, t, k, mode) -> list[list[frozenset]]:
        """The ways to pay for ``k`` Influence on ``t`` (ruling 34: per-Influence reductions — FI −1 each,
        Nobility −1 on the first Influence onto an empty card — each with a floor of 1; then the BI discount,
        1 per Rival Influence on the card, off the total with a floor of 0; the payer picks the icons
        removed)."""
        return [list(a) for a in self._influence_alts(self.influence_cost_key(d, s, t, k, mode))]

    def influence_cost_key(self, d, s, t, k, mode) -> tuple:
        """Everything the cost of ``k`` Influence on ``t`` depends on: the card, its first ``k`` open
        Locations, the FI Buffs, the Nobility discount (an empty card) and, for BI, the rival Influence."""
        cid, opens, fi, nob, rivals = self._influence_base(d, s, t, mode)
        return (cid, opens[:k], fi, nob, rivals)

    def _influence_base(self, d, s, t, mode) -> tuple:
        """:meth:`influence_cost_key` with every open Location (a key for ``k`` keeps the first ``k``)."""
        slots = d.infl[t]
        opens, nob = open_locations(slots, self.holds(d, s, "NOB"))
        rivals = sum(1 for x in slots if x is not None and x != s) if mode == "BI" else 0
        return (d.cards[t], opens, d.buffs.count("FI"), nob, rivals)

    def _influence_alts(self, key) -> tuple:
        costs = self._cost_cache
        alts = costs.get(key)
        if alts is None:
            cid, opens, fi, nob, rivals = key
            alts = remember(costs, key, self._influence_cost_alts(self.cost[cid], opens, fi, nob, rivals))
        return alts

    def _influence_needs(self, key) -> tuple:
        """The ways to pay the Influence cost ``key`` (:meth:`influence_cost_key`), each as Favor needed per
        Faction (:func:`~.favor.need_vector`: every Location icon names one Faction)."""
        costs = self._cost_cache
        nkey = ("needs", key)
        needs = costs.get(nkey)
        if needs is None:
            needs = remember(costs, nkey, tuple(need_vector(a) for a in self._influence_alts(key)))
        return needs

    def can_pay_influence(self, d, s, t, k, mode, fee=()) -> bool:
        """Whether ``s`` can pay for ``k`` Influence on ``t`` (:meth:`influence_cost_alts`), plus ``fee``
        (single-Faction slots, e.g. a power's fee)."""
        holdings, rate, wild = self.holdings_key(d, s)
        needs = self._influence_needs(self.influence_cost_key(d, s, t, k, mode))
        if fee:
            extra = need_vector(fee)
            needs = [tuple(map(add, n, extra)) for n in needs]
        return any(can_pay_need(holdings, n, rate, wild) for n in needs)

    def holdings_key(self, d, s) -> tuple:
        """``(holdings, exchange rate, wild faction)``: everything whether ``s`` can pay a cost depends on."""
        return (tuple(d.favor[s]), *self.rate_wild(d, s))

    @staticmethod
    def _influence_cost_alts(cost, opens, fi, nob, rivals) -> tuple:
        per_loc = []
        for j, i in enumerate(opens):
            icons = tuple(cost[i])
            r = fi + (1 if nob and j == 0 else 0)
            per_loc.append(sub_multisets(icons, max(1, len(icons) - r)) if r and len(icons) > 1 else {icons})
        combos = {tuple(sorted(sum(p, ()))) for p in product(*per_loc)}
        if rivals:  # (mode BI only)
            combos = {c for combo in combos for c in sub_multisets(combo, len(combo) - rivals)}
        return tuple(tuple(frozenset((x,)) for x in combo) for combo in sorted(combos))

    # ------------------------------------------------------------------------------------------------
    # candidates
    # ------------------------------------------------------------------------------------------------
    def _power_turn_candidates(self, d, s) -> list:
        A = self.act
        acts = []
        if not d.scheme_ended:  # (the cards that continue the Scheme: _check_scheme's conditions, all met)
            fmt, quick = self._format, not d.quick_used  # (built directly, as self.act builds them)
            for cid in d.hands[s]:
                if self.links(d, cid):
                    acts.append(Action(s, "scheme", (cid, False), "", fmt))
                    if quick:
                        acts.append(Action(s, "scheme", (cid, True), "", fmt))
        holder, borrowed = d.faction_holder, d.borrowed
        if holder or borrowed:  # (a card no one holds or borrows is no one's)
            sideways = d.sideways
            for fac in FACTIONS:
                if (fac in holder or fac in borrowed) and fac not in sideways and self.holds(d, s, fac):
                    acts.append(A(s, "faction", FI[fac]))
        for e in d.special_active:
            if e is None:
                continue
            key = self.events[e].key
            if key in d.used_events:
                continue
            if key == "congress_of_wilhelmsbad":
                acts.append(A(s, "event", e, None))
            elif key == "recruitment_press":  # (the Factions the seat can pay: the others fail the check)
                n = self.events[e].params.get("favor", 3)
                acts.extend([A(s, "event", e, x) for x in range(6)
                             if self.can_pay_alts(d, s, [[frozenset((x,))] * n])])
            elif key == "ecclesiastical_investigators":
                for r in range(d.seats):
                    if r != s:
                        acts.append(A(s, "investigate", r, "hand"))
                        acts.append(A(s, "investigate", r, "plot"))
        return acts

    def _power_candidates(self, d, f, s) -> list:
        A = self.act
        kind = f["kind"]
        acts = [A(s, "skip")]
        what = POWER_ACTION[kind]
        faces_up = [c for c in range(self.n) if d.up[c]]
        if what == "influence":
            for t in faces_up:
                opens = d.infl[t].count(None)
                acts.extend([A(s, "influence", t, k, False) for k in range(1, min(3, opens) + 1)])
        elif what == "scout":
            acts.extend([A(s, "scout", t, None) for t in range(self.n)
                         if not d.up[t] and d.cards[t] is not None])
        elif what == "organize":
            acts.append(A(s, "organize", None, None))
        elif what == "expel":
            for t in faces_up:
                acts.extend([A(s, "expel", t, a, False) for a in self.actors(d, s, t)])
        elif what == "oust":
            for t in faces_up:
                rivals = {x for x in d.infl[t] if x is not None and x != s}
                for a in self.actors(d, s, t):
                    for r in sorted(rivals):
                        for k in range(1, d.infl[t].count(r) + 1):
                            if kind == "BU":
                                acts.append(A(s, "oust", t, r, k, a, 1))
                                acts.append(A(s, "oust", t, r, k, a, -1))
                            else:
                                acts.append(A(s, "oust", t, r, k, a))
        elif what == "extort":
            acts.extend([A(s, "extort", c) for c in self._extort_targets(d, s)])
        elif what == "swap":
            ok = [c for c in faces_up if self._swappable(d, s, c)]
            acts.extend([A(s, "swap", x, y) for i, x in enumerate(ok) for y in ok[i + 1:]])
        elif what == "raid":
            acts.extend([A(s, "raid", ev) for r in range(d.seats) for ev, _fav in d.edicts[r]])
        elif what == "drawplot":
            acts.append(A(s, "drawplot"))
        elif what == "drawcards":
            acts.append(A(s, "drawcards", "deck", None))
            acts.extend([A(s, "drawcards", "court", i) for i, c in enumerate(d.court) if c is not None])
        elif what == "borrow":
            acts.extend([A(s, "borrow", FI[x]) for x in FACTIONS])
        return acts

    def _power_legal(self, d, f, s) -> list | None:
        """The legal options of a power step whose kind is listed directly — the same list, in the same
        order, as its candidates that pass ``check`` (tests/pax/test_fast_legal.py compares them at every
        power step of random games) — or None: the other kinds' candidates go through ``check``.

        * a swap (SW): the candidates pair the face-up cards on which no rival out-influences the seat,
          which is all ``_check_swap`` asks;
        * a Scout of ANY face-down card (BS, SCH): every candidate, if the seat can pay the step's fee
          (Scholars), else none (Skip only);
        * Influence on ANY face-up card (BI, NOB): no adjacency, and the check's conditions (a Crown with
          rival Influence is closed, no more than the open Locations and the supply, the cost with the
          step's fee) asked of each card and count directly."""
        what = POWER_ACTION[f["kind"]]
        if what == "swap":
            return self._power_candidates(d, f, s)
        if what == "scout":
            acts = self._power_candidates(d, f, s)
            return acts if self.can_pay_alts(d, s, [self.fee_slots(f)]) else acts[:1]
        if what != "influence":
            return None
        A = self.act
        acts = [A(s, "skip")]
        mode, fee = f["kind"], self.fee_slots(f)
        most = min(3, self.supply(d, s))
        up, infl = d.up, d.infl
        for t in range(self.n):
            if not up[t] or self.crown_blocked(d, s, t):
                continue
            for k in range(1, min(most, infl[t].count(None)) + 1):
                if self.can_pay_influence(d, s, t, k, mode, fee):
                    acts.append(A(s, "influence", t, k, False))
        return acts

    def _extort_targets(self, d, s, mine=None) -> list:
        """Cards ``s`` may Extort (``mine``: the seat's cards, when the caller has them)."""
        if "FE" in d.buffs:
            out = [c for c in range(self.n) if d.up[c] and any(x is not None for x in d.infl[c])]
        else:
            out = self.mine(d, s) if mine is None else mine
        return out + [AREO]

    def _swappable(self, d, s, c) -> bool:
        mine = d.infl[c].count(s)
        return all(d.infl[c].count(r) <= mine for r in range(d.seats) if r != s)

    # ------------------------------------------------------------------------------------------------
    # checks
    # ------------------------------------------------------------------------------------------------
    def links(self, d, cid) -> bool:
        """Whether ``cid`` may be played to this turn's Scheme sequence now: EN Continuing a Scheme, Aces and
        Crowns; Freemason Compact (the Special Events)."""
        if not d.scheme:
            return True
        if self.rank[cid] == "ACE":
            return False  # an Ace only starts a sequence
        prev = d.scheme[-1]
        if self.rank[cid] == "CROWN" or self.rank[prev] == "ACE":
            return True
        if set(self.cfac[cid]) & set(self.cfac[prev]):
            return True
        return self.lum[cid].affiliation == "freemason" and self.event_on(d, "freemason_compact")

    def link_error(self, d, cid):
        """Why ``cid`` does not continue the Scheme (:meth:`links`), or None."""
        if self.links(d, cid):
            return None
        if self.rank[cid] == "ACE":
            return _illegal("ace-starts", f"{self.card_label(cid)} is an Ace: an Ace can only start a Scheme "
                            "sequence (EN Aces; ruling 3)")
        prev = d.scheme[-1]
        facs = " and ".join(FACTION_NAMES[x] for x in self.cfac[prev])
        return _illegal("no-link", f"{self.card_label(cid)} shares no faction with the previous card "
                        f"{self.card_label(prev)} ({facs}; EN Continuing a Scheme)")

    def _check_scheme(self, d, f, a):
        s, (cid, quick) = a.seat, a.args
        if cid not in d.hands[s]:
            return _illegal("not-in-hand", "that card is not in your hand")
        if d.scheme_ended:
            return _illegal("scheme-ended",
                            "a Crown ended this turn's Scheme: no more Scheme cards this turn "
                            "(EN Crowns; ruling 22)")
        if quick and d.quick_used:
            return _illegal("quick-used", "Quick Favor was already taken this turn (EN Quick Favor: once per "
                            "turn)")
        return self.link_error(d, cid)

    def _check_faction(self, d, f, a):
        s, (x,) = a.seat, a.args
        if not isinstance(x, int) or not 0 <= x < 6:
            return _illegal("bad-faction", "no such Faction")
        fac = FACTIONS[x]
        if not self.holds(d, s, fac):
            why = " (it is lent to another player this turn)" if d.faction_holder.get(fac) == s else ""
            return _illegal("not-held", f"you do not hold the {FACTION_NAMES[x]} Faction card{why}")
        if fac in d.sideways:
            return _illegal("sideways",
                            f"the {FACTION_NAMES[x]} card is already turned sideways: its ability "
                            "is once per turn (EN Once Per Turn Ability)")
        if fac in FEE and not self.can_pay_alts(d, s, [[frozenset((FEE[fac],))]]):
            return _illegal("cannot-pay", f"the {FACTION_NAMES[x]} ability costs 1 {FACTION_NAMES[x]} Favor")
        # READING: a Faction card is turned only for an ability that can be carried out now (a Scheme card, by
        # contrast, may be played for its link even when its ability has no use)
        if not self.power_usable(d, s, fac):
            return _illegal("no-use", f"the {FACTION_NAMES[x]} ability has nothing it could do now "
                            f"({POWER_NAMES[fac]}, with its cost)")
        return None

    def power_usable(self, d, s, kind) -> bool:
        f = {"t": "power", "seat": s, "kind": kind, "card": None}
        fast = self._power_legal(d, f, s) if self.fast_legal else None
        if fast is not None:  # (the kinds listed directly: any option beside Skip)
            return len(fast) > 1
        return any(self._checks[a.kind](d, f, a) is None for a in self._power_candidates(d, f, s)[1:])

    def _check_skip(self, d, f, a):
        return None

    def _power_kind_error(self, f, a):
        """A power frame offers exactly one action."""
        want = POWER_ACTION[f["kind"]]
        if a.kind != want:
            return _illegal("wrong-step", f"this power ({POWER_NAMES[f['kind']]}) gives a {want} or skip")
        if a.kind in ("influence", "expel") and a.args[2]:
            return _illegal("wrong-step", "this is a power's action, not the Oust follow-up: drop 'bonus'")
        return None

    def _check_swap(self, d, f, a):
        s, (x, y) = a.seat, a.args
        if not (self._valid_cell(x) and self._valid_cell(y)) or x == y:
            return _illegal("bad-cell", "swap names two different map cards")
        for c in (x, y):
            if not d.up[c]:
                return _illegal("face-down", f"{self.place_name(c)} is face-down: only face-up cards swap")
            if not self._swappable(d, s, c):
                return _illegal("out-influenced",
                                f"a rival has more Influence than you on {self.place_name(c)} "
                                "(SW: no Rival may have more Influence than you on either card)")
        return None

    def _check_raid(self, d, f, a):
        ev = a.args[0]
        if not any(e == ev for r in range(d.seats) for e, _fav in d.edicts[r]):
            return _illegal("no-edict", "that Edict is not in front of any player")
        if not any(fav > 0 for r in range(d.seats) for e, fav in d.edicts[r] if e == ev):
            return _illegal("empty-edict", "that Edict has no Favor left on it")
        return None

    def _check_drawplot(self, d, f, a):
        if not d.plot_pile:
            return _illegal("no-plots", "the Plot pile is empty")
        return None

    def _check_keepplot(self, d, f, a):
        if a.args[0] not in (f["new"], f["old"]):
            return _illegal("bad-choice", "keep either the Plot you drew or the one you held")
        return None

    def _check_drawcards(self, d, f, a):
        src, i = a.args
        if src == "court":
            if not isinstance(i, int) or not 0 <= i < len(d.court):
                return _illegal("bad-slot", "Court slots are numbered 1 to 5")
            if d.court[i] is None:
                return _illegal("empty-slot", "that Court slot is empty")
        elif not d.deck and not d.discard:
            return _illegal("no-cards", "there are no cards left to draw")
        return None

    def _check_borrow(self, d, f, a):
        s, (x,) = a.seat, a.args
        if not isinstance(x, int) or not 0 <= x < 6:
            return _illegal("bad-faction", "no such Faction")
        fac = FACTIONS[x]
        if fac not in d.faction_row and fac not in d.faction_holder:
            return _illegal("not-in-play",
                            f"the {FACTION_NAMES[x]} card is not in play (SF: a card in the row "
                            "or held by a player)")
        if self.holds(d, s, fac):
            return _illegal("already-yours", f"you already have the use of the {FACTION_NAMES[x]} card")
        if fac in d.borrowed:
            return _illegal("borrowed", f"the {FACTION_NAMES[x]} card is already borrowed this turn")
        return None

    def _check_event(self, d, f, a):
        s, (ev, x) = a.seat, a.args
        if ev not in d.special_active:
            return _illegal("not-active", "that Special Event is not active")
        key = self.events[ev].key
        if key in d.used_events:
            return _illegal("once-per-turn", f"{self.events[ev].name} was already used this turn")
        if key == "congress_of_wilhelmsbad":
            n = self.events[ev].params.get("favor", 5)
            if x is not None or sum(d.favor[s]) < n:
                return _illegal("cannot-pay", f"Congress of Wilhelmsbad costs any {n} Favor")
            return None
        if key == "recruitment_press":
            # READING: "3 Favor of one Faction" is a payment like any other, so the exchange may help pay it
            n = self.events[ev].params.get("favor", 3)
            if not isinstance(x, int) or not 0 <= x < 6:
                return _illegal("bad-faction", "name the Faction paid: event recruitment-press Sch")
            if not self.can_pay_alts(d, s, [[frozenset((x,))] * n]):
                return _illegal("cannot-pay", f"Recruitment Press costs {n} {FACTION_NAMES[x]} Favor")
            return None
        return _illegal("not-usable", f"{self.events[ev].name} has no action to take")

    def _check_investigate(self, d, f, a):
        s, (r, what) = a.seat, a.args
        if not self.event_on(d, "ecclesiastical_investigators"):
            return _illegal("not-active", "Ecclesiastical Investigators is not active")
        if "ecclesiastical_investigators" in d.used_events:
            return _illegal("once-per-turn", "Ecclesiastical Investigators was already used this turn")
        if not isinstance(r, int) or not 0 <= r < d.seats or r == s:
            return _illegal("bad-seat", "look at another player")
        if what == "plot" and (d.private_plot[r] is None or d.private_revealed[r]):
            return _illegal("no-secret-plot", f"{self.seat_name(r)}'s private Plot is not face-down")
        if what not in ("hand", "plot"):
            return _illegal("bad-choice", "look at a hand or a plot")
        return None

    # ------------------------------------------------------------------------------------------------
    # perform
    # ------------------------------------------------------------------------------------------------
    def _do_scheme(self, d, a, log):
        s, (cid, quick) = a.seat, a.args
        d.hands[s].remove(cid)
        if cid in d.known[s]:
            d.known[s].remove(cid)
        d.played.append(cid)
        d.scheme.append(cid)
        card = self.lum[cid]
        kind = card.ability
        if card.rank in ("ACE", "CROWN"):
            d.revealed = True  # EN Event Check: an Ace or Crown played in a Scheme
        if kind == "CROWN":
            d.scheme_ended = True  # EN Crowns: playing a Crown ends the Scheme, Quick Favor or not
        pos = len(d.scheme)
        # READING: with the Magistrates passive, Quick Favor *and* the ability: the ability resolves as when
        # played normally (a Buff still applies automatically, a Bonus/Special may still be skipped)
        use = not quick or self.holds(d, s, "MAG")
        log.add((_scheme_text, (self, s, cid, pos, quick, use)))
        if quick:
            d.quick_used = True
        if use:
            self._trigger(d, s, cid, log)
        if quick:
            self._push_gain(d, s, self.value_slots(cid), f"Quick Favor from {self.card_label(cid)}")

    def value_slots(self, cid) -> list:
        """A card's Favor value outside Extort (ruling 12: a Crown gives 2)."""
        fac = self.cfac[cid]
        r = self.rank[cid]
        if r == "I":
            return [frozenset(fac)]
        if r == "II":
            return [frozenset((fac[0],)), frozenset((fac[1],))]
        if r == "III":
            return [frozenset((fac[0],)), frozenset((fac[1],)), frozenset(fac)]
        return [frozenset(fac)] * (3 if r == "ACE" else 2)

    def _trigger(self, d, s, cid, log):
        kind = self.lum[cid].ability
        if kind in BUFFS:
            d.buffs.append(kind)
            log.add(f"Buff for the rest of the turn: {self.lum[cid].text}")
        elif kind == "ACE":
            # ruling 13: the Ace's ability collects its Favor value; it is not the Quick Favor
            self._push_gain(d, s, self.value_slots(cid), f"the Ace {self.card_label(cid)}")
        elif kind == "CROWN":
            d.main_left += 1  # ruling 21: +1 Main action for the rest of the turn
            log.add(f"{self.seat_name(s)} may take 1 more Main action this turn.")
        else:
            d.frames.append({"t": "power", "seat": s, "kind": kind, "card": cid})

    def _do_faction(self, d, a, log):
        s, (x,) = a.seat, a.args
        fac = FACTIONS[x]
        # READING: the card turns when its ability is started; skipping the offered action still uses it up
        d.sideways.append(fac)
        log.add(f"{self.seat_name(s)} turns the {FACTION_NAMES[x]} Faction card sideways: "
                f"{POWER_NAMES[fac]}.")
        d.frames.append({"t": "power", "seat": s, "kind": fac, "card": None})

    def _do_skip(self, d, a, log):
        f = d.frames.pop()
        if f["t"] == "power":
            log.add(f"{self.seat_name(a.seat)} does not use the power ({POWER_NAMES[f['kind']]}).")

    def _do_swap(self, d, a, log):
        d.frames.pop()
        x, y = a.args
        d.cards[x], d.cards[y] = d.cards[y], d.cards[x]
        d.up[x], d.up[y] = d.up[y], d.up[x]
        d.infl[x], d.infl[y] = d.infl[y], d.infl[x]
        # READING: a follow-up cube and the Extortion limit stay with the card that moves
        swap = {x: y, y: x}
        d.cubes = [swap.get(c, c) for c in d.cubes]
        d.extorted = [swap.get(c, c) for c in d.extorted]
        log.add(f"{self.seat_name(a.seat)} swaps the cards at {self.place_name(x)} and {self.place_name(y)} "
                "(their Influence moves with them).")

    def _do_raid(self, d, a, log):
        d.frames.pop()
        s, ev = a.seat, a.args[0]
        for r in range(d.seats):
            for e in d.edicts[r]:
                if e[0] == ev:
                    # READING (card effect SE): up to 2, all from one Edict; ruling 56: an Edict
                    # emptied here is discarded at its holder's next Event Phase
                    n = min(2, e[1])
                    e[1] -= n
                    fac = FI[self.events[ev].faction]
                    d.favor[s][fac] += n
                    log.add(f"{self.seat_name(s)} takes {n} {FACTION_NAMES[fac]} Favor from "
                            f"{self.event_label(ev)} ({e[1]} left on it).")
                    return

    def _do_drawplot(self, d, a, log):
        d.frames.pop()
        s = a.seat
        new = d.plot_pile.pop()
        d.frames.append({"t": "plotkeep", "seat": s, "new": new, "old": d.private_plot[s]})
        log.add(f"{self.seat_name(s)} draws a Plot card.", {s: f"You draw the Plot {self.plots[new].name}."},
                secret=f"{self.seat_name(s)} draws the Plot {self.plots[new].name}.")

    def _do_keepplot(self, d, a, log):
        f = d.frames.pop()
        s, keep = a.seat, a.args[0]
        new, old = f["new"], f["old"]
        if keep == new:
            was_open = d.private_revealed[s]
            if old is not None:
                d.plot_pile.insert(0, old)  # the bottom of the pile (its top is the end of the list)
                d.claims[s].pop(old, None)  # ruling 44: Influence on or under it returns to supply
            d.private_plot[s] = new
            d.private_revealed[s] = False
            log.add(f"{self.seat_name(s)} keeps the new Plot and puts their "
                    f"{'revealed ' if was_open else ''}old one on the bottom of the Plot pile"
                    + (" (the Influence on it returns to supply)." if was_open else "."),
                    {s: f"You keep {self.plots[new].name}."},
                    secret=f"{self.seat_name(s)} keeps {self.plots[new].name}.")
        else:
            d.plot_pile.insert(0, new)
            log.add(f"{self.seat_name(s)} keeps their Plot and puts the new one on the bottom of the Plot "
                    "pile.")

    def _do_drawcards(self, d, a, log):
        d.frames.pop()
        s, (src, i) = a.seat, a.args
        if src == "court":
            cid = d.court[i]
            d.court[i] = None  # card effect SD: the slot stays empty until the Court refresh
            d.hands[s].append(cid)
            d.known[s].append(cid)
            log.add(f"{self.seat_name(s)} takes {self.card_label(cid)} from the Court "
                    "(hand limit may be exceeded).")
        else:
            d.frames.append({"t": "sdraw", "seat": s, "n": 2})

    def _auto_sdraw(self, d, f, log):
        f["n"] -= self._draw_from_deck(d, f, f["seat"], f["n"], log)  # what is left after a shuffle

    def _do_borrow(self, d, a, log):
        d.frames.pop()
        s, (x,) = a.seat, a.args
        fac = FACTIONS[x]
        d.borrowed[fac] = s
        src = "the row" if fac in d.faction_row else self.seat_name(d.faction_holder[fac])
        log.add(f"{self.seat_name(s)} borrows the {FACTION_NAMES[x]} Faction card from {src} until their "
                "Check Phase.")

    def _do_event(self, d, a, log):
        s, (ev, x) = a.seat, a.args
        key = self.events[ev].key
        d.used_events.append(key)
        n = self.events[ev].params.get("favor", 5 if key == "congress_of_wilhelmsbad" else 3)
        slots = [ALL] * n if x is None else [frozenset((x,))] * n
        log.add(f"{self.seat_name(s)} uses {self.events[ev].name} for 1 more Main action.")
        d.main_left += 1
        self._push_pay(d, s, slots, self.events[ev].name, None)

    def _do_investigate(self, d, a, log):
        s, (r, what) = a.seat, a.args
        d.used_events.append("ecclesiastical_investigators")
        if what == "hand":
            cards = list(d.hands[r])
            seen = self.card_names(cards) or "no cards"
        else:
            cards = [d.private_plot[r], self.plots[d.private_plot[r]].name]
            seen = f"the Plot {cards[1]}"
        # READING: what was seen stays visible to the looker (view "peek") until the end of that turn
        d.peek = {"viewer": s, "target": r, "what": what, "cards": cards}
        whose = f"{self.seat_name(r)}'s {'hand' if what == 'hand' else 'private Plot'}"
        log.add(f"{self.seat_name(s)} looks at {whose} (Ecclesiastical Investigators).",
                {s: f"{self.seat_name(r)} holds {seen}."}, secret=f"{self.seat_name(s)} sees {seen}.")

    def format_power(self, kind, args):
        if kind == "scheme":
            return f"scheme {args[0]}{' quick' if args[1] else ''}"
        if kind == "faction":
            return f"faction {ABBR[args[0]]}"
        if kind == "skip":
            return "skip"
        if kind == "swap":
            return f"swap {self.place_name(args[0])} {self.place_name(args[1])}"
        if kind == "raid":
            return f"raid {slug(self.events[args[0]].name)}"
        if kind == "drawplot":
            return "draw plot"
        if kind == "keepplot":
            return f"keep plot {slug(self.plots[args[0]].name)}"
        if kind == "drawcards":
            return "draw deck" if args[0] == "deck" else f"draw court {args[1] + 1}"
        if kind == "borrow":
            return f"borrow {ABBR[args[0]]}"
        if kind == "event":
            tail = "" if args[1] is None else f" {ABBR[args[1]]}"
            return f"event {slug(self.events[args[0]].name)}{tail}"
        if kind == "investigate":
            return f"investigate {SEAT_COLORS[args[0]]} {args[1]}"
        return None
