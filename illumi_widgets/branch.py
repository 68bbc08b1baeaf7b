"""What-if branches and position summaries.

* :func:`branch` copies a Match (from its current position or from history point ``at``, the index the
  board's history slider uses) into a NEW Match in analysis mode that can be played freely: the main line is
  never touched.  The branch records its origin (``match.origin``: the main line's record and the index).
* :func:`save_branch` / :func:`load_branch`: a branch as a JSON-ready dict (``{"format": "illumi-branch",
  "origin": {...}, "record": {...}}``) and back, origin included.
* :func:`summary` -- ``{"seats": {name: {field: value}}, "lead": field, ...}`` -- what a player reads at a
  glance (Influence, score, resources...), from ONE perspective's view only.  A game supplies it with
  ``summary(game, view)`` in its folder's ``summary.py`` (or a ``summary(view)`` method); the default lists
  the seats to act and the outcome.
* :func:`compare` -- the fields that differ between two positions (and who leads in each).
"""

from __future__ import annotations

import json
from importlib import import_module

from .engine import EngineError, RecordError
from .match import Match

__all__ = ["branch", "compare", "load_branch", "save_branch", "summary"]

FORMAT = "illumi-branch"


def branch(match: Match, at: int | None = None) -> Match:
    """A new Match on a copy of ``match`` at history point ``at`` (default: the position shown now)."""
    with match.lock:
        state = match.state.clone()
        record = match.record()
        hist = match.history()
    index = hist["index"] if at is None else at
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= hist["length"]:
        raise EngineError(f"a branch starts at a history point from 0 to {hist['length']}, not {index!r}",
                          code="bad-history-index")
    side = Match.from_state(state, mode="analysis")
    if index != hist["index"]:
        side.goto(index)
    side.state._redo.clear()  # the branch's future is its own: the main line's next moves are not redone
    side.origin = {"record": record, "index": index}
    return side


def save_branch(match: Match) -> dict:
    """The branch ``match`` as a JSON-ready dict (its record and its origin)."""
    origin = getattr(match, "origin", None)
    if origin is None:
        raise EngineError("this Match is not a branch (it has no origin): save it with match.record()",
                          code="not-a-branch")
    return {"format": FORMAT, "origin": {"record": origin["record"], "index": origin["index"]},
            "record": match.record()}


def load_branch(data) -> Match:
    """A branch saved by :func:`save_branch` (a dict or its JSON text), with its origin."""
    if isinstance(data, str):
        data = json.loads(data)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("not a saved branch (format 'illumi-branch')", code="bad-record")
    origin = data.get("origin")
    if not isinstance(origin, dict) or not isinstance(origin.get("index"), int) or "record" not in origin:
        raise RecordError("a saved branch needs its origin: the main line's record and an index",
                          code="bad-record")
    side = Match.from_record(data["record"], mode="analysis")
    Match.from_record(origin["record"])  # the origin must be a valid record too
    side.origin = {"record": origin["record"], "index": origin["index"]}
    return side


def main_line(match: Match) -> Match:
    """The main line a branch came from, as a new Match at the branch point."""
    origin = getattr(match, "origin", None)
    if origin is None:
        raise EngineError("this Match is not a branch", code="not-a-branch")
    main = Match.from_record(origin["record"], mode="analysis")
    main.goto(origin["index"])
    return main


def _hook(game):
    own = getattr(game, "summary", None)
    if callable(own):
        return lambda g, view: own(view)
    package = type(game).__module__.rpartition(".")[0]
    try:
        mod = import_module(package + ".summary")
    except ImportError:
        return None
    return getattr(mod, "summary", None)


def summary(state, seat=None) -> dict:
    """What ``seat`` (``None``: a spectator; ``OMNISCIENT``) reads at a glance in ``state`` (see the
    module docstring)."""
    game = state.game
    view = state.view(seat)
    found = _hook(game)
    out = {"seats": {}, "lead": None}
    if found is not None:
        out.update(found(game, view))
    out["to act"] = ", ".join(game.seat_name(s) for s in view.get("to_act", []) if s >= 0) or "—"
    res = view.get("outcome")
    out["outcome"] = ("—" if not res else
                      " and ".join(game.seat_name(s) for s in res.get("winners", [])) + " won")
    out["leader"] = _leader(out)
    return out


def _leader(summ: dict) -> str:
    key = summ.get("lead")
    seats = summ.get("seats", {})
    if not key or not seats:
        return "—"
    vals = {n: f.get(key) for n, f in seats.items() if isinstance(f.get(key), (int, float))}
    if not vals:
        return "—"
    top = max(vals.values())
    best = [n for n, v in vals.items() if v == top]
    return f"{' and '.join(best)} ({key} {top})" if len(best) < len(vals) else f"level ({key} {top})"


def compare(a, b, seat=None, names=("main", "branch")) -> list[dict]:
    """``[{"what", names[0], names[1]}]``: every summary field that differs between states (or Matches)
    ``a`` and ``b``, read from ``seat``'s view only; the leader and the outcome are always listed."""
    sa, sb = (summary(x.state if isinstance(x, Match) else x, seat) for x in (a, b))
    rows = []
    for who in dict.fromkeys([*sa["seats"], *sb["seats"]]):
        fa, fb = sa["seats"].get(who, {}), sb["seats"].get(who, {})
        for field in dict.fromkeys([*fa, *fb]):
            if fa.get(field) != fb.get(field):
                rows.append({"what": f"{who}: {field}", names[0]: fa.get(field), names[1]: fb.get(field)})
    for key, label in (("leader", "Who leads"), ("to act", "To act"), ("outcome", "Outcome")):
        if key != "to act" or sa[key] != sb[key]:
            rows.append({"what": label, names[0]: sa[key], names[1]: sb[key]})
    return rows
