"""Illuminati's history as data (``state.history_table()``, the ``Game.history_rows`` hook).

One row per attack declared (``what`` = ``"attack"``): the attacking player, the attacking group, the target
and its owner, the kind (control, neutralize, destroy, whisper), what the roll needed, the roll and the result
(``"succeeds"``, ``"fails"``, ``"called off"``, ``"cancelled"``); and one row per other roll of the dice
(``what`` = ``"roll"``, e.g. the rolls for who plays first), with its log line.  Every row has the same keys.

Everything here is public at the table (attacks, rolls and their numbers); with Hidden Illuminati a
face-down Illuminati a seat does not know is masked in that seat's table as in its view
(``hidden_mask``: "Red's Illuminati").
"""

from __future__ import annotations

from ...engine import CHANCE, OMNISCIENT

COLUMNS = ("step", "turn", "what", "player", "attacker", "target", "target_owner", "kind", "needed", "roll",
           "result", "log")
"""The columns of Illuminati's history table, in order."""


def _attack_frame(d):
    for f in reversed(d["frames"]):
        if f["t"] == "attack":
            return f
        inner = f.get("attack")
        if isinstance(inner, dict) and inner.get("t") == "attack":
            return inner
    return None


def history_rows(game, steps, seat) -> list[dict]:
    """The rows of Illuminati's history table for ``seat`` (see the module docstring)."""
    rows: list[dict] = []
    open_row = None
    last = None
    for step in steps:
        a, b, d = step.action, step.before, step.after
        last = d
        turn = sum(b["turns"])
        if a.kind == "attack" and a.seat != CHANCE:
            g, mode, t = a.args
            owner = game.owner(b, t)
            open_row = {"step": step.index, "turn": turn, "what": "attack", "player": game.seat_name(a.seat),
                        "attacker": game.label(g), "target": game.label(t),
                        "target_owner": None if owner is None else game.seat_name(owner), "kind": mode,
                        "needed": None, "roll": None, "result": None, "log": " ".join(step.lines)}
            rows.append(open_row)
            continue
        rolled = d["last_attack"] is not None and d["last_attack"] is not b["last_attack"] \
            and d["last_attack"] != b["last_attack"]
        if open_row is not None and rolled:
            la = d["last_attack"]
            open_row.update(needed=la["need"], roll=la["roll"], result="succeeds" if la["ok"] else "fails",
                            log=" ".join(filter(None, (open_row["log"], *step.lines))))
            open_row = None
        elif open_row is not None and _attack_frame(d) is None:
            open_row["result"] = "called off" if a.kind == "calloff" else "cancelled"
            open_row = None
        elif a.seat == CHANCE and a.kind == "roll":
            rows.append({"step": step.index, "turn": turn, "what": "roll", "player": None, "attacker": None,
                         "target": None, "target_owner": None, "kind": None, "needed": None,
                         "roll": a.args[0], "result": None, "log": " ".join(step.lines)})
    if seat != OMNISCIENT and last is not None:
        mask = game.hidden_mask(last, seat)
        if mask is not None:
            rows = [{k: mask(v) for k, v in r.items()} for r in rows]
    return rows
