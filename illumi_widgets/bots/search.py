"""The search bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo Tree Search".  One tree per decision,
from the bot's seat's point of view; every iteration

1. samples a world: ``seat_state.sample_world(rng)`` — the seat's view with every hidden card re-dealt;
2. descends the tree with UCT restricted to the actions legal in that world (availability counts: a
   child's exploration term uses how often it was available, not the parent's visits);
3. expands one untried action (claims first: they are free progress);
4. plays a playout (taking ``prefer`` kinds whenever legal) to the end of the game or for ``depth``
   decisions, then evaluates the position for every seat (the game's outcome when it is over, else the
   game's heuristic — the module its ``bot_hints`` names, for Pax ``games/pax/evaluation.py``).  The
   playout's moves are uniformly random (``rollout="random"``) or epsilon-greedy on that same heuristic
   (``rollout="greedy"``: with probability ``epsilon`` a random move, else the best one step ahead of
   ``sample`` legal moves drawn at random; :meth:`SearchBot.policy_action`);
5. backs the per-seat values up the path; each node is scored for the seat that chose it.

Chance decisions inside a world (a reshuffle) are resolved with that world's RNG and make no tree node.
So are a rival's forced steps when the game's evaluator names them (``forced``: Pax's rulebook bots, whose
every step is their script's single legal action): they make no node and do not count against ``depth``,
so a playout that reaches a rulebook bot's turn plays it to its Check Phase and sees a plot win.
Sealed simultaneous decisions (an Oust reveal) are taken one seat at a time, the bot's own seat first, so
its choice is never conditioned on a rival's sealed card.  The bot plays the most visited root action.

Strength: ``iterations`` (per decision) and/or ``time_limit`` (seconds per decision); the search stops at
whichever comes first.  With ``time_limit`` alone, games are not reproducible from the seed.
"""

from __future__ import annotations

import math
import time
from importlib import import_module

from ..engine import CHANCE, Action, Log, Rng
from .base import Bot, SeatState

#: hint modules registered by game name (:func:`register_evaluator`); a game names its own with the class
#: attribute ``bot_hints`` (a dotted module name); neither: no heuristic, only finished games are told apart
_EVALUATORS: dict[str, str] = {}
_MAX_FREE = 400  # scripted steps played for free per iteration (a guard; a bot turn takes a handful)
_MAX_WIND = 30  # decisions a playout may wind down to reach a scripted seat's turn
_MAX_QUIET = 30  # decisions a playout may go on past ``depth`` to reach a quiet position (``quiet_test``)
#: kinds that close a step of a turn in every game here (with the game's own ``WIND_DOWN``): what the bot
#: takes once it has repeated one kind of free action ``repeat_cap`` times in a row (``SearchBot.choose``)
CLOSING = ("done", "end", "pass", "skip")
#: playout policies: ``random`` (uniform, ``prefer`` kinds first) or ``greedy`` (epsilon-greedy on the game's
#: evaluation: the best of ``sample`` legal actions, each tried one step ahead: ``SearchBot.policy_action``)
ROLLOUTS = ("random", "greedy")
#: playout depth (decisions before the heuristic evaluation) of a game whose hints module names no ``DEPTH``
DEFAULT_DEPTH = 2
DEFAULT_PER_ACTION = 10


def register_evaluator(game_name: str, module: str) -> None:
    """Name the module with ``values(game, data) -> list[float]`` for a game (optionally also ``PREFER``,
    action kinds playouts take whenever legal, ``legal(game, data, seat)``, a faster legal list,
    ``forced(game, data, seat) -> Action | None``, a seat's scripted step, played like chance, or
    ``forced_steps(game)`` giving such a function or ``None`` when nothing is scripted, and ``WIND_DOWN``).
    A game can name its own module instead (the class attribute ``bot_hints``); a registered one wins."""
    _EVALUATORS[game_name] = module


def hints_module(game) -> str | None:
    """The dotted name of ``game``'s search hints module: registered for its name, else its ``bot_hints``."""
    own = getattr(game, "bot_hints", None)
    return _EVALUATORS.get(game.name, own if isinstance(own, str) else None)


def _hint(game, name: str, default):
    """The value ``name`` of ``game``'s hints module (:func:`hints_module`), else ``default``."""
    module = hints_module(game)
    return default if module is None else getattr(import_module(module), name, default)


def wind_down_kinds(game) -> tuple:
    """Action kinds that end a turn soonest (the evaluator module's ``WIND_DOWN``), for playouts that wind
    down to a scripted seat's turn."""
    own = getattr(game, "bot_wind_down", None)
    if own is not None:
        return tuple(own)
    return tuple(_hint(game, "WIND_DOWN", ()))


def default_depth(game) -> int | None:
    """The playout depth a search uses in ``game`` unless told (``depth=``): the evaluator module's ``DEPTH``
    (decisions before the heuristic evaluation; ``None``: to the end), else :data:`DEFAULT_DEPTH`."""
    return _check_depth(_hint(game, "DEPTH", DEFAULT_DEPTH))


def _check_depth(depth):
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise ValueError("depth must be a whole number of decisions (0 or more), None or 'auto', "
                         f"not {depth!r}")
    return depth


def default_per_action(game) -> int | None:
    """The playouts per legal action a search allows a decision in ``game`` unless told (``per_action=``):
    the evaluator module's ``PER_ACTION`` (``None``: no such cap), else :data:`DEFAULT_PER_ACTION`."""
    return _check_per_action(_hint(game, "PER_ACTION", DEFAULT_PER_ACTION))


def _check_per_action(per_action):
    if per_action is not None and (isinstance(per_action, bool) or not isinstance(per_action, int)
                                   or per_action < 1):
        raise ValueError("per_action must be a whole number of playouts per action (1 or more), None or "
                         f"'auto', not {per_action!r}")
    return per_action


def default_rollout(game) -> str:
    """The playout policy a search uses in ``game`` unless told (``rollout=``): the evaluator module's
    ``ROLLOUT`` (one of :data:`ROLLOUTS`), else ``"random"``."""
    own = _hint(game, "ROLLOUT", "random")
    return own if own in ROLLOUTS else "random"


def forced_steps(game):
    """``forced(data, seat) -> Action | None`` for ``game`` (a scripted seat's only step), or ``None``."""
    own = getattr(game, "bot_forced", None)
    if callable(own):
        return own
    module = hints_module(game)
    if module is None:
        return None
    mod = import_module(module)
    make = getattr(mod, "forced_steps", None)
    if make is not None:
        return make(game)
    fn = getattr(mod, "forced", None)
    return None if fn is None else (lambda d, seat: fn(game, d, seat))


def quiet_test(game):
    """``quiet(data) -> bool`` for ``game`` (the class's ``bot_quiet`` method or the hints module's
    ``quiet(game, data)``), or ``None``: a playout that reaches ``depth`` in a position that is not quiet
    (an attack not yet rolled) goes on until it is, for at most :data:`_MAX_QUIET` decisions, so the
    heuristic never scores a half-done action as if it had not happened (quiescence, as in chess search)."""
    own = getattr(game, "bot_quiet", None)
    if callable(own):
        return own
    module = hints_module(game)
    fn = None if module is None else getattr(import_module(module), "quiet", None)
    return None if fn is None else (lambda d: fn(game, d))


def evaluator(game):
    """``(values, prefer, legal)`` for ``game``: ``values(data) -> per-seat values in [0, 1]``,
    ``legal(data, seat) -> actions``.

    A game may define ``heuristic_values(data) -> list[float]`` (every seat's at once) or
    ``heuristic(data, seat) -> float`` itself; else the module registered for its name or
    named by its ``bot_hints`` is used; else only finished games are told apart (every unfinished position
    is worth ``1/players``).
    """
    every = getattr(game, "heuristic_values", None)
    if callable(every):  # every seat's value at once (a share of the table: computed once, not per seat)
        return every, tuple(getattr(game, "bot_prefer", ())), game.legal
    own = getattr(game, "heuristic", None)
    if callable(own):
        return ((lambda d: [own(d, s) for s in range(game.players)]), tuple(getattr(game, "bot_prefer", ())),
                game.legal)
    module = hints_module(game)
    if module is not None:
        mod = import_module(module)
        fast = getattr(mod, "legal", None)
        return ((lambda d: mod.values(game, d)), tuple(getattr(mod, "PREFER", ())),
                game.legal if fast is None else (lambda d, seat: fast(game, d, seat)))

    def outcome_only(d):
        out = game.outcome(d)
        n = game.players
        if out is None:
            return [1.0 / n] * n
        winners = out.get("winners", [])
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]

    return outcome_only, (), game.legal


class _QuietLog(Log):
    """The event log of a playout: nobody reads it."""

    __slots__ = ()

    def add(self, public, private=None, secret=None) -> None:
        pass


class _Node:
    __slots__ = ("children", "n", "w", "avail")

    def __init__(self, players: int):
        self.children: dict = {}
        self.n = 0
        self.w = [0.0] * players
        self.avail = 1


def root_stats(root: _Node, seat: int) -> list[tuple[Action, int, float]]:
    """``(action, visits, mean value for seat)`` of each root action of a search tree, most visited first
    (ties: higher value).  Values are the playouts' per-seat evaluations in ``[0, 1]`` (1: a win)."""
    rows = [(a, ch.n, ch.w[seat] / ch.n if ch.n else 0.0) for a, ch in root.children.items()]
    rows.sort(key=lambda r: (-r[1], -r[2], r[0].notation()))
    return rows


def principal_line(root: _Node, limit: int = 8, min_visits: int = 2) -> list[Action]:
    """The expected line: from the root, the most visited child again and again (each seat's own choice in
    the tree), while a child has at least ``min_visits`` visits."""
    line = []
    node = root
    while len(line) < limit and node.children:
        a, ch = max(node.children.items(), key=lambda kv: (kv[1].n, kv[0].notation()))
        if ch.n < min_visits:
            break
        line.append(a)
        node = ch
    return line


class SearchBot(Bot):
    """ISMCTS over re-dealt worlds (see the module docstring).

    ``iterations``: playouts per decision (default 200 when no ``time_limit``).
    ``per_action`` (``None``: off; default ``"auto"``: the game's hints module's ``PER_ACTION``, else
    :data:`DEFAULT_PER_ACTION`): a decision between ``k`` actions stops after ``max(per_action, 2) * k``
    playouts if that is fewer (two Favor types need fewer than a whole turn).
    ``time_limit``: seconds per decision (the search stops at the first limit reached).
    ``depth``: playout length in decisions before the heuristic evaluation (``None``: to the end; default
    ``"auto"``: the game's own, its hints module's ``DEPTH``, else :data:`DEFAULT_DEPTH`).
    ``c``: UCT exploration constant (values are in ``[0, 1]``).  ``seed``: the bot's own RNG.
    ``rollout``: the playout policy, ``"random"`` or ``"greedy"`` (default: the game's hints module's
    ``ROLLOUT``, else random; ``epsilon``, default 0.25: the share of
    random moves; ``sample``, default 4: legal moves compared one step ahead; ``None``: all of them).
    ``lookahead`` (default on; only matters when the game has scripted seats, such as Pax's rulebook bots):
    a playout that reaches ``depth`` before any scripted seat has moved winds down to the end of the next
    scripted turn, so a rulebook bot's imminent plot win is seen; an integer ``k`` winds down until ``k``
    scripted turns have been played in the iteration (``2``: also the bot's turn after next, the people
    ending their turns soonest in between, so a threat two turns away is seen too).
    ``repeat_cap`` (default 8; ``None``: off): after that many decisions of one kind in a row, the bot takes
    an action that closes the step (:data:`CLOSING` or the game's ``WIND_DOWN`` kinds) when one is legal,
    so a step that allows a free move any number of times ends (:meth:`_closing_after_repeats`).
    """

    name = "search"

    def __init__(self, seat: int | None = None, *, iterations: int | None = None,
                 time_limit: float | None = None, depth: int | str | None = "auto", c: float = 0.7,
                 seed: int = 0, per_action: int | str | None = "auto", prefer=None,
                 lookahead: bool | int = True, widen: float | None = None, reuse: bool = False,
                 rollout: str | None = None,
                 epsilon: float = 0.25, sample: int | None = 4, repeat_cap: int | None = 8):
        super().__init__(seat)
        if repeat_cap is not None and repeat_cap < 1:
            raise ValueError("repeat_cap must be at least 1")
        self.repeat_cap = repeat_cap
        if rollout is not None and rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError("epsilon must be in [0, 1]")
        if sample is not None and sample < 1:
            raise ValueError("sample must be at least 1")
        self.rollout = rollout
        self._rollout = rollout or "random"
        self.epsilon = epsilon
        self.sample = sample
        if iterations is None and time_limit is None:
            iterations = 200
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if time_limit is not None and time_limit <= 0:
            raise ValueError("time_limit must be positive")
        self.iterations = iterations
        self._auto_per_action = per_action == "auto"
        self.per_action = None if self._auto_per_action else _check_per_action(per_action)
        self.time_limit = time_limit
        self._auto_depth = depth == "auto"
        self.depth = None if self._auto_depth else _check_depth(depth)
        self.c = c
        self.rng = Rng(seed)
        self.prefer = prefer
        self._game = None
        self._values = None
        self._legal = None
        self._prefer: tuple = ()
        self._forced = None
        self._wind_down: tuple = ()
        self._quiet = None
        self.lookahead = lookahead
        self.last_stats: dict = {}
        self.last_root: _Node | None = None  # the tree of the last search (analysis reads it)
        self.widen = widen
        self.reuse = reuse
        self._kept = None  # (root, history length, action chosen) of the last decision, for reuse

    def _setup(self, game) -> None:
        if self._game is not game:
            self._game = game
            self._values, found, self._legal = evaluator(game)
            self._forced = forced_steps(game)
            self._wind_down = wind_down_kinds(game)
            self._quiet = quiet_test(game)
            self._prefer = tuple(self.prefer) if self.prefer is not None else found
            self._rollout = self.rollout or default_rollout(game)
            if self._auto_depth:
                self.depth = default_depth(game)
            if self._auto_per_action:
                self.per_action = default_per_action(game)

    def choose(self, seat_state: SeatState) -> Action:
        self._setup(seat_state.game)  # (the game's own per_action and depth when "auto")
        legal = seat_state.legal_actions()
        if len(legal) == 1:
            self.last_stats = {"iterations": 0, "seconds": 0.0}
            return legal[0]
        closing = self._closing_after_repeats(seat_state, legal)
        if closing is not None and len(closing) == 1:
            self.last_stats = {"iterations": 0, "seconds": 0.0, "closed": closing[0].kind}
            return closing[0]
        budget = self.iterations
        if budget is not None and self.per_action is not None:
            budget = min(budget, max(self.per_action, 2) * len(legal))
        start = self._reused(seat_state) if self.reuse else None
        root = self.search(seat_state, iterations=budget, seconds=self.time_limit, root=start)
        act = self.best(root, seat_state, only=closing)
        self.last_stats["reused"] = 0 if start is None else start.n  # playouts carried over (tree reuse)
        if self.reuse:
            self._kept = (root, len(seat_state.history), act, seat_state.seat)
        return act

    def _closing_after_repeats(self, seat_state: SeatState, legal):
        """The legal actions that close this step of the turn (:data:`CLOSING` and the game's
        ``WIND_DOWN`` kinds) when the seat's last ``repeat_cap`` decisions were all of one other kind, else
        ``None``.  Some steps allow a free action any number of times (Illuminati's White Collar Crime and
        the Gnomes of Zurich move money freely): when none of those moves changes the evaluation, the
        search's visits are spread evenly and it would rarely pick the one action that ends the step, so
        a game could run for thousands of decisions.  A person stops when the moves are done; so does
        the bot after ``repeat_cap`` of them in a row."""
        cap = self.repeat_cap
        hist = seat_state.history
        if cap is None or len(hist) < cap:
            return None
        me = seat_state.seat
        kind = hist[-1][1]
        for who, k, _text in hist[-cap:]:
            if who != me or k != kind:
                return None
        game = seat_state.game
        self._setup(game)
        kinds = set(CLOSING) | set(self._wind_down)
        if kind in kinds:
            return None
        closing = [a for a in legal if a.kind in kinds]
        return closing or None

    def _reused(self, seat_state: SeatState):
        """The subtree of the last decision's tree that the public history since then leads to (tree reuse:
        its playouts count again), or ``None`` when the history cannot be followed (a hidden or sealed
        decision, a move the tree never tried, another seat)."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        root, start, act, seat = kept
        hist = seat_state.history
        if seat != seat_state.seat or len(hist) <= start or hist[start][0] != seat \
                or hist[start][2] != act.notation():
            return None
        node = root.children.get(act)
        scripted = self._forced is not None
        for who, _kind, text in hist[start + 1:]:
            if node is None or text is None:
                return None
            nxt = next((ch for a, ch in node.children.items()
                        if a.seat == who and a.notation() == text), None)
            if nxt is None:
                if scripted and who != seat:  # a scripted step (a rulebook bot) makes no tree node
                    continue
                return None
            node = nxt
        return node

    def search(self, seat_state: SeatState, *, iterations: int | None = None, seconds: float | None = None,
               tick=None, every: int = 16, root: _Node | None = None) -> _Node:
        """Run the search from ``seat_state`` and return the root of its tree (see :func:`root_stats`):
        ``iterations`` playouts and/or ``seconds`` (the first limit reached; at least one playout).
        ``tick(done) -> bool`` (optional) is called every ``every`` playouts: a true answer stops the
        search (an analysis reports progress and is cancelled this way).  ``choose`` is ``search`` then
        :meth:`best`, so statistics read from the tree are exactly those the bot decides from.  ``root``: a
        tree to go on with (tree reuse); a new one by default."""
        game = seat_state.game
        self._setup(game)
        me = seat_state.seat
        if root is None:
            root = _Node(game.players)
        t0 = time.perf_counter()
        deadline = None if seconds is None else t0 + seconds
        done = 0
        while True:
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if tick is not None and done % every == 0 and done and tick(done):
                break
            self._iterate(root, seat_state.sample_world(self.rng), me)
            done += 1
        self.last_stats = {"iterations": done, "seconds": time.perf_counter() - t0,
                           "visits": {a.notation(): ch.n for a, ch in root.children.items()}}
        self.last_root = root
        return root

    def best(self, root: _Node, seat_state: SeatState, only=None) -> Action:
        """The most visited root action legal for the seat (ties: the higher mean value); with ``only``
        (a list of legal actions), the most visited of those."""
        legal = seat_state.legal_actions()
        me = seat_state.seat
        allowed = set(legal if only is None else only)
        best = None
        for a, child in root.children.items():
            if a not in allowed:
                continue
            key = (child.n, child.w[me] / child.n if child.n else 0.0)
            if best is None or key > best[0]:
                best = (key, a)
        if best is None:
            pool = list(legal) if only is None else list(only)
            return pool[self.rng.below(len(pool))]
        return legal.find(best[1].notation()) or best[1]

    # -- one iteration ---------------------------------------------------------------------------------------
    def _next(self, game, d, me):
        """``(seat, offered)`` of the next decision: ``offered`` is the game's own option list or ``None``
        (then the legal actions are the seat's candidates that pass ``check``); ``(CHANCE, None)`` for
        chance; ``(None, None)`` at the end.  Sealed simultaneous choices: the observer commits first."""
        if game.outcome(d) is not None:
            return None, None
        decisions = game.decisions(d)
        if not decisions:
            return None, None
        pick = decisions[0]
        if pick.seat == CHANCE:
            return CHANCE, None
        for dec in decisions:
            if dec.seat == me:
                pick = dec
                break
        return pick.seat, pick.options

    def _random_action(self, game, d, seat: int, offered, prefer=None):
        """A uniformly random legal action (a ``prefer`` kind when one is legal), by rejection sampling
        from the candidates: much cheaper than listing every legal action."""
        rng = self.rng
        prefer = self._prefer if prefer is None else prefer
        quit_kinds = game.withdraw_kinds  # playouts never leave the game unless nothing else is legal
        if offered is not None:
            acts = [a for a in offered if a.kind not in quit_kinds] or list(offered)
            wanted = [a for a in acts if a.kind in prefer]
            pool = wanted or acts
            return pool[rng.below(len(pool))] if pool else None
        # a game that memoizes board analysis for one legal-action listing (Pax: ``_memo``) gets one scope
        # for this position, as ``Game.legal`` would give it
        scoped = getattr(game, "_memo", False) is None
        if scoped:
            game._memo = {}
        try:
            cands = [a for a in game.candidates(d, seat) if a.kind not in quit_kinds]
            if prefer:
                wanted = [a for a in cands if a.kind in prefer and game.check(d, a) is None]
                if wanted:
                    return wanted[rng.below(len(wanted))]
            while cands:
                i = rng.below(len(cands))
                a = cands[i]
                if game.check(d, a) is None:
                    return a
                cands[i] = cands[-1]
                cands.pop()
            return None
        finally:
            if scoped:
                game._memo = None

    def _sample_legal(self, game, d, seat: int, offered, k: int | None) -> list:
        """Up to ``k`` distinct legal actions of ``seat`` drawn at random (all of them when ``k`` is
        ``None``), never a withdrawal unless nothing else is legal; a ``prefer`` kind alone when one is
        legal.  Rejection sampling from the candidates, as :meth:`_random_action`."""
        rng = self.rng
        quit_kinds = game.withdraw_kinds
        if offered is not None:
            acts = [a for a in offered if a.kind not in quit_kinds] or list(offered)
            wanted = [a for a in acts if a.kind in self._prefer]
            if wanted:
                return [wanted[rng.below(len(wanted))]]
            cands, checked = acts, True
        else:
            cands, checked = [a for a in game.candidates(d, seat) if a.kind not in quit_kinds], False
        scoped = not checked and getattr(game, "_memo", False) is None
        if scoped:
            game._memo = {}
        try:
            if not checked and self._prefer:
                wanted = [a for a in cands if a.kind in self._prefer and game.check(d, a) is None]
                if wanted:
                    return [wanted[rng.below(len(wanted))]]
            cands = list(cands)
            out = []
            while cands and (k is None or len(out) < k):
                i = rng.below(len(cands))
                a = cands[i]
                cands[i] = cands[-1]
                cands.pop()
                if checked or game.check(d, a) is None:
                    out.append(a)
            return out
        finally:
            if scoped:
                game._memo = None

    def policy_action(self, game, d, seat: int, offered=None):
        """The ``greedy`` playout policy: with probability ``epsilon`` a random action (as the ``random``
        policy), else the best for ``seat`` by the game's evaluation one step ahead among ``sample`` legal
        actions drawn at random (all of them when ``sample`` is ``None``); a ``prefer`` kind (a claim) when
        one is legal.  ``None`` when nothing is legal."""
        if self._values is None:
            self._setup(game)
        rng = self.rng
        if self.epsilon > 0.0 and rng.below(1 << 20) < self.epsilon * (1 << 20):
            return self._random_action(game, d, seat, offered)
        pool = self._sample_legal(game, d, seat, offered, self.sample)
        if len(pool) <= 1:
            return pool[0] if pool else None
        log = _QuietLog([], 0)
        best, best_v = None, -1.0
        for a in pool:
            nd = game.copy(d)
            game.perform(nd, a, log)
            v = self._values(nd)[seat]
            if v > best_v:
                best, best_v = a, v
        return best

    def _iterate(self, root: _Node, world, me: int) -> None:
        game, d, wrng = world.game, world.data, world.rng
        log = _QuietLog([], 0)
        node = root
        path = [root]
        expanded = False
        forced = self._forced
        free = 0
        runs = 0  # scripted turns (runs of scripted steps) played in this iteration
        last_forced = False
        while not expanded:
            seat, acts = self._next(game, d, me)
            if seat is None:
                break
            if seat == CHANCE:
                game.perform(d, game.sample_chance(d, wrng), log)
                continue
            if forced is not None and seat != me and free < _MAX_FREE:
                a = forced(d, seat)
                if a is not None:  # a scripted step: like chance, no node
                    game.perform(d, a, log)
                    free += 1
                    runs += not last_forced
                    last_forced = True
                    continue
            last_forced = False
            if acts is None:
                acts = self._legal(d, seat)
            if not acts:
                break
            children = node.children
            untried = []
            for a in acts:
                ch = children.get(a)
                if ch is None:
                    untried.append(a)
                else:
                    ch.avail += 1
            if untried and self.widen is not None and len(untried) < len(acts) \
                    and len(children) >= math.ceil(self.widen * math.sqrt(node.n + 1)):
                untried = []  # progressive widening: enough children for this node's visits; select
            if untried:
                pref = [a for a in untried if a.kind in self._prefer] if self._prefer else ()
                pool = pref or untried
                a = pool[self.rng.below(len(pool))]
                child = children[a] = _Node(game.players)
                expanded = True
            else:
                a, child = self._select(children, [x for x in acts if x in children], seat)
            game.perform(d, a, log)
            node = child
            path.append(node)
        self._playout(game, d, wrng, me, log, runs, last_forced)
        vals = self._values(d)
        for nd in path:
            nd.n += 1
            w = nd.w
            for i, v in enumerate(vals):
                w[i] += v

    def _select(self, children: dict, acts, seat: int):
        c = self.c
        best = None
        best_score = -1.0
        for a in acts:
            ch = children[a]
            score = ch.w[seat] / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
            if score > best_score:
                best, best_score = a, score
        return best, children[best]

    def _playout(self, game, d, wrng: Rng, me: int, log: Log, runs: int = 0,
                 last_forced: bool = False) -> None:
        """Random decisions for ``depth`` decisions (scripted steps are free).  Then, when the game has
        scripted seats and none has moved yet in this iteration, the playout winds down (taking
        ``wind_down`` kinds, such as ending the turn, whenever legal) until a scripted seat has played its
        turn: its Check Phase (a rulebook bot's plot win) is then always inside the playout."""
        steps = 0
        free = 0
        wind = 0
        settle = 0
        forced = self._forced
        quiet = self._quiet
        while True:
            late = self.depth is not None and steps >= self.depth
            settling = False
            if late and forced is None:
                if quiet is None or settle >= _MAX_QUIET or quiet(d):
                    return
                settling = True  # not quiet yet (an attack under way): plain playout moves until it is
            seat, offered = self._next(game, d, me)
            if seat is None:
                return
            if seat == CHANCE:
                game.perform(d, game.sample_chance(d, wrng), log)
                continue
            if forced is not None and seat != me and free < _MAX_FREE:
                a = forced(d, seat)
                if a is not None:  # a scripted step does not count against the depth
                    game.perform(d, a, log)
                    free += 1
                    runs += not last_forced
                    last_forced = True
                    continue
            last_forced = False
            prefer = None
            if late and not settling:  # (a scripted turn in progress was played to its end above)
                if runs >= int(self.lookahead) or wind >= _MAX_WIND * max(1, int(self.lookahead)):
                    return
                wind += 1
                prefer = self._wind_down
            if prefer is None and self._rollout == "greedy":
                a = self.policy_action(game, d, seat, offered)
            else:
                a = self._random_action(game, d, seat, offered, prefer)
            if a is None:
                return
            game.perform(d, a, log)
            steps += 1
            settle += settling
