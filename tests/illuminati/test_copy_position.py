"""The position's copy (undo checkpoints) is written out for the position's known shape
(``model.copy_position``): it must equal the generic deep copy and share no container with the original."""

import pytest

from illumi_widgets.engine.registry import load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.illuminati import model as M


def _containers(obj, out):
    """Every list and dict inside ``obj`` (itself included), by id."""
    if isinstance(obj, (list, dict)):
        out[id(obj)] = obj
        for v in (obj.values() if isinstance(obj, dict) else obj):
            _containers(v, out)
    return out


@pytest.mark.parametrize("players,options", [(3, {}), (4, {"hidden_illuminati": True, "overstate": True}),
                                             (2, {"hidden_goals": True})])
def test_copy_equals_a_deep_copy_and_shares_no_container(players, options):
    game = load_game("illuminati", players=players, **options)
    state = game.new_state(seed=players)
    rng = Rng(17)
    for n in range(400):
        if state.is_terminal():
            break
        if n % 5 == 0:
            d = state.data
            new = M.copy_position(d)
            assert new == M.clone(d)
            assert list(new) == list(d)  # (the same fields in the same order)
            assert not set(_containers(new, {})) & set(_containers(d, {}))
        state.apply(random_action(state, rng))
    assert n > 50


def test_snapshot_reads_as_the_position_shares_only_with_the_previous_one_and_stays_put():
    """An undo checkpoint shares the fields equal to the checkpoint before it (``model.snapshot_position``);
    it must read exactly as the position, share nothing with the live position and stay put."""
    game = load_game("illuminati", players=4, hidden_illuminati=True)
    state = game.new_state(seed=8)
    rng = Rng(2)
    prev = M.copy_position(state.data)
    shared = 0
    for _ in range(300):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
        live = state.data
        snap = M.snapshot_position(live, prev)
        assert repr(snap) == repr(live)  # (repr: True and 1 stay apart)
        assert not set(_containers(snap, {})) & set(_containers(live, {}))
        shared += sum(snap[k] is prev[k] for k in snap if isinstance(snap[k], (list, dict)))
        frozen = repr(snap)
        for _ in range(3):
            if not state.is_terminal():
                state.apply(random_action(state, rng))
        assert repr(snap) == frozen  # the live position moved on; the snapshot did not
        prev = snap
    assert shared > 0
