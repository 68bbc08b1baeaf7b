"""The game-agnostic core: :class:`Game` (rules and parameters) and :class:`State`.

A concrete game subclasses :class:`Game` and implements a handful of hooks over
its own plain data object (see :class:`Game`).  Everything a user touches —
legal actions, notation, validation, undo/redo, records, positions and per-seat
views — is implemented here once, for every game.

Hidden information is filtered in exactly one place: :meth:`State.view`, which
asks the game for that seat's view and redacts the event log for that seat.
Widgets, bots and exports all go through it.
"""

from __future__ import annotations

import base64
import json
import os
import zlib
from contextlib import contextmanager
from dataclasses import dataclass

from .action import CHANCE, Action, ActionList, Decision, normalize
from .errors import (
    AmbiguousNotation,
    EngineError,
    GameOver,
    HistoryError,
    IllegalAction,
    NotationError,
    NotYourDecision,
    RecordError,
    StaleAction,
)
from .rng import Rng

OMNISCIENT = "omniscient"
"""Pass to :meth:`State.view` for the analysis view that sees every hidden card."""

RECORD_FORMAT = "illumi-record"
POSITION_FORMAT = "illumi-position"
FORMAT_VERSION = 1
CHECKPOINT_EVERY = 8


@dataclass(slots=True)
class LogEntry:
    """One event of the log with its per-seat visibility.

    ``public`` is what every seat sees (``None``: nobody but the seats in
    ``private``); ``private`` maps a seat to the text that seat sees instead;
    ``secret`` is the omniscient text (defaults to the public one).
    """

    step: int
    public: str | None
    private: dict | None = None
    secret: str | None = None

    def text_for(self, seat) -> str | None:
        if seat == OMNISCIENT:
            if self.secret is not None:
                return self.secret
            if self.public is not None:
                return self.public
            return next(iter(self.private.values()), None) if self.private else None
        if self.private and seat in self.private:
            return self.private[seat]
        return self.public


class Log:
    """What a game's hooks write events into."""

    __slots__ = ("entries", "step")

    def __init__(self, entries: list, step: int):
        self.entries = entries
        self.step = step

    def add(self, public: str | None, private: dict | None = None, secret: str | None = None) -> None:
        self.entries.append(LogEntry(self.step, public, private, secret))


class Game:
    """Rules and parameters of one game at one player count.

    Hooks a game implements (``data`` is the game's own mutable position object):

    - ``setup() -> data``: the position before the first chance decision (the deal).
    - ``decisions(data) -> list[Decision]``: the pending choices, several for sealed simultaneous
      ones; ``options=None`` means "the legal actions of that seat", computed by the core.
    - ``candidates(data, seat) -> list[Action]`` and ``check(data, action) -> IllegalAction | None``:
      legal actions are the candidates that pass ``check`` — each rule lives once, in ``check``.
    - ``perform(data, action, log)``: carry out a checked action and every automatic step after it.
    - ``sample_chance(data, rng) -> Action``: draw (not apply, not mutate) a chance outcome.
    - ``parse(data, text, seat) -> Action``: read notation, also of illegal actions so they can be explained.
    - ``outcome(data) -> dict | None``; ``view(data, seat) -> dict`` (a seat, ``None`` or ``OMNISCIENT``).
    - ``copy(data)``, ``encode(data) -> JSON``, ``decode(obj) -> data``, ``problems(data) -> list[str]``.
    """

    name = "game"
    title = "Game"
    min_players = 1
    max_players = 1
    seat_names: tuple = ()
    #: the module that draws this game for a widget (it defines ``PRESENTER``); pure data, no import here
    presenter: str | None = None
    #: the keyword options this game accepts (``load_game(name, players=N, **options)``)
    option_names: tuple = ()
    #: action kinds by which a seat leaves the game of its own accord (Illuminati: ``leave``): a person's
    #: choice, so random play (``engine.testing``, the random bot, search playouts) takes them only when
    #: nothing else is legal
    withdraw_kinds: frozenset = frozenset()

    def __init__(self, players: int, **options):
        if not isinstance(players, int) or isinstance(players, bool):
            raise EngineError(f"players must be a whole number, got {players!r}", code="bad-option")
        if not self.min_players <= players <= self.max_players:
            raise EngineError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}",
                code="bad-option",
            )
        unknown = set(options) - set(self.option_names)
        if unknown:
            raise EngineError(
                f"unknown option(s) for {self.title}: {', '.join(sorted(unknown))} "
                f"(known: {', '.join(sorted(self.option_names)) or 'none'})",
                code="bad-option",
            )
        self.players = players
        self.options = dict(options)

    # -- constructors -------------------------------------------------------------------------------
    def new_state(self, seed: int | None = None, *, auto_chance: bool = True) -> State:
        """A new game.  ``seed=None`` draws a fresh seed (kept in the record)."""
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little") >> 1
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise EngineError(f"seed must be an int, got {seed!r}", code="bad-option")
        state = State(self, self.setup(), Rng(seed), seed=seed)
        state._checkpoint(force=True)
        state.auto_chance = auto_chance
        state._settle()
        state._floor = len(state._history)
        state._checkpoint(force=True)
        return state

    def load(self, record: dict) -> State:
        """Replay a record made by :meth:`State.record` into an identical state."""
        return load_record(record, game=self)

    def load_position(self, text: str) -> State:
        """Restore a position made by :meth:`State.position` (no history before it)."""
        return load_position(text, game=self)

    def options_record(self) -> dict:
        """The options as given, JSON-able (objects given as overrides are named, not embedded)."""
        out = {}
        for k, v in self.options.items():
            out[k] = v if isinstance(v, (str, int, float, bool, type(None), list, dict)) else str(v)
        return out

    def seat_name(self, seat: int) -> str:
        if seat == CHANCE:
            return "chance"
        if self.seat_names and 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"seat {seat}"

    def __repr__(self) -> str:
        return f"<{self.title}, {self.players} players>"

    # -- hooks (overridden by games) -------------------------------------------------------------------
    def setup(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def decisions(self, data) -> list[Decision]:  # pragma: no cover - abstract
        raise NotImplementedError

    def candidates(self, data, seat: int) -> list[Action]:  # pragma: no cover - abstract
        raise NotImplementedError

    def check(self, data, action: Action) -> IllegalAction | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def chance_pending(self, data) -> bool:
        """Whether chance decides next (the game is not over).  A game may answer without building its
        decisions: the engine asks after every action."""
        pending = self.decisions(data)
        return bool(pending) and pending[0].seat == CHANCE

    def legal(self, data, seat: int) -> list[Action]:
        """The legal actions of ``seat``: its candidates that pass ``check`` (a game may memoize here)."""
        return [a for a in self.candidates(data, seat) if self.check(data, a) is None]

    def perform(self, data, action: Action, log: Log) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def sample_chance(self, data, rng: Rng) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def parse(self, data, text: str, seat: int) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def outcome(self, data) -> dict | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def view(self, data, seat) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def copy(self, data):  # pragma: no cover - abstract
        raise NotImplementedError

    def snapshot(self, data, previous):
        """A copy of ``data`` for an undo checkpoint; it may share unchanged parts with ``previous`` (the
        checkpoint before it): neither is ever changed in place."""
        return self.copy(data)

    def encode(self, data):  # pragma: no cover - abstract
        raise NotImplementedError

    def decode(self, obj):  # pragma: no cover - abstract
        raise NotImplementedError

    def problems(self, data) -> list[str]:
        """Everything that makes ``data`` an impossible position (empty list: consistent)."""
        return []

    def determinize(self, data, seat, rng: Rng):
        """A copy of ``data`` with every card ``seat`` cannot see re-dealt at random among the places it
        could be, consistent with that seat's knowledge (``state.view(seat)`` must not change).  Search
        bots play out such copies; they never read another seat's hidden state."""
        raise NotImplementedError(f"{self.title} does not support determinization yet")

    def after_edit(self, data, log: Log) -> None:
        """Run the automatic steps a hand-edited position leaves pending (default: none)."""

    def secrets(self, data, seat) -> set[str]:
        """Tokens (card ids, names) that ``seat`` must not see now; used by the no-leak checks."""
        return set()

    def public_action(self, data, action: Action, seat) -> str | None:
        """How ``seat`` may read another seat's past decision ``action`` (a bot's public history): its
        notation by default, ``None`` to hide it.  A game returns a text without what ``seat`` may not know
        even after the cards involved are revealed (Gray Eminence: which card a seat played face down); the
        text must not depend on hidden cards.  Without this hook the bot layer hides a decision whose
        notation names a current secret (``secrets``); with it, only one answering a pending sealed
        decision."""
        return action.notation()

    # -- presentation hooks: what a player reads on a board (defaults fit any game) -------------------------
    def label(self, data, action: Action, seat) -> str:
        """The plain-English label of ``action`` as ``seat`` reads it on a board ("Scheme with Gottlieb
        Hufeland"); default: the notation.  Never ids or codes; notation stays the API's."""
        return action.notation()

    def hint(self, data, seat, entity: str) -> Action | None:
        """The most natural action of ``seat`` on the scene entity ``entity`` (a clickable id), legal or
        not, or ``None``.  :meth:`State.why_not` asks ``check`` about it, so a board's "why not" reason
        is the rules' own."""
        return None

    def legend(self, seat) -> list[dict]:
        """What the board's symbols, abbreviations and colours mean, for its "?" button: entries
        ``{"symbol": str | None, "color": str | None, "text": str}``."""
        return []

    def confirm(self, data, action: Action) -> str | None:
        """A question to confirm before ``action`` is taken (a destructive or irreversible choice), or
        ``None``.  :meth:`State.confirm` also asks for every kind in ``withdraw_kinds``."""
        return None

    def touched(self, data, action: Action) -> list[str]:
        """The scene entity ids ``action`` changed (a board highlights a bot's last move); ``data`` is the
        position after it.  Default: none."""
        return []


class State:
    """A game in progress: position, version, seeded RNG, event log and history.

    Every change (an action, undo, redo) increases :attr:`version`, which never
    repeats, so a front end can refuse an action chosen for an older position.
    """

    def __init__(self, game: Game, data, rng: Rng, *, seed=None, start: str | None = None):
        self.game = game
        self.data = data
        self.rng = rng
        self.seed = seed
        self.start = start  # the position text this state began from, when not from a seed
        self.version = 0
        self.auto_chance = True
        self.log: list[LogEntry] = []
        self._history: list[tuple[Action, int, int]] = []  # (action, rng state after, log length after)
        self._redo: list[tuple[Action, int]] = []  # (action, rng state after), next redo last
        self._checkpoints: dict[int, tuple] = {}
        self._floor = 0
        self._cache_version = -1
        self._cache: dict = {}

    # -- the pending decisions ---------------------------------------------------------------------------
    # (computed once per version: the decisions with their legal actions, and each seat's list)
    def _pending(self) -> list[Decision]:
        if self._cache_version != self.version:
            self._cache = {}
            self._cache_version = self.version
        else:
            got = self._cache.get("decisions")
            if got is not None:
                return got
        pending = self._cache["decisions"] = self._make_decisions()
        return pending

    def decisions(self, seat: int | None = None) -> list[Decision]:
        """The pending decisions (one per seat to act; several for sealed simultaneous choices)."""
        pending = self._pending()
        if seat is None:
            return list(pending)
        return [d for d in pending if d.seat == seat]

    def _make_decisions(self) -> list[Decision]:
        game, data = self.game, self.data
        if game.outcome(data) is not None:
            return []
        out = []
        for d in game.decisions(data):
            if d.options is None and d.seat != CHANCE:
                d = Decision(d.seat, d.kind, d.prompt, ActionList(game.legal(data, d.seat)), d.sealed)
            out.append(d)
        return out

    def to_act(self) -> list[int]:
        """Seats that must act now; ``[CHANCE]`` when chance decides (e.g. a shuffle)."""
        return [d.seat for d in self._pending()]

    def legal_actions(self, seat: int | None = None) -> ActionList:
        """Legal actions of ``seat`` (default: of every seat to act)."""
        pending = self._pending()  # (also starts this version's cache)
        if len(pending) == 1:  # (the common case: one decision; its list as it is)
            only = pending[0]
            if only.options is not None and (seat is None or seat == only.seat):
                return only.options
        key = ("legal", seat)
        got = self._cache.get(key)
        if got is None:
            mine = [d for d in pending if (seat is None or d.seat == seat) and d.options is not None]
            if len(mine) == 1:
                got = mine[0].options  # (one decision: its list as it is)
            else:
                got = ActionList([a for d in mine for a in d.options])
            self._cache[key] = got
        return got

    def is_terminal(self) -> bool:
        return self.game.outcome(self.data) is not None

    def outcome(self) -> dict | None:
        """``None`` while the game goes on; then ``{"winners": [...], "scores": {...}, ...}``."""
        return self.game.outcome(self.data)

    # -- notation ------------------------------------------------------------------------------------------
    def parse(self, text, seat: int | None = None) -> Action:
        """Read notation into an :class:`Action` (legal or not: :meth:`explain` says why not).

        Exact notation of a legal action is read directly; other text goes to the game's grammar;
        text the grammar cannot read but that begins exactly one legal notation means that one.
        """
        if isinstance(text, Action):
            return text
        if not isinstance(text, str) or not text.strip():
            raise NotationError(f"expected notation text, got {text!r}")
        legal = self.legal_actions(seat)
        exact = legal.find(text)
        if exact is not None:
            return exact
        try:
            who = seat if seat is not None else self._default_seat(text)
            return self.game.parse(self.data, text.strip(), who)
        except AmbiguousNotation:
            raise
        except NotationError:
            norm = normalize(text)
            prefixed = [a for a in legal if normalize(a.notation()).startswith(norm + " ")]
            if len(prefixed) == 1:
                return prefixed[0]
            if prefixed:
                shown = ", ".join(a.notation() for a in prefixed[:8])
                raise AmbiguousNotation(
                    f"'{text}' could mean {len(prefixed)} actions: {shown}", candidates=prefixed
                ) from None
            raise

    def _default_seat(self, text: str) -> int:
        seats = self.to_act()
        if not seats:
            raise GameOver("the game is over: no one acts any more")
        if len(seats) == 1:
            return seats[0]
        raise AmbiguousNotation(
            f"several seats act now ({', '.join(self.game.seat_name(s) for s in seats)}): "
            f"say which seat plays '{text}' (state.parse(text, seat=…))"
        )

    def why_illegal(self, action) -> IllegalAction | None:
        """The typed error :meth:`apply` would raise for ``action`` now, or ``None`` if it is legal."""
        return self._why_illegal(self.parse(action))

    def explain(self, action) -> str | None:
        """``None`` if the action is legal now; otherwise why not, in plain words naming the rule."""
        try:
            err = self._why_illegal(self.parse(action))
        except EngineError as e:
            return e.message
        return None if err is None else err.message

    def _why_illegal(self, action) -> IllegalAction | None:
        if not isinstance(action, Action):
            return IllegalAction(f"not an action: {action!r}", code="bad-action")
        if self.game.outcome(self.data) is not None:
            return GameOver("the game is over: no one acts any more")
        seat = action.seat
        pending = self._pending()
        if len(pending) == 1 and pending[0].seat == seat:  # (one decision, this seat's: its own options)
            options = pending[0].options
            if options is not None and action in options:
                return None
        elif seat not in [d.seat for d in pending]:
            who = ", ".join(self.game.seat_name(s) for s in self.to_act())
            return NotYourDecision(
                f"it is not {self.game.seat_name(seat)}'s decision now (waiting for {who})"
            )
        elif seat != CHANCE and action in self.legal_actions(seat):
            return None
        err = self.game.check(self.data, action)
        if err is None and seat != CHANCE:  # passes the check but was not offered
            return IllegalAction(f"'{action.notation()}' is not one of the options now", code="not-offered")
        return err

    # -- presentation: labels, hints, confirmations (the game's hooks, checked by the core) ----------------
    def label(self, action, seat=None) -> str:
        """The plain-English label of ``action`` (notation or Action) as ``seat`` reads it."""
        act = self.parse(action, seat) if not isinstance(action, Action) else action
        try:
            return self.game.label(self.data, act, act.seat if seat is None else seat)
        except TypeError:  # a game whose ``label`` is still an older helper of another shape
            return act.notation()

    def why_not(self, seat, entity: str) -> str | None:
        """Why ``seat`` cannot use the scene entity ``entity`` now: the reason ``check`` gives (as
        :meth:`explain` does) for the game's most natural action on it (``Game.hint``); ``None`` when
        that action is legal or the game names none."""
        if not isinstance(entity, str):
            return None
        if self.is_terminal():
            return "the game is over: no one acts any more"
        try:
            act = self.game.hint(self.data, seat, entity)
        except EngineError as e:
            return e.message
        if act is None:
            return None
        try:
            err = self._why_illegal(act)
        except EngineError as e:
            return e.message
        return None if err is None else err.message

    def confirm(self, action) -> str | None:
        """The question to ask before ``action`` (``Game.confirm``; by default every action that leaves
        the game, a kind in ``Game.withdraw_kinds``), or ``None``."""
        act = self.parse(action) if not isinstance(action, Action) else action
        text = self.game.confirm(self.data, act)
        if text is None and act.kind in self.game.withdraw_kinds:
            text = f"{self.label(act)}: this cannot be taken back. Are you sure?"
        return text

    # -- changing the state ----------------------------------------------------------------------------------
    def apply(self, action, *, version: int | None = None, validate: bool = True) -> State:
        """Apply a legal action (an :class:`Action` or notation).  Raises and changes nothing if illegal.

        ``version``: refuse with :class:`StaleAction` unless the state is still at that version.
        """
        if version is not None and version != self.version:
            raise StaleAction(
                f"this action was chosen at version {version}, but the game is now at version {self.version}"
            )
        act = action if action.__class__ is Action else self.parse(action)
        if validate:
            err = self._why_illegal(act)
            if err is not None:
                raise err
        # (as _guarded does, written out: this is the path of every action)
        before, version, rng_state = len(self._history), self.version, self.rng.state
        try:
            if act.seat == CHANCE:
                # a chance outcome given by hand (a forced roll, a replayed record) moves the RNG exactly as
                # drawing an outcome here would, so what follows is the same either way
                self.game.sample_chance(self.data, self.rng)
            self._do(act)
            self._settle()
        except BaseException:
            self._truncate(before)
            self.version, self.rng.state = version, rng_state
            raise
        self._redo.clear()
        return self

    def play(self, *actions) -> State:
        """Apply several actions (notation or :class:`Action`) in turn."""
        for a in actions:
            self.apply(a)
        return self

    def _do(self, act: Action, rng_after: int | None = None) -> None:
        self.game.perform(self.data, act, Log(self.log, len(self._history)))
        if rng_after is not None:  # a redo: the RNG stands where drawing this outcome left it
            self.rng.state = rng_after
        history = self._history
        history.append((act, self.rng.state, len(self.log)))
        self.version += 1  # versions never repeat, not even across undo
        if len(history) % CHECKPOINT_EVERY == 0:  # (as _checkpoint does)
            self._checkpoint(force=True)

    def _guarded(self, change) -> None:
        """Run a change; if anything fails half-way, put the exact previous position back."""
        before, version, rng_state = len(self._history), self.version, self.rng.state
        try:
            change()
        except BaseException:
            self._truncate(before)
            self.version, self.rng.state = version, rng_state
            raise

    def _settle(self) -> None:
        """Resolve chance decisions automatically while ``auto_chance`` is on."""
        game = self.game
        while self.auto_chance and game.outcome(self.data) is None and game.chance_pending(self.data):
            self._do(game.sample_chance(self.data, self.rng))

    def sample_chance(self) -> Action:
        """An outcome for the pending chance decision drawn from a copy of the RNG (nothing changes)."""
        if CHANCE not in self.to_act():
            raise NotYourDecision("chance does not act now")
        return self.game.sample_chance(self.data, Rng(self.rng.state))

    def resolve_chance(self) -> Action:
        """Draw an outcome for the pending chance decision from the state's RNG and apply it."""
        if CHANCE not in self.to_act():
            raise NotYourDecision("chance does not act now")

        def change():
            act = self.game.sample_chance(self.data, self.rng)
            self._do(act)
            done.append(act)

        done: list = []
        self._guarded(change)
        self._redo.clear()
        return done[0]

    # -- history ---------------------------------------------------------------------------------------------
    @property
    def history(self) -> list[Action]:
        """Every action applied so far, chance outcomes included."""
        return [h[0] for h in self._history]

    @property
    def redo_actions(self) -> list[Action]:
        """The undone actions that :meth:`redo` would bring back, next first."""
        return [a for a, _ in reversed(self._redo)]

    @property
    def history_start(self) -> int:
        """How many history entries precede the first decision that can be undone (the deal)."""
        return self._floor

    def undo_index(self) -> int | None:
        """The history length :meth:`undo` would return to, or ``None`` if there is nothing to undo."""
        return self._undo_target()

    def can_undo(self) -> bool:
        return self._undo_target() is not None

    def can_redo(self) -> bool:
        return bool(self._redo)

    def _undo_target(self) -> int | None:
        i = len(self._history)
        if self.auto_chance:
            while i > self._floor and self._history[i - 1][0].seat == CHANCE:
                i -= 1
        if i <= self._floor:
            return None
        return i - 1

    def undo(self) -> Action:
        """Take back the last decision (and the chance outcomes that followed it automatically)."""
        target = self._undo_target()
        if target is None:
            raise HistoryError("nothing to undo")
        undone = [(h[0], h[1]) for h in self._history[target:]]
        self._truncate(target)
        self._redo.extend(reversed(undone))
        return undone[0][0]

    def redo(self) -> Action:
        """Re-apply the last undone decision, with the same chance outcomes as before."""
        if not self._redo:
            raise HistoryError("nothing to redo")
        first = self._redo.pop()
        self._do(*first)
        while self._redo and self._redo[-1][0].seat == CHANCE and self.auto_chance:
            self._do(*self._redo.pop())
        return first[0]

    def goto(self, index: int) -> None:
        """Step through history: leave exactly ``index`` actions applied (undoing or redoing as needed)."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise HistoryError(f"history index must be a whole number, got {index!r}")
        total = len(self._history) + len(self._redo)
        if not self._floor <= index <= total:
            raise HistoryError(f"history index {index} is outside {self._floor}..{total}")
        if index < len(self._history):
            undone = [(h[0], h[1]) for h in self._history[index:]]
            self._truncate(index)
            self._redo.extend(reversed(undone))
        while len(self._history) < index:
            self._do(*self._redo.pop())

    def _checkpoint(self, force: bool = False) -> None:
        n = len(self._history)
        if force or n % CHECKPOINT_EVERY == 0:
            cps = self._checkpoints
            if cps:  # (the latest checkpoint: a snapshot may share what did not change since)
                data = self.game.snapshot(self.data, next(reversed(cps.values()))[0])
            else:
                data = self.game.copy(self.data)
            cps[n] = (data, self.rng.state, len(self.log))

    def _truncate(self, n: int) -> None:
        """Return to the position after the first ``n`` history entries (checkpoint + replay)."""
        base = max(k for k in self._checkpoints if k <= n)
        data, rng_state, log_len = self._checkpoints[base]
        replay = self._history[base:n]
        self.data = self.game.copy(data)
        self.rng.state = rng_state
        del self.log[log_len:]
        del self._history[base:]
        for k in [k for k in self._checkpoints if k > base]:
            del self._checkpoints[k]
        for act, rng_after, _ in replay:
            self.game.perform(self.data, act, Log(self.log, len(self._history)))
            self.rng.state = rng_after
            self._history.append((act, rng_after, len(self.log)))
            self._checkpoint()
        self.version += 1

    @contextmanager
    def edit(self):
        """Set up a position by hand (analysis, teaching, tests)::

            with state.edit() as data:
                ...change the game's data...

        On leaving, the position is checked (``Game.problems``); if it is inconsistent nothing
        changes and :class:`RecordError` names the problems.  The edited position becomes the
        state's new starting point: history is cleared and the record starts from it.
        """
        backup = self.game.copy(self.data)
        try:
            yield self.data
        except BaseException:
            self.data = backup
            raise
        problems = self.game.problems(self.data)
        if problems:
            self.data = backup
            raise RecordError("the edited position is not consistent: " + "; ".join(problems[:5]))
        self._history, self._redo, self._checkpoints, self._floor = [], [], {}, 0
        self.version += 1
        self.log.append(LogEntry(0, "The position was set up by hand."))
        self.game.after_edit(self.data, Log(self.log, 0))
        self.seed = None
        self.start = self.position()
        self._checkpoint(force=True)
        self._settle()

    # -- copies, records, positions --------------------------------------------------------------------------
    def clone(self) -> State:
        """An independent copy with the same position, history, log and RNG."""
        other = State(self.game, self.game.copy(self.data), Rng(self.rng.state),
                      seed=self.seed, start=self.start)
        other.version = self.version
        other.auto_chance = self.auto_chance
        other.log = list(self.log)
        other._history = list(self._history)
        other._redo = list(self._redo)
        other._checkpoints = dict(self._checkpoints)  # checkpoint data is never mutated in place
        other._floor = self._floor
        return other

    def record(self) -> dict:
        """A JSON-able record: game, options, seed (or start position), every action and chance outcome."""
        return {
            "format": RECORD_FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game.name,
            "players": self.game.players,
            "options": self.game.options_record(),
            "seed": self.seed,
            "start": self.start,
            "actions": [_entry_text(a) for a, _, _ in self._history],
        }

    def position(self) -> str:
        """A compact text of the full position (hidden cards included); ``game.load_position`` restores it."""
        payload = {
            "format": POSITION_FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game.name,
            "players": self.game.players,
            "options": self.game.options_record(),
            "rng": self.rng.state,
            "data": self.game.encode(self.data),
        }
        raw = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode()
        blob = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode()
        return f"{self.game.name}/{self.game.players}/{blob}"

    # -- views: the one place hidden information is filtered -------------------------------------------------
    def view(self, seat=None, *, log_tail: int | None = None) -> dict:
        """What ``seat`` knows (``None``: a spectator; ``OMNISCIENT``: everything, for analysis)."""
        if not (seat is None or seat == OMNISCIENT or (
                isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.game.players)):
            raise EngineError(f"no such seat: {seat!r}", code="bad-seat")
        entries = self.log if log_tail is None else self.log[-log_tail:] if log_tail > 0 else []
        log = [t for t in (e.text_for(seat) for e in entries) if t is not None]
        decisions = [
            {"seat": d.seat, "kind": d.kind, "prompt": d.prompt, "sealed": d.sealed,
             "options": None if d.options is None else d.options.notations()}
            for d in self.decisions()
            if seat == OMNISCIENT or d.seat == seat
        ]
        view = self.game.view(self.data, seat)
        view.update(
            {
                "perspective": (
                    "omniscient" if seat == OMNISCIENT else "spectator" if seat is None else seat),
                "version": self.version,
                "to_act": self.to_act(),
                "terminal": self.is_terminal(),
                "outcome": self.outcome(),
                "decisions": decisions,
                "log": log,
            }
        )
        return view

    def omniscient_view(self) -> dict:
        """The analysis view: every hidden card shown.  Never hand it to a seat's widget or bot."""
        return self.view(OMNISCIENT)

    def __repr__(self) -> str:
        if self.is_terminal():
            status = "game over"
        else:
            status = "to act: " + ", ".join(map(self.game.seat_name, self.to_act()))
        g = self.game
        return f"<{g.title} {g.players}p v{self.version}, {len(self._history)} actions, {status}>"


def _entry_text(action: Action) -> str:
    who = "c" if action.seat == CHANCE else str(action.seat)
    return f"{who}: {action.notation()}"


def _registry_game(name: str, players: int, options: dict) -> Game:
    from .registry import load_game

    return load_game(name, players=players, **options)


def _check_header(obj, fmt: str, what: str) -> None:
    if not isinstance(obj, dict):
        raise RecordError(f"a {what} must be a JSON object (dict), got {type(obj).__name__}")
    if obj.get("format") != fmt:
        raise RecordError(f"not a {what}: field 'format' is {obj.get('format')!r}, expected {fmt!r}")
    if obj.get("version") != FORMAT_VERSION:
        raise RecordError(
            f"unknown {what} version {obj.get('version')!r}: this package reads version {FORMAT_VERSION}"
        )
    for key, typ in (("game", str), ("players", int), ("options", dict)):
        if not isinstance(obj.get(key), typ):
            raise RecordError(f"{what}: field '{key}' is missing or not a {typ.__name__}")


def load_record(record: dict, game: Game | None = None) -> State:
    """Replay a record (see :meth:`State.record`); every action is validated as it is replayed."""
    _check_header(record, RECORD_FORMAT, "record")
    if game is None:
        game = _registry_game(record["game"], record["players"], record["options"])
    elif game.name != record["game"] or game.players != record["players"]:
        raise RecordError(
            f"record is for {record['game']} with {record['players']} players, "
            f"not {game.name} with {game.players}"
        )
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record: field 'actions' must be a list of strings like '0: influence C3 x2'")
    start = record.get("start")
    if start is not None:
        state = load_position(start, game=game, settle=False)
    else:
        seed = record.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record: field 'seed' must be an int when there is no 'start' position")
        state = State(game, game.setup(), Rng(seed), seed=seed)
        state._checkpoint(force=True)
    state.auto_chance = False
    for i, line in enumerate(actions):
        who, sep, text = line.partition(":")
        who = who.strip()
        if not sep or not (who == "c" or who.isdigit()):
            raise RecordError(f"record: action {i + 1} {line!r} does not start with a seat number or 'c:'")
        seat = CHANCE if who == "c" else int(who)
        try:
            act = state.game.parse(state.data, text.strip(), seat)
            err = state._why_illegal(act)
            if err is not None:
                raise err
            if seat == CHANCE:
                state.game.sample_chance(state.data, state.rng)  # as State.apply does for chance outcomes
            state._do(act)
        except EngineError as e:
            raise RecordError(f"record: action {i + 1} '{line}' cannot be replayed: {e.message}") from e
    state.auto_chance = True
    floor = 0
    if start is None:
        while floor < len(state._history) and state._history[floor][0].seat == CHANCE:
            floor += 1
    state._floor = floor
    state._settle()
    return state


def load_position(text: str, game: Game | None = None, *, settle: bool = True) -> State:
    """Restore a position made by :meth:`State.position`."""
    if not isinstance(text, str) or text.count("/") < 2:
        raise RecordError("a position text looks like 'pax/3/eNq…' (game/players/data)")
    name, players, blob = text.strip().split("/", 2)
    try:
        payload = json.loads(zlib.decompress(base64.urlsafe_b64decode(blob.encode())))
    except Exception as e:  # noqa: BLE001 - any decoding failure means a damaged text
        raise RecordError(f"position text is damaged and cannot be decoded ({type(e).__name__})") from e
    _check_header(payload, POSITION_FORMAT, "position")
    if payload["game"] != name or str(payload["players"]) != players:
        raise RecordError("position text: its prefix does not match its contents")
    if game is None:
        game = _registry_game(payload["game"], payload["players"], payload["options"])
    elif game.name != payload["game"] or game.players != payload["players"]:
        raise RecordError(
            f"position is for {payload['game']} with {payload['players']} players, "
            f"not {game.name} with {game.players}"
        )
    rng_state = payload.get("rng")
    if not isinstance(rng_state, int) or isinstance(rng_state, bool) or rng_state < 0:
        raise RecordError("position: field 'rng' must be a non-negative int")
    try:
        data = game.decode(payload.get("data"))
    except RecordError:
        raise
    except EngineError as e:
        raise RecordError(f"position: {e.message}") from e
    except (KeyError, TypeError, ValueError, IndexError) as e:
        raise RecordError(f"position: malformed data ({type(e).__name__}: {e})") from e
    problems = game.problems(data)
    if problems:
        raise RecordError("position is not consistent: " + "; ".join(problems[:5]))
    rng = Rng(0)
    rng.state = rng_state
    state = State(game, data, rng, seed=None, start=text.strip())
    state._checkpoint(force=True)
    if settle:
        state._settle()
        state._floor = 0
    return state
