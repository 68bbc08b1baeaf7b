"""Every game as a PettingZoo AEC environment: ``pettingzoo_env("pax", players=3)``.

**Agents** are the seat names (``"Blue"``, ``"Red"``, …).  **Chance** (deals, shuffles, dice) is resolved
inside the environment by the engine's seeded RNG: ``reset(seed=s)`` starts the engine game with seed ``s``
(an unseeded reset draws its seed from the environment's own generator, itself seeded by the last
``reset(seed=…)``), so a seed gives the same game on every machine.

**Actions**: ``Discrete(n)`` tokens of the game's action codec (:mod:`illumi_widgets.rl.codec`); an engine
action is one to a few tokens, forced tokens are taken automatically, the ``action_mask`` marks the tokens
that continue a legal action.  Token ``i`` means the same word in every position.

**Observation** (a ``Dict``):

* ``observation``: ``Box(-inf, inf, (size,), float32)`` — the agent's view (``state.view(seat)``, the engine's
  only filter of hidden information) as the game's structured observation: named fixed-length fields
  (cells, cards, influence, resources … per seat, listed in the game's codec module,
  ``illumi_widgets.games.<game>.codec``); ``env.encoder.fields`` gives ``(name, offset, length, meaning)``
  of each and ``env.encoder.split(obs["observation"])`` the fields by name (see
  :mod:`illumi_widgets.rl.features`; a game without ``observe`` is feature-hashed, :mod:`~.codec`);
* ``action_mask``: ``Box(0, 1, (n,), int8)`` — all zeros for an agent that does not act now;
* ``prefix``: ``Box(-1, n - 1, (16,), int64)`` — the tokens this agent has chosen of the action it is in the
  middle of (the last 16; ``-1`` pads).

``infos[agent]``: ``view`` (the seat's view, its last ``info_log`` log lines; ``info_view=False`` leaves it
out, which makes a step several times cheaper), ``legal`` (the notations of the legal engine actions for the
acting agent), ``prefix`` (the notation chosen so far), ``seat``.

**Rewards** come at the end: the winners share 1 (``1/k`` each of ``k`` winners), the others get 0.  A game
cut short by ``max_cycles`` is truncated with no reward (a cycle: one step of each agent — in ``turns="game"``
order, ``len(agents)`` steps of whoever acts).

**Sealed simultaneous decisions** (Pax's Oust reveal) are taken one agent at a time; an agent's observation
and view never show another's sealed commit before the reveal.

**Turn order** ``turns="game"`` (default): ``agent_selection`` is the seat the engine waits for, so one agent
may act many times in a row, as in the game.  ``turns="cycle"``: every live agent is selected once per cycle,
in seat order, and an agent that does not act then may only play token 0 (*wait*; its mask shows just that);
this is the shape PettingZoo's parallel API and ``max_cycles_test`` expect (``parallel_env(...)``).

**Illegal tokens**: ``illegal="raise"`` (default) raises :class:`~illumi_widgets.rl.codec.CodecError` and
changes nothing; ``illegal="penalize"`` ignores the token and gives the agent ``illegal_reward`` (-1).
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import conversions

from ..engine import CHANCE, load_game
from .codec import CodecError, ViewEncoder, action_codec
from .stepper import Stepper

PREFIX = 16
WAIT = 0  # (token 0 is END, never the first token of an action: in cycle order it means "wait")


class IllumiAEC(AECEnv):
    """One game at one player count as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(self, name: str, players: int = 2, *, turns: str = "game", max_cycles: int | None = None,
                 illegal: str = "raise", illegal_reward: float = -1.0, withdraw: bool = False,
                 info_log: int = 20, info_view: bool = True, render_mode: str | None = None, **options):
        super().__init__()
        if turns not in ("game", "cycle"):
            raise CodecError(f"turns must be 'game' or 'cycle', got {turns!r}", code="bad-option")
        if illegal not in ("raise", "penalize"):
            raise CodecError(f"illegal must be 'raise' or 'penalize', got {illegal!r}", code="bad-option")
        if render_mode not in (None, "ansi"):
            raise CodecError(f"render_mode must be None or 'ansi', got {render_mode!r}", code="bad-option")
        self.game = load_game(name, players=players, **options)
        self.codec = action_codec(self.game)
        self.encoder = ViewEncoder(self.game)
        self.turns, self.max_cycles, self.illegal = turns, max_cycles, illegal
        self.illegal_reward, self.withdraw, self.info_log = illegal_reward, withdraw, info_log
        self.info_view = info_view
        self.render_mode = render_mode
        self.metadata = {"name": f"illumi_{self.game.name}_{players}p", "render_modes": ["ansi"],
                         "is_parallelizable": turns == "cycle"}
        self.possible_agents = [self.game.seat_name(s) for s in range(players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        n = self.codec.size
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
            "prefix": spaces.Box(-1, n - 1, (PREFIX,), np.int64),
        })
        self._act_space = spaces.Discrete(n)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._seeds = random.Random()
        self.stepper = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- the game ------------------------------------------------------------------------------------------
    @property
    def state_(self):
        """The engine :class:`~illumi_widgets.engine.State` (for analysis; agents see only their views)."""
        return self.stepper.state

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds.seed(seed)
            engine_seed = int(seed)
        else:
            engine_seed = self._seeds.getrandbits(63)
        state = self.game.new_state(seed=engine_seed)
        self.stepper = Stepper(state, self.codec, withdraw=self.withdraw)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._cycle_pos = 0
        self._cycles = 0
        self._steps = 0
        self._game_over = False
        self.agent_selection = self._next_agent(first=True)
        self._update_infos()

    def _acting_agent(self):
        seat = self.stepper.actor()
        if seat is None or seat == CHANCE:  # (chance is resolved by the engine: auto_chance)
            return None
        return self.possible_agents[seat]

    def _next_agent(self, first: bool = False):
        if self.turns == "cycle":
            if not first:
                self._cycle_pos += 1
                if self._cycle_pos == len(self.agents):
                    self._cycle_pos = 0
            return self.agents[self._cycle_pos]
        return self._acting_agent() or self.agents[0]

    def _may_act(self, agent) -> bool:
        return not self._game_over and agent == self._acting_agent()

    def observe(self, agent):
        seat = self._seat[agent]
        view = self.stepper.state.view(seat, log_tail=0)
        obs = np.asarray(self.encoder.observation(view), dtype=np.float32)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if self._may_act(agent):
            mask[self.stepper.legal_tokens()] = 1
        elif self.turns == "cycle":
            mask[WAIT] = 1
        prefix = np.full(PREFIX, -1, dtype=np.int64)
        if self._may_act(agent) and self.stepper.prefix:
            chosen = self.stepper.prefix[-PREFIX:]
            prefix[:len(chosen)] = chosen
        return {"observation": obs, "action_mask": mask, "prefix": prefix}

    def _update_infos(self):
        st = self.stepper.state
        acting = self._acting_agent()
        for agent in self.agents:
            seat = self._seat[agent]
            mine = agent == acting and not self._game_over
            self.infos[agent] = {
                "seat": seat,
                "view": st.view(seat, log_tail=self.info_log) if self.info_view else None,
                "legal": [a.notation() for _p, a in self.stepper._choices()] if mine else [],
                "prefix": self.stepper.prefix_text() if mine else "",
            }

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        acts = self._may_act(agent)
        legal = self.stepper.legal_tokens() if acts else ([WAIT] if self.turns == "cycle" else [])
        token = int(action) if action is not None else None
        if token not in legal:
            if self.illegal == "raise":
                raise CodecError(f"{agent} cannot play token {action!r} now (legal: {legal[:20]})",
                                 code="illegal")
            self.rewards[agent] = float(self.illegal_reward)
        elif acts:
            self.stepper.step(token)
        self._steps += 1
        if self.stepper.state.is_terminal() and not self._game_over:
            self._game_over = True
            out = self.stepper.state.outcome()
            winners = [int(w) for w in out.get("winners", [])]
            for w in winners:
                self.rewards[self.possible_agents[w]] += 1.0 / len(winners)
        end_of_cycle = self.turns != "cycle" or self._cycle_pos == len(self.agents) - 1
        if end_of_cycle:
            if self.turns == "cycle":
                self._cycles += 1
            else:
                self._cycles = self._steps // len(self.possible_agents)
        if self._game_over and end_of_cycle:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self._cycles >= self.max_cycles and end_of_cycle:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._update_infos()
        self.agent_selection = self._next_agent()
        if self._game_over and self.turns == "game" and self.terminations[self.agent_selection]:
            self.agent_selection = self.agents[0]

    def render(self):
        if self.render_mode is None:
            return None
        return repr(self.stepper.state)

    def close(self):
        pass


def pettingzoo_env(name: str, players: int = 2, **kwargs) -> IllumiAEC:
    """``pettingzoo_env("pax", players=3)``: the game as a PettingZoo AEC environment (module docstring)."""
    return IllumiAEC(name, players, **kwargs)


def parallel_env(name: str, players: int = 2, **kwargs):
    """The game as a PettingZoo parallel environment (cycle turn order; see the module docstring)."""
    kwargs.setdefault("turns", "cycle")
    return conversions.aec_to_parallel(IllumiAEC(name, players, **kwargs))


class EnvModule:
    """A module-like pair ``env(**kw)`` / ``parallel_env(**kw)`` for one game (what PettingZoo's
    ``max_cycles_test`` takes)."""

    def __init__(self, name: str, players: int = 2, **kwargs):
        self.name, self.players, self.kwargs = name, players, kwargs

    def env(self, **kw):
        return IllumiAEC(self.name, self.players, **{**self.kwargs, **kw})

    def parallel_env(self, **kw):
        return parallel_env(self.name, self.players, **{**self.kwargs, **kw})
