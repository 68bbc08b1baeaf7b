"""Position editing in Primordial Secrets and Gray Eminence refuses what would break the game (issue 18,
found while browser-testing ``board.edit()`` on those boards): a card that a pending sealed decision names,
a position where a player who must decide has no legal choice, amounts that are not whole numbers.  Each
refusal leaves the position unchanged and says what is wrong."""

from __future__ import annotations

import pytest

from illumi_widgets.editor import edit
from illumi_widgets.engine import EngineError, Rng, load_game
from illumi_widgets.engine.testing import random_action


def _refused(state, block, code):
    before, version = state.position(), state.version
    with pytest.raises(EngineError) as err:
        with edit(state) as ed:
            block(ed)
    assert state.position() == before and state.version == version
    assert err.value.code == code, err.value
    return str(err.value)


def _programming():
    """Gray Eminence, 3 players, in its first Programming phase (random play from seed 5)."""
    st = load_game("gray-eminence", players=3).new_state(seed=5)
    rng = Rng(3)
    while st.data["phase"] != "programming":
        st.apply(random_action(st, rng))
    return st


def test_primordial_card_of_a_sealed_plot_stays_put():
    st = load_game("primordial", players=3).new_state(seed=5)
    plot = next(a for a in st.legal_actions(1) if a.kind == "plot")
    st.apply(plot)  # Blue's plot is sealed: its three hosts and its Intent are committed
    commit = st.data["frames"][-1]["commits"]["1"]
    host = commit[0][0]
    msg = _refused(st, lambda ed: ed.move(host, "discard", who=1), "bad-place")
    assert "Blue's sealed plot" in msg
    _refused(st, lambda ed: ed.move(commit[1], "intent_discard", who=1), "bad-place")  # its Intent too
    # a card type takes a free card of that type; one already where it goes is said to be there
    _refused(st, lambda ed: ed.move(st.data["hand"][0][0], "hand", who=0), "bad-place")
    free = next(i for i in st.data["hand"][1] if i not in commit[0])
    with edit(st) as ed:
        ed.move(st.game.types[free], "discard", who=1, frm="hand", frm_seat=1)
    assert set(commit[0]) <= set(st.data["hand"][1])  # the hosts of the sealed plot are all still there
    assert len(st.data["discard"][1]) == 1
    st.apply(next(a for a in st.legal_actions(0) if a.kind == "plot"))
    st.apply(next(a for a in st.legal_actions(2) if a.kind == "plot"))  # the reveal finds every host
    assert st.data["hosts"][1] == commit[0]


def test_gray_eminence_no_stuck_programming():
    st = _programming()
    red = st.game.seat_name(0)
    hand = list(st.data["hands"][0])
    assert 0 in st.to_act() and hand

    def empty_hand(ed):
        for card in hand:
            ed.move(card, "discard")

    msg = _refused(st, empty_hand, "stuck")
    assert red in msg and "no legal choice" in msg


def test_gray_eminence_amounts_are_whole_numbers():
    st = _programming()
    _refused(st, lambda ed: ed.vp(0, -5), "bad-amount")
    _refused(st, lambda ed: ed.vp(0, "3"), "bad-amount")
    _refused(st, lambda ed: ed.resources(0, money=True), "bad-resource")
    _refused(st, lambda ed: ed.resources(0, power=1.5), "bad-resource")
    with edit(st) as ed:
        ed.vp(0, 4)
        ed.resources(0, money=6)
    assert st.data["vp"][0] == 4 and st.data["box"][0][0] == 6
