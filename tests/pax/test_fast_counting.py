"""The counted forms of two Favor computations (issue 35, speed) equal the plain searches they replace.

``favor.gain_choices`` counts distinct gain vectors slot by slot (and remembers them by slots) instead of
walking the product of every slot's choices; ``favor.payments`` builds a one-slot cost's payments directly in
listing order instead of sorting them.  Both are compared here with the plain definitions on random inputs:
the rules' listings of collect and pay steps are built from them.
"""

from __future__ import annotations

import itertools
import random

from illumi_widgets.games.pax import favor as F


def _gain_choices_by_product(slots):
    """Every combination of the slots' choices, as distinct vectors, most of the first Faction first."""
    out = set()
    for combo in itertools.product(*[sorted(s) for s in slots]):
        vec = [0] * 6
        for f in combo:
            vec[f] += 1
        out.add(tuple(vec))
    return sorted(out, key=lambda v: tuple(-x for x in v))


def _one_slot_payments_sorted(holdings, slot, rate, wild):
    """One accepted (or wild) token, or ``rate`` tokens of another Faction, sorted cheapest first."""
    accepts = set(slot) if wild is None else {*slot, wild}
    ways = [tuple(1 if x == f else 0 for x in range(6)) for f in accepts if holdings[f] >= 1]
    ways += [tuple(rate if x == g else 0 for x in range(6)) for g in range(6)
             if g not in accepts and holdings[g] >= rate]
    return sorted(ways, key=lambda v: (sum(v), tuple(-x for x in v)))


def test_gain_choices_equal_the_product_of_the_slots():
    rng = random.Random(35)
    seen = set()
    for _ in range(3000):
        slots = [sorted(rng.sample(range(6), rng.randint(1, 4))) for _ in range(rng.randint(0, 6))]
        got = F.gain_choices(slots)
        assert got == _gain_choices_by_product(slots), slots
        got.append("changed")  # a caller's list is its own: the remembered choices stay as they were
        assert F.gain_choices(slots) == _gain_choices_by_product(slots), slots
        seen.add(len(got))
    assert len(seen) > 20  # (from one choice to many)


def test_one_slot_payments_are_listed_cheapest_first():
    rng = random.Random(36)
    kinds = set()
    for _ in range(5000):
        holdings = tuple(rng.randint(0, 7) for _ in range(6))
        slot = frozenset(rng.sample(range(6), rng.randint(1, 3)))
        rate = rng.choice((2, 3))
        wild = rng.choice((None, None, rng.randrange(6)))
        got = F.payments(holdings, [slot], rate, wild=wild)
        assert got == _one_slot_payments_sorted(holdings, slot, rate, wild), (holdings, slot, rate, wild)
        kinds.update(sum(v) for v in got)
    assert kinds == {1, 2, 3}  # (single tokens and both exchange rates occur)
