"""No log line and no board says the NAME of a card its reader may not see (issue 31: "the tree never holds a
hidden card"; issue 14: the leak scan).

The leak scan (``board_leaks.py``, ``engine.testing.hidden_ids``) matches ids, and the names a game lists
among its ``secrets``.  Pax Illuminaten's Luminaries and Primordial Secrets' cards are listed by id only; a
card in a draw deck (Gray Eminence, Illuminati) or an Illuminati goal's words not at all; yet boards and log
lines speak in names ("C3: Gottlieb Hufeland").  Here every named card of all four games is known by its id
(``name_judge.NAMES``: Luminaries, Plots and Events; every Primordial card and Intent; Illuminati cards,
groups, Specials and goals; every Gray Eminence card), and what a reader may see is judged from its OWN view
only (``state.view(seat)``; ``game.view(data, seat)`` mid-action), never from the omniscient state.

Random games of every game at every player count (Pax with and without a rulebook bot, Illuminati with hidden
Illuminati and/or hidden goals, Gray Eminence with and without the Tweet vote), for every seat and the
spectator:

* every log line it reads (``LogEntry.text_for``: what ``state.view(seat)["log"]``, the board's ``log_lines``
  trait and its last move carry), of the setup and of every action, names only cards its view showed when
  the line was written, just after (the event revealed it), just before the previous line (the event took it
  out of sight) or at the end of the action -- or that a rule reveals there with no view keeping it
  (``name_judge.RULE_REVEALS``: Primordial's Intent reset, checked against the resetting seat's own Intent
  Deck);
* at the end of each game (and half-way through for Pax and Primordial), a real board for each seat and for
  the spectator (one board, its perspective switched): its accessible text (``board.describe()``) and its
  scene, decisions and status (the last move's lines aside: they are log lines) name only cards its view
  shows now, and every line of its ``log_lines`` trait and of its last move is one judged above for that
  reader.

Not covered here: a name printed on two cards counts as shown while either is (names cannot tell copies
apart); boards at other positions (every message a board sends, by id and by the names a game's ``secrets``
lists, at every position: ``test_board_leak_scan.py``).

Controls: a line naming a card in a deck (or another seat's hidden goal) is caught in every game; a "resets
Intents" line naming a card the resetting seat does not hold is caught.  The judge found one gap, fixed: a
Gray Eminence seat's view did not show the Secret Objectives dealt to it until its turn to keep two came,
though its own log line named them (all are dealt at once at setup, step 6).
"""

from __future__ import annotations

import comm
import pytest

from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.match import Match

from .board_leaks import RecordingComm, board_class
from .name_judge import NameJudge, view_text

BOTH = {"hidden_illuminati": True, "hidden_goals": True}
HIDDEN_ILL, HIDDEN_GOALS = {"hidden_illuminati": True}, {"hidden_goals": True}
#: the games whose cards no ``secrets`` names (the board leak scan cannot tell their names): boards read twice
BY_ID = ("pax", "primordial")
#: (game, players, Match options, actions at most): every player count of every game (about 8 s in all)
CASES = [
    ("pax", 2, {}, 90), ("pax", 3, {"bots": {2: "cagliostro"}}, 90), ("pax", 4, {}, 90),
    ("primordial", 2, {}, 60), ("primordial", 3, {}, 60), ("primordial", 4, {}, 70),
    ("illuminati", 2, BOTH, 60), ("illuminati", 3, HIDDEN_ILL, 60), ("illuminati", 4, HIDDEN_GOALS, 60),
    ("illuminati", 5, BOTH, 60), ("illuminati", 6, HIDDEN_ILL, 50), ("illuminati", 7, HIDDEN_GOALS, 50),
    ("illuminati", 8, BOTH, 50),
    ("gray-eminence", 3, {"tweet_vote": True}, 90), ("gray-eminence", 4, {}, 90),
    ("gray-eminence", 5, {}, 90),
]


def _check_boards(match: Match, judge: NameJudge) -> int:
    """Each seat's and the spectator's board (module docstring); returns how many perspectives were read."""
    state = match.state
    board = board_class(state.game.name)(match=match, seat=0)
    read = 0
    try:
        for v in judge.viewers:
            board.perspective = "spectator" if v is None else f"seat:{v}"
            who = "the spectator" if v is None else state.game.seat_name(v)
            view = view_text(state.view(v, log_tail=0))
            status = dict(board.status)
            last = status.pop("last", None) or {}
            drawn = view_text([board.effective_scene, board.decisions, status])
            for where, text in (("its description (board.describe())", board.describe()),
                                ("its scene, decisions and status", drawn)):
                bad = judge.names.unshown(text, view)
                assert not bad, f"{who}'s board names {bad} in {where} at version {state.version}"
            shown = [*board.log_lines, *last.get("lines", []), *last.get("turn", [])]
            alien = [line for line in shown if line not in judge.read[v]]
            assert not alien, f"{who}'s board shows log lines never judged: {alien[:2]}"
            read += 1
    finally:
        board.close()
    return read


@pytest.fixture
def recording(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", RecordingComm)  # (a board's messages go nowhere)


@pytest.mark.parametrize(("name", "players", "options", "actions"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_no_line_nor_board_names_a_card_its_reader_may_not_see(recording, name, players, options, actions):
    match = Match(name, players=players, seed=40 + players, **options)
    judge = NameJudge(match)
    rng = Rng(players)
    boards = 0
    for step in range(actions):
        state = match.state
        if state.is_terminal():
            break
        act = random_action(state, rng)
        judge.play(act, f"seat:{act.seat}")
        if step == actions // 2 and name in BY_ID:
            boards += _check_boards(match, judge)
    assert not judge.leaks, "\n".join(str(leak) for leak in judge.leaks[:6])
    assert judge.named >= 20, judge.named  # lines naming cards were read and judged
    boards += _check_boards(match, judge)
    assert boards == (players + 1) * (2 if name in BY_ID else 1)


# -- controls ------------------------------------------------------------------------------------------
def _pax_deck_card(game, d):
    return game.lum[d.deck[-1]].name


def _primordial_royal(game, d):
    """A Royal of the Royal Deck none of whose copies is anywhere else (the Court may show its twin)."""
    unseen = set(d["royal_deck"]) | set(d["removed"])
    for i in d["royal_deck"]:
        if all(j in unseen for j, t in enumerate(game.types) if t == game.types[i]):
            return game.card_name(game.types[i])
    raise AssertionError("every Royal in the deck has a copy in sight")


def _illuminati_goal(game, d):
    from illumi_widgets.games.illuminati.labels import _goal_text

    return _goal_text(game, d["goals"][1])


def _gray_eminence_deck_card(game, d):
    return game.cards.name(d["decks"]["action"][-1])


#: (game, players, options, the name of a card seat 0 and the spectator cannot see, from the omniscient data)
HIDDEN_CARD = [("pax", 3, {}, _pax_deck_card), ("primordial", 3, {}, _primordial_royal),
               ("illuminati", 3, HIDDEN_GOALS, _illuminati_goal),
               ("gray-eminence", 3, {}, _gray_eminence_deck_card)]


def _leaky(monkeypatch, game, line) -> None:
    """Make every action of ``game`` also write ``line(data)`` for everyone to read."""
    perform = game.perform

    def leaky(d, act, log):
        perform(d, act, log)
        log.add(line(d))

    monkeypatch.setattr(game, "perform", leaky)


@pytest.mark.parametrize(("name", "players", "options", "hidden"), HIDDEN_CARD,
                         ids=[c[0] for c in HIDDEN_CARD])
def test_a_line_naming_a_hidden_card_is_caught(monkeypatch, name, players, options, hidden):
    match = Match(name, players=players, seed=3, **options)
    judge = NameJudge(match)
    rng = Rng(3)
    for _ in range(6):  # (past any setup choice: an Illuminati goal is chosen first)
        act = random_action(match.state, rng)
        judge.play(act, f"seat:{act.seat}")
    assert not judge.leaks
    game = match.state.game
    named: list = []
    _leaky(monkeypatch, game, lambda d: named.append(hidden(game, d)) or f"(The table is told: {named[-1]}.)")
    act = random_action(match.state, rng)
    judge.play(act, f"seat:{act.seat}")
    assert named
    caught = {leak.viewer for leak in judge.leaks if set(leak.names) & set(named)}
    assert {0, None} <= caught, judge.leaks


def test_a_reset_line_naming_a_card_not_reset_is_caught(monkeypatch):
    """The rule reveal of Primordial's Intent reset allows only the resetting seat's own Intent Deck."""
    match = Match("primordial", players=2, seed=3)
    judge = NameJudge(match)
    game = match.state.game

    def line(d):
        intents = [game.card_name(game.types[i]) for i in d["intent_deck"][0]]
        return f"Red resets Intents: {', '.join(intents[:4])}, {_primordial_royal(game, d)}."

    _leaky(monkeypatch, game, line)
    act = random_action(match.state, Rng(3))
    judge.play(act, f"seat:{act.seat}")
    royal = _primordial_royal(game, match.state.data)
    assert {leak.viewer for leak in judge.leaks if leak.names == [royal]} == {0, 1, None}, judge.leaks
    assert judge.by_rule >= 1  # Red's own Intents, read by the spectator, were allowed by the rule


# -- the gap the judge found ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 5])
def test_a_gray_eminence_seat_sees_the_secret_objectives_dealt_to_it(players):
    """Setup step 6: "Deal three Secret Objective cards to each player. Players keep two": each seat holds
    its three from the deal on (its log line names them), not only once its turn to keep comes; no one
    else sees them."""
    match = Match("gray-eminence", players=players, seed=7)
    state = match.state
    rng = Rng(7)
    while not any(f["t"] == "keep" for f in state.data["frames"]):
        act = random_action(state, rng)
        match.play(act, f"seat:{act.seat}")
    dealt = {f["seat"]: f["cards"] for f in state.data["frames"] if f["t"] == "keep"}
    assert len(dealt) == players
    for seat, cards in dealt.items():
        for viewer in (*range(players), None):
            text = view_text(state.view(viewer, log_tail=0))
            shown = [c for c in cards if f'"{c}"' in text]
            assert shown == (cards if viewer == seat else []), (seat, viewer, shown)
