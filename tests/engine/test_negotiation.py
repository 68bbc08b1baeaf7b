"""engine/negotiation.py: sealed vote tallies, proposal budgets, bounded proposal rounds and the proposal
steps (draft, withdraw, send, answer by one or several seats, recall), game-agnostic."""

from __future__ import annotations

import pytest

from illumi_widgets.engine import negotiation as N


def test_tally_majority_plurality_and_ties_by_order():
    assert N.tally({0: "a", 1: "b", 2: "b"}, [0, 1, 2]) == "b"
    assert N.tally({"0": "a", "1": "b", "2": "c", "3": "a"}, [3, 2, 1, 0]) == "a"
    assert N.tally({0: "a", 1: "b"}, [1, 0]) == "b"  # tie: the voter first in order decides
    assert N.tally({0: "a", 1: "b"}, [0, 1]) == "a"
    with pytest.raises(ValueError):
        N.tally({}, [0])


def test_pending_voters():
    assert N.pending_voters({"0": 1}, [0, 1, 2]) == [1, 2]
    assert N.pending_voters({0: 1, 2: 1}, [0, 1, 2]) == [1]


def test_round_ends_when_everyone_passes_in_a_row():
    r = N.new_round([2, 0, 1], limit=2)
    assert N.current(r) == 2
    N.proposed(r)
    N.answered(r)
    assert N.current(r) == 0
    assert not N.passed(r)  # 0 passes
    assert not N.passed(r)  # 1 passes
    N.proposed(r)  # 2 proposes again: the passes start over
    N.answered(r)
    assert not N.passed(r) and not N.passed(r)
    assert N.passed(r)


def test_round_is_bounded_by_the_proposal_limit():
    r = N.new_round([0, 1], limit=1)
    steps = 0
    while not N.finished(r):
        if N.may_propose(r, N.current(r)):
            N.proposed(r)
            N.answered(r)
        else:
            N.passed(r)
        steps += 1
        assert steps <= 2 * (1 + 1)
    assert not N.may_propose(r, 0) and not N.may_propose(r, 1)
    with pytest.raises(ValueError):
        N.new_round([0], limit=-1)


# -- budgets: bounded proposals where no round bounds them (Illuminati's deals) ------------------------------
def test_budget_counts_up_to_its_limit_and_starts_again():
    b: dict = {}
    assert N.used(b, 1) == 0 and N.within(b, 1, 2)
    N.spend(b, 1)
    N.spend(b, 1)
    assert N.used(b, 1) == 2 and not N.within(b, 1, 2) and N.within(b, 0, 2)
    assert b == {"1": 2}  # seats as strings, as JSON writes them: positions round-trip unchanged
    N.spend(b, 0)
    N.restart(b, 1)
    assert N.within(b, 1, 2) and N.used(b, 0) == 1
    N.restart(b)
    assert b == {}
    assert not N.within(b, 0, 0)  # a limit of 0: no proposal at all


def test_round_counts_proposals_in_a_budget():
    r = N.new_round([0, 1], limit=1)
    N.proposed(r)
    assert N.used(r["made"], 0) == 1 and not N.may_propose(r, 0) and N.may_propose(r, 1)


# -- proposals on a stack of pending steps: drafted, withdrawn or sent, answered ----------------------------
def test_a_draft_is_withdrawn_and_nothing_is_proposed():
    frames = [{"t": "trade"}]
    f = N.draft(frames, 2, to=0, give={"money": 1})
    assert frames[-1] is f and f == {"t": "terms", "seat": 2, "to": 0, "give": {"money": 1}}
    assert N.drafting(frames) is f and N.pending(frames) is None
    assert N.withdraw(frames) is f and frames == [{"t": "trade"}]
    with pytest.raises(N.NegotiationError):
        N.withdraw(frames)  # nothing left to withdraw


def test_a_sent_proposal_replaces_its_draft_and_one_answer_settles_it():
    frames = [{"t": "trade"}]
    N.draft(frames, 2, deal={"give": 1})
    f = N.send(frames, {"give": 1}, 0)
    assert frames == [{"t": "trade"}, {"t": "answer", "seat": 0, "deal": {"give": 1}}] and f is frames[-1]
    with pytest.raises(N.NegotiationError):
        N.answer(frames, 1, True)  # seat 1 was not asked
    assert N.answer(frames, 0, True) == "accepted" and frames == [{"t": "trade"}]
    N.send(frames, "x", 1)  # no draft on top (a deal made in one step): only the answer step is pushed
    assert N.answer(frames, 1, False) == "declined" and frames == [{"t": "trade"}]


def test_several_seats_answer_in_order_and_one_refusal_declines():
    frames: list = []
    N.send(frames, "pact", [2, 0, 1])
    assert frames[-1]["seat"] == 2
    assert N.answer(frames, 2, True) == "waiting" and frames[-1]["seat"] == 0 and frames[-1]["yes"] == [2]
    assert N.answer(frames, 0, True) == "waiting" and frames[-1]["seat"] == 1
    assert N.answer(frames, 1, True) == "accepted" and frames == []
    N.send(frames, "pact", [2, 0, 1])
    assert N.answer(frames, 2, True) == "waiting"
    assert N.answer(frames, 0, False) == "declined" and frames == []  # seat 1 is never asked
    with pytest.raises(N.NegotiationError):
        N.send(frames, "pact", [1, 1])
    with pytest.raises(N.NegotiationError):
        N.send(frames, "pact", [])


def test_a_sent_proposal_can_be_recalled_before_it_is_answered():
    frames: list = []
    N.send(frames, {"ask": "cia"}, [1, 2])
    N.answer(frames, 1, True)
    assert N.recall(frames) == {"ask": "cia"} and frames == []
    with pytest.raises(N.NegotiationError):
        N.recall(frames)
