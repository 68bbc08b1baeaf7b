"""The search bot's evaluation of a Gray Eminence position (games/gray_eminence/evaluation.py): named by the
game's ``bot_hints``, a chance to win per seat from its expected final score ("Winning the Game": VP markers,
completed objectives, resource VPs; one objective per Scoring phase)."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.bots import search
from illumi_widgets.engine import Rng
from illumi_widgets.games.gray_eminence import evaluation as EV


@pytest.fixture(scope="module")
def mid():
    """(game, data) of a 3-player game played at random into round 2's Action phase."""
    g = load_game("gray-eminence", players=3)
    st = g.new_state(seed=5)
    rng = Rng(3)
    while not (st.data["round"] == 2 and st.data["phase"] == "action"):
        acts = st.legal_actions()
        st.apply(acts[rng.below(len(acts))])
    return g, st.data


def test_the_game_names_its_evaluation_and_the_search_bot_uses_it(mid):
    g, d = mid
    assert search.hints_module(g) == "illumi_widgets.games.gray_eminence.evaluation"
    values, prefer, _legal = search.evaluator(g)
    assert prefer == EV.PREFER == ("decline", "complete")
    assert values(d) == EV.values(g, d)
    v = EV.values(g, d)
    assert len(v) == 3 and all(0 < x < 1 for x in v) and sum(v) == pytest.approx(1)


def test_a_finished_game_is_worth_its_outcome(mid):
    g, d = mid
    assert EV.values(g, {**d, "result": {"winners": [2]}}) == [0.0, 0.0, 1.0]
    assert EV.values(g, {**d, "result": {"winners": [0, 2]}}) == [0.5, 0.0, 0.5]
    # "Winning the Game": the Common Objective not met, all players lose
    assert EV.values(g, {**d, "result": {"winners": []}}) == [0.0, 0.0, 0.0]


def test_more_victory_points_more_chance_and_a_lead_counts_more_near_the_end(mid):
    g, d = mid
    base = EV.values(g, d)
    richer = g.copy(d)
    richer["vp"][1] += 2
    assert EV.values(g, richer)[1] > base[1]
    early, late = g.copy(richer), g.copy(richer)
    for x in (early, late):
        x["vp"] = [0, 4, 0]
        x["done"] = [[], [], []]
        x["box"] = [[2, 2, 2], [2, 2, 2], [2, 2, 2]]
    late["round"] = late["rounds"]
    assert EV.scorings_left(early) == early["rounds"] - 1 and EV.scorings_left(late) == 1
    assert EV.values(g, late)[1] > EV.values(g, early)[1] > 1 / 3


def test_an_objective_ready_to_complete_is_worth_more_than_one_out_of_reach(mid):
    # Phase 9: a Secret Objective scores its VP when its condition holds and its spend is paid
    g, d = mid
    obj = g.cards.objectives["S03"]  # influence >= 6, spend 1 influence (objectives.json)
    vp = obj["vp"][g.length]

    def promise(box):
        x = g.copy(d)
        x["box"][0] = box
        x["secret"][0] = []
        without = EV.expected_scores(g, x)[0]
        x["secret"][0] = ["S03"]
        return g.objective_met(x, 0, obj), EV.expected_scores(g, x)[0] - without

    ready, near = promise([0, 0, 7])
    out_of_reach, far = promise([0, 0, 0])
    assert ready and not out_of_reach
    assert near == pytest.approx(vp * EV.P_READY)
    assert far == pytest.approx(vp * EV.P_LATER * EV.scorings_left(d) / d["rounds"])
