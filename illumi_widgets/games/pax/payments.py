"""Pax rules: paying costs and taking gains in Favor (the pay, collect, subvert and give steps)."""

from __future__ import annotations

from .common import (
    _illegal,
)
from .favor import (
    FACTION_NAMES,
    gain_choices,
)
from .labels import _favor_list as favor_words  # the labels' plain words for Favor ("2 Nobility, Clergy")


def _favor(vec) -> str:
    words = favor_words(vec)
    return words if words == "nothing" else words + " Favor"


# (log lines worded when read: LogEntry's public text as (format, args); see engine.log)
def _pay_text(game, s, vec, why) -> str:
    return f"{game.seat_name(s)} pays {_favor(vec)} for {why}."


def _gain_text(game, s, got, why) -> str:
    return f"{game.seat_name(s)} gains {_favor(got)} ({why})."


class PaymentsMixin:
    """Paying and gaining Favor (see the module docstring)."""

    def _payset(self, d, f, seat) -> dict:
        """The payment vectors of a pay frame, in order (a dict: ordered, and quick to test membership)."""
        return self._memoized(("payset", seat), lambda: dict.fromkeys(
            self.pay_vectors(d, seat, f.get("alts") or [f["slots"]])))

    def _check_pay(self, d, f, a):
        vec = a.args[0]
        if vec not in self._payset(d, f, a.seat):
            return _illegal("bad-payment",
                            f"“{self.said(d, a)}” does not pay for {f['why']} with the Favor you hold "
                            "(Exchanging Favor: 3 of one type count as 1 of another)")
        return None

    def _check_collect(self, d, f, a):
        if a.args[0] not in set(gain_choices(f["slots"])):
            return _illegal("bad-choice", f"“{self.said(d, a)}” is not a way to take {f['why']}")
        return None

    def _check_subvert(self, d, f, a):
        r = a.args[0]
        if not (isinstance(r, int) and 0 <= r < d.seats) or r == a.seat:
            return _illegal("bad-seat", "subvert names another player")
        if d.favor[r][f["fac"]] <= 0:
            return _illegal("nothing-to-take", f"{self.seat_name(r)} has no {FACTION_NAMES[f['fac']]} Favor "
                            "(EN Subverting Favor)")
        return None

    def _check_give(self, d, f, a):
        r, x = a.args
        if r != f["to"][0]:
            return _illegal("bad-seat", f"the next Favor goes to {self.seat_name(f['to'][0])}")
        if f["have"][x] <= 0:
            return _illegal("bad-choice", f"you collected no {FACTION_NAMES[x]} Favor from this card "
                            "(EN Conspire: give from the collected Favor)")
        return None

    # -- favor payments and gains ---------------------------------------------------------------------------
    def _push_pay(self, d, s, slots, why, then, alts=None) -> None:
        """Push a payment; ``then`` (a frame or None) runs after it is paid.  ``alts``: several ways to pay
        (a cost reduction whose icon the payer chooses); ``slots`` is then the first of them."""
        if then is not None:
            d.frames.append(then)
        f = {"t": "pay", "seat": s, "slots": [sorted(x) for x in slots], "why": why}
        if alts is not None and len(alts) > 1:
            f["alts"] = [[sorted(x) for x in a] for a in alts]
        d.frames.append(f)

    def _do_pay(self, d, a, log):
        f = d.frames.pop()
        vec = a.args[0]
        s = a.seat
        for x in range(6):
            d.favor[s][x] -= vec[x]
            d.pool[x] += vec[x]
        log.add((_pay_text, (self, s, vec, f["why"])))

    def _push_gain(self, d, s, slots, why, conspire=()) -> None:
        """Gain Favor: choose (if a choice), take from the pool or subvert, then give to rivals (Conspire)."""
        d.frames.append({"t": "gain", "seat": s, "slots": [sorted(x) for x in slots], "why": why,
                         "conspire": [list(c) for c in conspire], "vec": None})

    def _auto_gain(self, d, f, log):
        if f["vec"] is None:
            choices = gain_choices(f["slots"])
            if len(choices) == 1:
                f["vec"] = list(choices[0])
            else:
                d.frames.append({"t": "collect", "seat": f["seat"], "slots": f["slots"], "why": f["why"]})
                return
        if "queue" not in f:
            f["queue"] = [x for x in range(6) for _ in range(f["vec"][x])]
            f["got"] = [0] * 6
        s = f["seat"]
        while f["queue"]:
            x = f["queue"][0]
            if d.pool[x] > 0:
                d.pool[x] -= 1
                d.favor[s][x] += 1
                f["got"][x] += 1
                f["queue"].pop(0)
                continue
            holders = [r for r in range(d.seats) if r != s and d.favor[r][x] > 0]
            if not holders:
                f["queue"].pop(0)  # EN Subverting: still short → that Favor is not gained
                log.add(f"No {FACTION_NAMES[x]} Favor is left anywhere: {self.seat_name(s)} gains one less.")
                continue
            # READING: subverting takes one Favor at a time, from a player of the gainer's choice
            if len(holders) == 1:
                self._take_from(d, f, holders[0], log)
                continue
            d.frames.append({"t": "subvert", "seat": s, "fac": x})
            return
        d.frames.pop()
        log.add((_gain_text, (self, s, tuple(f["got"]), f["why"])))
        # Conspire (EN Extort; ruling 54): keep what you would normally keep, give the rest
        value = len(f["slots"])
        owed = sum(n for _r, n in f["conspire"])
        got = sum(f["got"])
        give = max(0, min(owed, got - (value - owed)))
        to = [r for r, n in f["conspire"] for _ in range(n)][:give]
        if to:
            d.frames.append({"t": "give", "seat": s, "to": to, "have": list(f["got"])})

    def _take_from(self, d, f, r, log):
        x = f["queue"].pop(0)
        s = f["seat"]
        d.favor[r][x] -= 1
        d.favor[s][x] += 1
        f["got"][x] += 1
        log.add(f"The pool has no {FACTION_NAMES[x]} Favor: {self.seat_name(s)} takes one from "
                f"{self.seat_name(r)} (Subverting Favor).")

    def _do_collect(self, d, a, log):
        d.frames.pop()
        d.frames[-1]["vec"] = list(a.args[0])

    def _do_subvert(self, d, a, log):
        d.frames.pop()
        self._take_from(d, d.frames[-1], a.args[0], log)

    def _do_give(self, d, a, log):
        f = d.frames[-1]
        r, x = a.args
        s = a.seat
        d.favor[s][x] -= 1
        d.favor[r][x] += 1
        f["have"][x] -= 1
        f["to"].pop(0)
        log.add(f"{self.seat_name(s)} gives 1 {FACTION_NAMES[x]} Favor to {self.seat_name(r)} (Conspire).")
        if not f["to"]:
            d.frames.pop()

