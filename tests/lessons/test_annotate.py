"""A teacher's marks (board.annotate / clear_annotations, illumi_widgets/widget/annotate.py): drawn on every
board of the game that draws the thing, never on a board whose seat cannot see it -- a leak scan over the
four games: things the all-seeing board draws (hidden ones first) are marked, and each seat's board shows the
marks of the things its own scene already drew, and nothing else changes."""

from __future__ import annotations

import copy
import random

import pytest

pytest.importorskip("anywidget")

import illumi_widgets  # noqa: E402
from illumi_widgets.engine import CHANCE, EngineError  # noqa: E402

BOARDS = [("PaxIlluminaten", 3, {}), ("Illuminati", 4, {}), ("PrimordialSecrets", 3, {}),
          ("GrayEminence", 3, {"scenario": "global"})]


def _advance(board, steps: int) -> None:
    rng = random.Random(2)
    match = board.match
    for _ in range(steps):
        st = match.state
        if st.is_terminal():
            return
        who = [s for s in st.to_act() if s != CHANCE] or st.to_act()
        match.play(rng.choice(list(match.legal_actions(who[0]))), "omniscient")


def _ids(scene) -> list:
    return list(dict.fromkeys(it["id"] for it in scene["items"] if it.get("id")))


@pytest.mark.parametrize(("cls", "players", "options"), BOARDS)
def test_marks_show_only_where_the_seat_sees_the_thing(cls, players, options):
    board = getattr(illumi_widgets, cls)(players=players, seed=4, seat="omniscient", **options)
    _advance(board, 25)
    seats = [board.view_as(s) for s in range(players)]
    before = [copy.deepcopy(s.effective_scene) for s in seats]
    every = _ids(board.effective_scene)
    seen_somewhere = set().union(*(_ids(b) for b in before))
    hidden = [e for e in every if any(e not in _ids(b) for b in before)]
    chosen = hidden[:7] + [e for e in every if e not in hidden][:5]  # (each mark repaints every board)
    for i, entity in enumerate(chosen):
        board.annotate(entity, f"Teacher note {i}")
    assert any(f"Teacher note {i}" in str(board.effective_scene) for i in range(len(chosen)))
    for seat_board, plain in zip(seats, before, strict=True):
        now = seat_board.effective_scene
        drawn = set(_ids(plain))
        added = now["items"][len(plain["items"]):]
        assert now["items"][:len(plain["items"])] == plain["items"]  # nothing of the board changed
        assert not any(it.get("id") or it.get("tip") for it in added)  # marks never become things to hit
        shown = {it["s"] for it in added if it.get("t") == "text"}
        assert shown == {f"Teacher note {i}" for i, e in enumerate(chosen) if e in drawn}
        assert _ids(now) == _ids(plain)
    assert hidden or seen_somewhere == set(every), "nothing hidden at this point of the game"
    board.clear_annotations()
    for seat_board, plain in zip(seats, before, strict=True):
        assert seat_board.effective_scene["items"] == plain["items"]


def test_marks_are_in_the_saved_picture_and_bad_marks_are_refused():
    board = illumi_widgets.PrimordialSecrets(players=3, seed=3, seat=0)
    entity = _ids(board.effective_scene)[0]
    board.annotate(entity, "Recruit this one")
    assert "Recruit this one" in board.to_svg()
    version = board.match.version
    for bad in [(None, "x"), ("", "x"), ("court:bard", 5), ("court:bard", "x" * 500)]:
        with pytest.raises(EngineError):
            board.annotate(*bad)
    assert board.match.version == version
    board.clear_annotations()
    assert "Recruit this one" not in board.to_svg()
