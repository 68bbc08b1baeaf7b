"""Pax's end screen (issue 30 item 1; EN "Plot Victory", "Faction Scoring"): over random games (people, and a
rulebook bot), the report's winners are the outcome's, Faction Scoring is broken down by Faction and adds up
to each score, the tie-break (more Faction cards, else shared) is named exactly when the top score is tied,
and nothing hidden from the seat appears."""

from __future__ import annotations

from illumi_widgets.engine import load_game

from ..final_report_checks import check_report, finished_games


def _tied(st):
    res = st.outcome()
    if res["reason"] != "faction scoring":
        return False
    totals = sorted(res["scores"].values(), reverse=True)
    return len(totals) > 1 and totals[0] == totals[1]


def test_faction_scoring_reports_add_up():
    game = load_game("pax", players=3)
    seen = set()
    for st in finished_games(game, 4, seed=2):
        rep = check_report(st, _tied)
        seen.add(st.outcome()["reason"])
        if st.outcome()["reason"] == "faction scoring":
            assert rep["reason"].startswith("The fifth Edict was discarded")
            for r in rep["standings"]:
                assert r["breakdown"][-1]["label"] == "Faction cards held"
    assert "faction scoring" in seen


def test_a_rulebook_bot_meeting_its_plot_is_reported():
    game = load_game("pax", players=3, bots={"1": "st-germain"})
    for st in finished_games(game, 2, seed=4):
        rep = check_report(st, _tied)
        if st.outcome()["reason"] == "bot plot":
            assert rep["headline"] == f"{game.seat_name(1)} wins by meeting its plot."
            assert rep["standings"][0]["breakdown"][0]["label"] == "Bot plot met"
