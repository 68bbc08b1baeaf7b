"""Nothing looks live at the end of a game (issue 30 item 5 / 1): Pax marks no seat "active", Primordial
shows no "Next round's visitors"."""

from __future__ import annotations

from illumi_widgets.match import Match


def _texts(m: Match, perspective: str) -> list[str]:
    return [it["s"] for it in m.snapshot(perspective)["scene"]["items"] if isinstance(it.get("s"), str)]


def test_pax_marks_no_seat_active_at_the_end():
    m = Match("pax", players=3, seed=2, bots={0: "random", 1: "random", 2: "random"})
    m.run_bots()
    assert m.state.is_terminal()
    assert isinstance(m.view(0)["turn"]["active"], int)  # the rules still name the last active seat
    for p in ("seat:0", "spectator"):
        assert not [t for t in _texts(m, p) if "· active" in t]


def test_primordial_shows_no_next_rounds_visitors_at_the_end():
    m = Match("primordial", players=3, seed=3, bots={0: "random", 1: "random", 2: "random"})
    m.run_bots()
    assert m.state.is_terminal()
    assert any(s["next_visitors"] for s in m.view(0)["seats"])  # cards are there, for no next round
    assert not [t for t in _texts(m, "seat:0") if "Next round" in t]
