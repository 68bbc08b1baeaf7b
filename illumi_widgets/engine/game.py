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

from .action import CHANCE, Action, ActionList, Decision, normalize
from .arguments import _same_kinds, _shown, malformed, seat_number
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
    quote,
)
from .log import OMNISCIENT, Log, LogEntry
from .rng import Rng

RECORD_FORMAT = "illumi-record"
POSITION_FORMAT = "illumi-position"
FORMAT_VERSION = 1
CHECKPOINT_EVERY = 8
MAX_NOTATION = 1000
"""Longest notation text :meth:`State.parse` reads (longer text is a :class:`NotationError` at once)."""
MAX_POSITION_TEXT = 4_000_000
"""Longest position text :func:`load_position` reads (characters)."""
MAX_POSITION_BYTES = 16_000_000
"""Most bytes a position text may inflate to: decompression stops there with a :class:`RecordError`."""

#: what a game hook may raise by mistake on input it cannot read; the engine turns these into its own
#: typed errors at its boundaries (parse, checks of refused actions, loading), never lets them out
_RAW = (ValueError, TypeError, KeyError, IndexError, AttributeError, LookupError, ArithmeticError,
        RecursionError, UnicodeError, AssertionError)


class Game:
    """Rules and parameters of one game at one player count.

    Hooks a game implements (``data`` is the game's own mutable position object):

    - ``setup() -> data``: the position before the first chance decision (the deal).
    - ``decisions(data) -> list[Decision]``: the pending choices, several for sealed simultaneous
      ones; ``options=None`` means "the legal actions of that seat", computed by the core; a prompt may be
      a function worded on first read (:class:`Decision`).
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
            raise EngineError(f"players must be a whole number, got {quote(players)}", code="bad-option")
        if not self.min_players <= players <= self.max_players:
            raise EngineError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}",
                code="bad-option",
            )
        unknown = set(options) - set(self.option_names)
        if unknown:
            raise EngineError(
                f"unknown option(s) for {self.title}: {quote(', '.join(sorted(map(str, unknown))), 60)} "
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
            raise EngineError(f"seed must be an int, got {quote(seed)}", code="bad-option")
        state = State(self, self.setup(), Rng(seed), seed=seed)
        state._checkpoint(force=True)
        state.auto_chance = auto_chance
        state._settle()
        state._floor = len(state._history)
        state._checkpoint(force=True)
        return state

    def load(self, record: dict) -> State:
        """Replay a record made by :meth:`State.record` into an identical state, with *this* game's rules.

        The record's options must be this game's (``options_record()``), key by key; any difference is a
        :class:`RecordError` naming the options, never silently one or the other.  A file option (a string
        in the record, e.g. Pax ``cards="my-cards.json"``) only names the file: this game's own value of
        that option is used, and the record is accepted when this game sets that option at all.
        See :func:`load_record`."""
        return load_record(record, game=self)

    def load_position(self, text: str) -> State:
        """Restore a position made by :meth:`State.position` (no history before it), with this game's
        rules; the options policy is :meth:`load`'s.  See :func:`load_position`."""
        return load_position(text, game=self)

    #: options whose string values are plain words, never file paths (see :func:`load_record`): every other
    #: option given a string in a record or position is taken for a file name and refused there
    text_options: tuple = ()

    def options_record(self) -> dict:
        """The options as given, JSON-able: tuples become lists, objects (a ``Path``) their text."""
        return {k: json.loads(json.dumps(v, default=str)) for k, v in self.options.items()}

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

    def conservation(self, data) -> dict | None:
        """Counts that never change during a game (cards over every place they can be, tokens per seat …),
        as ``{name: count}``; ``None`` (the default): the game offers none.  The endurance runner
        (:mod:`illumi_widgets.endurance`) checks that they stay equal to their values after setup."""
        return None

    def history_rows(self, steps, seat) -> list[dict]:
        """The game's structured history: rows (plain dicts) for :meth:`State.history_table`.

        ``steps`` iterates over :class:`~illumi_widgets.engine.history.HistoryStep` s, one per action of the
        history (chance outcomes included), in order: ``index``, ``action``, ``before`` and ``after`` (the
        full game data around it: read, never change), ``lines`` (the log lines it wrote as ``seat`` reads
        them) and ``text`` (the action as ``seat`` may read it, ``None`` when hidden).  ``seat`` is
        ``OMNISCIENT`` (the analyst's table: everything), ``None`` (a spectator) or a seat number.

        Return one dict per row of the game's own unit (an attack with its roll, an action of a turn, a
        vote), every row with the same keys, values plain Python (str, int, float, bool, None; names from
        the game, never ids), so ``pandas.DataFrame(rows)`` reads them.  For a seat, a row holds only what
        that seat's view shows (read hidden things through ``text``/``lines`` or ``self.view(after, seat)``,
        never from ``before``/``after`` directly).  Default: one row per decision
        (:func:`~illumi_widgets.engine.history.action_rows`: ``step``, ``player``, ``kind``, ``action``,
        ``log``).  A game writes its table in a module of its folder and returns it here."""
        from .history import action_rows

        return action_rows(self, steps, seat)

    def final_report(self, data, seat) -> dict:
        """The end screen of a finished game as ``seat`` may read it (:mod:`illumi_widgets.engine.final`):
        headline, reason, tie-break in words and standings with each seat's score broken down.  Called by
        :meth:`State.view` only once the game is over; default: the outcome's winners first, no breakdown."""
        from .final import generic_report

        return generic_report(self, self.outcome(data))


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
        """The pending decisions (one per seat to act; several for sealed simultaneous choices).
        ``seat`` (optional) must name a seat of this game or ``CHANCE``: else ``EngineError`` "bad-seat"."""
        pending = self._pending()
        for d in pending:  # (a prompt given as a function is worded now, while the position is this one)
            d.prompt  # noqa: B018
        if seat is None:
            return list(pending)
        seat = seat_number(seat, self.game.players, chance=True)
        return [d for d in pending if d.seat == seat]

    def _make_decisions(self) -> list[Decision]:
        game, data = self.game, self.data
        if game.outcome(data) is not None:
            return []
        out = []
        for d in game.decisions(data):  # (the slots read directly: the properties cost a call each)
            if d._options is None and d._seat != CHANCE:
                d = Decision(d._seat, d._kind, d._prompt, ActionList(game.legal(data, d._seat)), d._sealed)
            out.append(d)
        return out

    def to_act(self) -> list[int]:
        """Seats that must act now; ``[CHANCE]`` when chance decides (e.g. a shuffle)."""
        return [d.seat for d in self._pending()]

    def legal_actions(self, seat: int | None = None) -> ActionList:
        """Legal actions of ``seat`` (default: of every seat to act).  A ``seat`` that names no seat of this
        game (``99``, ``"0"``, ``True``, ``0.0``) is refused with ``EngineError`` "bad-seat"."""
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.game.players):
            seat = seat_number(seat, self.game.players, chance=True)
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
        ``seat`` must name a seat of this game (``EngineError`` "bad-seat" otherwise); text longer than
        ``MAX_NOTATION`` characters, and text the game's grammar fails on in any way, is a
        :class:`NotationError`.  Nothing changes.
        """
        if isinstance(text, Action):
            return text
        if seat is not None:
            seat = seat_number(seat, self.game.players, chance=True)
        if not isinstance(text, str) or not text.strip():
            raise NotationError(f"expected notation text, got {quote(text)}")
        if len(text) > MAX_NOTATION:
            raise NotationError(f"notation is at most {MAX_NOTATION} characters; got {quote(text)}",
                                code="too-long")
        legal = self.legal_actions(seat)
        exact = legal.find(text)
        if exact is not None:
            return exact
        try:
            who = seat if seat is not None else self._default_seat(text)
            act = self.game.parse(self.data, text.strip(), who)
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
                    f"{quote(text)} could mean {len(prefixed)} actions: {shown}", candidates=prefixed
                ) from None
            raise
        except EngineError:
            raise
        except _RAW as e:  # the game's grammar failed on this text: it is not notation of this game
            raise NotationError(f"{quote(text)} is not an action of {self.game.title} ({type(e).__name__})",
                                code="bad-notation") from e
        if act.__class__ is not Action:
            raise NotationError(f"{quote(text)} is not an action of {self.game.title}")
        return act

    def _default_seat(self, text: str) -> int:
        seats = self.to_act()
        if not seats:
            raise GameOver("the game is over: no one acts any more")
        if len(seats) == 1:
            return seats[0]
        raise AmbiguousNotation(
            f"several seats act now ({', '.join(self.game.seat_name(s) for s in seats)}): "
            f"say which seat plays {quote(text)} (state.parse(text, seat=…))"
        )

    def why_illegal(self, action) -> IllegalAction | None:
        """The typed error :meth:`apply` would raise for ``action`` now, or ``None`` if it is legal."""
        return self._resolve(self.parse(action))[1]

    def explain(self, action) -> str | None:
        """``None`` if the action is legal now; otherwise why not, in plain words naming the rule."""
        try:
            err = self._resolve(self.parse(action))[1]
        except EngineError as e:
            return e.message
        return None if err is None else err.message

    def canonical(self, action) -> Action:
        """The engine's own legal :class:`Action` equal to ``action`` (an Action or notation): the one
        :meth:`apply` would store.  Raises the typed error :meth:`apply` would raise; nothing changes."""
        act = action if action.__class__ is Action else self.parse(action)
        got, err = self._resolve(act)
        if err is not None:
            raise err
        return got

    def _why_illegal(self, action) -> IllegalAction | None:
        return self._resolve(action)[1]

    def _resolve(self, action, *, from_text: bool = False):
        """``(canonical, None)`` when ``action`` is legal now, else ``(None, typed error)``.

        The canonical action is the engine's own listed object equal to ``action`` (seat, kind and
        arguments equal: a numpy integer or ``3.0`` stands for ``3``), never the caller's: it is what
        history and records keep.  ``True``/``False`` never stand for numbers, nor numbers for them.
        A chance outcome (not listed) is written in the game's notation and read back; ``from_text``:
        it was just read from notation (a record), so that round trip is known to hold."""
        if action.__class__ is not Action:
            return None, IllegalAction(f"not an action: {quote(action)}", code="bad-action")
        if self._cache_version == self.version:  # (the very object listed for the one decision: legal)
            pending = self._cache.get("decisions")
            if pending is not None:
                if len(pending) == 1:
                    options = pending[0].options
                    if options is not None and options.lists(action):
                        return action, None
                else:  # (sealed decisions: the very object listed for a seat's own decision: legal too)
                    for dec in pending:
                        options = dec.options
                        if options is not None and dec.seat != CHANCE and options.lists(action):
                            if action.seat == dec.seat:
                                return action, None
                            break
        bad = malformed(action, self.game.players)
        if bad:
            return None, IllegalAction(bad, code="bad-action")
        if self.game.outcome(self.data) is not None:
            return None, GameOver("the game is over: no one acts any more")
        seat = action.seat
        pending = self._pending()
        if len(pending) == 1 and pending[0].seat == seat:  # (one decision, this seat's: its own options)
            options = pending[0].options
            if options is not None:
                got = options.get(action)
                if got is not None:
                    return _same_kinds(action, got)
        elif seat not in [d.seat for d in pending]:
            who = ", ".join(self.game.seat_name(s) for s in self.to_act())
            return None, NotYourDecision(
                f"it is not {self.game.seat_name(seat)}'s decision now (waiting for {who})"
            )
        elif seat != CHANCE:
            got = self.legal_actions(seat).get(action)
            if got is not None:
                return _same_kinds(action, got)
        try:
            err = self.game.check(self.data, action)
        except EngineError as e:
            err = e if isinstance(e, IllegalAction) else IllegalAction(e.message, code=e.code)
        except _RAW:  # the rules cannot even read it: arguments of the wrong shape
            return None, IllegalAction(f"{quote(_shown(action))} is not an action of {self.game.title} "
                                       "(its arguments do not fit)", code="bad-action")
        if err is None and seat != CHANCE:  # passes the check but was not offered
            return None, IllegalAction(f"{quote(_shown(action))} is not one of the options now",
                                       code="not-offered")
        if err is not None:
            return None, err
        return (action, None) if from_text else self._chance_canonical(action)

    def _chance_canonical(self, action):
        """A chance outcome given by hand, as the game writes and reads it (so the record replays)."""
        try:
            fmt = action.fmt or self.game.sample_chance(self.data, Rng(self.rng.state)).fmt
            text = Action(CHANCE, action.kind, action.args, fmt=fmt).notation()
            back = self.game.parse(self.data, text, CHANCE)
        except EngineError as e:
            return None, IllegalAction(f"chance outcome {quote(_shown(action))}: {e.message}",
                                       code="bad-action")
        except _RAW:
            back = None
        if back.__class__ is not Action or back != action:
            return None, IllegalAction(f"chance outcome {quote(_shown(action))} cannot be written in "
                                       f"{self.game.title} notation", code="bad-action")
        return _same_kinds(action, back)

    # -- presentation: labels, hints, confirmations (the game's hooks, checked by the core) ----------------
    def _ask_game(self, act, hook, *args):
        """``hook(data, act, *args)`` of the game for the action ``act`` a caller gave (the one door of
        every presentation hook that takes an action): an action that is no action of this game at all
        (``malformed``), or one whose arguments the game's hook cannot read (an index out of range, an
        unknown card: the hook raises ``IndexError``, ``KeyError`` …), is refused with
        :class:`IllegalAction` "bad-action" in plain words, never a raw error.  Nothing changes."""
        if act.__class__ is not Action:
            raise IllegalAction(f"not an action: {quote(act)}", code="bad-action")
        bad = malformed(act, self.game.players)
        if bad:
            raise IllegalAction(bad, code="bad-action")
        try:
            return hook(self.data, act, *args)
        except EngineError:
            raise
        except _RAW as e:
            raise IllegalAction(f"{quote(_shown(act))} is not an action of {self.game.title} (its arguments "
                                "do not fit)", code="bad-action") from e

    def label(self, action, seat=None) -> str:
        """The plain-English label of ``action`` (notation or Action) as ``seat`` reads it.  An action the
        game cannot read is refused with :class:`IllegalAction` "bad-action" (see :meth:`_ask_game`)."""
        act = self.parse(action, seat) if not isinstance(action, Action) else action
        if not (seat is None or (isinstance(seat, str) and seat == OMNISCIENT)):
            seat = seat_number(seat, self.game.players)
        return self._ask_game(act, lambda data, a: self.game.label(data, a, a.seat if seat is None else seat))

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
        text = self._ask_game(act, self.game.confirm)
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
        if validate:  # (the engine keeps its own legal object, never the caller's: see canonical)
            got, err = self._resolve(act)
            if err is not None:
                raise err
            act = got
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
            raise HistoryError(f"history index must be a whole number, got {quote(index)}")
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

    def record(self, *, checksum: bool = False) -> dict:
        """A JSON-able record: game, options, seed (or start position), every action and chance outcome.

        A record is a *replay script*, not a signed document: loading it replays every action through the
        rules, so a record can never produce an illegal position, but anyone can write one (change the seed,
        swap a deal) and it loads.  ``checksum=True`` adds ``"checksum": "sha256:…"`` over the canonical
        content, which loading verifies (:func:`load_record` refuses a mismatch): it catches damage and
        careless edits, not forgery — whoever edits a record can recompute it.
        """
        out = {
            "format": RECORD_FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game.name,
            "players": self.game.players,
            "options": self.game.options_record(),
            "seed": self.seed,
            "start": self.start,
            "actions": [_entry_text(a) for a, _, _ in self._history],
        }
        if checksum:
            out["checksum"] = record_checksum(out)
        return out

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

    def describe(self, seat=None) -> str:
        """The position in plain words as ``seat`` sees it (from ``view(seat)`` only): the game's presenter
        draws the view and every thing drawn is named by its words (see :mod:`illumi_widgets.describe`)."""
        from ..describe import describe_state

        return describe_state(self, seat)

    # -- views: the one place hidden information is filtered -------------------------------------------------
    def view(self, seat=None, *, log_tail: int | None = None) -> dict:
        """What ``seat`` knows (``None``: a spectator; ``OMNISCIENT``: everything, for analysis).
        ``log_tail=k``: only the last ``k`` log lines this seat reads (lines hidden from it do not count)."""
        if not (seat is None or (isinstance(seat, str) and seat == OMNISCIENT)):
            seat = seat_number(seat, self.game.players)
        if log_tail is not None and (log_tail.__class__ is not int or log_tail < 0):
            raise EngineError(f"log_tail must be a whole number >= 0 or None, got {quote(log_tail)}",
                              code="bad-option")
        entries = self.log if log_tail is None else self._tail(seat, log_tail)
        log = [text for _, text in self._log_for(seat, entries)]
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
                "final": self.game.final_report(self.data, seat) if self.is_terminal() else None,
                "decisions": decisions,
                "log": log,
            }
        )
        return view

    def log_lines(self, seat=None, *, since: int = 0) -> list[tuple[int, str]]:
        """The log as ``seat`` reads it (the view's own filter), from the action numbered ``since`` on:
        ``(step, text)`` pairs, ``step`` being the index in :attr:`history` of the action whose carrying
        out wrote the line (so a board can tell which lines one move produced)."""
        if not (seat is None or (isinstance(seat, str) and seat == OMNISCIENT)):
            seat = seat_number(seat, self.game.players)
        if since.__class__ is not int or since < 0:
            raise EngineError(f"since must be a whole number >= 0, got {quote(since)}", code="bad-option")
        start = len(self.log)
        while start > 0 and self.log[start - 1].step >= since:  # (lines are appended in step order)
            start -= 1
        return self._log_for(seat, self.log[start:])

    def _tail(self, seat, k: int) -> list:
        """The last entries of the log holding ``k`` lines ``seat`` reads (entries it cannot read skipped)."""
        start, seen = len(self.log), 0
        while start > 0 and seen < k:
            start -= 1
            seen += self.log[start].text_for(seat) is not None
        return self.log[start:] if k else []

    @staticmethod
    def _log_for(seat, entries) -> list[tuple[int, str]]:
        """The one per-seat filter of log lines (what ``seat`` reads of each entry, or nothing)."""
        return [(e.step, t) for e in entries if (t := e.text_for(seat)) is not None]

    def history_table(self, seat=OMNISCIENT, *, as_frame: bool = False):
        """The history as data: the game's rows (``Game.history_rows``: Pax's actions and Oust challenges,
        Illuminati's attacks with their rolls …), replayed from the history.  ``seat``: whose table
        (default ``OMNISCIENT``, the analyst's; a seat's or a spectator's never shows what its view hides).
        A list of dicts; ``as_frame=True``: a pandas DataFrame (the ``[analysis]`` extra)."""
        from .history import history_table

        if not (seat is None or (isinstance(seat, str) and seat == OMNISCIENT)):
            seat = seat_number(seat, self.game.players)
        return history_table(self, seat, as_frame=as_frame)

    def play_until(self, predicate, bots=None, *, max_actions: int = 10_000, seed: int | None = None) -> list:
        """Play on until ``predicate(state)`` holds, the game ends or ``max_actions`` decisions were taken;
        returns the decisions played.  See :func:`illumi_widgets.engine.play.play_until`."""
        from .play import play_until

        return play_until(self, predicate, bots, max_actions=max_actions, seed=seed)

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



#: reading records and positions lives in :mod:`illumi_widgets.engine.records`, which builds States and so
#: sits above this module; it fills this table when it is imported (``illumi_widgets.engine`` imports it),
#: so :meth:`Game.load`, :meth:`Game.load_position` and ``record(checksum=True)`` reach it without an import
#: circle
READERS: dict = {}


def _reader(name: str):
    try:
        return READERS[name]
    except KeyError:  # only if this module was loaded without the engine package (never through it)
        raise EngineError("records cannot be read: import illumi_widgets.engine first",
                          code="internal") from None


def load_record(record: dict, game: Game | None = None, *, options: dict | None = None) -> State:
    """See :func:`illumi_widgets.engine.records.load_record`."""
    return _reader("load_record")(record, game, options=options)


def load_position(text: str, game: Game | None = None, *, options: dict | None = None,
                  settle: bool = True) -> State:
    """See :func:`illumi_widgets.engine.records.load_position`."""
    return _reader("load_position")(text, game, options=options, settle=settle)


def record_checksum(record: dict) -> str:
    """See :func:`illumi_widgets.engine.records.record_checksum`."""
    return _reader("record_checksum")(record)
