"""What-if branches (issue 18): a branch is played freely without touching the main line, records its
origin, is saved and reloaded; ``compare`` says what differs (per-game summaries) from one view only."""

from __future__ import annotations

import json

import pytest

from illumi_widgets.branch import branch, compare, load_branch, main_line, save_branch, summary
from illumi_widgets.engine import EngineError, RecordError, Rng, load_game
from illumi_widgets.engine.testing import random_action
from illumi_widgets.match import Match
from illumi_widgets.widget.pax import PaxIlluminaten

from .twins import GAMES, positions, twin


def _played_board(n=30, seed=5):
    b = PaxIlluminaten(players=3, seed=seed, seat="omniscient")
    rng = Rng(1)
    for _ in range(n):
        b.play(random_action(b.state, rng))
    return b, rng


def test_a_branch_is_played_freely_and_the_main_line_is_untouched():
    b, rng = _played_board()
    before = b.match.record()
    side = b.branch(at=12)
    assert side.match is not b.match
    assert side.match.history() == {"index": 12, "length": 12}  # the main line's future is not redone
    assert side.origin["index"] == 12 and side.origin["record"] == before
    for _ in range(10):
        side.play(random_action(side.state, rng))
    assert b.match.record() == before and b.match.history() == {"index": 30, "length": 30}
    b.match.goto(5)  # the main board's history slider keeps working
    assert b.match.history()["index"] == 5
    b.match.goto(30)
    assert b.match.record() == before
    here = b.branch()  # from the position shown now
    assert here.match.history()["index"] == 30 and here.state.version == b.state.version
    with pytest.raises(EngineError):
        b.branch(at=31)


def test_a_branch_is_saved_and_reloaded_with_its_origin(tmp_path):
    b, rng = _played_board(20)
    side = b.branch(at=8)
    for _ in range(5):
        side.play(random_action(side.state, rng))
    path = tmp_path / "side.json"
    data = side.save_branch(path)
    assert json.loads(path.read_text()) == data
    again = PaxIlluminaten.load_branch(path, seat="omniscient")
    assert again.match.record() == side.match.record() and again.origin == side.origin
    assert again.origin["index"] == 8
    main = main_line(again.match)
    assert main.history()["index"] == 8 and main.state.history[:len(main.state.history)] == \
        b.state.history[:len(main.state.history)]
    with pytest.raises(RecordError):
        load_branch({"format": "something else"})
    with pytest.raises(EngineError):
        save_branch(b.match)  # the main line is not a branch


def test_compare_lists_what_differs_and_who_leads():
    b, rng = _played_board(40)
    side = b.branch()
    for _ in range(25):
        if side.state.is_terminal():
            break
        side.play(random_action(side.state, rng))
    df = b.compare(side, names=("main", "branch"))
    assert list(df.columns) == ["main", "branch"]
    assert "Who leads" in df.index and "Outcome" in df.index
    changed = [w for w in df.index if ": " in w]
    assert changed, "25 random moves changed nothing a player reads?"
    for w in changed:
        assert df.loc[w, "main"] != df.loc[w, "branch"]
    same = b.compare(b.branch(), names=("main", "branch"))
    assert [w for w in same.index if ": " in w] == []  # an untouched branch: nothing differs


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_summaries_read_one_view_only(name, players, options):
    """Every game has a summary per seat; two deals a seat cannot tell apart compare equal from it."""
    rng = Rng(3)
    checked = 0
    for state in positions(name, players, options, seed=4, steps=100, every=25):
        s = summary(state, 0)
        assert sorted(s["seats"]) == sorted(state.game.seat_name(i) for i in range(players))
        assert s["lead"] in next(iter(s["seats"].values()))
        other = twin(state, 0, rng)
        if other is None:
            continue
        rows = compare(state, other, 0)
        assert [r["what"] for r in rows] == ["Who leads", "Outcome"]
        assert all(r["main"] == r["branch"] for r in rows)
        checked += 1
    assert checked >= 1


def test_branch_of_a_match_without_a_board():
    m = Match("primordial", players=3, seed=2)
    rng = Rng(5)
    for _ in range(12):
        m.play(random_action(m.state, rng))
    side = branch(m, at=4)
    assert side.history()["index"] == 4 and m.history()["index"] == 12
    assert load_branch(json.dumps(save_branch(side))).record() == side.record()
    assert load_game("primordial", players=3).name == side.game.name
