"""The board leak scan (issue 14): everything a board sends to its page, and its saved picture, scanned for
what its viewer may not see -- for any game, driven through the widget message path as the browser does.

``BoardTable(match)`` puts a board for every seat, a hot-seat board (``follow``) and a spectator board on one
:class:`~illumi_widgets.match.Match`, with every board's comm replaced by a recording one (the widgets'
``comm.create_comm``), so every message that would reach a front end is seen: the comm-open state, every
trait update (``method: update``), every reply (``method: custom``).  ``table.send(board, message)``
delivers a page message the way the kernel does (``Widget._handle_msg``), then :meth:`BoardTable.check`
scans, for every board:

* each message sent since the last check, against the ids hidden from the board's viewer NOW
  (:func:`illumi_widgets.engine.testing.hidden_ids`: the game's ``secrets`` united with every id of the
  omniscient view that the viewer's own view does not hold -- nothing hand-kept here).  Log lines: every line
  a board sends must be one its viewer was shown (``LogEntry.text_for``), and the lines written since the
  last check are scanned (an older line may name a card that was public to that viewer when it was written
  and is hidden again now -- an Event shown and shuffled back, a Plot drawn and returned: the past, not a
  leak; a hot-seat board shows each seat's own past when it follows it);
* the board's synced traits as they stand (what the page holds now: a scene base kept for patches included),
  against the ids hidden from its viewer since the last check (the rest was scanned when it was sent);
* with ``pictures=True``, the saved picture (the ``image/svg+xml`` of ``_repr_mimebundle_``); a hot-seat
  board's picture is the public one, scanned as the spectator's.

:func:`play_random` drives random games through the boards: ``act`` intents read from a board's
``decisions`` trait, the curtain of the hot-seat board, ``why`` on scene entities, ``undo``/``redo`` when
the board's status allows it and ``goto`` a point of the history (analysis mode), ``bot_step`` when a bot
seat must decide (as the page asks at the bot's pace), ``request_state`` and ``hello`` (a page opening),
and one small ``analyse`` per game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import comm
from comm.base_comm import BaseComm

from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import hidden_ids, omniscient_ids, scan
from illumi_widgets.match import Match
from illumi_widgets.widget.board import BoardWidget


class LeakFound(AssertionError):
    """A board sent (or shows in its picture) an id hidden from its viewer."""


class RecordingComm(BaseComm):
    """A comm that keeps every message it would publish to a front end (as JSON text, at send time)."""

    def __init__(self, *args, **kwargs):
        self.sent: list[tuple[str, str]] = []
        super().__init__(*args, **kwargs)

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        self.sent.append((msg_type, json.dumps(data, default=str, ensure_ascii=False)))


def board_class(game_name: str) -> type[BoardWidget]:
    """The board widget class of a game (every game's board is a :class:`BoardWidget` with its name)."""
    import illumi_widgets

    for name in ("PaxIlluminaten", "Illuminati", "PrimordialSecrets", "GrayEminence"):
        getattr(illumi_widgets, name)  # (imported on first use)
    found = [c for c in _subclasses(BoardWidget) if c.game_name == game_name]
    if not found:
        raise LookupError(f"no board widget for {game_name!r}")
    return found[0]


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


@dataclass
class Stats:
    messages: int = 0
    scanned_bytes: int = 0
    pictures: int = 0
    intents: dict = field(default_factory=dict)
    hidden: int = 0  # ids hidden from seat boards, summed over checks (the scan is not vacuous)


class BoardTable:
    """Boards for every seat, a hot-seat and a spectator board on ``match`` (see the module docstring)."""

    def __init__(self, match: Match, monkeypatch):
        monkeypatch.setattr(comm, "create_comm", RecordingComm)
        self.match = match
        cls = board_class(match.game.name)
        seats = list(range(match.game.players))
        self.boards: list[BoardWidget] = [cls(match=match, seat=s) for s in seats]
        self.boards += [cls(match=match, seat=None), cls(match=match, seat="spectator")]
        self._read = {id(b): 0 for b in self.boards}  # messages of each board already scanned
        self._log_len = 0  # the length of the state's log at the last check
        self._hidden: dict = {}  # the ids hidden from each board's viewer at the last check
        self.stats = Stats()

    def close(self) -> None:
        for b in self.boards:
            b.cancel_analysis()
            b.close()

    # ------------------------------------------------------------------ the page's side
    def send(self, board: BoardWidget, message: dict) -> dict | None:
        """Deliver ``message`` from ``board``'s page as the kernel does; returns the reply sent back."""
        n = len(board.comm.sent)
        board._handle_msg({"content": {"data": {"method": "custom", "content": message}}, "buffers": []})
        kind = message.get("type", "?")
        self.stats.intents[kind] = self.stats.intents.get(kind, 0) + 1
        for msg_type, text in board.comm.sent[n:]:
            data = json.loads(text)
            if msg_type == "comm_msg" and data.get("method") == "custom":
                return data["content"]
        return None

    def open_page(self, board: BoardWidget) -> None:
        """A page opening a live view: it asks for the whole state, then says hello."""
        board._handle_msg({"content": {"data": {"method": "request_state"}}, "buffers": []})
        self.send(board, {"type": "hello", "version": board.version})

    # ------------------------------------------------------------------ the scan
    def viewer(self, board: BoardWidget):
        """The ``state.view`` seat whose hidden ids ``board`` must not send now (``None``: the spectator)."""
        key = board.perspective
        if key.startswith("seat:"):
            return int(key[5:])
        if key == "follow" and self.match.curtain() is None:
            return self.match._follow_target()
        return None

    def check(self, pictures: bool = False) -> None:
        """Scan what every board sent since the last check and what it holds now (module docstring)."""
        state = self.match.state
        omni = omniscient_ids(state)
        hidden_of = {}
        start = min(self._log_len, len(state.log))
        self._log_len = len(state.log)
        lines_of = {}  # viewer -> (every log line it was shown, the lines written since the last check)
        for seat in {self.viewer(b) for b in self.boards}:
            texts = [e.text_for(seat) for e in state.log]
            lines_of[seat] = ({t for t in texts if t}, [t for t in texts[start:] if t])
        for board in self.boards:
            seat = self.viewer(board)
            if seat not in hidden_of:
                hidden_of[seat] = hidden_ids(state, seat, omni=omni)
            hidden = hidden_of[seat]
            if board.perspective.startswith("seat:"):
                self.stats.hidden += len(hidden)
            sent = board.comm.sent[self._read[id(board)]:]
            self._read[id(board)] = len(board.comm.sent)
            for msg_type, text in sent:
                self.stats.messages += 1
                self.stats.scanned_bytes += len(text)
                self._scan_message(board, msg_type, json.loads(text), hidden, lines_of[seat])
            # what the page holds now: its content was scanned when sent; only an id hidden since can be new
            newly = hidden - self._hidden.get(id(board), set())
            self._hidden[id(board)] = hidden
            if newly:
                now = {k: v for k, v in board.get_state().items() if k != "log_lines"}
                now = _without_last_lines(board, now, lines_of[seat][0])
                self._raise(board, "its synced traits", scan(now, newly))
            # the board in words (``board.describe()``, what the page's accessible tree also says): the front
            # end builds that tree in JS from the scene and decisions traits scanned above, so it cannot hold
            # more than they do (js/test/keyboard.test.mjs checks it holds only their texts); the Python words
            # are scanned here like the traits
            self._raise(board, "its description (board.describe())", scan(board.describe(), hidden))
            if pictures:
                picture = board._repr_mimebundle_()[0].get("image/svg+xml", "")
                ids = hidden if board.perspective != "follow" else hidden_of.setdefault(
                    None, hidden_ids(state, None, omni=omni))
                self.stats.pictures += 1
                self._raise(board, "its saved picture", scan(picture, ids))

    def _scan_message(self, board, msg_type: str, data: dict, hidden, lines) -> None:
        state = data.get("state") if isinstance(data, dict) else None
        if isinstance(state, dict) and isinstance(state.get("log_lines"), list):
            own, fresh = lines
            alien = [line for line in state["log_lines"] if line not in own]
            if alien:
                raise LeakFound(f"the {board.perspective} board sent log lines its viewer was never shown: "
                                f"{alien[:2]}")
            self._raise(board, f"a log line written now ({msg_type})",
                        scan([line for line in state["log_lines"] if line in fresh], hidden))
            data = {**data, "state": {k: v for k, v in state.items() if k != "log_lines"}}
        if isinstance(state, dict) and isinstance(state.get("status"), dict):
            own, fresh = lines
            last = state["status"].get("last") or {}
            self._raise(board, f"the last move's lines ({msg_type})",
                        scan([line for line in last.get("turn", []) + last.get("lines", []) if line in fresh],
                             hidden))
            data = {**data, "state": _without_last_lines(board, dict(data["state"]), own)}
        self._raise(board, f"a message ({msg_type}: {data.get('method', 'open')})", scan(data, hidden))

    def _raise(self, board, where: str, found) -> None:
        if found:
            state = self.match.state
            raise LeakFound(f"the {board.perspective} board of {state.game.name} sent hidden "
                            f"{', '.join(found[:6])} in {where} at version {state.version} "
                            f"({state.position()})")


def _without_last_lines(board, state: dict, own: set) -> dict:
    """``state`` without the last move's log lines (``status.last``: ``lines``, ``turn`` and ``text``, their
    join), once each is found to be a log line the viewer was shown: they are judged as the log is (the
    lines written since the last check are scanned by the caller; older ones are the viewer's past)."""
    status = state.get("status")
    last = status.get("last") if isinstance(status, dict) else None
    if not isinstance(last, dict):
        return state
    shown = list(last.get("turn", [])) + list(last.get("lines", []))
    alien = [line for line in shown if line not in own]
    if alien or last.get("text", "") != " ".join(last.get("lines", [])):
        raise LeakFound(f"the {board.perspective} board's last move is not made of log lines its viewer was "
                        f"shown: {(alien or [last.get('text')])[:2]}")
    last = {k: v for k, v in last.items() if k not in ("turn", "lines", "text")}
    return {**state, "status": {**status, "last": last}}


def play_random(table: BoardTable, rng: Rng, *, intents: int, picture_every: int = 10,
                analyse: bool = True) -> None:
    """Drive random play through the boards' pages (module docstring), checking after every intent."""
    match = table.match
    for board in table.boards:
        table.open_page(board)
    table.check(pictures=True)
    analysed = not analyse
    for step in range(intents):
        if match.state.is_terminal():
            break
        roll = rng.below(100)
        hot = table.boards[-2]
        if hot.status.get("curtain") and roll < 30:
            table.send(hot, {"type": "curtain", "open": True})
        elif roll < 8:
            board = table.boards[rng.below(len(table.boards))]
            ids = sorted({it["id"] for it in board.effective_scene.get("items", [])
                          if isinstance(it, dict) and isinstance(it.get("id"), str)})
            if ids:
                entity = ids[rng.below(len(ids))]
                table.send(board, {"type": "why", "version": board.version, "entity": entity})
        elif roll < 13:
            kind = ("undo", "undo", "redo", "goto")[rng.below(4)]
            able = [b for b in table.boards if b.status.get(f"can_{kind}")] if kind != "goto" else [
                b for b in table.boards if b.status.get("history", {}).get("length")]
            if able:
                board = able[rng.below(len(able))]
                message = {"type": kind, "version": match.version}
                if kind == "goto":
                    message["index"] = rng.below(board.status["history"]["length"] + 1)
                reply = table.send(board, message)
                assert reply and reply["type"] == "ok", reply
        else:
            bots = set(match.bots)
            acting = [b for b in table.boards[:-1] if b.decisions and not b.status.get("curtain")
                      and table.viewer(b) not in bots]
            if hot.bot_turn and (not acting or roll < 40):
                board = table.boards[rng.below(len(table.boards))]
                reply = table.send(board, {"type": "bot_step", "version": match.version})
                assert reply and (reply["type"] == "ok" or reply["code"].startswith("bot-")), reply
            elif not analysed and acting and acting[0].perspective.startswith("seat:"):
                board = acting[0]
                board.analysis_budget = 12
                reply = table.send(board, {"type": "analyse", "version": match.version})
                thread = board._analysis_thread
                if thread is not None:
                    thread.join(60)
                analysed = True
            elif acting:
                board = acting[rng.below(len(acting))]
                dec = board.decisions[rng.below(len(board.decisions))]
                opt = dec["options"][rng.below(len(dec["options"]))]
                reply = table.send(board, {"type": "act", "version": match.version, "decision": dec["id"],
                                           "option": opt["id"]})
                assert reply and reply["type"] == "ok", (reply, board.perspective, opt["id"])
        table.check(pictures=picture_every > 0 and step % picture_every == 0)
    table.check(pictures=True)
