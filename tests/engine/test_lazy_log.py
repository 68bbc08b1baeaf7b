"""Log lines worded when read (engine.log.LogEntry's public text given as ``(format, args)``): every reader
sees the very text an eagerly worded line has, each seat's filter is unchanged, and a saved or copied log
carries the text, not the function."""

import copy
import pickle

from illumi_widgets.engine import load_game
from illumi_widgets.engine.log import OMNISCIENT, LogEntry
from illumi_widgets.engine.rng import Rng
from illumi_widgets.engine.testing import random_action


def _line(who, what):
    return f"{who} takes {what}."


def test_a_line_given_as_format_and_arguments_reads_as_the_worded_line():
    lazy = LogEntry(3, (_line, ("Red", "the Court card")), {1: "You take the Court card."})
    eager = LogEntry(3, "Red takes the Court card.", {1: "You take the Court card."})
    assert lazy == eager
    for seat in (0, 1, 2, OMNISCIENT):
        assert lazy.text_for(seat) == eager.text_for(seat)
    assert lazy.text_for(0) == "Red takes the Court card."
    assert lazy.text_for(1) == "You take the Court card."
    assert lazy.public == "Red takes the Court card."
    saved = pickle.loads(pickle.dumps(LogEntry(0, (_line, ("Blue", "a card")))))
    assert saved._public == "Blue takes a card." and saved.public == "Blue takes a card."
    assert copy.deepcopy(LogEntry(0, (_line, ("Blue", "a card")))).public == "Blue takes a card."


def test_pax_lines_worded_when_read_match_the_lines_of_a_saved_copy():
    game = load_game("pax", players=3)
    state, rng = game.new_state(seed=5), Rng(7)
    while not state.is_terminal() and len(state.history) < 250:
        state.apply(random_action(state, rng))
    unread = sum(e._public.__class__ is tuple for e in state.log)
    assert unread > 30  # (the turn, Scheme, payment and placement lines are not worded yet)
    saved = pickle.loads(pickle.dumps(state))  # (words every line as it is saved)
    assert not any(e._public.__class__ is tuple for e in saved.log)
    for seat in (0, 1, 2, OMNISCIENT):
        assert state.log_lines(seat) == saved.log_lines(seat)
    texts = [t for _, t in state.log_lines(0)]
    assert any(t.startswith("— Round 1, ") for t in texts)
    assert any(" pays " in t and t.endswith(".") for t in texts)
