"""No bot ever receives more than its seat's view.

1. Re-deal every card seat ``s`` cannot see in the REAL state (``determinize`` for ``s``, loaded as the
   state's position): the input a bot of ``s`` receives (``SeatState``: view, legal actions, public
   history) is identical — so the input is a function of what ``s`` may see, nothing else.
2. The worlds ``sample_world`` hands out look to ``s`` exactly like the real position.
3. During bot games, nothing a bot receives names one of its seat's secrets (``Game.secrets``) — apart from
   old log lines, which may name a card the seat saw earlier and that is hidden again now (an Event it put
   back on the Event deck), and the seat's own past decisions (a card it placed, since reshuffled into the
   draw pile); the engine's own no-leak check covers each log line when it is written.
"""

from __future__ import annotations

import json

import pytest

from illumi_widgets.bots import Bot, RandomBot, SeatState, run_bots
from illumi_widgets.engine import Rng, load_game
from illumi_widgets.engine.testing import _find_secrets, random_action


def redealt(state, seat, rng):
    """The same game (history, log) with every card hidden from ``seat`` re-dealt in the real position."""
    other = state.clone()
    other.data = state.game.determinize(state.data, seat, rng)
    other.version += 1  # a new position: drop the cached decisions
    return other


@pytest.mark.parametrize("players", [2, 3])
def test_bot_input_is_unchanged_when_hidden_cards_are_redealt(players):
    g = load_game("pax", players=players)
    rng = Rng(40 + players)
    checked = 0
    for game_no in range(2):
        state = g.new_state(seed=500 + game_no)
        step = 0
        while not state.is_terminal():
            if step % 3 == 0:
                for seat in range(players):
                    mine = SeatState(state, seat).signature()
                    for _ in range(2):
                        assert SeatState(redealt(state, seat, rng), seat).signature() == mine, \
                            f"seat {seat}'s bot input depends on hidden cards at {state!r}"
                    checked += 1
            state.apply(random_action(state, rng, prefer=("claimplot",)))
            step += 1
    assert checked > 100


def test_sampled_worlds_look_like_the_real_position_to_the_seat():
    g = load_game("pax", players=3)
    rng = Rng(3)
    state = g.new_state(seed=21)
    for step in range(400):
        if state.is_terminal():
            break
        if step % 5 == 0:
            for seat in state.to_act():
                ss = SeatState(state, seat)
                world = ss.sample_world(Rng(step))
                assert world.data is not state.data
                assert g.view(world.data, seat) == g.view(state.data, seat)
                assert world.legal_actions(seat).notations() == ss.legal_actions().notations()
                assert world.rng.state != state.rng.state  # the real RNG (future shuffles) is not copied
                assert g.problems(world.data) == []
        state.apply(random_action(state, rng))


class Spy(Bot):
    """Plays randomly and keeps every input it was given."""

    name = "spy"

    def __init__(self, seat, seed):
        super().__init__(seat)
        self.inner = RandomBot(seat, seed=seed)
        self.inputs: list = []

    def choose(self, seat_state):
        self.inputs.append(seat_state)
        return self.inner.choose(seat_state)


def test_bots_are_never_shown_their_seats_secrets():
    g = load_game("pax", players=3)
    state = g.new_state(seed=8)
    spies = {s: Spy(s, s) for s in range(3)}
    while not state.is_terminal():
        seat = next(s for s in state.to_act())
        secrets = g.secrets(state.data, seat)
        run_bots(state, {seat: spies[seat]}, max_steps=1)
        ss = spies[seat].inputs[-1]
        view = {k: v for k, v in ss.view.items() if k != "log"}
        others = [h for h in ss.history if h[0] != seat]
        shown = json.dumps([view, ss.legal_actions().notations(), others], default=str)
        assert not _find_secrets(shown, secrets), f"seat {seat} was shown {_find_secrets(shown, secrets)}"
    assert sum(len(s.inputs) for s in spies.values()) > 100


def test_public_history_hides_other_seats_hidden_choices():
    g = load_game("pax", players=2)
    state = g.new_state(seed=4)
    rng = Rng(9)
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        kinds = {a.kind for a in state.history}
        if "keep" in kinds and "place" in kinds:
            break
    for seat in range(2):
        hist = SeatState(state, seat).history
        assert all(t is not None for s, _k, t in hist if s == seat)           # own decisions in full
        assert not any(k.startswith(("deal", "shuffle")) for _s, k, _t in hist)  # no chance outcomes
        assert len(hist) == sum(1 for a in state.history if a.seat >= 0)
