"""Gray Eminence's history as data (``state.history_table()``, the ``Game.history_rows`` hook).

One row per thing that happened at the table, each with its ``round`` and ``phase`` (the phase's title):

- ``what="bid"``: one row per player when the sealed bids are revealed (Phase 3): ``money``, ``power``,
  ``influence``, ``total`` and ``rank`` (the placement choice order, 1 first: Phase 3 steps 1–3).
- ``what="role"``: a player takes a position on the visibility track (``position``: "In the Public Eye",
  "Gray Eminence (2nd)", …, ``rank`` its turn in the choice order).
- ``what="program"``: one row per player when the programs are revealed (Phase 4): ``count`` of cards
  programmed, ``paid`` (the resource paid for a fourth card, if any) and ``cards`` (slot: card, only for the
  player's own program or in the analysis table: programs are face down).
- ``what="action"``: a decision of the Action phase, the role abilities, Refresh and Scoring (``choice``: the
  decision as the table's seat may read it, ``None`` when it names a hidden card).
- ``what="vote"``: a vote once every vote is in (Phase 5's entity vote or Phase 7's event vote): ``subject``
  (the event or entity voted on), ``votes`` ("Red: Back channel talks; Blue: …"), ``tally`` ("Back channel
  talks 2, Show of force 1") and ``result`` (the winning option; ties broken by the visibility track).
- ``what="trade"``: a trade answered (Phase 8): ``player`` proposed to ``other``, ``deal`` in words (Action
  cards and Secret Objectives named only to the two traders and in the analysis table), ``result``
  ("accepted" or "declined").

Every row has the same keys (:data:`COLUMNS`); a column that does not apply is ``None``; ``log`` holds the
lines of the decision as the table's seat reads them.  A seat's table holds only what its view shows: bids
and votes appear once revealed (as the log reveals them), programs by count, trades as ``describe_deal``
words them for that seat.
"""

from __future__ import annotations

from ...engine import CHANCE
from ...engine.game import OMNISCIENT
from . import effects as E
from . import model as M
from . import phases as P
from .view import describe_deal

COLUMNS = ("step", "round", "phase", "what", "player", "other", "position", "rank", "money", "power",
           "influence", "total", "count", "paid", "cards", "subject", "choice", "votes", "tally", "result",
           "deal", "log")
"""The columns of Gray Eminence's history table, in order."""

_ACTION_KINDS = ("resolve", "exhaust", "complete", "refresh", "gain", "take", "blackmail", "comply", "refuse",
                 "penalty", "show", "expose", "contest", "donate", "pick", "discard", "drop")


def _row(step, b, **values) -> dict:
    row = dict.fromkeys(COLUMNS)
    row.update(step=step.index, round=b["round"], phase=P.TITLES.get(b["phase"], b["phase"]))
    row.update(values)
    return row


def _top(d):
    return d["frames"][-1] if d["frames"] else None


def _has(d, t) -> bool:
    return any(f["t"] == t for f in d["frames"])


def _bids(g, step, seat) -> list:
    b, a = step.before, step.after
    bids, order = a["last"].get("bids") or {}, a["last"].get("bid_order") or []
    rows = []
    for s in M.order(b):
        v = bids.get(str(s))
        if v is None:
            continue
        rows.append(_row(step, b, what="bid", player=g.seat_name(s), money=v[0], power=v[1], influence=v[2],
                         total=sum(v), rank=order.index(s) + 1 if s in order else None,
                         log=" ".join(step.lines)))
    return rows


def _programs(g, step, seat) -> list:
    b, a = step.before, step.after
    f = _top(b)
    rows = []
    for s in M.order(b):
        p = dict(f["progs"].get(str(s), {}))
        if step.action.seat == s and step.action.kind == "program":  # (the last program, this action's)
            p = a["prog"][s] or {}
        elif a["prog"][s] is not None:
            p = a["prog"][s]
        slots = [k for k in "ABCD" if k in p]
        own = seat == OMNISCIENT or seat == s
        cards = ", ".join(f"{k}: {g.cards.name(p[k])}" for k in slots) + (
            f" ({p['side']} side)" if "D" in p and p.get("side") else "") if own else None
        paid = f["progs"].get(str(s), {}).get("pay")
        rows.append(_row(step, b, what="program", player=g.seat_name(s), count=len(slots), paid=paid,
                         cards=cards or None, log=" ".join(step.lines)))
    return rows


def _vote(g, step, f) -> dict:
    b, a = step.before, step.after
    got = a["last"].get("vote") or {}
    votes = dict(got.get("votes") or {})
    if f["what"] == "event":
        card = E.card_of(g, b[f["slot"]])
        subject = card["name"]

        def word(v):
            return card["options"][v - 1]["label"]
    else:
        subject = f"worsen the {f['entity']} relationship"

        def word(v):
            return str(v)
    order = M.order(b)
    counts: dict = {}
    for s in order:
        if str(s) in votes:
            counts[votes[str(s)]] = counts.get(votes[str(s)], 0) + 1
    win = got.get("winner")
    return _row(step, b, what="vote", subject=subject,
                votes="; ".join(f"{g.seat_name(s)}: {word(votes[str(s)])}" for s in order if str(s) in votes),
                tally=", ".join(f"{word(v)} {n}" for v, n in sorted(counts.items(), key=lambda x: -x[1])),
                result=word(win) if win is not None else None, log=" ".join(step.lines))


def history_rows(g, steps, seat) -> list[dict]:
    """The rows of Gray Eminence's history table for ``seat`` (see the module docstring)."""
    rows = []
    for step in steps:
        act, b, a = step.action, step.before, step.after
        if act.seat == CHANCE:
            continue
        f = _top(b)
        t = f["t"] if f else None
        if t == "bid" and not _has(a, "bid"):  # the last bid sealed: all are revealed
            rows += _bids(g, step, seat)
        elif t == "place":
            placed = len([x for x in b["track"] if x is not None])
            rows.append(_row(step, b, what="role", player=g.seat_name(act.seat), rank=placed + 1,
                             position=M.SLOT_NAMES.get(act.args[0]), log=" ".join(step.lines)))
        elif t == "program" and not _has(a, "program"):  # the last program sealed: all are revealed
            rows += _programs(g, step, seat)
        elif t == "vote" and {s for s in M.order(b) if str(s) not in f["votes"]} == {act.seat}:
            rows.append(_vote(g, step, f))  # the last vote cast: the votes and the result are public
        elif act.kind in _ACTION_KINDS:
            rows.append(_row(step, b, what="action", player=g.seat_name(act.seat), choice=step.text,
                             log=" ".join(step.lines)))
        for deal in a["trades"][len(b["trades"]):]:
            rows.append(_row(step, b, what="trade", player=g.seat_name(deal["from"]),
                             other=g.seat_name(deal["to"]), deal=describe_deal(g, deal, seat),
                             result="accepted" if deal["accepted"] else "declined", log=" ".join(step.lines)))
    return rows
