"""Seeded random games keep their exact histories (issue 35: speed work must not change the rules).

Every case is a complete random game from a fixed seed, as the benchmark plays them; its digest (every
decision's seat, legal listing in order and action taken, then the record, outcome, final position and log:
``tests/seeded_histories.py``) was recorded before the speed work and must not change.
"""

from __future__ import annotations

from ..seeded_histories import mismatches

NAME = "pax"
CASES = [(p, {}, range(6)) for p in (2, 3, 4)]
DIGESTS = {
    (2, (), 0): 'a7464c67fc38260d0349',
    (2, (), 1): 'c0ebf963b258dfd9cca9',
    (2, (), 2): '0111824b1da46c2b4ada',
    (2, (), 3): 'bdfabcc2597cae796636',
    (2, (), 4): '387805267135aeedbdf1',
    (2, (), 5): '720055d3ec09cadf7e62',
    (3, (), 0): '731b1a3963cbe40e0fc1',
    (3, (), 1): 'df6d022fa8b72ccbcaaf',
    (3, (), 2): '26ca867c9c0781ba5eb9',
    (3, (), 3): 'b2ebf00068009b16c953',
    (3, (), 4): '9c74865a56d6cb4dd9bb',
    (3, (), 5): 'f8503cc29dfe5086031c',
    (4, (), 0): '97e13cfbc9e2b5cdbe2a',
    (4, (), 1): '8e8424782708af264026',
    (4, (), 2): '04485cce354911227af1',
    (4, (), 3): 'a481b4655c473672385d',
    (4, (), 4): '64b06b79c63bfbaabc81',
    (4, (), 5): 'ca955899f6b77658d772',
}


def test_seeded_random_games_keep_their_histories():
    assert len(DIGESTS) == sum(len(seeds) for _, _, seeds in CASES)
    assert mismatches(NAME, DIGESTS) == []
