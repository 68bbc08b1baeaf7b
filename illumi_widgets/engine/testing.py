"""Reusable checks for every game: random play with invariants, undo, replay and no-leak.

A game opts in by implementing ``Game.problems(data)`` (conservation and
consistency) and ``Game.secrets(data, seat)`` (the tokens — card ids, names —
that ``seat`` must not find in anything it is shown).  Then::

    from illumi_widgets.engine.testing import random_games
    stats = random_games(load_game("pax", players=3), games=200, seed=1)

runs complete random games and, after every action, checks:

- the position is consistent (``problems`` is empty);
- undo restores exactly the previous position, and redo brings the action back;
- the record replays to the same position (every ``replay_every`` actions and at the end);
- no seat's view — nor the log lines it is shown — holds one of its secrets.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from .action import CHANCE
from .game import OMNISCIENT, Game, State
from .rng import Rng


class InvariantError(AssertionError):
    """A rule invariant failed during random play (the message says which, where)."""


@dataclass
class PlayStats:
    games: int = 0
    decisions: int = 0
    chance: int = 0
    lengths: list = field(default_factory=list)
    winners: list = field(default_factory=list)
    reasons: dict = field(default_factory=dict)
    truncated: int = 0


def _token_regex(tokens) -> re.Pattern | None:
    tokens = sorted({t for t in tokens if t}, key=len, reverse=True)
    if not tokens:
        return None
    return re.compile(r"(?<![\w])(" + "|".join(re.escape(t) for t in tokens) + r")(?![\w])")


def view_leaks(state: State, seat) -> list[str]:
    """Secrets of ``seat`` found in its view (the log excluded: see :func:`log_leaks`)."""
    secrets = state.game.secrets(state.data, seat)
    rx = _token_regex(secrets)
    if rx is None:
        return []
    view = state.view(seat, log_tail=0)
    return sorted(set(rx.findall(json.dumps(view, default=str))))


def log_leaks(state: State, seat, since: int) -> list[str]:
    """Secrets of ``seat`` (now) found in the log lines added since log index ``since``, as it sees them."""
    rx = _token_regex(state.game.secrets(state.data, seat))
    if rx is None:
        return []
    found = set()
    for entry in state.log[since:]:
        text = entry.text_for(seat)
        if text:
            found.update(rx.findall(text))
    return sorted(found)


def check_no_leak(state: State, since_log: int = 0) -> None:
    """Raise if any seat (or a spectator) can see one of its secrets."""
    for seat in [*range(state.game.players), None]:
        bad = view_leaks(state, seat) + log_leaks(state, seat, since_log)
        if bad:
            raise InvariantError(f"seat {seat!r} can see hidden {', '.join(bad)} at version {state.version} "
                                 f"({state!r})")


def check_consistent(state: State, where: str = "") -> None:
    problems = state.game.problems(state.data)
    if problems:
        raise InvariantError(f"inconsistent position {where}: {'; '.join(problems)}")


def check_undo_redo(state: State, before_position: str, action) -> None:
    after = state.position()
    state.undo()
    if state.position() != before_position:
        raise InvariantError(f"undo of '{action.notation()}' did not restore the position")
    state.redo()
    if state.position() != after:
        raise InvariantError(f"redo of '{action.notation()}' did not give the same position")


def check_replay(state: State) -> None:
    again = state.game.load(json.loads(json.dumps(state.record())))
    if again.position() != state.position():
        raise InvariantError(f"the record does not replay to the same position ({state!r})")


def random_action(state: State, rng: Rng):
    seats = state.to_act()
    seat = seats[rng.below(len(seats))]
    legal = state.legal_actions(seat)
    if not legal:
        raise InvariantError(f"{state.game.seat_name(seat)} must act but has no legal action ({state!r})")
    return legal[rng.below(len(legal))]


def random_games(game: Game, games: int = 10, seed: int = 0, *, max_decisions: int = 5000,
                 check_every: int = 1, undo_every: int = 1, replay_every: int = 200, leaks_every: int = 1,
                 on_state=None) -> PlayStats:
    """Play ``games`` random games and check every invariant along the way (see the module docstring)."""
    stats = PlayStats()
    rng = Rng(seed)
    for g in range(games):
        state = game.new_state(seed=rng.next64() >> 1)
        check_consistent(state, "after setup")
        if leaks_every:
            check_no_leak(state)
        n = 0
        while not state.is_terminal():
            if n >= max_decisions:
                stats.truncated += 1
                break
            if CHANCE in state.to_act():  # only when auto_chance is off
                state.resolve_chance()
                stats.chance += 1
                continue
            action = random_action(state, rng)
            before = state.position() if undo_every and n % undo_every == 0 else None
            log_len = len(state.log)
            state.apply(action)
            n += 1
            if check_every and n % check_every == 0:
                check_consistent(state, f"after '{action.notation()}' in game {g}")
            if leaks_every and n % leaks_every == 0:
                check_no_leak(state, log_len)
            if before is not None:
                check_undo_redo(state, before, action)
            if replay_every and n % replay_every == 0:
                check_replay(state)
            if on_state is not None:
                on_state(state, action)
        if replay_every:
            check_replay(state)
        stats.games += 1
        stats.decisions += n
        stats.lengths.append(n)
        out = state.outcome()
        if out is not None:
            stats.winners.append(tuple(out["winners"]))
            stats.reasons[out.get("reason", "?")] = stats.reasons.get(out.get("reason", "?"), 0) + 1
    return stats


def omniscient_equal(a: State, b: State) -> bool:
    return a.view(OMNISCIENT) == b.view(OMNISCIENT)
