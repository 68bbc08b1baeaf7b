"""The coach line (illumi_widgets.lessons.coach, a teacher's line under any board; notebook 02's part for
programmers uses it, and notebook 01 once did for its Scout lesson): it accepts every placement the
lesson's text allows ("place *": any card of the hand), and after a right first step followed by another
move it names the step still to do, never the one already done (issue 32: "this lesson asks: Scout B3…"
after scouting)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from illumi_widgets import PaxIlluminaten, load_game  # noqa: E402
from illumi_widgets.games.pax.setup import PaxEditor  # noqa: E402
from illumi_widgets.lessons import coach  # noqa: E402

CARDS = load_game("pax", players=3).lum


def _lesson():
    b = PaxIlluminaten(players=3, seed=7, seat="omniscient")
    with PaxEditor(b.state) as ed:
        ed.clear_influence()
        for seat in range(3):
            ed.favor(seat)
        ed.start_turn("Blue")
    b.match.refresh()
    return b


def _card(rank=None, has=(), exclude=()):
    return next(cid for cid, c in CARDS.items()
                if cid not in exclude and rank in (None, c.rank) and all(f in c.factions for f in has))


def _scout_lesson():
    board = _lesson()
    acting, hidden = _card("II", has=["MAG"]), _card("I")
    with PaxEditor(board.state) as ed:
        ed.put("B2", acting)
        ed.influence("B2", ["Blue"])
        ed.put("B3", hidden, up=False)
        ed.favor("Blue", Mag=1)
    board.match.refresh()
    return board, hidden


def test_any_card_of_the_hand_may_be_placed_after_scouting():
    board, hidden = _scout_lesson()
    line = coach(board, ["scout B3 from B2", "place *"], "Blue scouted B3.")
    board.play("scout B3 from B2")
    assert line.value.startswith("✔ Good. Now:")
    others = [n for n in board.legal_actions().notations()
              if n.startswith("place ") and n != f"place {hidden}"]
    assert others, "the hand holds another card to place"
    board.play(others[0])  # not the scouted card: the text allows any card of the hand
    assert line.value.startswith("✔ Blue scouted B3."), line.value


def test_a_wrong_second_step_names_the_second_step():
    board = _lesson()
    with PaxEditor(board.state) as ed:
        ed.hand("Blue", board.state.data.hands[0][:2])
        ed.favor("Blue", Sch=1)
    board.match.refresh()
    line = coach(board, ["end", "redraw court 1 2"], "Blue took two Court cards.")
    board.play("end")
    wanted = line.value.split("<b>")[1].split("</b>")[0]
    board.play("redraw deck")
    assert line.value.startswith("✘ That was"), line.value
    assert wanted in line.value and "End the turn" not in line.value, line.value
