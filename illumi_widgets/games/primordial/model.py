"""The Primordial Secrets position: one plain JSON-able dict of card instances (ints) in zones.

Every physical card is an instance number; ``game.types[i]`` is its card id (a Primordial or an Intent).
Keys of the position ``d`` (per-seat lists are indexed by seat; decks and piles have their top LAST):

- ``deck``, ``hand``, ``discard``, ``hosts``, ``visitors``, ``next_visitors`` (cards moved to next round's
  Visiting Party, face up), ``sacrifices``: Primordials; ``intent_deck``, ``intent_discard``, ``secrets``:
  Intents; ``intent[s]``: the Visiting Intent (or None).  The Secrets stolen, Sacrifices and Royals a player
  holds are read from these zones (``scoring``), never stored: an older position's ``stolen`` and ``royals``
  counters are dropped when it is loaded (``LEGACY_COUNTERS``).
- ``pawn_deck``, ``royal_deck``, ``held_out`` (expensive Pawns out until round 2 ends), ``removed``
  (Royals cut at setup, unseen), ``court_pawns``, ``court_royals``, ``familiars``, ``banished``, ``box``
  (before the deal).
- ``round``, ``first`` (First Visitor Token), ``frames`` (pending steps, top last), ``turn`` (the visit
  being resolved: its per-turn ledger), ``ends`` (end conditions met this round), ``result``.
"""

from __future__ import annotations

SEAT_ZONES = ("deck", "hand", "discard", "hosts", "visitors", "next_visitors", "sacrifices",
              "intent_deck", "intent_discard", "secrets")
SHARED_ZONES = ("box", "pawn_deck", "royal_deck", "held_out", "removed", "court_pawns", "court_royals",
                "familiars", "banished")
#: counters older positions kept beside the zones (Secrets stolen, Royals recruited): now read from the zones
LEGACY_COUNTERS = ("stolen", "royals")


def event(log, kind: str, **data) -> None:
    """A structured record of what happened, for the history table (``history.py`` replays the history with
    a log that keeps them); the game's own log ignores it."""
    events = getattr(log, "events", None)
    if events is not None:
        events.append(dict(data, kind=kind))


def clone(obj):
    """Copy plain data (dicts, lists of primitives).  (Numbers, strings and None are kept without a call
    each.)"""
    t = type(obj)
    if t is list:
        return [clone(x) if x.__class__ is list or x.__class__ is dict else x for x in obj]
    if t is dict:
        return {k: clone(v) if v.__class__ is list or v.__class__ is dict else v for k, v in obj.items()}
    return obj


def _copy_flow(out: dict, d: dict) -> dict:
    """Copy into ``out`` the parts of ``d`` that are never shared between copies (the ends, the decision
    frames, the turn, the result and the last move): both copies below take them the same way."""
    out["ends"] = [e[:] for e in d["ends"]]
    out["frames"] = clone(d["frames"])
    out["turn"] = clone(d["turn"])
    out["result"] = clone(d["result"])
    out["last"] = clone(d["last"])
    return out


def copy_position(d: dict) -> dict:
    """A copy of a position (what ``clone`` does, written out for its known shape: much faster)."""
    out = dict(d)
    for k in SEAT_ZONES:
        out[k] = [lst[:] for lst in d[k]]
    for k in SHARED_ZONES:
        out[k] = d[k][:]
    out["intent"] = d["intent"][:]
    return _copy_flow(out, d)


def snapshot_position(d: dict, previous: dict) -> dict:
    """A copy of a position for an undo checkpoint (what :func:`copy_position` gives) sharing every zone
    equal to the one in ``previous`` (the checkpoint before it) with ``previous``: most zones are unchanged
    after a few actions, and checkpoints are never changed in place."""
    out = dict(d)
    for k in SEAT_ZONES:
        zone, prev = d[k], previous[k]
        # (a zone of every seat unchanged: the previous one as a whole, no new list to allocate and collect)
        out[k] = prev if prev == zone else [old if old == lst else lst[:]
                                             for lst, old in zip(zone, prev, strict=True)]
    for k in SHARED_ZONES:
        old = previous[k]
        out[k] = old if old == d[k] else d[k][:]
    old = previous["intent"]
    out["intent"] = old if old == d["intent"] else d["intent"][:]
    # the pending steps, the turn and the last move: shared too while they are equal to the previous ones
    old = previous["ends"]
    out["ends"] = old if old == d["ends"] else [e[:] for e in d["ends"]]
    for k in ("frames", "turn", "result", "last"):
        old, v = previous[k], d[k]
        out[k] = old if old == v else clone(v)
    return out


def new_position(n: int, box: list, intent_decks: list, secrets: list) -> dict:
    d = {k: [[] for _ in range(n)] for k in SEAT_ZONES}
    d.update({k: [] for k in SHARED_ZONES})
    d["box"] = list(box)
    d["intent_deck"] = [list(x) for x in intent_decks]
    d["secrets"] = [list(x) for x in secrets]
    d.update({"n": n, "round": 1, "first": 0, "intent": [None] * n, "frames": [{"t": "deal"}], "turn": None,
              "ends": [], "result": None, "last": None})
    return d


def locate(d: dict, inst: int):
    """``(zone, seat or None)`` of an instance, or ``(None, None)``."""
    for z in SEAT_ZONES:
        for s, lst in enumerate(d[z]):
            if inst in lst:
                return z, s
    for z in SHARED_ZONES:
        if inst in d[z]:
            return z, None
    for s, i in enumerate(d["intent"]):
        if i == inst:
            return "intent", s
    return None, None


def take(d: dict, inst: int) -> bool:
    """Remove an instance from wherever it lies (True if found)."""
    z, s = locate(d, inst)
    if z is None:
        return False
    if z == "intent":
        d["intent"][s] = None
    elif s is None:
        d[z].remove(inst)
    else:
        d[z][s].remove(inst)
    return True


def all_instances(d: dict) -> list:
    out = []
    for z in SEAT_ZONES:
        for lst in d[z]:
            out.extend(lst)
    for z in SHARED_ZONES:
        out.extend(d[z])
    out.extend(i for i in d["intent"] if i is not None)
    return out
