"""The Primordial Secrets scene and board widget: drawn from one seat's view (no hidden card in it), text
of 11 px or more, names not ids in the words, and a board on a Match."""

from __future__ import annotations

import json

import illumi_widgets
from illumi_widgets import load_game
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import _find_secrets
from illumi_widgets.games.primordial.scene import PRESENTER, primordial_scene
from illumi_widgets.match import Match
from illumi_widgets.widget import scene_to_svg

TYPES = {"rect", "circle", "poly", "line", "text", "icon"}


def _states():
    g = load_game("primordial", players=3)
    st = g.new_state(seed=5)
    rng = Rng(2)
    seen = []
    for _ in range(400):
        if st.is_terminal():
            break
        f = st.data["frames"][-1]
        kinds = {d.kind for d in st.decisions()}
        if f["t"] == "plot" and len(f["commits"]) == 1 and "plot" not in [k for k, _ in seen]:
            seen.append(("plot", st.clone()))
        if st.data["turn"] is not None and kinds & {"recruit", "order", "choose", "steal"} and len(seen) < 6:
            seen.append(("visit", st.clone()))
        s = st.to_act()[0]
        legal = st.legal_actions(s)
        st.apply(legal[rng.below(len(legal))])
    return g, seen


def test_scene_from_each_view_leaks_nothing_and_is_readable():
    g, seen = _states()
    assert {k for k, _ in seen} == {"plot", "visit"}
    for kind, st in seen:
        for seat in (0, 1, 2, None):
            scene = primordial_scene(st.view(seat), g)
            assert {it["t"] for it in scene["items"]} <= TYPES
            texts = [it for it in scene["items"] if it["t"] == "text"]
            assert all(it["size"] >= 11 for it in texts)
            words = " ".join(str(it["s"]) for it in texts)
            assert "seat " not in words
            assert not any(w.startswith("c") and w[1:].isdigit() for w in words.split())
            assert not _find_secrets(json.dumps(scene), g.secrets(st.data, seat))
            assert "The Court" in words
            if kind == "visit":
                assert "visits" in words and "Insight − deceit" in words
        assert scene_to_svg(primordial_scene(st.view(0), g)).startswith("<svg")


def test_court_cards_are_click_targets():
    from illumi_widgets.games.primordial.setup import Table

    t = Table(3)
    m3 = ["messenger"] * 3
    t.hand(0, ["emissary", "scout", "scout"] + m3)
    t.hand(1, ["musician"] * 3 + m3)
    t.hand(2, ["musician"] * 3 + m3)
    t.plot((0, "host messenger messenger messenger visit left"),
           (1, "host musician musician musician visit home"),
           (2, "host musician musician musician visit home"))
    st, g = t.state, t.g
    assert st.decisions()[0].kind == "recruit"
    ids = {it.get("id") for it in primordial_scene(st.view(0), g)["items"]}
    recruits = [a for a in st.legal_actions(0) if a.kind == "recruit"]
    assert recruits
    for a in recruits:
        (target,) = PRESENTER["targets"](g, a)
        assert target in ids
        assert g.hint(st.data, 0, target) == a


def test_widget_and_match():
    board = illumi_widgets.PrimordialSecrets(players=3, seed=2, seat=0)
    assert board.match.game.name == "primordial"
    snap = board.match.snapshot("seat:0")
    assert snap["scene"]["w"] == 1200 and snap["decisions"]
    assert snap["decisions"][0]["sealed"] is True
    other = board.view_as(1)
    assert other.perspective == "seat:1"
    board.play(board.legal_actions()[0])
    assert "plotted" in json.dumps(board.match.snapshot("seat:1")["scene"])
    assert Match("primordial", players=2, seed=1).snapshot("spectator")["scene"]["w"] == 1200
    alias = illumi_widgets.load_game("primordial-secrets", players=2)
    assert alias.name == "primordial"
    assert illumi_widgets.load_game("primordial_secrets", players=4).players == 4


def test_board_with_a_bot():
    """``PrimordialSecrets(players=…, seat=…, bots=…)``: the bot plots its sealed choice when asked."""
    board = illumi_widgets.PrimordialSecrets(players=2, seed=4, seat=0, bots={1: "random"})
    board.run_bots()
    view = board.match.state.view(0)
    assert view["seats"][1]["plotted"] is True and view["seats"][1]["plot"] is None
    board.play(board.legal_actions()[0])
    board.run_bots()
    assert board.match.state.data["hosts"][1] or board.match.state.data["round"] > 1


def _positions(players: int, seed: int, every: int = 9, most: int = 300):
    m = Match("primordial", players=players, seed=seed)
    rng = Rng(seed)
    for step in range(most):
        if m.state.is_terminal():
            break
        seat = min(s for s in m.state.to_act() if s >= 0)
        if step % every == 0:
            yield m.snapshot(f"seat:{seat}")["scene"]
        legal = m.state.legal_actions(seat)
        m.play(legal[rng.below(len(legal))])


def test_the_narrow_layout_stacks_blocks_that_read_at_470_px():
    """Issue 13: below ~900 px the blocks stack (each at most ~560 wide) and, drawn 470 CSS px wide with
    every text enlarged to 11 px, no two texts overlap and none leaves the board; 3 players read at
    1000 px wide too."""
    from illumi_widgets.textfit import layout_for_width, problems_at

    for players in (2, 3, 4):
        for scene in _positions(players, seed=players):
            narrow = layout_for_width(scene, 470)
            assert narrow["w"] <= 576 and scene["layouts"]["narrow"]["scroll"]
            assert all(it["x"] + it.get("w", 0) <= 576 for it in narrow["items"] if "x" in it)
            assert problems_at(scene, 470) == []
            if players == 3:
                assert problems_at(scene, 1000) == []
