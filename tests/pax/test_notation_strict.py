"""Pax notation reads exactly one action: extra text is a NotationError, never ignored (before this, "end now"
and "end" + newline + "extort areopagus" played "end"); numbers are plain ASCII digits of sensible length
("x²" passes ``str.isdigit`` but not ``int``; a 5,000-digit number exceeds Python's int-text limit): both are
NotationErrors, not raw exceptions; ``swap`` names the same action in either order of its two cards."""

from __future__ import annotations

import pytest

from illumi_widgets.engine import CHANCE, NotationError, load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action

from ..random_walk import walk


@pytest.fixture(scope="module")
def game_state():
    g = load_game("pax", players=3)
    return g, g.new_state(seed=1)


@pytest.mark.parametrize("text", [
    "end now", "end\nextort areopagus", "scout B5 from areopagus extra", "pass please", "skip it",
    "influence C3 x2 twice", "extort areopagus B2", "expel C3 from B3 now", "oust C3 Red x1 from B3 +1 more",
    "claim faction Nob Pro", "scheme PIL001 quick now", "swap B4 D1 C2", "faction Nob x", "press on",
    "place PIL001 PIL002", "reveal nothing at all", "subvert Red Blue", "give Red Nob Pro", "done done",
    "redraw deck now", "draw plot twice", "investigate Red hand now", "borrow Nob Pro", "organize any more",
    "move C3 C4 C5", "expel C3 B3 B4",
])
def test_extra_text_is_an_error(game_state, text):
    g, st = game_state
    with pytest.raises(NotationError):
        g.parse(st.data, text, 0)


def test_a_notation_error_cites_the_rulebook_in_words(game_state):
    """A refusal of malformed notation names the rulebook's section as reasons do ("rulebook, Oust E"), not
    the source code's "EN" tag."""
    g, st = game_state
    with pytest.raises(NotationError) as err:
        g.parse(st.data, "bonus scout C3", 0)
    assert str(err.value).endswith("(rulebook, Oust E)") and "EN " not in str(err.value), str(err.value)


@pytest.mark.parametrize("text", [
    "influence C3 x²", "influence C3 x" + "9" * 5000, "oust C3 Red x² from B3", "pay ² Nob", "collect ³ Pro",
    "place ²", "place " + "1" * 5000, "draw court ²", "redraw court ² 1", "subvert ²", "influence C3 x١",
    "x" * 100_000,
])
def test_odd_digits_and_huge_numbers_are_notation_errors(game_state, text):
    g, st = game_state
    with pytest.raises(NotationError) as err:
        g.parse(st.data, text, 0)
    assert len(str(err.value)) < 300  # the message quotes a little of the input, not all of it


def test_chance_outcomes_with_odd_digits_are_refused_with_engine_errors(game_state):
    g, st = game_state
    with pytest.raises(NotationError):
        g.parse(st.data, "deal now please", CHANCE)
    for text in ("deal ²", "deal L=²;C=1;F=;P=;E=;X=", "shuffle " + "9" * 5000, "shuffle ².1"):
        try:
            a = g.parse(st.data, text, CHANCE)
        except NotationError:
            continue
        assert g.check(st.data, a) is not None  # read as an outcome, refused by the rules' check


def test_swap_names_the_same_action_in_either_order(game_state):
    g, st = game_state
    assert g.parse(st.data, "swap B4 D1", 0) == g.parse(st.data, "swap D1 B4", 0)
    # and a legal swap is accepted written either way (a position where the power is offered)
    g2 = load_game("pax", players=2)
    st2 = g2.new_state(seed=0)
    rng = Rng(0)
    while not any(a.kind == "swap" for s in st2.to_act() for a in st2.legal_actions(s)):
        st2.apply(random_action(st2, rng))
    seat = next(s for s in st2.to_act() if any(a.kind == "swap" for a in st2.legal_actions(s)))
    swap = next(a for a in st2.legal_actions(seat) if a.kind == "swap")
    _, first, second = swap.notation().split()
    assert st2.parse(f"swap {second} {first}", seat) == swap
    assert st2.parse(f"swap {first} {second}", seat) == swap


def test_every_legal_action_reads_back_and_refuses_a_suffix():
    """Over random games: each legal action's notation parses to it; with a word added it is refused."""
    g = load_game("pax", players=3)
    for seed in range(3):
        for _, st in walk(g.new_state(seed=seed), Rng(seed), 150):
            for s in st.to_act():
                for a in st.legal_actions(s):
                    assert g.parse(st.data, a.notation(), s) == a
                    with pytest.raises(NotationError):
                        g.parse(st.data, a.notation() + " extra", s)
