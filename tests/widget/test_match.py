"""Match: one State, its undo policy and the Controller protocol for every perspective."""

from __future__ import annotations

import json

import pytest

from illumi_widgets import Match, load_game
from illumi_widgets.engine import OMNISCIENT, EngineError, HistoryError, NotYourDecision, StaleAction
from illumi_widgets.games.pax.setup import PaxEditor
from illumi_widgets.widget import Controller


def fingerprint(match: Match) -> tuple:
    return match.state.position(), match.state.version, len(match.state.history)


def act_msg(match: Match, decision: str, option: str, version: int | None = None) -> dict:
    return {"type": "act", "version": match.version if version is None else version, "decision": decision,
            "option": option}


def first_click(match: Match, perspective: str, kind: str | None = None) -> tuple[str, str]:
    """(decision id, option id) of a legal option in ``perspective``'s snapshot."""
    for d in match.snapshot(perspective)["decisions"]:
        for o in d["options"]:
            if kind is None or o["id"].startswith(kind):
                return d["id"], o["id"]
    raise AssertionError(f"no option {kind!r} for {perspective}")


@pytest.fixture
def match() -> Match:
    return Match("pax", players=3, seed=7)


def test_match_is_a_controller_and_snapshots_every_perspective(match):
    assert isinstance(match, Controller)
    seat = match.state.to_act()[0]
    for p in ("seat:0", "seat:1", "seat:2", "spectator", "omniscient", "follow"):
        snap = match.snapshot(p)
        assert set(snap) == {"game", "version", "scene", "decisions", "log", "status"}
        assert snap["game"] == "pax" and snap["version"] == match.version
        assert snap["scene"]["items"] and isinstance(snap["log"], list)
        assert {"text", "to_act", "terminal", "curtain", "error", "can_undo", "can_redo", "history"} <= set(
            snap["status"])
        json.dumps(snap)
    mine = match.snapshot(f"seat:{seat}")["decisions"]
    assert [d["seat"] for d in mine] == [seat]
    assert all(not match.snapshot(f"seat:{s}")["decisions"] for s in range(3) if s != seat)
    assert match.snapshot("spectator")["decisions"] == []
    assert [d["seat"] for d in match.snapshot("omniscient")["decisions"]] == [seat]
    d = mine[0]
    assert d["id"] == match.state.decisions()[0].id
    ids = [o["id"] for o in d["options"]]
    assert ids == match.legal_actions(seat).notations() and len(set(ids)) == len(ids)
    assert all(o["notation"] == o["id"] and isinstance(o["label"], str) and o["label"]
               and isinstance(o["targets"], list) and o["group"] for o in d["options"])


def test_bad_perspectives_are_refused_without_raising(match):
    assert match.snapshot("seat:9")["status"]["error"]["code"] == "bad-perspective"
    reply = match.handle({"type": "undo", "version": match.version}, "seat:7")
    assert reply["type"] == "error" and reply["code"] == "bad-perspective"
    with pytest.raises(EngineError):
        match.play("end", perspective="seat:5")


def test_a_legal_click_applies_and_notifies_every_subscriber(match):
    calls = []
    unsub = match.subscribe(lambda: calls.append("a"))
    match.subscribe(lambda: calls.append("b"))
    seat = match.state.to_act()[0]
    did, oid = first_click(match, f"seat:{seat}")
    v = match.version
    reply = match.handle(act_msg(match, did, oid), f"seat:{seat}")
    assert reply == {"type": "ok", "version": match.version} and match.version > v
    assert match.state.history[-1].notation() == oid or oid in [a.notation() for a in match.state.history]
    assert calls == ["a", "b"]
    unsub()
    match.undo()
    assert calls == ["a", "b", "b"]


def test_refused_clicks_change_nothing(match):
    seat = match.state.to_act()[0]
    other = (seat + 1) % 3
    did, oid = first_click(match, f"seat:{seat}")
    before = fingerprint(match)
    calls = []
    match.subscribe(lambda: calls.append(1))
    cases = [
        (act_msg(match, did, oid, version=match.version - 1), f"seat:{seat}", "stale"),
        (act_msg(match, did, oid, version=match.version + 5), f"seat:{seat}", "stale"),
        (act_msg(match, did, oid), f"seat:{other}", "not-your-decision"),
        (act_msg(match, did, oid), "spectator", "not-your-decision"),
        (act_msg(match, "nonsense:0", oid), f"seat:{seat}", "not-your-decision"),
        (act_msg(match, f"turn:{other}", oid), "omniscient", "not-your-decision"),
        (act_msg(match, did, "influence Z9 x7"), f"seat:{seat}", "unknown-option"),
        (act_msg(match, did, oid.upper() + " "), f"seat:{seat}", "unknown-option"),
        ({"type": "act", "version": match.version}, f"seat:{seat}", "bad-message"),
        ({"type": "explode", "version": match.version}, f"seat:{seat}", "bad-message"),
        ({"type": "undo", "version": "1"}, f"seat:{seat}", "bad-message"),
        ("not a dict", f"seat:{seat}", "bad-message"),
        ({"type": "goto", "version": match.version, "index": 99}, "omniscient", "no-history"),
        ({"type": "redo", "version": match.version}, "omniscient", "no-history"),
        ({"type": "undo", "version": match.version}, "omniscient", "no-history"),
    ]
    for msg, perspective, code in cases:
        reply = match.handle(msg, perspective)
        assert reply["type"] == "error" and reply["code"] == code, (msg, perspective, reply)
        assert isinstance(reply["message"], str) and reply["message"]
        if code == "stale":  # a race a person meets (two seats choosing at once): plain words, no version
            assert reply["message"] == "The board changed before your choice arrived: please choose again."
        assert fingerprint(match) == before
    assert calls == []


def test_notebook_calls_use_the_same_checks(match):
    seat = match.state.to_act()[0]
    other = (seat + 1) % 3
    legal = match.legal_actions(seat)
    before = fingerprint(match)
    with pytest.raises(NotYourDecision):
        match.play(legal[0], perspective=other)
    with pytest.raises(EngineError) as err:
        match.play("influence Z9 x2")
    assert err.value.code in ("bad-notation", "illegal")
    with pytest.raises(EngineError):
        match.play("end", perspective="spectator")
    assert fingerprint(match) == before
    assert match.explain(legal[0]) is None and match.explain("claim plot nothing-here")
    done = match.play(legal[0].notation(), perspective=seat)
    assert done == legal[0] and match.state.history[-1] == legal[0] or legal[0] in match.state.history
    assert match.undo() == legal[0]
    assert match.redo() == legal[0]


def test_analysis_mode_history_undo_redo_and_goto(match):
    start = match.position()
    positions = [start]
    for _ in range(6):
        seat = match.state.to_act()[0]
        match.play(match.legal_actions(seat)[-1])  # 'end' (or the last option): turns move on
        positions.append(match.position())
    hist = match.snapshot("omniscient")["status"]["history"]
    assert hist == {"index": 6, "length": 6}
    for p in ("seat:1", "spectator", "follow"):  # analysis: free for every perspective
        assert match.snapshot(p)["status"]["can_undo"] is True
    reply = match.handle({"type": "goto", "version": match.version, "index": 2}, "spectator")
    assert reply["type"] == "ok" and match.position() == positions[2]
    assert match.history() == {"index": 2, "length": 6}
    assert match.snapshot("seat:0")["status"]["can_redo"] is True
    match.handle({"type": "goto", "version": match.version, "index": 0}, "seat:2")
    assert match.position() == start
    match.handle({"type": "goto", "version": match.version, "index": 6}, "seat:2")
    assert match.position() == positions[6]
    assert match.handle({"type": "undo", "version": match.version}, "seat:1")["type"] == "ok"
    assert match.position() == positions[5]
    assert match.handle({"type": "redo", "version": match.version}, "seat:0")["type"] == "ok"
    assert match.position() == positions[6]


def test_constructors_agree(match):
    for _ in range(4):
        match.play(match.legal_actions()[0])
    again = Match.from_record(json.loads(json.dumps(match.record())))
    assert again.position() == match.position()
    assert Match.from_position(match.position()).position() == match.position()
    state = load_game("pax", players=2).new_state(seed=3)
    m2 = Match.from_state(state, mode="play")
    assert m2.state is state and m2.mode == "play" and m2.bots == {}
    assert "Match('pax', players=2, mode='play'" in repr(m2)
    with pytest.raises(EngineError):
        Match("pax", players=3, mode="tournament")
    assert m2.view(0)["seat"] == 0 and m2.view(OMNISCIENT)["perspective"] == "omniscient"


# ------------------------------------------------------------------ play mode
def test_play_mode_a_seat_undoes_only_its_own_decision():
    m = Match("pax", players=3, seed=7, mode="play")
    seat = m.state.to_act()[0]
    other = (seat + 1) % 3
    extort = next(a for a in m.legal_actions(seat) if a.notation() == "extort areopagus")
    m.play(extort, perspective=seat)
    while m.state.to_act() == [seat] and m.state.decisions()[0].kind != "turn":  # e.g. choose the Favor
        m.play(m.legal_actions(seat)[0], perspective=seat)
    after = fingerprint(m)
    assert m.snapshot(f"seat:{seat}")["status"]["can_undo"] is True
    assert m.snapshot(f"seat:{other}")["status"]["can_undo"] is False
    # a disabled Undo says why, in a person's words (its tooltip; no notation, no seat number)
    whose = m.state.game.seat_name(seat)
    assert m.snapshot(f"seat:{seat}")["status"]["undo_why"] is None
    assert m.snapshot(f"seat:{other}")["status"]["undo_why"] == (
        f"The last decision was {whose}'s: you can take back only your own.")
    assert m.snapshot("spectator")["status"]["undo_why"] == "A spectator cannot undo."
    assert m.snapshot(f"seat:{seat}")["status"]["redo_why"] == "There is nothing to redo."
    assert m.snapshot("seat:0")["status"]["history"] == {"index": 0, "length": 0}  # no history browsing
    for perspective, code in ((f"seat:{other}", "not-your-decision"), ("spectator", "not-allowed")):
        reply = m.handle({"type": "undo", "version": m.version}, perspective)
        assert reply["code"] == code and fingerprint(m) == after
        assert reply["message"] == m.snapshot(perspective)["status"]["undo_why"]  # the page's words
    with pytest.raises(EngineError, match="extort areopagus"):  # the notebook's error names the decision
        m.undo(perspective=other)
    reply = m.handle({"type": "goto", "version": m.version, "index": 0}, f"seat:{seat}")
    assert reply["code"] == "not-allowed" and fingerprint(m) == after
    while m.state.history and m.state.history[-1] != extort:
        assert m.handle({"type": "undo", "version": m.version}, f"seat:{seat}")["type"] == "ok"
    assert m.handle({"type": "undo", "version": m.version}, f"seat:{seat}")["type"] == "ok"
    assert extort in m.legal_actions(seat) and not m.state.history[1:]
    assert m.handle({"type": "redo", "version": m.version}, f"seat:{other}")["code"] == "not-your-decision"
    assert m.handle({"type": "redo", "version": m.version}, f"seat:{seat}")["type"] == "ok"
    assert m.state.history[-1] == extort or extort in m.state.history


def test_play_mode_no_undo_after_a_scout_reveals_a_card():
    m = Match("pax", players=3, seed=7, mode="play")
    seat = m.state.to_act()[0]
    scout = next(a for a in m.legal_actions(seat) if a.kind == "scout")
    m.play(scout, perspective=seat)
    assert m.state.decisions()[0].kind in ("place", "pay")
    assert m.reveals_hidden(len(m.state.history) - 1) or m.state.decisions()[0].kind == "pay"
    while m.state.decisions()[0].kind == "pay":
        m.play(m.legal_actions(seat)[0], perspective=seat)
    after = fingerprint(m)
    reply = m.handle({"type": "undo", "version": m.version}, f"seat:{seat}")
    assert reply["type"] == "error" and reply["code"] == "hidden-revealed", reply
    assert reply["message"] == m.snapshot(f"seat:{seat}")["status"]["undo_why"] == (
        "The last decision cannot be taken back: something hidden was revealed since (a card drawn, turned "
        "up or shown).")
    assert fingerprint(m) == after
    with pytest.raises(EngineError) as err:
        m.undo()  # not from the notebook either
    assert err.value.code == "hidden-revealed"
    m.mode = "analysis"  # analysis: free again
    while scout in m.state.history:
        m.undo()
    assert scout in m.legal_actions(seat)


def test_play_mode_no_undo_once_the_turn_ended_and_the_court_was_refilled():
    m = Match("pax", players=3, seed=7, mode="play")
    seat = m.state.to_act()[0]
    m.play("end", perspective=seat)
    assert m.state.to_act()[0] != seat
    reply = m.handle({"type": "undo", "version": m.version}, f"seat:{seat}")
    assert reply["code"] == "hidden-revealed"


def _oust_position(players: int = 3):
    """A position where the seat to act can Oust a rival at C3 from B3."""
    state = load_game("pax", players=players).new_state(seed=21)
    g = state.game
    att = state.to_act()[0]
    de = (att + 1) % players
    deck = state.view(OMNISCIENT)["omniscient"]["deck"]
    two = [c for c in deck if g.lum[c].rank == "II"][:2]
    with PaxEditor(state) as ed:
        ed.put("C3", two[0])
        ed.put("B3", two[1])
        ed.influence("C3", [de])
        ed.influence("B3", [att])
        ed.favor(att, **{f: 2 for f in g.lum[two[1]].factions})
    return state, att, de


def test_play_mode_oust_reveal_a_sealed_commit_can_be_taken_back_but_not_the_reveal():
    state, att, de = _oust_position()
    m = Match.from_state(state, mode="play")
    oust = next(a for a in m.legal_actions(att) if a.kind == "oust")
    m.play(oust, perspective=att)
    while m.state.decisions()[0].kind == "pay":
        m.play(m.legal_actions(att)[0], perspective=att)
    assert sorted(m.state.to_act()) == sorted([att, de])
    card = m.legal_actions(att)[0]
    assert card.kind == "reveal"
    m.play(card, perspective=att)
    # the defender's screen does not show the sealed card; the attacker may still change it
    assert card.args[0] not in json.dumps(m.snapshot(f"seat:{de}"))
    assert m.handle({"type": "undo", "version": m.version}, f"seat:{att}")["type"] == "ok"
    m.play(card, perspective=att)
    m.play(m.legal_actions(de)[0], perspective=de)  # both revealed: the challenge resolves
    assert m.state.history[-1].seat == de and m.state.history[-1].kind == "reveal"
    after = fingerprint(m)
    reply = m.handle({"type": "undo", "version": m.version}, f"seat:{de}")
    assert reply["code"] == "hidden-revealed" and fingerprint(m) == after


# ------------------------------------------------------------------ follow: the hot-seat curtain
def test_follow_curtain_between_seats(match):
    calls = []
    match.subscribe(lambda: calls.append(1))
    first = match.state.to_act()[0]
    snap = match.snapshot("follow")
    assert snap["status"]["curtain"] is None and snap["status"]["seat"] == first
    assert [d["seat"] for d in snap["decisions"]] == [first]
    did, oid = first_click(match, "follow", "end")
    assert match.handle(act_msg(match, did, oid), "follow")["type"] == "ok"
    nxt = match.state.to_act()[0]
    snap = match.snapshot("follow")
    name = match.game.seat_name(nxt)
    assert snap["status"]["curtain"] == name
    assert snap["decisions"] == [] and snap["log"] == []
    assert not any(it.get("id") for it in snap["scene"]["items"])  # no board under the curtain
    hidden = match.view(nxt)["hands"][nxt]["cards"]
    assert not any(c in json.dumps(snap) for c in hidden)
    # nothing can be done until the person acknowledges
    did2, oid2 = first_click(match, f"seat:{nxt}")
    before = fingerprint(match)
    assert match.handle(act_msg(match, did2, oid2), "follow")["code"] == "curtain"
    assert fingerprint(match) == before
    n = len(calls)
    assert match.handle({"type": "curtain", "open": True}, "follow")["type"] == "ok"
    assert len(calls) == n + 1
    snap = match.snapshot("follow")
    assert snap["status"]["curtain"] is None and snap["status"]["seat"] == nxt
    assert [d["seat"] for d in snap["decisions"]] == [nxt]
    assert all(c in json.dumps(snap) for c in hidden)
    # the curtain message elsewhere is a harmless no-op
    assert match.handle({"type": "curtain", "open": True}, "seat:0")["type"] == "ok"


def test_stale_error_is_typed(match):
    with pytest.raises(StaleAction):
        match.state.apply(match.legal_actions()[0], version=match.version + 1)
    with pytest.raises(HistoryError):
        match.redo()


def test_hot_seat_never_follows_a_bot_seat():
    """A 'follow' (hot-seat) screen stays with the person while a bot acts: no curtain to a bot and never
    the bot's view (its hand would show); between two people the curtain still passes."""
    from illumi_widgets import Match

    m = Match("pax", players=3, bots={1: "random"}, seed=5)
    seen_bot_view = False
    humans_curtains = set()
    for _ in range(400):
        if m.state.is_terminal():
            break
        if m.curtain() is not None:
            humans_curtains.add(m.curtain())
            m.handle({"type": "curtain"}, "follow")
        target = m._follow_target()
        seen_bot_view |= target == 1
        snap = m.snapshot("follow")
        assert snap["status"]["seat"] != 1 and snap["status"]["curtain"] != "Red"
        if 1 in m.state.to_act():
            m.run_bots(max_steps=1)
        else:
            seat = next(s for s in m.state.to_act() if s >= 0)
            m.play(m.state.legal_actions(seat)[0], perspective=seat)
    assert not seen_bot_view
    assert humans_curtains <= {"Blue", "Green"} and "Green" in humans_curtains
