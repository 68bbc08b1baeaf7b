"""Primordial's two ways to arrange a position agree: ``setup.Table`` is built on the position editor, and a
card of a type is taken in one documented order (games/primordial/editor.py): the receiving seat's own
piles, then the supply, then other seats' piles, then anywhere else; each pile from its top."""

from __future__ import annotations

import pytest

from illumi_widgets.editor import edit
from illumi_widgets.engine import RecordError, load_game
from illumi_widgets.games.primordial.setup import Table


def _state():
    return load_game("primordial", players=3).new_state(seed=1)


def _top(pile, types, cid):
    return next(i for i in reversed(pile) if types[i] == cid)


def _red_owns_a_scout():
    """A new game in which Red's discard holds a scout (taken from the Pawn Deck): (state, that scout)."""
    st = _state()
    with edit(st) as ed:
        ed.move("scout", "discard", who=0, frm="pawn_deck")
    scout = st.data["discard"][0][-1]
    assert st.game.types[scout] == "scout"
    return st, scout


def _scout_to_hand(st, seat):
    with edit(st) as ed:
        ed.move(ed.data["hand"][seat][0], "deck", who=seat)  # (room in the hand: six cards at most)
        ed.move("scout", "hand", who=seat)
    return st.data["hand"][seat][-1]


def test_a_card_for_a_seat_comes_from_its_own_cards_before_the_supply():
    st, mine = _red_owns_a_scout()
    types = st.game.types
    supply_scouts = [i for i in st.data["pawn_deck"] if types[i] == "scout"]
    assert supply_scouts
    assert _scout_to_hand(st, 0) == mine  # Red's own scout, not one of the supply's
    assert [i for i in st.data["pawn_deck"] if types[i] == "scout"] == supply_scouts


def test_another_seats_cards_come_after_the_supply_and_a_pile_gives_its_top_card():
    st, reds = _red_owns_a_scout()
    top = _top(st.data["pawn_deck"], st.game.types, "scout")
    assert _scout_to_hand(st, 1) == top  # the Pawn Deck's topmost scout
    assert st.data["discard"][0] == [reds]  # Red's scout stays Red's


def test_a_shared_zone_takes_from_the_supply_then_the_seats_in_order():
    st = _state()
    types = st.game.types
    top = _top(st.data["pawn_deck"], types, "wanderer")
    with edit(st) as ed:
        ed.move(ed.data["court_pawns"][0], "pawn_deck", bottom=True)  # (seven in The Court at most)
        ed.move("wanderer", "court_pawns")
        ed.move("messenger", "banished")  # no messenger in the supply: Red's Deck, its top one
    assert st.data["court_pawns"][-1] == top
    assert st.data["banished"] == [_top(_state().data["deck"][0], types, "messenger")]


def test_in_a_deck_a_card_moves_to_the_top_or_the_bottom():
    st = _state()
    types = st.game.types
    deck = list(st.data["deck"][0])
    with edit(st) as ed:
        ed.move("musician", "deck", who=0)
    assert sorted(st.data["deck"][0]) == sorted(deck)  # the same cards: Red's musician went on top
    assert types[st.data["deck"][0][-1]] == "musician"
    top = _top(st.data["deck"][0], types, "messenger")
    with edit(st) as ed:
        ed.move("messenger", "deck", who=0, bottom=True)
    assert st.data["deck"][0][0] == top and sorted(st.data["deck"][0]) == sorted(deck)


def test_table_arranges_through_the_editor_in_the_same_order():
    t, st = Table(players=3, seed=1), _state()
    t.hand(0, ["scout", "messenger"], deck_top=["advisor"])
    with edit(st) as ed:
        for i in list(ed.data["hand"][0]):
            ed.move(i, "deck", who=0)
        ed.move("scout", "hand", who=0)
        ed.move("messenger", "hand", who=0)
        ed.move("advisor", "deck", who=0)
    assert t.d == st.data
    assert t.names("hand", 0) == ["scout", "messenger"] and t.names("deck", 0)[-1] == "advisor"


def test_table_returns_court_cards_to_the_bottom_of_their_deck():
    t = Table(players=3, seed=1)
    oldest_pawn, oldest_royal = t.d["court_pawns"][0], t.d["court_royals"][0]
    t.court(pawns=["wanderer"], royals=["veiled-duke"])
    assert t.d["pawn_deck"][0] == oldest_pawn and t.d["royal_deck"][0] == oldest_royal
    assert t.g.types[t.d["court_pawns"][-1]] == "wanderer"
    assert t.g.types[t.d["court_royals"][-1]] == "veiled-duke"


def test_table_refuses_like_the_editor_and_changes_nothing():
    t = Table(players=3, seed=1)
    before = t.state.position()
    with pytest.raises(RecordError) as err:
        t.hand(0, ["messenger", "dragon"])
    assert err.value.code == "unknown-card" and "dragon" in str(err.value)
    assert t.state.position() == before
