"""What a third seat may learn of cards it does not see move (issue 34, review items 3 and 4; issue 29, rules
defect 3).

Item 3: a seat that once learned a rival's card (a trade offer, a blackmail reveal) kept seeing whether that
card was still in the rival's hand (``hand_known``) or objectives, so when the rival handed one of them to a
third seat, or programmed one face down, the knower's view and board showed *which* one left.  Now when cards
leave a hand (or face-down objectives) by a move a seat did not see, that seat forgets every card it knew
there (``actions._left_unseen``; RULES-NOTES.md, Readings).

Item 4 / rules defect 3: a programmed card discarded unplayed was named on the Action discard pile in every
seat's view (``action_discard``) while the log hid it.  RULINGS.md, "A programmed card discarded unplayed
(ruling)": it "goes to the discard pile face down: no view, log line, picture or export names it; the pile's
face-up top stays the last card discarded face up" (RULES-NOTES.md ruling 23).

Each test plays twin games that differ only in a choice a seat did not see, and checks that seat's view
(what bots, RL observations and ``info["view"]`` read) and board are the same in both.
"""

from __future__ import annotations

import json

from illumi_widgets.engine import OMNISCIENT
from illumi_widgets.engine.testing import _find_secrets, position_payload, position_text
from illumi_widgets.games.gray_eminence.scene import gray_eminence_scene

RED, BLUE, GREEN = 0, 1, 2


def _knows(st, seat, cards) -> None:
    """Set up by hand: ``seat`` was once shown ``cards`` (a trade offer, a blackmail reveal)."""
    with st.edit() as d:
        d["known"][str(seat)] = list(cards)


def _same_for(a, b, seat) -> None:
    """``seat`` cannot tell the twin games ``a`` and ``b`` apart: same view, same board."""
    va, vb = a.view(seat), b.view(seat)
    assert va == vb, _first_difference(va, vb)
    assert gray_eminence_scene(va, a.game) == gray_eminence_scene(vb, b.game)


def _first_difference(x, y, path="view"):
    if isinstance(x, dict) and isinstance(y, dict):
        for k in sorted(set(x) | set(y), key=str):
            if x.get(k) != y.get(k):
                return _first_difference(x.get(k), y.get(k), f"{path}[{k!r}]")
    if isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        for i, (p, q) in enumerate(zip(x, y, strict=True)):
            if p != q:
                return _first_difference(p, q, f"{path}[{i}]")
    return f"{path}: {x!r} != {y!r}"


def _at_trading(table):
    t = table(players=3, seed=2)
    t.to_step("trade")
    assert t.state.to_act() == [BLUE]
    return t.state


def _ask_red(st, what: str):
    """Blue proposes a trade to Red: Red gives one ``what`` of its choice, Blue nothing."""
    for text in ("propose 0", f"ask {what}", "send"):
        st.apply(st.parse(text, BLUE))
    assert st.to_act() == [RED]


def test_a_card_handed_over_between_two_others_does_not_tell_the_third_which(table):
    st = _at_trading(table)
    hand = list(st.data["hands"][RED])
    assert len(hand) >= 2
    _knows(st, GREEN, hand)  # Green once saw both of Red's cards
    assert len(st.view(GREEN)["seats"][RED]["hand_known"]) == len(hand)
    _ask_red(st, "card")
    a, b = st.clone(), st.clone()
    a.apply(a.parse(f"accept {hand[0]}", RED))
    b.apply(b.parse(f"accept {hand[1]}", RED))
    for seat in (GREEN, None):  # the third seat and a spectator saw a card change hands, not which
        _same_for(a, b, seat)
    assert a.view(GREEN)["seats"][RED]["hand_known"] == []  # it no longer knows any of Red's cards
    # the two traders saw which card it was: Red knows it is in Blue's hand
    assert {"id": hand[0], "name": a.game.cards.name(hand[0])} in a.view(RED)["seats"][BLUE]["hand_known"]
    assert a.view(BLUE)["seats"][BLUE]["hand"] != b.view(BLUE)["seats"][BLUE]["hand"]


def test_an_objective_handed_over_between_two_others_does_not_tell_the_third_which(table):
    st = _at_trading(table)
    with st.edit() as d:  # Red holds two face-down Secret Objectives, both once shown to Green
        while len(d["secret"][RED]) < 2:
            d["secret"][RED].append(d["decks"]["secret"].pop())
    objs = list(st.data["secret"][RED])[:2]
    _knows(st, GREEN, objs)
    names = {x["id"] for x in st.view(GREEN)["seats"][RED]["secret_objectives"]}
    assert names >= set(objs)
    _ask_red(st, "objective")
    a, b = st.clone(), st.clone()
    a.apply(a.parse(f"accept {objs[0]}", RED))
    b.apply(b.parse(f"accept {objs[1]}", RED))
    for seat in (GREEN, None):
        _same_for(a, b, seat)
    assert not {x["id"] for x in a.view(GREEN)["seats"][RED]["secret_objectives"]} & set(objs)


def _at_programming(table):
    t = table(players=3, seed=2)
    t.to_step("program")
    assert sorted(t.state.to_act()) == [RED, BLUE, GREEN]
    return t.state


def _program(st, seat, cards) -> None:
    for slot, c in zip("ABC", cards, strict=True):
        st.apply(st.parse(f"program {slot} {c}", seat))
    if st.parse("program done", seat) in st.legal_actions(seat):
        st.apply(st.parse("program done", seat))


def _program_others(st) -> None:
    for seat in (BLUE, GREEN):
        _program(st, seat, st.data["hands"][seat][:3])


def test_a_known_card_programmed_face_down_does_not_tell_the_knower_which(table):
    st = _at_programming(table)
    hand = list(st.data["hands"][RED])
    assert len(hand) >= 5
    x, y = hand[3], hand[4]
    _knows(st, GREEN, [x, y])
    _program_others(st)
    a, b = st.clone(), st.clone()
    _program(a, RED, [hand[0], hand[1], x])  # Red keeps y in hand ...
    _program(b, RED, [hand[0], hand[1], y])  # ... or x
    assert a.data["phase"] == b.data["phase"] != "programming"
    for seat in (GREEN, BLUE, None):
        _same_for(a, b, seat)
    assert a.view(GREEN)["seats"][RED]["hand_known"] == []


def _at_red_acting(table, discard: str):
    """Programs revealed, the Action phase played up to Red's turn; Red's slot C (discard) holds ``discard``
    (one of two twin cards); returns the state and the two twin cards."""
    st = _at_programming(table)
    hand = list(st.data["hands"][RED])
    _program_others(st)
    twins = hand[2], hand[3]
    _program(st, RED, [hand[0], hand[1], twins[0] if discard == "first" else twins[1]])
    while st.to_act() != [RED]:  # the others resolve before Red (the same moves in both twins)
        st.apply(st.legal_actions()[0])
    return st, twins


def test_a_programmed_card_discarded_unplayed_lies_face_down(table):
    """RULINGS.md, "A programmed card discarded unplayed (ruling)": face down; no view, log line, picture or
    export names it; the pile's face-up top stays the last card discarded face up."""
    a, (x, y) = _at_red_acting(table, "first")
    b, _ = _at_red_acting(table, "second")
    top_before = a.view(GREEN)["action_discard"]
    down_before = a.view(GREEN)["action_discard_face_down"]  # (the others may have discarded too)
    a.apply(a.parse(f"resolve {x} discard", RED))
    b.apply(b.parse(f"resolve {y} discard", RED))
    for seat in (BLUE, GREEN, None):  # no other seat, nor a spectator, can tell which card it was
        _same_for(a, b, seat)
        view = a.view(seat)
        assert view["action_discard"] == top_before  # the face-up top is still the last face-up card
        assert view["action_discard_face_down"] == down_before + 1
        assert x not in [c["id"] for c in view["face_down_discards"]]  # (a seat lists only its own)
        assert not _find_secrets(json.dumps(view), {x, a.game.cards.name(x)})
        assert not _find_secrets(json.dumps(gray_eminence_scene(view, a.game)), {x, a.game.cards.name(x)})
        assert x in a.game.secrets(a.data, seat)
    assert "Red discards a programmed card face down." in a.view(GREEN)["log"]
    # its owner chose it: its own log line and its own view name it; the pile's face-up top is everyone's
    mine = a.view(RED)
    assert f"You discard {a.game.cards.name(x)} face down." in mine["log"]
    assert mine["action_discard"] == top_before and mine["action_discard_face_down"] == down_before + 1
    assert mine["face_down_discards"] == [{"id": x, "name": a.game.cards.name(x)}]
    assert x not in a.game.secrets(a.data, RED)
    # the analysis view lists it; a bot's history of Red's decision does not name it
    assert a.view(OMNISCIENT)["face_down_discards"][-1] == {"id": x, "name": a.game.cards.name(x)}
    assert a.game.public_action(a.data, a.history[-1], GREEN) == "resolve discard"


def test_a_face_down_discard_survives_a_position_and_a_sampled_world(table):
    from illumi_widgets.engine import Rng

    st, (x, _y) = _at_red_acting(table, "first")
    st.apply(st.parse(f"resolve {x} discard", RED))
    again = st.game.load_position(st.position())
    assert again.data["facedown"] == st.data["facedown"] and x in st.data["facedown"]
    for key in ("action_discard", "action_discard_face_down", "seats"):
        assert again.view(GREEN)[key] == st.view(GREEN)[key]
    down = len(st.data["facedown"])
    for k in range(6):  # Green's sampled worlds deal the face-down cards again, and Green's view holds
        w = st.game.determinize(st.data, GREEN, Rng(k))
        assert st.game.view(w, GREEN) == st.game.view(st.data, GREEN)
        assert len(w["facedown"]) == down and set(w["facedown"]) <= set(w["discards"]["action"])
    mine = st.game.determinize(st.data, RED, Rng(1))
    assert x in mine["facedown"]  # Red knows its own


def test_an_older_position_without_face_down_discards_loads(table):
    st, (x, _y) = _at_red_acting(table, "first")
    payload = position_payload(st.position())
    del payload["data"]["facedown"]  # (a position written before the ruling)
    older = st.game.load_position(position_text(payload))
    assert older.view(GREEN)["action_discard_face_down"] == 0  # (none marked: all read as face up)
    older.apply(older.parse(f"resolve {x} discard", RED))
    assert older.view(GREEN)["action_discard_face_down"] == 1
    assert older.game.cards.name(x) not in json.dumps(older.view(GREEN)["action_discard"])
