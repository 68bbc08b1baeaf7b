"""The end screen's Python side (issue 30 item 1 and 2): ``status.final`` from the view, "Play again" as a
checked ``new_game`` intent (same game, seats, options and bots; a new deal), and the acting seat's colour on
the last move."""
from __future__ import annotations

import pytest

from illumi_widgets.match import Match
from illumi_widgets.widget.base import validate_message

GAMES = [("pax", 2), ("illuminati", 3), ("primordial", 3), ("gray_eminence", 3)]


def _finished(game="gray_eminence", players=3):
    m = Match(game, players=players, seed=1, bots={s: "random" for s in range(players)})
    m.run_bots()
    assert m.state.is_terminal()
    return m


def test_status_final_only_at_the_end():
    m = Match("gray_eminence", players=3, seed=1, bots={1: "random", 2: "random"})
    assert m.snapshot("seat:0")["status"]["final"] is None
    done = _finished()
    final = done.snapshot("seat:0")["status"]["final"]
    assert final == done.state.view(0)["final"]
    assert final["standings"][0]["place"] == 1


def test_new_game_same_seats_bots_and_options_new_deal():
    m = _finished()
    before = m.state
    bots = dict(m.bots)
    reply = m.handle({"type": "new_game", "version": before.version}, "seat:0")
    assert reply["type"] == "ok"
    after = m.state
    assert after is not before and not after.is_terminal()
    assert all(a.seat < 0 for a in after.history)  # the new deal only: nobody has acted
    assert after.game is before.game and after.seed != before.seed
    assert m.bots == bots
    assert after.version > before.version  # a new version: intents chosen at the end are stale
    assert m.snapshot("seat:0")["status"]["final"] is None


@pytest.mark.parametrize("message, code", [
    ({"type": "new_game", "version": 0, "seed": 5}, "bad-message"),  # unknown field
    ({"type": "new_game"}, "bad-message"),
    ({"type": "new_game", "version": "1"}, "bad-message"),
    ({"type": "new_game", "version": -1}, "stale"),
])
def test_new_game_refused_changes_nothing(message, code):
    m = _finished()
    st, version = m.state, m.state.version
    reply = m.handle(message, "seat:0")
    assert reply["type"] == "error" and code in reply["code"]
    assert m.state is st and m.state.version == version


def test_new_game_refused_before_the_end_and_for_a_spectator():
    m = Match("gray_eminence", players=3, seed=1, bots={1: "random", 2: "random"})
    st = m.state
    reply = m.handle({"type": "new_game", "version": st.version}, "seat:0")
    assert reply["code"] == "not-over" and m.state is st
    done = _finished()
    st = done.state
    reply = done.handle({"type": "new_game", "version": st.version}, "spectator")
    assert reply["type"] == "error" and done.state is st


def test_widget_validates_new_game_fields():
    ok, err = validate_message({"type": "new_game", "version": 3})
    assert err is None and ok == {"type": "new_game", "version": 3}
    _, err = validate_message({"type": "new_game", "version": 3, "deal": 1})
    assert err is not None and err["code"] == "bad-message"


@pytest.mark.parametrize("game, players", GAMES)
def test_last_move_carries_the_acting_seats_colour(game, players):
    m = Match(game, players=players, seed=2, bots={s: "random" for s in range(players)})
    m.run_bots(max_steps=3)
    last = m.snapshot("omniscient")["status"]["last"]
    assert last is not None
    assert isinstance(last["color"], str) and last["color"].startswith("#"), last


def test_effects_hook_marks_options_and_play_mode_asks_first():
    """Issue 30 item 5: a presenter's ``effects`` marks what a click does beyond its label; in play mode an
    option that ends the turn or cannot be undone asks first (analysis mode: undo is free, no question)."""
    for mode in ("play", "analysis"):
        m = Match("pax", players=2, seed=1, mode=mode)
        m._presenter = {**m._presenter, "effects": lambda game, a: {"ends_turn": True, "irreversible": False}}
        decisions = m.snapshot("omniscient")["decisions"]
        opts = [o for d in decisions for o in d["options"]]
        assert opts and all(o["ends_turn"] is True and "irreversible" not in o for o in opts)
        asked = [o for o in opts if "ends your turn" in o.get("confirm", "")]
        if mode == "play":  # each asks first: the game's own question, else that it ends the turn
            assert asked and all(o.get("confirm") for o in opts)
        else:
            assert not asked
    plain = Match("pax", players=2, seed=1, mode="play")
    plain._presenter = {k: v for k, v in plain._presenter.items() if k != "effects"}  # a presenter without it
    opts = [o for d in plain.snapshot("omniscient")["decisions"] for o in d["options"]]
    assert not any("ends_turn" in o or "irreversible" in o for o in opts)
