"""Records and positions in and out: reading untrusted records and position texts.

A record (:meth:`State.record`) is a replay script; a position text (:meth:`State.position`) is a packed
snapshot.  Both are untrusted input when they come from a file, a message or another person's notebook:
everything here checks before it uses, quotes at most a few dozen characters of what it refuses, and never
lets a file named inside a record or position be opened (see :func:`load_record` for the policy).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import re
import zlib

from . import game as _game_module
from .action import CHANCE, Action
from .errors import EngineError, NotationError, RecordError, quote
from .game import (
    _RAW,
    FORMAT_VERSION,
    MAX_NOTATION,
    MAX_POSITION_BYTES,
    MAX_POSITION_TEXT,
    OMNISCIENT,
    POSITION_FORMAT,
    RECORD_FORMAT,
    Game,
    Log,
    State,
    _shown,
)
from .rng import Rng


def record_checksum(record: dict) -> str:
    """``"sha256:<hex>"`` of a record's canonical JSON (sorted keys, no spaces), its ``checksum`` left out."""
    body = {k: v for k, v in record.items() if k != "checksum"}
    try:
        raw = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise RecordError(f"record is not plain JSON data ({type(e).__name__})") from None
    return "sha256:" + hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def _check_header(obj, fmt: str, what: str) -> None:
    if not isinstance(obj, dict):
        raise RecordError(f"a {what} must be a JSON object (dict), got {type(obj).__name__}")
    if obj.get("format") != fmt:
        raise RecordError(f"not a {what}: field 'format' is {quote(obj.get('format'))}, expected {fmt!r}")
    if obj.get("version") != FORMAT_VERSION or isinstance(obj.get("version"), bool):
        raise RecordError(
            f"unknown {what} version {quote(obj.get('version'))}: this package reads version {FORMAT_VERSION}"
        )
    for key, typ in (("game", str), ("players", int), ("options", dict)):
        if not isinstance(obj.get(key), typ) or isinstance(obj.get(key), bool):
            raise RecordError(f"{what}: field '{key}' is missing or not a {typ.__name__}")
    bad = [k for k in obj["options"] if not isinstance(k, str)]
    if bad:
        raise RecordError(f"{what}: field 'options': option names are words, not {quote(bad[0])}")


_MISSING = object()


def _file_like(game_cls, key: str, value) -> bool:
    """Whether an option's value in a record or position could name a file (a path, not embedded data)."""
    return isinstance(value, (str, bytes, os.PathLike)) and key not in getattr(game_cls, "text_options", ())


def _game_for(obj: dict, game: Game | None, options: dict | None, what: str) -> Game:
    """The rules a record or position is read with (the options policy of :func:`load_record`)."""
    from .registry import game_class

    name, players, stored = obj["game"], obj["players"], obj["options"]
    if game is not None:
        if options:
            raise EngineError("give the game or its options, not both", code="bad-option")
        if game.name != name or game.players != players:
            shown = name if re.fullmatch(r"[\w-]{1,40}", name) else quote(name, 40)
            raise RecordError(f"{what} is for {shown} with {players} players, "
                              f"not {game.name} with {game.players}", code="wrong-game")
        cls = type(game)
    else:
        try:
            cls = game_class(name)
        except EngineError as e:
            raise RecordError(f"{what}: {e.message}", code="wrong-game") from None
    unknown = sorted(k for k in stored if k not in cls.option_names)
    if unknown:
        raise RecordError(f"{what}: unknown option(s) for {cls.title}: {quote(', '.join(unknown))}",
                          code="bad-options")
    if game is not None:
        mine = game.options_record()
        differ = sorted(k for k in set(mine) | set(stored)
                        if not (_file_like(cls, k, stored.get(k)) and k in mine)
                        and mine.get(k, _MISSING) != stored.get(k, _MISSING))
        if differ:
            shown = "; ".join(f"{k}: {quote(stored.get(k, '(not set)'), 30)} in the {what}, "
                              f"{quote(mine.get(k, '(not set)'), 30)} here" for k in differ[:4])
            raise RecordError(f"the {what} was made with other options ({shown}): load it with "
                              f"the game it was made with", code="options-differ", options=differ)
        return game
    options = dict(options or {})
    bad = [k for k in options if not isinstance(k, str) or k not in cls.option_names]
    if bad:
        raise EngineError(f"unknown option(s) for {cls.title}: {quote(bad)}", code="bad-option")
    chosen = dict(stored)
    for k, v in stored.items():
        if _file_like(cls, k, v):
            if k not in options:
                raise RecordError(
                    f"the {what} names a file for option '{k}' ({quote(v, 40)}): a {what} may carry data, "
                    f"never a file name; pass {k}=... yourself to read that file", code="file-option",
                    option=k)
            chosen[k] = options.pop(k)
    differ = sorted(k for k, v in options.items() if stored.get(k, _MISSING) != v)
    if differ:
        raise RecordError(f"the {what} was made with other options: {quote(', '.join(differ))} differ",
                          code="options-differ", options=differ)
    try:
        return cls(players, **chosen)
    except EngineError as e:
        raise RecordError(f"{what}: its options cannot be used: {e.message}", code="bad-options") from None
    except _RAW as e:
        raise RecordError(f"{what}: its options cannot be used ({type(e).__name__})",
                          code="bad-options") from None


_ENTRY = re.compile(r"\s*(c|[0-9]{1,6})\s*:(.*)", re.DOTALL | re.ASCII)

_LOAD_POLICY = """
    Records and positions are untrusted input (a file, a message, a notebook from elsewhere):

    * Options.  With ``game`` given, the stored options must equal ``game.options_record()`` key by key,
      else :class:`RecordError` (code ``"options-differ"``) naming them.  Without ``game``, the game is
      built from the stored options: an option name the game does not know is refused (``"bad-options"``),
      and a stored *string* option (``Game.text_options`` aside) is taken for a file name and refused
      (``"file-option"``) unless the caller passes that option in ``options`` (the caller's value is used;
      other caller options must equal the stored ones).  Data embedded in the options (a dict of cards) is
      fine: only files are the caller's to name.  Pax's rulebook ``bots`` option is an option like any other.
    * Everything else is checked before use: every error is a :class:`RecordError` (or another
      :class:`EngineError`) whose message quotes at most a few dozen characters of the input; nothing
      else escapes, and no state is half-made.
"""


def load_record(record: dict, game: Game | None = None, *, options: dict | None = None) -> State:
    """Replay a record (see :meth:`State.record`); every action is validated as it is replayed.

    A record is a replay script, not a signed document: see :meth:`State.record` (``checksum``); a
    ``checksum`` present is verified (:class:`RecordError` ``"bad-checksum"`` on a mismatch).
    """
    _check_header(record, RECORD_FORMAT, "record")
    if "checksum" in record:
        given = record["checksum"]
        if not isinstance(given, str) or record_checksum(record) != given:
            raise RecordError("record: its checksum does not match its contents (the record was changed "
                              "or damaged after it was written)", code="bad-checksum")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record: field 'actions' must be a list of strings like '0: influence C3 x2'")
    start = record.get("start")
    seed = record.get("seed")
    if start is None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("record: field 'seed' must be an int when there is no 'start' position")
    game = _game_for(record, game, options, "record")
    if start is not None:
        state = load_position(start, game=game, settle=False)
    else:
        state = State(game, game.setup(), Rng(seed), seed=seed)
        state._checkpoint(force=True)
    state.auto_chance = False
    players = game.players
    for i, line in enumerate(actions):
        m = _ENTRY.fullmatch(line)
        if m is None or not (m.group(1) == "c" or int(m.group(1)) < players):
            raise RecordError(f"record: action {i + 1} {quote(line)} does not start with a seat number "
                              f"(0 to {players - 1}) or 'c:'")
        seat = CHANCE if m.group(1) == "c" else int(m.group(1))
        text = m.group(2).strip()
        try:
            if not text or len(text) > MAX_NOTATION:
                raise NotationError("no notation, or too long")
            act = state.game.parse(state.data, text, seat)
            if act.__class__ is not Action or act.seat != seat:
                raise NotationError("not notation of this seat's action")
            act, err = state._resolve(act, from_text=True)
            if err is not None:
                raise err
            if seat == CHANCE:
                state.game.sample_chance(state.data, state.rng)  # as State.apply does for chance outcomes
            state._do(act)
        except EngineError as e:
            raise RecordError(f"record: action {i + 1} {quote(line)} cannot be replayed: {e.message}") from e
        except _RAW as e:
            raise RecordError(f"record: action {i + 1} {quote(line)} cannot be replayed "
                              f"({type(e).__name__})") from e
    state.auto_chance = True
    floor = 0
    if start is None:
        while floor < len(state._history) and state._history[floor][0].seat == CHANCE:
            floor += 1
    state._floor = floor
    try:
        state._settle()
    except _RAW as e:
        raise RecordError(f"record: the position it leads to cannot be played on ({type(e).__name__})") from e
    return state


load_record.__doc__ += _LOAD_POLICY


def _inflate(text: str) -> dict:
    """The JSON payload of a position text's data part, within :data:`MAX_POSITION_BYTES`."""
    try:
        packed = base64.urlsafe_b64decode(text.encode("ascii"))
        z = zlib.decompressobj()
        raw = z.decompress(packed, MAX_POSITION_BYTES)
        if z.unconsumed_tail:
            raise RecordError(f"position text inflates to more than {MAX_POSITION_BYTES:,} bytes: refused",
                              code="too-large")
        raw += z.flush()
        if not z.eof:
            raise ValueError("truncated")
        return json.loads(raw)
    except RecordError:
        raise
    except (ValueError, TypeError, binascii.Error, zlib.error, RecursionError, UnicodeError) as e:
        raise RecordError(f"position text is damaged and cannot be decoded ({type(e).__name__})") from None


def _trial_problems(game: Game, data, options, limit: int = 24) -> list[str]:
    """Legal options (all, or ``limit`` of them spread over the list) carried out on a copy of ``data``,
    and the next decisions listed: the rules must not fail on them."""
    options = list(options)
    step = max(1, -(-len(options) // limit))
    for a in options[::step]:
        scratch = game.copy(data)
        try:
            game.perform(scratch, a, Log([], 0))
            if game.outcome(scratch) is None:
                for d in game.decisions(scratch):
                    d.prompt  # noqa: B018 (a prompt worded on demand must word on this position too)
                    if d.options is None and d.seat != CHANCE:
                        game.legal(scratch, d.seat)
        except (EngineError, *_RAW) as e:
            return [f"its option {quote(_shown(a), 40)} cannot be carried out ({type(e).__name__})"]
    return []


def position_problems(state: State, *, trial: bool = True) -> list[str]:
    """What makes a loaded position unusable, checked generically for every game (empty: usable).

    The game's own :meth:`Game.problems` first; then the position must work with the engine: the outcome
    reads; an unfinished game has someone to act, every seat named to act exists, and every seat to act
    (chance aside) has a legal action, each of which (``trial``) the rules can carry out on a copy; every
    seat's view, the spectator's and the omniscient one build; the data copies and encodes as JSON (what
    undo and positions need).
    A game hook that fails on the data is reported as a problem, not raised."""
    game, data = state.game, state.data
    out: list[str] = []
    try:
        out = list(game.problems(data))
        if out:
            return [str(p) for p in out]
        result = game.outcome(data)
        if result is not None:
            winners = result.get("winners") if isinstance(result, dict) else None
            if not isinstance(winners, list) or any(
                    isinstance(w, bool) or not isinstance(w, int) or not 0 <= w < game.players
                    for w in winners):
                out.append(f"the outcome's winners are not seats of this game: {quote(winners)}")
        else:
            pending = game.decisions(data)
            for d in pending:
                d.prompt  # noqa: B018 (a prompt worded on demand must word on this position too)
            if not pending:
                out.append("the game is not over, but no one is to act")
            for d in pending:
                if d.seat != CHANCE and (isinstance(d.seat, bool) or not isinstance(d.seat, int)
                                         or not 0 <= d.seat < game.players):
                    out.append(f"seat {quote(d.seat)} is to act, but there is no such seat")
            if not out:
                for d in state._pending():
                    if d.seat != CHANCE and not d.options:
                        out.append(f"{game.seat_name(d.seat)} is to act but has no legal action")
                    elif d.options and any(a.seat != d.seat for a in d.options):
                        out.append(f"{game.seat_name(d.seat)}'s options include another seat's actions")
                    elif d.options and trial:
                        out += _trial_problems(game, data, d.options)
        for seat in [*range(game.players), None, OMNISCIENT]:
            if not isinstance(game.view(data, seat), dict):
                out.append(f"the view of seat {seat!r} is not a dict")
        game.secrets(data, None)
        json.dumps(game.encode(game.copy(data)), allow_nan=False)  # (undo checkpoints and positions)
    except EngineError as e:
        out.append(e.message)
    except _RAW as e:
        out.append(f"the rules cannot use it ({type(e).__name__}: {quote(str(e), 60)})")
    return out


def load_position(text: str, game: Game | None = None, *, options: dict | None = None,
                  settle: bool = True) -> State:
    """Restore a position made by :meth:`State.position`.

    The text is at most :data:`MAX_POSITION_TEXT` characters and inflates to at most
    :data:`MAX_POSITION_BYTES`; the position is then validated by the game's :meth:`Game.problems` and by
    :func:`position_problems` (someone to act, every view builds …), and refused with a
    :class:`RecordError` naming the first problems.
    """
    if not isinstance(text, str) or text.count("/") < 2:
        raise RecordError("a position text looks like 'pax/3/eNq…' (game/players/data)")
    if len(text) > MAX_POSITION_TEXT:
        raise RecordError(f"a position text is at most {MAX_POSITION_TEXT:,} characters; this one has "
                          f"{len(text):,}", code="too-large")
    name, players, blob = text.strip().split("/", 2)
    payload = _inflate(blob)
    _check_header(payload, POSITION_FORMAT, "position")
    if payload["game"] != name or str(payload["players"]) != players:
        raise RecordError("position text: its prefix does not match its contents")
    game = _game_for(payload, game, options, "position")
    rng_state = payload.get("rng")
    if not isinstance(rng_state, int) or isinstance(rng_state, bool) or not 0 <= rng_state < 1 << 64:
        raise RecordError("position: field 'rng' must be a whole number from 0 to 2**64 - 1")
    try:
        data = game.decode(payload.get("data"))
    except RecordError:
        raise
    except EngineError as e:
        raise RecordError(f"position: {e.message}") from e
    except _RAW as e:
        raise RecordError(f"position: malformed data ({type(e).__name__}: {quote(str(e), 60)})") from e
    rng = Rng(0)
    rng.state = rng_state
    state = State(game, data, rng, seed=None, start=text.strip())
    problems = position_problems(state)
    if problems:
        raise RecordError("position is not consistent: " + "; ".join(problems[:5]), code="inconsistent",
                          problems=problems)
    try:
        state._checkpoint(force=True)
        if settle:
            state._settle()
            state._floor = 0
    except _RAW as e:
        raise RecordError(f"position: the rules cannot go on from it ({type(e).__name__})") from e
    if state._history:  # chance acted (a deal, a roll): the position reached must be usable too
        problems = position_problems(state)
        if problems:
            raise RecordError("position is not consistent once chance has acted: " + "; ".join(problems[:5]),
                              code="inconsistent", problems=problems)
    return state


load_position.__doc__ += _LOAD_POLICY


# the game module reaches these through its READERS table (it cannot import this module: we import it)
_game_module.READERS.update(load_record=load_record, load_position=load_position,
                            record_checksum=record_checksum)
