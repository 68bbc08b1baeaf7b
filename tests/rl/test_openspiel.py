"""Every game as a Python OpenSpiel game (issue 20): OpenSpiel's own random simulation test with
serialization, the game type, chance outcomes, and serialization through the game record."""

from __future__ import annotations

import json
import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel")

from illumi_widgets.engine import CHANCE  # noqa: E402
from illumi_widgets.rl import register_openspiel  # noqa: E402

NAMES = register_openspiel()


def test_every_game_is_registered():
    assert {"python_illumi_pax", "python_illumi_illuminati"} <= set(NAMES)
    assert set(NAMES) <= set(pyspiel.registered_names())


# One complete game for one player count of each game; the other counts up to 100-150 moves (the simulation
# test serializes and replays at every move, so a whole 6-player game takes ~15 s).
SIMS = [("pax", 3, None), ("pax", 2, 150), ("pax", 4, 150), ("illuminati", 3, None),
        *[("illuminati", p, 100) for p in (2, 4, 5, 6)]]


@pytest.mark.parametrize(("name", "players", "cut"), SIMS)
def test_random_sim_test_with_serialization(name, players, cut):
    params = {"players": players} if cut is None else {"players": players, "max_game_length": cut}
    game = pyspiel.load_game(f"python_illumi_{name}", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_type_sequential_with_explicit_chance_and_imperfect_information():
    game = pyspiel.load_game("python_illumi_pax", {"players": 3})
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (t.min_num_players, t.max_num_players) == (2, 4)
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 273  # the Pax 3-player codec's tokens
    assert game.max_chance_outcomes() == 64
    state = game.new_initial_state()
    assert state.is_chance_node()  # the deal is chance's
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 64 and sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_a_chance_outcome_is_the_same_engine_deal_every_time_and_outcomes_differ():
    game = pyspiel.load_game("python_illumi_pax", {"players": 2})
    deals = []
    for outcome in (0, 0, 1):
        state = game.new_initial_state()
        state.apply_action(outcome)
        deals.append(state.engine_state().history[0].notation())
    assert deals[0] == deals[1] != deals[2]
    other_seed = pyspiel.load_game("python_illumi_pax", {"players": 2, "seed": 5}).new_initial_state()
    other_seed.apply_action(0)
    assert other_seed.engine_state().history[0].notation() != deals[0]


def _random_state(game, moves, seed=0):
    import random

    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.randrange(len(state.chance_outcomes())))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_serialization_is_the_game_record_and_replays_to_the_same_position():
    game = pyspiel.load_game("python_illumi_pax", {"players": 3})
    state = _random_state(game, 120, seed=3)
    text = pyspiel.serialize_game_and_state(game, state)
    restore, args = state._session.__reduce__()  # what the state pickles as: the engine's game record
    record = json.loads(args[2])
    assert record["format"] == "illumi-record" and record == state.engine_state().record()
    again = pickle.loads(pickle.dumps(state._session))
    assert again.stepper.state.position() == state.engine_state().position()
    _game2, state2 = pyspiel.deserialize_game_and_state(text)
    e1, e2 = state.engine_state(), state2.engine_state()
    assert e2.position() == e1.position()
    assert e2.record() == e1.record()
    assert state2.history() == state.history()
    assert state2.legal_actions() == state.legal_actions()
    for p in range(3):
        assert state2.information_state_string(p) == state.information_state_string(p)


def test_returns_split_a_shared_win_and_sum_to_one():
    game = pyspiel.load_game("python_illumi_illuminati", {"players": 3})
    state = _random_state(game, 100000, seed=1)
    assert state.is_terminal()
    winners = state.engine_state().outcome()["winners"]
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    for p in range(3):
        assert returns[p] == pytest.approx(1 / len(winners) if p in winners else 0.0)


def test_sealed_commit_is_a_hidden_move():
    """Pax's sealed Oust reveal: the seat that commits second has the same information state whatever the
    first seat committed (the first commit is an OpenSpiel move hidden from it)."""
    game = pyspiel.load_game("python_illumi_pax", {"players": 2})
    import random

    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(64))
                continue
            engine = state.engine_state()
            pending = engine.decisions()
            if len(pending) == 2 and all(d.sealed for d in pending) and len(pending[0].options) >= 2:
                first, second = pending[0].seat, pending[1].seat
                assert state.current_player() == first and not state._stepper.prefix
                strings, own = set(), set()
                for action in pending[0].options:  # every commit the first seat could make
                    child = state.clone()
                    while child.current_player() == first:
                        child.apply_action(child._stepper.token_for(action))
                    assert child.current_player() == second
                    own.add(child.information_state_string(first))  # (the first seat knows its commit)
                    strings.add((child.information_state_string(second), child.observation_string(second),
                                 tuple(child.information_state_tensor(second)), tuple(child.legal_actions())))
                assert len(strings) == 1
                assert len(own) == len(pending[0].options)  # the test can tell commits apart
                return
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no sealed decision met in 40 random games")


def test_chance_is_player_minus_one_in_both_worlds():
    assert pyspiel.PlayerId.CHANCE == CHANCE


def test_resample_from_infostate_gives_worlds_the_player_cannot_tell_apart():
    """Information-set search (OpenSpiel's ISMCTSBot) samples worlds: same information state for the player,
    other hidden cards (the game's determinize, as the package's search bot uses)."""
    game = pyspiel.load_game("python_illumi_pax", {"players": 3})
    state = _random_state(game, 60, seed=2)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hidden = set()
    for _ in range(5):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        hidden.add(json.dumps(world.engine_state().view("omniscient")["hands"], sort_keys=True))
    assert len(hidden) >= 4  # the other seats' hands really are re-dealt
