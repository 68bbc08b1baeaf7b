"""Illuminati notation: numbers are plain ASCII digits of sensible length ("roll ²" passes ``str.isdigit``
but not ``int``; a 5,000-digit number exceeds Python's int-text limit): NotationErrors, not raw exceptions;
extra text is refused (a NotationError, or for the forms whose last words are a list — ``accept`` Specials,
``play`` SPECIAL TARGET — an action the rules refuse); every legal action's notation reads back to it."""

from __future__ import annotations

import pytest

from illumi_widgets.engine import CHANCE, NotationError, load_game
from illumi_widgets.engine.rng import Rng

from ..random_walk import walk


@pytest.fixture(scope="module")
def game_state():
    g = load_game("illuminati", players=3)
    return g, g.new_state(seed=1)


@pytest.mark.parametrize("text", [
    "roll ²", "roll " + "7" * 5000, "roll ١٢", "spend ² from bavarian-illuminati", "give ² to blue",
    "spend " + "9" * 5000 + " from bavarian-illuminati", "done now", "pass extra", "x" * 100_000,
])
def test_odd_digits_huge_numbers_and_extra_text_are_notation_errors(game_state, text):
    g, st = game_state
    for seat in (0, CHANCE):
        with pytest.raises(NotationError) as err:
            g.parse(st.data, text, seat)
        assert len(str(err.value)) < 400


def test_every_legal_action_reads_back_and_refuses_a_suffix():
    g = load_game("illuminati", players=3)
    for seed in range(2):
        for _, st in walk(g.new_state(seed=seed), Rng(seed), 150):
            for s in st.to_act():
                for a in st.legal_actions(s):
                    assert g.parse(st.data, a.notation(), s) == a
                    try:
                        longer = g.parse(st.data, a.notation() + " extra", s)
                    except NotationError:
                        continue
                    assert st.why_illegal(longer) is not None, a.notation()
