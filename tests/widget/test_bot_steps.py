"""Bot seats on a board: the page asks for one bot decision at a time (``bot_step``), Python checks it."""

from __future__ import annotations

import pytest
import traitlets

from illumi_widgets import Match, PaxIlluminaten
from illumi_widgets.widget.base import BOT_DELAY, GameWidget


def capture(w) -> list[dict]:
    out: list[dict] = []
    w._send = lambda msg, buffers=None: out.append(msg)
    return out


def bot_board(**kwargs):
    match = Match("pax", players=2, seed=7, bots={0: "random", 1: "random"})
    return match, GameWidget(match, perspective="seat:0", **kwargs)


def test_the_traits_say_which_seats_are_bots_and_whether_one_must_decide():
    match, w = bot_board()
    assert w.bot_seats == [0, 1] and w.bot_turn is True
    assert w.bot_delay == BOT_DELAY and w.bots_paused is False
    person = GameWidget(Match("pax", players=2, seed=7, bots={1: "random"}), perspective="seat:0")
    assert person.bot_seats == [1] and person.bot_turn is False  # seat 0, a person, acts first
    plain = GameWidget(Match("pax", players=2, seed=7))
    assert plain.bot_seats == [] and plain.bot_turn is False
    for x in (w, person, plain):
        x.close()


def test_a_bot_step_plays_one_bot_decision_and_updates_the_board():
    match, w = bot_board()
    v = match.state.version
    history = len(match.state.history)
    reply = w.dispatch({"type": "bot_step", "version": v})
    assert reply == {"type": "ok", "version": match.state.version, "steps": 1}
    assert match.state.version > v and len(match.state.history) > history
    assert w.version == match.state.version  # the board followed
    assert "played" not in reply and all(not isinstance(x, str) for x in reply.values() if x != "ok")
    w.close()


def test_stale_paused_or_no_bot_turn_changes_nothing():
    match, w = bot_board()
    v = match.state.version
    assert w.dispatch({"type": "bot_step", "version": v - 1})["code"] == "bot-stale"
    assert w.dispatch({"type": "bot_step", "version": v + 1})["code"] == "bot-stale"
    w.pause_bots()
    assert w.bots_paused is True
    assert w.dispatch({"type": "bot_step", "version": v})["code"] == "bot-paused"
    assert match.state.version == v
    w.resume_bots()
    person = GameWidget(Match("pax", players=2, seed=7, bots={1: "random"}), perspective="seat:0")
    pv = person.version
    assert person.dispatch({"type": "bot_step", "version": pv})["code"] == "bot-none"
    assert person.controller.state.version == pv
    plain = GameWidget(Match("pax", players=2, seed=7))
    assert plain.dispatch({"type": "bot_step", "version": plain.version})["code"] == "bot-none"
    for x in (w, person, plain):
        x.close()


@pytest.mark.parametrize("message", [
    {"type": "bot_step"},
    {"type": "bot_step", "version": "7"},
    {"type": "bot_step", "version": 7, "seat": 1},
    {"type": "pause_bots"},
    {"type": "pause_bots", "paused": 1},
    {"type": "pause_bots", "paused": "yes"},
])
def test_malformed_bot_messages_are_refused(message):
    match, w = bot_board()
    v = match.state.version
    reply = w.dispatch(message)
    assert reply["type"] == "error" and reply["code"] == "bad-message"
    assert match.state.version == v and w.bots_paused is False
    w.close()


def test_pause_from_the_page_is_a_checked_message_and_the_trait_itself_stays_python_s():
    match, w = bot_board()
    sent = capture(w)
    assert w.dispatch({"type": "pause_bots", "paused": True}) == {"type": "ok", "version": w.version}
    assert w.bots_paused is True
    assert any(m.get("state", {}).get("bots_paused") is True for m in sent)
    w.set_state({"bots_paused": False, "bot_delay": 0.0})  # a trait update from the page: refused
    assert w.bots_paused is True and w.bot_delay == BOT_DELAY
    assert w.dispatch({"type": "pause_bots", "paused": False})["type"] == "ok" and w.bots_paused is False
    w.close()


def test_the_message_handler_replies_on_the_comm():
    match, w = bot_board()
    sent = capture(w)
    w._on_message(w, {"type": "bot_step", "version": match.state.version - 1})
    assert sent[-1]["method"] == "custom" and sent[-1]["content"]["code"] == "bot-stale"
    w._on_message(w, {"type": "bot_step", "version": match.state.version})
    assert sent[-1]["content"]["type"] == "ok"
    w.close()


def test_bot_delay_is_checked_and_a_failing_bot_is_reported():
    match, w = bot_board()
    w.bot_delay = 0.25
    assert w.bot_delay == 0.25
    with pytest.raises(traitlets.TraitError):
        w.bot_delay = -1
    with pytest.raises(traitlets.TraitError):
        w.bot_delay = 61

    class Broken:  # not a working bot: whatever run_bots asks of it fails
        def __getattr__(self, name):
            raise RuntimeError("no idea")

    match.bots[0] = Broken()
    v = match.state.version
    reply = w.dispatch({"type": "bot_step", "version": v})
    assert reply["type"] == "error" and reply["code"] == "internal" and "no idea" in reply["message"]
    assert match.state.version == v
    w.close()


def test_a_board_runs_a_whole_bot_game_one_step_at_a_time_and_run_bots_stays_headless():
    board = PaxIlluminaten(players=2, seed=3, seat="spectator", bots={0: "random", 1: "random"})
    steps = 0
    while board.bot_turn and steps < 60:
        assert board.dispatch({"type": "bot_step", "version": board.version})["type"] == "ok"
        steps += 1
    assert steps == 60 or board.state.is_terminal()
    other = PaxIlluminaten(players=2, seed=3, bots={0: "random", 1: "random"})
    assert other.run_bots(max_steps=5) and other.state.version > 1  # headless, no page needed
    board.close()
    other.close()
