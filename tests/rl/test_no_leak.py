"""No leaks by construction (issue 20): every agent's observation, info, mask and OpenSpiel information
state are identical in two positions that differ only in hidden cards the agent cannot see.

The twin position (``illumi_widgets.rl.testing.twin_state``) is made the way the search bot makes its
worlds: ``Game.determinize(data, seat, rng)`` re-deals everything ``seat`` cannot see (other hands,
face-down cards, deck order, sealed commits, hidden goals) consistently with its view, and the twin is kept
only if the seat's view is really unchanged.  The twin keeps the history and log, so the only difference is
the hidden deal.  Each test also confirms that the deals really differ (the omniscient view changes), so it
could see a leak if there were one.
"""

from __future__ import annotations

import copy
import json
import random

import numpy as np
import pytest

from illumi_widgets.engine import OMNISCIENT, Rng
from illumi_widgets.rl import pettingzoo_env
from illumi_widgets.rl.agents import RandomAgent
from illumi_widgets.rl.stepper import Stepper
from illumi_widgets.rl.testing import available_games, default_players, supports_determinize, twin_state

GAMES = [("pax", 3, {}), ("pax", 2, {}), ("illuminati", 4, {"hidden_illuminati": True}),
         ("illuminati", 3, {"hidden_goals": True})]
# every game registered later, at one player count (it needs Game.determinize to make twins)
GAMES += [pytest.param(n, default_players(n), {}, marks=pytest.mark.skipif(
    not supports_determinize(n), reason=f"{n} has no Game.determinize to make twin deals"))
    for n in available_games() if n not in ("pax", "illuminati")]
STEPS = {"illuminati": 200}  # agent steps per game checked (default 250; the Illuminati views cost more)


def _differs(a, b) -> bool:
    return json.dumps(a.view(OMNISCIENT), sort_keys=True, default=str) != json.dumps(
        b.view(OMNISCIENT), sort_keys=True, default=str)


def _same_obs(o1, o2):
    return all(np.array_equal(o1[k], o2[k]) for k in o1) and o1.keys() == o2.keys()


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_pettingzoo_observation_is_blind_to_hidden_cards(name, players, options):
    env = pettingzoo_env(name, players=players, **options)
    rng, checked, different = Rng(7), 0, 0
    for seed in (1, 2):
        env.reset(seed=seed)
        agent = RandomAgent(seed)
        for i, who in enumerate(env.agent_iter()):
            obs, _r, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            if i % 9 == 4:
                real = env.stepper
                for seat, name_ in enumerate(env.possible_agents):
                    other = twin_state(real.state, seat, rng)
                    if other is None:
                        continue
                    twin = Stepper(other, env.codec, withdraw=env.withdraw)
                    twin.prefix = list(real.prefix)
                    mirror = copy.copy(env)
                    mirror.infos = {a: {} for a in env.agents}
                    mirror.stepper = twin
                    mirror._update_infos()
                    assert _same_obs(env.observe(name_), mirror.observe(name_)), (seat, i)
                    assert env.infos[name_] == mirror.infos[name_], (seat, i)
                    checked += 1
                    different += _differs(real.state, twin.state)
            env.step(agent.act(env, who, obs))
            if i > STEPS.get(name, 250):
                break
    assert checked >= 40
    assert different >= checked // 2  # the twins really hold other hidden cards


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_openspiel_information_state_is_blind_to_hidden_cards(name, players, options):
    pyspiel = pytest.importorskip("pyspiel")
    from illumi_widgets.rl import register_openspiel
    from illumi_widgets.rl.openspiel_game import short_name

    register_openspiel()
    game = pyspiel.load_game(short_name(name), {"players": players, "options": json.dumps(options)})
    rng, pick, checked, different = Rng(3), random.Random(3), 0, 0
    state = game.new_initial_state()
    for i in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(pick.choice(state.chance_outcomes())[0])
            continue
        if i % 7 == 3:
            engine = state.engine_state()
            for p in range(players):
                other = twin_state(engine, p, rng)
                if other is None:
                    continue
                twin = state.clone()
                twin._session.stepper.state = other
                for what in ("information_state_string", "information_state_tensor", "observation_string",
                             "observation_tensor"):
                    assert getattr(state, what)(p) == getattr(twin, what)(p), (what, p, i)
                assert state.legal_actions(p) == twin.legal_actions(p)
                checked += 1
                different += _differs(engine, twin.engine_state())
        if state.is_simultaneous_node():
            state.apply_actions([pick.choice(state.legal_actions(p)) for p in range(players)])
        else:
            state.apply_action(pick.choice(state.legal_actions()))
    assert checked >= 40
    assert different >= checked // 2


def test_the_check_would_see_a_leak():
    """The same comparison on the omniscient encoding tells the twins apart: an adapter that read hidden
    cards would fail the tests above."""
    env = pettingzoo_env("pax", players=3)
    env.reset(seed=4)
    real = env.stepper.state
    twin = twin_state(real, 0, Rng(1))
    assert twin is not None
    assert env.encoder.observation(real.view(OMNISCIENT)) != env.encoder.observation(twin.view(OMNISCIENT))
    assert env.encoder.observation(real.view(0)) == env.encoder.observation(twin.view(0))


def test_pettingzoo_sealed_commit_stays_hidden_until_the_reveal():
    """Pax's Oust reveal is sealed and simultaneous: the agent that commits second observes the same
    thing (observation, mask, info) whatever the first agent committed."""
    env = pettingzoo_env("pax", players=2)
    for seed in range(40):
        env.reset(seed=seed)
        agent = RandomAgent(seed)
        for who in env.agent_iter():
            obs, _r, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            pending = env.state_.decisions()
            if len(pending) == 2 and all(d.sealed for d in pending) and len(pending[0].options) >= 2:
                first, second = (env.possible_agents[d.seat] for d in pending)
                assert who == first and not env.stepper.prefix
                seen, own = set(), set()
                for action in pending[0].options:
                    mirror = copy.copy(env)
                    mirror.infos = {a: {} for a in env.agents}
                    mirror.stepper = Stepper(env.state_.clone(), env.codec)
                    mirror.stepper.play(action)
                    mirror._update_infos()
                    assert mirror._acting_agent() == second
                    o = mirror.observe(second)
                    seen.add((o["observation"].tobytes(), o["action_mask"].tobytes(),
                              json.dumps(mirror.infos[second], sort_keys=True, default=str)))
                    own.add(json.dumps(mirror.infos[first]["view"], sort_keys=True, default=str))
                assert len(seen) == 1
                assert len(own) == len(pending[0].options)  # (the first agent's own view shows its commit)
                return
            env.step(agent.act(env, who, obs))
    pytest.fail("no sealed decision met in 40 random games")
