"""engine/negotiation.py: sealed vote tallies and bounded proposal rounds (game-agnostic)."""

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
