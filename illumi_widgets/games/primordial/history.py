"""Primordial Secrets' history as data (``state.history_table()``, the ``Game.history_rows`` hook).

One row per visit of each round, in turn order (``what`` = ``"visit"``), and one per player who stayed home
(``what`` = ``"stays home"``: a wine glass and no invitation): who visited whom with which Visiting Intents,
the comparison (the visitors' total insight against the hosts' total deceit, the margin and its outcome:
``"steal"``, ``"sacrifice"`` or ``"none"``), the Secrets stolen and the cards Sacrificed during the visit,
and the cards recruited with the tribute paid.  Every row has the same keys (:data:`COLUMNS`); what does not
apply is ``None``; several cards are one text, joined by commas.

How it is read: each action of the history is performed again on a copy of the position before it, with a
log that keeps the game's structured events (``model.event``: a visit, a comparison, a steal, a Sacrifice, a
recruit), so nothing is parsed from words.

A seat's table: a row exists once the round's plots are revealed (a sealed plot is never in it), and every
value in it was public when it happened (Hidden & Public Knowledge: the parties and Visiting Intents are
revealed for the Visiting Phase; the comparison, a stolen Secret -- it goes face up to the thief's Intent
Discard --, a Sacrifice and a recruit are announced to all), so a seat's rows are the analysis table's rows.
"""

from __future__ import annotations

from ...engine.log import Log

COLUMNS = ("step", "round", "what", "visitor", "host", "intent", "host_intent", "insight", "deceit", "margin",
           "outcome", "secrets_stolen", "sacrificed", "recruited", "tribute")
"""The columns of the history table, in order."""


class _Recorder(Log):
    """A log that also keeps the game's structured events (``model.event``)."""

    __slots__ = ("events",)

    def __init__(self, step: int):
        super().__init__([], step)
        self.events: list = []


def _row(**values) -> dict:
    row = dict.fromkeys(COLUMNS)
    row.update(values)
    return row


def _add(row, key, text) -> None:
    row[key] = text if not row[key] else f"{row[key]}, {text}"


def _in_progress(g, d, index) -> dict | None:
    """The row of a visit already under way where the history starts (a position edited or loaded there)."""
    t = d["turn"]
    if t is None:
        return None
    row = _row(step=index, round=d["round"], what="visit", visitor=g.seat_name(t["v"]),
               host=g.seat_name(t["h"]), intent=g.intent_name(d["intent"][t["v"]]),
               host_intent=g.intent_name(d["intent"][t["h"]]), tribute=t["spent"])
    last = d.get("last")
    if t["margin"] is not None:
        row.update(margin=t["margin"], outcome=t["outcome"])
        if last and last["v"] == t["v"] and last["h"] == t["h"]:
            row.update(insight=last["insight"], deceit=last["deceit"])
    return row


def history_rows(g, steps, seat) -> list[dict]:
    """The rows of the history table (see the module docstring); the same for every ``seat``."""
    rows: list[dict] = []
    current = None
    for step in steps:
        if not rows and current is None:
            current = _in_progress(g, step.before, step.index)
            if current is not None:
                rows.append(current)
        rec = _Recorder(step.index)
        d = g.copy(step.before)
        g.perform(d, step.action, rec)
        rnd = step.before["round"]
        for ev in rec.events:
            kind = ev["kind"]
            name = g.seat_name(ev["seat"])
            if kind == "home":
                rows.append(_row(step=step.index, round=rnd, what="stays home", visitor=name,
                                 intent=ev["intent"]))
            elif kind == "visit":
                current = _row(step=step.index, round=rnd, what="visit", visitor=name,
                               host=g.seat_name(ev["host"]), intent=ev["intent"],
                               host_intent=ev["host_intent"], tribute=0)
                rows.append(current)
            elif current is None:
                continue
            elif kind == "compare":
                current.update(insight=ev["insight"], deceit=ev["deceit"], margin=ev["margin"],
                               outcome=ev["outcome"])
            elif kind == "steal":
                _add(current, "secrets_stolen", ev["card"] if name == current["visitor"] else
                     f"{ev['card']} (by {name})")
            elif kind == "sacrifice":
                _add(current, "sacrificed", ev["card"] if name == current["host"] else
                     f"{ev['card']} (to {name})")
            elif kind == "recruit":
                _add(current, "recruited", ev["card"] if ev["tribute"] or name != current["visitor"] else
                     f"{ev['card']} (free)")
                current["tribute"] = (current["tribute"] or 0) + ev["tribute"]
    return rows
