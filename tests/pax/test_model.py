"""The Pax position object: copies and undo snapshots (engine State checkpoints)."""

from __future__ import annotations

from illumi_widgets.engine import Rng, load_game
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.pax.model import PaxData


def _fields(d: PaxData) -> dict:
    return {f: getattr(d, f) for f in PaxData.__slots__}


def test_snapshot_equals_a_copy_shares_only_unchanged_parts_and_stays_put():
    """A checkpoint snapshot has the same content as a copy; a field unchanged since the previous snapshot is
    that snapshot's own object (never the live one); later changes to the live position touch neither."""
    game = load_game("pax", players=3)
    state = game.new_state(seed=12)
    rng = Rng(4)
    prev = state.data.copy()
    shared = copied = 0
    for _ in range(300):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
        live = state.data
        snap = live.snapshot(prev)
        assert _fields(snap) == _fields(live.copy()) == _fields(live)
        for f in PaxData.__slots__:
            value, before = getattr(snap, f), getattr(prev, f)
            if isinstance(value, (list, dict)) and f != "peek":  # (peek is only ever replaced, as copy says)
                assert value is not getattr(live, f)  # never the live object
                if value is before:
                    shared += 1
                    assert value == getattr(live, f)
                else:
                    copied += 1
        frozen = repr(_fields(snap))
        if not state.is_terminal():
            state.apply(random_action(state, rng))
        assert repr(_fields(snap)) == frozen  # the live position moved on; the snapshot did not
        prev = snap
    assert shared > 3 * copied > 0  # most of a position stays the same from one action to the next


def test_copy_covers_every_field_and_shares_no_container_with_the_original():
    """``copy`` is written out field by field: every slot is set, and no list or dict of the position (nor the
    per-seat lists and dicts inside one) is shared with the original, so changing either never changes the
    other (``peek`` and the scalars are only ever replaced, never changed in place: shared)."""
    game = load_game("pax", players=4)
    state = game.new_state(seed=3)
    rng = Rng(9)
    for _ in range(120):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
    live = state.data
    for new in (live.copy(), live.snapshot(PaxData(4))):
        assert _fields(new) == _fields(live)
        for f in PaxData.__slots__:
            value, old = getattr(new, f), getattr(live, f)
            if f == "peek" or not isinstance(value, (list, dict)):
                continue
            assert value is not old, f
            if f in ("hands", "known", "favor", "special_hand", "claims", "edicts", "frames"):  # (nested)
                assert all(x is not y for x, y in zip(value, old, strict=True)), f
