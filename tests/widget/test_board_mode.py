"""Which undo policy a board plays by when none is asked for (issue 30 item 12): one person against bots
plays by the play policy (undo your own moves only, never across hidden information), so rewinding cannot
show what a bot was dealt; ``mode="analysis"`` still asks for free undo; a board on its own (no bots, one
seat) stays an analysis board, and a hot-seat board plays."""

from __future__ import annotations

import random

import illumi_widgets


def _after_a_bot_move(**kwargs):
    board = illumi_widgets.PaxIlluminaten(players=2, seed=4, seat=0, bots={1: "random"}, **kwargs)
    rng = random.Random(1)
    state = board.match.state
    while 1 not in state.to_act():
        board.play(rng.choice(list(board.legal_actions())))
    board.run_bots()
    assert state.history[-1].seat == 1 or state.history[-2].seat == 1  # (a bot moved last, or its chance)
    return board


def test_a_seat_against_bots_plays_by_the_play_policy():
    board = _after_a_bot_move()
    assert board.match.mode == "play"
    assert not board.match.can_undo("seat:0")  # the bot's move is not Blue's to take back
    assert _after_a_bot_move(mode="analysis").match.can_undo("seat:0")


def test_analysis_when_asked_and_for_boards_without_bots():
    assert illumi_widgets.PaxIlluminaten(players=2, seat=0, bots={1: "random"},
                                         mode="analysis").match.mode == "analysis"
    assert illumi_widgets.PaxIlluminaten(players=2, seat=0).match.mode == "analysis"
    assert illumi_widgets.PaxIlluminaten(players=2).match.mode == "play"  # hot seat
    bots = {1: "random", 2: "random"}
    assert illumi_widgets.GrayEminence(players=3, seat=0, bots=bots).match.mode == "play"
