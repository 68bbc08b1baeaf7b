"""General table-talk mechanisms as plain data: sealed votes and bounded proposal rounds.

Both work on JSON-able dicts kept inside a game's position (so records, undo and search work unchanged) and
know nothing about any game.

*Votes* (Gray Eminence: "a simple majority vote … ties broken by the player highest on the visibility
track"): every seat commits one option sealed (the game lists the voters' decisions with ``sealed=True``);
when the last vote is in, :func:`tally` names the winner.

*Proposal rounds* (Gray Eminence's Trading phase; Illuminati's deals have the same shape): seats take turns
in a fixed order; on its turn a seat either makes a proposal to another seat (which that seat accepts or
declines) or passes.  The round ends when every seat has passed in a row, or when nobody may propose any
more: each seat makes at most ``limit`` proposals per round, so a round can never stall — at most
``len(order) * (limit + 1)`` turns.

Illuminati could keep its deal budget (``MAX_OUT_PROPOSALS`` per turn) in a round made by
:func:`new_round` and ask :func:`may_propose` instead of counting proposals itself.
"""

from __future__ import annotations


def tally(votes: dict, order: list):
    """The winning option of ``votes`` (``{seat: option}``; seats as ints or their strings): the most votes;
    a tie goes to the tied option voted by the seat earliest in ``order``."""
    if not votes:
        raise ValueError("no votes to count")
    by_seat = {int(s): v for s, v in votes.items()}
    counts: dict = {}
    for v in by_seat.values():
        counts[v] = counts.get(v, 0) + 1
    best = max(counts.values())
    tied = {v for v, c in counts.items() if c == best}
    if len(tied) == 1:
        return next(iter(tied))
    for s in order:
        if s in by_seat and by_seat[s] in tied:
            return by_seat[s]
    return min(tied, key=str)


def pending_voters(votes: dict, seats) -> list:
    """The seats of ``seats`` that have not voted yet."""
    return [s for s in seats if str(s) not in votes and s not in votes]


def new_round(order, limit: int) -> dict:
    if limit < 0:
        raise ValueError("limit must be >= 0")
    return {"order": list(order), "i": 0, "passes": 0, "made": {}, "limit": limit}


def current(r: dict) -> int:
    """The seat whose turn it is to propose or pass."""
    return r["order"][r["i"]]


def may_propose(r: dict, seat) -> bool:
    return r["made"].get(str(seat), 0) < r["limit"]


def proposed(r: dict) -> None:
    """The current seat made a proposal (its answer comes next; then call :func:`answered`)."""
    s = str(current(r))
    r["made"][s] = r["made"].get(s, 0) + 1
    r["passes"] = 0


def answered(r: dict) -> None:
    """The proposal was accepted or declined: the turn passes on."""
    r["i"] = (r["i"] + 1) % len(r["order"])


def passed(r: dict) -> bool:
    """The current seat passes; returns whether the round is over."""
    r["passes"] += 1
    r["i"] = (r["i"] + 1) % len(r["order"])
    return finished(r)


def finished(r: dict) -> bool:
    if r["passes"] >= len(r["order"]):
        return True
    return all(not may_propose(r, s) for s in r["order"])
