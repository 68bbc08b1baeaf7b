"""Pax Illuminaten positions from the rulebook's examples, set up with the public editor only (issue 29):
``edit(state)`` names cards, seats, Factions and phases; no field of ``state.data`` is written by hand.
Each test cites the example (rules-reference §8, /work/shared/reference/pax/rules-reference.md) and checks
the rules' result.  Then: round trips of the editable fields through the view and ``position()``/load, the
history table, the analysis view's hidden zones, and a random-edit test."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.editor import edit
from illumi_widgets.engine import OMNISCIENT, EngineError, RecordError, Rng

BLUE, RED = 0, 1


def table(players=2, seed=1):
    """A fresh game as a blank table: map face-up, no Influence, no Favor, Blue's turn in round 1."""
    state = load_game("pax", players=players).new_state(seed=seed)
    with edit(state) as ed:
        ed.clear_influence()
        ed.reveal_all()
        ed.clear_favor()
        ed.turn("Blue", round=1)
    return state


def card(g, *, rank=None, has=(), exact=None, strength=None, not_in=()):
    """The first Luminary card (by its printed facts) not among ``not_in``."""
    for cid, c in g.lum.items():
        if cid in not_in or (rank is not None and c.rank != rank) or any(f not in c.factions for f in has):
            continue
        if (exact is not None and set(c.factions) != set(exact)) or (strength is not None and
                                                                     c.strength != strength):
            continue
        return cid
    raise AssertionError("no such card in the data")


def favor(state, seat):
    return state.view(OMNISCIENT)["favor"][seat]


# -- 1-2. Extort (§8.1, EN Extort) ---------------------------------------------------------------------------
def test_extort_a_the_areopagus_pays_its_contact_factions_once_per_turn():
    state = table()
    g = state.game
    pms = next(n for n, f in g.contact_fac.items() if f == (1, 2, 4))  # Professions, Magistrates, Scholars
    with edit(state) as ed:
        ed.contact("Blue", pms)
    state.apply("extort areopagus")
    assert favor(state, BLUE) == {"NOB": 0, "PRO": 1, "MAG": 1, "ART": 0, "SCH": 1, "CLE": 0}
    assert state.explain("extort areopagus") is not None  # marked as extorted this turn


def test_extort_b_a_rank_ii_card_pays_one_of_each_faction():
    state = table()
    b = card(state.game, rank="II", exact=("ART", "SCH"))
    with edit(state) as ed:
        ed.move(b, "C3")
        ed.influence("C3", ["Blue"])
    state.apply("extort C3")
    assert favor(state, BLUE)["ART"] == 1 and favor(state, BLUE)["SCH"] == 1
    assert sum(favor(state, BLUE).values()) == 2 and sum(favor(state, RED).values()) == 0


# -- 3. Scout (§8.2 negative; ruling §7.11) ------------------------------------------------------------------
def test_scouting_a_face_up_card_is_illegal_and_a_face_down_one_is_not():
    state = table()
    g = state.game
    acting = card(g, rank="II", has=("MAG",))
    with edit(state) as ed:
        ed.move(acting, "B2")
        ed.influence("B2", ["Blue"])
        ed.resources("Blue", Mag=1)
    assert state.explain("scout B3 from B2") is not None  # B3 is face-up
    with edit(state) as ed:
        ed.face("B3", up=False)
    assert state.explain("scout B3 from B2") is None


# -- 4-5. Influence (§8.3 a, b) ------------------------------------------------------------------------------
def test_influence_a_crown_holding_rival_influence_is_closed():
    state = table()
    crown = card(state.game, rank="CROWN")
    near = card(state.game, rank="II", not_in=(crown,))
    with edit(state) as ed:
        ed.move(crown, "C3")
        ed.influence("C3", ["Red"])
        ed.move(near, "C2")
        ed.influence("C2", ["Blue"])
        ed.resources("Blue", Nob=6, Pro=6, Mag=6)
    assert not any(a.startswith("influence C3") for a in state.legal_actions().notations())


def test_influence_b_a_card_with_no_open_location_is_closed():
    state = table()
    g = state.game
    full = card(g, rank="II")
    with edit(state) as ed:
        ed.move(full, "C3")
        ed.influence("C3", ["Blue"] * len(g.lum[full].locations))
        ed.resources("Blue", Nob=6, Pro=6, Mag=6, Art=6, Sch=6, Cle=6)
    assert not any(a.startswith("influence C3") for a in state.legal_actions().notations())
    assert any(a.startswith("influence C2") for a in state.legal_actions().notations())


# -- 6-7. Expel (§8.5) ---------------------------------------------------------------------------------------
def _expel_table(owner: str, pro: int):
    """A rank II card of the Professions at C3 with Blue's Influence, a rank II target at C2 with ``owner``'s
    Influence, Blue holding ``pro`` Professions Favor: the state and the target card."""
    state = table()
    g = state.game
    acting = card(g, rank="II", has=("PRO",))
    target = card(g, rank="II", not_in=(acting,))
    with edit(state) as ed:
        ed.move(acting, "C3")
        ed.influence("C3", ["Blue"])
        ed.move(target, "C2")
        ed.influence("C2", [owner])
        ed.resources("Blue", Pro=pro)
    return state, target


def test_expel_costs_one_favor_per_influence_and_the_card_goes_to_the_discard():
    state, target = _expel_table("Blue", pro=1)
    assert state.explain("expel C2 from C3") is None
    state.apply("expel C2 from C3")
    while state.decisions() and state.decisions()[0].kind in ("pay", "place") and target not in \
            state.data.discard:
        state.apply(state.legal_actions()[0])
    assert target in state.data.discard and favor(state, BLUE)["PRO"] == 0


def test_expel_is_illegal_while_the_target_holds_rival_influence():
    state, _ = _expel_table("Red", pro=3)
    assert state.explain("expel C2 from C3") is not None


# -- 8-9. Oust (§8.6): strength 5 vs 6, then example A and the tie -------------------------------------------
def _oust_base(blue_card, red_card, forced=False):
    """Blue (acting from C3, a Professions card) targets Red's Influence on B3: Initial Strength 5 vs 6."""
    state = table()
    g = state.game
    used = {blue_card, red_card}
    target = card(g, rank="III", not_in=used)
    acting = card(g, rank="III", has=("PRO",), not_in=used | {target})
    blue2 = card(g, rank="II", not_in=used | {target, acting})
    red3 = card(g, rank="III", not_in=used | {target, acting, blue2})
    red1 = card(g, rank="I", not_in=used | {target, acting, blue2, red3})
    spare = [card(g, rank="I", not_in=used | {target, acting, blue2, red3, red1})]
    spare.append(card(g, rank="I", not_in=used | {target, acting, blue2, red3, red1, *spare}))
    with edit(state) as ed:
        for cell, cid, who in (("B3", target, ["Red", "Red", "Blue"]), ("C3", acting, ["Blue"] * 3),
                               ("B4", blue2, ["Blue"]), ("B2", red3, ["Red"] * 3), ("A3", red1, ["Red"])):
            ed.move(cid, cell)
            ed.influence(cell, who)
        # two cards each: each reveal is the player's choice; one each (forced): the rules reveal them
        ed.hand("Blue", [blue_card] if forced else [blue_card, spare[0]])
        ed.hand("Red", [red_card] if forced else [red_card, spare[1]])
        ed.resources("Blue", Pro=3)
    state.apply("oust B3 Red x1 from C3")
    if forced:
        return state, target
    assert state.view(OMNISCIENT)["pending"]["strength"] == [5, 6]  # Red has the advantage
    state.apply(state.parse(f"reveal {blue_card}", seat=BLUE))
    state.apply(state.parse(f"reveal {red_card}", seat=RED))
    return state, target


def test_oust_a_eleven_against_ten_the_attacker_wins():
    g = load_game("pax", players=2)
    six = card(g, strength=6, rank="III")
    four = card(g, strength=4, not_in=(six,))
    state, _ = _oust_base(six, four)
    row = [r for r in state.history_table() if r["what"] == "oust challenge"][-1]
    assert (row["attacker_total"], row["defender_total"], row["result"]) == (11, 10, "Blue wins")
    assert row["attacker"] == "Blue" and row["defender"] == "Red" and row["place"] == "B3"
    assert state.data.infl[g.geom.cell("B3")].count(RED) == 1  # one Red disk back to supply


def test_oust_with_forced_reveals_has_its_row_too():
    """One card in each hand: the rules reveal both within the Oust itself; the table still has the row."""
    g = load_game("pax", players=2)
    six = card(g, strength=6, rank="III")
    four = card(g, strength=4, not_in=(six,))
    state, _ = _oust_base(six, four, forced=True)
    rows = [r for r in state.history_table() if r["what"] == "oust challenge"]
    assert len(rows) == 1 and rows[0]["step"] == len(state.history) - 1
    assert (rows[0]["attacker_card"], rows[0]["defender_card"]) == (g.lum[six].name, g.lum[four].name)
    assert (rows[0]["attacker_total"], rows[0]["defender_total"], rows[0]["result"]) == (11, 10, "Blue wins")


def test_oust_a_tie_goes_to_the_defender():
    g = load_game("pax", players=2)
    five = card(g, strength=5)
    four = card(g, strength=4, not_in=(five,))
    state, _ = _oust_base(five, four)
    row = [r for r in state.history_table() if r["what"] == "oust challenge"][-1]
    assert (row["attacker_total"], row["defender_total"], row["result"]) == (10, 10, "Red wins")
    assert state.data.infl[g.geom.cell("B3")].count(RED) == 2


# -- 10. Court refresh (§8.10), reached with ed.phase("check") -----------------------------------------------
def test_court_refresh_from_the_check_phase():
    state = table()
    with edit(state) as ed:
        ed.hand("Blue", state.data.hands[BLUE][:2])
        ed.chamberlain(1)
        ed.phase("check", "Blue")
    court = list(state.data.court)
    assert state.decisions()[0].kind == "redraw" and state.to_act() == [BLUE]
    state.apply("redraw court 2")  # a single Court card is free, then one from the deck
    d = state.data
    assert court[1] in d.hands[BLUE] and len(d.hands[BLUE]) == 4 and sum(d.favor[BLUE]) == 0
    assert court[0] in d.discard and d.chamberlain == 1 and d.court[2:] == court[2:]


# -- 11. The Event Phase (§8.11, JA L719-726), reached with ed.phase("event") --------------------------------
def test_event_phase_example_edict_pays_out_old_special_goes_new_one_activates():
    state = table()
    with edit(state) as ed:
        ed.edict("Blue", "Edict of the Professions", favor=2)
        ed.special("Blue", "Courtly Celebrations", active=True)
        ed.special("Blue", "Ecclesiastical Investigators", active=False)
        ed.phase("event", "Blue", round=2)
    d = state.data
    assert favor(state, BLUE)["PRO"] == 1 and d.edicts[BLUE] == []  # 1 to the pool, 1 to Blue: emptied
    assert {"EV02", "EV08"} <= set(d.event_discard)
    assert state.decisions()[0].kind == "activate"
    state.apply("activate ecclesiastical-investigators")
    assert d.special_active[BLUE] == "EV09"


def test_there_is_no_event_phase_in_round_one():
    state = table()
    before = state.position()
    with pytest.raises(RecordError) as err:
        with edit(state) as ed:
            ed.phase("event", "Blue", round=1)
    assert err.value.code == "bad-phase" and "phase" in err.value.message and "round 1" in err.value.message
    assert state.position() == before


# -- 12. The fifth Edict ends the game after the round (§8.11, EN Event Check) -------------------------------
def test_the_fifth_edict_discarded_finishes_the_round_then_faction_scoring():
    state = table()
    with edit(state) as ed:
        for e in ("Edict of the Nobility", "Edict of the Magistrates", "Edict of the Artists",
                  "Edict of the Clergy"):
            ed.discard_event(e)
        ed.edict("Blue", "Edict of the Scholars", favor=2)
        ed.first_player("Blue")
        ed.phase("event", "Blue", round=2)
    assert state.data.final_round
    state.apply("end")
    assert not state.is_terminal() and state.data.active == RED  # the round is finished first
    state.apply("end")
    assert state.outcome()["reason"] == "faction scoring"


# -- the editor: partial updates, refusals, round trips ------------------------------------------------------
def test_resources_is_a_partial_update():
    state = load_game("pax", players=3).new_state(seed=4)
    before = [list(f) for f in state.data.favor]
    pool = list(state.data.pool)
    with edit(state) as ed:
        ed.resources("Blue", Sch=2)
    after = state.data.favor
    assert after[BLUE][4] == 2 and after[BLUE][:4] == before[BLUE][:4] and after[BLUE][5] == before[BLUE][5]
    assert after[1:] == before[1:]
    assert state.data.pool[4] == pool[4] - (2 - before[BLUE][4]) and state.game.problems(state.data) == []


@pytest.mark.parametrize("block, field, code", [
    (lambda ed: (ed.resources("Red", Sch=1), ed.resources("Blue", Sch=ed.g.pool_size)), "favor",
     "bad-resource"),
    (lambda ed: ed.resources("Blue", Sch=99), "favor", "bad-amount"),
    (lambda ed: ed.resources("Blue", Gold=1), "favor", "bad-resource"),
    (lambda ed: ed.resources("Blue", Sch=-1), "favor", "bad-amount"),
    (lambda ed: ed.resources("Blue", Sch=True), "favor", "bad-amount"),
    (lambda ed: ed.round(0), "round", "bad-amount"),
    (lambda ed: ed.chamberlain(6), "chamberlain", "bad-amount"),
    (lambda ed: ed.phase("lunch"), "phase", "bad-phase"),
    (lambda ed: ed.move("Nobody at all", "C3"), None, "unknown-card"),
    (lambda ed: ed.move("PIL001", "court"), "court", "bad-place"),
    (lambda ed: ed.move("PIL001", "Z9"), "cards", "bad-place"),
])
def test_refusals_name_the_field_and_change_nothing(block, field, code):
    state = load_game("pax", players=2).new_state(seed=2)
    before, version = state.position(), state.version
    with pytest.raises(EngineError) as err:
        with edit(state) as ed:
            block(ed)
    assert err.value.code == code
    if field is not None:
        assert f"'{field}" in err.value.message
    assert state.position() == before and state.version == version


def _reloaded(state):
    return state.game.load_position(state.position())


def test_round_trips_through_the_view_and_the_position_text():
    state = table(players=3)
    g = state.game
    crown = card(g, rank="CROWN")
    deck_card = state.data.deck[0]
    with edit(state) as ed:
        ed.move(crown, "C3")
        ed.influence("C3", ["Red"])
        ed.face("A1", up=False)
        ed.resources("Green", Art=3, Cle=1)
        ed.move(deck_card, "court", slot=3)
        ed.chamberlain(4)
        ed.first_player("Red")
        ed.round(3)
        ed.reveal_plot("Green")
        ed.final_round(True)
        ed.event_deck_top(["Quiet Tidings"])
        ed.event_out("Fair Weather")
        ed.main_actions(1)
    for st in (state, _reloaded(state)):
        om, red = st.view(OMNISCIENT), st.view(RED)
        cells = {c["name"]: c for c in red["map"]["cells"]}
        assert cells["C3"]["card"] == crown and cells["C3"]["influence"][0] == RED
        assert cells["A1"]["card"] is None and not cells["A1"]["up"]
        assert red["favor"][2]["ART"] == 3 and red["favor"][2]["CLE"] == 1
        assert red["court"][2] == deck_card and red["chamberlain"] == 3
        assert red["turn"]["first"] == RED and red["turn"]["round"] == 3 and red["turn"]["final_round"]
        assert red["plots"]["private"][2] is not None and red["turn"]["main_left"] == 1
        assert om["omniscient"]["event_deck"][0] == "EV13"
        out = {z["zone"]: z["names"] for z in om["hidden"]}["Events out of the game"]
        assert "Fair Weather" in out and "EV11" not in red["events"]["discard"]
        assert red["omniscient"] is None


# -- the history table and the hidden zones ------------------------------------------------------------------
def test_history_table_a_seat_reads_what_its_log_and_public_history_show():
    """A seat's table holds, of each action, what the bots' public history of that seat holds (another
    seat's action hidden when it names a card the seat cannot see) and the seat's own log lines."""
    from illumi_widgets.bots import SeatState

    state = load_game("pax", players=3).new_state(seed=5)
    state.play_until(lambda s: len(s.history) >= 120)
    assert {r["what"] for r in state.history_table()} <= {"action", "oust challenge"}
    for seat in (BLUE, RED):
        rows = [r for r in state.history_table(seat=seat) if r["what"] == "action"]
        public = SeatState(state, seat).history
        assert [(r["player"], r["kind"], r["action"]) for r in rows] == [
            (state.game.seat_name(s), kind, text) for s, kind, text in public]
        lines = {}
        for step, text in state.log_lines(seat):
            lines.setdefault(step, []).append(text)
        assert all(r["log"] == " ".join(lines.get(r["step"], [])) for r in rows)
    hidden = [r for r in state.history_table(seat=BLUE) if r["player"] != "Blue" and r["action"] is None]
    assert hidden, "some rival action names a card Blue cannot see"


def test_the_analysis_view_lists_every_hidden_zone_and_a_seat_view_none():
    state = load_game("pax", players=3).new_state(seed=6)
    state.play_until(lambda s: len(s.history) >= 40)
    d = state.data
    zones = {z["zone"]: z["cards"] for z in state.view(OMNISCIENT)["hidden"]}
    assert zones["Luminary deck"] == list(reversed(d.deck))  # top card first
    assert zones["Event deck"] == list(reversed(d.event_deck))
    assert zones["Plot pile"] == list(reversed(d.plot_pile))
    assert zones["Events out of the game"] == list(d.boxed_events)
    assert zones["Red's hand"] == list(d.hands[RED])
    down = [d.cards[c] for c in range(len(d.cards)) if d.cards[c] is not None and not d.up[c]]
    assert zones["face-down map cards"] == down
    for seat in (BLUE, RED, 2, None):
        view = state.view(seat)
        assert view["omniscient"] is None and view["hidden"] is None
        assert "Luminary deck" not in repr(view)


# -- random edits --------------------------------------------------------------------------------------------
_FAC = ["Nob", "Pro", "Mag", "Art", "Sch", "Cle"]
_PHASES = ["event", "action", "check", "nap"]
_EDITS = [
    lambda ed, r, g: ed.resources(r.below(2), **{_FAC[r.below(6)]: r.below(9)}),
    lambda ed, r, g: ed.move(list(g.lum)[r.below(len(g.lum))], "ABCD"[r.below(4)] + str(1 + r.below(5))),
    lambda ed, r, g: ed.move(list(g.lum)[r.below(len(g.lum))], "discard"),
    lambda ed, r, g: ed.move(list(g.lum)[r.below(len(g.lum))], "court", slot=1 + r.below(6)),
    lambda ed, r, g: ed.chamberlain(r.below(7)),
    lambda ed, r, g: ed.round(r.below(5)),
    lambda ed, r, g: ed.turn(r.below(3)),
    lambda ed, r, g: ed.phase(_PHASES[r.below(4)], r.below(2), round=1 + r.below(3)),
    lambda ed, r, g: ed.face("ABCD"[r.below(4)] + str(1 + r.below(5)), up=bool(r.below(2))),
    lambda ed, r, g: ed.main_actions(r.below(4)),
]


def test_random_edits_accepted_play_on_refused_change_nothing():
    rng = Rng(29)
    accepted = refused = 0
    for k in range(24):
        state = load_game("pax", players=2).new_state(seed=k)
        state.play_until(lambda s: len(s.history) >= 10 + rng.below(30))
        g = state.game
        before, version = state.position(), state.version
        try:
            with edit(state) as ed:
                for _ in range(1 + rng.below(3)):
                    _EDITS[rng.below(len(_EDITS))](ed, rng, g)
        except EngineError:
            refused += 1
            assert state.position() == before and state.version == version
            continue
        accepted += 1
        assert g.problems(state.data) == []
        assert _reloaded(state).position() == state.position()
        state.play_until(lambda s: False, max_actions=3000)
        assert state.is_terminal()
    assert accepted >= 5 and refused >= 3
