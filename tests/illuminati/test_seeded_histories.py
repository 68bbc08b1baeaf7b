"""Seeded random games keep their exact histories (issue 35: speed work must not change the rules).

Every case is a complete random game from a fixed seed, as the benchmark plays them; its digest (every
decision's seat, legal listing in order and action taken, then the record, outcome, final position and log:
``tests/seeded_histories.py``) was recorded before the speed work and must not change.
"""

from __future__ import annotations

from ..seeded_histories import mismatches

NAME = "illuminati"
CASES = [(p, {}, range(6)) for p in (2, 3, 4)]
DIGESTS = {
    (2, (), 0): '2c7184baccc33dac8c71',
    (2, (), 1): '657422aec1d9d6403660',
    (2, (), 2): 'f6bb26fab73811e2bb66',
    (2, (), 3): '6676287cf1772b62f649',
    (2, (), 4): 'b572f6101a421c4c046f',
    (2, (), 5): '8299efb4476d91bd1dc9',
    (3, (), 0): '5ece1f37d695d987747d',
    (3, (), 1): '8b038104cce0b5f96dff',
    (3, (), 2): '0ebf2c476f4d56c9840b',
    (3, (), 3): 'daed598121ac40c9eb4c',
    (3, (), 4): '6a6ef8841720bf85e54e',
    (3, (), 5): '8d6978991af8e191286d',
    (4, (), 0): '56c024527a3143937900',
    (4, (), 1): '00e15eb22a8d2b42c7f6',
    (4, (), 2): '7eb07d2e583bca2228a4',
    (4, (), 3): '6de5b3cbc8328434f359',
    (4, (), 4): '526ed50fbc599800f97d',
    (4, (), 5): '5c568ca334efcfb34951',
}


def test_seeded_random_games_keep_their_histories():
    assert len(DIGESTS) == sum(len(seeds) for _, _, seeds in CASES)
    assert mismatches(NAME, DIGESTS) == []
