"""Oust (EN Oust! steps 1-2 and D-E; rules-reference §8.6): the base situation, examples A and B and the
derived cases, with both cards chosen sealed and revealed together."""

from __future__ import annotations

import pytest

from illumi_widgets.engine import OMNISCIENT

BLUE, RED = 0, 1


@pytest.fixture
def base(new, editor):
    """Blue (acting from C3, a Professions card) targets Red's Influence on B3; strength 5 vs 6."""

    def make(blue_hand, red_hand, red_on_target=2):
        state, g, cards = new()
        used = set(blue_hand) | set(red_hand)
        target = cards.find(rank="III", exclude=used)
        acting = cards.find(rank="III", has=("PRO",), exclude=used | {target})
        blue2 = cards.find(rank="II", exclude=used | {target, acting})
        red3 = cards.find(rank="III", exclude=used | {target, acting, blue2})
        red1 = cards.find(rank="I", exclude=used | {target, acting, blue2, red3})
        with editor(state) as ed:
            ed.put("B3", target)
            ed.influence("B3", ["Red"] * red_on_target + ["Blue"])
            ed.put("C3", acting)
            ed.influence("C3", ["Blue"] * 3)
            ed.put("B4", blue2)
            ed.influence("B4", ["Blue"])
            ed.put("B2", red3)
            ed.influence("B2", ["Red"] * 3)
            ed.put("A3", red1)
            ed.influence("A3", ["Red"])
            ed.hand("Blue", blue_hand)
            ed.hand("Red", red_hand)
            ed.favor("Blue", Pro=3)
        return state, g, cards

    return make


def strength_card(g, value, exclude=()):
    return next(cid for cid, c in g.lum.items() if c.strength == value and cid not in exclude)


def rank_card(g, rank, exclude=()):
    return next(cid for cid, c in g.lum.items() if c.rank == rank and cid not in exclude)


def hands(g, blue, red):
    """blue/red: lists of strengths (2-6) or 'ACE'/'CROWN' → distinct card ids."""
    used: set = set()

    def pick(x):
        cid = rank_card(g, x, used) if isinstance(x, str) else strength_card(g, x, used)
        used.add(cid)
        return cid

    return [pick(x) for x in blue], [pick(x) for x in red]


def reveal(state, seat, cid):
    state.apply(state.parse(f"reveal {cid}", seat=seat))


def oust(state, k=1):
    state.apply(f"oust B3 Red x{k} from C3")


def test_base_situation_initial_strength_and_advantage(base, new):
    from illumi_widgets import load_game

    g = load_game("pax", players=2)
    bh, rh = hands(g, [6, 2], [4, 3])
    state, g, _ = base(bh, rh)
    oust(state)
    frame = state.view(OMNISCIENT)["pending"]
    assert frame["t"] == "reveal" and frame["strength"] == [5, 6]   # Red has the advantage
    assert sorted(state.to_act()) == [BLUE, RED]                    # both choose at once
    assert state.data.favor[BLUE][1] == 2                           # 1 Professions per targeted Influence


def _game():
    from illumi_widgets import load_game

    return load_game("pax", players=2)


def test_oust_a_eleven_beats_ten(base):
    bh, rh = hands(_game(), [6, 2], [4, 3])
    state, g, _ = base(bh, rh)
    oust(state)
    reveal(state, BLUE, bh[0])
    view_red = state.view(RED)
    assert view_red["pending"]["committed"] == [BLUE] and "0" not in view_red["pending"]["commits"]  # sealed
    reveal(state, RED, rh[0])
    assert state.decisions()[0].seat == RED and state.decisions()[0].kind == "collect"  # D: Red picks a Favor
    state.apply(state.parse("collect Cle", seat=RED))
    assert state.data.infl[g.geom.cell("B3")].count(RED) == 1     # the targeted disk went back
    assert state.data.favor[RED][5] == 1
    assert g.geom.cell("B3") in state.data.cubes                   # E: the bonus follow-up cube
    assert bh[0] in state.data.played and rh[0] in state.data.played


def test_oust_b_ace_at_a_disadvantage_wins(base):
    bh, rh = hands(_game(), ["ACE", 2], [6, 3])
    state, g, _ = base(bh, rh)
    oust(state)
    reveal(state, BLUE, bh[0])
    reveal(state, RED, rh[0])
    assert state.decisions()[0].kind == "collect"   # Blue won: Red gets Favor for the ousted disk
    assert state.data.revealed                      # an Ace played in a challenge triggers the Event Check


@pytest.mark.parametrize("blue,red,attacker_wins", [
    (5, 4, False),           # 10 vs 10: ties go to the defender
    ("CROWN", 2, False),     # a Crown at a disadvantage counts 0: 5 vs 8
    (2, "CROWN", False),     # the advantaged defender's Crown wins at once
    (6, 3, True),            # 11 vs 9
])
def test_oust_derived_cases(base, blue, red, attacker_wins):
    bh, rh = hands(_game(), [blue, 3], [red, 2])
    state, g, _ = base(bh, rh)
    oust(state)
    reveal(state, BLUE, bh[0])
    reveal(state, RED, rh[0])
    b3 = state.data.infl[g.geom.cell("B3")]
    assert (b3.count(RED) == 1) == attacker_wins
    assert state.data.favor[BLUE][1] == 2           # the Favor is spent either way


def test_oust_ace_against_crown_press_or_call_off(base):
    bh, rh = hands(_game(), ["ACE", 6], ["CROWN", 2])
    state, g, _ = base(bh, rh)
    oust(state)
    reveal(state, BLUE, bh[0])
    reveal(state, RED, rh[0])
    assert state.decisions()[0].kind == "press" and state.to_act() == [BLUE]
    snapshot = state.clone()
    state.apply("call off")                          # the defender wins
    assert state.data.infl[g.geom.cell("B3")].count(RED) == 2
    snapshot.apply("press")                          # both reveal again; new cards add to 5 and 6
    # each holds one card now, so both reveals are forced: 5+6 = 11 vs 6+2 = 8, Blue wins
    assert snapshot.decisions()[0].kind == "collect" and snapshot.to_act() == [RED]
    assert snapshot.data.infl[g.geom.cell("B3")].count(RED) == 1


def test_oust_defender_with_no_cards_plays_zero(base):
    bh, rh = hands(_game(), [2, 3], [])
    state, g, _ = base(bh, rh)
    oust(state)
    assert state.to_act() == [BLUE]                  # Red's empty hand is committed as 0 at once
    reveal(state, BLUE, bh[0])                       # 5+2 = 7 vs 6+0
    assert state.data.infl[g.geom.cell("B3")].count(RED) == 1


def test_follow_up_actions_on_the_target(base, editor):
    bh, rh = hands(_game(), [6, 2], [2, 3])
    state, g, cards = base(bh, rh)
    oust(state)
    reveal(state, BLUE, bh[0])
    reveal(state, RED, rh[0])
    state.apply(state.parse("collect Nob", seat=RED))
    assert "rival Influence" in state.explain("bonus expel B3 from C3")   # Red still has 1 there
    assert state.data.main_left == 1
    assert "no bonus follow-up cube" in state.explain("bonus influence C3 x1")
    with editor(state) as ed:
        ed.favor("Blue", Nob=3, Pro=3, Mag=3, Art=3, Sch=3, Cle=3)
    assert state.explain("bonus influence B3 x1") is None
    state.apply("bonus influence B3 x1")
    if state.decisions()[0].kind == "pay":
        state.apply(state.legal_actions()[0])
    assert state.data.main_left == 1 and not state.data.cubes           # no main action used; cube gone


def test_ousting_every_rival_disk_allows_the_bonus_expel(base):
    bh, rh = hands(_game(), [6, 2], [2, 3])
    state, g, _ = base(bh, rh)
    oust(state, k=2)
    reveal(state, BLUE, bh[0])
    reveal(state, RED, rh[0])
    state.apply(state.parse("collect Nob Nob", seat=RED))
    assert RED not in state.data.infl[g.geom.cell("B3")]
    assert "bonus expel B3 from C3" in state.legal_actions()
