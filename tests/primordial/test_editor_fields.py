"""The Primordial position editor, field by field: every field a person at the table arranges is set by name
and read back through the analysis view and through ``position()``/``load_position``; partial edits leave
the rest alone; refusals name the field and change nothing; random edits of random positions either are
refused with nothing changed or leave a consistent position that plays to its end.  Also: a seat's view never
lists a hidden pile, and a seat's history table holds no sealed plot."""

from __future__ import annotations

import pytest

from illumi_widgets.editor import edit
from illumi_widgets.engine import OMNISCIENT, EngineError, Rng, load_game
from illumi_widgets.engine.testing import random_action

M3 = ["messenger"] * 3
U3 = ["musician"] * 3
HIDDEN_KEYS = ("deck_cards", "discard_cards", "secret_cards", "intent_discard_cards", "pawn_deck_cards",
               "royal_deck_cards", "held_out_cards", "removed_cards")


def _game(seed=1, n=3):
    return load_game("primordial", players=n).new_state(seed=seed)


def _cards(lst):
    return [c["card"] for c in lst]


def _reloaded(st):
    return st.game.load_position(st.position())


def _position_view(st):
    """The analysis view without what belongs to the state rather than the position (log, version)."""
    view = st.view(OMNISCIENT)
    del view["log"], view["version"]
    return view


def _same_everywhere(st, read):
    """``read(view)`` is the same in the analysis view and in the view of the position saved and loaded."""
    got = read(_position_view(st))
    assert read(_position_view(_reloaded(st))) == got
    return got


def _refused(st, block, code=None):
    before, version = st.position(), st.version
    with pytest.raises(EngineError) as err:
        with edit(st) as ed:
            block(ed)
    assert st.position() == before and st.version == version
    if code is not None:
        assert err.value.code == code, err.value
    return str(err.value)


# ------------------------------------------------------------------------------------------------
# round trips
# ------------------------------------------------------------------------------------------------
def test_seat_piles_round_trip():
    st = _game()
    with edit(st) as ed:
        ed.hand("Blue", ["scout", "advisor", "messenger"], deck_top=["musician", "advisor"])
        ed.move("messenger", "discard", who="Green", frm="deck")
        ed.sacrifice("Red", "courtier", frm="pawn_deck")
        ed.steal("Red", "Green", "eclipse")
        ed.move("home", "intent_discard", who="Blue", frm="intent_deck")
        ed.stack("intent_deck", ["overture", "left"], who="Blue")
    blue = _same_everywhere(st, lambda v: v["seats"][1])
    assert _cards(blue["hand"]) == ["scout", "advisor", "messenger"]
    assert _cards(blue["deck_cards"])[-2:] == ["advisor", "musician"]  # (top last: the musician is next)
    assert _cards(blue["intents"])[-2:] == ["left", "overture"]
    assert _cards(blue["intent_discard_cards"]) == ["home"]
    red = _same_everywhere(st, lambda v: v["seats"][0])
    assert _cards(red["sacrifices"]) == ["courtier"] and red["stolen"] == 1
    assert _cards(red["intent_discard_cards"]) == ["eclipse"]
    green = _same_everywhere(st, lambda v: v["seats"][2])
    assert _cards(green["discard_cards"]) == ["messenger"] and green["secrets"] == 5
    assert "eclipse" not in _cards(green["secret_cards"])


def test_shared_piles_round_trip():
    st = _game()
    with edit(st) as ed:
        ed.stack("pawn_deck", ["wanderer", "bard"])
        ed.stack("royal_deck", ["ash-king"])
        ed.move("zealot", "held_out", frm="held_out", bottom=True)
        ed.move("moon-queen", "removed", frm="royal_deck")
        ed.move("scout", "banished", frm="pawn_deck")
        ed.court(pawns=["herald"], royals=["bone-regent"])
        ed.recruit("Green", "familiar")
    court = _same_everywhere(st, lambda v: v["court"])
    assert _cards(court["pawn_deck_cards"])[-2:] == ["bard", "wanderer"]
    assert _cards(court["royal_deck_cards"])[-1] == "ash-king"
    assert _cards(court["held_out_cards"])[0] == "zealot"
    assert "moon-queen" in _cards(court["removed_cards"])
    assert _cards(court["pawns"])[-1] == "herald" and _cards(court["royals"])[-1] == "bone-regent"
    assert len(court["pawns"]) == 7 and len(court["royals"]) == 7 and court["familiars"] == 31
    assert _same_everywhere(st, lambda v: _cards(v["banished"])) == ["scout"]
    assert _same_everywhere(st, lambda v: v["seats"][2]["discard_top"]["card"]) == "familiar"


def test_round_first_visitor_parties_and_phase_round_trip():
    st = _game()
    with edit(st) as ed:
        ed.round(3)
        ed.first("Green")
    assert _same_everywhere(st, lambda v: (v["round"], v["first_visitor"], v["phase"])) == (3, 2, "plotting")
    assert _same_everywhere(st, lambda v: v["court"]["held_out"]) == 0  # (shuffled in at round 2's end)
    with edit(st) as ed:
        ed.party("Red", hosts=M3, visitors=["emissary", "familiar", "familiar"], intent="Visit Left",
                 next_visitors=["wanderer"])
        ed.party("Blue", hosts=U3, intent="Stay Home")  # the rest of Blue's hand visits
        ed.party("Green", hosts=M3, visitors=U3, intent="Stay Home")
        ed.turn("Red", "recruiting")
    view = _same_everywhere(st, lambda v: v)
    red, blue = view["seats"][0], view["seats"][1]
    assert _cards(red["hosts"]) == M3 and _cards(red["visitors"]) == ["emissary", "familiar", "familiar"]
    assert red["intent"]["card"] == "left" and _cards(red["next_visitors"]) == ["wanderer"]
    assert _cards(blue["hosts"]) == U3 and len(blue["visitors"]) >= 3 and blue["hand"] == []
    assert view["phase"] == "visiting" and view["turn"]["visitor"] == 0 and view["turn"]["step"] == "recruit"
    assert red["totals"] == {"insight": 8, "devotion": 6, "deceit": 3}
    assert view["stats"][red["visitors"][0]["id"]] == {"devotion": 4, "insight": 4, "deceit": 1,
                                                       "silenced": False}


def test_partial_edits_leave_the_rest_alone():
    st = _game()
    with edit(st) as ed:
        for s, intent in (("Red", "Visit Left"), ("Blue", "Stay Home"), ("Green", "Stay Home")):
            ed.party(s, hosts=M3, visitors=["familiar"] * 3, intent=intent)
        ed.phase("visiting")  # (Red recruits with the Familiars' devotion: a decision)
    before = _position_view(st)
    with edit(st) as ed:
        ed.party("Red", hosts=["sentinel", "messenger", "messenger"])  # only Red's hosts
    after = _position_view(st)
    assert after["seats"][1:] == before["seats"][1:] and after["turn"] == before["turn"]
    court, court0 = after["court"], before["court"]
    assert court["pawns"] == court0["pawns"] and court["royals"] == court0["royals"]
    assert court["pawn_deck"] == court0["pawn_deck"] - 1  # (Red owns no Sentinel: one from the supply)
    red, red0 = after["seats"][0], before["seats"][0]
    assert red["visitors"] == red0["visitors"] and red["intent"] == red0["intent"]
    assert red["intents"] == red0["intents"] and red["deck_cards"] == red0["deck_cards"]
    assert _cards(red["hosts"]) == ["sentinel", "messenger", "messenger"]
    assert red["discard_cards"] == red0["discard_cards"] + [red0["hosts"][2]]  # the Messenger replaced
    assert red["hosts"][1:] == red0["hosts"][:2]  # (the two Messengers named stay)


def test_live_stats_at_any_position():
    """The live stats are readable outside a visit too (the printed values), and change in a visit."""
    st = _game()
    with edit(st) as ed:
        ed.party("Red", next_visitors=["emissary"])
        (em,) = ed.cards("next_visitors", who="Red")
        assert ed.stats(em["id"]) == {"devotion": 4, "insight": 4, "deceit": 1, "silenced": False}
    view = st.view(1)
    token = view["seats"][0]["next_visitors"][0]["id"]
    assert view["stats"][token] == {"devotion": 4, "insight": 4, "deceit": 1, "silenced": False}
    assert st.game.card_stats(st.data, int(token[1:]))["insight"] == 4


# ------------------------------------------------------------------------------------------------
# refusals
# ------------------------------------------------------------------------------------------------
def test_refusals_name_the_field_and_the_rule_and_change_nothing():
    st = _game()
    assert "field 'hand'" in _refused(st, lambda ed: ed.hand("Red", ["messenger"] * 7), "bad-edit")
    msg = _refused(st, lambda ed: ed.move("messenger", "banished"), "ambiguous-card")
    assert "Red's deck" in msg and "Blue's deck" in msg
    assert "field 'secrets'" in _refused(st, lambda ed: ed.move("left", "secrets", who="Red",
                                                                 frm="intent_deck"))
    assert "field 'hosts'" in _refused(st, lambda ed: ed.move("left", "hosts", who="Red", frm="intent_deck"),
                                       "bad-place")
    assert "every fourth round" in _refused(st, lambda ed: ed.phase("intent reset"), "bad-phase")
    assert "Visiting Intent" in _refused(st, lambda ed: ed.phase("visiting"), "bad-phase")
    assert "field 'round'" in _refused(st, lambda ed: ed.round(0), "bad-amount")
    assert "no card" in _refused(st, lambda ed: ed.move("dragon", "hand", who="Red"), "unknown-card")
    assert "no zone" in _refused(st, lambda ed: ed.move("scout", "attic", frm="pawn_deck"), "bad-place")

    def stay_home_turn(ed):
        for s in ("Red", "Blue", "Green"):
            ed.party(s, hosts=M3, visitors=U3, intent="Stay Home")
        ed.turn("Blue", "comparison")

    assert "stays home" in _refused(st, stay_home_turn, "bad-phase")


# ------------------------------------------------------------------------------------------------
# random edits
# ------------------------------------------------------------------------------------------------
ZONES = ("deck", "hand", "discard", "sacrifices", "next_visitors", "intent_deck", "intent_discard", "secrets",
         "pawn_deck", "royal_deck", "held_out", "removed", "court", "banished", "hosts", "visitors")
PHASES = ("plotting", "visiting", "round end", "intent reset")
STEPS = ("start", "before hosting", "when visiting", "comparison", "after visiting", "recruiting")


def _random_edit(st, rng):
    """One random edit (a function of the editor), often a refused one."""
    g = st.game
    seat = g.seat_name(rng.below(g.players))
    other = g.seat_name(rng.below(g.players))
    k = rng.below(9)
    inst = rng.below(len(g.types))
    zone = ZONES[rng.below(len(ZONES))]
    if k == 0:
        return lambda ed: ed.move(inst, zone, who=seat, bottom=bool(rng.below(2)))
    if k == 1:
        frm = ZONES[rng.below(len(ZONES))]
        return lambda ed: ed.move(g.types[inst], zone, who=seat, frm=frm, frm_seat=other)
    if k == 2:
        return lambda ed: ed.steal(seat, other)
    if k == 3:
        return lambda ed: ed.sacrifice(seat, g.types[inst], frm="deck", frm_seat=other)
    if k == 4:
        return lambda ed: ed.round(1 + rng.below(9))
    if k == 5:
        return lambda ed: ed.first(other)
    if k == 6:
        return lambda ed: ed.phase(PHASES[rng.below(len(PHASES))])
    if k == 7:
        return lambda ed: ed.turn(seat, STEPS[rng.below(len(STEPS))])
    return lambda ed: ed.recruit(seat, g.types[inst])


def test_random_edits_are_refused_cleanly_or_play_to_the_end():
    rng = Rng(29)
    accepted = refused = 0
    for trial in range(60):
        st = _game(seed=trial % 7)
        for _ in range(rng.below(40)):
            if st.is_terminal():
                break
            st.apply(random_action(st, rng))
        block = _random_edit(st, rng)
        before, version = st.position(), st.version
        try:
            with edit(st) as ed:
                block(ed)
        except EngineError:
            refused += 1
            assert st.position() == before and st.version == version
            continue
        accepted += 1
        assert st.game.problems(st.data) == []
        st.play_until(lambda s: s.is_terminal(), max_actions=3000)
        assert st.is_terminal()
    assert accepted >= 10 and refused >= 10  # (both kinds were exercised)


# ------------------------------------------------------------------------------------------------
# hidden information: views and history
# ------------------------------------------------------------------------------------------------
def test_a_seats_view_never_lists_a_hidden_pile():
    st = _game()
    rng = Rng(3)
    for _ in range(60):
        if st.is_terminal():
            break
        omni = st.view(OMNISCIENT)
        assert all(k in omni["seats"][0] for k in ("deck_cards", "discard_cards", "secret_cards",
                                                  "intent_discard_cards"))
        assert all(k + "_cards" in omni["court"] for k in ("pawn_deck", "royal_deck", "held_out", "removed"))
        for seat in (None, 0, 1, 2):
            view = st.view(seat)
            text = str(view)
            assert not any(k in text for k in HIDDEN_KEYS)
            hidden = st.game.secrets(st.data, seat)
            assert not any(f"'{tok}'" in text for tok in hidden)
        st.apply(random_action(st, rng))


def test_a_seats_history_holds_no_sealed_plot():
    st = _game()
    with edit(st) as ed:
        for s in ("Red", "Blue", "Green"):
            ed.party(s, hosts=M3, visitors=["familiar"] * 3, intent="Visit Left")
        ed.phase("visiting")
    st.play_until(lambda s: s.view(OMNISCIENT)["round"] == 2)
    st.apply(next(a for a in st.legal_actions(0)))  # Red's round-2 plot is sealed
    rows = st.history_table()
    assert {r["round"] for r in rows} == {1} and len(rows) == 3
    for seat in (0, 1, 2, None):
        assert st.history_table(seat) == rows  # (every value was public when it happened)
    frame = st.history_table(as_frame=True)
    assert list(frame["visitor"]) == ["Red", "Blue", "Green"]
