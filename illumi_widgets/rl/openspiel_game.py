"""Every game as a Python OpenSpiel game: ``register_openspiel()``, then
``pyspiel.load_game("python_illumi_pax", {"players": 3})``.

**Dynamics.** A game with sealed simultaneous decisions (its codec module sets ``SEALED = True``: Pax
Illuminaten's Oust reveal, Gray Eminence's sealed bids, programming and votes, Primordial Secrets' sealed
Intents) is ``Dynamics.SIMULTANEOUS``: where the engine waits for sealed commits, ``current_player()`` is
``PlayerId.SIMULTANEOUS``, ``legal_actions(p)`` is each seat's own tokens (``[0]``, *wait*, for a seat that is
not in the sealed group or has already committed) and ``apply_actions`` takes the joint action; everywhere
else the game is sequential with chance nodes, which OpenSpiel allows in a simultaneous game. A game without
sealed decisions (Illuminati) is ``Dynamics.SEQUENTIAL``. Sequential algorithms (MCTS, CFR, the RL agents)
take a simultaneous game through ``pyspiel.convert_to_turn_based(game)``, OpenSpiel's own wrapper, which asks
the seats of a simultaneous node one after the other without showing the earlier choices.

**Actions** are the tokens of the game's action codec (:mod:`illumi_widgets.rl.codec`):
``num_distinct_actions() == codec.size``; an engine action is one to a few tokens, forced tokens are taken
automatically, so every OpenSpiel decision has at least two legal actions unless the engine offers one.  At a
simultaneous node each seat of the sealed group advances its own token path; a seat whose path completes an
engine action commits it (the engine keeps it out of every other seat's view until the reveal).

**Chance is exact** (:mod:`illumi_widgets.rl.chance`): an engine chance event (a deal, a reshuffle, a roll) is
split into the random draws the game's own ``sample_chance`` makes, one chance node per draw with its exact
distribution: a shuffle is one node per card, uniform over the cards left (``1/n``); a seed is eight byte
nodes (``1/256``); an event with few outcomes is one node with its distinct outcomes (two dice: the 11 sums,
``1/36 … 6/36``); at an event's last draw, outcomes giving the same engine action are merged.
``max_chance_outcomes()`` is the largest such node (the biggest deck, at least 256).

**Observations.**  Information state = the seat's view with its whole log (perfect recall), the engine
version and the tokens it has chosen of the action it is in the middle of; observation = the view without
the log.  Strings are canonical JSON.  The observation tensor is the game's structured observation (named
fixed-length fields from the seat's view, listed in its codec module: :mod:`illumi_widgets.rl.features`);
``observer.dict`` names each field (views into the tensor).  The information-state tensor is the observation
followed by 256 feature-hashed buckets of the seat's log and chosen tokens (``dict["log"]``).
``IIGObservationType`` with ``private_info=NONE`` gives the spectator's view (public information only).

**Parameters**: ``players``, ``seed`` (the engine state's seed: its RNG is not used for chance, which the
chance nodes decide), ``max_game_length`` and
``options``, the game's own options as a JSON object text (``'{"hidden_illuminati": true}'``).

**Returns**: the winners share 1, the others 0 (``GENERAL_SUM``: a game cut at ``max_game_length`` moves
— player and simultaneous moves; chance nodes are not counted — ends with every return 0).

**Serialization** goes through the engine's game record: a state pickles as its record (seed and every
action, chance outcomes included) plus the chosen tokens (and the draws of a chance event in progress),
and unpickling replays the record with every action validated.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from ..engine import CHANCE, Rng, available_games, load_game
from ..engine.registry import game_class
from . import chance
from .codec import ViewEncoder, action_codec, codec_module, view_text
from .stepper import Stepper

WAIT = 0  # (token 0, END, never begins an action: at a simultaneous node a seat without a choice plays it)
DEFAULT_MAX_GAME_LENGTH = 20000
_REGISTERED: dict = {}


def short_name(name: str) -> str:
    return "python_illumi_" + name.replace("-", "_")


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    default_players = max(cls.min_players, min(3, cls.max_players))
    sealed = bool(getattr(codec_module(cls(default_players)), "SEALED", False))
    dynamics = pyspiel.GameType.Dynamics.SIMULTANEOUS if sealed else pyspiel.GameType.Dynamics.SEQUENTIAL
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"illumi_widgets {cls.title}",
        dynamics=dynamics,
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
                                 "max_game_length": DEFAULT_MAX_GAME_LENGTH, "options": ""},
    )


def _largest_draw(engine, seed: int) -> int:
    """The most outcomes of one draw of the opening chance event (the biggest deck shuffled), following the
    all-zero script: later reshuffles take cards of the same decks."""
    state = engine.new_state(seed=seed, auto_chance=False)
    if not engine.chance_pending(state.data):
        return 0
    script, most = [], 0
    while True:
        kind, n = chance.run(engine, state.data, script)
        if kind == "action":
            return most
        most = max(most, n)
        script.append(0)


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
        self.outcomes = max(chance.SMALL, _largest_draw(self.engine, self.seed))
        self.simultaneous = gtype.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
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

    def __init__(self, stepper: Stepper, game_name: str, players: int, script=()):
        self.stepper, self.game_name, self.players = stepper, game_name, players
        self.script = list(script)  # (the draws of the chance event in progress)
        self.node_key, self.node = None, None  # (the current chance node, by version and script)

    def __reduce__(self):
        record = json.dumps(self.stepper.state.record())
        sealed = tuple((s, tuple(p)) for s, p in sorted(self.stepper.sealed_prefixes.items()))
        return (_restore_session, (self.game_name, self.players, record, tuple(self.stepper.prefix), sealed,
                                   tuple(self.script)))

    def __deepcopy__(self, memo):
        st = Stepper(self.stepper.state.clone(), self.stepper.codec, withdraw=self.stepper.withdraw)
        st.prefix = list(self.stepper.prefix)
        st.sealed_prefixes = {s: list(p) for s, p in self.stepper.sealed_prefixes.items()}
        out = _Session(st, self.game_name, self.players, self.script)
        out.node_key, out.node = self.node_key, self.node  # (a node is never changed once made)
        return out


def _restore_session(game_name, players, record, prefix, sealed=(), script=()):
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
    stepper.sealed_prefixes = {int(s): list(p) for s, p in sealed}
    return _Session(stepper, game_name, players, script)


class IllumiState(pyspiel.State):
    def __init__(self, game: IllumiOpenSpielGame):
        super().__init__(game)
        engine_state = game.engine.new_state(seed=game.seed, auto_chance=False)
        self._session = _Session(Stepper(engine_state, game.codec), game.engine.name, game.engine.players)
        self._moves = 0
        self._settle_chance()

    # (the game object behind this state: pyspiel keeps it; these read what the adapter needs)
    @property
    def _stepper(self) -> Stepper:
        return self._session.stepper

    def _cut(self) -> bool:
        return self._moves >= self.get_game().max_length

    def _simultaneous_node(self) -> bool:
        return self.get_game().simultaneous and bool(self._stepper.sealed_group())

    def current_player(self):
        if self._cut():
            return pyspiel.PlayerId.TERMINAL
        seat = self._stepper.actor()
        if seat is None:
            return pyspiel.PlayerId.TERMINAL
        if seat == CHANCE:
            return pyspiel.PlayerId.CHANCE
        if self._simultaneous_node():
            return pyspiel.PlayerId.SIMULTANEOUS
        return seat

    def _legal_actions(self, player):
        st = self._stepper
        if self._simultaneous_node():
            if player not in st.sealed_group():
                return [WAIT]
            return st.tokens_for(player, st.sealed_prefixes.get(player, []))
        return st.legal_tokens()

    # -- chance: exact, one draw per node (module docstring) ------------------------------------------------
    def _chance_node(self) -> chance.ChanceNode:
        session = self._session
        st = self._stepper.state
        key = (st.version, tuple(session.script))
        if session.node_key != key:
            node = chance.node(st.game, st.data, session.script)
            top = max(i for i, _p in node.outcomes)
            if top >= self.get_game().outcomes:
                raise pyspiel.SpielError(f"a chance node with outcome {top} exceeds max_chance_outcomes "
                                         f"{self.get_game().outcomes}")
            session.node, session.node_key = node, key
        return session.node

    def chance_outcomes(self):
        """The exact outcomes of this chance node with their probabilities (:mod:`~.chance`)."""
        return list(self._chance_node().outcomes)

    def _apply_chance(self, outcome: int) -> None:
        node = self._chance_node()
        session = self._session
        if outcome in node.actions:
            session.script = []
            self._stepper.state.apply(node.actions[outcome])
            self._stepper.settle()
        elif outcome in node.draws:
            session.script = session.script + [node.draws[outcome]]
        else:
            raise pyspiel.SpielError(f"{outcome} is not an outcome of this chance node")

    def _settle_chance(self) -> None:
        """Take the chance nodes with a single outcome (bits a game shifts away) without asking."""
        while not self._cut() and self._stepper.actor() == CHANCE:
            node = self._chance_node()
            if len(node.outcomes) != 1:
                return
            self._apply_chance(node.outcomes[0][0])

    def _apply_action(self, action):
        st = self._stepper
        if st.actor() == CHANCE:
            self._apply_chance(int(action))
        else:
            self._moves += 1  # (max_game_length counts decisions, as OpenSpiel's: chance nodes are not moves)
            st.step(int(action))
        self._settle_chance()

    def _apply_actions(self, actions):
        """A simultaneous node: every seat of the sealed group advances its own token path; the engine
        actions completed are committed together (seat order), the others' paths wait for the next node."""
        st = self._stepper
        group = st.sealed_group()
        done = []
        for seat, token in enumerate(actions):
            token = int(token)
            if seat not in group:
                if token != WAIT:
                    raise pyspiel.SpielError(f"seat {seat} has no choice now: its action must be {WAIT}")
                continue
            prefix, action = st.advance(seat, st.sealed_prefixes.get(seat, []), token)
            if action is None:
                st.sealed_prefixes[seat] = prefix
            else:
                st.sealed_prefixes.pop(seat, None)
                done.append(action)
        for action in done:
            st.state.apply(action)
        self._moves += 1
        group = st.sealed_group()
        for seat, prefix in st.sealed_prefixes.items():
            if seat not in group or not st.tokens_for(seat, prefix):
                raise pyspiel.SpielError(f"seat {seat}'s sealed choice '{st.codec.text(prefix)}' was "
                                         "overtaken by the others' commits")
        if not any(st.sealed_prefixes.values()):
            st.sealed_prefixes.clear()
            st.settle()
        self._settle_chance()

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            node = self._chance_node()
            if action in node.actions:
                return node.actions[action].notation()
            return f"draw {action} of {node.n}"
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
            stepper.sealed_prefixes = {s: list(p) for s, p in self._stepper.sealed_prefixes.items()}
            twin._session.stepper = stepper
            if twin.information_state_string(player_id) == want:
                return twin
        return self.clone()

    def __str__(self):
        st = self._stepper
        sealed = "".join(f" sealed[{s}]='{st.codec.text(p)}'" for s, p in sorted(st.sealed_prefixes.items()))
        draws = f" draws={self._session.script}" if self._session.script else ""
        return f"{st.state!r} history={len(st.state.history)} prefix='{st.prefix_text()}'{sealed}{draws}"


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
        # the named pieces of the tensor (views into it, as OpenSpiel's own observers; they tile it exactly:
        # OpenSpiel reads the tensor's layout from them)
        if self.encoder.fields is None:
            self.dict = {"observation": self.tensor[:self.encoder.size]}
        else:
            self.dict = {name: self.tensor[at:at + n] for name, at, n, _doc in self.encoder.fields}
        if self.recall:
            self.dict["log"] = self.tensor[self.encoder.size:]

    def _view(self, state, player):
        seat = player if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER else (
            "omniscient" if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS else None)
        return state._stepper.state.view(seat, log_tail=None if self.recall else 0)

    def _prefix(self, state, player) -> str:
        st = state._stepper
        if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER and player in st.sealed_prefixes:
            return st.codec.text(st.sealed_prefixes[player])
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
