"""The board's "Last move" (``Match.snapshot(...)["status"]["last"]``) names the seat that acted, with that
seat's own words: never the newest log line of another seat or of chance after it ("Green — Roll 9 against
15", "Red — Blue seals a bid"), never a heading ("— Round 2, Blue's turn —") nor what its step wrote after
one (Gray Eminence: "Blue: Round 3 of 5; You draw …" after Blue's pass), and a seat's whole run of
decisions (a bot's turn) is there to be summarised.  Checked over random play of all four games, from every
seat's perspective, through the state's own per-seat log filter (``State.log_lines``)."""

from __future__ import annotations

import random

import pytest

from illumi_widgets import Match
from illumi_widgets.engine import CHANCE

GAMES = [("pax", 2), ("pax", 3), ("illuminati", 3), ("gray-eminence", 3), ("primordial", 3)]


def _own_lines(state, seat, step):
    """What ``seat`` reads of the lines the action numbered ``step`` wrote, up to the first heading it wrote
    (after "— Phase 1: Refresh —" come the new round's bookkeeping and draws, not the move)."""
    out = []
    for s, text in state.log_lines(seat, since=step):
        if s == step and text.startswith("—"):
            break
        if s == step:
            out.append(text)
    return out


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_last_move_names_the_seat_that_acted_with_its_own_words(name, players):
    match = Match(name, players=players, seed=11)
    rng = random.Random(5)
    checked = 0
    for _ in range(160):
        state = match.state
        if state.is_terminal():
            break
        match.play(rng.choice(list(state.legal_actions())))
        history = state.history
        index = max(i for i, a in enumerate(history) if a.seat != CHANCE)
        actor = history[index].seat
        for seat in range(players):
            last = match.snapshot(f"seat:{seat}")["status"]["last"]
            assert last["seat"] == actor and last["name"] == state.game.seat_name(actor)
            assert last["lines"] == _own_lines(state, seat, index)
            assert last["text"] == " ".join(last["lines"])
            assert not any(line.startswith("—") for line in last["turn"])
            # every line of the run is the actor's own or a chance outcome inside its run, and the newest
            # are the last decision's own (when it wrote any)
            if last["lines"]:
                assert last["turn"][-len(last["lines"]):] == last["lines"][-len(last["turn"]):]
            run = [i for i in range(state.history_start, index + 1)
                   if history[i].seat in (actor, CHANCE)
                   and all(history[j].seat in (actor, CHANCE) for j in range(i, index + 1))]
            allowed = {line for i in run for line in _own_lines(state, seat, i)}
            assert set(last["turn"]) <= allowed, (last["turn"], allowed)
            checked += 1
    assert checked > 60, checked


def test_a_heading_written_by_the_move_is_not_the_move():
    """Pax: ending the turn writes "— Round N, X's turn —"; the last move is the end of the turn, not that."""
    match = Match("pax", players=2, seed=4)
    state = match.state
    rng = random.Random(2)
    seen = 0
    for _ in range(400):
        if state.is_terminal():
            break
        before = len(state.log)
        match.play(rng.choice(list(state.legal_actions())))
        if any(e.public and e.public.startswith("— Round") for e in state.log[before:]):
            last = match.snapshot("seat:0")["status"]["last"]
            assert "— Round" not in last["text"] and all("— Round" not in t for t in last["turn"])
            seen += 1
    assert seen >= 3


def test_log_lines_refuses_a_bad_start_and_filters_like_the_view():
    match = Match("gray-eminence", players=3, seed=2)
    state = match.state
    rng = random.Random(3)
    for _ in range(60):
        match.play(rng.choice(list(state.legal_actions())))
    for seat in (None, 0, 1, 2):
        assert [t for _, t in state.log_lines(seat)] == state.view(seat)["log"]
    with pytest.raises(Exception, match="since must be a whole number"):
        state.log_lines(0, since=-1)
