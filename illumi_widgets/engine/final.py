"""The end-screen report of a finished game (``Game.final_report``; ``State.view(seat)["final"]``).

Shape (shared with the widget's end screen)::

    {"headline": "Red wins with 12 VP.", "reason": "The fifth round ended.",
     "tiebreak": "Red and Blue had 12 VP; Red had more influence left (5 against 3)." or None,
     "standings": [{"seat": 0, "name": "Red", "place": 1, "winner": True, "score": "12 VP",
                    "breakdown": [{"label": "Objectives", "value": "8 VP"}, ...]}, ...]}

``standings`` are ordered by place; tied places share a number.  Every text is plain English with names.

>>> names = ["Red", "Blue", "Green"]
>>> joined(names[:1]), joined(names[:2]), joined(names)
('Red', 'Red and Blue', 'Red, Blue and Green')
>>> places({0: (1, 5), 1: (1, 5), 2: (0, 9)})
{0: 1, 1: 1, 2: 3}
"""

from __future__ import annotations

from .words import counted

__all__ = ["generic_report", "headline", "joined", "places", "report", "row"]


def joined(names) -> str:
    """"Red", "Red and Blue", "Red, Blue and Green"."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def places(keys: dict) -> dict:
    """``{seat: place}`` from ``{seat: key}`` (a larger key is better): 1 + the number of seats with a
    strictly better key, so tied seats share a place."""
    return {s: 1 + sum(1 for o in keys.values() if o > k) for s, k in keys.items()}


def row(label: str, value) -> dict:
    """One breakdown line."""
    return {"label": label, "value": str(value)}


def headline(names: list, winners, score: str | None = None) -> str:
    """"Red wins with 12 VP.", "Red and Blue share the win with 12 VP.", "Nobody wins."."""
    winners = list(winners)
    if not winners:
        return "Nobody wins."
    who = joined(names[s] for s in winners)
    tail = f" with {score}" if score else ""
    return f"{who} wins{tail}." if len(winners) == 1 else f"{who} share the win{tail}."


def report(game, winners, *, keys: dict | None = None, scores: dict | None = None, reason: str | None = None,
           tiebreak: str | None = None, breakdowns: dict | None = None, title: str | None = None) -> dict:
    """Build the report: ``keys`` ``{seat: comparable}`` ranks the seats (winners always first), ``scores``
    ``{seat: text}`` the score each shows, ``breakdowns`` ``{seat: [row, ...]}``; ``title`` overrides the
    headline."""
    n = game.players
    names = [game.seat_name(s) for s in range(n)]
    winners = [s for s in winners if 0 <= s < n]
    rank = {s: (s in winners, (keys or {}).get(s, 0)) for s in range(n)}
    where = places(rank)
    order = sorted(range(n), key=lambda s: (where[s], s))
    scores = scores or {}
    top = scores.get(winners[0]) if len(winners) >= 1 else None
    standings = [{"seat": s, "name": names[s], "place": where[s], "winner": s in winners,
                  "score": scores.get(s), "breakdown": list((breakdowns or {}).get(s, []))} for s in order]
    return {"headline": title or headline(names, winners, top), "reason": reason, "tiebreak": tiebreak,
            "standings": standings}


def generic_report(game, outcome: dict) -> dict:
    """The default report from an outcome: its winners first, then the others; scores if it gives numbers."""
    raw = outcome.get("scores") if isinstance(outcome.get("scores"), dict) else {}
    nums = {}
    for k, v in raw.items():
        try:
            s = int(k)
        except (TypeError, ValueError):
            continue
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            nums[s] = v
    return report(game, outcome.get("winners") or [], keys=nums,
                  scores={s: counted(v, "point") for s, v in nums.items()})
