"""Primordial Secrets' end screen (issue 30 item 1; rulebook "Game End", RULES-NOTES.md rulings 13 and 21):
the race to six — Secrets, Sacrifices, Royals — by the end condition met, its tie-breaker named exactly when
the top count is tied, a last-Royal end scored 1 point each and adding up."""

from __future__ import annotations

from illumi_widgets.engine import load_game
from illumi_widgets.games.primordial.scoring import result

from ..final_report_checks import check_report, finished_games

FIRST = {"secrets": "secrets", "sacrifices": "sacrifices"}


def _tied(st):
    res = st.outcome()
    t = [res["scores"][st.game.seat_name(s)] for s in range(st.game.players)]
    key = (lambda x: sum(x.values())) if res["reason"] == "royal" else (lambda x: x[FIRST[res["reason"]]])
    tops = sorted((key(x) for x in t), reverse=True)
    return tops[0] == tops[1]


def test_random_games_report_the_race_to_six():
    game = load_game("primordial", players=3)
    for st in finished_games(game, 4, seed=6):
        rep = check_report(st, _tied)
        res = st.outcome()
        assert rep["reason"].rstrip(".").lower() == res["text"].lower()
        w = res["winners"][0]
        row = next(r for r in rep["standings"] if r["seat"] == w)
        if res["reason"] != "royal":
            assert row["score"].split()[0] == str(res["scores"][game.seat_name(w)][res["reason"]])


def test_a_tie_on_sacrifices_is_broken_by_secrets_in_words():
    game = load_game("primordial", players=3)
    st = next(s for s in finished_games(game, 4, seed=6) if s.outcome()["reason"] == "sacrifices")
    d = st.data
    win = st.outcome()["winners"][0]
    other = (win + 1) % 3
    # the other seat gets as many Sacrifices as the winner; the winner one stolen Secret more
    while len(d["sacrifices"][other]) < len(d["sacrifices"][win]):
        d["sacrifices"][other].append(d["sacrifices"][win][0])
    d["result"] = None
    d["result"] = result(game, d)
    res = d["result"]
    rep = check_report(st, _tied)
    names = game.seat_name
    if res["winners"] == [win] or res["winners"] == [other]:
        w = res["winners"][0]
        assert rep["tiebreak"] is not None and f"{names(w)} had more Secrets" in rep["tiebreak"]
    else:
        assert rep["tiebreak"].endswith("a shared win.")
