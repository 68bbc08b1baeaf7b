"""Illuminati positions from the rulebook's examples, set up with the public editor only (issue 29):
``edit(state)`` names cards (by id or name), seats and the steps of a turn; no field of ``state.data`` is
written by hand.  Each test cites the rulebook (v3.2, /work/shared/seeds/004_3a108683bcf6c162.txt) and
checks the rules' result; the attacks are read back from the history table.  Then: round trips of the
editable fields, the analysis view's hidden zones, and a random-edit test."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.editor import edit
from illumi_widgets.engine import OMNISCIENT, EngineError, RecordError, Rng

RED, BLUE, GREEN = 0, 1, 2
QUIET = ("assassination", "murphys-law", "secrets-man-was-not-meant-to-know",
         "senate-investigating-committee")


def table(ills=("bavarian-illuminati", "network", "gnomes-of-zurich"), money=20, **options):
    """Every card in the box, the given Illuminati with ``money`` MB, the Specials that would ask someone
    to play them discarded, Red's action step; chance is rolled by the test (``roll N``)."""
    state = load_game("illuminati", players=len(ills), **options).new_state(seed=1)
    with edit(state) as ed:
        ed.clear()
        ed.assign(list(ills), money=money)
        for special in QUIET:
            ed.move(special, "discard")
        ed.turn("Red")
    state.auto_chance = False
    return state


def need(state):
    return state.view()["attack"]["need"]


def terms(state):
    return dict(state.view()["attack"]["terms"])


def last_attack(state):
    return [r for r in state.history_table() if r["what"] == "attack"][-1]


def bid_out(state):
    """Every seat asked passes until the dice are to be rolled."""
    while state.to_act() != [-1]:
        state.apply("pass")


# -- 1. Power minus Resistance (p.4, "Control": Power 6 against Resistance 2 succeeds on 4 or less) ----------
def test_power_six_against_resistance_two_needs_four_or_less():
    state = table()
    with edit(state) as ed:
        ed.move("Multinational Oil Companies", "structure", who="Red")  # Power 6, no alignment
        ed.move("L-4 Society", "uncontrolled")                          # Resistance 2
    state.apply("attack multinational-oil-companies control l-4-society")
    assert need(state) == 4
    bid_out(state)
    state.apply("roll 4")
    row = last_attack(state)
    assert (row["needed"], row["roll"], row["result"]) == (4, 4, "succeeds")
    assert row["attacker"] == "Multinational Oil Companies" and row["kind"] == "control"
    assert state.decisions()[0].kind == "place"  # the captured group is placed at an open arrow
    state.apply(state.legal_actions()[0])
    assert state.data["ctrl"]["l-4-society"][0] == RED


# -- 2. Aiding (p.5: Power 6 aided by Transferable Power 4 against Resistance 3: 7 or less) ------------------
def test_aid_adds_transferable_power():
    state = table()
    with edit(state) as ed:
        ed.move("Multinational Oil Companies", "structure", who="Red")
        ed.move("CIA", "structure", who="Red")              # Transferable Power 4
        ed.move("Empty Vee", "uncontrolled")                  # Resistance 3, no alignment
    state.apply("attack multinational-oil-companies control empty-vee")
    state.apply("aid cia")
    assert need(state) == 7


# -- 3. Spending money to attack (p.5: spending 3 MB turns 7 into 10) ----------------------------------------
def test_each_mb_the_attacker_spends_adds_one():
    state = table()
    with edit(state) as ed:
        ed.move("Multinational Oil Companies", "structure", who="Red")
        ed.move("CIA", "structure", who="Red")
        ed.move("Empty Vee", "uncontrolled")
    state.apply("attack multinational-oil-companies control empty-vee")
    state.apply("aid cia")
    state.apply("spend 3 from bavarian-illuminati")
    assert need(state) == 10 and state.data["money"]["bavarian-illuminati"] == 17


# -- 4. Spending money to defend (p.5: 2 per MB from the defending group, 1 per MB from the Illuminati) ------
def test_the_defender_spends_double_from_the_defending_group():
    state = table()
    with edit(state) as ed:
        ed.move("Multinational Oil Companies", "structure", who="Red")
        ed.move("Empty Vee", "structure", who="Blue", money=3)
    state.apply("attack multinational-oil-companies control empty-vee")
    state.apply("pass")  # Red
    before = need(state)
    state.apply("spend 3 from empty-vee")  # Blue, the defender
    assert need(state) == before - 6
    state.apply("pass")  # Green
    state.apply("pass")  # Red again
    state.apply("spend 2 from network")    # from the Illuminati treasury: 1 each
    assert need(state) == before - 8


# -- 5. Power Structure position (p.5: adjacent to its Illuminati +10) ---------------------------------------
def test_a_group_next_to_its_illuminati_resists_ten_more():
    state = table()
    with edit(state) as ed:
        ed.move("Multinational Oil Companies", "structure", who="Red")
        ed.move("Empty Vee", "structure", who="Blue")
    state.apply("attack multinational-oil-companies control empty-vee")
    assert -10 in terms(state).values() and need(state) == 6 - 3 - 10


# -- 6. Automatic failure (p.5: 11 or 12 always fails) -------------------------------------------------------
def test_eleven_always_fails_however_much_was_spent():
    state = table()
    with edit(state) as ed:
        ed.move("Multinational Oil Companies", "structure", who="Red")
        ed.move("L-4 Society", "uncontrolled")
    state.apply("attack multinational-oil-companies control l-4-society")
    state.apply("spend 20 from bavarian-illuminati")
    bid_out(state)
    assert need(state) > 12
    state.apply("roll 11")
    row = last_attack(state)
    assert (row["roll"], row["result"]) == (11, "fails") and "l-4-society" in state.data["unc"]


# -- 7. Calling off (p.7: free until money is spent) ---------------------------------------------------------
def test_an_attack_called_off_before_money_costs_nothing():
    state = table()
    with edit(state) as ed:
        ed.move("Empty Vee", "uncontrolled")
    state.apply("attack bavarian-illuminati control empty-vee")
    state.apply("call off")
    assert state.data["acts"] == 2
    assert last_attack(state)["result"] == "called off"


# -- 8. Destroy (p.6: Power minus Power) ---------------------------------------------------------------------
def test_destroy_is_power_against_power():
    state = table()
    with edit(state) as ed:
        ed.move("Multinational Oil Companies", "structure", who="Red")   # Power 6
        ed.move("Madison Avenue", "uncontrolled")                          # Power 3, no alignment
    state.apply("attack multinational-oil-companies destroy madison-avenue")
    assert need(state) == 6 - 3
    bid_out(state)
    state.apply("roll 2")
    assert "madison-avenue" in state.data["dead"] and last_attack(state)["kind"] == "destroy"


# -- 9. The start of a turn (p.2 sequence of play 1-2: income, then a card is drawn) -------------------------
def test_the_start_of_a_turn_collects_income_and_draws():
    state = table()
    with edit(state) as ed:
        ed.move("Multinational Oil Companies", "structure", who="Blue")  # Income 8
        ed.move("Empty Vee", "deck")
        ed.resources("Blue", money=0)
        ed.phase("start", "Blue")
    assert state.data["money"]["multinational-oil-companies"] == 8  # its Income, onto its own card
    assert state.data["money"]["network"] == state.game.cards["network"].income  # (no bonus for 3 players)
    assert "empty-vee" in state.data["unc"]  # drawn from the top: a group joins the uncontrolled ones
    assert state.data["active"] == BLUE and state.data["acts"] == 2


# -- 10. Money transfers (p.2 sequence of play 5: two transfers) ---------------------------------------------
def test_the_transfer_step_allows_two_transfers():
    state = table()
    with edit(state) as ed:
        ed.move("CIA", "structure", who="Red", money=4)
        ed.phase("transfers", "Red")
    assert state.decisions()[0].kind == "transfers"
    state.apply("transfer 2 from cia to bavarian-illuminati")
    state.apply("transfer 1 from bavarian-illuminati to cia")
    assert state.data["money"]["cia"] == 3 and state.data["money"]["bavarian-illuminati"] == 21
    assert state.data["turns"][RED] == 1 and state.data["active"] == BLUE  # two transfers: the turn ends


# -- 11. The end of a turn (p.2 sequence of play 6: add targets until two are uncontrolled) ------------------
def test_the_end_of_a_turn_adds_targets():
    state = table()
    with edit(state) as ed:
        ed.move("Empty Vee", "deck")
        ed.move("L-4 Society", "deck")
        ed.phase("end", "Red")
    assert {"empty-vee", "l-4-society"} <= set(state.data["unc"])
    assert state.data["turns"][RED] == 1 and state.data["active"] == BLUE


# -- the editor: refusals, round trips -----------------------------------------------------------------------
@pytest.mark.parametrize("block, field, code", [
    (lambda ed: ed.resources("Red", money=-1), "money", "bad-amount"),
    (lambda ed: ed.resources("Red", money=2.5), "money", "bad-amount"),
    (lambda ed: ed.resources("Red", gold=1), "money", "bad-resource"),
    (lambda ed: ed.resources("cia", money=3), "money", "bad-resource"),  # not in play
    (lambda ed: ed.move("cia", "hand", who="Red"), "hands", "bad-place"),
    (lambda ed: ed.move("assassination", "uncontrolled"), "unc", "bad-place"),
    (lambda ed: ed.move("cia", "somewhere"), None, "bad-place"),
    (lambda ed: ed.move("nothing at all", "deck"), None, "unknown-card"),
    (lambda ed: ed.phase("lunch", "Red"), "phase", "bad-phase"),
    (lambda ed: ed.actions(12), "acts", "bad-amount"),
])
def test_refusals_name_the_field_and_change_nothing(block, field, code):
    state = load_game("illuminati", players=3).new_state(seed=2)
    before, version = state.position(), state.version
    with pytest.raises(EngineError) as err:
        with edit(state) as ed:
            block(ed)
    assert isinstance(err.value, RecordError) and err.value.code == code
    if field is not None:
        assert f"'{field}" in err.value.message
    assert state.position() == before and state.version == version


def test_resources_is_a_partial_update_and_keeps_the_bank():
    state = table()
    money = dict(state.data["money"])
    with edit(state) as ed:
        ed.resources("Blue", money=3)
    assert state.data["money"] == {**money, "network": 3}
    assert sum(state.data["money"].values()) == state.data["minted"]


def test_round_trips_through_the_view_and_the_position_text():
    state = table()
    with edit(state) as ed:
        ed.move("The CIA", "structure", who="Green", money=2)
        ed.move("Empty Vee", "dead")
        ed.move("Madison Avenue", "deck")
        ed.move("Media Campaign", "hand", who="Blue")
        ed.move("L-4 Society", "uncontrolled")
        ed.resources("Red", money=11)
        ed.turn("Blue")
        ed.actions(1)
    for st in (state, state.game.load_position(state.position())):
        blue, om = st.view(BLUE), st.view(OMNISCIENT)
        green = {gr["id"]: gr for gr in blue["seats"][GREEN]["groups"]}
        assert green["cia"]["money"] == 2 and "empty-vee" in blue["dead"]
        assert "media-campaign" in blue["seats"][BLUE]["specials"] and blue["seats"][RED]["specials"] is None
        assert st.view(RED)["seats"][BLUE]["special_count"] == 1
        assert "l-4-society" in [u["id"] for u in blue["uncontrolled"]]
        assert {gr["id"]: gr for gr in blue["seats"][RED]["groups"]}["bavarian-illuminati"]["money"] == 11
        assert blue["active"] == BLUE and blue["actions_left"] == 1
        assert om["omniscient"]["deck"][0] == "madison-avenue"  # on top


def test_secret_goals_identification_and_turns_played_round_trip():
    """Hidden Goals and Hidden Illuminati (p.9): a goal is set by its words and stays secret from the others;
    an identified Illuminati is face-up to everyone; turns played (elimination counts after the third)."""
    state = load_game("illuminati", players=3, hidden_goals=True).new_state(seed=1)
    state.play_until(lambda s: s.data["active"] is not None)
    with edit(state) as ed:
        ed.goal("Red", "weird5")
        ed.turns_done(4)
    for st in (state, state.game.load_position(state.position())):
        assert st.view(RED)["seats"][RED]["goal"] == "goal-weird5"
        assert st.view(BLUE)["seats"][RED]["goal"] == "secret"
        assert [s["turns"] for s in st.view(BLUE)["seats"]] == [4, 4, 4]
    with pytest.raises(RecordError) as err:
        with edit(state) as ed:
            ed.goal("Red", "be very happy")
    assert err.value.code == "bad-goal" and "'goals'" in err.value.message
    hidden = load_game("illuminati", players=3, hidden_illuminati=True).new_state(seed=1)
    hidden.play_until(lambda s: s.data["active"] is not None)
    assert hidden.view(RED)["seats"][BLUE]["face_down"]
    with edit(hidden) as ed:
        ed.identify("Blue")
    seen = hidden.view(RED)["seats"][BLUE]
    assert not seen["face_down"] and seen["illuminati_name"] == hidden.game.label(hidden.data["illum"][BLUE])


def test_the_analysis_view_lists_the_hidden_zones_and_a_seat_view_none():
    state = load_game("illuminati", players=3).new_state(seed=4)
    state.play_until(lambda s: len(s.history) >= 60)
    d = state.data
    om = state.view(OMNISCIENT)["omniscient"]
    zones = {z["zone"]: z["cards"] for z in state.view(OMNISCIENT)["hidden"]}
    assert zones["deck"] == list(reversed(d["deck"])) and om["deck"] == zones["deck"]
    for s in range(3):
        assert zones[f"{state.game.seat_name(s)}'s Specials"] == list(d["hands"][s])
    for seat in (RED, BLUE, None):
        assert state.view(seat)["omniscient"] is None and state.view(seat)["hidden"] is None


def test_history_table_masks_a_face_down_illuminati_for_the_others():
    """Hidden Illuminati (p.9): a face-down Illuminati is "Blue's Illuminati" to the others, in the history
    table as in the view and the log; its owner and the analyst read its name."""
    state = load_game("illuminati", players=3, hidden_illuminati=True).new_state(seed=1)
    state.play_until(lambda s: any(a.kind == "attack" for a in s.history), max_actions=600)
    attack = next(a for a in state.history if a.kind == "attack")
    owner = attack.seat
    name = state.game.label(state.data["illum"][owner])
    assert attack.args[0] == state.data["illum"][owner] and state.game.is_hidden(state.data, owner)
    other = (owner + 1) % 3
    first = {who: [r for r in state.history_table(seat=who) if r["what"] == "attack"][0]
             for who in (OMNISCIENT, owner, other)}
    assert first[OMNISCIENT]["attacker"] == name and first[owner]["attacker"] == name
    assert first[other]["attacker"] == f"{state.game.seat_name(owner)}'s Illuminati"
    assert not any(name in str(v) for r in state.history_table(seat=other) for v in r.values())


# -- random edits --------------------------------------------------------------------------------------------
_GROUPS = ("cia", "empty-vee", "l-4-society", "madison-avenue", "texas", "feminists", "recyclers")
_PLACES = ("uncontrolled", "dead", "deck", "hand")
_EDITS = [
    lambda ed, r: ed.move(_GROUPS[r.below(len(_GROUPS))], "structure", who=r.below(3)),
    lambda ed, r: ed.move(_GROUPS[r.below(len(_GROUPS))], _PLACES[r.below(4)]),
    lambda ed, r: ed.resources(r.below(3), money=r.below(12) - 6),
    lambda ed, r: ed.phase(["start", "actions", "transfers", "end", "nap"][r.below(5)], r.below(3)),
    lambda ed, r: ed.actions(r.below(4)),
    lambda ed, r: ed.move(QUIET[r.below(len(QUIET))], "hand", who=r.below(3)),
]


def test_random_edits_accepted_play_on_refused_change_nothing():
    rng = Rng(29)
    accepted = refused = 0
    for k in range(16):
        state = load_game("illuminati", players=3).new_state(seed=k)
        state.play_until(lambda s: len(s.history) >= 10 + rng.below(40))
        before, version = state.position(), state.version
        try:
            with edit(state) as ed:
                for _ in range(1 + rng.below(3)):
                    _EDITS[rng.below(len(_EDITS))](ed, rng)
        except EngineError:
            refused += 1
            assert state.position() == before and state.version == version
            continue
        accepted += 1
        assert state.game.problems(state.data) == []
        assert state.game.load_position(state.position()).position() == state.position()
        state.play_until(lambda s: False, max_actions=400)
        assert state.is_terminal() or len(state.history) > 0
    assert accepted >= 4 and refused >= 2
