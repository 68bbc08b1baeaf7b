"""Seeded random games keep their exact histories (issue 35: speed work must not change the rules).

Every case is a complete random game from a fixed seed, as the benchmark plays them; its digest (every
decision's seat, legal listing in order and action taken, then the record, outcome, final position and log:
``tests/seeded_histories.py``) was recorded before the speed work and must not change.
"""

from __future__ import annotations

from ..seeded_histories import mismatches

NAME = "primordial"
CASES = [(p, {}, range(6)) for p in (2, 3, 4)]
DIGESTS = {
    (2, (), 0): 'dd0d0e4684ae3b2e428b',
    (2, (), 1): 'd43d16b8bc0522b06edb',
    (2, (), 2): '42bdc0cfbc039df5772f',
    (2, (), 3): '11c61fda4b9b04aabbd4',
    (2, (), 4): 'd4874f07c7b63b31853b',
    (2, (), 5): '11a7a0f460e763d0d371',
    (3, (), 0): '9076043956a3c3b5ef51',
    (3, (), 1): '6d39ee524ad24b77b497',
    (3, (), 2): 'ff11b9d9d0e0edfc0044',
    (3, (), 3): 'f77dbd79570b727b1efa',
    (3, (), 4): '0548de357c9de487e46a',
    (3, (), 5): '6d62f9f740a05490e96d',
    (4, (), 0): '551cede9590834d12ebf',
    (4, (), 1): '2371edae37626fc82ddb',
    (4, (), 2): '8f2f28273ddb91593e06',
    (4, (), 3): 'ef6d11446fdb9261da87',
    (4, (), 4): '1556965b86158e5989e4',
    (4, (), 5): '45038f1bbff29cfe2fa5',
}


def test_seeded_random_games_keep_their_histories():
    assert len(DIGESTS) == sum(len(seeds) for _, _, seeds in CASES)
    assert mismatches(NAME, DIGESTS) == []
