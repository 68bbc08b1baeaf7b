"""Rules help in context (issue 32, item 3): every decision met in a game of each of the four games has a
summary in the package's own words and the rulebook section it restates (games/<game>/help.py); the board's
"?" legend shows it first and follows the game; it reads only public facts (the same for every seat)."""

from __future__ import annotations

import random

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine import CHANCE
from illumi_widgets.games.rules_help import help_entry, rules_help

GAMES = [("pax", {"players": 3}), ("illuminati", {"players": 4}), ("primordial", {"players": 3}),
         ("gray-eminence", {"players": 3, "scenario": "global", "tweet_vote": True})]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_decision_met_has_help_with_its_section(name, options):
    game = load_game(name, **options)
    rng = random.Random(5)
    state = game.new_state(seed=5)
    kinds = set()
    for _ in range(600):
        if state.is_terminal():
            break
        for d in state.decisions():
            if d.seat < 0:
                continue
            kinds.add(d.kind)
            found = rules_help(state, d.seat)
            assert found, f"no rules help for {d.kind!r} ({d.prompt})"
            assert len(found["text"]) > 20 and found["text"][0].isupper() and found["text"][-1] in ".)"
            assert found["section"] and found["section"][0].isalnum()
            # public facts only: what any seat (or a spectator) is told is one of the game's own lines
            assert rules_help(state, None) is not None
        who = [s for s in state.to_act() if s != CHANCE] or state.to_act()
        state.apply(rng.choice(list(state.legal_actions(who[0]))))
    assert len(kinds) >= 4, kinds


def test_the_boards_legend_begins_with_the_rules_of_the_moment():
    from illumi_widgets import PrimordialSecrets

    board = PrimordialSecrets(players=3, seed=3, seat=0)
    first = board.legend[0]
    assert first["symbol"] == "Now" and "(Rulebook: Plotting Phase.)" in first["text"]
    assert first == help_entry(board.state, 0)[0]
    board.play(board.legal_actions()[0])
    for seat in (1, 2):
        board.match.play(board.match.legal_actions(seat)[0], f"seat:{seat}")
    board.match.run_bots()
    assert board.legend[0]["text"] != first["text"] or board.state.is_terminal()


def test_pax_turn_help_says_schemes_are_played_from_the_hand():
    """Pax rulebook, Action Phase: the active player 'may perform any number of Scheme Actions with cards
    from their hand' (and (B) Scheme Action: a Luminary card from the hand). The help once said 'a Scheme
    action with a card you influence' (a card on the map), which the rules do not allow."""
    from illumi_widgets.games.pax.help import HELP

    text = HELP["turn"][0]
    assert "from your hand as a Scheme" in text and "you influence" not in text
