"""No Gray Eminence bot receives more than its seat may know (bots/base.py, as tests/bots/test_no_leak.py for
Pax).

1. Re-dealing every card a seat cannot see in the REAL state (``determinize``) leaves that seat's bot input
   (view, legal actions, public history) unchanged.
2. A bot's history never says which cards another seat handled in secret, even once those cards are face
   up: the Common Good pile is shuffled before it is revealed so nobody knows who played what (rulebook,
   Phase 7 Resolution), programming is sealed (Phase 4), kept Secret Objectives and the blackmail "privately
   reveal" stay private, and traded card identities are seen by the two traders only (RULINGS.md, Trading).
"""

from __future__ import annotations

import re

import pytest

from illumi_widgets import load_game
from illumi_widgets.bots import SeatState
from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import random_action


def redealt(state, seat, rng):
    other = state.clone()
    other.data = state.game.determinize(state.data, seat, rng)
    other.version += 1  # a new position: drop the cached decisions
    return other


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bot_input_is_unchanged_when_hidden_cards_are_redealt(players):
    g = load_game("gray-eminence", players=players, scenario=("eu", "latam", "global")[players - 3])
    rng = Rng(60 + players)
    state = g.new_state(seed=700 + players)
    checked = 0
    step = 0
    while not state.is_terminal() and step < 500:
        if step % 7 == 0:
            for seat in range(players):
                mine = SeatState(state, seat).signature()
                assert SeatState(redealt(state, seat, rng), seat).signature() == mine, (
                    f"seat {seat}'s bot input depends on hidden cards at {state!r}"
                )
                checked += 1
        state.apply(random_action(state, rng))
        step += 1
    assert checked > 150


def _hidden_ids(g):
    """Ids of the cards a seat can hold in secret: Action cards and Secret Objectives."""
    return set(g.cards.actions) | set(g.cards.objectives)


def test_history_never_says_who_handled_a_secret_card():
    g = load_game("gray-eminence", players=4, scenario="eu")
    ids = _hidden_ids(g)
    rng = Rng(5)
    state = g.new_state(seed=31)
    seen_common = 0
    while not state.is_terminal():
        state.apply(random_action(state, rng))
        if state.history[-1].kind == "resolve" and state.history[-1].args[1] == "common":
            seen_common += 1
    kinds = {"keep", "show", "program", "accept", "offer"}
    for seat in range(4):
        for s, kind, text in SeatState(state, seat).history:
            if s == seat or text is None:
                continue
            named = ids.intersection(re.findall(r"\w+", text))
            if kind in kinds or (kind == "resolve" and "personal" not in text):
                assert not named, f"seat {seat} reads '{text}' of seat {s}"
    assert seen_common > 5


def test_a_revealed_common_good_card_is_not_traced_to_its_player():
    """Once the Common Good pile is revealed its cards are public; another seat's history still reads only
    ``resolve common`` and ``program A`` for the card that seat played face down."""
    g = load_game("gray-eminence", players=3, scenario="eu")
    rng = Rng(2)
    state = g.new_state(seed=3)
    while not state.is_terminal():
        a = random_action(state, rng)
        state.apply(a)
        if a.kind == "resolve" and a.args[1] == "common":
            who, card = a.seat, a.args[0]
            break
    else:
        pytest.fail("no card was played to the Common Good pile")
    while any(c == card for c, _s in state.data["cgpile"]):  # on to the Resolution: the pile is revealed
        state.apply(random_action(state, rng))
    assert card not in g.secrets(state.data, (who + 1) % 3)  # face up now: a secrets filter would pass it
    other = SeatState(state, (who + 1) % 3).history
    theirs = [t for s, _k, t in other if s == who]
    assert "resolve common" in theirs
    assert not any(t and card in t.split() for t in theirs)
    mine = SeatState(state, who).history
    assert f"resolve {card} common" in [t for s, _k, t in mine if s == who]  # its own decisions in full
