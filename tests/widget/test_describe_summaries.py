"""Each game's own words for a seat (``games/<game>/describe.py`` ``summary``: issue 31 item 4) open
``state.describe(seat)``; and neither the description nor the page's accessible tree ever holds what the seat
may not see (``engine.testing.leak_scan`` over random games of all four games, the tree built by the front
end's own ``boardParts`` in node from each seat's scene, as the page builds it)."""

from __future__ import annotations

import shutil

import pytest

import illumi_widgets as W
from illumi_widgets.describe import game_summary
from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import hidden_ids, leak_scan
from illumi_widgets.match import Match

from .page_tree import page_parts

BOARDS = {"pax": "PaxIlluminaten", "illuminati": "Illuminati", "primordial": "PrimordialSecrets",
          "gray_eminence": "GrayEminence"}


def _short(text: str) -> list[str]:
    lines = text.splitlines()
    return lines[lines.index("In short:") + 1:lines.index("On the board:")]


def test_pax_summary_names_the_hand_the_favor_and_the_supply():
    board = W.PaxIlluminaten(players=3, seed=7, seat=0)
    assert _short(board.state.describe(0)) == [
        "Your hand (4 cards, limit 4): Gottlieb Hufeland; Leopold Friedrich Günther von Goeckingk; "
        "Aloys Blumauer; Leopold von Kolowrat-Krakowsky.",
        "Your Favor: Nobility 1, Professions 1, Artists 1.",
        "Influence in your supply: 20.",
    ]
    red = board.state.describe(1)
    assert "Gottlieb Hufeland" not in red and _short(red)[0].startswith("Your hand (4 cards, limit 4): ")


def test_illuminati_primordial_and_gray_eminence_summaries():
    ill = _short(W.Illuminati(seat=0).state.describe(0))
    assert ill[0] == "You are The Bermuda Triangle, with 9 MB in its treasury."
    assert ill[1] == "Your power structure holds no group yet."
    assert ill[2].startswith("To win: 12 groups, or your goal: control at least one group of each")
    prim = _short(W.PrimordialSecrets(seat=0).state.describe(0))
    assert prim[0] == "Your hand: Musician, Musician, Messenger, Messenger, Messenger, Musician."
    assert prim[1].startswith("Your Intents: Visit Left, Visit Right, Stay Home")
    assert prim[2] == "Your deck: 6 cards; Secrets zone: 6; stolen Secrets: 0; Royals: 0."
    gray = _short(W.GrayEminence(seat=0).state.describe(0))
    assert gray == ["Round 0 of 5.", "You are In the Shadows.",
                    "Your Box of Secrets: 0 money, 0 power, 0 influence.",
                    "You hold 0 Action cards, 0 Factions and 0 Secret Objectives; 0 VP markers."]


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_every_game_has_a_summary_the_board_says_it_too_and_a_spectator_gets_none(game):
    board = getattr(W, BOARDS[game])(seat=0)
    assert game_summary(board.match.game) is not None
    said = _short(board.state.describe(0))
    assert said and _short(board.describe()) == said  # board.describe() and state.describe(seat) agree
    assert "In short:" not in board.state.describe(None)
    assert "In short:" not in getattr(W, BOARDS[game])(seat="spectator", match=board.match).describe()


def _tree_texts(scenes: list[dict]) -> list[str]:
    """The page's accessible tree (its headings and lines) for each scene, built by js/src/a11y.js."""
    return ["\n".join("\n".join([heading, *lines]) for heading, lines in parts)
            for parts in page_parts(scenes)]


GAMES = [("pax", 3, {}), ("illuminati", 3, {"hidden_goals": True}), ("primordial", 3, {}),
         ("gray-eminence", 3, {})]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_no_description_nor_accessible_tree_holds_what_its_seat_may_not_see(name, players, options):
    match = Match(name, players=players, seed=11, mode="analysis", **options)
    rng = Rng(17)
    scenes, hidden, described = [], [], 0
    for step in range(45):
        st = match.state
        if st.is_terminal():
            break
        if step % 3 == 0:
            for seat in range(players):
                ids = hidden_ids(st, seat)
                found = leak_scan(st, {seat: st.describe(seat)}, {seat: ids})
                assert not found, f"state.describe({seat}) names what it may not see: {found}"
                scenes.append(match.snapshot(f"seat:{seat}")["scene"])
                hidden.append(ids)
                described += 1
        seat = st.to_act()[0]
        match.play(rng.choice(list(match.legal_actions(seat))), f"seat:{seat}")
    assert described >= 3 * players and any(hidden)  # the seats had something to hide
    for text, ids in zip(_tree_texts(scenes), hidden, strict=True):
        assert text.strip()
        found = leak_scan(match.state, {0: text}, {0: ids})
        assert not found, f"the accessible tree holds what its seat may not see: {found}"
