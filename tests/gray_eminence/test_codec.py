"""The RL codec of Gray Eminence (games/gray_eminence/codec.py): every legal action of random games is a path
of whole-word tokens (no word spelled letter by letter) that reads back to its notation, and the vocabulary
(hence every token number) depends only on the card set, never on the position, scenario or player count."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.gray_eminence import codec as ge_codec
from illumi_widgets.rl.codec import BASE, END, action_codec, codec_module


@pytest.mark.parametrize(("players", "scenario"), [(3, "eu"), (5, "global")])
def test_every_legal_action_is_whole_words_and_reads_back(players, scenario):
    g = load_game("gray-eminence", players=players, scenario=scenario, tweet_vote=True, contest=True)
    assert codec_module(g) is ge_codec
    codec = action_codec(g)
    state, rng, seen = g.new_state(seed=players), Rng(players), set()
    while not state.is_terminal():
        for seat in state.to_act():
            for a in state.legal_actions(seat):
                path = codec.path(a.notation())
                assert path[-1] == END and all(t >= BASE for t in path[:-1]), a.notation()
                assert codec.text(path) == a.notation()
                seen.add(a.kind)
        state.apply(random_action(state, rng))
    assert {"bid", "program", "resolve", "vote", "propose", "offer", "ask", "complete"} <= seen


def test_token_numbers_do_not_depend_on_scenario_or_player_count():
    a = action_codec(load_game("gray-eminence", players=3, scenario="eu"))
    b = action_codec(load_game("gray-eminence", players=5, scenario="mideast", length="long"))
    assert a.words == b.words and a.size == b.size < 400
    assert len(set(a.words)) == len(a.words)
