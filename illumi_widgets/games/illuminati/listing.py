"""Illuminati rules: the legal actions of a seat, listed fast, with the checked listing as their reference.

``check`` stays the one authority on legality; :meth:`ListingMixin.legal` gives exactly the candidates that
pass it, in the candidates' order, without running the whole ``check`` on each one:

- the conditions every candidate shares are tested once, not per candidate: whose decision it is (the
  candidates are listed for the pending frame's own seat only), a privileged attack under way, the gift and
  deal-proposal budgets, the actions left;
- the candidates of the most frequent kinds (attacks, gifts, deal openings, assisting and interfering) are
  judged by the conditions of their ``_check_<kind>`` that the way they were generated does not already
  guarantee; the open arrows of an attacking group are found once per listing; ``candidates`` is given
  those shared conditions (``ctx``) and does not build the gifts and deal openings they rule out, nor the
  attacks that ``_attack_args_ok`` refuses (most of a turn's attack candidates);
- every other candidate goes through its ``_check_<kind>`` as ``check`` would call it.

``fast_legal = False`` makes every candidate go through ``check``: the reference that
``tests/illuminati/test_fast_legal.py`` compares this listing with at every step of random games.
"""

from __future__ import annotations

from .common import ANYTIME_FRAMES, ATTACK_MODES, FRAME_KINDS, MAX_GIFTS

#: the kinds judged here without their ``_check_<kind>`` (see the module docstring)
_DIRECT = frozenset({"attack", "gift", "negotiate", "assist", "interfere"})


class ListingMixin:
    """``legal``: the candidates that pass ``check`` (see the module docstring)."""

    #: list the legal actions directly; False: every candidate goes through ``check`` (the reference)
    fast_legal = True

    def legal(self, d, seat: int) -> list:
        if not self.fast_legal:
            return [a for a in self.candidates(d, seat) if self.check(d, a) is None]
        ctx = None
        if d["result"] is None and d["frames"]:
            f = d["frames"][-1]
            if f["t"] in ANYTIME_FRAMES and self.frame_seat(d, f) == seat:
                ctx = self._listing_context(d, f, seat)
                ctx["attacks"] = f["t"] == "actions"  # (candidates builds only the legal attacks)
        cands = self.candidates(d, seat, ctx)
        if not cands:
            return cands
        # (candidates are listed only for the seat of the pending frame, never a chance frame, while the game
        # goes on: so ``check`` would go straight to the kind's own check)
        f = d["frames"][-1]
        t = f["t"]
        kinds = FRAME_KINDS[t]
        out = []
        append = out.append
        for a in cands:
            k = a.kind
            if k not in kinds:
                if self.check(d, a) is None:
                    append(a)
                continue
            if k in _DIRECT:
                if ctx is None:
                    ctx = self._listing_context(d, f, seat)
                if k == "attack" and ctx["attacks"]:  # (built only when legal: see candidates)
                    append(a)
                elif k == "gift":  # (the most frequent kind, judged here: see _direct_ok)
                    if ctx["gifts"]:
                        n, other = a.args
                        if n.__class__ is not int or not self._may_throw(d, other, ctx) or \
                                not self._gift_throws(d, seat, other, n, ctx):
                            append(a)
                elif self._direct_ok(d, f, a, ctx):
                    append(a)
            elif getattr(self, "_check_" + k)(d, f, a) is None:
                append(a)
        return out

    def _listing_context(self, d, f, seat) -> dict:
        """What every direct candidate of this listing shares (see :meth:`_direct_ok`)."""
        priv = self._privileged_now(d)
        gifts_left = f["t"] in ("actions", "transfers") or d.get("gifts", {}).get(str(seat), 0) < MAX_GIFTS
        return {"priv": priv, "gifts": not priv and gifts_left,
                "negotiate": not priv and self.may_propose(d, seat), "sides": {}, "cash_goal": {},
                "gift_goals": {},
                "attacks": False}  # (True: the candidates were built with this context, attacks only legal)

    def _may_throw(self, d, other, ctx) -> bool:
        """A gift of money to ``other`` may throw the game (``_throws``): only when its goal is the public
        money goal (money alone changes no other goal); once per seat and listing."""
        got = ctx["cash_goal"].get(other)
        if got is None:
            got = ctx["cash_goal"][other] = bool(
                self._goal_public(d, other) and self.seat_goal(d, other) == "goal-money150")
        return got

    def _gift_throws(self, d, seat, other, n, ctx) -> bool:
        """Whether ``_throws`` refuses ``seat``'s gift of ``n`` MB to ``other`` (``_throws(d, [(seat, other,
        [], n)]) is not None``), counted instead of tried: money moves no group, so each party's goal in
        the position after the gift differs from its goal now only through its money goal, and that is its
        structure's total (found once per listing) moved by ``n``.
        ``tests/illuminati/test_fast_gifts.py`` compares it with ``_throws`` for every sum."""
        if self.very_long:
            return False
        key = (seat, other)
        parties = ctx["gift_goals"].get(key)
        if parties is None:
            parties = []
            given, got = d["illum"][seat], d["illum"][other]
            for s in {seat, other}:
                now = self.basic_goal_met(d, s) or (self._goal_public(d, s) and self.special_goal_met(d, s))
                if self._goal_public(d, s) and self.seat_goal(d, s) == "goal-money150" and \
                        not self.basic_goal_met(d, s):
                    mine = self.groups_of(d, s)
                    sign = (got in mine) - (given in mine)  # (how the gift moves this party's total)
                    parties.append((now, self.structure_total(d, s), sign))
                else:
                    parties.append((now, None, 0))  # (its goal, met or not, does not move with money)
            ctx["gift_goals"][key] = parties
        won, every = False, True
        for now, total, sign in parties:
            after = now if total is None else total + sign * n >= 150
            if after and not now:
                won = True
            if not after:
                every = False
        return won and not every

    def _direct_ok(self, d, f, a, ctx) -> bool:
        """``_check_<kind>`` for a candidate of a direct kind, given how ``candidates`` generated it: only the
        conditions that generation does not guarantee (it guarantees the other seat a rival still in the
        game, a sum of money the treasury holds, a Special held, an attacking group of the seat's own).
        Gifts are judged in :meth:`legal` itself: ``_check_gift`` less what generation guarantees is the
        budget, no privileged attack and, for money, ``_throws``."""
        k = a.kind
        if k == "negotiate":
            return ctx["negotiate"]
        if k == "attack":
            return self._attack_ok(d, a, ctx["sides"])
        # assist / interfere: a third party's money from its Illuminati (the sums it holds)
        seat = a.seat
        if seat == f["seat"] or seat == self.owner(d, f["target"]):
            return False
        return not f["priv"] or seat in f.get("interferers", ())

    def _attack_ok(self, d, a, sides: dict) -> bool:
        g, mode, t = a.args
        return self._attack_args_ok(d, a.seat, g, mode, t, sides)

    def _attack_args_ok(self, d, seat, g, mode, t, sides: dict) -> bool:
        """``_check_attack`` for an attack of ``seat``'s group ``g`` on ``t`` (every condition of the
        check, by what it decides, not why); the open arrows of the attacking group (``sides``) are found
        once per listing."""
        if d["acts"] < 1 or mode not in ATTACK_MODES or t not in self.cards or self.owner(d, g) != seat:
            return False
        if self.power(g) <= 0 or d["used"].get(g, 0) >= self.attack_limit(g):
            return False
        if self.cards[t].illuminati or t == g or (t not in d["unc"] and t not in d["ctrl"]):
            return False
        tseat = self.owner(d, t)
        if mode == "control":
            if tseat == seat:
                return False
            open_ = sides.get(g)
            if open_ is None:
                open_ = sides[g] = bool(self.open_sides(d, g))
            if not open_:
                return False
        elif mode == "neutralize":
            if tseat is None or tseat == seat:
                return False
        elif mode == "destroy":
            if self.power(t) == 0:
                return False
        elif "whispering-campaign" not in d["hands"][seat] or self.power(t) != 0:
            return False
        return self._discordian(d, g, t) is None
