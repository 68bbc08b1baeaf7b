"""General table-talk mechanisms as plain data: sealed votes, proposal budgets, bounded proposal rounds, and
the proposal itself (drafted, withdrawn or sent, then answered).

Everything works on JSON-able dicts and lists kept inside a game's position (so records, undo, positions and
search work unchanged) and knows nothing about any game: what a proposal offers and asks is the game's own
data, carried along untouched.

*Votes* (Gray Eminence: "a simple majority vote … ties broken by the player highest on the visibility
track"): every seat commits one option sealed (the game lists the voters' decisions with ``sealed=True``);
when the last vote is in, :func:`tally` names the winner.

*Budgets* bound proposals where no round does (Illuminati: a player proposes at most ``MAX_PROPOSALS``
deals on its turn and ``MAX_OUT_PROPOSALS`` out of it between two of its turns): a ``{seat: count}`` dict
(seats as strings, as JSON writes them) that :func:`spend` counts up, :func:`within` compares with a limit
and :func:`restart` clears when the game says the budget starts again.

*Proposal rounds* (Gray Eminence's Trading phase): seats take turns in a fixed order; on its turn a seat
either makes a proposal to another seat (which that seat accepts or declines) or passes.  The round ends
when every seat has passed in a row, or when nobody may propose any more: each seat makes at most ``limit``
proposals per round (a budget, the round's ``made``), so a round can never stall — at most
``len(order) * (limit + 1)`` turns.

*Proposals* (both games' deals and trades), on the game's stack of pending steps (``frames``, top last;
each frame a dict whose ``"t"`` names the step and ``"seat"`` the seat to act):

1. :func:`draft` pushes a ``"terms"`` frame for the proposer, who adds items to it (the game's own keys);
2. :func:`withdraw` takes the draft back (nothing is proposed), or :func:`send` replaces it with an
   ``"answer"`` frame holding the proposal (``"deal"``) for the seat(s) it is made to;
3. :func:`answer`: each addressed seat accepts or declines in the order given; one refusal declines the
   proposal, the last acceptance accepts it (the answer frame is then gone and the game carries it out);
   :func:`recall` is the proposer withdrawing a sent proposal that is still waiting for answers.

A proposal to one seat has exactly the frames ``{"t": "terms", "seat": by, …}`` and
``{"t": "answer", "seat": to, "deal": …}``; one to several seats adds ``"waiting"`` (the seats still to
answer after the current one) and ``"yes"`` (the seats that accepted so far).
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


# -- budgets ---------------------------------------------------------------------------------------------
def used(counts: dict, seat) -> int:
    """How many proposals ``seat`` has made since its budget ``counts`` last started again."""
    return counts.get(str(seat), 0)


def within(counts: dict, seat, limit: int) -> bool:
    """``seat`` may make one more proposal under ``limit``."""
    return used(counts, seat) < limit


def spend(counts: dict, seat) -> None:
    """``seat`` made a proposal: count it."""
    counts[str(seat)] = used(counts, seat) + 1


def restart(counts: dict, seat=None) -> None:
    """The budget starts again: for ``seat``, or for every seat (``None``)."""
    if seat is None:
        counts.clear()
    else:
        counts[str(seat)] = 0


# -- proposal rounds ---------------------------------------------------------------------------------------
def new_round(order, limit: int) -> dict:
    if limit < 0:
        raise ValueError("limit must be >= 0")
    return {"order": list(order), "i": 0, "passes": 0, "made": {}, "limit": limit}


def current(r: dict) -> int:
    """The seat whose turn it is to propose or pass."""
    return r["order"][r["i"]]


def may_propose(r: dict, seat) -> bool:
    return within(r["made"], seat, r["limit"])


def proposed(r: dict) -> None:
    """The current seat made a proposal (its answer comes next; then call :func:`answered`)."""
    spend(r["made"], current(r))
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


# -- proposals: drafted, withdrawn or sent, answered ---------------------------------------------------------
DRAFT = "terms"
ANSWER = "answer"


class NegotiationError(ValueError):
    """A proposal step asked for where the stack does not hold it (a bug in the calling game)."""


def draft(frames: list, seat, **fields) -> dict:
    """``seat`` starts a proposal: a ``"terms"`` frame (with the game's ``fields``) goes on ``frames``."""
    f = {"t": DRAFT, "seat": seat, **fields}
    frames.append(f)
    return f


def drafting(frames: list) -> dict | None:
    """The draft on top of ``frames``, or ``None``."""
    return frames[-1] if frames and frames[-1].get("t") == DRAFT else None


def withdraw(frames: list) -> dict:
    """The proposer takes its draft back before sending it: nothing is proposed.  Returns the draft."""
    if drafting(frames) is None:
        raise NegotiationError("no proposal is being drafted")
    return frames.pop()


def send(frames: list, deal, to) -> dict:
    """The proposal ``deal`` (the game's data) goes to ``to``: a seat, or a list of seats that all must
    accept (they answer in that order).  The draft on top of ``frames``, if any, is replaced by the
    ``"answer"`` frame, which is returned."""
    seats = list(to) if isinstance(to, (list, tuple)) else [to]
    if not seats or len(set(map(str, seats))) != len(seats):
        raise NegotiationError("a proposal goes to one or more different seats")
    if drafting(frames) is not None:
        frames.pop()
    f = {"t": ANSWER, "seat": seats[0], "deal": deal}
    if len(seats) > 1:
        f["waiting"], f["yes"] = seats[1:], []
    frames.append(f)
    return f


def pending(frames: list) -> dict | None:
    """The proposal waiting for an answer on top of ``frames`` (its ``"answer"`` frame), or ``None``."""
    return frames[-1] if frames and frames[-1].get("t") == ANSWER else None


def answer(frames: list, seat, accept: bool) -> str:
    """``seat`` answers the proposal on top of ``frames``: ``"declined"`` (one refusal is enough; the frame
    is gone), ``"accepted"`` (every addressed seat accepted; the frame is gone: carry the deal out) or
    ``"waiting"`` (more seats to answer; the frame now names the next)."""
    f = pending(frames)
    if f is None or f["seat"] != seat:
        raise NegotiationError(f"no proposal waits for seat {seat!r}'s answer")
    if not accept:
        frames.pop()
        return "declined"
    if f.get("waiting"):
        f["yes"].append(seat)
        f["seat"] = f["waiting"].pop(0)
        return "waiting"
    frames.pop()
    return "accepted"


def recall(frames: list) -> dict:
    """The proposer withdraws a proposal that still waits for answers; returns its ``deal``."""
    if pending(frames) is None:
        raise NegotiationError("no proposal waits for an answer")
    return frames.pop()["deal"]
