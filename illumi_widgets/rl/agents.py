"""Agents for the PettingZoo environment: a random agent and any of the package's bots.

Both follow the usual PettingZoo loop::

    env = pettingzoo_env("pax", players=3)
    agents = {"Blue": BotAgent("search", iterations=50), "Red": RandomAgent(seed=1), ...}
    env.reset(seed=7)
    for name in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        env.step(None if term or trunc else agents[name].act(env, name, obs))

A :class:`BotAgent` asks the bot for an engine action through :func:`illumi_widgets.bots.base.decide`, which
hands the bot only the seat's :class:`~illumi_widgets.bots.base.SeatState` (its view, its legal actions, the
public history, worlds re-dealt from its point of view), then plays that action's tokens one by one.
"""

from __future__ import annotations

import random

import numpy as np


class RandomAgent:
    """Uniform over the tokens of the action mask."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def act(self, env, agent, obs) -> int:
        legal = np.flatnonzero(obs["action_mask"])
        return int(legal[self.rng.randrange(len(legal))])


class BotAgent:
    """One of the package's bots (``"search"``, ``"random"``, a Pax rulebook bot …) as a PettingZoo agent."""

    def __init__(self, name: str = "search", **opts):
        from ..bots.registry import make_bot

        self.bot = make_bot(name, **opts)
        self._pending = None  # (engine version, action) while its tokens are being played

    def act(self, env, agent, obs) -> int:
        from ..bots.base import decide

        stepper = env.stepper
        seat = env.possible_agents.index(agent)
        if not env._may_act(agent):  # cycle turn order: this agent waits
            return int(np.flatnonzero(obs["action_mask"])[0])
        state = stepper.state
        if self._pending is None or self._pending[0] != state.version or not stepper.prefix:
            self._pending = (state.version, decide(self.bot, state, seat))
        return stepper.token_for(self._pending[1])
