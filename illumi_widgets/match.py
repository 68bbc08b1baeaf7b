"""A game session: one engine ``State``, its undo policy, bots and the widgets watching it.

:class:`Match` implements the widget ``Controller`` protocol (``snapshot``, ``handle``, ``subscribe``;
see :mod:`illumi_widgets.widget`) for every *perspective*:

* ``"seat:N"`` — what seat ``N`` sees, and only seat ``N``'s decisions;
* ``"spectator"`` — public information only, no decisions;
* ``"omniscient"`` — everything (analysis), every pending decision;
* ``"follow"`` — hot seat: the seat to act.  When it changes, ``status.curtain`` names the next seat and
  the board, decisions and log are withheld until the person at the screen acknowledges (the
  ``curtain`` message).

Every snapshot is built from ``state.view(seat)`` of that perspective — the one place where hidden
information is filtered — so a seat's widget never receives what its seat may not see.

Notebook calls (:meth:`Match.play`, :meth:`Match.undo`, …) and clicks (:meth:`Match.handle`) go through
the same checks; notebook calls raise the engine's typed errors, ``handle`` turns them into replies
``{"type": "error", "code", "message"}`` and never raises.  Either way, a refused intent changes nothing.

Undo policy (``mode``):

* ``"analysis"``: undo, redo and history steps (``goto``) are free, from any perspective.
* ``"play"``: a seat may take back only its own latest decision, and only while that decision (with
  everything that followed it automatically) revealed no hidden information — see
  :meth:`Match.reveals_hidden`.  Redo re-applies only the seat's own undone decision.  ``goto`` is
  refused (history browsing is for analysis).  The notebook (no perspective) may undo any seat's
  decision in play mode, under the same no-reveal rule.

Threads: a Match serialises every change and every read of its state through one re-entrant lock
(:attr:`Match.lock`), so bots, timers, a seat server and the notebook may act on one Match from different
threads; each call sees and leaves a whole position, and the record always replays.  Subscribers are
called with the lock held (a widget repainting reads a snapshot in the same thread).  ``match.state``
handed out is the live state: change it only inside ``with match.lock:``.

This module is pure Python: it imports no Jupyter package, so bots and scripts can use it headless.
"""

from __future__ import annotations

import functools
import secrets as _secrets
import threading
import warnings
from collections.abc import Callable
from importlib import import_module
from typing import Any

from .engine import (
    CHANCE,
    OMNISCIENT,
    Action,
    ActionList,
    EngineError,
    IllegalAction,
    NotYourDecision,
    StaleAction,
    State,
    load_game,
    load_position,
    load_record,
)
from .engine.errors import quote
from .engine.game import malformed
from .match_history import HOST, HistoryMixin, _error
from .match_history import locked as _locked
from .match_ponder import PonderMixin
from .match_prefs import PrefsMixin
from .scene import group_amounts

__all__ = ["MODES", "Match", "register_presenter"]

MODES = ("analysis", "play")
"""The undo policies a Match may have (``mode=``): ``"analysis"``, where undo, redo and history steps are
free, and ``"play"``, where a seat may take back only its own latest decision that revealed nothing."""
LOG_LIMIT = 60  # log lines sent to a widget (the newest ones; the painter shows them all)
TURN_LINES = 12  # of the log lines of a seat's run of decisions, the newest this many summarise its last move

_PRESENTERS: dict[str, str] = {}


def register_presenter(game_name: str, module: str) -> None:
    """Name the module that draws ``game_name`` (overriding the game's own ``Game.presenter``): it defines
    ``PRESENTER = {"scene", "targets", ...}``."""
    _PRESENTERS[game_name] = module


def _fallback_scene(view: dict, game) -> dict:
    lines = [f"{game.title}: version {view.get('version')}"]
    lines += [str(x) for x in view.get("log", [])[-10:]]
    return {"w": 640, "h": 240, "bg": "#f4efe4",
            "items": [{"t": "text", "x": 12, "y": 20, "s": "\n".join(lines), "size": 12}]}


_FALLBACK = {"scene": _fallback_scene, "targets": lambda game, action: [], "group": lambda game, action: None}


def _three(fn):
    """A presenter hook called ``fn(game, action, data)``, also when it takes only ``(game, action)``."""
    try:
        return _three_once(fn)  # (inspect's signature per snapshot was 2% of one)
    except TypeError:  # (a hook that cannot be a key)
        return _three_of(fn)


@functools.lru_cache(maxsize=64)
def _three_once(fn):
    return _three_of(fn)


def _three_of(fn):
    if fn is None:
        return None
    import inspect

    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return fn
    if any(p.kind == p.VAR_POSITIONAL for p in params) or len(params) >= 3:
        return fn
    return lambda game, action, _data: fn(game, action)


class Match(HistoryMixin, PrefsMixin, PonderMixin):
    """One game being played or analysed, shared by any number of widgets and notebook calls.

    ``Match("pax", players=3, seed=7, mode="analysis")``; also :meth:`from_record`,
    :meth:`from_position` and :meth:`from_state`.
    """

    def __init__(self, game_name: str = "pax", players: int = 2, seed: int | None = None,
                 mode: str = "analysis", *, state: State | None = None, bots: dict | None = None,
                 **options: Any) -> None:
        if state is None:
            if bots:  # a rulebook bot (Pax) is a rule of the game: its names become the game option ``bots``
                from .bots.registry import rulebook_seats

                scripted = rulebook_seats(game_name, bots)
                if scripted:
                    options = {**options, "bots": {**options.get("bots", {}), **scripted}}
            state = load_game(game_name, players=players, **options).new_state(seed=seed)
        elif not isinstance(state, State):
            raise TypeError(f"state must be an engine State, not {type(state).__name__}")
        #: the re-entrant lock every change and read goes through (``with match.lock:`` for several calls)
        self.lock = threading.RLock()
        self._state = state
        self.mode = mode
        #: seat -> Bot (illumi_widgets.bots); a seat without a bot is played by a person
        self.bots: dict[int, Any] = {}
        self._subscribers: list[Callable[[], None]] = []
        self._follow_ack = self._follow_target()
        self._cache_key: tuple | None = None
        self._cache: dict = {}
        self._label_ok: bool | None = None
        self._presenter = self._load_presenter(state.game)
        self._auto: dict[int, set[str]] = {}  # seat -> the preferences it turned on (set_auto)
        self._quiet: dict[int, Any] = {}  # seat -> the turn ("don't ask me again this turn") it asked in
        self._review_memo: tuple = (None, None)  # ((version, perspective, index), the review snapshot)
        self._pondered: dict = {}  # perspective -> what it may click next, worked out ahead (match_ponder)
        self._primed: tuple | None = None  # (stamp, cache) of the position a click made, if pondered
        if bots:
            from .bots import attach_bots

            attach_bots(self, bots)  # names become bots seeded from the game's seed and the seat
            self._follow_ack = None  # the followed seat is chosen with the bots known (never a bot's)
            self._follow_ack = self._follow_target()

    # ------------------------------------------------------------------ constructors
    @classmethod
    def from_state(cls, state: State, mode: str = "analysis") -> Match:
        """Watch an existing state (it is used as is, not copied)."""
        return cls(mode=mode, state=state)

    @classmethod
    def from_record(cls, record: dict, mode: str = "analysis", **options: Any) -> Match:
        """Replay a record made by :meth:`record` (or ``State.record``).  A record is untrusted input:
        ``options`` are the ones you vouch for (a file the record names, e.g. Pax ``cards="mine.json"``);
        see :func:`illumi_widgets.engine.load_record` for the policy."""
        return cls(mode=mode, state=load_record(record, options=options))

    @classmethod
    def from_position(cls, text: str, mode: str = "analysis", **options: Any) -> Match:
        """Start from a position text made by :meth:`position` (no history before it); ``options`` as in
        :meth:`from_record`."""
        return cls(mode=mode, state=load_position(text, options=options))

    @staticmethod
    def _load_presenter(game) -> dict:
        module = _PRESENTERS.get(game.name) or getattr(game, "presenter", None)
        if module is None:
            return dict(_FALLBACK)
        found = getattr(import_module(module), "PRESENTER", None)
        return {**_FALLBACK, **(found or {})}

    # ------------------------------------------------------------------ properties
    @property
    def state(self) -> State:
        with self.lock:  # (never a clone being thought ahead about on another thread: match_ponder)
            return self._state

    @property
    def game(self):
        with self.lock:
            return self._state.game

    @property
    def mode(self) -> str:
        return self._mode

    @mode.setter
    def mode(self, value: str) -> None:
        if value not in MODES:
            raise EngineError(f"mode must be 'analysis' or 'play', not {quote(value)}", code="bad-option")
        with self.lock:
            self._mode = value
            self._cache_key = None
            if hasattr(self, "_subscribers"):
                self._notify()

    @property
    def version(self) -> int:
        with self.lock:
            return self._state.version

    @_locked
    def __repr__(self) -> str:
        st = self._state
        if st.is_terminal():
            status = "game over"
        else:
            status = "to act: " + ", ".join(map(st.game.seat_name, st.to_act()))
        return (f"Match({st.game.name!r}, players={st.game.players}, mode={self._mode!r}, "
                f"version={st.version}, {status})")

    # ------------------------------------------------------------------ subscribers
    @_locked
    def subscribe(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` after every change (notebook call or click); returns an unsubscriber."""
        if not callable(callback):
            raise TypeError("callback must be callable")
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)

        return unsubscribe

    def _notify(self) -> None:
        self._cache_key, self._pondered = None, {}
        for cb in list(self._subscribers):
            try:
                cb()
            except Exception as exc:  # noqa: BLE001 - one broken watcher must not stop the others
                warnings.warn(f"a Match subscriber failed: {type(exc).__name__}: {exc}", RuntimeWarning,
                              stacklevel=2)

    @_locked
    def refresh(self) -> None:
        """Tell every widget to repaint (only needed after changing ``match.state`` directly)."""
        self._notify()

    # ------------------------------------------------------------------ perspectives
    def _players(self) -> int:
        return self._state.game.players

    def _norm(self, perspective) -> str:
        """``None`` (the notebook), ``int`` seat or a perspective string -> a checked key."""
        if perspective is None or perspective == HOST:
            return HOST
        if isinstance(perspective, int) and not isinstance(perspective, bool):
            perspective = f"seat:{perspective}"
        if perspective == OMNISCIENT:
            return "omniscient"
        if perspective in ("spectator", "omniscient", "follow"):
            return perspective
        if isinstance(perspective, str) and perspective.startswith("seat:"):
            num = perspective[5:]
            if num.isdigit() and len(num) <= 4 and int(num) < self._players():
                return f"seat:{int(num)}"
        raise _error("bad-perspective", f"no such perspective: {quote(perspective, 40)} (use 'seat:0'.."
                     f"'seat:{self._players() - 1}', 'spectator', 'omniscient' or 'follow')")

    def _follow_target(self):
        """The seat a ``follow`` screen shows: the acknowledged seat while it acts, else the first person to
        act. A bot's seat is never followed (the screen would show its hidden cards): while only bots act,
        the screen stays with the person who had it."""
        st = self._state
        ack = getattr(self, "_follow_ack", None)
        if ack in self.bots:  # a bot attached after the screen was given to its seat: never follow it
            ack = None
        acting = [s for s in st.to_act() if s != CHANCE and s not in self.bots]
        if not acting:
            return ack if st.is_terminal() or any(s in self.bots for s in st.to_act()) else None
        if ack in acting:
            return ack
        return acting[0]

    @_locked
    def curtain(self) -> str | None:
        """The seat name a ``follow`` screen must be passed to (None: no curtain)."""
        target = self._follow_target()
        if target is None or target == self._follow_ack:
            return None
        return self.game.seat_name(target)

    def _view_seat(self, key: str):
        """The ``state.view`` seat of a perspective key (follow: the followed seat)."""
        if key.startswith("seat:"):
            return int(key[5:])
        if key in ("omniscient", HOST):
            return OMNISCIENT
        if key == "follow":
            return self._follow_target()
        return None

    def _actor(self, key: str):
        """Who acts for a perspective: a seat, ``None`` for every seat (host/omniscient), or a refusal."""
        if key.startswith("seat:"):
            return int(key[5:])
        if key in (HOST, "omniscient"):
            return None
        if key == "follow":
            if self.curtain() is not None:
                raise _error("curtain", f"pass the screen to {self.curtain()} first (click the curtain)")
            target = self._follow_target()
            if target is None:
                raise _error("not-your-decision", "no seat acts now")
            return target
        raise _error("not-your-decision", "a spectator does not decide anything")

    # ------------------------------------------------------------------ notebook API
    @_locked
    def view(self, seat=None) -> dict:
        """``state.view(seat)``: a seat number, ``None`` (spectator) or ``OMNISCIENT``."""
        return self._state.view(seat)

    @_locked
    def legal_actions(self, seat: int | None = None) -> ActionList:
        return self._state.legal_actions(seat)

    @_locked
    def explain(self, action) -> str | None:
        """``None`` if legal now, else why not in plain words."""
        return self._state.explain(action)

    @_locked
    def record(self, *, checksum: bool = False) -> dict:
        """The game's record (``State.record``; ``checksum=True`` adds a sha256 that loading verifies)."""
        return self._state.record(checksum=checksum)

    @_locked
    def position(self) -> str:
        return self._state.position()

    def edit(self):
        """``with match.edit() as ed:`` -- edit the position by hand (:mod:`illumi_widgets.editor`); it
        becomes the game's new start and every board repaints."""
        from .editor import edit

        return edit(self)

    @_locked
    def play(self, action, perspective=None) -> Action:
        """Apply a legal action (Action or notation) as ``perspective`` (default: the notebook, any seat)."""
        key = self._norm(perspective)
        actor = self._actor(key)
        act = self._parse(action, actor)
        decision = self._decision_of(act, actor)
        return self._apply(act, decision, self._state.version)

    # ------------------------------------------------------------------ acting
    def _parse(self, action, actor) -> Action:
        st = self._state
        if isinstance(action, Action):
            return action
        if not isinstance(action, str):
            raise IllegalAction(f"not an action: {quote(action)}", code="bad-action")
        if actor is None:
            return st.parse(action)
        # a seat's notation is read as that seat's action; its own options first
        exact = st.legal_actions(actor).find(action)
        return exact if exact is not None else st.parse(action, seat=actor)

    def _decision_of(self, act: Action, actor):
        """The pending decision ``act`` answers, checking that ``actor`` may take it."""
        st = self._state
        bad = malformed(act, st.game.players)
        if bad is not None:  # (not an action of this game at all: a forged seat, unhashable arguments)
            raise IllegalAction(bad, code="bad-action")
        if actor is not None and act.seat != actor:
            raise NotYourDecision(f"'{act.notation()}' is {st.game.seat_name(act.seat)}'s action, not "
                                  f"{st.game.seat_name(actor)}'s")
        for d in st.decisions():
            if d.seat == act.seat and d.options is not None and act in d.options:
                return d
        err = st.why_illegal(act)
        raise err if err is not None else IllegalAction(f"'{act.notation()}' is not an option now",
                                                        code="not-offered")

    def serve(self, port: int = 8765, host: str = "127.0.0.1", **kwargs: Any):
        """Serve this game to several browsers in the background (a private link per seat, a spectator
        link): see :mod:`illumi_widgets.serve` (needs ``pip install "illumi-widgets[serve]"``). Returns the
        running server; print it for the links, ``server.stop()`` ends it. ``bots={seat: name}``,
        ``save=path`` (the game and links after every move), ``resume=path`` (with :meth:`from_saved`)."""
        from .serve import serve

        return serve(self, port=port, host=host, **kwargs)

    @classmethod
    def from_saved(cls, path, mode: str | None = None) -> Match:
        """The game a seat server saved in ``path`` (``serve(save=path)``); serve it again with
        ``match.serve(resume=path)`` to keep its links."""
        from .serve import load_saved

        saved = load_saved(path)
        return cls.from_record(saved["record"], mode=mode or saved.get("mode", "play"))

    @_locked
    def run_bots(self, max_steps: int = 100_000) -> list[Action]:
        """Play bot decisions (each through :meth:`play` as its seat) until a seat without a bot must act or
        the game ends, at most ``max_steps`` of them; returns the decisions played."""
        from .bots import run_bots

        return run_bots(self, self.bots, max_steps=max_steps)

    @_locked
    def play_until(self, predicate, bots=None, *, max_actions: int = 10_000, seed: int | None = None):
        """:meth:`State.play_until <illumi_widgets.engine.game.State.play_until>` on this game, and every
        board repaints once at the end.  ``bots`` may also give names (``"random"``, ``"search"``, one name
        for every seat or ``{seat: name}``), made by :func:`illumi_widgets.bots.make_bot`."""
        from .bots import make_bot

        players = self._state.game.players
        if isinstance(bots, str):
            bots = {s: make_bot(bots, s) for s in range(players)}
        elif isinstance(bots, dict):
            bots = {s: make_bot(b, s) if isinstance(b, str) else b for s, b in bots.items()}
        version = self._state.version
        try:
            return self._state.play_until(predicate, bots, max_actions=max_actions, seed=seed)
        finally:
            if self._state.version != version:
                self._notify()

    def _apply(self, act: Action, decision, version: int) -> Action:
        """Apply ``act``, then the answers the people's preferences give (:meth:`set_auto`); returns the
        engine's own action stored in history (never the caller's object)."""
        st = self._state
        n = len(st.history)
        base = self._ponder_base() if self._pondered else None
        st.apply(act, version=version)
        self._auto_answers()
        if base is not None:  # (the snapshots of this position may have been worked out ahead)
            self._pondered_after(decision, act, n, base)
        self._notify()
        return st.history[n]

    # ------------------------------------------------------------------ Controller protocol
    def _cached(self, key, make):
        stamp = (self._state.version, self._follow_ack, self._mode)
        if self._cache_key != stamp:
            primed, self._primed = self._primed, None
            self._cache_key = stamp
            self._cache = primed[1] if primed is not None and primed[0] == stamp else {}
        try:
            return self._cache[key]
        except KeyError:
            value = self._cache[key] = make()
            return value

    @_locked
    def secrets(self, perspective: str) -> set[str]:
        """What ``perspective`` may not see now (card ids, names).  Never sent anywhere: a widget uses it to
        drop a scene base that still holds one of them (a card once shown, since hidden again)."""
        try:
            key = self._norm(perspective)
        except EngineError:
            return set()
        if key in (HOST, "omniscient"):
            return set()
        st = self._state
        if key == "follow" and self.curtain() is not None:
            return set(st.game.secrets(st.data, None))
        return set(st.game.secrets(st.data, self._view_seat(key)))

    @_locked
    def snapshot(self, perspective: str) -> dict:
        """``{game, version, scene, decisions, log, status}`` for ``perspective``, from its view only."""
        try:
            key = self._norm(perspective)
        except EngineError as e:
            return self._blank(status={"error": e.to_dict(), "text": e.message})
        if key == HOST:
            key = "omniscient"
        return self._cached(("snapshot", key), lambda: self._make_snapshot(key))

    def _blank(self, status: dict | None = None, curtain: str | None = None) -> dict:
        size = self._presenter.get("size", (1000, 720))
        items = []
        if curtain:
            items.append({"t": "text", "x": size[0] / 2, "y": size[1] / 2, "s": f"Pass to {curtain}",
                          "size": 28, "color": "#f4efe4", "align": "center", "baseline": "middle"})
        st = self._state
        base = {"text": "", "to_act": list(st.to_act()), "terminal": st.is_terminal(), "curtain": curtain,
                "error": None, "can_undo": False, "can_redo": False, "history": {"index": 0, "length": 0},
                "mode": self._mode}
        base.update(status or {})
        return {"game": st.game.name, "version": st.version,
                "scene": {"w": size[0], "h": size[1], "bg": "#23262d", "items": items},
                "decisions": [], "log": [], "status": base}

    def _make_snapshot(self, key: str) -> dict:
        st = self._state
        game = st.game
        if key == "follow" and self.curtain() is not None:
            name = self.curtain()
            return self._blank(curtain=name, status={"text": f"Pass the screen to {name}"})
        seat = self._view_seat(key)
        view = st.view(seat)
        scene = self._presenter["scene"](view, game)
        decisions = self._decisions(view)
        hist = self.history() if self._mode == "analysis" else {"index": 0, "length": 0}
        if self._mode == "play" and view["terminal"]:  # the game is over: its history may be reviewed
            n = len(self._points()) - 1
            hist = {"index": n, "length": n, "review": True}
        status_fn = self._presenter.get("status")
        text = status_fn(view, game) if status_fn else self._status_text(view)
        status = {
            "text": text,
            "to_act": list(view["to_act"]),
            "terminal": bool(view["terminal"]),
            "outcome": view["outcome"],
            "curtain": None,
            "error": None,
            "can_undo": (undo := self._undo_refusal(key)) is None,
            "can_redo": (redo := self._redo_refusal(key)) is None,
            # why not, in a person's words (the buttons' tooltips)
            "undo_why": None if undo is None else undo.detail.get("words", undo.message),
            "redo_why": None if redo is None else redo.detail.get("words", redo.message),
            "history": hist,
            "mode": self._mode,
            "perspective": key,
            "seat": seat if isinstance(seat, int) else None,
            "log_length": len(view["log"]),  # the log sent is the newest LOG_LIMIT lines of these
            "bots": [{"seat": s, "name": game.seat_name(s), "bot": getattr(b, "name", "bot")}
                     for s, b in sorted(self.bots.items()) if b is not None],
            "last": self._last_move(key, seat, view),
            # the end screen's record (``view["final"]``: headline, standings with each seat's breakdown,
            # tie-break, reason), None until the game is over
            "final": view.get("final") if view["terminal"] else None,
            "auto": self._auto_status(seat if key.startswith("seat:") else None),
            # the race the players follow (the presenter's ``score(view, game)``: Plots, VPs...), always shown
            "score": self._score_line(view),
        }
        if status["last"] is not None:  # the acting seat's colour, for the last move's highlight
            color = (self._presenter.get("seat_colors") or {}).get(status["last"]["name"])
            status["last"]["color"] = color if isinstance(color, str) else None
        log = [str(x) for x in view["log"][-LOG_LIMIT:]]
        status["log_seats"] = self._log_seats(seat, log)
        return {"game": game.name, "version": st.version, "scene": scene, "decisions": decisions, "log": log,
                "status": status}

    def _score_line(self, view: dict) -> str | None:
        score = self._presenter.get("score")
        try:
            said = score(view, self._state.game) if score is not None else None
        except Exception:  # noqa: BLE001 - a score line is a summary: never break a snapshot
            return None
        return said if isinstance(said, str) and said else None

    def _log_seats(self, seat, log: list[str]) -> list | None:
        """For each log line sent, the name of the seat whose decision wrote it ("" chance, None a heading the
        game writes between rounds and phases), so a board groups its log by turn; None if they differ."""
        st = self._state
        pairs = st._log_for(seat, st._tail(seat, len(log))) if log else []  # (only the newest entries)
        if [t for _, t in pairs] != log:
            return None
        history, name = st.history, st.game.seat_name
        out = []
        for step, text in pairs:
            who = history[step].seat if 0 <= step < len(history) else CHANCE
            out.append(None if text.startswith("—") else "" if who == CHANCE else name(who))
        return out

    def _last_move(self, key: str, seat, view: dict) -> dict | None:
        """The latest decision (not chance) for a board to name and highlight: ``{"seat", "name", "bot",
        "version", "text", "lines", "turn", "touched"}``.  ``lines`` are the log lines that decision wrote as
        this perspective reads them (never a line of another seat's or of chance after it), ``text`` those
        lines joined; ``turn`` the log lines of the acting seat's whole run of decisions up to it, chance
        outcomes inside the run included (a bot's turn, summarised by the board), newest last (at most
        :data:`TURN_LINES`); each is a log line this perspective was shown.  ``touched``: the entity ids the
        game names (``Game.touched``) minus any that names what this perspective may not see; a sealed choice
        of another seat is not shown while sealed choices are pending."""
        st = self._state
        history = st.history
        start = st.history_start
        index = next((i for i in range(len(history) - 1, start - 1, -1) if history[i].seat != CHANCE), None)
        if index is None:
            return None
        last = history[index]
        run = index  # back to the first decision of this seat's run (chance outcomes between are part of it)
        while run > start and history[run - 1].seat in (last.seat, CHANCE):
            run -= 1
        while history[run].seat == CHANCE:
            run += 1
        game = st.game
        touched = []
        sealed = any(d.sealed for d in st.decisions())
        if not (sealed and last.seat != seat and key != "omniscient"):
            try:
                touched = [t for t in game.touched(st.data, last) if isinstance(t, str)]
            except Exception:  # noqa: BLE001 - a highlight is decoration: never break a snapshot
                touched = []
            if key != "omniscient":
                hidden = game.secrets(st.data, seat if isinstance(seat, int) else None)
                touched = [t for t in touched if not any(h in t for h in hidden)]
        turn, lines, after = [], [], set()
        for step, text in st.log_lines(seat, since=run):
            # its own lines and chance's within its run (a roll it made), never what came after it, nor the
            # headings the game writes between rounds and phases ("— Round 2, Blue's turn —"), nor what its
            # step wrote after such a heading (the new round's bookkeeping and draws are not its move)
            if text.startswith("—"):
                after.add(step)
                continue
            if step <= index and history[step].seat in (last.seat, CHANCE) and step not in after:
                turn.append(text)
                if step == index:
                    lines.append(text)
        bot = self.bots.get(last.seat)
        return {"seat": last.seat, "name": game.seat_name(last.seat),
                "bot": getattr(bot, "name", None) if bot is not None else None,
                "version": st.version, "text": " ".join(lines), "lines": lines, "turn": turn[-TURN_LINES:],
                "touched": touched}

    def _label(self, action: Action, seat) -> str:
        """``Game.label`` of ``action`` (the notation while a game still has an older ``label`` method of
        another shape: Illuminati's ``label(card_id)`` names a card)."""
        game = self._state.game
        ok = self._label_ok
        if ok is None:
            import inspect

            try:
                inspect.signature(game.label).bind(self._state.data, action, seat)
                ok = True
            except (TypeError, ValueError):
                ok = False
            self._label_ok = ok
        return game.label(self._state.data, action, seat) if ok else action.notation()

    @_locked
    def why_not(self, entity: str, perspective: str) -> str | None:
        """Why ``perspective`` cannot use the scene entity ``entity`` now (``State.why_not`` for its seat),
        or ``None`` when it can (or the game names no action on it)."""
        key = self._norm(perspective)
        if key == "spectator":
            return "You are watching this game: a spectator does not play."
        if key == "follow" and self.curtain() is not None:
            return f"Pass the screen to {self.curtain()} first."
        st = self._state
        if key.startswith("seat:") or key == "follow":
            seat = self._view_seat(key)
            if seat is None:
                return "No one you play acts now."
            return st.why_not(seat, entity)
        reasons = [st.why_not(s, entity) for s in st.to_act() if s != CHANCE]
        return None if not reasons or None in reasons else reasons[0]

    @_locked
    def legend(self, perspective: str) -> list[dict]:
        """The board's legend (``Game.legend``) for ``perspective``."""
        key = self._norm(perspective)
        seat = self._view_seat(key) if key not in ("omniscient", HOST) else None
        out = self._state.game.legend(seat)
        return [dict(e) for e in out if isinstance(e, dict) and isinstance(e.get("text"), str)]

    def _status_text(self, view: dict) -> str:
        game = self._state.game
        if view["terminal"]:
            out = view["outcome"] or {}
            names = " and ".join(game.seat_name(s) for s in out.get("winners", []))
            return f"Game over: {names or 'nobody'} {'wins' if len(out.get('winners', [])) == 1 else 'win'}"
        return "To act: " + ", ".join(game.seat_name(s) for s in view["to_act"])

    def _decisions(self, view: dict) -> list[dict]:
        """The view's decisions with option ids, labels, board targets and groups.  A presenter's ``compose``
        (``compose(view, game, seat, actions)`` -> ``None`` or ``{"targets": [entities per action], "alike":
        {entity: class}, "hint": text, "tags": {entity: [word picked, word not picked]}}``) turns a decision
        into one composed on the board: each option's targets are the SET of entities it names."""
        st = self._state
        game = st.game
        targets, group = self._presenter["targets"], self._presenter["group"]
        compose = self._presenter.get("compose")
        # optional presenter hook ``effects(game, action, data) -> {"ends_turn": bool, "irreversible": bool,
        # "uses": words}`` (what a click does beyond its label: the hover says it; play mode asks first)
        effects = _three(self._presenter.get("effects"))
        out = []
        for vd in view["decisions"]:
            if vd["seat"] == CHANCE or vd["options"] is None:
                continue
            dec = next(d for d in st.decisions(vd["seat"]) if d.kind == vd["kind"])
            # a decision whose options each name a SET of entities (the presenter's "compose"): the board
            # picks entities into a selection and confirms the one option it names (js/src/compose.js)
            comp = compose(view, game, dec.seat, dec.options) if compose else None
            options = []
            for k, a in enumerate(dec.options):
                opt = {"id": a.notation(), "notation": a.notation(),
                       "label": self._label(a, dec.seat),
                       "targets": list(comp["targets"][k] if comp else targets(game, a)),
                       "group": group(game, a)}
                if effects is not None:  # what a click does beyond its label: the tip says so
                    said = effects(game, a, st.data) or {}
                    for flag in ("ends_turn", "irreversible"):
                        if said.get(flag):
                            opt[flag] = True
                    if isinstance(said.get("uses"), str) and said["uses"]:
                        opt["uses"] = said["uses"]
                ask = st.confirm(a)
                if not ask and self._mode == "play" and (opt.get("ends_turn") or opt.get("irreversible")):
                    # in play mode a step that ends the turn or cannot be undone asks first
                    what = "cannot be undone" if opt.get("irreversible") else "ends your turn"
                    ask = f"{opt['label']}: this {what}. Are you sure?"
                if ask:
                    opt["confirm"] = ask
                options.append(opt)
            group_amounts(options)
            item = {"id": dec.id, "seat": dec.seat, "prompt": vd["prompt"], "sealed": bool(vd["sealed"]),
                    "options": options}
            if comp:
                item["compose"] = {k: v for k, v in comp.items() if k != "targets"}
            out.append(item)
        return out

    def _new_game(self, message: dict, key: str) -> dict:
        """The end screen's "Play again": a new deal of the same game (same seats, options and bots) with a
        new seed, once the game is over; refused (nothing changes) before its end or for a stale version."""
        if set(message) != {"type", "version"}:
            raise _error("bad-message", "a new_game message has exactly the fields 'type' and 'version'")
        st = self._state
        self._current_version(message)
        if key == "spectator":
            raise _error("not-allowed", "You are watching this game: a spectator cannot start a new one.")
        if not st.is_terminal():
            raise _error("not-over", "The game is not over yet: a new game starts from the end screen.")
        seed = _secrets.randbits(62)
        fresh = st.game.new_state(seed=seed, auto_chance=st.auto_chance)
        fresh.version = st.version + 1  # every board sees a new version (stale intents are refused)
        self._state = fresh
        self._cache_key = None
        self._cache = {}
        self._follow_ack = None
        self._follow_ack = self._follow_target()
        self._notify()
        return {"type": "ok", "version": fresh.version}

    @_locked
    def restore(self, record: dict, **options: Any) -> None:
        """Continue the game of ``record`` (made by :meth:`record`) in this Match: same game and players,
        the bots and every board kept; each board sees a new version (an intent made on the old position
        is stale).  A record is untrusted (``options`` as in :meth:`from_record`); a refused one changes
        nothing."""
        state = load_record(record, options=options)
        if state.game.name != self.game.name or state.game.players != self.game.players:
            raise _error("bad-record", f"this record is a game of {state.game.title} for "
                         f"{state.game.players} players, not of {self.game.title} for {self.game.players}")
        state.version = max(state.version, self._state.version + 1)
        self._state = state
        self._cache_key = None
        self._cache = {}
        self._follow_ack = None
        self._follow_ack = self._follow_target()
        self._notify()

    def _current_version(self, message: dict) -> int:
        """The message's ``version``, refused unless it is an integer and the state's current version (a
        choice made on an older board is stale)."""
        version = message.get("version")
        if type(version) is not int:
            raise _error("bad-message", "field 'version' must be an integer")
        if version != self._state.version:
            raise StaleAction(f"this was chosen at version {version}, but the game is now at version "
                              f"{self._state.version}: the board has been updated, choose again",
                              words="The board changed before your choice arrived: please choose again.")
        return version

    @_locked
    def handle(self, message: dict, perspective: str) -> dict:
        """Apply a checked intent from a widget; returns ``{"type": "ok", "version"}`` or an error reply."""
        try:
            return self._handle(message, perspective)
        except EngineError as e:  # (a person's words when the error has them: the page shows the message)
            return {"type": "error", "code": e.code, "message": e.detail.get("words") or e.message}
        except Exception as e:  # noqa: BLE001 - the protocol: a reply, never an exception
            return {"type": "error", "code": "internal", "message": f"{type(e).__name__}: {quote(str(e))}"}

    def _option_of(self, actor, did: str, oid: str) -> tuple:
        """``(action, decision)``: option ``oid`` of the pending decision ``did`` of ``actor`` (None: any
        seat's), or a refusal that names what is wrong (a click's act, and thinking ahead about one)."""
        st = self._state
        decision = next((d for d in st.decisions() if d.seat != CHANCE and d.options is not None
                         and (actor is None or d.seat == actor) and d.id == did), None)
        if decision is None:
            whose = "board" if actor is None else f"seat ({st.game.seat_name(actor)})"
            raise NotYourDecision(f"{quote(did, 60)} is not a pending decision of this {whose}")
        act = next((a for a in decision.options if a.notation() == oid), None)
        if act is None:
            raise _error("unknown-option", f"{quote(oid, 60)} is not one of the options of {quote(did, 60)}")
        return act, decision

    def _handle(self, message: dict, perspective: str) -> dict:
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise _error("bad-message", "a message is an object with a 'type'")
        kind = message["type"]
        key = self._norm(perspective)
        if key == HOST:
            raise _error("bad-perspective", "widgets speak for a perspective")
        st = self._state
        if kind == "curtain":
            if key == "follow" and self.curtain() is not None:
                self._follow_ack = self._follow_target()
                self._notify()
            return {"type": "ok", "version": st.version}
        if kind == "new_game":
            return self._new_game(message, key)
        if kind == "auto":  # a game-site preference of this board's person (set_auto)
            if not key.startswith("seat:") or self.bots.get(int(key[5:])) is not None:
                raise _error("not-allowed", "preferences belong to a person's own seat board")
            pref, on = message.get("pref"), message.get("on")
            if not isinstance(pref, str) or not isinstance(on, bool):
                raise _error("bad-message", "fields 'pref' (a word) and 'on' (true or false) are needed")
            self.set_auto(int(key[5:]), pref, on)
            return {"type": "ok", "version": st.version}
        if kind not in ("act", "undo", "redo", "goto"):
            raise _error("bad-message", f"unknown message type {quote(kind, 40)}")
        version = self._current_version(message)
        if kind == "act":
            actor = self._actor(key)
            did, oid = message.get("decision"), message.get("option")
            if not isinstance(did, str) or not isinstance(oid, str):
                raise _error("bad-message", "fields 'decision' and 'option' must be strings")
            self._apply(*self._option_of(actor, did, oid), version)
        elif kind == "undo":
            self.undo(key)
        elif kind == "redo":
            self.redo(key)
        else:
            index = message.get("index")
            if type(index) is not int:
                raise _error("bad-message", "field 'index' must be an integer")
            self.goto(index, key)
        return {"type": "ok", "version": st.version}
