"""Thinking ahead (``illumi_widgets/match_ponder.py``): a click whose options were pondered while the kernel
was idle sends exactly what it would have sent without it, at every step of random games of every game, from
a seat's board and from the analysis board; a pondered result is never used once what it depends on changed
(the bots, the preferences, the position by an undo)."""

from __future__ import annotations

import random

import pytest

from illumi_widgets import Match
from illumi_widgets.engine import CHANCE
from illumi_widgets.match_ponder import PONDER_OPTIONS
from illumi_widgets.widget import GameWidget
from illumi_widgets.widget import base as widget_base

GAMES = {"pax": 3, "illuminati": 3, "primordial": 3, "gray_eminence": 3}


def options(match: Match, key: str) -> list[tuple[str, str]]:
    """The (decision, option) pairs a board of ``key`` shows now."""
    return [(d["id"], o["id"]) for d in match.snapshot(key)["decisions"] for o in d["options"]]


def fresh_snapshot(match: Match, key: str) -> dict:
    """The snapshot made from the position as it is, with nothing remembered."""
    with match.lock:
        match._cache_key, match._cache = None, {}
        return match.snapshot(key)


def a_seat_to_act(match: Match) -> int | None:
    to_act = [s for s in match.state.to_act() if s != CHANCE]
    return to_act[0] if to_act else None


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("view", ["omniscient", "seat"])
def test_a_pondered_click_is_sent_what_an_unpondered_one_is(game, view):
    match = Match(game, players=GAMES[game], seed=11)
    rng = random.Random(f"{game}-{view}")
    used = steps = 0
    for _ in range(30):
        if match.state.is_terminal():
            break
        seat = a_seat_to_act(match)
        if seat is None:
            break
        key = "omniscient" if view == "omniscient" else f"seat:{seat}"
        shown = options(match, key)
        if not shown:
            match.play(rng.choice(list(match.legal_actions(seat))))  # (a step the board does not show)
            continue
        shown = shown[:PONDER_OPTIONS]  # (what a board ponders)
        pondered = {option: match.ponder(key, *option) for option in shown}
        assert any(s is not None for s in pondered.values()), f"nothing pondered at step {steps} of {game}"
        did, oid = rng.choice(shown)
        reply = match.handle({"type": "act", "version": match.version, "decision": did, "option": oid}, key)
        assert reply["type"] == "ok", reply
        sent = match.snapshot(key)
        used += sent is pondered[(did, oid)] and sent is not None
        assert sent == fresh_snapshot(match, key), f"step {steps} of {game} ({key}): the snapshots differ"
        steps += 1
    assert steps >= 10 and used == steps, (steps, used)  # (every click's options were pondered)


def test_a_pondered_result_is_not_used_once_the_bots_or_the_position_changed():
    match = Match("pax", players=3, seed=5)
    key = "omniscient"
    first = options(match, key)[0]
    assert match.ponder(key, *first) is not None
    match.bots[1] = object()  # (changed in place, no notification: the snapshot names the bots)
    match.handle({"type": "act", "version": match.version, "decision": first[0], "option": first[1]}, key)
    assert match.snapshot(key)["status"]["bots"] == fresh_snapshot(match, key)["status"]["bots"]
    match.bots.clear()
    # an undo moves the position: what was pondered before it is not used after it
    second = options(match, key)[0]
    pondered = match.ponder(key, *second)
    match.undo()
    match.play(match.state.legal_actions(a_seat_to_act(match))[0])
    again = options(match, key)
    if second in again:
        act = {"type": "act", "version": match.version, "decision": second[0], "option": second[1]}
        match.handle(act, key)
        assert match.snapshot(key) is not pondered
    assert match.snapshot(key) == fresh_snapshot(match, key)


def test_an_option_the_board_may_not_take_is_not_pondered():
    match = Match("pax", players=3, seed=5)
    seat = a_seat_to_act(match)
    other = next(s for s in range(3) if s != seat)
    did, oid = options(match, f"seat:{seat}")[0]
    assert match.ponder(f"seat:{other}", did, oid) is None
    assert match.ponder("spectator", did, oid) is None
    assert match.ponder(f"seat:{seat}", did, "no such option") is None
    before = match.version
    assert match.ponder(f"seat:{seat}", did, oid) is not None and match.version == before  # nothing changed


@pytest.mark.parametrize("perspective", ["omniscient", "seat:1"])
def test_a_board_thinking_ahead_sends_the_updates_of_one_that_does_not(perspective, monkeypatch):
    """Two boards of two equal games, one pondering when idle: the same updates, and the pondering one made
    (nearly) no scene patch on a click's way."""
    matches = [Match("pax", players=3, seed=8) for _ in range(2)]
    ahead, plain = (GameWidget(m, perspective=perspective) for m in matches)
    plain.ponder_ahead = False
    sent: dict = {ahead: [], plain: []}
    for board in sent:
        board._send = lambda msg, buffers=None, board=board: sent[board].append(msg)
    patches = []
    real_patch = widget_base._patch
    monkeypatch.setattr(widget_base, "_patch", lambda *a, **k: patches.append(1) or real_patch(*a, **k))
    rng = random.Random(8)
    clicks = hits = 0
    for _ in range(60):
        if not ahead.decisions:
            seat = a_seat_to_act(matches[0])
            if seat is None:
                break
            action = rng.choice(list(matches[0].legal_actions(seat)))
            for m in matches:
                m.play(action.notation())
            continue
        ahead._prepare()
        plain._prepare()
        d = rng.choice(ahead.decisions)
        o = rng.choice(d["options"])
        patches.clear()
        for board in (ahead, plain):
            act = {"type": "act", "version": board.version, "decision": d["id"], "option": o["id"]}
            reply = board.dispatch(act)
            assert reply["type"] == "ok", reply
            if board is ahead:
                hits += not patches
        clicks += 1
    assert clicks >= 20 and hits >= 0.8 * clicks, (clicks, hits)
    assert sent[ahead] == sent[plain]
    for board in sent:
        board.close()


def test_a_board_does_not_think_ahead_about_a_bots_decision(monkeypatch):
    match = Match("pax", players=3, seed=5)
    board = GameWidget(match, perspective="omniscient")
    asked = []
    real = match.ponder
    monkeypatch.setattr(match, "ponder", lambda *a: asked.append(a) or real(*a))
    board._prepare()
    assert asked, "a person's decision was not pondered: the test shows nothing"
    seat = a_seat_to_act(match)
    match.bots[seat] = object()  # (the seat to act is now a bot's)
    board.refresh()
    board._last_snapshot = None
    board._refresh()
    assert seat in board.bot_seats and board.decisions
    asked.clear()
    board._prepare()
    assert asked == []
    board.close()
