"""The leak scan (issue 14, "make the review part of the project"): every seat's hidden ids, found from the
omniscient view against the seat's own view (and the game's ``secrets``), looked for in anything that seat
is shown.  Run over random Pax and Illuminati games, with a control that a planted leak is found."""

from __future__ import annotations

import pytest

from illumi_widgets import OMNISCIENT, load_game
from illumi_widgets.engine.testing import (
    InvariantError,
    check_leak_scan,
    hidden_ids,
    leak_scan,
    random_games,
    scan,
)

GAMES = [("pax", 2, {}), ("pax", 4, {}), ("illuminati", 3, {"hidden_goals": True}),
         ("illuminati", 4, {"hidden_illuminati": True})]


@pytest.mark.parametrize("name,players,options", GAMES)
def test_no_seat_is_shown_another_seats_hidden_ids_in_random_games(name, players, options):
    seen = {"checks": 0, "hidden": 0}
    last_log = {"n": 0}

    def scan_each(state, action):
        check_leak_scan(state, last_log["n"])
        last_log["n"] = len(state.log)
        seen["checks"] += 1
        seen["hidden"] += len(hidden_ids(state, 0))

    stats = random_games(load_game(name, players=players, **options), games=2, seed=players, max_decisions=50,
                         undo_every=0, replay_every=0, leaks_every=0, on_state=scan_each)
    assert stats.games == 2 and seen["checks"] > 60
    assert seen["hidden"] > 0  # there was something to hide: the scan is not vacuous


@pytest.mark.parametrize("name,players", [("pax", 3), ("illuminati", 4)])
def test_a_planted_leak_is_found(name, players):
    """Control: handing seat 0 the omniscient view (every hand, the deck) is caught, naming the ids."""
    state = load_game(name, players=players).new_state(seed=5)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    hidden = hidden_ids(state, 0)
    assert hidden, "seat 0 has nothing hidden from it"
    omni = state.view(OMNISCIENT)
    found = leak_scan(state, {0: omni, 1: state.view(1)})
    assert set(found) == {0} and set(found[0]) <= hidden and found[0]
    svg = f"<svg><text>{sorted(hidden)[0]}</text></svg>"  # any text, e.g. a saved picture
    assert scan(svg, hidden) == [sorted(hidden)[0]]
    with pytest.raises(InvariantError, match="hidden"):
        check_leak_scan(state, extra=lambda seat: omni if seat == 0 else None)


def test_a_line_naming_a_card_public_mid_action_is_not_a_leak_but_one_hidden_at_both_ends_is():
    """One Primordial action completes the last sealed plot, reveals every plot ("Green reveals: hosts Dawn
    Prophet ...") and ends the round, the cards going back into the decks: the line named a card that was
    public when it was written and is hidden again at the end.  Found by an endurance run (seed below);
    with ``seen_before`` the lines are checked against what was hidden at both ends of the action."""
    from illumi_widgets.endurance import play_one
    from illumi_widgets.engine.testing import seen_tokens

    n, failure = play_one("primordial", 3, 4465668962987420831, every=10, replay_every=0)
    assert failure is None and n > 260, failure
    # the control: a line naming a card hidden from seat 0 before and after the action is still caught
    state = load_game("pax", players=3).new_state(seed=5)
    before = seen_tokens(state)
    secret = sorted(hidden_ids(state, 0) - before[0])[0]
    from illumi_widgets.engine.game import LogEntry

    state.log.append(LogEntry(state.version, f"Everyone learns {secret}."))
    with pytest.raises(InvariantError, match=secret):
        check_leak_scan(state, len(state.log) - 1, seen_before=before)


# -- Gray Eminence: a line naming a card that its action revealed and hid again (issue 14) ---------------
# An endurance run (`--game gray-eminence --actions 1000000 --workers 2 --seed 0`) flagged 17 lines of one
# kind: "Green reveals Open Leak for Personal Gain." / "Green gains 1 power (Open Leak)." / "Green draws 1
# Action card (Open Leak)." -- the draw reshuffled the discard pile (Open Leak in it) into the empty deck
# and Green drew Open Leak back, so the last line names, as the effect's source, a card now in a hand.
# judge_log_leaks replays the action with the secrets noted as each line is written and, for a card shown
# earlier in the action but hidden again when its line is written, deals again what the actor cannot see:
# the line's text is the same whichever card is drawn, so it tells nothing.
GE_FALSE_ALARMS = [
    # (found again by a search of random games after the one auto-finishing rule of issue 29 changed the
    # random games' course: a turn with nothing left to do no longer waits for 'done')
    (4, 146, 328),  # 'resolve A40 personal': revealed and drawn back in one action
    (4, 120, 314),  # 'pick power': revealed by an earlier action, drawn back by this one
]


@pytest.mark.parametrize("players,seed,action", GE_FALSE_ALARMS)
def test_gray_eminence_lines_flagged_by_the_million_action_run_are_judged_no_leak(players, seed, action):
    from illumi_widgets.endurance import play_one

    n, failure = play_one("gray-eminence", players, seed, every=10, replay_every=0, max_actions=action + 3)
    assert failure is None and n == action + 3, failure


def _flagged_action(players, seed, action):
    """The state just after the flagged action, with the log and history lengths before it."""
    from illumi_widgets.engine.rng import Rng
    from illumi_widgets.engine.testing import random_action

    state = load_game("gray-eminence", players=players).new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(action):
        act = random_action(state, rng)
        log_len, hist_len = len(state.log), len(state.history)
        state.apply(act)
    return state, log_len, hist_len


def test_the_end_of_action_check_still_flags_that_line_and_the_judge_clears_it():
    """The cheap check (against what is hidden at the end) flags it; the judge is what clears it."""
    from illumi_widgets.engine.testing import judge_log_leaks, log_leaks

    state, log_len, hist_len = _flagged_action(4, 146, 328)
    flagged = {seat: log_leaks(state, seat, log_len) for seat in [1, 2, 3, None]}
    assert flagged == {1: ["Open Audit"], 2: ["Open Audit"], 3: ["Open Audit"], None: ["Open Audit"]}
    assert "Red draws 1 Action card (Open Audit)." in [e.public for e in state.log[log_len:]]
    assert judge_log_leaks(state, log_len, hist_len, flagged) == {}


def _leaky_gray_eminence(monkeypatch, only_reshuffled: bool):
    """Control: Gray Eminence made to write, after each action, a public line naming a card the acting
    seat drew -- every such card (``only_reshuffled=False``), or only one that came back from the discard
    pile by a reshuffle (a card everyone saw earlier, now in a hand: the case the judge must not excuse)."""
    from illumi_widgets.engine.registry import game_class

    cls = game_class("gray-eminence")
    perform = cls.perform

    def leaky(self, d, action, log):
        seat = action.seat
        hand = list(d["hands"][seat]) if isinstance(seat, int) and seat >= 0 else None
        # the cards that go back into the deck when it is reshuffled: the discards, and the acting seat's
        # programmed cards (revealed and discarded as they resolve)
        prog = (d["prog"][seat] or {}).values() if hand is not None else ()
        seen = set(d["discards"]["action"]) | set(prog)
        perform(self, d, action, log)
        if hand is not None:
            new = [c for c in d["hands"][seat] if c not in hand and (not only_reshuffled or c in seen)]
            if new:
                log.add(f"{self.seat_name(seat)} now holds {self.cards.name(new[0])}.")

    monkeypatch.setattr(cls, "perform", leaky)


def test_control_a_line_naming_a_card_drawn_back_after_a_reshuffle_is_caught(monkeypatch):
    """The same action, but a line also names the card drawn back ("Red now holds Open Audit."): the card
    was seen earlier in the action, yet the line says where it is now -- a real leak, and caught (the
    re-deals draw other cards, so the line's text changes)."""
    from illumi_widgets.endurance import play_one

    _leaky_gray_eminence(monkeypatch, only_reshuffled=True)
    n, failure = play_one("gray-eminence", 4, 146, every=10, replay_every=0, max_actions=337)
    assert failure is not None and failure.action == 328, failure
    assert "is told hidden Open Audit in the log after 'resolve A40 personal'" in failure.error


def test_control_a_line_naming_a_card_hidden_all_along_is_caught(monkeypatch):
    """A line naming a card drawn from the deck (hidden from the others before, during and after the
    action) is caught at once, without any re-deal."""
    from illumi_widgets.endurance import play_one

    _leaky_gray_eminence(monkeypatch, only_reshuffled=False)
    n, failure = play_one("gray-eminence", 3, 1, every=10, replay_every=0, max_actions=200)
    assert failure is not None and "is told hidden" in failure.error, (n, failure)
