"""Pax Illuminaten's history as data (``state.history_table()``, the ``Game.history_rows`` hook).

One row per decision of a seat (``what`` = ``"action"``) and one per Oust challenge card reveal resolved
(``what`` = ``"oust challenge"``: who challenged whom where, the Initial Strengths, the cards revealed, the
totals and the result).  Every row has the same keys; a column that does not apply to a row is ``None``.

A seat's table holds only what the seat's view shows: another seat's action is its public text (``None``
when it names a card the seat cannot see, or answers a sealed choice still pending), the log lines are the
seat's own, and a challenge's cards are only given once both are revealed (as the log does).
"""

from __future__ import annotations

from ...engine import CHANCE

COLUMNS = ("step", "round", "turn", "active", "what", "player", "kind", "action", "place", "attacker",
           "defender", "attacker_initial", "defender_initial", "attacker_card", "defender_card",
           "attacker_total", "defender_total", "result", "log")
"""The columns of Pax's history table, in order."""


def _row(**values) -> dict:
    row = dict.fromkeys(COLUMNS)
    row.update(values)
    return row


def _value(g, cid):
    """What a revealed card adds to its side's strength (an Ace or Crown: 0, it wins automatically or not)."""
    if cid is None or g.rank[cid] in ("ACE", "CROWN"):
        return 0
    return g.lum[cid].strength


def _challenge(g, step, frame, card) -> dict:
    """The row of an Oust challenge resolved by ``step`` (the second card revealed)."""
    att, de, cell = frame["att"], frame["def"], frame["cell"]
    cards = {int(s): c for s, c in frame["commits"].items()}
    cards[step.action.seat] = card
    sa, sd = frame["base"]
    before = sum(1 for x in step.before.infl[cell] if x == de)
    after = sum(1 for x in step.after.infl[cell] if x == de)
    tops = step.after.frames[-1] if step.after.frames else {}
    if tops.get("t") == "press":
        result = "both win automatically: the attacker presses on or calls off"
    else:
        winner = att if after < before else de
        even = frame.get("even", False)
        better = {att: sa > sd and not even, de: sd > sa and not even}
        worse = {att: sa < sd and not even, de: sd < sa and not even}
        rank = g.rank.get(cards.get(winner))
        auto = (rank == "ACE" and worse[winner]) or (rank == "CROWN" and better[winner])
        result = f"{g.seat_name(winner)} wins{' automatically' if auto else ''}"
    name = lambda c: g.lum[c].name if c is not None else "nothing"  # noqa: E731
    b = step.before
    return _row(step=step.index, round=b.round, turn=b.turn, active=g.seat_name(b.active),
                what="oust challenge", player=g.seat_name(att), kind="oust", place=g.place_name(cell),
                attacker=g.seat_name(att), defender=g.seat_name(de), attacker_initial=sa, defender_initial=sd,
                attacker_card=name(cards.get(att)), defender_card=name(cards.get(de)),
                attacker_total=sa + _value(g, cards.get(att)), defender_total=sd + _value(g, cards.get(de)),
                result=result, log=" ".join(step.lines))


def history_rows(g, steps, seat) -> list[dict]:
    """The rows of Pax's history table for ``seat`` (see the module docstring)."""
    rows = []
    for step in steps:
        a, b = step.action, step.before
        if a.seat == CHANCE:
            continue
        rows.append(_row(step=step.index, round=b.round, turn=b.turn, active=g.seat_name(b.active),
                         what="action", player=g.seat_name(a.seat), kind=a.kind, action=step.text,
                         log=" ".join(step.lines)))
        frame = b.frames[-1] if b.frames else {}
        if a.kind == "reveal" and frame.get("t") == "reveal" and len(frame["commits"]) == 1:
            rows.append(_challenge(g, step, frame, a.args[0]))
        elif a.kind == "calloff":
            rows[-1]["result"] = "the attacker calls off the challenge: the defender wins"
    return rows
