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
- no seat's view — nor the log lines it is shown — holds one of its secrets (a name found in a log line
  is judged against the secrets at the time the line was written: :func:`judge_log_leaks`).
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


_WORD = re.compile(r"[\w'-]+")


def _find_secrets(text: str, secrets) -> set[str]:
    """Secrets found in ``text``: single words by token, multi-word names by substring."""
    words = {s for s in secrets if s and _WORD.fullmatch(s)}
    phrases = [s for s in secrets if s and s not in words]
    found = words.intersection(_WORD.findall(text)) if words else set()
    found.update(p for p in phrases if p in text)
    return found


def view_leaks(state: State, seat, secrets=None) -> list[str]:
    """Secrets of ``seat`` found in its view (the log excluded: see :func:`log_leaks`)."""
    secrets = state.game.secrets(state.data, seat) if secrets is None else secrets
    if not secrets:
        return []
    view = state.view(seat, log_tail=0)
    return sorted(_find_secrets(json.dumps(view, default=str), secrets))


def log_leaks(state: State, seat, since: int, secrets=None) -> list[str]:
    """Secrets of ``seat`` (now) found in the log lines added since log index ``since``, as it sees them."""
    secrets = state.game.secrets(state.data, seat) if secrets is None else secrets
    if not secrets:
        return []
    text = "\n".join(t for t in (e.text_for(seat) for e in state.log[since:]) if t)
    return sorted(_find_secrets(text, secrets)) if text else []


def check_no_leak(state: State, since_log: int = 0, since_history: int | None = None) -> None:
    """Raise if any seat (or a spectator) can see one of its secrets: in its view, or in the log lines
    since log index ``since_log``.  With ``since_history`` (the history length before the action that
    wrote those lines), a secret found in a line is judged against what was hidden when the line was
    written (:func:`judge_log_leaks`)."""
    seats = [*range(state.game.players), None]
    in_view, in_lines = {}, {}
    for seat in seats:
        secrets = state.game.secrets(state.data, seat)
        in_view[seat] = view_leaks(state, seat, secrets)
        in_lines[seat] = log_leaks(state, seat, since_log, secrets)
    if since_history is not None and any(in_lines.values()):
        in_lines = judge_log_leaks(state, since_log, since_history, in_lines)
    for seat in seats:
        bad = in_view[seat] + in_lines.get(seat, [])
        if bad:
            raise InvariantError(f"seat {seat!r} can see hidden {', '.join(bad)} at version {state.version} "
                                 f"({state!r})")


# -- leak scan: the review's method, for every game and every payload ------------------------------------
# (used on every board of every game -- each comm message, the synced traits, the saved picture -- by
# tests/widget/board_leaks.py; the seat server's browser test scans pages and websocket frames)
_ENGINE_KEYS = frozenset({"log", "decisions", "perspective", "version", "to_act", "terminal", "outcome"})


def _id_strings(value, out: set, top: bool = True) -> set:
    """Every id-like string (:data:`_ID`) in a JSON-able value (the engine's keys aside)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if not (top and k in _ENGINE_KEYS):
                _id_strings(v, out, False)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _id_strings(v, out, False)
    elif isinstance(value, str) and _ID.fullmatch(value):
        out.add(value)
    return out


#: what an id looks like, in any game: one word of letters with a digit, a hyphen or an underscore in it
#: ("PIL017", "EV01", "goal-power35") — plain words ("hand", "deck") are names of places, not ids
_ID = re.compile(r"(?=[\w'-]*[A-Za-z])(?=[\w'-]*[\d_-])[\w'-]{3,}")


def omniscient_ids(state: State) -> set[str]:
    """Every id-like string of the omniscient view (what :func:`hidden_ids` compares a seat's view with)."""
    return _id_strings(state.view(OMNISCIENT, log_tail=0), set())


def hidden_ids(state: State, seat, *, omni: set | None = None, view: dict | None = None) -> set[str]:
    """Every token ``seat`` must not see now, found two ways and united: the game's own
    ``Game.secrets(data, seat)``, and every id-like string of the omniscient view (one word with a digit,
    hyphen or underscore: a card id, a goal id) that appears nowhere in ``seat``'s own view.  The second
    needs nothing from the game, so it also finds a hidden card the game forgot to list among its secrets.
    ``omni`` (:func:`omniscient_ids`) and ``view`` (``state.view(seat, log_tail=0)``) save recomputing."""
    omni = omniscient_ids(state) if omni is None else omni
    view = state.view(seat, log_tail=0) if view is None else view
    own = set(_WORD.findall(json.dumps(view, default=str)))
    return (omni - own) | set(state.game.secrets(state.data, seat))


def scan(payload, hidden) -> list[str]:
    """The ``hidden`` tokens found in ``payload``: any JSON-able value (a view, log lines, a widget's
    traits, a message) or text (SVG); other leaves are read by ``str``.  Single words are matched as
    whole tokens, multi-word names as substrings."""
    if not hidden:
        return []
    text = payload if isinstance(payload, str) else json.dumps(payload, default=str, ensure_ascii=False)
    return sorted(_find_secrets(text, hidden))


def leak_scan(state: State, payloads: dict, hidden: dict | None = None) -> dict:
    """``{seat: [hidden ids found]}`` for every seat whose payload (``payloads[seat]``, any JSON-able value
    or text shown to that seat; ``None`` is the spectator) holds a token :func:`hidden_ids` says that seat
    must not see; empty when nothing leaks.  ``hidden``: precomputed ``{seat: hidden_ids(state, seat)}``."""
    found = {}
    omni = omniscient_ids(state)
    for seat, payload in payloads.items():
        ids = hidden[seat] if hidden is not None and seat in hidden else hidden_ids(state, seat, omni=omni)
        bad = scan(payload, ids)
        if bad:
            found[seat] = bad
    return found


def seen_tokens(state: State) -> dict:
    """``{seat: every token of that seat's view now}`` (the spectator is ``None``): what each seat may see
    at this moment, for :func:`check_leak_scan`'s ``seen_before``."""
    return {seat: set(_WORD.findall(json.dumps(state.view(seat, log_tail=0), default=str)))
            for seat in [*range(state.game.players), None]}


def check_leak_scan(state: State, since_log: int = 0, extra=None, seen_before: dict | None = None,
                    since_history: int | None = None) -> None:
    """Raise :class:`InvariantError` if any seat's (or the spectator's) view, the log lines it was shown
    since log index ``since_log``, or ``extra(seat)`` (more payloads for that seat, e.g. widget traits)
    holds a token hidden from it (:func:`hidden_ids`).

    One action can run several steps (a sealed plot completes, every plot is revealed, the round ends and
    the cards go back into the decks): a line written mid-way may name a card that was public then and is
    hidden again by the end.  With ``since_history`` (the history length before the action that wrote the
    lines since ``since_log``), a name found in a line is judged against what was hidden when the line was
    written (:func:`judge_log_leaks`).  With ``seen_before`` (:func:`seen_tokens` taken before the
    action; the older, coarser way), the lines are checked against what was hidden from the seat both
    before and after the action.  The view and ``extra`` are always checked against what is hidden now."""
    omni = omniscient_ids(state)
    found, in_lines = {}, {}
    for seat in [*range(state.game.players), None]:
        view = state.view(seat, log_tail=0)
        ids = hidden_ids(state, seat, omni=omni, view=view)
        lines = [t for t in (e.text_for(seat) for e in state.log[since_log:]) if t]
        line_ids = ids if seen_before is None else ids - seen_before.get(seat, set())
        payload = [view] if extra is None else [view, extra(seat)]
        found[seat] = set(scan(payload, ids))
        in_lines[seat] = scan(lines, line_ids)
    if since_history is not None and any(in_lines.values()):
        in_lines = judge_log_leaks(state, since_log, since_history, in_lines)
    for seat in found:
        bad = sorted(found[seat] | set(in_lines.get(seat, ())))
        if bad:
            who = state.game.seat_name(seat) if seat is not None else "the spectator"
            raise InvariantError(f"{who} is shown hidden {', '.join(bad[:8])} at version {state.version} "
                                 f"({state!r})")


# -- when a line names a card hidden again by the end of its action: the secrets at the time it was written --
# The per-action checks above compare the lines an action wrote with what is hidden at its END.  One action
# can reveal a card and then hide it again (Gray Eminence: a card revealed for Personal Gain, its discard
# pile reshuffled into the deck when its own effect draws, the card drawn back into its owner's hand; the
# draw line names the effect's source, "Green draws 1 Action card (Open Leak)").  A flagged name is judged
# by replaying the action (only then: nothing is recorded while nothing is flagged, and the engine's own
# path never pays) with a log that notes what each seat may see at the moment each line is appended:
#
# * hidden from the seat when the line was written, and at no earlier moment of the action (its start,
#   the writing of an earlier line) shown to it: a LEAK;
# * not hidden when the line was written: no leak (the line was true and public then);
# * shown to the seat earlier in the action but hidden again when the line was written (the reshuffle
#   above): the line may name where the card went (a real leak: "Green draws Open Leak") or only what it
#   did ("... (Open Leak)").  The counterfactual decides: what the ACTING seat cannot see (the decks, their
#   shuffle, the other hands) is dealt again (``Game.determinize``) a few times and the action applied to
#   each; if the seat is shown other text up to that line in any of them, the line depends on a hidden
#   card: a LEAK; if the text is the same in every one, it tells nothing hidden.


class _NotingLog(list):
    """A log list that calls ``note()`` before each entry is appended (used on a replaying clone only)."""

    __slots__ = ("note",)

    def append(self, entry) -> None:
        self.note()
        super().append(entry)


def _hidden_in(game: Game, data, seat):
    """The tokens hidden from ``seat`` in the position ``data`` (:func:`hidden_ids`, from the game's hooks
    alone, so that it can be taken mid-action), or ``None`` if the view cannot be drawn at that moment."""
    try:
        omni = _id_strings(game.view(data, OMNISCIENT), set())
        own = set(_WORD.findall(json.dumps(game.view(data, seat), default=str)))
        return (omni - own) | set(game.secrets(data, seat))
    except Exception:  # noqa: BLE001 - a half-done position: unknown, judged as hidden
        return None


def _redealt_texts(before: State, action, seat, since_log: int, tries: int) -> list:
    """The texts ``seat`` is shown for the log lines from ``since_log`` on when ``action`` is applied to
    ``tries`` copies of ``before`` in which what the acting seat cannot see is dealt again."""
    out = []
    for k in range(tries):
        try:
            data = before.game.determinize(before.data, action.seat, Rng(0x5EED + k))
        except NotImplementedError:
            return []
        other = before.clone()
        other.data = data
        try:
            other.apply(action)
        except Exception:  # noqa: BLE001 - not legal in that deal (it needed a card dealt elsewhere)
            continue
        out.append([e.text_for(seat) for e in other.log[since_log:]])
    return out


def judge_log_leaks(state: State, since_log: int, since_history: int, flagged: dict, *,
                    tries: int = 6) -> dict:
    """Of ``flagged`` (``{seat: [tokens]}`` found in the log lines since ``since_log`` by a check against
    what is hidden at the end of the action), the ``{seat: [tokens]}`` that are real leaks (see the comment
    above): the last action (history entries from ``since_history`` on) is replayed on a clone with the
    hidden tokens of every flagged seat noted as each line is appended."""
    seats = [s for s, toks in flagged.items() if toks]
    if not seats:
        return {}
    game = state.game
    replay = state.clone()
    replay.goto(since_history)
    before = replay.clone()
    start = {s: _hidden_in(game, replay.data, s) for s in seats}
    snaps: list = []
    noting = _NotingLog(replay.log)
    noting.note = lambda: snaps.append({s: _hidden_in(game, replay.data, s) for s in seats})
    replay.log = noting
    replay.goto(len(state.history))
    if replay.log[since_log:] != state.log[since_log:]:
        raise InvariantError("replaying the action did not write the same log")  # (never: actions are exact)
    action = state.history[since_history]
    real: dict = {}
    for seat in seats:
        texts = [e.text_for(seat) for e in state.log[since_log:]]
        redealt = None
        for token in flagged[seat]:
            shown_before = start[seat] is not None and token not in start[seat]
            leak = False
            for i, text in enumerate(texts):
                hidden = snaps[i][seat]
                if text and scan(text, {token}) and (hidden is None or token in hidden):
                    if not shown_before:
                        leak = True
                        break
                    if redealt is None:
                        redealt = _redealt_texts(before, action, seat, since_log, tries)
                    want = texts[:i + 1]
                    if not redealt or any(r[:i + 1] != want for r in redealt):
                        leak = True
                        break
                hidden_now = snaps[i][seat]
                shown_before = shown_before or (hidden_now is not None and token not in hidden_now)
            if leak:
                real.setdefault(seat, []).append(token)
    return real


def check_consistent(state: State, where: str = "") -> None:
    problems = state.game.problems(state.data)
    if problems:
        raise InvariantError(f"inconsistent position {where}: {'; '.join(problems)}")


def fingerprint(state: State):
    """Everything that makes up the position (data and RNG), cheap to compare."""
    return state.game.encode(state.data), state.rng.state


def check_undo_redo(state: State, before, action) -> None:
    """``before``: the :func:`fingerprint` taken before ``action`` was applied."""
    after = fingerprint(state)
    state.undo()
    if fingerprint(state) != before:
        raise InvariantError(f"undo of '{action.notation()}' did not restore the position")
    state.redo()
    if fingerprint(state) != after:
        raise InvariantError(f"redo of '{action.notation()}' did not give the same position")


def check_replay(state: State) -> None:
    again = state.game.load(json.loads(json.dumps(state.record())))
    if again.position() != state.position():
        raise InvariantError(f"the record does not replay to the same position ({state!r})")


def position_payload(text: str) -> dict:
    """The JSON payload inside a position text (to build altered positions in tests and fuzzing)."""
    import base64
    import zlib

    return json.loads(zlib.decompress(base64.urlsafe_b64decode(text.split("/", 2)[2].encode())))


def position_text(payload: dict, name: str | None = None, players=None) -> str:
    """A position text holding ``payload`` (the inverse of :func:`position_payload`)."""
    import base64
    import zlib

    raw = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode()
    blob = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode()
    name = payload.get("game") if name is None else name
    players = payload.get("players") if players is None else players
    return f"{name}/{players}/{blob}"


def random_action(state: State, rng: Rng, prefer=()):
    """A uniformly random legal action of a random seat to act; with ``prefer`` (action kinds), one of
    those kinds whenever one is legal (e.g. claims, so random games also end by reaching goals)."""
    seats = state.to_act()
    seat = seats[rng.below(len(seats))]
    legal = state.legal_actions(seat)
    if not legal:
        raise InvariantError(f"{state.game.seat_name(seat)} must act but has no legal action ({state!r})")
    if state.game.withdraw_kinds:  # leaving the game is a person's choice (Game.withdraw_kinds)
        legal = [a for a in legal if a.kind not in state.game.withdraw_kinds] or list(legal)
    if prefer:
        wanted = [a for a in legal if a.kind in prefer]
        if wanted:
            return wanted[rng.below(len(wanted))]
    return legal[rng.below(len(legal))]


def random_games(game: Game, games: int = 10, seed: int = 0, *, max_decisions: int = 5000,
                 check_every: int = 1, undo_every: int = 1, replay_every: int = 200, leaks_every: int = 1,
                 prefer=(), on_state=None) -> PlayStats:
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
            action = random_action(state, rng, prefer)
            before = fingerprint(state) if undo_every and n % undo_every == 0 else None
            log_len, hist_len = len(state.log), len(state.history)
            state.apply(action)
            n += 1
            if check_every and n % check_every == 0:
                check_consistent(state, f"after '{action.notation()}' in game {g}")
            if leaks_every and n % leaks_every == 0:
                check_no_leak(state, log_len, hist_len)
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


def _play_share(args) -> PlayStats:
    name, players, options, games, seed, kwargs = args
    from .registry import load_game

    return random_games(load_game(name, players=players, **options), games=games, seed=seed, **kwargs)


def random_games_parallel(name: str, players: int, games: int, seed: int = 0, workers: int | None = None,
                          options: dict | None = None, **kwargs) -> PlayStats:
    """:func:`random_games` spread over processes (one per core); the statistics are merged."""
    import os
    from concurrent.futures import ProcessPoolExecutor

    workers = max(1, min(workers or os.cpu_count() or 1, games))
    shares = [games // workers + (1 if i < games % workers else 0) for i in range(workers)]
    jobs = [(name, players, options or {}, n, seed * 1000 + i, kwargs) for i, n in enumerate(shares) if n]
    total = PlayStats()
    if len(jobs) == 1:
        parts = [_play_share(jobs[0])]
    else:
        with ProcessPoolExecutor(len(jobs)) as pool:
            parts = list(pool.map(_play_share, jobs))
    for p in parts:
        total.games += p.games
        total.decisions += p.decisions
        total.chance += p.chance
        total.lengths += p.lengths
        total.winners += p.winners
        total.truncated += p.truncated
        for k, v in p.reasons.items():
            total.reasons[k] = total.reasons.get(k, 0) + v
    return total
