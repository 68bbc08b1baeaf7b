"""The evaluation overlay on the Primordial Secrets and Gray Eminence boards (issue 18).

A Primordial plot is composed on the board (its three host cards and its Intent are clicked): the overlay
draws its halos on those cards -- the targets the board's own decision list gives each option (the
presenter's ``compose``), not only the presenter's ``targets`` (empty for a plot).  An option that names
several entities gets halos on each but ONE "62%" label."""

from __future__ import annotations

from illumi_widgets import GrayEminence, Match, PrimordialSecrets
from illumi_widgets.engine import CHANCE, Rng
from illumi_widgets.engine.testing import random_action


def _overlay(board):
    items = [it for it in board.effective_scene["items"] if it.get("analysis")]
    halos = {(it["x"], it["y"]) for it in items if it["analysis"] == "halo"}
    labels = [it["s"] for it in items if it["analysis"] == "label" and it["t"] == "text"]
    return halos, labels


def test_primordial_plot_overlay_on_the_cards_it_names():
    board = PrimordialSecrets(match=Match("primordial", players=3, seed=5), seat=0)
    res = board.analyse(iterations=40, wait=True)
    snap = board.match.snapshot("seat:0")
    composed = {o["notation"]: o["targets"] for d in snap["decisions"] for o in d["options"]}
    assert res.rows and all(r["targets"] == composed[r["action"]] for r in res.rows)
    assert all(len(r["targets"]) == 4 for r in res.rows)  # three hosts and an Intent
    halos, labels = _overlay(board)
    hand = {c for c in board.state.data["hand"][0]} | set(board.state.data["intent_deck"][0])
    assert {f"c{i}" for i in hand} >= {t for r in res.rows for t in r["targets"]}
    assert len(halos) >= 4 and 1 <= len(labels) <= 3 and all(s.endswith("%") for s in labels)
    board.close()


def test_gray_eminence_programming_overlay():
    st = Match("gray-eminence", players=3, seed=5).state
    rng = Rng(3)
    while st.data["phase"] != "programming":
        st.apply(random_action(st, rng))
    seat = next(s for s in st.to_act() if s != CHANCE)
    board = GrayEminence(match=Match.from_state(st), seat=seat)
    res = board.analyse(iterations=40, wait=True)
    halos, labels = _overlay(board)
    assert res.rows and len(halos) >= 2 and 1 <= len(labels) <= 3
    assert len(board.analysis) == len(res.rows) and int(board.analysis["visits"].sum()) == 40
    board.close()
