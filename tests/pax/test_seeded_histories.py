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
    (2, (), 0): '956556e1827b1d8c8444',
    (2, (), 1): 'bdc63a539275edc0b18c',
    (2, (), 2): '0f29880ed56249f7ed62',
    (2, (), 3): 'fc38f32300a79c1a5c2d',
    (2, (), 4): 'e1f4f6cbc5e85b6b743e',
    (2, (), 5): 'd6dcf74cfa8431fab892',
    (3, (), 0): 'e597e27db057327d4a93',
    (3, (), 1): '6b1dd30369261a380eee',
    (3, (), 2): 'dd7f676cd5c378dea121',
    (3, (), 3): '8841865a6295cfe7295f',
    (3, (), 4): '357370e812097f3516a5',
    (3, (), 5): 'f14f89f9a9f006ce5aa8',
    (4, (), 0): '4b6915bb78f28947c982',
    (4, (), 1): 'e63d163a60cc0099b7cf',
    (4, (), 2): 'ba296397c8a7af6d459d',
    (4, (), 3): '788d1af59b5094c4f423',
    (4, (), 4): '1a98d637fece0c56f95d',
    (4, (), 5): 'ba8d80de1f07401981f4',
}


def test_seeded_random_games_keep_their_histories():
    assert len(DIGESTS) == sum(len(seeds) for _, _, seeds in CASES)
    assert mismatches(NAME, DIGESTS) == []
