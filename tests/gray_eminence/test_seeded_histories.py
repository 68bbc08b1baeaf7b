"""Seeded random games keep their exact histories (issue 35: speed work must not change the rules).

Every case is a complete random game from a fixed seed, as the benchmark plays them; its digest (every
decision's seat, legal listing in order and action taken, then the record, outcome, final position and log:
``tests/seeded_histories.py``) was recorded before the speed work and must not change.
"""

from __future__ import annotations

from ..seeded_histories import mismatches

NAME = "gray-eminence"
CASES = [(p, {"scenario": s}, range(k, k + 4)) for k, (p, s) in enumerate(
    ((3, "eu"), (4, "ecology"), (5, "latam"), (3, "mideast"), (4, "global")))]
DIGESTS = {
    (3, (('scenario', 'eu'),), 0): '3fde13b683cbe8d44f5c',
    (3, (('scenario', 'eu'),), 1): '5599199656ac09159610',
    (3, (('scenario', 'eu'),), 2): '014c99db8115649c1ba0',
    (3, (('scenario', 'eu'),), 3): '1ede81fb19ed5f868051',
    (4, (('scenario', 'ecology'),), 1): '076891a9a5a29e377e6a',
    (4, (('scenario', 'ecology'),), 2): '35389b64fe36314e931e',
    (4, (('scenario', 'ecology'),), 3): 'aa01fc7d54bf1f73e42f',
    (4, (('scenario', 'ecology'),), 4): '7e1c29b215870be582f0',
    (5, (('scenario', 'latam'),), 2): 'f4561ee3d36b488ccd80',
    (5, (('scenario', 'latam'),), 3): '1a2208242dd44a354f09',
    (5, (('scenario', 'latam'),), 4): 'e8f559cb1eb43b4dc392',
    (5, (('scenario', 'latam'),), 5): 'bc4f774654ad54b76d71',
    (3, (('scenario', 'mideast'),), 3): 'f84086114147d77b363d',
    (3, (('scenario', 'mideast'),), 4): '29701af780fa65e9c4a4',
    (3, (('scenario', 'mideast'),), 5): 'ee17b7169a03f5c0b4ab',
    (3, (('scenario', 'mideast'),), 6): '39de7d7926a629ccd6ab',
    (4, (('scenario', 'global'),), 4): '0e67f87920462c64e434',
    (4, (('scenario', 'global'),), 5): '881321f21f5e3f203af1',
    (4, (('scenario', 'global'),), 6): 'a290ed6f31d09b8a746b',
    (4, (('scenario', 'global'),), 7): 'af814809f72ad0aa3ecc',
}


def test_seeded_random_games_keep_their_histories():
    assert len(DIGESTS) == sum(len(seeds) for _, _, seeds in CASES)
    assert mismatches(NAME, DIGESTS) == []
