"""Seeded random games keep their exact histories (issue 35: speed work must not change the rules).

Every case is a complete random game from a fixed seed, as the benchmark plays them; its digest (every
decision's seat, legal listing in order and action taken, then the record, outcome, final position and log:
``tests/seeded_histories.py``) was recorded before the speed work and must not change.  (Re-recorded once
when a pass began to write what it did in the log, "X completes no objective this round." or "X adds nothing
to the Bidding Pool.": the same games, only those lines new.)
"""

from __future__ import annotations

from ..seeded_histories import mismatches

NAME = "gray-eminence"
CASES = [(p, {"scenario": s}, range(k, k + 4)) for k, (p, s) in enumerate(
    ((3, "eu"), (4, "ecology"), (5, "latam"), (3, "mideast"), (4, "global")))]
DIGESTS = {
    (3, (('scenario', 'eu'),), 0): '85744c3f05dc1b2cae7f',
    (3, (('scenario', 'eu'),), 1): 'ec38dc063d098d26107c',
    (3, (('scenario', 'eu'),), 2): '95ccbef2b964d8ff760b',
    (3, (('scenario', 'eu'),), 3): 'b3ea159f9575f29ad453',
    (4, (('scenario', 'ecology'),), 1): '043df5e8edfc86838516',
    (4, (('scenario', 'ecology'),), 2): '7974abf5ca8ec0628ce8',
    (4, (('scenario', 'ecology'),), 3): '306d1dbc5aa03ae67107',
    (4, (('scenario', 'ecology'),), 4): '18652a7e34b35b4c01d6',
    (5, (('scenario', 'latam'),), 2): '3b5b42d3996eadc425fa',
    (5, (('scenario', 'latam'),), 3): '459c6bca3ff0722cfd74',
    (5, (('scenario', 'latam'),), 4): '151a83fe1cf9c9d3112d',
    (5, (('scenario', 'latam'),), 5): '39f9d3a33c4e281f9cff',
    (3, (('scenario', 'mideast'),), 3): '20ca13121efaf82a740c',
    (3, (('scenario', 'mideast'),), 4): 'a57f2805b118370b4c03',
    (3, (('scenario', 'mideast'),), 5): '9faef3d88ac8d047a145',
    (3, (('scenario', 'mideast'),), 6): '7fd4a86ca9d60eb9ede0',
    (4, (('scenario', 'global'),), 4): '7ea91b0c3fd3f5872392',
    (4, (('scenario', 'global'),), 5): 'a1600d6b9ce38396f794',
    (4, (('scenario', 'global'),), 6): 'e20ecfa793f01f0793b8',
    (4, (('scenario', 'global'),), 7): 'f734259ecb438d254b53',
}


def test_seeded_random_games_keep_their_histories():
    assert len(DIGESTS) == sum(len(seeds) for _, _, seeds in CASES)
    assert mismatches(NAME, DIGESTS) == []
