"""PaxIlluminaten: the Pax board widget on a Match, driven through its message handler like a browser."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from illumi_widgets import Match, PaxIlluminaten
from illumi_widgets.engine import EngineError, NotYourDecision, Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.widget import GameWidget
from illumi_widgets.widget.base import MAX_ID_CHARS

SYNCED = ("scene", "scene_patch", "decisions", "log_lines", "status")


def wire(widget: PaxIlluminaten) -> PaxIlluminaten:
    """Capture what the widget sends back to the browser."""
    widget.sent = []
    widget.send = lambda content, buffers=None: widget.sent.append(content)
    return widget


def click(widget: PaxIlluminaten, content, buffers=None) -> dict:
    """A custom message from the browser, as the kernel delivers it; returns the reply sent back."""
    widget._handle_custom_msg(content, buffers or [])
    return widget.sent[-1]


def act(widget: PaxIlluminaten, decision: str, option: str, version: int | None = None) -> dict:
    v = widget.version if version is None else version
    return click(widget, {"type": "act", "version": v, "decision": decision, "option": option})


def fingerprint(match: Match) -> tuple:
    return match.state.position(), match.state.version


def synced_json(widget: GameWidget) -> str:
    return json.dumps({k: getattr(widget, k) for k in SYNCED})


def hits(tokens, text: str) -> list[str]:
    return sorted(t for t in tokens
                  if t and t in text and re.search(r"(?<![\w])" + re.escape(t) + r"(?![\w])", text))


@pytest.fixture
def boards():
    first = wire(PaxIlluminaten(players=3, seed=7, seat=0))
    others = [wire(first.view_as(s)) for s in (1, 2, "spectator", "omniscient", "follow")]
    yield [first, *others]
    for w in [first, *others]:
        w.close()


def test_construction_and_traits(boards):
    blue = boards[0]
    assert isinstance(blue, GameWidget) and isinstance(blue.match, Match)
    assert blue.game == "pax" and blue.perspective == "seat:0" and blue.version == blue.state.version
    assert all(w.match is blue.match for w in boards)
    assert [w.perspective for w in boards] == ["seat:0", "seat:1", "seat:2", "spectator", "omniscient",
                                               "follow"]
    assert blue.scene["w"] == 1000 and len(blue.scene["items"]) < 1500
    seat = blue.state.to_act()[0]
    acting = boards[seat]
    assert [d["seat"] for d in acting.decisions] == [seat]
    assert all(not boards[s].decisions for s in range(3) if s != seat)
    assert acting.legal_actions().notations() == [o["id"] for o in acting.decisions[0]["options"]]
    assert boards[3].legal_actions() == [] or len(boards[3].legal_actions()) == 0
    assert PaxIlluminaten(match=blue.match).perspective == "follow"  # seat=None: hot seat
    assert repr(blue) == (f"PaxIlluminaten(players=3, perspective='seat:0', mode='analysis', "
                          f"version={blue.version}, to act: {blue.state.game.seat_name(seat)})")
    assert repr(blue) == repr(blue)
    with pytest.raises(EngineError):
        PaxIlluminaten(match=blue.match, seat=3)
    with pytest.raises(EngineError):
        PaxIlluminaten(match=blue.match, seat="referee")


def test_the_browser_cannot_switch_a_board_to_another_perspective(boards):
    blue = boards[0]
    sent = []
    blue.send_state = lambda key=None: sent.append(key)
    for forged in ({"perspective": "omniscient"}, {"perspective": "seat:1", "version": 0}, {"decisions": []}):
        blue._handle_msg({"content": {"data": {"method": "update", "state": forged}}, "buffers": []})
    assert blue.perspective == "seat:0" and blue.version == blue.state.version and blue.decisions == (
        blue.match.snapshot("seat:0")["decisions"])
    assert len(sent) == 3  # the browser's copy is put back each time
    red_hand = blue.match.view(1)["hands"][1]["cards"]
    assert not hits(red_hand, synced_json(blue))
    blue.perspective = "seat:1"  # Python may switch it
    assert blue.decisions == blue.match.snapshot("seat:1")["decisions"]


def test_a_click_changes_the_state_and_every_board_repaints(boards):
    match = boards[0].match
    seat = match.state.to_act()[0]
    w = boards[seat]
    d = w.decisions[0]
    option = next(o for o in d["options"] if o["targets"])
    before = [b.version for b in boards]
    reply = act(w, d["id"], option["id"])
    assert reply == {"type": "ok", "version": match.version}
    assert option["id"] in [a.notation() for a in match.state.history]
    assert all(b.version == match.version for b in boards)
    assert all(b.version > v for b, v in zip(boards, before, strict=True))
    # a notebook call repaints every board as well
    v = match.version
    match.undo()
    assert all(b.version == match.version != v for b in boards)
    boards[0].redo()
    assert all(b.version == match.version for b in boards)


@pytest.mark.parametrize("content", [
    {"type": "act", "version": 1, "decision": "turn:0", "option": "end", "seat": 1},
    {"type": "act", "version": "1", "decision": "turn:0", "option": "end"},
    {"type": "act", "version": 1, "decision": "turn:0", "option": "x" * (MAX_ID_CHARS + 1)},
    {"type": "act", "version": 1, "decision": ["turn:0"], "option": "end"},
    {"type": "act", "version": 1, "decision": "turn:0"},
    {"type": "undo", "version": -1},
    {"type": "goto", "version": 1, "index": 1.5},
    {"type": "curtain", "open": False},
    {"type": "eval", "code": "import os"},
    [], "act", None,
])
def test_forged_and_malformed_messages_are_refused(boards, content):
    match = boards[0].match
    before = fingerprint(match)
    for w in boards:
        reply = click(w, content)
        assert reply["type"] == "error" and reply["code"] == "bad-message"
    reply = click(boards[0], {"type": "act", "version": 1, "decision": "turn:0", "option": "end"}, [b"\x00"])
    assert reply["code"] == "bad-message"
    assert fingerprint(match) == before


def test_stale_unknown_and_other_seats_decisions_are_refused(boards):
    match = boards[0].match
    seat = match.state.to_act()[0]
    other = (seat + 1) % 3
    d = boards[seat].decisions[0]
    oid = d["options"][0]["id"]
    before = fingerprint(match)
    versions = [b.version for b in boards]
    cases = [
        (boards[seat], dict(version=match.version - 1), "stale"),
        (boards[seat], dict(version=match.version + 1), "stale"),
        (boards[other], {}, "not-your-decision"),
        (boards[3], {}, "not-your-decision"),
        (boards[seat], dict(decision="turn:9"), "not-your-decision"),
        (boards[other], dict(decision=f"turn:{other}"), "not-your-decision"),
        (boards[seat], dict(option="claim plot the-moon"), "unknown-option"),
        (boards[seat], dict(option=oid + "!"), "unknown-option"),
    ]
    for w, change, code in cases:
        msg = {"type": "act", "version": match.version, "decision": d["id"], "option": oid, **change}
        reply = click(w, msg)
        assert reply["type"] == "error" and reply["code"] == code, (w.perspective, change, reply)
        assert fingerprint(match) == before
    assert [b.version for b in boards] == versions
    # the notebook methods refuse the same way
    with pytest.raises(NotYourDecision):
        boards[other].play(oid)
    with pytest.raises(EngineError):
        boards[3].play(oid)
    assert fingerprint(match) == before
    assert boards[seat].explain(oid) is None and boards[seat].explain("extort Z9")


def test_omniscient_board_acts_for_any_seat_and_undo_redo_goto(boards):
    match = boards[0].match
    omni = boards[4]
    start = match.position()
    for _ in range(3):
        d = omni.decisions[0]
        end = next((o for o in d["options"] if o["id"] == "end"), d["options"][0])
        assert act(omni, d["id"], end["id"])["type"] == "ok"
    assert omni.status["history"] == {"index": 3, "length": 3} and omni.status["can_undo"]
    assert click(boards[3], {"type": "goto", "version": match.version, "index": 0})["type"] == "ok"
    assert match.position() == start and boards[0].status["history"] == {"index": 0, "length": 3}
    assert click(boards[1], {"type": "redo", "version": match.version})["type"] == "ok"
    assert click(boards[2], {"type": "undo", "version": match.version})["type"] == "ok"
    assert match.position() == start
    assert click(boards[2], {"type": "undo", "version": match.version})["code"] == "no-history"


def test_play_mode_undo_policy_through_the_boards():
    blue = wire(PaxIlluminaten(players=3, seed=7, seat=0, mode="play"))
    match = blue.match
    boards = [blue] + [wire(blue.view_as(s)) for s in (1, 2)]
    seat = match.state.to_act()[0]
    other = boards[(seat + 1) % 3]
    mine = boards[seat]
    d = mine.decisions[0]
    extort = next(o for o in d["options"] if o["id"] == "extort areopagus")
    assert f"areo:{seat}" in extort["targets"]
    assert act(mine, d["id"], extort["id"])["type"] == "ok"
    while match.state.to_act() == [seat] and match.state.decisions()[0].kind != "turn":
        d = mine.decisions[0]
        assert act(mine, d["id"], d["options"][0]["id"])["type"] == "ok"
    assert mine.status["can_undo"] and not other.status["can_undo"]
    before = fingerprint(match)
    assert click(other, {"type": "undo", "version": match.version})["code"] == "not-your-decision"
    assert click(mine, {"type": "goto", "version": match.version, "index": 0})["code"] == "not-allowed"
    assert fingerprint(match) == before
    assert click(mine, {"type": "undo", "version": match.version})["type"] == "ok"
    # ending the turn refills the Court from the deck: no taking it back
    while match.state.to_act() == [seat] and match.state.history:
        if click(mine, {"type": "undo", "version": match.version})["type"] != "ok":
            break
    mine.play("end")
    assert not mine.status["can_undo"]
    before = fingerprint(match)
    reply = click(mine, {"type": "undo", "version": match.version})
    assert reply["code"] == "hidden-revealed" and fingerprint(match) == before
    with pytest.raises(EngineError):
        mine.undo()
    for w in boards:
        w.close()


def test_follow_board_curtain():
    board = wire(PaxIlluminaten(players=3, seed=7))
    match = board.match
    assert board.perspective == "follow" and board.status["curtain"] is None
    first = match.state.to_act()[0]
    assert board.status["seat"] == first and board.legal_actions()
    d = board.decisions[0]
    assert act(board, d["id"], "end")["type"] == "ok"
    nxt = match.state.to_act()[0]
    name = match.game.seat_name(nxt)
    assert board.status["curtain"] == name and board.decisions == [] and board.log_lines == []
    assert len(board.legal_actions()) == 0
    assert not any(it.get("id") or it.get("tip") for it in board.effective_scene["items"])
    assert board.scene_patch["ops"] == [], "under the curtain: a new (blank) full scene, no old base"
    assert f"Pass to {name}" in board.to_svg()
    secret_hand = match.view(nxt)["hands"][nxt]["cards"]
    assert not hits(secret_hand, synced_json(board))
    before = fingerprint(match)
    reply = act(board, f"turn:{nxt}", "end")
    assert reply["code"] == "curtain" and fingerprint(match) == before
    assert click(board, {"type": "curtain", "open": True}) == {"type": "ok", "version": match.version}
    assert board.status["curtain"] is None and board.status["seat"] == nxt
    assert [x["seat"] for x in board.decisions] == [nxt]
    assert set(secret_hand) <= set(hits(secret_hand, synced_json(board)))
    board.play("end")  # a notebook call moves the game on: the curtain comes down again
    assert board.status["curtain"] == match.game.seat_name(match.state.to_act()[0])
    board.close()


def test_constructed_from_a_record_or_a_position():
    board = PaxIlluminaten(players=2, seed=5, seat="omniscient")
    for _ in range(5):
        board.play(board.legal_actions()[0])
    again = PaxIlluminaten(record=board.match.record(), seat=1)
    assert again.state.position() == board.state.position() and again.match is not board.match
    there = PaxIlluminaten(position=board.state.position(), seat="spectator", mode="play")
    assert there.state.position() == board.state.position() and there.match.mode == "play"
    with pytest.raises(EngineError):
        PaxIlluminaten(record=board.match.record(), position=board.state.position())
    for w in (board, again, there):
        w.close()


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 8)])
def test_no_board_ever_shows_a_seat_another_seats_secret(players, seed):
    first = PaxIlluminaten(players=players, seed=seed, seat=0)
    match = first.match
    boards = [first] + [first.view_as(s) for s in range(1, players)] + [first.view_as("spectator")]
    seats = [*range(players), None]
    game, state = match.game, match.state
    rng = Rng(seed)
    for step in range(90):
        if state.is_terminal():
            break
        log_len = len(state.log)
        match.play(random_action(state, rng))
        for seat, board in zip(seats, boards, strict=True):
            assert board.version == state.version
            secrets = game.secrets(state.data, seat)
            # every synced trait, the full base scene included (a patch keeps it in the page); the log is
            # history the seat was shown, so its new lines are checked below -- and so are the last move's
            # lines (status.last: log lines of the seat's run, each one the seat was shown)
            traits = {k: getattr(board, k) for k in SYNCED if k != "log_lines"}
            last = dict(traits["status"].get("last") or {})
            shown = [e.text_for(seat) for e in state.log]
            assert all(line in shown for line in last.get("turn", []) + last.get("lines", [])), (seat, step)
            for key in ("text", "lines", "turn"):
                last.pop(key, None)
            traits["status"] = {**traits["status"], "last": last}
            body = json.dumps(traits)
            assert not hits(secrets, body), (seat, step)
            assert board.effective_scene["items"] == match.snapshot(board.perspective)["scene"]["items"]
            new = [e.text_for(seat) for e in state.log[log_len:] if e.text_for(seat) is not None]
            shown_log = board.log_lines[len(board.log_lines) - len(new):] if new else []
            assert shown_log == new
            assert not hits(secrets, json.dumps(shown_log)), (seat, step)
    for w in boards:
        w.close()


def test_the_engine_and_the_match_import_without_jupyter():
    code = ("import sys, illumi_widgets, illumi_widgets.engine; from illumi_widgets import Match; "
            "assert 'anywidget' not in sys.modules and 'ipywidgets' not in sys.modules; "
            "from illumi_widgets import PaxIlluminaten; assert 'anywidget' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
