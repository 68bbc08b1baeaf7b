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
    (2, (), 0): 'd81adb128fc7c6868770',
    (2, (), 1): '650174e4795c6cccb977',
    (2, (), 2): '35163a7f8a83a82a2b51',
    (2, (), 3): '3756b68998d7359d26ad',
    (2, (), 4): '0232f45dea608231f22e',
    (2, (), 5): 'c8529fbc349fdeeb82d0',
    (3, (), 0): 'c065981e237bba0023ed',
    (3, (), 1): '2f9d6825edc44630e14d',
    (3, (), 2): 'a2d30df5c405fa3ae7fa',
    (3, (), 3): '18a2fc40fe65ceb9601f',
    (3, (), 4): '27fc4ff1e6c6fef2ceff',
    (3, (), 5): '5c1ce9267379171395e0',
    (4, (), 0): '23b1abfe625447bd81e2',
    (4, (), 1): 'e916cb11ce8a6ccf97ac',
    (4, (), 2): '9f3fcc984f1fd4389738',
    (4, (), 3): '4f7a5df7297dd6002e24',
    (4, (), 4): '6262dbee29225835bb1d',
    (4, (), 5): '88b7e8ce83d1f7722133',
}


def test_seeded_random_games_keep_their_histories():
    assert len(DIGESTS) == sum(len(seeds) for _, _, seeds in CASES)
    assert mismatches(NAME, DIGESTS) == []
