"""Gray Eminence's end screen (issue 30 item 1; rulebook "Winning the Game", RULINGS "End"): the final score
is the VP markers on the mat plus the Secret Objectives completed plus 1 VP per strictly most resource, each
a row of the breakdown, so the score and the mat's markers agree or the difference is named; the Common
Objective failed: everyone loses; a tied top score names the tie-break (objectives, then visibility order)."""

from __future__ import annotations

from illumi_widgets.engine import load_game
from illumi_widgets.engine.game import Log
from illumi_widgets.games.gray_eminence import model as M
from illumi_widgets.games.gray_eminence.scoring import final, scores

from ..final_report_checks import check_report, finished_games


def _tied(st):
    res = st.outcome()
    if not res["winners"]:
        return False
    totals = sorted(res["scores"].values(), reverse=True)
    return len(totals) > 1 and totals[0] == totals[1]


def test_random_games_end_on_a_report_that_adds_up_to_the_outcome():
    game = load_game("gray-eminence", players=3)
    for st in finished_games(game, 3, seed=5):
        rep = check_report(st, _tied)
        for r in rep["standings"]:
            s = r["seat"]
            mat = st.view(0)["seats"][s]["vp_markers"]
            assert r["breakdown"][0] == {"label": "VP markers on the mat", "value": f"{mat} VP"}
            assert r["score"] == f"{st.outcome()['scores'][s]} VP"


def _finished(players=3, seed=3):
    game = load_game("gray-eminence", players=players)
    return finished_games(game, 1, seed=seed)[0]


def test_a_tie_on_vp_is_broken_by_objectives_in_words():
    st = _finished()
    d = st.data
    sc = scores(st.game, d)
    order = M.order(d)
    a, b = order[0], order[1]
    # the second in visibility order ties the first on VP (50 each, the others 10) with more objectives
    d["pub_done"][b], d["pub_done"][a] = True, False
    d["done"][a] = []
    sc = scores(st.game, d)
    for s in range(d["n"]):
        d["vp"][s] += (50 if s in (a, b) else 10) - sc[s]["total"]
    d["result"] = None
    d["result"] = final(st.game, d, Log([], 0))
    sc = scores(st.game, d)
    assert sc[a]["total"] == sc[b]["total"] and sc[b]["objectives"] > sc[a]["objectives"]
    assert d["result"]["winners"] in ([b], [])  # ([]: the scenario's Common Objective failed)
    rep = st.view(a)["final"]
    if d["result"]["winners"]:
        names = st.game.seat_name
        assert rep["tiebreak"].startswith(f"{names(a)} and {names(b)} had 50 VP; ")
        more = f"({sc[b]['objectives']} against {sc[a]['objectives']})"
        assert rep["tiebreak"].endswith(f"{names(b)} completed more objectives {more}.")
    else:
        assert rep["tiebreak"] is None


def test_a_failed_common_objective_loses_for_everyone():
    st = _finished()
    d = st.data
    d["result"] = {**d["result"], "winners": [], "reason": "common-objective-failed"}
    rep = st.view(0)["final"]
    assert rep["headline"] == "Everyone loses: the Common Objective was not met."
    assert "Common Objective" in rep["reason"] and not any(r["winner"] for r in rep["standings"])
    assert rep["tiebreak"] is None
