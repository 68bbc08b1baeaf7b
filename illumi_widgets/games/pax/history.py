"""Pax Illuminaten's history as data (``state.history_table()``, the ``Game.history_rows`` hook).

One row per decision of a seat (``what`` = ``"action"``) and one per Oust challenge reveal (``what`` =
``"oust challenge"``, after the decision during which both cards were revealed, also when the rules revealed
them without asking: who challenged whom where, the Initial Strengths, the cards revealed, the
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


def _challenge_of(g, step):
    """The Oust challenge this step carries on (declared by it, or pending before it), as a reveal frame,
    or ``None``."""
    a, b = step.action, step.before
    if a.kind == "oust" and a.seat != CHANCE:
        t, r, k = a.args[:3]
        base = [g.initial_strength(b, a.seat, t), g.initial_strength(b, r, t)]
        if len(a.args) > 4:  # BU: the Initial Strength set to the opponent's +1 or -1
            base[0] = base[1] + a.args[4]
        return {"att": a.seat, "def": r, "cell": t, "k": k, "base": base, "commits": {}, "round": 1,
                "even": "FU" in b.buffs}
    frame = next((f for f in reversed(b.frames) if f.get("t") == "reveal"), None)
    if frame is not None and a.kind == "press":
        frame = {**frame, "round": frame["round"] + 1, "commits": {}}
    return frame


def _resolved(step, frame) -> bool:
    """Whether the challenge ``frame`` had both its cards revealed during this step (the reveals a player
    has no choice in are made by the rules within the step that asks for them)."""
    later = next((f for f in reversed(step.after.frames) if f.get("t") == "reveal"
                  and f["cell"] == frame["cell"] and f["att"] == frame["att"]), None)
    if later is None or later["round"] > frame["round"]:
        return True
    pressed = any(f.get("t") == "press" for f in step.after.frames)
    return pressed and not any(f.get("t") == "press" for f in step.before.frames)


def _challenge(g, step, frame) -> dict:
    """The row of the Oust challenge ``frame`` resolved during ``step``."""
    att, de, cell = frame["att"], frame["def"], frame["cell"]
    b, d = step.before, step.after
    cards = {int(s): c for s, c in frame["commits"].items()}
    fresh = [c for c in d.played if c not in b.played]
    for s in (att, de):
        if s not in cards:
            cards[s] = next((c for c in fresh if c in b.hands[s]), None)
    sa, sd = frame["base"]
    before = sum(1 for x in b.infl[cell] if x == de)
    after = sum(1 for x in d.infl[cell] if x == de)
    if _resolved_pressed(step):
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
    return _row(step=step.index, round=b.round, turn=b.turn, active=g.seat_name(b.active),
                what="oust challenge", player=g.seat_name(att), kind="oust", place=g.place_name(cell),
                attacker=g.seat_name(att), defender=g.seat_name(de), attacker_initial=sa, defender_initial=sd,
                attacker_card=name(cards.get(att)), defender_card=name(cards.get(de)),
                attacker_total=sa + _value(g, cards.get(att)), defender_total=sd + _value(g, cards.get(de)),
                result=result, log=" ".join(step.lines))


def _resolved_pressed(step) -> bool:
    return any(f.get("t") == "press" for f in step.after.frames) and not any(
        f.get("t") == "press" for f in step.before.frames)


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
        frame = _challenge_of(g, step)
        if frame is not None and _resolved(step, frame):
            rows.append(_challenge(g, step, frame))
        if a.kind == "calloff":
            rows[-1]["result"] = "the attacker calls off the challenge: the defender wins"
    return rows
