"""A decision's prompt may be worded on demand (a function, called on first read: random play and search never
read it), yet what :meth:`State.decisions` hands out is worded on the position it was listed on."""

import pytest

from illumi_widgets.engine import Decision
from illumi_widgets.engine.registry import available_games, game_class, load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action


def test_a_prompt_given_as_a_function_is_worded_once_on_first_read():
    calls = []

    def word():
        calls.append(1)
        return "Red: choose"

    d = Decision(0, "turn", word, None)
    assert calls == []
    assert d.prompt == "Red: choose" and d.prompt == "Red: choose"
    assert calls == [1]
    assert d == Decision(0, "turn", "Red: choose", None)
    assert "Red: choose" in repr(d)


@pytest.mark.parametrize("name", available_games())
def test_decisions_handed_out_keep_the_words_of_their_position(name):
    """Each step: the prompts of ``state.decisions()``, read only after the action was applied, are those of
    the position they were listed on (worded on a copy then); without the wording in ``State.decisions``
    they would describe the next position."""
    game = load_game(name, players=game_class(name).min_players)
    state = game.new_state(seed=11)
    rng = Rng(5)
    for _ in range(40):
        if state.is_terminal():
            break
        handed = state.decisions()
        expected = [d.prompt for d in game.decisions(game.copy(state.data))]
        state.apply(random_action(state, rng))
        assert [d.prompt for d in handed] == expected
        assert all(isinstance(d.prompt, str) and d.prompt for d in handed)
