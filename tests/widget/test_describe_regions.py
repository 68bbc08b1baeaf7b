"""The board in words, region by region (issue 31 items 2 and 4): ``describe()`` and the page's accessible
tree read the same scene the same way -- every thing drawn and every caption, under headings ("Court", "Your
hand", "Blue's table") that are the tree's named regions -- for all four games.

* Golden facts of a few positions of each game (the regions a sighted player scans, in order, and what is in
  them).
* Everything the seat's scene draws with words is mentioned: every thing (by its tooltip, else the texts in
  it) and every caption with a letter.
* Parity: the front end's model (``js/src/a11y.js`` ``boardParts``, run by node on the same scenes) has the
  same headings and lines as Python's ``board_parts``.
"""

from __future__ import annotations

import shutil

import pytest

import illumi_widgets as W
from illumi_widgets.describe import _things, board_parts, one_line
from illumi_widgets.engine import Rng

from .page_tree import page_parts

BOARDS = {"pax": "PaxIlluminaten", "illuminati": "Illuminati", "primordial": "PrimordialSecrets",
          "gray_eminence": "GrayEminence"}


def _board(game: str, steps: int = 0, seed: int = 3, **kw):
    board = getattr(W, BOARDS[game])(seat=0, **kw)
    rng = Rng(seed)
    match = board.match
    for _ in range(steps):
        st = match.state
        if st.is_terminal():
            break
        seat = st.to_act()[0]
        match.play(rng.choice(list(match.legal_actions(seat))), f"seat:{seat}")
    return board


def _headings(board) -> list[str]:
    return [h for h, _lines in board_parts(board.effective_scene)]


def _part(board, heading: str) -> list[str]:
    return next(lines for h, lines in board_parts(board.effective_scene) if h == heading)


def test_pax_regions_at_the_start():
    board = _board("pax", players=3, seed=7)
    assert _headings(board) == ["", "Your hand (4 cards, limit 4)", "Court", "Favor pool", "Plots · pile 8",
                                "Blue's table", "Red's table", "Green's table"]
    hand = _part(board, "Your hand (4 cards, limit 4)")
    assert [ln.split(" — ")[0] for ln in hand[:4]] == [
        "Gottlieb Hufeland", "Leopold Friedrich Günther von Goeckingk", "Aloys Blumauer",
        "Leopold von Kolowrat-Krakowsky"]
    court = _part(board, "Court")
    assert court[:2] == ["The Luminary deck: 15 cards", "The discard pile is empty"]
    slots = [ln.rsplit(". ", 1)[-1] for ln in court if "Court, slot" in ln]
    assert slots == [f"Court, slot {i}" for i in range(1, 6)]
    assert _part(board, "Favor pool")[0] == "Nobility Favor in the pool: 6"
    red = _part(board, "Red's table")
    assert red[0] == "Red's table" and red.count("A card in hand (face-down)") == 4  # never which cards
    text = board.describe()
    assert "\nYour hand (4 cards, limit 4):\n- Gottlieb Hufeland — " in text
    assert "\nCourt:\n- The Luminary deck: 15 cards\n" in text


def test_illuminati_regions_each_power_structure_heads_its_groups():
    board = _board("illuminati")
    assert _headings(board) == ["Uncontrolled groups · deck 92 cards", "Red's power structure",
                                "Blue's power structure", "Green's power structure",
                                "Yellow's power structure"]
    red = _part(board, "Red's power structure")
    assert red[0] == "Red's power structure"
    assert any(ln.startswith("The Bermuda Triangle. Power 8") for ln in red) and "Treasury: 9 MB" in red
    yellow = _part(board, "Yellow's power structure")
    # the shared table after the last structure: the dead, the discarded Specials, the deck
    assert {"Dead: none", "Discarded Specials: none", "Deck: 92 cards · goal: 12 groups"} <= set(yellow)


def test_primordial_regions_the_court_then_each_seat():
    board = _board("primordial")
    heads = _headings(board)
    # (while Red plots, its hand and Intents to click are drawn in the middle of the board, under the phase)
    assert heads[0] == "The Court" and heads[1].startswith("Round 1 — Plotting") and len(heads) == 5
    assert [h.split("… ")[-1].split(" ")[0] for h in heads[2:]] == ["Blue", "Red", "Green"]
    court = _part(board, "The Court")
    assert court[0].startswith("Pawn Deck 32 · Royal Deck 8")
    middle = _part(board, heads[1])
    assert middle[0] == "Your hand: click three to host, the others visit"
    assert sum(ln.startswith(("Musician.", "Messenger.")) for ln in middle) == 6  # Red's own hand, by name
    red = _part(board, heads[3])
    assert sum(ln.startswith(("Musician.", "Messenger.")) for ln in red) == 6  # ... and on its mat
    blue = _part(board, heads[2])
    assert blue.count("a card in hand (hidden)") == 6


def test_gray_eminence_regions_the_tracks_and_the_mat():
    board = _board("gray_eminence")
    heads = _headings(board)
    for h in ("Visibility track (turn order)", "Relationship Chart (USA and …)", "Bidding Pool",
              "Mandatory event", "Presidential tweets", "Your Box of Secrets", "Secret Objectives"):
        assert h in heads
    track, pool, box = (heads.index(h) for h in ("Visibility track (turn order)", "Bidding Pool",
                                                 "Your Box of Secrets"))
    assert track < pool < box
    assert _part(board, "Bidding Pool")[:3] == ["1 money", "1 power", "1 influence"]
    assert _part(board, "Your Box of Secrets")[:3] == ["0 money", "0 power", "0 influence"]
    assert len(_part(board, "Visibility track (turn order)")) == 5


@pytest.mark.parametrize("game", sorted(BOARDS))
@pytest.mark.parametrize("steps", [0, 30])
def test_every_thing_and_caption_drawn_is_mentioned(game, steps):
    """Every shape with words (id or tooltip) and every caption with a letter that the seat's scene draws is
    in ``describe()``; a lone count or symbol is left out, and never an id."""
    board = _board(game, steps)
    scene = board.effective_scene
    text = board.describe()
    lines = [ln[2:] for ln in text.splitlines() if ln.startswith("- ")] + [
        ln[:-1] for ln in text.splitlines() if ln.endswith(":")]
    things, captions = _things(scene)
    for b in things:  # every shape with words, by its tooltip (else by the texts drawn inside it)
        words = one_line(b["tip"]) if b["tip"] else one_line("\n".join(b["texts"]))
        if words:
            assert any(words in ln for ln in lines), words
        if b["id"] and ":" in b["id"]:
            assert b["id"] not in text, b["id"]
    said = 0
    for c in captions:  # every caption with a letter
        if any(ch.isalpha() for ch in c["s"]):
            assert any(one_line(c["s"]) in ln for ln in lines), c["s"]
            said += 1
        else:
            assert f"- {one_line(c['s'])}\n" not in text
    assert said >= 3


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_tree_and_describe_read_the_same_regions():
    scenes = [_board(game, steps).effective_scene for game in sorted(BOARDS) for steps in (0, 12, 40)]
    js = page_parts(scenes, timeout=120)
    for scene, parts in zip(scenes, js, strict=True):
        assert [tuple(p) for p in parts] == [(h, lines) for h, lines in board_parts(scene)]
