"""``board.describe()`` and ``state.describe(seat)``: the position in plain words for one seat (issue 31
item 4), built from the scene the board draws for that seat (so from ``state.view(seat)`` only), region by
region in reading order, never naming an id."""

from __future__ import annotations

import pytest

import illumi_widgets as W
from illumi_widgets.describe import describe_scene, entity_lines, one_line
from illumi_widgets.engine import Rng

BOARDS = {"pax": "PaxIlluminaten", "illuminati": "Illuminati", "primordial": "PrimordialSecrets",
          "gray_eminence": "GrayEminence"}


def _board(game: str, seat=0, **kw):
    return getattr(W, BOARDS[game])(seat=seat, **kw)


def _advance(board, steps: int, seed: int = 3) -> None:
    """Play ``steps`` random legal actions of whoever is to act (a few positions past the start)."""
    rng = Rng(seed)
    match = board.match
    for _ in range(steps):
        st = match.state
        if st.is_terminal():
            return
        seat = st.to_act()[0]
        actions = list(match.legal_actions(seat))
        if not actions:
            return
        match.play(rng.choice(actions), f"seat:{seat}")


def _entities(scene: dict) -> list[dict]:
    return [it for it in scene["items"] if isinstance(it.get("id"), str) and it["id"]
            and it.get("t") in ("rect", "circle", "poly")]


@pytest.mark.parametrize("game", sorted(BOARDS))
@pytest.mark.parametrize("steps", [0, 6, 25])
def test_describe_names_every_entity_drawn_and_no_id(game, steps):
    board = _board(game)
    _advance(board, steps)
    text = board.describe()
    scene = board.effective_scene
    assert text.startswith(f"{board.match.game.title}, as {board.match.game.seat_name(0)} sees it.")
    status = board.status["text"]
    assert status.rstrip(".") in text
    for it in _entities(scene):  # every entity with words is mentioned by them ...
        if isinstance(it.get("tip"), str) and it["tip"].strip():
            assert one_line(it["tip"]) in text, it["tip"]
        if ":" in it["id"]:  # ... and never by its id
            assert it["id"] not in text, it["id"]
    for d in board.decisions:
        assert f"To decide: {d['prompt']}" in text
    # the engine's description of the same seat reads the same things on the board
    from_state = board.state.describe(0)
    assert [ln for ln in from_state.splitlines() if ln.startswith("- ")] == \
        [ln for ln in text.splitlines() if ln.startswith("- ")]


def test_pax_golden_start():
    """Pax, seed 7, Blue's board at the start: the map row by row, then the right-hand regions; Blue's hand
    by name; what Blue must decide."""
    board = _board("pax", players=3, seed=7)
    lines = board.describe().splitlines()
    assert lines[:3] == ["Pax Illuminaten, as Blue sees it.",
                         "Round 1 · Blue's turn — action phase (2 main actions left).", "In short:"]
    assert lines[6] == "On the board:"  # after the game's three sentences (test_describe_summaries.py)
    cells = [ln for ln in lines if ln.endswith("a face-down Luminary card")]
    assert cells[:6] == [f"- {c}{r}: a face-down Luminary card" for r, c in
                         [(1, "A"), (1, "B"), (1, "C"), (1, "D"), (1, "E"), (2, "A")]]
    assert len(cells) == 25
    # the map (read first) before the Court, and the Court before the players' tables
    first = {key: next(i for i, ln in enumerate(lines) if key in ln)
             for key in ("E5: a face-down", "Court, slot 1", "Blue's table", "Red's table")}
    assert first["E5: a face-down"] < first["Court, slot 1"] < first["Blue's table"] < first["Red's table"]
    assert any(ln.startswith("- Gottlieb Hufeland — ") for ln in lines)  # a card in Blue's hand
    assert lines[-1].startswith("To decide: Blue: take an action (2 main actions left) or end the turn")


def test_pax_another_seat_does_not_hear_blues_hand():
    """Hidden information: Red's description names no card of Blue's hand (only the view is read)."""
    board = _board("pax", players=3, seed=7)
    blue = board.state.describe(0)
    red = board.state.describe(1)
    spectator = board.state.describe(None)
    hand = ["Gottlieb Hufeland", "Aloys Blumauer"]
    for name in hand:
        assert name in blue
        assert name not in red and name not in spectator
    assert "To decide" not in red  # the engine's description names the position, not another seat's choices


def test_primordial_and_gray_eminence_golden_facts():
    prim = _board("primordial").describe()
    assert "Primordial Secrets, as Red sees it." in prim
    assert "plotting…. " not in prim  # an ellipsis ends a line: no doubled stop
    assert "Red (you)" in prim and "To decide: Red: choose three hosts" in prim
    gray = _board("gray_eminence").describe()
    for fact in ("In the Public Eye", "China: Neutral", "Blue's mat: 0 cards in hand, 0 Secret Objectives"):
        assert f"- {fact}" in gray
    ill = _board("illuminati").describe()
    assert "- The Bermuda Triangle. Power 8" in ill and "Red's power structure" in ill


def test_reading_order_is_region_by_region_and_entities_without_words_are_left_out():
    scene = {"w": 200, "h": 100, "items": [
        {"t": "rect", "x": 60, "y": 0, "w": 20, "h": 20, "id": "b", "tip": "B"},
        {"t": "rect", "x": 0, "y": 2, "w": 20, "h": 20, "id": "a", "tip": "A"},
        {"t": "rect", "x": 30, "y": 50, "w": 20, "h": 20, "id": "d", "tip": "D"},
        {"t": "rect", "x": 0, "y": 52, "w": 20, "h": 20, "id": "c", "tip": "C\nline two"},
        {"t": "rect", "x": 120, "y": 0, "w": 20, "h": 80, "id": "e"},
        {"t": "text", "x": 130, "y": 40, "s": "E's words"},
        {"t": "rect", "x": 150, "y": 10, "w": 20, "h": 20, "id": "silent:f"},
    ]}
    assert entity_lines(scene) == ["A", "B", "C. line two", "D", "E's words"]
    text = describe_scene(scene, "Red to act")
    assert text.splitlines()[0] == "Red to act." and "silent" not in text


def test_curtain_board_says_only_to_pass_the_screen():
    board = W.PaxIlluminaten(players=3, seed=7, seat=None)
    _advance(board, 0)
    if board.status.get("curtain"):
        assert board.describe() == board.status["text"].rstrip(".") + "."
    else:  # the first seat to act needs no curtain: pass to the next seat
        board.play("end")
        assert board.status.get("curtain")
        assert board.describe().startswith("Pass the screen to")


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_every_target_drawn_has_words_for_a_screen_reader(game):
    """Over a random game (every seat's board in turn), each target of a decision that the scene draws has
    words of its own (a tooltip, else texts drawn inside it): the accessible tree's button never says only
    what a click does, never an id."""
    board = _board(game, seat=None, mode="analysis")
    match = board.match
    rng = Rng(5)
    checked = 0
    for _ in range(60):
        st = match.state
        if st.is_terminal():
            break
        seat = st.to_act()[0]
        snap = match.snapshot(f"seat:{seat}")
        drawn = {it["id"]: it for it in _entities(snap["scene"])}
        for d in snap["decisions"]:
            for o in d["options"]:
                for t in o.get("targets") or []:
                    if t in drawn:
                        checked += 1
                        only = {"w": 1, "h": 1, "items": [it for it in snap["scene"]["items"]
                                                          if it.get("id") in (None, t)]}
                        assert entity_lines(only), f"{t} is drawn as a target without words"
        match.play(rng.choice(list(match.legal_actions(seat))), f"seat:{seat}")
    assert checked > 0
