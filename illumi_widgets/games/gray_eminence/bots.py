"""A Gray Eminence bot with a trading policy (it proposes and answers sensible trades and never stalls).

:class:`TraderBot` plays like the random bot (completing an objective whenever it can) except in the
Trading phase, where it follows a small, bounded policy:

* **propose** at most once per Trading phase, and only with a surplus: when it holds at least 3 more of
  one resource than of another, it offers 1 of the plentiful resource for 1 of the scarce one to the next
  player in turn order; otherwise it passes;
* **answer**: accept when the trade gives it at least as many resources (a VP marker counting as 3) as it
  asks for, otherwise decline.

The game itself bounds trading (``phases.MAX_PROPOSALS`` per player, ``MAX_TERMS`` items): the phase ends
when everyone has passed, so bots can never stall it.  Use it with ``evaluate``::

    evaluate([lambda seat, seed: TraderBot(seat, seed=seed), "random", "random"], game="gray-eminence")
"""

from __future__ import annotations

from ...bots.base import Bot
from ...bots.random_bot import RandomBot
from ...engine import Action

RES = ("money", "power", "influence")


class TraderBot(Bot):
    name = "trader"

    def __init__(self, seat: int | None = None, *, seed: int = 0):
        super().__init__(seat)
        self.fallback = RandomBot(seat, seed=seed, prefer=("complete",))
        self.proposed_in = None  # the round of its last proposal
        self.plan: list = []

    def choose(self, ss) -> Action:
        legal = list(ss.legal_actions())
        view = ss.view
        step = view.get("step")
        me = ss.seat
        box = view["seats"][me]["box"]

        def find(kind, *args):
            return next((a for a in legal if a.kind == kind and a.args[: len(args)] == args), None)

        if step == "trade":
            hi = max(range(3), key=lambda i: box[i])
            lo = min(range(3), key=lambda i: box[i])
            if self.proposed_in != view["round"] and box[hi] - box[lo] >= 3:
                order = view["order"]
                partner = order[(order.index(me) + 1) % len(order)]
                a = find("propose", partner)
                if a is not None:
                    self.proposed_in = view["round"]
                    self.plan = [("offer", RES[hi]), ("ask", RES[lo]), ("send",)]
                    return a
            return find("pass") or self.fallback.choose(ss)
        if step == "terms":
            while self.plan:
                a = find(*self.plan.pop(0))
                if a is not None:
                    return a
            return find("send") or find("cancel")
        if step == "answer":
            terms = (view.get("pending") or {}).get("terms") or {}
            give = sum(terms.get("give", {}).get(r, 0) for r in RES) + 3 * terms.get("give", {}).get("vp", 0)
            get = sum(terms.get("get", {}).get(r, 0) for r in RES) + 3 * terms.get("get", {}).get("vp", 0)
            get += sum(terms.get("get", {}).get(k, 0) for k in ("cards", "objs", "facs"))
            accepts = [a for a in legal if a.kind == "accept"]
            if accepts and give >= get:
                return accepts[0]
            return find("decline")
        return self.fallback.choose(ss)
