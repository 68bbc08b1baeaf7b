"""A game's history as data: the rows of :meth:`State.history_table`.

The engine replays the state's history from its start (the deal, or the position it was loaded or edited
from) and hands the game one :class:`HistoryStep` per action — the position before and after it, the action,
and what the table's seat may read of it — through the hook :meth:`Game.history_rows
<illumi_widgets.engine.game.Game.history_rows>`.  The game turns those steps into rows (plain dicts), e.g.
one row per attack with its roll, or one per action of a turn.  A game without a table of its own gets
:func:`action_rows`: one row per decision.

Hidden information: a step's ``text`` and ``lines`` are already what the seat may read (the log's one
per-seat filter, :meth:`LogEntry.text_for <illumi_widgets.engine.log.LogEntry.text_for>`, and
``Game.public_action``); ``before``/``after`` are the full positions, so a game's hook must put into a seat's
rows only what that seat's view shows (``Game.view(data, seat)``) — exactly as ``Game.view`` does.  The
default perspective of a table is the omniscient (analysis) one.
"""

import re
from typing import Any, NamedTuple

from .action import CHANCE, Action
from .log import OMNISCIENT

__all__ = ["HistoryStep", "action_rows", "history_steps", "history_table", "to_frame"]

_WORD = re.compile(r"[\w'-]+")


class HistoryStep(NamedTuple):
    """One action of the history as the table's seat may read it (see :meth:`Game.history_rows`)."""

    index: int
    """The action's place in ``state.history`` (0 = the first action, the deal included)."""
    action: Action
    """The action itself (seat, kind, arguments): for a seat's table read ``text``, not this, for another
    seat's or chance's action (its arguments may name hidden cards)."""
    before: Any
    """The game's data before the action (the full position: never change it)."""
    after: Any
    """The game's data after the action and every automatic step it caused (never change it)."""
    lines: tuple
    """The log lines this action wrote, as the table's seat reads them (the view's own filter)."""
    text: str | None
    """The action as the table's seat may read it: its notation for the omniscient table and for the
    seat's own actions; another seat's through ``Game.public_action`` (or ``None`` when it names a card
    this seat may not see, or answers a sealed decision still pending); a chance outcome only for the
    omniscient table (a deal spells out hidden cards)."""


def mentions_any(secrets):
    """A test ``text -> bool``: does ``text`` name one of ``secrets`` (single words as whole tokens, longer
    names as substrings)?  Shared by the history table and the bots' log filter."""
    words = {s for s in secrets if s and _WORD.fullmatch(s)}
    phrases = [s for s in secrets if s and s not in words]

    def mentions(text: str) -> bool:
        if words and not words.isdisjoint(_WORD.findall(text)):
            return True
        return any(p in text for p in phrases)

    return mentions


def history_steps(state, seat=OMNISCIENT):
    """The state's history replayed as :class:`HistoryStep` s for ``seat`` (``OMNISCIENT``, ``None`` for a
    spectator, or a seat number already checked by the caller).  A generator: each step's ``before`` and
    ``after`` are fresh copies, never the state's own data."""
    from .log import Log

    game = state.game
    history = state.history
    sealed = {d.kind for d in state.decisions() if d.sealed}
    own_rule = type(game).public_action.__qualname__ != "Game.public_action"  # (its own rule?)
    mentions = None if own_rule or seat == OMNISCIENT else mentions_any(game.secrets(state.data, seat))
    data, _, written = state._checkpoints[0]  # the start: its data and how many log lines came before
    data = game.copy(data)
    scratch: list = []
    for i, act in enumerate(history):
        done = state._history[i][2]  # the log's length after this action (and its automatic steps)
        lines = tuple(text for _, text in state._log_for(seat, state.log[written:done]))
        written = done
        before = game.copy(data)
        game.perform(data, act, Log(scratch, i))
        scratch.clear()
        if seat == OMNISCIENT or act.seat == seat:
            text = act.notation()
        elif act.seat == CHANCE:
            text = None
        elif act.kind in sealed:
            text = None  # (it may answer the sealed decision still pending; the bots' public history's rule)
        elif own_rule:
            text = game.public_action(data, act, seat)
        else:
            text = act.notation()
            if mentions(text):
                text = None
        yield HistoryStep(i, act, before, game.copy(data), lines, text)


def action_rows(game, steps, seat) -> list[dict]:
    """The default table: one row per decision (chance outcomes left out), with keys ``step`` (its place in
    the history), ``player`` (the seat's name), ``kind`` (the action kind), ``action`` (the action as
    ``seat`` may read it, or ``None``) and ``log`` (the lines it wrote, as ``seat`` reads them, joined)."""
    return [
        {"step": s.index, "player": game.seat_name(s.action.seat), "kind": s.action.kind, "action": s.text,
         "log": " ".join(s.lines)}
        for s in steps if s.action.seat != CHANCE
    ]


def to_frame(rows: list[dict]):
    """``rows`` as a pandas DataFrame (needs the ``[analysis]`` extra:
    ``pip install "illumi-widgets[analysis]"``)."""
    from .errors import EngineError

    try:
        import pandas as pd
    except ImportError:  # pragma: no cover - depends on the installation
        raise EngineError('a DataFrame needs pandas: pip install "illumi-widgets[analysis]"',
                          code="missing-extra") from None
    return pd.DataFrame(rows)


def history_table(state, seat=OMNISCIENT, *, as_frame: bool = False):
    """See :meth:`State.history_table <illumi_widgets.engine.game.State.history_table>`."""
    rows = state.game.history_rows(history_steps(state, seat), seat)
    rows = [dict(r) for r in rows]
    return to_frame(rows) if as_frame else rows
