"""The search bot's ``greedy`` playout policy (issue 18): epsilon-greedy on the game's own evaluation.

With ``epsilon=0`` and ``sample=None`` it takes, among ALL the legal actions, one whose position one step
ahead the evaluation values highest for the seat; it only ever takes legal actions; and a search using it is
reproducible from its seed.
"""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.bots import SearchBot
from illumi_widgets.bots.base import SeatState
from illumi_widgets.bots.search import _QuietLog, default_rollout
from illumi_widgets.engine import Rng
from illumi_widgets.games.pax import evaluation as E


def _positions(seed: int, steps: int):
    """A 2-player Pax game played at random for ``steps`` decisions (chance resolved from the state)."""
    g = load_game("pax", players=2)
    st = g.new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        st.apply(legal[rng.below(len(legal))])
        if st.outcome() is not None:
            break
    return g, st


def _one_step_values(g, d, seat, acts):
    out = []
    for a in acts:
        nd = g.copy(d)
        g.perform(nd, a, _QuietLog([], 0))
        out.append(E.values(g, nd)[seat])
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_greedy_policy_follows_the_evaluation_when_epsilon_is_zero(seed):
    g, st = _positions(seed, 12)
    rng = Rng(seed)
    while True:  # on to a person's decision between several actions
        seat = st.to_act()[0]
        legal = [a for a in st.legal_actions(seat) if a.kind not in g.withdraw_kinds]
        if seat >= 0 and len(legal) > 2 and not any(a.kind in E.PREFER for a in legal):
            vals = _one_step_values(g, st.data, seat, legal)
            if min(vals) < max(vals):  # a position where the choice matters
                break
        st.apply(legal[rng.below(len(legal))] if legal else st.legal_actions(seat)[0])
    d = st.data
    bot = SearchBot(seat, rollout="greedy", epsilon=0.0, sample=None, seed=seed)
    before = g.encode(d)
    a = bot.policy_action(g, d, seat)
    assert a in legal
    assert _one_step_values(g, d, seat, [a])[0] == pytest.approx(max(vals))
    assert g.encode(d) == before  # the position itself is untouched


def test_policy_actions_are_legal_and_epsilon_one_is_random_play():
    for eps in (0.0, 0.5, 1.0):
        bot = SearchBot(0, rollout="greedy", epsilon=eps, sample=3, seed=7)
        g, st = _positions(3, 0)
        for _ in range(40):
            seat = st.to_act()[0]
            if seat < 0:
                st.apply(st.legal_actions(seat)[0])
                continue
            a = bot.policy_action(g, st.data, seat)
            assert a in st.legal_actions(seat)
            st.apply(a)
            if st.outcome() is not None:
                break


def test_greedy_search_is_reproducible_and_legal():
    g, st = _positions(4, 6)
    seat = st.to_act()[0]
    picks = []
    for _ in range(2):
        bot = SearchBot(seat, rollout="greedy", iterations=30, seed=11)
        a = bot.choose(SeatState(st, seat))
        assert a in st.legal_actions(seat)
        picks.append((a, bot.last_stats["visits"]))
    assert picks[0] == picks[1]


def test_bad_rollout_options_are_refused():
    with pytest.raises(ValueError):
        SearchBot(0, rollout="smart")
    with pytest.raises(ValueError):
        SearchBot(0, epsilon=1.5)
    with pytest.raises(ValueError):
        SearchBot(0, sample=0)


def test_pax_names_its_default_playout_policy_and_rollout_overrides_it():
    """A game names its default playout policy in its hints module (``ROLLOUT``); ``rollout=`` wins."""
    g = load_game("pax", players=2)
    assert default_rollout(g) == "random"
    for opts, want in (({}, "random"), ({"rollout": "greedy"}, "greedy")):
        bot = SearchBot(0, **opts)
        bot._setup(g)
        assert bot._rollout == want
