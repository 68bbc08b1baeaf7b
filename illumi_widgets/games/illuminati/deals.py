"""Illuminati rules: deals and gifts (p.7-8): proposals item by item, offers and prices, accepting,
declining, fitting received groups, and gifts of money and Specials.

The negotiation itself is the core's (:mod:`illumi_widgets.engine.negotiation`, shared with Gray
Eminence's trading): a deal is drafted (a ``"terms"`` frame), withdrawn (``cancel``) or sent (an
``"answer"`` frame for the other player), then accepted or declined; proposals are bounded by two budgets,
``proposals`` (on the player's own turn, at most ``MAX_PROPOSALS``; it starts again every turn) and
``outdeals`` (out of its turn, at most ``MAX_OUT_PROPOSALS`` between two of its turns).  The position keeps
the frames and budgets it always had, so records and positions saved before still load."""

from __future__ import annotations

from illumi_widgets.engine import negotiation as N
from illumi_widgets.engine.errors import IllegalAction
from illumi_widgets.engine.words import counted, stop

from . import model as M
from .common import (
    MAX_GIFTS,
    MAX_OUT_PROPOSALS,
    MAX_PROPOSALS,
    _illegal,
)


def _specials(n: int) -> str:
    """``1 Special``, ``2 Specials``: a count as a player reads it."""
    return f"{n} Special{'' if n == 1 else 's'}"


class DealsMixin:
    """Deals and gifts (see the module docstring)."""

    def _check_offer(self, d, f, a):
        g, other = a.args
        if not N.within(self._budget(d, a.seat), a.seat, MAX_PROPOSALS):
            return _illegal("proposals", f"at most {MAX_PROPOSALS} deal proposals per turn")
        if d["acts"] < 1:
            return _illegal("no-actions", "each group exchanged counts as an action of the player whose turn "
                            "it is (p.7)")
        if not isinstance(other, int) or not 0 <= other < d["n"] or other == a.seat or not d["alive"][other]:
            return _illegal("bad-seat", "deal with another player still in the game")
        owner = a.seat if a.kind == "offer" else other
        if g not in self.cards or self.owner(d, g) != owner:
            return _illegal("not-owned", f"{self.seat_name(owner)} does not control that group")
        if self.cards[g].illuminati:
            return _illegal("illuminati", "an Illuminati card cannot change hands")
        seller, buyer = (a.seat, other) if a.kind == "offer" else (other, a.seat)
        return self._throws_at_any_price(d, g, seller, buyer)

    _check_request = _check_offer

    def _throws_at_any_price(self, d, g, seller, buyer) -> IllegalAction | None:
        """The refusal of a simple sale of ``g`` (an ``offer`` or ``request``) that would throw the game
        (p.8) whatever price is named, else ``None``.  Judged when the sale is opened, so the price step
        that follows always has a legal price (it used to be opened, and then no price was legal: the game
        could not go on).  The price moves money only, which changes only the money goal; so one price is
        tried unless a party's money goal is public, and then every price the buyer can pay."""
        err = self._sale_throws(d, g, seller, buyer, 0)
        if err is None:
            return None
        if any(self._goal_public(d, s) and self.seat_goal(d, s) == "goal-money150" for s in (seller, buyer)):
            for n in range(1, d["money"][d["illum"][buyer]] + 1):
                if self._sale_throws(d, g, seller, buyer, n) is None:
                    return None
        return _illegal("throwing", f"at any price, {err.message}")

    def _sale_throws(self, d, g, seller, buyer, price) -> IllegalAction | None:
        """:meth:`_throws` for the sale of ``g`` from ``seller`` to ``buyer`` at ``price`` MB."""
        return self._throws(d, [(seller, buyer, [g], 0), (buyer, seller, [], price)])

    def _check_price(self, d, f, a):
        n = a.args[0]
        cash = d["money"][d["illum"][f["deal"]["to"]]]
        if not isinstance(n, int) or not 0 <= n <= cash:
            return _illegal("money", f"the buyer's Illuminati treasury holds {cash} MB (money moves only "
                            "between Illuminati, p.7)")
        dl = f["deal"]
        return self._sale_throws(d, dl["group"], dl["from"], dl["to"], n)

    def _check_accept(self, d, f, a):
        dl = f["deal"]
        want = dl["get"]["any"]
        picked = list(a.args)
        if len(picked) != want:
            return _illegal("pick", f"the deal asks for {_specials(want)} of your choice: name them after "
                            "'accept'" if want else "'accept' takes no cards here")
        hand = d["hands"][a.seat]
        if len(set(picked)) != len(picked) or any(c not in hand or c in dl["get"]["specials"]
                                                  for c in picked):
            return _illegal("not-held", "name Specials you hold (other than those the deal names)")
        return None

    def _check_decline(self, d, f, a):
        return None

    def _check_fit(self, d, f, a):
        err = self._check_slot(d, a.seat, a.args[0], a.args[1])
        if err:
            return err
        if tuple(a.args) not in self._fit_slots(d, a.seat, f.get("pending", ())):
            return _illegal("leaving", f"{self.label(a.args[0])} leaves in this deal: fit the group "
                            "elsewhere")
        return None

    # -- deals (p.7-8) ---------------------------------------------------------------------------------------
    def _check_negotiate(self, d, f, a):
        other = a.args[0]
        if not isinstance(other, int) or not 0 <= other < d["n"] or other == a.seat or not d["alive"][other]:
            return _illegal("bad-seat", "deal with another player still in the game")
        if self._privileged_now(d):
            return _illegal("privileged", "no one may exchange or give away money or Specials while a "
                            "privileged attack is under way (p.7, p.8)")
        if not self.may_propose(d, a.seat):
            if a.seat == d["active"]:
                return _illegal("proposals", f"at most {MAX_PROPOSALS} deal proposals per turn")
            most = counted(MAX_OUT_PROPOSALS, "deal proposal")
            return _illegal("proposals", f"at most {most} out of your own turn "
                            "between two of your turns")
        return None

    def may_propose(self, d, seat) -> bool:
        """``seat`` has a deal proposal left in its budget (a public fact)."""
        limit = MAX_PROPOSALS if seat == d["active"] else MAX_OUT_PROPOSALS
        return N.within(self._budget(d, seat), seat, limit)

    @staticmethod
    def _budget(d, seat) -> dict:
        """The budget ``seat``'s next proposal counts against (a :mod:`~illumi_widgets.engine.negotiation`
        budget): ``proposals`` on its own turn (READING 32: at most ``MAX_PROPOSALS``), else ``outdeals``."""
        if seat != d["active"]:
            return d.get("outdeals", {})
        p = d.get("proposals", {})
        if isinstance(p, int):  # in-memory positions from before proposals were counted per seat
            return {str(d["active"]): p}
        return p

    def _throws(self, d, moves) -> IllegalAction | None:
        """Throwing the game (p.8): "No player may simply 'throw' the game to another by giving them enough
        Groups, money, etc. to let them win. A trade that lets both players win is perfectly legal."

        ``moves``: ``[(giver, receiver, groups, money)]``.  READING: enforced where the table can see it: a
        gift or deal is refused when, carried out now, a receiver would meet a goal the table can check (the
        Basic Goal; a special goal only when it is public) that it does not meet now, while another party of
        the exchange would be left without one (so a trade that lets both win stays legal).  The rest (small
        gifts over several turns, motives, hidden goals) is left to the players' honour, as the rules say."""
        if self.very_long:
            return None
        cash_goal = any(m[3] and self._goal_public(d, m[1]) and self.seat_goal(d, m[1]) == "goal-money150"
                        for m in moves)
        if not cash_goal and not any(m[2] for m in moves):
            return None  # money alone changes no goal but the money goal (the common case: cheap)
        w = {**d, "ctrl": dict(d["ctrl"]), "money": dict(d["money"])}
        for giver, recv, groups, money in moves:
            for g in groups:
                for x in M.subtree(d, g):
                    w["ctrl"][x] = [recv, *d["ctrl"][x][1:]]
            w["money"][d["illum"][giver]] -= money
            w["money"][d["illum"][recv]] += money

        def met(x, s):
            return self.basic_goal_met(x, s) or (self._goal_public(d, s) and self.special_goal_met(x, s))

        parties = {p for m in moves for p in m[:2]}
        winners = [s for s in parties if met(w, s) and not met(d, s)]
        if winners and not all(met(w, s) for s in parties):
            who = " and ".join(self.seat_name(s) for s in sorted(winners))
            return _illegal("throwing", f"this would hand {who} the game: no player may throw the game to "
                            "another (p.8); a trade that lets both players win is legal")
        return None

    def _check_dgive(self, d, f, a):
        dl, x = f["deal"], a.args[0]
        giving = a.kind == "dgive"
        who = a.seat if giving else dl["with"]
        side = dl["give"] if giving else dl["get"]
        whose = "you" if giving else self.seat_name(who)
        if isinstance(x, int):
            cash = d["money"][d["illum"][who]]
            if side["money"]:
                return _illegal("already", "the deal already names that money")
            if not 1 <= x <= cash:
                return _illegal("money", f"money moves between Illuminati treasuries only (p.7): {whose} "
                                f"hold{'s' if not giving else ''} {cash} MB there")
            return None
        if x == "special":
            if giving:
                return _illegal("name", "name the Special you offer")
            if side["any"] + len(side["specials"]) >= len(d["hands"][who]):
                held = _specials(len(d["hands"][who]))
                return _illegal("no-special", f"{whose} {'hold' if giving else 'holds'} only {held}")
            return None
        if x in self.cd.specials:
            if x in side["specials"]:
                return _illegal("already", "the deal already names that Special")
            if giving and x not in d["hands"][who]:
                return _illegal("not-held", "you do not hold that Special")
            if not giving and x not in self._known_in(d, a.seat, who):
                return _illegal("unseen", f"you have not seen that Special in {whose}'s hand: ask for "
                                "'special' (any one of their choice)")
            return None
        if x not in self.cards or self.owner(d, x) != who:
            return _illegal("not-owned", f"{whose} do{'es' if not giving else ''} not control that group")
        if self.cards[x].illuminati:
            return _illegal("illuminati", "an Illuminati card cannot change hands")
        if dl.get("nogroups"):
            return _illegal("not-now", "groups change hands only on the action step of one of the two "
                            "players (p.7): this deal may hold money and Specials")
        listed = dl["give"]["groups"] + dl["get"]["groups"]
        if len(listed) >= d["acts"]:
            return _illegal("no-actions", "each group exchanged counts as an action of the player whose "
                            f"turn it is (p.7); {d['acts']} left")
        if not self._tree_free(d, x, listed):
            return _illegal("puppet", "a group's puppets go with it (p.8): list either the master or the "
                            "puppet, once")
        return None

    _check_dget = _check_dgive

    def _check_propose(self, d, f, a):
        dl = f["deal"]
        if not any((dl[k]["groups"], dl[k]["money"], dl[k]["specials"], dl[k]["any"]) != ([], 0, [], 0)
                   for k in ("give", "get")):
            return _illegal("empty", "the deal is empty: offer or ask something first")
        for recv, k in ((dl["with"], "give"), (a.seat, "get")):
            n = len(dl[k]["groups"])
            if not n:
                continue
            # READING: arrows freed by groups leaving in the same deal count (they are fitted after those
            # groups left); the rest of the fit is checked group by group when the deal is carried out
            w = {**d, "ctrl": dict(d["ctrl"])}
            for h in dl["get" if k == "give" else "give"]["groups"]:
                for x in M.subtree(d, h):
                    del w["ctrl"][x]
            if len(self._fit_slots(w, recv)) < n:
                return _illegal("no-arrow", f"{self.seat_name(recv)} has no free control arrow for "
                                f"{counted(n, 'more group', 'more groups')} (p.8)")
        return self._throws_deal(d, dl)

    def _throws_deal(self, d, dl):
        by, other = dl["by"], dl["with"]
        return self._throws(d, [(by, other, dl["give"]["groups"], dl["give"]["money"]),
                                (other, by, dl["get"]["groups"], dl["get"]["money"])])

    def _check_cancel(self, d, f, a):
        return None

    def _check_gift(self, d, f, a):
        n, other = a.args
        if not isinstance(other, int) or not 0 <= other < d["n"] or other == a.seat or not d["alive"][other]:
            return _illegal("bad-seat", "give money or Specials to another player still in the game")
        if self._privileged_now(d):
            return _illegal("privileged", "no one may exchange or give away money or Specials while a "
                            "privileged attack is under way (p.7, p.8)")
        if isinstance(n, str) and not n.isdigit():
            if n not in d["hands"][a.seat]:
                return _illegal("not-held", "you do not hold that Special")
        else:
            cash = d["money"][d["illum"][a.seat]]
            if not isinstance(n, int) or n < 1 or n > cash:
                return _illegal("money", f"gifts go from Illuminati to Illuminati; yours holds {cash} MB "
                                "(p.7)")
        if f["t"] not in ("actions", "transfers") and d.get("gifts", {}).get(str(a.seat), 0) >= MAX_GIFTS:
            return _illegal("gifts", f"at most {MAX_GIFTS} gifts outside your own action and transfer steps "
                            "between two of your turns")
        if isinstance(n, int):
            return self._throws(d, [(a.seat, other, [], n)])
        return None

    # -- deals (p.7-8): proposals the other seat accepts or declines -----------------------------------------
    # A deal: {"by": proposer, "with": other, "give": ITEMS, "get": ITEMS}; "give" goes from the proposer to
    # the other seat, "get" the other way; ITEMS = {"groups", "money" (Illuminati to Illuminati), "specials",
    # "any": Specials of the giver's choice}.  READING: deals are proposed on the active player's action step
    # (groups move only on the turn of one of the players, p.7); each group named counts as one action of the
    # active player when the deal is carried out, its puppets go along free; money and Specials are free.
    @staticmethod
    def _items() -> dict:
        return {"groups": [], "money": 0, "specials": [], "any": 0}

    def _do_negotiate(self, d, a, log):
        self._count_proposal(d, a.seat)
        dl = {"by": a.seat, "with": a.args[0], "give": self._items(), "get": self._items()}
        # READING: groups change hands only on the turn of one of the two players (p.7), as actions of the
        # active player: in a deal opened on its action step, or in the table-talk window before it with it;
        # every other deal holds money and Specials only
        t, act = d["frames"][-1]["t"], d["active"]
        if not (t == "actions" or (t == "talk" and act in (a.seat, a.args[0]))):
            dl["nogroups"] = True
        N.draft(d["frames"], a.seat, deal=dl)

    @staticmethod
    def _count_proposal(d, seat):
        if seat != d["active"]:
            N.spend(d.setdefault("outdeals", {}), seat)
            return
        p = d.get("proposals")
        if not isinstance(p, dict):
            p = d["proposals"] = {} if not p else {str(d["active"]): p}
        N.spend(p, seat)

    def _do_dgive(self, d, a, log):
        dl = d["frames"][-1]["deal"]
        side = dl["give"] if a.kind == "dgive" else dl["get"]
        x = a.args[0]
        if isinstance(x, int):
            side["money"] = x
        elif x == "special":
            side["any"] += 1
        elif x in self.cd.specials:
            side["specials"].append(x)
        else:
            side["groups"].append(x)

    _do_dget = _do_dgive

    def _do_cancel(self, d, a, log):
        N.withdraw(d["frames"])

    def describe_deal(self, d, dl, viewer=None) -> str:
        """The deal in words; Specials are named only to the two parties (the others learn how many)."""
        names = viewer in (dl["by"], dl["with"])

        def items(x):
            out = [self.label(g) for g in x["groups"]]
            if x["money"]:
                out.append(f"{x['money']} MB")
            if names:
                out += [self.label(c) for c in x["specials"]]
            elif x["specials"]:
                out.append(_specials(len(x['specials'])))
            if x["any"]:
                out.append(f"{_specials(x['any'])} of {self.seat_name(dl['with'])}'s choice")
            return ", ".join(out) or "nothing"

        by, other = self.seat_name(dl["by"]), self.seat_name(dl["with"])
        return f"{by} gives {other} {items(dl['give'])}; {other} gives {by} {items(dl['get'])}"

    def _do_propose(self, d, a, log):
        self._propose(d, N.drafting(d["frames"])["deal"], log)

    def _propose(self, d, dl, log):
        by, other = dl["by"], dl["with"]
        # READING: Specials offered by name are shown to the other player with the proposal
        for c in dl["give"]["specials"]:
            self._learn(d, other, by, c)
        log.add(f"{self.seat_name(by)} proposes a deal to {self.seat_name(other)}: "
                f"{self.describe_deal(d, dl)}.",
                {s: f"{self.seat_name(by)} proposes a deal to {self.seat_name(other)}: "
                    f"{self.describe_deal(d, dl, s)}." for s in (by, other)})
        N.send(d["frames"], dl, other)  # (replaces the draft, if the deal was drafted item by item)

    def _learn(self, d, viewer, holder, card):
        pairs = d.setdefault("known", {}).setdefault(str(viewer), [])
        if [holder, card] not in pairs:
            pairs.append([holder, card])

    def _forget(self, d, card):
        """``card`` left a hand: what anyone saw of it there no longer holds."""
        for pairs in d.get("known", {}).values():
            pairs[:] = [p for p in pairs if p[1] != card]

    def _hand_over(self, d, card, frm, to):
        d["hands"][frm].remove(card)
        d["hands"][to].append(card)
        self._forget(d, card)
        for s in (frm, to):  # both parties know where the card went
            self._learn(d, s, to, card)

    # the simple forms: one group sold or bought, the proposer names the price
    def _do_offer(self, d, a, log):
        g, other = a.args
        self._count_proposal(d, a.seat)
        seller, buyer = (a.seat, other) if a.kind == "offer" else (other, a.seat)
        deal = {"group": g, "from": seller, "to": buyer, "price": 0, "proposer": a.seat}
        d["frames"].append({"t": "price", "seat": a.seat, "deal": deal})

    _do_request = _do_offer

    def _do_price(self, d, a, log):
        f = d["frames"].pop()
        old = f["deal"]
        other = old["to"] if old["from"] == a.seat else old["from"]
        dl = {"by": a.seat, "with": other, "give": self._items(), "get": self._items()}
        mine, theirs = (dl["give"], dl["get"]) if old["from"] == a.seat else (dl["get"], dl["give"])
        mine["groups"].append(old["group"])
        theirs["money"] = a.args[0]
        self._propose(d, dl, log)

    def _do_decline(self, d, a, log):
        N.answer(d["frames"], a.seat, False)
        log.add(f"{self.seat_name(a.seat)} declines the deal.")

    def _do_accept(self, d, a, log):
        dl = N.pending(d["frames"])["deal"]
        N.answer(d["frames"], a.seat, True)  # one addressee: "accepted", the answer step is done
        by, other = dl["by"], dl["with"]
        give, get = dl["give"], dl["get"]
        for n, frm, to in ((give["money"], by, other), (get["money"], other, by)):
            d["money"][d["illum"][frm]] -= n
            d["money"][d["illum"][to]] += n
        for c in give["specials"]:
            self._hand_over(d, c, by, other)
        picked = list(a.args)
        for c in get["specials"] + picked:
            self._hand_over(d, c, other, by)
        moving = [[other, g] for g in give["groups"]] + [[by, g] for g in get["groups"]]
        d["acts"] -= len(moving)  # each group exchanged: one action of the player whose turn it is (p.7)
        if d["active"] in (by, other):
            d["busy"] = True
        shown = {**dl, "get": {**get, "specials": get["specials"] + picked, "any": 0}}
        log.add(f"{self.seat_name(a.seat)} accepts: {self.describe_deal(d, shown)}.",
                {s: f"{self.seat_name(a.seat)} accepts: {self.describe_deal(d, shown, s)}."
                 for s in (by, other)})
        d["frames"].append({"t": "dealfit", "queue": moving, "pending": [g for _, g in moving]})

    def _auto_dealfit(self, d, f, log):
        """Each group received is fitted by its receiver, in the deal's order (p.8)."""
        if not f["queue"]:
            d["frames"].pop()
            self._eliminations(d, log)
            return
        # the first group whose receiver can fit it now (so groups leaving free their arrows first)
        ready = [i for i, (s, g) in enumerate(f["queue"])
                 if self._fit_slots(d, s, [x for x in f["pending"] if x != g])]
        seat, g = f["queue"].pop(ready[0] if ready else 0)
        f["pending"].remove(g)
        if not self._fit_slots(d, seat, f["pending"]):
            # READING: a received group that fits on no open arrow becomes uncontrolled with its puppets
            # (treasuries to the bank)
            log.add(f"{self.label(g)} cannot be fitted and becomes uncontrolled.")
            self._release(d, g, log)
            return
        d["frames"].append({"t": "fit", "seat": seat, "group": g, "pending": list(f["pending"])})

    def _do_fit(self, d, a, log):
        f = d["frames"].pop()
        master, direction = a.args
        side = self.side_of_dir(d, master, direction)
        log.add(f"{self.label(f['group'])} joins {self.seat_name(a.seat)}'s power structure under "
                f"{stop(self.label(master))}")
        self._graft(d, a.seat, f["group"], master, side, log, keep=1.0)  # treasuries go along (p.8)

    def _do_gift(self, d, a, log):
        x, other = a.args
        f = d["frames"][-1]
        if f["t"] in ("actions", "transfers"):
            d["busy"] = True
        else:
            gifts = d.setdefault("gifts", {})
            gifts[str(a.seat)] = gifts.get(str(a.seat), 0) + 1
        by, to = self.seat_name(a.seat), self.seat_name(other)
        if isinstance(x, int):
            d["money"][d["illum"][a.seat]] -= x
            d["money"][d["illum"][other]] += x
            log.add(f"{by} gives {x} MB to {to}.")
            return
        # a Special: the two players see which; the others only that one moved (the count is public, p.8)
        self._hand_over(d, x, a.seat, other)
        text = f"{by} gives {self.label(x)} to {to}."
        log.add(f"{by} gives a Special card to {to}.", {a.seat: text, other: text}, text)

