"""Illuminati's end screen (issue 30 item 1; rulebook p.3, p.8-9): each seat's groups against the basic goal,
total Power, special goal, groups destroyed; a very long game scores Power plus 1 per group.  The report is
read from the seat's own view: a rival's secret goal (Hidden Goals) stays secret unless that rival won."""

from __future__ import annotations

from illumi_widgets.engine import load_game

from ..final_report_checks import check_report, finished_games


def _tied_long(st):
    res = st.outcome()
    if res["reason"] != "score":
        return False
    alive = [s for s in range(st.game.players) if st.data["alive"][s]]
    totals = sorted((int(res["scores"][str(s)]) for s in alive), reverse=True)
    return len(totals) > 1 and totals[0] == totals[1]


def test_random_games_report_the_outcome():
    game = load_game("illuminati", players=4)
    for st in finished_games(game, 3, seed=8):
        rep = check_report(st, _tied_long)
        for r in rep["standings"]:
            assert r["breakdown"][0]["label"] == "Groups controlled (the Illuminati included)"


def test_a_rivals_hidden_goal_stays_secret_unless_it_won():
    game = load_game("illuminati", players=4, hidden_goals=True)
    for st in finished_games(game, 2, seed=3):
        won = st.outcome()["winners"]
        for seat in range(4):
            rep = check_report(st, _tied_long) if seat == 0 else st.view(seat)["final"]
            for r in rep["standings"]:
                goal = [b for b in r["breakdown"] if b["label"].startswith("Special goal")]
                if r["seat"] != seat and r["seat"] not in won:
                    assert goal == [{"label": "Special goal", "value": "secret"}]
                else:
                    assert goal and goal[0]["label"].startswith("Special goal: ")


def test_a_very_long_game_scores_power_plus_one_per_group():
    game = load_game("illuminati", players=3, very_long_game=True)
    for st in finished_games(game, 2, seed=1):
        rep = check_report(st, _tied_long)
        for r in rep["standings"]:
            assert [b["label"] for b in r["breakdown"]][:2] == ["Power of the groups", "1 per group"]
