"""Undo checkpoints (``model.snapshot_position``) share with the checkpoint before them every part of the
position that did not change (whole zones, the pending steps, the turn, the last move): fewer lists to
allocate and for the garbage collector to scan. A snapshot must still read exactly as the position it was
taken of, share nothing with the live position and stay put when the live position moves on."""

from illumi_widgets.engine.registry import load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.primordial.model import copy_position, snapshot_position


def _containers(obj, out):
    if isinstance(obj, (list, dict)):
        out[id(obj)] = obj
        for v in (obj.values() if isinstance(obj, dict) else obj):
            _containers(v, out)
    return out


def test_snapshot_reads_as_the_position_shares_only_with_the_previous_one_and_stays_put():
    for players in (2, 4):
        state = load_game("primordial", players=players).new_state(seed=players)
        rng = Rng(3)
        prev = copy_position(state.data)
        shared = 0
        for _ in range(400):
            if state.is_terminal():
                break
            state.apply(random_action(state, rng))
            live = state.data
            snap = snapshot_position(live, prev)
            assert repr(snap) == repr(live)  # (repr: True and 1, 1 and 1.0 stay apart)
            assert not set(_containers(snap, {})) & set(_containers(live, {}))
            shared += sum(snap[k] is prev[k] for k in snap if isinstance(snap[k], (list, dict)))
            frozen = repr(snap)
            for _ in range(3):
                if not state.is_terminal():
                    state.apply(random_action(state, rng))
            assert repr(snap) == frozen  # the live position moved on; the snapshot did not
            prev = snap
        assert shared > 0
