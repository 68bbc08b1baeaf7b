"""Every game as a Python OpenSpiel game (issue 20): OpenSpiel's own random simulation test with
serialization, the game type, chance outcomes, and serialization through the game record."""

from __future__ import annotations

import json
import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel")

from illumi_widgets.engine import CHANCE, Rng  # noqa: E402
from illumi_widgets.rl import register_openspiel  # noqa: E402
from illumi_widgets.rl.openspiel_game import short_name  # noqa: E402
from illumi_widgets.rl.testing import default_players, game_configs  # noqa: E402

NAMES = register_openspiel()


def test_every_game_is_registered():
    assert {"python_illumi_pax", "python_illumi_illuminati"} <= set(NAMES)
    assert set(NAMES) <= set(pyspiel.registered_names())


# One complete game at one player count of each game; the other counts up to 100 moves (the simulation test
# serializes and replays at every move, so a whole 6-player game takes ~15 s).  Every game registered later
# is covered too.
SIMS = [(name, players, None if players == default_players(name) else 100)
        for name, players in game_configs()]


@pytest.mark.parametrize(("name", "players", "cut"), SIMS)
def test_random_sim_test_with_serialization(name, players, cut):
    params = {"players": players} if cut is None else {"players": players, "max_game_length": cut}
    game = pyspiel.load_game(short_name(name), params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "dynamics"), [
    ("pax", "SIMULTANEOUS"), ("gray-eminence", "SIMULTANEOUS"), ("primordial", "SIMULTANEOUS"),
    ("illuminati", "SEQUENTIAL")])
def test_game_type_dynamics_follow_the_sealed_decisions(name, dynamics):
    """Games with sealed simultaneous decisions are simultaneous games (sequential nodes and chance
    elsewhere); Illuminati has none and stays sequential."""
    game = pyspiel.load_game(short_name(name), {"players": 3})
    t = game.get_type()
    assert t.dynamics == getattr(pyspiel.GameType.Dynamics, dynamics)
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_players() == 3


def test_pax_game_sizes_and_the_first_deal_draw():
    game = pyspiel.load_game("python_illumi_pax", {"players": 3})
    t = game.get_type()
    assert (t.min_num_players, t.max_num_players) == (2, 4)
    assert game.num_distinct_actions() == 273  # the Pax 3-player codec's tokens
    assert game.max_chance_outcomes() == 256
    state = game.new_initial_state()
    assert state.is_chance_node()  # the deal is chance's: first, the card drawn for the deck's last place
    cards = len(state.engine_state().game.ids)
    outcomes = state.chance_outcomes()
    assert [a for a, _p in outcomes] == list(range(cards))
    assert all(p == pytest.approx(1 / cards) for _a, p in outcomes)


class _Recording(Rng):
    """The engine's own RNG, noting the draw of every ``below`` (n > 1) and the bytes of every ``next64``:
    the outcomes the exact chance nodes should take to reproduce the engine's own sample."""

    __slots__ = ("draws",)

    def __init__(self, state):
        super().__init__(0)
        self.state = state
        self.draws = []

    def below(self, n):
        if n == 1:
            return 0
        limit = (1 << 64) - 1 - (1 << 64) % n
        while True:
            x = Rng.next64(self)
            if x <= limit:
                self.draws.append(x % n)
                return x % n

    def next64(self):
        x = Rng.next64(self)
        self.draws += [(x >> s) & 255 for s in range(56, -8, -8)]
        return x


def _follow(state, draws):
    """Play the draws through the chance nodes (a merged last draw: the outcome giving the same action)."""
    from illumi_widgets.rl import chance

    engine = state.engine_state()
    before = len(engine.history)
    script = []
    nodes = 0
    while len(engine.history) == before:
        assert state.is_chance_node()
        node = state._chance_node()
        ids = {a for a, _p in node.outcomes}
        v = draws[len(script)]
        if v not in ids:  # (merged with a smaller outcome that gives the same engine action)
            _kind, want = chance.run(engine.game, engine.data, script + [v])
            v = next(a for a in ids if a in node.actions and node.actions[a] == want)
        script.append(v)
        state.apply_action(v)
        nodes += 1
    return engine.history[-1], nodes


@pytest.mark.parametrize(("name", "players", "nodes"), [("pax", 3, None), ("illuminati", 4, None),
                                                         ("gray-eminence", 3, 8), ("primordial", 3, 7)])
def test_the_chance_nodes_reproduce_the_engine_sampler_draw_by_draw(name, players, nodes):
    """Exact chance: the deal is the engine's own ``sample_chance`` split into its random draws — a shuffle
    one card at a time (uniform over the cards left), a seed one byte at a time (1/256).  Taking, node by
    node, the draws the engine's RNG really makes gives exactly the engine's own sample; Primordial's seed
    drops its last 12 bits, so its eighth byte is no node."""
    game = pyspiel.load_game(short_name(name), {"players": players, "seed": 11})
    state = game.new_initial_state()
    engine = state.engine_state()
    want = engine.sample_chance()  # (from a copy of the engine's RNG)
    rec = _Recording(engine.rng.state)
    assert engine.game.sample_chance(engine.data, rec) == want
    got, count = _follow(state, rec.draws)
    assert got == want
    if nodes is not None:
        assert count == nodes
    else:  # a node for every draw of every shuffle of the deal
        assert count == len(rec.draws)
    for _ in range(3):  # and the chance nodes are probabilities that sum to one all along
        if not state.is_chance_node():
            break
        assert sum(p for _a, p in state.chance_outcomes()) == pytest.approx(1.0)


def test_a_whole_deal_is_the_same_for_the_same_outcomes_and_differs_otherwise():
    game = pyspiel.load_game("python_illumi_pax", {"players": 2})
    deals = []
    for first in (0, 0, 1):
        state = game.new_initial_state()
        state.apply_action(first)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        deals.append(state.engine_state().history[0].notation())
    assert deals[0] == deals[1] != deals[2]


def _random_state(game, moves, seed=0):
    import random

    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(game.num_players())])
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


def _first_sealed_node(game, seeds=40):
    """A Pax state at a simultaneous node (an Oust reveal) where the first seat has several commits."""
    import random

    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            if state.is_simultaneous_node():
                pending = state.engine_state().decisions()
                if len(pending[0].options) >= 2:
                    return state, pending
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(game.num_players())])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail(f"no sealed decision met in {seeds} random games")


def test_sealed_reveal_is_a_simultaneous_node():
    """Pax's sealed Oust reveal (both seats choose a card face down, then reveal together): OpenSpiel's
    simultaneous node — the two seats have their own legal tokens, the third seat only *wait* (0), and the
    joint action commits both cards at once."""
    game = pyspiel.load_game("python_illumi_pax", {"players": 3})
    state, pending = _first_sealed_node(game)
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    sealed = {d.seat for d in pending}
    assert len(sealed) == 2 and all(d.sealed for d in pending)
    stepper = state._stepper
    for p in range(3):
        legal = state.legal_actions(p)
        if p in sealed:
            options = next(d for d in pending if d.seat == p).options
            assert legal == sorted({stepper.codec.path(a.notation())[0] for a in options})
        else:
            assert legal == [0]
    with pytest.raises(pyspiel.SpielError):  # the seat outside the group can only wait
        bad = state.clone()
        bad.apply_actions([1 if p not in sealed else state.legal_actions(p)[0] for p in range(3)])
    before = len(state.engine_state().history)
    joint = [state.legal_actions(p)[-1] for p in range(3)]
    state.apply_actions(joint)
    while state.is_simultaneous_node():  # (a commit of several tokens takes several joint actions)
        state.apply_actions([state.legal_actions(p)[0] for p in range(3)])
    done = state.engine_state().history[before:]
    assert {a.seat for a in done if a.kind == "reveal"} == sealed


def test_turn_based_wrapper_hides_the_first_sealed_choice():
    """``pyspiel.convert_to_turn_based`` (what MCTS needs) asks the sealed seats one after the other; the
    second seat's information state is the same whatever the first chose, while the first seat's shows
    it."""
    game = pyspiel.load_game("python_illumi_pax", {"players": 2})
    state, pending = _first_sealed_node(game)
    seats = sorted({d.seat for d in pending})
    first, second = seats
    turn = pyspiel.convert_to_turn_based(game)
    tstate = turn.new_initial_state()
    for pa in state.full_history():  # replay the same game in the wrapper up to the sealed node
        tstate.apply_action(pa.action)
    while len(tstate.legal_actions()) == 1:  # ("reveal": the word both seats' commits begin with)
        tstate.apply_action(tstate.legal_actions()[0])
    assert tstate.current_player() == first
    strings, own = set(), set()
    for token in tstate.legal_actions():
        child = tstate.child(token)
        assert child.current_player() == second
        strings.add((child.information_state_string(second), tuple(child.legal_actions())))
        own.add(child.information_state_string(first))
    assert len(strings) == 1
    assert len(own) == len(tstate.legal_actions()) >= 2


def test_chance_is_player_minus_one_in_both_worlds():
    assert pyspiel.PlayerId.CHANCE == CHANCE


def test_resample_from_infostate_gives_worlds_the_player_cannot_tell_apart():
    """Information-set search (OpenSpiel's ISMCTSBot) samples worlds: same information state for the player,
    other hidden cards (the game's determinize, as the package's search bot uses)."""
    game = pyspiel.load_game("python_illumi_pax", {"players": 3})
    moves = 60
    state = _random_state(game, moves, seed=2)
    while state.is_chance_node() or state.is_simultaneous_node():
        moves += 1
        state = _random_state(game, moves, seed=2)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hidden = set()
    for _ in range(5):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        hidden.add(json.dumps(world.engine_state().view("omniscient")["hands"], sort_keys=True))
    assert len(hidden) >= 4  # the other seats' hands really are re-dealt


def test_dice_are_one_node_with_the_exact_sums():
    """Illuminati's roll of two dice (``below(6) + below(6) + 2``) has 36 equally likely draws: one chance
    node offers the 11 sums with their exact probabilities 1/36 … 6/36 … 1/36."""
    game = pyspiel.load_game("python_illumi_illuminati", {"players": 3})
    state = _random_state(game, 0)
    import random

    rng = random.Random(0)
    while not state.is_chance_node() or not state._stepper.state.history:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    outcomes = state.chance_outcomes()
    got = {}
    for a, p in outcomes:
        roll = state.child(a).engine_state().history[-1].notation()
        got[roll] = p
    assert got == pytest.approx({f"roll {s}": (6 - abs(s - 7)) / 36 for s in range(2, 13)})
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]) == "roll 2"


def test_rulebook_bot_seat_never_acts_in_openspiel():
    options = json.dumps({"bots": {"1": "cagliostro"}})
    game = pyspiel.load_game("python_illumi_pax", {"players": 2, "options": options})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = _random_state(game, 400, seed=4)
    assert any(a.seat == 1 and a.kind == "bot" for a in state.engine_state().history)
    # the bot seat never chooses: no move of its own, only *wait* at a simultaneous node
    history = state.full_history()
    assert all(pa.action == 0 for pa in history if pa.player == 1)


@pytest.mark.parametrize("name", ["pax", "illuminati", "gray-eminence", "primordial"])
def test_observation_tensor_is_the_structured_fields(name):
    """The observation tensor is the game's structured observation (its named fields, from the seat's view)
    and the information-state tensor the same followed by the 256 log buckets; the observer names each
    field, as OpenSpiel's own observers do."""
    game = pyspiel.load_game(short_name(name), {"players": 3})
    enc = game.encoder
    assert enc.structured
    assert game.observation_tensor_shape() == [enc.size]
    assert game.information_state_tensor_shape() == [enc.size + enc.log_size]
    observer = game.make_py_observer()
    assert list(observer.dict) == [n for n, _a, _k, _d in enc.fields]
    state = _random_state(game, 80, seed=1)
    for p in range(3):
        want = enc.observation(state.engine_state().view(p, log_tail=0))
        assert state.observation_tensor(p) == pytest.approx(want)
        assert state.information_state_tensor(p)[:enc.size] == pytest.approx(want)


@pytest.mark.parametrize("name", ["pax", "illuminati", "gray-eminence", "primordial"])
def test_every_chance_node_is_a_distribution_over_its_legal_outcomes(name):
    """Along random games: probabilities in (0, 1] summing to one, the outcomes are the chance node's legal
    actions (ascending) and below ``max_chance_outcomes``, and no node has a single outcome (those are taken
    without asking)."""
    import random

    game = pyspiel.load_game(short_name(name), {"players": 3, "max_game_length": 400})
    rng = random.Random(5)
    state, nodes = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            ids = [a for a, _p in outcomes]
            assert ids == sorted(set(ids)) == state.legal_actions()
            assert max(ids) < game.max_chance_outcomes() and len(ids) >= 2
            assert all(0 < p <= 1 for _a, p in outcomes)
            assert sum(p for _a, p in outcomes) == pytest.approx(1.0, abs=1e-9)
            state.apply_action(rng.choices(ids, [p for _a, p in outcomes])[0])
            nodes += 1
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(3)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert nodes >= 8
