"""The bot interface: :class:`Bot`, the :class:`SeatState` it decides from, and driving bots through a game.

A bot never receives the engine :class:`~illumi_widgets.engine.State`.  :func:`decide` builds a
:class:`SeatState` for the seat to act — everything that seat may know — and hands the bot only that:

* ``view``: ``state.view(seat)``, the engine's one filter of hidden information (board, own hand, the log
  lines this seat was shown, its pending decisions);
* ``legal_actions()``: the seat's legal actions (its own decision; they depend only on what it sees);
* ``history``: the decisions taken so far, without the seed and without chance outcomes (a deal or shuffle
  action spells out hidden cards).  The seat's own decisions are given in full; another seat's decision is
  given as ``(seat, kind, notation)`` only if its notation names none of the tokens this seat may not see
  now (``Game.secrets``) and it does not answer a sealed decision still pending — else ``(seat, kind, None)``.
  A game that defines ``Game.public_action`` says itself how a seat reads another's past decision (a text
  that never depends on hidden cards, e.g. Gray Eminence's ``resolve common`` for a card played face down,
  which stays anonymous after the pile is revealed); only the pending-sealed rule is applied on top;
* ``game``: the rules object (public: rules, card texts, seat names);
* ``sample_world(rng)``: a complete engine ``State`` in which every card the seat cannot see has been dealt
  again at random (``Game.determinize(data, seat, rng)``), with a fresh RNG drawn from ``rng``.

``sample_world`` is the single place where the bot layer touches the real position.  It reads a private copy
of the true data inside the engine boundary and returns a world in which everything hidden from the seat has
been re-dealt uniformly over the places it could be, consistent with the seat's view (``game.view(world, seat)
== game.view(real, seat)``).  The real RNG state is never copied (it would predict future shuffles).  Every
game's ``determinize`` puts each pool of unseen cards in a canonical (sorted) order before shuffling it with
``rng``, so the world itself — not only its distribution — depends only on what the seat sees: two real
positions that look the same to the seat give the SAME world for the same ``rng``, and a search bot with the
same seed makes the same decision (``tests/analysis/test_blind_worlds.py``). ``tests/bots/test_no_leak.py``
checks both halves: re-dealing the other seats' hidden cards in the REAL state leaves the seat's input (view,
legal actions, history) unchanged, and the worlds sampled from either real state have the same view.

This is a structural boundary against accidental use, not a sandbox: Python cannot hide the copy from code
that digs into closures on purpose.  Bots in this package use only the public members.
"""

from __future__ import annotations

import time

from ..engine import CHANCE, OMNISCIENT, Action, ActionList, EngineError, IllegalAction, Rng, State
from ..engine.game import Game
from ..engine.history import mentions_any
from ..engine.play import DECIDERS

__all__ = ["Bot", "SeatState", "decide", "run_bots"]


def _world_sampler(game, data, seat):
    """A function ``rng -> State`` over a private copy of the true data (see the module docstring)."""

    def sample(rng: Rng) -> State:
        world = State(game, game.determinize(data, seat, rng), Rng(rng.next64() >> 1))
        world._checkpoint(force=True)  # a world can be played (and undone) like any state
        return world

    return sample


class SeatState:
    """What one seat may know at one moment: the only input a :class:`Bot` receives."""

    __slots__ = ("game", "seat", "view", "version", "history", "_legal", "_sample")

    def __init__(self, state: State, seat: int):
        game = state.game
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.players):
            raise EngineError(f"a bot plays a seat 0..{game.players - 1}, not {seat!r}", code="bad-seat")
        self.game = game
        self.seat = seat
        self.view: dict = state.view(seat)
        self.version: int = state.version
        self._legal = ActionList(state.legal_actions(seat))
        self.history: tuple = _public_history(state, seat)
        self._sample = _world_sampler(game, game.copy(state.data), seat)

    def legal_actions(self) -> ActionList:
        """This seat's legal actions now (empty when it has nothing to decide)."""
        return self._legal

    def sample_world(self, rng: Rng) -> State:
        """A full engine ``State`` with everything this seat cannot see re-dealt at random by ``rng``."""
        return self._sample(rng)

    def signature(self) -> tuple:
        """The whole input as comparable values (the no-leak tests compare it across re-deals)."""
        view = {k: v for k, v in self.view.items() if k != "version"}
        return (self.seat, repr(view), tuple(self._legal.notations()), self.history)

    def __repr__(self) -> str:
        name = self.game.seat_name(self.seat)
        return f"<SeatState {name} v{self.version}, {len(self._legal)} legal actions>"


def _public_history(state: State, seat: int) -> tuple:
    game = state.game
    own_rule = type(game).public_action is not Game.public_action
    mentions = None if own_rule else mentions_any(game.secrets(state.data, seat))
    sealed = {d.kind for d in state.decisions() if d.sealed}
    out = []
    for act in state.history:
        if act.seat == CHANCE:
            continue
        if act.seat == seat:
            text = act.notation()
        elif own_rule:  # the game says what stays hidden (its text must not depend on hidden cards)
            text = None if act.kind in sealed else game.public_action(state.data, act, seat)
        else:
            text = act.notation()
            if act.kind in sealed or mentions(text):
                text = None
        out.append((act.seat, act.kind, text))
    return tuple(out)


class Bot:
    """A player for one seat.  Subclasses implement :meth:`choose`.

    ``name`` is the registry name; ``seat`` is the seat the bot was made for (``None``: any seat).
    """

    name = "bot"

    def __init__(self, seat: int | None = None):
        self.seat = seat

    def choose(self, seat_state: SeatState) -> Action:  # pragma: no cover - abstract
        """One of ``seat_state.legal_actions()``: the bot's decision, from the seat's knowledge alone."""
        raise NotImplementedError

    def __repr__(self) -> str:
        where = "" if self.seat is None else f" for seat {self.seat}"
        return f"<{type(self).__name__} {self.name!r}{where}>"


def decide(bot: Bot, state: State, seat: int) -> Action:
    """Ask ``bot`` for ``seat``'s decision in ``state``; the bot sees only ``SeatState(state, seat)``."""
    if bot.seat is not None and bot.seat != seat:
        raise EngineError(f"{bot!r} plays seat {bot.seat}, not seat {seat}", code="bad-seat")
    if seat == OMNISCIENT:
        raise EngineError("a bot plays a seat, never the omniscient view", code="bad-seat")
    ss = SeatState(state, seat)
    if not ss.legal_actions():
        raise EngineError(f"{state.game.seat_name(seat)} has nothing to decide now", code="not-your-decision")
    act = bot.choose(ss)
    if not isinstance(act, Action) or act not in ss.legal_actions():
        raise IllegalAction(f"{bot!r} chose {act!r}, which is not a legal action of "
                            f"{state.game.seat_name(seat)}", code="bad-bot")
    return act


DECIDERS["decide"] = decide  # (how State.play_until asks a bot: the engine sits below this package)


def run_bots(target, bots: dict | None = None, *, max_steps: int = 100_000, on_step=None,
             timing: dict | None = None) -> list[Action]:
    """Play bot decisions until a seat without a bot must act, the game ends, or ``max_steps`` decisions.

    ``target``: an engine ``State`` or a ``Match`` (then each decision goes through ``match.play`` as that
    seat, so the undo policy and the widgets see it).  ``bots``: seat -> :class:`Bot` (default:
    ``target.bots``).  Pending chance decisions (only when ``auto_chance`` is off) are resolved.  In a sealed
    simultaneous decision each bot seat commits in turn; the game waits for a person's commit.
    ``on_step(state, action)`` is called after each decision; ``timing`` (a dict) collects seconds per seat.
    Returns the decisions played.
    """
    state = target if isinstance(target, State) else target.state
    match = None if isinstance(target, State) else target
    if bots is None:
        bots = getattr(target, "bots", {}) or {}
    done: list[Action] = []
    while len(done) < max_steps and not state.is_terminal():
        seats = state.to_act()
        if CHANCE in seats:
            state.resolve_chance()
            continue
        mine = [s for s in seats if s in bots and bots[s] is not None]
        if not mine:
            break
        seat = mine[0]
        t0 = time.perf_counter()
        act = decide(bots[seat], state, seat)
        if timing is not None:
            timing[seat] = timing.get(seat, 0.0) + time.perf_counter() - t0
        if match is not None:
            match.play(act, perspective=seat)
            state = match.state
        else:
            state.apply(act)
        done.append(act)
        if on_step is not None:
            on_step(state, act)
    return done
