"""Primordial's position helpers are one: ``setup.Table`` is a shortcut over the position editor.  ``move``
takes a card of a type from the zone named (``frm``), or from the only zone holding one (the receiving
seat's own first), never by a guess; the arranging helpers (``hand``, ``stack``) take the seat's own cards,
then the supply (games/primordial/editor.py)."""

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


def test_a_card_named_by_type_comes_from_the_zone_named():
    """``move`` takes a card of a type from the zone the analyst names (its top card), never by a guess."""
    st, reds = _red_owns_a_scout()
    top = _top(st.data["pawn_deck"], st.game.types, "scout")
    with edit(st) as ed:
        ed.move(ed.data["hand"][1][0], "deck", who=1)
        got = ed.move("scout", "hand", who="Blue", frm="pawn_deck")
    assert got == top and top in st.data["hand"][1]  # the Pawn Deck's topmost scout
    assert st.data["discard"][0] == [reds]  # Red's scout stays Red's


def test_a_card_named_by_type_in_several_zones_is_refused_with_the_zones():
    """Without ``frm``, a type found in more than one zone is refused, naming the zones (nothing moves)."""
    st, _reds = _red_owns_a_scout()
    before = st.position()
    with pytest.raises(RecordError) as err:
        with edit(st) as ed:
            ed.move("scout", "banished")
    assert err.value.code == "ambiguous-card"
    assert "Red's discard" in str(err.value) and "pawn deck" in str(err.value)
    assert st.position() == before
    with edit(st) as ed:  # the receiving seat's own zones first: Red's only scout
        ed.move(ed.data["hand"][0][0], "deck", who=0)
        assert ed.move("scout", "hand", who="Red") == _reds


def test_a_shared_zone_takes_from_the_named_zone():
    st = _state()
    types = st.game.types
    top = _top(st.data["pawn_deck"], types, "wanderer")
    red_top = _top(st.data["deck"][0], types, "messenger")
    with edit(st) as ed:
        ed.move(ed.data["court_pawns"][0], "pawn_deck", bottom=True)  # (seven in The Court at most)
        ed.move("wanderer", "court", frm="pawn_deck")  # "court": the Court's row for the card's kind
        ed.move("Messenger", "banished", frm="deck", frm_seat="Red")
    assert st.data["court_pawns"][-1] == top
    assert st.data["banished"] == [red_top]


def test_in_a_deck_a_card_moves_to_the_top_or_the_bottom():
    st = _state()
    types = st.game.types
    deck = list(st.data["deck"][0])
    with edit(st) as ed:
        ed.move("musician", "deck", who=0, frm="deck")
    assert sorted(st.data["deck"][0]) == sorted(deck)  # the same cards: Red's musician went on top
    assert types[st.data["deck"][0][-1]] == "musician"
    top = _top(st.data["deck"][0], types, "messenger")
    with edit(st) as ed:
        ed.move("messenger", "deck", who=0, frm="deck", bottom=True)
    assert st.data["deck"][0][0] == top and sorted(st.data["deck"][0]) == sorted(deck)


def test_table_arranges_through_the_editor_in_the_same_order():
    t, st = Table(players=3, seed=1), _state()
    t.hand(0, ["scout", "messenger"], deck_top=["advisor"])
    with edit(st) as ed:
        ed.hand("Red", ["scout", "messenger"], deck_top=["advisor"])
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
