"""Pax rules: claiming Faction cards and Plots, faction scoring and the victory check."""

from __future__ import annotations

from ...engine import Log
from . import board as B
from .common import (
    _illegal,
)
from .favor import (
    FACTION_NAMES,
    FACTIONS,
    FI,
)
from .model import (
    PaxData,
)


class ClaimsMixin:
    """Claims, faction scoring and victory (see the module docstring)."""

    def _check_claimfaction(self, d, f, a):
        s, (fac,) = a.seat, a.args
        if d.claimed_faction:
            return _illegal("once-per-turn",
                            "you already claimed a Faction card this turn (EN Claim Faction)")
        if fac not in self.faction_cards or fac in [FI[x] for x in d.boxed_factions]:
            return _illegal("not-in-play", f"the {FACTION_NAMES[fac]} card is not in this game")
        if d.faction_holder.get(FACTIONS[fac]) == s:
            return _illegal("already-held", f"you already hold the {FACTION_NAMES[fac]} card")
        if FACTIONS[fac] in d.borrowed:
            # READING: a borrowed card (SF) cannot be claimed until it is returned at the Check Phase
            return _illegal("borrowed", f"the {FACTION_NAMES[fac]} card is borrowed this turn")
        if self.claimant(d, FACTIONS[fac]) != s:
            return _illegal("no-control",
                            f"you do not control the largest {FACTION_NAMES[fac]} Lodge (at least 3 "
                            "Influence and more than anyone; tied largest Lodges count as one — "
                            "EN Claim Faction)")
        return None

    def _check_claimplot(self, d, f, a):
        s, (p,) = a.seat, a.args
        if d.claimed_plot:
            return _illegal("once-per-turn", "you already claimed a Plot this turn (EN Claim Plot)")
        if p not in self.plots:
            return _illegal("bad-plot", "no such Plot")
        if p not in d.public_plots and p != d.private_plot[s]:
            return _illegal("not-yours", "only public Plots and your own private Plot can be claimed")
        if p in d.claims[s]:
            return _illegal("already-claimed", "your Influence is already on (or under) that Plot")
        if self.supply(d, s) < 1:
            return _illegal("no-supply", "you have no Influence left in your supply")
        families = self.plot_families(d, s, [q for q, on in d.claims[s].items() if on] + [p])
        if not families[-1]:
            return _illegal("not-met", f"you do not meet the condition of {self.plots[p].name}: "
                            f"{self.plots[p].text}")
        if not B.claims_compatible(families):
            return _illegal("overlap",
                            f"the cards used for {self.plots[p].name} would equal or lie inside the "
                            "cards used for another of your Plots, or reuse its Lodge "
                            "(EN Claim Plot: Important!)")
        return None

    def plot_families(self, d, s, plot_ids):
        """Witness sets (the cards each Plot would use) for seat ``s`` and each Plot in ``plot_ids``."""
        held = sum(1 for h in d.faction_holder.values() if h == s)
        key = (s, held, self.board_key(d))

        def context():
            ctx = B.PlotContext(self.geom, self.faces(d), d.infl, s, d.seats, held)
            ctx.__dict__["lodge_list"] = self.lodge_list(d)  # (a cached property: share the game's)
            return ctx

        ctx = self._memoized(("plotctx", s), lambda: self._by_board(("plotctx",) + key, context))
        return [self._memoized(("plot", s, p), lambda p=p: self._by_board(
            ("plot", p) + key, lambda: B.plot_witnesses(self.plots[p].key, self.plots[p].params, ctx)))
            for p in plot_ids]

    def _claim_check(self, d: PaxData, log: Log) -> None:
        """EN Claim Check: lose claims whose condition fails; regain lost ones whose condition holds."""
        for s in [(d.active + i) % d.seats for i in range(d.seats)]:
            for p, on in list(d.claims[s].items()):
                if on and not self.plot_families(d, s, [p])[0]:
                    d.claims[s][p] = False
                    log.add(f"{self.seat_name(s)} no longer meets {self.plots[p].name}: "
                            "the claim goes under it.")
            for p, on in list(d.claims[s].items()):
                if not on:  # READING: a lost claim is regained automatically when it holds again
                    held = [q for q, o in d.claims[s].items() if o]
                    fam = self.plot_families(d, s, held + [p])
                    if fam[-1] and B.claims_compatible(fam):
                        d.claims[s][p] = True
                        log.add(f"{self.seat_name(s)} meets {self.plots[p].name} again "
                                "and regains the claim.")

    def _victory_check(self, d: PaxData, log: Log) -> bool:
        """EN Plot Victory: the active player with Influence on 2+ Plots wins at once."""
        s = d.active
        held = [p for p, on in d.claims[s].items() if on]
        if len(held) >= 2:
            d.result = {
                "winners": [s],
                "scores": {i: sum(1 for on in d.claims[i].values() if on) for i in range(d.seats)},
                "reason": "plot victory",
                "plots": [self.plots[p].name for p in held],
            }
            d.frames = []
            log.add(f"{self.seat_name(s)} has Influence on {len(held)} Plots "
                    f"({', '.join(self.plots[p].name for p in held)}) and wins the game!")
            return True
        return False

    def _faction_scoring(self, d: PaxData, log: Log) -> None:
        """EN Faction Scoring: 1 point per Influence in each Scoring Lodge; ties → more Faction cards →
        shared."""
        per = B.faction_scores(self.geom, self.faces(d), d.infl, d.seats)
        totals = {s: sum(per[s].values()) for s in range(d.seats)}
        best = max(totals.values())
        tied = [s for s in range(d.seats) if totals[s] == best]
        if len(tied) > 1:
            held = {s: sum(1 for h in d.faction_holder.values() if h == s) for s in tied}
            most = max(held.values())
            tied = [s for s in tied if held[s] == most]
        d.result = {"winners": tied, "scores": totals, "reason": "faction scoring",
                    "by_faction": {s: dict(per[s]) for s in range(d.seats)}}
        d.frames = []
        log.add("Faction Scoring: " + ", ".join(f"{self.seat_name(s)} {totals[s]}" for s in range(d.seats))
                + f". {' and '.join(self.seat_name(s) for s in tied)} win{'s' if len(tied) == 1 else ''}!")

    # -- factions held ------------------------------------------------------------------------------------
    def _update_factions(self, d: PaxData, log: Log) -> bool:
        """EN Losing Faction cards (RULINGS): lost at once when control of the largest Lodge is lost."""
        if not d.faction_holder or d.result is not None:
            return False
        changed = False
        outer = self._memo
        self._memo = {}  # (the map does not change here: its key and faces are worked out once)
        try:
            for fac, s in list(d.faction_holder.items()):
                if self.claimant(d, fac) != s:
                    changed = True
                    del d.faction_holder[fac]
                    d.faction_row.append(fac)
                    log.add(f"{self.seat_name(s)} no longer controls the largest {FACTION_NAMES[FI[fac]]} "
                            "Lodge: the Faction card returns to the row.")
        finally:
            self._memo = outer
        return changed

    def _do_claimfaction(self, d, a, log):
        s, fac = a.seat, FACTIONS[a.args[0]]
        prev = d.faction_holder.get(fac)
        if fac in d.faction_row:
            d.faction_row.remove(fac)
        d.faction_holder[fac] = s
        d.claimed_faction = True
        src = "the row" if prev is None else self.seat_name(prev)
        log.add(f"{self.seat_name(s)} claims the {FACTION_NAMES[a.args[0]]} Faction card from {src}.")

    def _do_claimplot(self, d, a, log):
        s, p = a.seat, a.args[0]
        d.claims[s][p] = True
        d.claimed_plot = True
        if p == d.private_plot[s] and not d.private_revealed[s]:
            d.private_revealed[s] = True
            log.add(f"{self.seat_name(s)} reveals their private Plot {self.plots[p].name} and claims it.")
        else:
            log.add(f"{self.seat_name(s)} claims the Plot {self.plots[p].name}.")
        self._victory_check(d, log)  # RULINGS §7.43: the win is immediate

