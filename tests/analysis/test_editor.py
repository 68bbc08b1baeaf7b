"""Position editing for every game (issue 18): one shape -- ``with board.edit() / match.edit() /
edit(state) as ed:`` -- ``move``, ``resources``, ``turn`` and ``data``; checked by the game's ``problems()``
when the block ends; on any error the position is unchanged; an accepted edit is the game's new start."""

from __future__ import annotations

import pytest

from illumi_widgets.editor import Editor, edit
from illumi_widgets.engine import EngineError, RecordError, Rng, load_game
from illumi_widgets.engine.testing import random_action
from illumi_widgets.match import Match
from illumi_widgets.widget.pax import PaxIlluminaten


def _played(name, n=20, players=3, seed=2):
    st = load_game(name, players=players).new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(n):
        st.apply(random_action(st, rng))
    return st


def _refused(state, block, code=None):
    """``block(ed)`` inside an edit raises an EngineError (with ``code``) and the position is unchanged."""
    before, version, history = state.position(), state.version, list(state.history)
    with pytest.raises(EngineError) as err:
        with edit(state) as ed:
            block(ed)
    assert state.position() == before and state.version == version and state.history == history
    if code is not None:
        assert err.value.code == code, err.value
    assert str(err.value)  # says what is wrong
    return err.value


def test_pax_board_edit():
    b = PaxIlluminaten(players=2, seed=1, seat="omniscient")
    drawn = b.state.data.deck[0]
    favor_before = list(b.state.data.favor[0])  # Blue's
    with b.edit() as ed:
        assert isinstance(ed, Editor)
        ed.move("PIL017", "C3")
        ed.influence("C3", ["Red"])
        ed.resources("Blue", Sch=2, Pro=1)
        ed.move(drawn, "hand", who="Blue")
        ed.turn("Blue")
    d = b.state.data
    g = b.state.game
    c3 = g.geom.cell("C3")
    red, blue = (ed.seat(n) for n in ("Red", "Blue"))
    assert d.cards[c3] == "PIL017" and d.up[c3] and d.infl[c3][0] == red
    assert drawn in d.hands[blue] and b.state.to_act() == [blue]
    # a partial update (issue 29): Scholars 2 and Professions 1, Blue's other Favor as it was
    assert d.favor[blue] == [favor_before[0], 1, *favor_before[2:4], 2, favor_before[5]]
    assert b.match.history() == {"index": 0, "length": 0}  # the edited position is the new start
    assert b.version == b.state.version  # the board repainted
    assert g.problems(d) == []
    _refused(b.state, lambda ed: ed.resources("Blue", Sch=99))  # more Favor than the pool holds
    _refused(b.state, lambda ed: ed.move("PIL999", "C3"), "unknown-card")
    _refused(b.state, lambda ed: ed.move("PIL017", "Z9"), "bad-place")
    _refused(b.state, lambda ed: ed.turn("Purple"), "bad-seat")

    def duplicate(ed):  # a raw change that breaks the position: problems() refuses it
        ed.data.hands[0].append(ed.data.hands[1][0])

    err = _refused(b.state, duplicate)
    assert isinstance(err, RecordError) and "not consistent" in str(err)


def test_illuminati_edit():
    st = load_game("illuminati", players=3).new_state(seed=3)
    m = Match.from_state(st)
    ill = st.data["illum"][0]
    with m.edit() as ed:
        ed.move("cia", "structure", who=0)
        ed.resources(0, money=17)
        ed.resources("cia", money=4)
        ed.turn(0)
    d = m.state.data
    assert d["ctrl"]["cia"][0] == 0 and d["money"][ill] == 17 and d["money"]["cia"] == 4
    assert m.state.game.problems(d) == []
    assert m.history()["length"] == 0
    _refused(m.state, lambda ed: ed.move("no-such-group", "uncontrolled"), "unknown-card")
    _refused(m.state, lambda ed: ed.resources(0, money=-1))
    _refused(m.state, lambda ed: ed.move("cia", "somewhere"), "bad-place")

    def unbalanced(ed):  # money from nowhere: the bank counter no longer matches
        ed.data["money"][ill] += 50

    assert isinstance(_refused(m.state, unbalanced), RecordError)


def test_primordial_edit():
    st = _played("primordial", n=6)
    g = st.game
    with edit(st) as ed:
        ed.move(ed.data["hand"][1][0], "discard", who=1)  # a card instance, from wherever it is
        ed.move("scout", "hand", who=1, frm="pawn_deck")
        ed.turn(2)
    d = st.data
    assert any(g.types[i] == "scout" for i in d["hand"][1]) and d["first"] == 2
    assert g.problems(d) == [] and len(st.history) == 0
    _refused(st, lambda ed: ed.move("dragon", "hand", who=0), "unknown-card")
    _refused(st, lambda ed: ed.move("scout", "nowhere"), "bad-place")
    _refused(st, lambda ed: ed.resources(0, gold=3), "not-supported")

    def too_many(ed):  # seven cards in a hand
        for _ in range(8):
            ed.move("messenger", "hand", who=0)

    _refused(st, too_many)


def test_gray_eminence_edit():
    st = _played("gray-eminence", n=15)
    g = st.game
    card = next(iter(st.data["decks"]["action"]))
    with edit(st) as ed:
        ed.move(card, "hand", who="Blue")
        ed.resources("Blue", money=5, power=1)
        ed.vp(0, 3)
    d = st.data
    blue = [g.seat_name(s) for s in range(3)].index("Blue")
    assert card in d["hands"][blue] and d["box"][blue][0] == 5 and d["vp"][0] == 3
    assert g.problems(d) == []
    _refused(st, lambda ed: ed.move("Z99", "hand", who=0), "unknown-card")
    _refused(st, lambda ed: ed.resources(0, gold=1), "bad-resource")
    _refused(st, lambda ed: ed.turn(0), "not-supported")

    def unbalanced(ed):
        ed.data["box"][0][1] += 3  # resources from nowhere

    assert isinstance(_refused(st, unbalanced), RecordError)


def test_data_outside_the_block_is_refused():
    st = load_game("pax", players=2).new_state(seed=1)
    with edit(st) as ed:
        pass
    with pytest.raises(EngineError):
        ed.data  # noqa: B018
