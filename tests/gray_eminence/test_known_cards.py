"""What a seat knows of another's cards (``d["known"]``) follows the cards only as far as the seat saw them go
(found by the board leak scan, tests/widget/test_board_leak_scan.py): a seat sees the cards of its own trades
in the other trader's hand (``hand_known`` in its view), forgets a card it knew once that card is traded on
between two other seats, or shuffled back into a deck; a world sampled for it keeps what it knows in place."""

from __future__ import annotations

from illumi_widgets import load_game
from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.gray_eminence import model as M
from illumi_widgets.games.gray_eminence.actions import _hand_over


def _state():
    g = load_game("gray-eminence", players=3)
    st = g.new_state(seed=4)
    rng = Rng(4)
    while not all(st.data["hands"]):  # play on until every seat holds Action cards
        st.apply(random_action(st, rng))
    return g, st


def test_a_card_traded_between_two_others_is_forgotten_by_the_third():
    g, st = _state()
    d = st.data
    card = d["hands"][0][0]
    d["known"]["2"] = [card]  # seat 2 once saw it offered by seat 0
    _hand_over(d, {"cards": [card]}, 0, 1, [])
    assert card in d["hands"][1]
    assert card not in d["known"]["2"]  # it did not see the trade: it must not follow the card
    assert card in d["known"]["0"] and card in d["known"]["1"]  # the two traders did
    assert g.secrets(d, 2) >= {card, g.cards.name(card)}
    assert {"id": card, "name": g.cards.name(card)} in g.view(d, 0)["seats"][1]["hand_known"]


def test_cards_shuffled_back_into_a_deck_are_forgotten():
    g, st = _state()
    d = st.data
    back = list(d["decks"]["action"])
    assert len(back) > 2
    d["discards"]["action"], d["decks"]["action"] = list(back), []
    knew = back[:2]
    d["known"]["1"] = list(knew)
    M.draw(d, "action")
    assert not set(knew) & set(d["known"]["1"])


def test_a_world_keeps_the_cards_a_seat_saw_traded_in_place():
    g, st = _state()
    d = st.data
    card = d["hands"][0][0]
    _hand_over(d, {"cards": [card]}, 0, 1, [])
    for k in range(10):
        w = g.determinize(d, 0, Rng(k))
        assert card in w["hands"][1] and g.view(w, 0) == g.view(d, 0)


def test_no_seat_knows_a_card_another_programmed_face_down():
    """Random games: a card another seat programmed face down (Phase 4) is not among what a seat knows, even
    if it saw that card in the other's hand before (else its board would name the card the other played)."""
    g = load_game("gray-eminence", players=4, scenario="global")
    checked = 0
    for seed in (5, 6):
        st = g.new_state(seed=seed)
        rng = Rng(seed)
        while not st.is_terminal():
            d = st.data
            for v, cards in d["known"].items():
                face_down = {c for s in range(d["n"]) if s != int(v) for k, c in (d["prog"][s] or {}).items()
                             if k in "ABCD"}
                assert not face_down & set(cards), (v, face_down & set(cards), st.version)
                checked += bool(face_down)
            st.apply(random_action(st, rng))
    assert checked > 50
