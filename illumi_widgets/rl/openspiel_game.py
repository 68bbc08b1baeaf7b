"""Every game as a Python OpenSpiel game: ``register_openspiel()``, then
``pyspiel.load_game("python_illumi_pax", {"players": 3})``.

**Dynamics: sequential, with explicit chance.**  Sealed simultaneous decisions (Pax's Oust reveal) are played
as consecutive moves with hidden actions, the way OpenSpiel's own ``convert_to_turn_based`` represents a
simultaneous node: the second seat's information state cannot contain the first seat's commit, because both
come from ``state.view(seat)``, which keeps sealed commits hidden until the reveal.  This keeps every game
usable by the sequential algorithms (MCTS, CFR-family, the RL agents), which do not take simultaneous nodes.

**Actions** are the tokens of the game's action codec (:mod:`illumi_widgets.rl.codec`):
``num_distinct_actions() == codec.size``; an engine action is one to a few tokens, forced tokens are taken
automatically, so every OpenSpiel decision has at least two legal actions unless the engine offers one.

**Chance.**  The engine's chance events (a deal is one permutation of every deck, far too many outcomes to
list) are offered as ``chance_outcomes`` equally likely *draws* (game parameter, default 64): outcome ``i`` at
the ``k``-th chance node is the engine's own ``sample_chance`` fed by an RNG seeded from (``seed`` parameter,
``k``, ``i``).  So every outcome is a real outcome of the game drawn from its real distribution, and a chance
node is a uniform sample of ``chance_outcomes`` of them — exact for sampling algorithms (MCTS, outcome
sampling), a sampled abstraction of the chance tree for algorithms that enumerate it.

**Observations.**  Information state = the seat's view with its whole log (perfect recall), the engine
version and the tokens it has chosen of the action it is in the middle of; observation = the view without
the log.  Strings are canonical JSON; tensors are the feature-hashed views (:class:`~.codec.ViewEncoder`).
``IIGObservationType`` with ``private_info=NONE`` gives the spectator's view (public information only).

**Parameters**: ``players``, ``seed`` (of the chance draws), ``chance_outcomes``, ``max_game_length`` and
``options``, the game's own options as a JSON object text (``'{"hidden_illuminati": true}'``).

**Returns**: the winners share 1, the others 0 (``GENERAL_SUM``: a game cut at ``max_game_length`` moves
ends with every return 0).

**Serialization** goes through the engine's game record: a state pickles as its record (seed and every
action, chance outcomes included) plus the chosen tokens, and unpickling replays the record with every action
validated.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from ..engine import CHANCE, Rng, available_games, load_game
from ..engine.registry import game_class
from .codec import ViewEncoder, action_codec, view_text
from .stepper import Stepper

DEFAULT_CHANCE_OUTCOMES = 64
DEFAULT_MAX_GAME_LENGTH = 20000
_REGISTERED: dict = {}


def short_name(name: str) -> str:
    return "python_illumi_" + name.replace("-", "_")


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    default_players = max(cls.min_players, min(3, cls.max_players))
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"illumi_widgets {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": default_players, "seed": 0,
                                 "chance_outcomes": DEFAULT_CHANCE_OUTCOMES,
                                 "max_game_length": DEFAULT_MAX_GAME_LENGTH, "options": ""},
    )


def _mix(seed: int, node: int, outcome: int) -> Rng:
    rng = Rng(seed)
    mixed = rng.next64() ^ (node * 0x9E3779B97F4A7C15) ^ (outcome * 0xC2B2AE3D27D4EB4F)
    rng.state = mixed & ((1 << 64) - 1)
    rng.next64()
    return rng


class IllumiOpenSpielGame(pyspiel.Game):
    """One illumi_widgets game as an OpenSpiel game (see the module docstring)."""

    engine_name = "game"

    def __init__(self, params=None):
        params = dict(params or {})
        gtype = _REGISTERED[self.engine_name]
        spec = gtype.parameter_specification
        full = {k: params.get(k, spec[k]) for k in spec}
        options = json.loads(full["options"]) if full["options"] else {}
        if not isinstance(options, dict):
            raise pyspiel.SpielError(f"parameter options must be a JSON object, got {full['options']!r}")
        self.engine = load_game(self.engine_name, players=int(full["players"]), **options)
        self.codec = action_codec(self.engine)
        self.encoder = ViewEncoder(self.engine)
        self.seed = int(full["seed"])
        self.outcomes = int(full["chance_outcomes"])
        self.max_length = int(full["max_game_length"])
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=self.outcomes,
            num_players=self.engine.players,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=self.max_length,
        )
        super().__init__(gtype, info, full)

    def new_initial_state(self):
        return IllumiState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return IllumiObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _Session:
    """The engine game behind an OpenSpiel state; pickles as its record (see the module docstring)."""

    def __init__(self, stepper: Stepper, game_name: str, players: int):
        self.stepper, self.game_name, self.players = stepper, game_name, players

    def __reduce__(self):
        record = json.dumps(self.stepper.state.record())
        return (_restore_session, (self.game_name, self.players, record, tuple(self.stepper.prefix)))

    def __deepcopy__(self, memo):
        st = Stepper(self.stepper.state.clone(), self.stepper.codec, withdraw=self.stepper.withdraw)
        st.prefix = list(self.stepper.prefix)
        return _Session(st, self.game_name, self.players)


def _restore_session(game_name, players, record, prefix):
    """Replay a record action by action (each one validated by ``State.apply``), chance left to the caller."""
    rec = json.loads(record)
    engine = load_game(game_name, players=players, **rec["options"])
    state = engine.new_state(seed=rec["seed"], auto_chance=False)
    for line in rec["actions"]:
        who, _, text = line.partition(":")
        seat = CHANCE if who.strip() == "c" else int(who)
        state.apply(state.parse(text.strip(), seat))
    stepper = Stepper(state, action_codec(engine))
    stepper.prefix = list(prefix)
    return _Session(stepper, game_name, players)


class IllumiState(pyspiel.State):
    def __init__(self, game: IllumiOpenSpielGame):
        super().__init__(game)
        engine_state = game.engine.new_state(seed=game.seed, auto_chance=False)
        self._session = _Session(Stepper(engine_state, game.codec), game.engine.name, game.engine.players)
        self._moves = 0

    # (the game object behind this state: pyspiel keeps it; these read what the adapter needs)
    @property
    def _stepper(self) -> Stepper:
        return self._session.stepper

    def _cut(self) -> bool:
        return self._moves >= self.get_game().max_length

    def current_player(self):
        if self._cut():
            return pyspiel.PlayerId.TERMINAL
        seat = self._stepper.actor()
        if seat is None:
            return pyspiel.PlayerId.TERMINAL
        if seat == CHANCE:
            return pyspiel.PlayerId.CHANCE
        return seat

    def _legal_actions(self, player):
        return self._stepper.legal_tokens()

    def chance_outcomes(self):
        k = self.get_game().outcomes
        return [(i, 1.0 / k) for i in range(k)]

    def _apply_action(self, action):
        st = self._stepper
        self._moves += 1
        if st.actor() == CHANCE:
            game = self.get_game()
            node = sum(1 for a in st.state.history if a.seat == CHANCE)
            outcome = st.state.game.sample_chance(st.state.data, _mix(game.seed, node, int(action)))
            st.state.apply(outcome)
        else:
            st.step(int(action))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance draw {action}"
        return self._stepper.codec.token_name(int(action))

    def is_terminal(self):
        return self._cut() or self._stepper.state.is_terminal()

    def returns(self):
        n = self._stepper.state.game.players
        out = [0.0] * n
        outcome = self._stepper.state.outcome()
        if outcome is None:
            return out
        winners = [int(w) for w in outcome.get("winners", [])]
        for w in winners:
            out[w] += 1.0 / len(winners)
        return out

    def engine_state(self):
        """The engine :class:`~illumi_widgets.engine.State` (analysis only: it holds every hidden card)."""
        return self._stepper.state

    def resample_from_infostate(self, player_id, probability_sampler=None, tries: int = 8):
        """A state ``player_id`` cannot tell from this one: everything it cannot see re-dealt by the game's
        ``determinize`` (what the package's search bot does), for information-set search such as
        ``open_spiel.python.algorithms.ismcts.ISMCTSBot``.  A re-deal whose information state differs (a
        game whose re-deal ignores some public clue) is drawn again; after ``tries`` the state itself is
        returned.  The world is for search: its record is still this game's, so do not serialize it."""
        if callable(probability_sampler):
            seed = int(probability_sampler() * (1 << 53))
        else:
            import os

            seed = int.from_bytes(os.urandom(7), "little")
        rng = Rng(seed)
        want = self.information_state_string(player_id)
        engine = self.engine_state()
        for _ in range(tries):
            world = engine.clone()
            world.data = engine.game.determinize(engine.data, player_id, rng)
            twin = self.clone()
            stepper = Stepper(world, self._stepper.codec, withdraw=self._stepper.withdraw)
            stepper.prefix = list(self._stepper.prefix)
            twin._session.stepper = stepper
            if twin.information_state_string(player_id) == want:
                return twin
        return self.clone()

    def __str__(self):
        st = self._stepper
        return f"{st.state!r} history={len(st.state.history)} prefix='{st.prefix_text()}'"


class IllumiObserver:
    """Observation / information state of a seat (PyObserver protocol: ``tensor``, ``dict``, ``set_from``,
    ``string_from``)."""

    def __init__(self, game: IllumiOpenSpielGame, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.encoder = game.encoder
        self.recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info
        size = self.encoder.size + (self.encoder.log_size if self.recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state, player):
        seat = player if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER else (
            "omniscient" if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS else None)
        return state._stepper.state.view(seat, log_tail=None if self.recall else 0)

    def _prefix(self, state, player) -> str:
        st = state._stepper
        mine = self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER and st.actor() == player
        return st.prefix_text() if mine else ""

    def set_from(self, state, player):
        view = self._view(state, player)
        if self.recall:
            values = self.encoder.information_state(view, self._prefix(state, player))
        else:
            values = self.encoder.observation(view)
        self.tensor[:] = values

    def string_from(self, state, player):
        view = self._view(state, player)
        text = view_text(view, with_log=self.recall)
        if self.recall:
            text = f"v{view['version']} {text}"
        prefix = self._prefix(state, player)
        return f"{text} chosen: {prefix}" if prefix else text


def register_openspiel(names=None) -> list[str]:
    """Register ``names`` (default: every game of the registry) with OpenSpiel; returns the short names."""
    out = []
    for name in names or available_games():
        if name not in _REGISTERED:
            gtype = _game_type(name)
            _REGISTERED[name] = gtype
            cls = type(f"IllumiOpenSpiel_{name.replace('-', '_')}", (IllumiOpenSpielGame,),
                       {"engine_name": name, "__module__": __name__})
            globals()[cls.__name__] = cls  # (picklable by name)
            pyspiel.register_game(gtype, cls)
        out.append(short_name(name))
    return out
