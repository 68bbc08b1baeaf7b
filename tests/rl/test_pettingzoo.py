"""The PettingZoo AEC environment of every game (issue 20): PettingZoo's own API, seed and max-cycles tests,
rewards at the end, the codec's stable token numbers and the generic fallback codec."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, seed_test

from illumi_widgets.engine import load_game
from illumi_widgets.rl import EnvModule, pettingzoo_env
from illumi_widgets.rl.agents import RandomAgent
from illumi_widgets.rl.codec import BASE, END, ActionCodec, CodecError, action_codec, codec_module
from illumi_widgets.rl.stepper import Stepper
from illumi_widgets.rl.testing import game_configs

CONFIGS = game_configs()  # Pax 2-4, Illuminati 2-6, and every game registered later


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_pettingzoo_api_seed_and_max_cycles(name, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (api_test's advice: Dict observations, agent names like player_0)
        api_test(pettingzoo_env(name, players=players), num_cycles=60)
        api_test(pettingzoo_env(name, players=players, turns="cycle"), num_cycles=30)
        seed_test(lambda: pettingzoo_env(name, players=players), num_cycles=60)
        max_cycles_test(EnvModule(name, players=players, turns="cycle", illegal="penalize"))


def _play(env, seed):
    env.reset(seed=seed)
    agent = RandomAgent(seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for name in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        total[name] += reward
        env.step(None if term or trunc else agent.act(env, name, obs))
    return total


@pytest.mark.parametrize(("name", "players"), [("pax", 3), ("illuminati", 4)])
def test_rewards_at_the_end_winners_share_one(name, players):
    env = pettingzoo_env(name, players=players)
    for seed in (1, 2):
        total = _play(env, seed)
        out = env.state_.outcome()
        winners = [env.possible_agents[int(w)] for w in out["winners"]]
        assert winners, out
        for agent, r in total.items():
            assert r == pytest.approx(1 / len(winners) if agent in winners else 0.0), (agent, total, out)


def test_rewards_are_zero_until_the_end():
    env = pettingzoo_env("pax", players=2)
    env.reset(seed=3)
    agent = RandomAgent(3)
    for name in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if not env.state_.is_terminal():
            assert reward == 0.0
        env.step(None if term or trunc else agent.act(env, name, obs))


def test_max_cycles_truncates_the_game_order_env():
    env = pettingzoo_env("pax", players=3, max_cycles=5)
    env.reset(seed=1)
    agent = RandomAgent(1)
    steps = 0
    for name in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if trunc:
            assert not env.state_.is_terminal() and reward == 0.0
        steps += 0 if (term or trunc) else 1
        env.step(None if term or trunc else agent.act(env, name, obs))
    assert steps == 15  # 5 cycles of 3 agent steps


def test_agents_are_seat_names_and_mask_only_for_the_agent_to_act():
    env = pettingzoo_env("pax", players=3)
    env.reset(seed=5)
    assert env.possible_agents == ["Blue", "Red", "Green"]
    acting = env.agent_selection
    seat = env.possible_agents.index(acting)
    assert env.state_.to_act() == [seat]
    for a in env.agents:
        mask = env.observe(a)["action_mask"]
        assert mask.dtype == np.int8
        assert (mask.sum() > 0) == (a == acting)
    # the info carries the seat's own view: its hand, not the others'
    view = env.infos[acting]["view"]
    assert view["hands"][seat]["cards"]
    assert all(not h["cards"] for i, h in enumerate(view["hands"]) if i != seat)
    assert env.infos[acting]["legal"] == [a.notation() for a in env.state_.legal_actions(seat)]


def test_illegal_token_raises_and_changes_nothing_or_is_penalized():
    env = pettingzoo_env("pax", players=2)
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = env.state_.position()
    with pytest.raises(CodecError):
        env.step(bad)
    assert env.state_.position() == before
    env = pettingzoo_env("pax", players=2, illegal="penalize")
    env.reset(seed=2)
    who = env.agent_selection
    env.step(bad)
    assert env.rewards[who] == -1.0 and env.state_.position() == before


# -- the action codec ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "players"), [("pax", 4), ("illuminati", 6)])
def test_codec_token_numbers_are_the_same_in_every_position(name, players):
    """Token i means the same word everywhere: the codec does not depend on the position, and the numbers
    of two games of the same game and player count (different seeds) agree word for word."""
    g1, g2 = load_game(name, players=players), load_game(name, players=players)
    c1, c2 = action_codec(g1), action_codec(g2)
    assert c1.words == c2.words and c1.size == c2.size
    state = g1.new_state(seed=11)
    stepper = Stepper(state, c1)
    rng = np.random.default_rng(0)
    seen: dict = {}
    for _ in range(300):
        if stepper.actor() is None:
            break
        for path, action in stepper._choices():
            text = action.notation()
            assert c1.text(path) == text  # the path spells the notation back
            for word, tok in zip(text.split(), [t for t in path if t >= BASE], strict=False):
                if word in c1._index:
                    assert seen.setdefault(tok, word) == word
        toks = stepper.legal_tokens()
        stepper.step(int(rng.choice(toks)))
    assert len(seen) > 20


def test_a_decision_always_asks_and_forced_tokens_are_automatic():
    g = load_game("pax", players=2)
    stepper = Stepper(g.new_state(seed=4), action_codec(g))
    steps = decisions = 0
    rng = np.random.default_rng(4)
    while stepper.actor() is not None and decisions < 200:
        version = stepper.state.version
        while stepper.state.version == version:
            toks = stepper.legal_tokens()
            if stepper.prefix:  # a later token of the same action: a real choice
                assert len(toks) >= 2
            stepper.step(int(rng.choice(toks)))
            steps += 1
        decisions += 1
    assert decisions <= steps < 3 * decisions


def test_the_generic_fallback_codec_spells_notation_and_plays_whole_games():
    """A game without a codec module still gets a fixed, stable space: Discrete(96), words spelled."""

    class NoCodec(type(load_game("pax", players=2))):
        __module__ = "tests.rl.somegame.rules"

    game = NoCodec(2)
    assert codec_module(game) is None
    codec = action_codec(game)
    assert codec.size == BASE == 96 and codec.words == []
    assert codec.path("end") == (2 + ord("e") - 33, 2 + ord("n") - 33, 2 + ord("d") - 33, 1, END)
    stepper = Stepper(game.new_state(seed=9), codec)
    rng = np.random.default_rng(9)
    while stepper.actor() is not None:
        stepper.step(int(rng.choice(stepper.legal_tokens())))
    assert stepper.state.is_terminal()


def test_codec_rejects_bad_vocabulary_and_spells_any_character():
    with pytest.raises(CodecError):
        ActionCodec(["two words"])
    codec = ActionCodec(["give"])
    texts = ["give café 2", "give cafe 2", "give caf\\u00e9 2", "give naïve — ok", "give a\\b"]
    paths = [codec.path(t) for t in texts]
    assert len(set(paths)) == len(texts)  # distinct notations, distinct paths (escapes cannot collide)
    assert all(max(p) < codec.size for p in paths)
    assert [codec.text(p) for p in paths] == texts


def test_info_view_can_be_left_out_for_speed():
    env = pettingzoo_env("pax", players=2, info_view=False)
    env.reset(seed=1)
    assert env.infos[env.agent_selection]["view"] is None
    assert env.infos[env.agent_selection]["legal"]


def test_observation_is_laid_out_in_named_fields():
    """The structured observation: named fields that tile the vector exactly, read from the seat's view —
    Blue's own hand is in its ``hand_cards`` block, the face-up map cells in ``cell_up``."""
    env = pettingzoo_env("pax", players=3)
    env.reset(seed=2)
    enc = env.encoder
    assert enc.structured
    at = 0
    for _name, offset, n, _doc in enc.fields:
        assert offset == at and n > 0
        at += n
    assert at == enc.size == env.observation_space("Blue")["observation"].shape[0]
    view = env.state_.view(0, log_tail=0)
    obs = env.observe("Blue")["observation"]
    fields = enc.split(obs)
    cards = sorted(env.game.lum)
    L = len(cards)
    mine = fields["hand_cards"][:L]
    assert sorted(cards[i] for i in range(L) if mine[i]) == sorted(view["hands"][0]["cards"])
    assert sum(fields["cell_up"]) == sum(1 for c in view["map"]["cells"] if c["up"])
    assert fields["me"] == [1.0, 0.0, 0.0]
    rebuilt = np.zeros(enc.size, np.float32)
    for entry, _key, value in enc.explain(view):
        rebuilt[entry] = value
    assert np.allclose(rebuilt, obs)


@pytest.mark.parametrize(("name", "players"), [("pax", 2), ("pax", 4), ("illuminati", 3), ("illuminati", 6),
                                               ("gray-eminence", 5), ("primordial", 2)])
def test_every_game_has_documented_structured_fields(name, players):
    """Each game's codec module documents every field it fills (the docstring of ``observe``)."""
    from illumi_widgets.rl.codec import codec_module

    env = pettingzoo_env(name, players=players)
    doc = codec_module(env.game).observe.__doc__
    missing = [n for n, _a, _k, _d in env.encoder.fields if f"``{n}``" not in doc]
    assert not missing


@pytest.mark.parametrize("turns", ["game", "cycle"])
def test_package_bots_play_as_pettingzoo_agents(turns):
    """A BotAgent asks the bot for an engine action from its seat's knowledge (bots.base.decide) and plays
    its tokens; here the package's random bot against the mask-random agent, to the end of the game."""
    from illumi_widgets.rl.agents import BotAgent

    env = pettingzoo_env("pax", players=2, turns=turns)
    env.reset(seed=6)
    players = {"Blue": BotAgent("random", seed=1), "Red": RandomAgent(2)}
    for name in env.agent_iter():
        obs, _r, term, trunc, _info = env.last()
        env.step(None if term or trunc else players[name].act(env, name, obs))
    assert env.state_.is_terminal()
    blue_moves = [a for a in env.state_.history if a.seat == 0]
    assert len(blue_moves) > 20


def test_rulebook_bot_seats_are_played_inside_the_environment():
    """Pax's rulebook bots are rules, not players (EN/JA solo rules): with bots={1: "weishaupt"} Red's
    scripted steps happen inside the environment and Red never has to act; the game still ends."""
    env = pettingzoo_env("pax", players=2, bots={1: "weishaupt"})
    env.reset(seed=1)
    agent = RandomAgent(0)
    acted = set()
    for name in env.agent_iter():
        obs, _r, term, trunc, _info = env.last()
        if not (term or trunc):
            acted.add(name)
        env.step(None if term or trunc else agent.act(env, name, obs))
    assert acted == {"Blue"}
    assert any(a.seat == 1 and a.kind == "bot" for a in env.state_.history)
    assert env.state_.is_terminal()
