"""Favor arithmetic: paying costs (with the 3-for-1 exchange) and choosing gains.

A cost is a list of *slots*; each slot is the set of faction indices that may
pay it (one icon of a location: a single faction; "matching Favor": the acting
card's factions; "any Favor": all six).  The rulebook's exchange (EN "Important!
Exchanging Favor"): while paying, the active player may spend ``rate`` (3) Favor
of one type as 1 Favor of *another* type.  A payment is the vector of tokens
spent, so two ways of paying that spend the same tokens are one option.
"""

from __future__ import annotations

from operator import le

FACTIONS = ("NOB", "PRO", "MAG", "ART", "SCH", "CLE")
FACTION_NAMES = ("Nobility", "Professions", "Magistrates", "Artists", "Scholars", "Clergy")
ABBR = ("Nob", "Pro", "Mag", "Art", "Sch", "Cle")
FI = {f: i for i, f in enumerate(FACTIONS)}
ALL = frozenset(range(6))
_ABBR_LOWER = {a.lower(): i for i, a in enumerate(ABBR)}
_ABBR_LOWER.update({f.lower(): i for i, f in enumerate(FACTIONS)})
_ABBR_LOWER.update({n.lower(): i for i, n in enumerate(FACTION_NAMES)})


def faction_index(token: str) -> int | None:
    """``"sch"``, ``"SCH"`` or ``"Scholars"`` → 4; unknown → None."""
    return _ABBR_LOWER.get(token.lower())


def tokens_text(vec) -> str:
    """(2,0,0,0,1,0) → ``"Nob Nob Sch"``."""
    return " ".join(ABBR[f] for f in range(6) for _ in range(vec[f]))


def payments(holdings, slots, rate: int = 3, limit: int = 400,
             wild: int | None = None) -> list[tuple[int, ...]]:
    """Every distinct vector of tokens that pays ``slots`` from ``holdings``.

    Each slot is paid by one token of a faction it accepts, or by ``rate``
    tokens of one faction it does not accept (the exchange).  A token of the
    ``wild`` faction (the Artists passive) pays any slot.  At most ``limit``
    vectors are returned (more never happens with real costs).
    """
    if len(slots) == 1:  # (most costs: one Favor matching a card or of one Faction) each way is one token
        (slot,) = slots
        # one accepted token each (1 token), then the exchanges (``rate`` tokens), each by Faction order:
        # the order of _cheapest_first, built in that order
        ways = [_UNIT[f] for f in range(6) if (f in slot or f == wild) and holdings[f] >= 1]
        ways += [_exchange(rate, g) for g in range(6)
                 if not (g in slot or g == wild) and holdings[g] >= rate]
        return (ways if rate > 1 else sorted(ways, key=_cheapest_first))[:limit]
    slots = sorted((tuple(sorted(s)) for s in slots), key=len)
    n = len(slots)
    results: set[tuple[int, ...]] = set()
    seen: set = set()
    # depth-first over (slot index, tokens left), with an explicit stack: a recursive closure would be a
    # reference cycle left for the garbage collector on every call
    stack = [(0, tuple(holdings))]
    while stack and len(results) < limit:
        i, have = stack.pop()
        if (i, have) in seen:
            continue
        seen.add((i, have))
        if i == n:
            results.add(tuple(h0 - h for h0, h in zip(holdings, have, strict=True)))
            continue
        accepts = slots[i]
        if wild is not None and wild not in accepts:
            accepts = accepts + (wild,)
        for f in accepts:
            if have[f] >= 1:
                stack.append((i + 1, have[:f] + (have[f] - 1,) + have[f + 1:]))
        for g in range(6):
            if g not in accepts and have[g] >= rate:
                stack.append((i + 1, have[:g] + (have[g] - rate,) + have[g + 1:]))
    return sorted(results, key=_cheapest_first)


_UNIT = tuple(tuple(1 if x == f else 0 for x in range(6)) for f in range(6))  # one token of each Faction
_EXCHANGES: dict = {}  # (rate, Faction) -> the vector of ``rate`` tokens of that Faction


def _exchange(rate: int, g: int) -> tuple[int, ...]:
    v = _EXCHANGES.get((rate, g))
    if v is None:
        v = _EXCHANGES[(rate, g)] = tuple(rate if x == g else 0 for x in range(6))
    return v


def _cheapest_first(vec) -> tuple:
    """The order payments are listed in: fewest tokens first, then by Faction order."""
    return (sum(vec), tuple(-x for x in vec))


def can_pay(holdings, slots, rate: int = 3, wild: int | None = None) -> bool:
    """Whether some payment exists (fast path for legality checks)."""
    if not slots:
        return True
    if len(slots) == 1:  # the common case: one matching Favor
        (slot,) = slots
        if wild is not None and holdings[wild] >= 1:
            return True
        return any(holdings[f] >= 1 for f in slot) or any(
            holdings[g] >= rate for g in range(6) if g not in slot)
    first = slots[0]
    if all(s == first for s in slots):  # n Favor matching one card (Scout, Expel, Oust)
        return slot_capacity(holdings, first, rate, wild) >= len(slots)
    if all(len(s) == 1 for s in slots):  # single-icon slots (Location costs): counted by can_pay_need
        need = [0] * 6
        for s in slots:
            for f in s:
                need[f] += 1
        return can_pay_need(holdings, need, rate, wild)
    return bool(payments(holdings, slots, rate, limit=1, wild=wild))


def slot_capacity(holdings, slot, rate: int = 3, wild: int | None = None) -> int:
    """How many copies of one slot (e.g. Favor matching an acting card) ``holdings`` can pay: copies are
    interchangeable and each type's tokens serve either directly (accepted, or wild) or in exchanges of
    ``rate`` (any other type), independently of the other types."""
    cap = 0
    for f in range(6):
        h = holdings[f]
        cap += h if f in slot or f == wild else h // rate
    return cap


def need_vector(slots) -> tuple[int, ...]:
    """Single-icon slots as a count per faction: ``[{NOB}, {NOB}, {SCH}]`` → (2, 0, 0, 0, 1, 0)."""
    need = [0] * 6
    for s in slots:
        (f,) = s
        need[f] += 1
    return tuple(need)


def can_pay_need(holdings, need, rate: int = 3, wild: int | None = None) -> bool:
    """Whether single-icon slots, ``need[f]`` of faction ``f``, can be paid (the counting behind
    :func:`can_pay` for Location costs).  Each type's tokens pay its own icons first (one token each: never
    worse than anything else); the shortfall is paid one for one by the spare tokens of the ``wild`` type
    (Artists), and what is still short by exchanges — ``rate`` spare tokens of one type for one icon of
    another (a short type has no spare tokens, so an exchange always buys another type).  Spare wild tokens
    are never worth exchanging: one pays any icon by itself."""
    if all(map(le, need, holdings)):  # (each icon paid by a token of its own type: the common case)
        return True
    short = spare = 0
    extra = 0
    for f in range(6):
        h, n = holdings[f], need[f]
        if n > h:
            short += n - h
        elif f == wild:
            extra = h - n
        else:
            spare += (h - n) // rate
    return short <= extra + spare


def can_pay_any_need(holdings, needs, rate: int = 3, wild: int | None = None) -> bool:
    """Whether one of several costs (need vectors, :func:`can_pay_need`) can be paid."""
    for need in needs:
        if can_pay_need(holdings, need, rate, wild):
            return True
    return False


_GAINS: dict = {}  # gain slots (as tuples) -> their gain vectors (gain_choices), a bounded table
_GAINS_SIZE = 4096


def gain_choices(slots) -> list[tuple[int, ...]]:
    """Distinct gain vectors for gain slots (each slot: the factions one gained Favor may be).

    Counted slot by slot over distinct partial vectors (the product of the slots' choices repeats the same
    vector many times), and remembered by slots."""
    key = tuple(map(tuple, slots))
    got = _GAINS.get(key)
    if got is None:
        vecs = {(0,) * 6}
        for slot in key:
            vecs = {v[:f] + (v[f] + 1,) + v[f + 1:] for v in vecs for f in slot}
        got = tuple(sorted(vecs, key=lambda v: tuple(-x for x in v)))
        if len(_GAINS) >= _GAINS_SIZE:
            _GAINS.clear()
        _GAINS[key] = got
    return list(got)
