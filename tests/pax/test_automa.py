"""The rulebook's four bots (games/pax/automa.py): every letter of every script on hand-built positions, the
general bot rules, the JA Adam Weishaupt example, options, records, Match, and random play.

Sections cited as ``rr §…`` are shared/reference/pax/rules-reference.md; "ruling N" is its §7 item N.

All positions are 2 players with the bot on seat 1 (Red), whose Areopagus is on the TOP side touching B1
and C1
(data/maps.json).  Seen from the bot, "forward" is down the map (row + 1), its "right" is column - 1 (west),
its "left" is column + 1 (east), "back" is up.  The reconstructed diagrams (data/bots.json) are used:
St. Germain 2 back 3 left 4 here 5 right 6 forward; Joseph II 2 here 3 back 4 right 5 left 6 forward;
Cagliostro 2 back 3 here 4 right 5 forward 6 left; Weishaupt 2 here 3 right 4 left 5 back 6 forward.
"""

from __future__ import annotations

import json
import os

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine import DataError, EngineError, IllegalAction
from illumi_widgets.engine.testing import random_games, random_games_parallel
from illumi_widgets.games.pax.favor import FACTIONS, FI
from illumi_widgets.games.pax.model import AREO
from illumi_widgets.games.pax.setup import PaxEditor

BOT = 1
FM_RC = ("freemason", "rosicrucian")


# ------------------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------------------
class Table:
    """A 2-player game, Red a rulebook bot; ``build`` sets a position and starts the bot's turn."""

    def __init__(self, bot: str, seed: int = 1, **opts):
        self.g = load_game("pax", players=2, bots={BOT: bot}, **opts)
        self.state = self.g.new_state(seed=seed)
        self.used: set = set()

    def card(self, *, rank=None, has=(), lacks=(), aff="any", strength=None, exact=None) -> str:
        for cid, c in self.g.lum.items():
            if cid in self.used:
                continue
            if rank is not None and c.rank not in (rank if isinstance(rank, tuple) else (rank,)):
                continue
            if any(f not in c.factions for f in has) or any(f in c.factions for f in lacks):
                continue
            if exact is not None and set(c.factions) != set(exact):
                continue
            if aff != "any" and (c.affiliation in FM_RC) != aff:
                continue
            if strength is not None and c.strength != strength:
                continue
            self.used.add(cid)
            return cid
        raise AssertionError(f"no card with rank={rank} has={has} lacks={lacks} aff={aff} "
                             f"strength={strength}")

    def contact(self) -> tuple[str, ...]:
        """The bot's Contact card Factions (its "bot card" Factions while on its Areopagus)."""
        return tuple(FACTIONS[x] for x in self.g.contact_fac[self.state.data.contacts[BOT]])

    def others(self, facs) -> tuple[str, ...]:
        return tuple(f for f in FACTIONS if f not in facs)

    def build(self, fn, token="areopagus", round=2):
        self.since = len(self.state.log)
        with PaxEditor(self.state) as ed:
            ed.clear_influence()
            ed.reveal_all()
            for s in range(2):
                ed.favor(s)
            ed.d.plan = []
            fn(ed)
            ed.bot_token(BOT, token)
            ed.start_turn(BOT, round=round)
        return self.state

    def steps(self, stop_at_end=True) -> list[str]:
        """Apply the bot's single legal actions while it must act; the notations played."""
        st = self.state
        out = []
        while not st.is_terminal() and BOT in st.to_act():
            legal = st.legal_actions(BOT)
            assert len(legal) == 1, [a.notation() for a in legal]
            a = legal[0]
            st.apply(a)
            out.append(a.notation())
            if stop_at_end and a.notation() == "bot end":
                break
        return out

    def letters(self) -> list[str]:
        return [e.text_for(None) for e in self.state.log[self.since:]
                if "of its script: " in (e.text_for(None) or "")]

    def cell(self, name) -> int:
        return self.g.geom.cell(name)


def hold(ed, cell, cid, seats=(), up=True):
    ed.put(cell, cid, up=up)
    if seats:
        ed.influence(cell, list(seats))


# ------------------------------------------------------------------------------------------------------
# setup, options, data
# ------------------------------------------------------------------------------------------------------
def test_bot_setup_no_hand_no_plots_token_on_areopagus():
    """rr §6.1 / JA bot setup 1-6: placard instead of a role, Contact card and its 3 Favor, no hand, no Plots,
    the bot token on its Areopagus."""
    g = load_game("pax", players=2, bots={1: "weishaupt"})
    st = g.new_state(seed=3)
    d = st.data
    assert d.hands[1] == [] and len(d.hands[0]) == 4
    assert d.private_plot[1] is None and d.private_plot[0] is not None
    assert d.bot_token == [None, AREO]
    assert sum(d.favor[1]) == 3 and d.contacts[1] in g.contact_fac
    assert not st.game.problems(d)
    v = st.view(0)
    assert v["bots"][0] is None and v["bots"][1]["name"] == "Adam Weishaupt"
    assert len(v["bots"][1]["plots"]) == 3 and v["bots"][1]["diagram"]["4"] == "left"
    fresh = load_game("pax", players=3, bots={2: "st-germain"}).new_state(seed=1, auto_chance=True)
    assert fresh.data.hands[2] == [] and fresh.data.private_plot[2] is None
    assert len(fresh.data.hands[0]) == 4 and fresh.data.bot_token == [None, None, AREO]


@pytest.mark.parametrize("bad, code", [
    ({1: "napoleon"}, "unknown-bot"), ({2: "weishaupt"}, "bad-option"),
    ({0: "cagliostro", 1: "weishaupt"}, "bad-option"), ("weishaupt", "bad-option"),
])
def test_bad_bot_options_raise_typed_errors(bad, code):
    """One bot per table (JA: "1～3人 … 人間でない対戦相手を1人"), named seats only."""
    with pytest.raises(EngineError) as e:
        load_game("pax", players=2, bots=bad)
    assert e.value.code == code
    with pytest.raises(EngineError):
        load_game("pax", players=2, bots={1: "weishaupt"}, bot_redraw="yes")


def test_malformed_bots_json_names_the_bot_and_field(tmp_path):
    """data/bots.json is reconstructed and replaceable; a bad file raises DataError naming item and field."""
    src = json.loads((__import__("importlib").resources.files("illumi_widgets.games.pax") / "data" /
                      "bots.json").read_text())
    assert src["reconstructed"] is True
    aw = next(b for b in src["bots"] if b["id"] == "weishaupt")
    assert aw["diagram"]["4"] == "left"  # the one value the texts give (JA example)
    bad = json.loads(json.dumps(src))
    bad["bots"][3]["diagram"]["4"] = "up"
    with pytest.raises(DataError, match=r"bots: weishaupt: field 'diagram' strength 4"):
        load_game("pax", players=2, bots={1: "weishaupt"}, bot_data=bad)
    bad = json.loads(json.dumps(src))
    del bad["bots"][0]["plots"]
    path = tmp_path / "bots.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(DataError, match=r"bots: st-germain: field 'plots' is missing"):
        load_game("pax", players=2, bots={1: "st-germain"}, bot_data=str(path))
    good = json.loads(json.dumps(src))
    good["bots"][3]["diagram"] = {"2": "left", "3": "left", "4": "left", "5": "left", "6": "left"}
    g = load_game("pax", players=2, bots={1: "weishaupt"}, bot_data=good)
    assert g.automaton.spec[1].direction(6) == "left"


def test_records_and_positions_round_trip_with_a_bot():
    """Options are in the record: a bot game replays exactly (JSON seat keys included)."""
    g = load_game("pax", players=3, bots={1: "cagliostro"})
    st = g.new_state(seed=11)
    from illumi_widgets.engine import Rng
    from illumi_widgets.engine.testing import random_action

    rng = Rng(5)
    for _ in range(120):
        if st.is_terminal():
            break
        st.apply(random_action(st, rng))
    rec = json.loads(json.dumps(st.record()))
    assert rec["options"] == {"bots": {"1": "cagliostro"}}
    again = load_game("pax", players=3, **rec["options"]).load(rec)
    assert again.position() == st.position()
    from illumi_widgets.engine import load_position, load_record

    assert load_record(rec).position() == st.position()
    assert load_position(st.position()).position() == st.position()


# ------------------------------------------------------------------------------------------------------
# Count of St. Germain (rr §6.2)
# ------------------------------------------------------------------------------------------------------
def test_st_germain_1a_scouts_an_adjacent_face_down_card():
    """rr §6.2 St. Germain 1a (Scout = turn it face-up, READING)."""
    t = Table("st-germain")
    c1 = t.card(rank="I")
    t.build(lambda ed: hold(ed, "C1", c1, up=False))
    assert t.steps() == ["bot scout C1", "bot end"]
    assert t.state.data.up[t.cell("C1")]
    assert "1a" in t.letters()[-1]


def test_st_germain_1b_influences_then_extorts_and_a_impossible_so_b():
    """rr §6.2 St. Germain 1b (open Location): Influence, token, Extort; rr §8.13 EN example: a) is impossible
    (no face-down card), so b) — exactly one lettered option runs.  Extort collects the Primary (rr §6.1)."""
    t = Table("st-germain")
    mine = t.contact()
    b1 = t.card(rank="I", has=(mine[0],))
    c1 = t.card(rank="I", lacks=mine)
    t.build(lambda ed: (hold(ed, "B1", b1), hold(ed, "C1", c1)))
    assert t.steps() == ["bot influence B1", "bot token B1", "bot extort B1", "bot end"]
    d = t.state.data
    assert d.infl[t.cell("B1")] == (BOT,) and d.bot_token[BOT] == t.cell("B1")
    primary = t.g.cfac[b1][0]
    assert d.favor[BOT][primary] == 1 and sum(d.favor[BOT]) == 1
    assert len(t.letters()) == 1 and "1b" in t.letters()[0]


def test_st_germain_1b_ousts_a_full_matching_card_and_oust_rules():
    """rr §6.2 St. Germain 1b (full, player Influence): Oust.  rr §6.1 Oust: the bot spends ALL Favor matching
    the card it acts from (+1 each) and its Oust card is the top card of the Luminary deck."""
    t = Table("st-germain")
    mine = t.contact()
    b1 = t.card(rank="I", has=(mine[0],))
    c1 = t.card(rank="I", lacks=mine)
    top = t.card(rank="I", strength=6)
    other = t.others(mine)[0]

    def setup(ed):
        hold(ed, "B1", b1, [0])
        hold(ed, "C1", c1, [BOT])
        ed.favor(BOT, **{mine[0]: 2, mine[1]: 1, other: 2})
        ed.deck_top([top])

    t.build(setup)
    assert t.steps() == ["bot oust B1 Blue x1"]
    d = t.state.data
    f = d.frames[-1]
    assert f["t"] == "reveal" and f["commits"] == {"1": top}  # the deck top, already committed (sealed)
    # Initial Strength: Areopagus +1, C1's bot Influence +1, 3 matching Favor spent
    assert f["base"] == [1 + 1 + 3, 1]
    assert d.favor[BOT][FI[mine[0]]] == 0 and d.favor[BOT][FI[other]] == 2
    assert t.state.view(0)["pending"]["commits"] == {}  # Blue cannot see the bot's Oust card
    t.state.apply(t.state.legal_actions(0)[0])  # Blue reveals anything: 5 + 6 beats 1 + at most 6
    assert d.infl[t.cell("B1")] == (None,) and top in d.played
    while 0 in t.state.to_act():  # Blue takes Favor for its ousted Influence
        t.state.apply(t.state.legal_actions(0)[0])
    assert t.steps() == ["bot end"]


def test_st_germain_1c_expels_or_ousts_a_card_sharing_no_faction():
    """rr §6.2 St. Germain 1c: no player Influence → Expel (the deck's top card replaces it, READING); with
    player Influence → Oust."""
    t = Table("st-germain")
    mine = t.contact()
    b1, c1, top = t.card(rank="I", lacks=mine), t.card(rank="I", lacks=mine), t.card(rank="II")
    t.build(lambda ed: (hold(ed, "B1", b1), hold(ed, "C1", c1), ed.deck_top([top])))
    assert t.steps() == ["bot expel B1", "bot end"]
    d = t.state.data
    assert d.cards[t.cell("B1")] == top and b1 in d.discard + d.played
    t2 = Table("st-germain")
    mine = t2.contact()
    b1, c1 = t2.card(rank="II", lacks=mine), t2.card(rank="I", lacks=mine)
    t2.build(lambda ed: (hold(ed, "B1", b1, [0]), hold(ed, "C1", c1)))
    assert t2.steps() == ["bot oust B1 Blue x1"]


def test_st_germain_1d_moves_to_the_front_and_extorts_card_and_areopagus():
    """rr §6.2 St. Germain 1d: every adjacent card full of bot Influence → token to a bot card next to player
    Influence, Extort the bot card and the Areopagus."""
    t = Table("st-germain")
    f = "NOB"
    a1, b1, a2 = (t.card(rank="I", has=(f,)) for _ in range(3))
    d4, d5 = t.card(rank="I"), t.card(rank="I")

    def setup(ed):
        for cell, cid in (("A1", a1), ("B1", b1), ("A2", a2)):
            hold(ed, cell, cid, [BOT])
        hold(ed, "D4", d4, [BOT])
        hold(ed, "D5", d5, [0])

    t.build(setup, token="A1")
    assert t.steps() == ["bot token D4", "bot extort D4", "bot extort areopagus", "bot end"]
    assert "1d" in t.letters()[-1]
    assert set(t.state.data.extorted) == {t.cell("D4"), AREO}


def test_st_germain_fallback_extorts_bot_card_and_areopagus():
    """rr §7 item 51 (READING): when no option applies, the final "Extort the bot card and Areopagus" runs."""
    t = Table("st-germain")
    mine = t.contact()
    crown = t.card(rank="CROWN", has=(mine[0],))
    b1 = t.card(rank="I", has=(mine[1],))
    t.build(lambda ed: (hold(ed, "C1", crown, [0]), hold(ed, "B1", b1, [BOT])))
    assert t.steps() == ["bot extort areopagus", "bot end"]
    assert "no option applies" in t.letters()[-1]


# ------------------------------------------------------------------------------------------------------
# Joseph II (rr §6.2)
# ------------------------------------------------------------------------------------------------------
def test_joseph_1a_ousts_adjacent_player_influence():
    """rr §6.2 Joseph II 1a."""
    t = Table("joseph-ii")
    b1 = t.card(rank="II")
    t.build(lambda ed: hold(ed, "B1", b1, [0, 0]))
    assert t.steps() == ["bot oust B1 Blue x2"]


def test_joseph_1b_charges_from_the_card_with_most_bot_influence():
    """rr §6.2 Joseph II 1b and Charge (READING of "more": the charge card is the one with the most)."""
    t = Table("joseph-ii")
    b2, a3, b3 = t.card(rank="II"), t.card(rank="I"), t.card(rank="I")
    t.build(lambda ed: (hold(ed, "B2", b2, [BOT, BOT]), hold(ed, "A3", a3, [BOT]), hold(ed, "B3", b3, [0])))
    assert t.steps() == ["bot token B2", "bot oust B3 Blue x1"]
    assert t.state.data.bot_token[BOT] == t.cell("B2")


@pytest.mark.parametrize("up, want", [(True, ["bot influence B1", "bot token B1", "bot end"]),
                                      (False, ["bot scout B1", "bot end"])])
def test_joseph_1c_influences_or_scouts_an_adjacent_card_without_bot_influence(up, want):
    """rr §6.2 Joseph II 1c (face-up: Influence; face-down: Scout); ties by the diagram (6 → B1)."""
    t = Table("joseph-ii")
    b1, c1 = t.card(rank="I"), t.card(rank="I")
    t.build(lambda ed: (hold(ed, "B1", b1, up=up), hold(ed, "C1", c1, up=up)))
    assert t.steps() == want


@pytest.mark.parametrize("up, want", [(True, ["bot influence C2", "bot token C2", "bot end"]),
                                      (False, ["bot scout C2", "bot end"])])
def test_joseph_1d_reaches_any_card_next_to_bot_influence(up, want):
    """rr §6.2 Joseph II 1d; ANY-card ties (READING): nearest, farthest forward, the bot's left first."""
    t = Table("joseph-ii")
    b1, c1, c2 = t.card(rank="II"), t.card(rank="II"), t.card(rank="I")
    t.build(lambda ed: (hold(ed, "B1", b1, [BOT]), hold(ed, "C1", c1, [BOT]), hold(ed, "C2", c2, up=up)))
    assert t.steps() == want


def test_joseph_fallback_extorts_and_influence_plot_wins():
    """rr §6.2 Joseph II: nothing applies (every card holds bot Influence) → Extort (READING); then the Check
    Phase finds plot 1 (8+ Influence) and the bot wins during its own turn (rr §6.1 Victory)."""
    t = Table("joseph-ii")

    def setup(ed):
        for name in t.g.geom.names:
            ed.influence(name, [BOT])

    t.build(setup)
    assert t.steps() == ["bot extort areopagus", "bot end"]
    out = t.state.outcome()
    assert out["winners"] == [BOT] and out["reason"] == "bot plot"


# ------------------------------------------------------------------------------------------------------
# Plan bots: Alessandro Cagliostro (rr §6.2)
# ------------------------------------------------------------------------------------------------------
def cag(fn, plan_strength=5, plan_aff=False, plan_has=(), seed=1, token="B2", bot_aff=False):
    """Cagliostro on B2 (a face-up rank I card); the Plan card (strength 5 → forward) targets B3."""
    t = Table("cagliostro", seed=seed)
    bot_card = t.card(rank="I", aff=bot_aff)
    t.mine = t.g.lum[bot_card].factions
    plan = t.card(rank=("I", "II", "III"), strength=plan_strength, aff=plan_aff, has=plan_has,
                  lacks=t.mine if not plan_has else ())
    t.plan = plan

    def setup(ed):
        hold(ed, "B2", bot_card, [BOT])
        fn(t, ed)
        ed.deck_top([plan])

    t.build(setup, token=token)
    return t


def test_cagliostro_3a_influences_a_freemason_or_rosicrucian_target_after_flipping_it():
    """rr §6.2 Cagliostro steps 1-2 (Plan, flip face-up) and 3a (open, no player Influence): Influence."""
    b3 = []
    t = cag(lambda t, ed: (b3.append(t.card(rank="II", aff=True, lacks=t.mine)),
                           hold(ed, "B3", b3[0], up=False)))
    assert t.steps() == ["bot plan", "bot flip B3", "bot influence B3", "bot token B3", "bot end"]
    assert "3a" in t.letters()[-1]
    assert t.plan in t.state.data.discard  # Plan cards are discarded in the bot's Redraw


def test_cagliostro_3a_fills_then_ousts():
    """rr §6.2 Cagliostro 3a (player Influence): fill every open Location, then Oust."""
    t = cag(lambda t, ed: hold(ed, "B3", t.card(rank="III", aff=True), [0]))
    assert t.steps() == ["bot plan", "bot influence B3", "bot influence B3", "bot oust B3 Blue x1"]


def test_cagliostro_3b_swaps_in_a_freemason_plan_card():
    """rr §6.2 Cagliostro 3b: not Freemason/Rosicrucian, no player Influence, the Plan card is: swap,
    Influence."""
    t = cag(lambda t, ed: hold(ed, "B3", t.card(rank="I", aff=False, lacks=t.mine)), plan_aff=True)
    assert t.steps() == ["bot plan", f"bot swap B3 {t.plan}", "bot influence B3", "bot token B3", "bot end"]
    assert t.state.data.cards[t.cell("B3")] == t.plan


def test_cagliostro_3c_influences_a_matching_card():
    """rr §6.2 Cagliostro 3c: shares a Faction with the bot card, open, no bot Influence (player Influence on
    it does not stop it)."""
    t = cag(lambda t, ed: hold(ed, "B3", t.card(rank="II", aff=False, has=t.mine[:1]), [0]))
    assert t.steps() == ["bot plan", "bot influence B3", "bot token B3", "bot end"]
    assert "3c" in t.letters()[-1]


@pytest.mark.parametrize("blue, want", [([0], "bot oust B3 Blue x1"), ([], "bot expel B3")])
def test_cagliostro_3d_ousts_or_expels(blue, want):
    """rr §6.2 Cagliostro 3d: player Influence → Oust; none and not Freemason/Rosicrucian → Expel."""
    t = cag(lambda t, ed: hold(ed, "B3", t.card(rank="II", aff=False, lacks=t.mine), blue))
    assert t.steps()[:2] == ["bot plan", want]
    assert "3d" in t.letters()[-1]


def test_cagliostro_3e_and_3f_open_when_expel_is_impossible():
    """rr §6.2 Cagliostro 3e (READING of the duplicate, rr §7 item 51: the Plan card matches the bot card)
    and 3f (only bot Influence, open) — both only reachable when no card is left to Expel with."""
    t = cag(lambda t, ed: hold(ed, "B3", t.card(rank="II", aff=False, lacks=t.mine)))
    d = t.state.data.copy()
    d.deck, d.discard = [], []
    b3 = t.cell("B3")
    d.plan = [t.card(rank="I", aff=False, has=t.mine[1:])]
    assert t.g.automaton.letters(d, BOT, b3)[0] == "3e"
    assert t.g.automaton.letters(d, BOT, b3)[2][0] == ("swap", b3, d.plan[0])
    d.plan = []
    d.infl[b3] = (BOT, None)
    r = t.g.automaton.letters(d, BOT, b3)
    assert r[0] == "3f" and r[2][0] == ("influence", b3)


def test_cagliostro_3f_full_searches_clockwise_then_extorts():
    """rr §6.2 Cagliostro 3f (full of bot Influence): search the target's neighbours clockwise and redo
    step 3;
    if nothing works, the token moves to the last card considered and Extorts (READINGs in RULES-NOTES)."""
    def full(t, ed, open_b4):
        hold(ed, "B3", t.card(rank="I", aff=True), [BOT])
        hold(ed, "B4", t.card(rank="II", aff=True), [] if open_b4 else [BOT, BOT])
        hold(ed, "A3", t.card(rank="I", aff=True), [BOT])
        hold(ed, "C3", t.card(rank="I", aff=True), [BOT])

    t = cag(lambda t, ed: full(t, ed, True))
    assert t.steps() == ["bot plan", "bot influence B4", "bot token B4", "bot end"]
    assert "searching clockwise" in t.letters()[-1]
    t = cag(lambda t, ed: full(t, ed, False))
    # B2 (the bot card, back) is rank I without affiliation: 3d would Expel it, so make it full Freemason too
    assert t.steps()[:2] == ["bot plan", "bot expel B2"]
    t = cag(lambda t, ed: full(t, ed, False), bot_aff=True)
    assert t.steps() == ["bot plan", "bot token C3", "bot extort C3", "bot end"]


def test_cagliostro_fallback_extorts_the_bot_card():
    """READING: when no letter applies (here no Influence left in supply), the bot Extorts its bot card."""
    t = cag(lambda t, ed: hold(ed, "B3", t.card(rank="II", aff=True)))
    d = t.state.data.copy()
    d.claims[BOT] = {f"x{i}": True for i in range(20)}  # (supply 0)
    r = t.g.automaton.script_plan(d, BOT, t.cell("B3"), "forward")
    assert r[0] == "3" and r[2] == [("extort", t.cell("B2"))]


# ------------------------------------------------------------------------------------------------------
# Plan bots: Adam Weishaupt (rr §6.2)
# ------------------------------------------------------------------------------------------------------
def aw(fn, plan_strength=6, plan_first=(), seed=1, token="B2", plan_has=(), plan_lacks=()):
    """Weishaupt on B2 (a face-up rank I NOB/PRO card); the Plan card (strength 6 → forward) targets B3."""
    t = Table("weishaupt", seed=seed)
    bot_card = t.card(rank="I", exact=("NOB", "PRO"))
    plan = t.card(rank=("I", "II", "III"), strength=plan_strength, has=plan_has, lacks=plan_lacks)
    t.plan = plan

    def setup(ed):
        hold(ed, "B2", bot_card, [BOT])
        fn(t, ed)
        ed.deck_top([*plan_first, plan])

    t.build(setup, token=token)
    return t


@pytest.mark.parametrize("blue, want", [([], ["bot influence B3", "bot token B3", "bot end"]),
                                        ([0], ["bot oust B3 Blue x1"])])
def test_weishaupt_3a_ace_or_crown_target(blue, want):
    """rr §6.2 Weishaupt 3a: an Ace/Crown target — open and no player Influence: Influence; else Oust."""
    t = aw(lambda t, ed: hold(ed, "B3", t.card(rank="ACE", lacks=("NOB", "PRO")), blue),
           plan_lacks=("NOB", "PRO"))
    assert t.steps() == ["bot plan", *want]
    assert "3a" in t.letters()[-1]


def test_weishaupt_3b_swaps_in_an_ace_plan_card_after_flipping_again():
    """rr §6.2 Weishaupt 3b with ruling 49: an Ace Plan card has no number, the bot flips again; the Ace stays
    with the Plan cards (READING) and 3b swaps it in.  Placing it face-up reveals it (ruling 48): the Event
    Check flips an Event in the bot's Check Phase."""
    ace = []

    def setup(t, ed):
        ace.append(t.card(rank="ACE", has=("MAG",)))
        hold(ed, "B3", t.card(rank="I", lacks=("NOB", "PRO")))

    t = aw(setup, plan_first=(), plan_lacks=("NOB", "PRO"))
    with PaxEditor(t.state) as ed:
        ed.deck_top([ace[0], t.plan])
        ed.start_turn(BOT, round=2)
    events_before = len(t.state.data.event_deck)
    assert t.steps() == ["bot plan", "bot plan", f"bot swap B3 {ace[0]}", "bot influence B3", "bot token B3",
                         "bot end"]
    d = t.state.data
    assert d.cards[t.cell("B3")] == ace[0]
    assert len(d.event_deck) == events_before - 1


def test_weishaupt_3c_and_special_influence_primary_first():
    """rr §6.2 Weishaupt 3c, then the special Influence rule: 1 more Influence per matching Favor, Primary
    Faction first, then Secondary."""
    target = []

    def setup(t, ed):
        target.append(t.card(rank="III", has=("NOB",)))
        hold(ed, "B3", target[0])
        p, s = t.g.lum[target[0]].factions
        ed.favor(BOT, **{p: 1, s: 3})

    t = aw(setup, plan_lacks=("NOB", "PRO"))
    p, s = t.g.lum[target[0]].factions
    ab = {f: f.capitalize()[:3] for f in FACTIONS}
    assert t.steps() == ["bot plan", "bot influence B3", f"bot influence B3 pay {ab[p]}",
                         f"bot influence B3 pay {ab[s]}", "bot token B3", "bot end"]
    assert t.state.data.infl[t.cell("B3")] == (BOT, BOT, BOT)
    assert t.state.data.favor[BOT][FI[s]] == 2


def test_weishaupt_ja_example_3d_off_map_clockwise_swap_and_special_influence():
    """rr §6.2 end / §8.13, the JA Adam Weishaupt example: a strength-4 Plan card; AW's 4 is "left", off the
    map, so the search goes clockwise (to "forward"); 3d applies (no player Influence, no Faction match with
    the bot card, the Plan card matches); AW swaps, places its normal Influence, pays 1 matching Favor for 1
    more (special Influence), then its token moves to the target."""
    t = Table("weishaupt")
    bot_card = t.card(rank="I", exact=("NOB", "PRO"))
    target = t.card(rank="I", lacks=("NOB", "PRO", "MAG"))
    plan = t.card(rank="II", strength=4, has=("NOB",), lacks=("PRO",))
    t.build(lambda ed: (hold(ed, "D2", bot_card, [BOT]), hold(ed, "D3", target), ed.favor(BOT, NOB=1),
                        ed.deck_top([plan])), token="D2")
    assert t.g.automaton.spec[BOT].direction(4) == "left"
    assert t.steps() == ["bot plan", f"bot swap D3 {plan}", "bot influence D3", "bot influence D3 pay Nob",
                         "bot token D3", "bot end"]
    log = [e.text_for(None) or "" for e in t.state.log]
    assert any("points left, off the map, so clockwise forward" in x for x in log)
    assert "3d" in t.letters()[-1]
    d = t.state.data
    assert d.cards[t.cell("D3")] == plan and d.infl[t.cell("D3")] == (BOT, BOT)
    assert target in d.discard and plan not in d.plan


@pytest.mark.parametrize("blue, want", [([0], "bot oust B3 Blue x1"), ([], "bot expel B3")])
def test_weishaupt_3e_ousts_or_expels(blue, want):
    """rr §6.2 Weishaupt 3e."""
    t = aw(lambda t, ed: hold(ed, "B3", t.card(rank="II", lacks=("NOB", "PRO")), blue),
           plan_lacks=("NOB", "PRO"))
    assert t.steps()[:2] == ["bot plan", want]
    assert "3e" in t.letters()[-1]


def test_weishaupt_3f_open_and_full_search():
    """rr §6.2 Weishaupt 3f: open (only reachable with no card to Expel with) and full → search clockwise,
    nothing works → token to the last card considered, Extort."""
    t = aw(lambda t, ed: hold(ed, "B3", t.card(rank="II", has=("NOB",)), [BOT]), plan_lacks=("NOB", "PRO"))
    d = t.state.data.copy()
    d.deck, d.discard = [], []
    r = t.g.automaton.letters(d, BOT, t.cell("B3"))
    assert r[0] == "3f" and r[2][0] == ("influence", t.cell("B3"))

    def full(t, ed):
        hold(ed, "B3", t.card(rank="CROWN", has=("NOB",)), [BOT, BOT])
        hold(ed, "C3", t.card(rank="ACE", has=("PRO",)), [BOT, BOT])
        hold(ed, "B2", t.card(rank="ACE", has=("NOB",)), [BOT, BOT])
        ed.put("B4", t.card(rank="I"), up=False)
        ed.put("A3", t.card(rank="I"), up=False)

    t = aw(full, plan_lacks=("NOB", "PRO"))
    assert t.steps() == ["bot plan", "bot token C3", "bot extort C3", "bot end"]
    assert "3f" in t.letters()[-1]


# ------------------------------------------------------------------------------------------------------
# general rules: directions, Check Phase, Redraw, plots, favor choices
# ------------------------------------------------------------------------------------------------------
def test_directions_and_clockwise_fallback_from_areopagus_and_corner():
    """rr §6.1 Plan and direction priority: off the map → the nearest card clockwise from the bot's view."""
    g = load_game("pax", players=2, bots={1: "weishaupt"})
    a = g.automaton
    cell = g.geom.cell
    assert a.areo_sides(1) == (cell("C1"), cell("B1"))  # facing down: its left is east
    assert a.target(1, AREO, 4) == (cell("C1"), "left")
    assert a.target(1, AREO, 6) == (cell("B1"), "right")  # forward: between the two cards → clockwise right
    assert a.target(1, cell("B2"), 6) == (cell("B3"), "forward")
    assert a.target(1, cell("A5"), 6) == (cell("A4"), "back")  # forward off, right off → back
    assert a.target(1, cell("A5"), 2) == (cell("A5"), "here")
    g4 = load_game("pax", players=4, bots={3: "weishaupt"})  # right side, facing west
    assert g4.automaton.target(3, g4.geom.cell("C3"), 6) == (g4.geom.cell("B3"), "forward")
    assert g4.automaton.target(3, g4.geom.cell("C3"), 4) == (g4.geom.cell("C4"), "left")


def test_check_phase_edict_in_front_of_bot_and_redraw():
    """rr §6.1 Check Phase (ruling 58): an Ace revealed during the bot's turn flips the Event top card; an
    Edict
    goes into play in front of the bot.  Redraw (ruling 50): Plan cards discarded, Court refresh, the people
    draw back to the hand limit."""
    t = Table("st-germain")
    ace = t.card(rank="ACE")
    edict = next(e for e in t.g.edict_ids)

    def setup(ed):
        hold(ed, "C1", ace, up=False)
        d = ed.d
        for pile in (d.event_deck, d.event_discard):
            if edict in pile:
                pile.remove(edict)
        for s in range(2):
            d.edicts[s] = [e for e in d.edicts[s] if e[0] != edict]
        d.event_deck.append(edict)
        ed.hand(0, d.hands[0][:2])

    t.build(setup)
    cham = t.state.data.chamberlain
    assert t.steps() == ["bot scout C1", "bot end"]
    d = t.state.data
    fac = FI[t.g.events[edict].faction]
    assert d.edicts[BOT] == [[edict, 6]] and d.favor[0][fac] == 0
    assert d.chamberlain == (cham + 1) % 5
    assert len(d.hands[0]) == 4 and d.hands[BOT] == []


def test_check_phase_discards_a_special_and_harder_game_skips_the_redraw():
    """rr §6.1 Check Phase: a flipped Special Event is discarded; EN Redraw: "skip redrawing if you want a
    more challenging game" (option bot_redraw=False)."""
    t = Table("st-germain", bot_redraw=False)
    crown = t.card(rank="CROWN")
    special = t.g.special_ids[0]

    def setup(ed):
        hold(ed, "C1", crown, up=False)
        ed.special(0, special, active=False)
        ed.d.special_hand[0].remove(special)
        ed.d.event_deck.append(special)
        ed.hand(0, ed.d.hands[0][:1])

    t.build(setup)
    t.steps()
    d = t.state.data
    assert special in d.event_discard and len(d.hands[0]) == 1


def test_bot_plots_each_kind():
    """rr §6.2: the seven bot plots as the engine checks them."""
    t = Table("weishaupt")
    a, g = t.g.automaton, t.g
    d = t.state.data.copy()
    d.infl = [tuple([None] * len(x)) for x in d.infl]
    d.up = [True] * g.n
    for key in ("edicts-4", "lodge-5", "influence-8", "starved", "deck-twice", "fm-rc-5", "ace-crown-3"):
        a.spec[BOT] = a.spec[BOT].__class__(**{**a.spec[BOT].__dict__, "plots": (key,)})
        assert a.plots_met(d, BOT) == [] or key == "starved"
    d8 = d.copy()
    for c in range(8):
        d8.infl[c] = (BOT,) + d8.infl[c][1:]
    a.spec[BOT] = a.spec[BOT].__class__(**{**a.spec[BOT].__dict__, "plots": ("influence-8", "deck-twice")})
    assert a.plots_met(d8, BOT) == ["influence-8"]
    d8.reshuffles = 2
    assert a.plots_met(d8, BOT) == ["influence-8", "deck-twice"]
    a.spec[BOT] = a.spec[BOT].__class__(**{**a.spec[BOT].__dict__, "plots": ("starved", "edicts-4")})
    d.round = 2
    assert a.plots_met(d, BOT) == ["starved"]
    d.event_discard = list(g.edict_ids[:4])
    d.round = 1
    assert a.plots_met(d, BOT) == ["edicts-4"]


def test_bot_faction_card_taken_without_benefit():
    """rr §6.1 Faction cards: the bot takes any Faction card it qualifies for, with no benefit (no
    passive)."""
    t = Table("joseph-ii")
    cards = [t.card(rank="I", has=("SCH",)) for _ in range(3)]

    def setup(ed):
        ed.factions(["SCH", "NOB", "ART"])
        for cell, cid in zip(("A3", "A4", "A5"), cards, strict=True):
            hold(ed, cell, cid, [BOT])
        hold(ed, "D5", t.card(rank="I"), [0])

    t.build(setup)
    t.steps()
    d = t.state.data
    assert d.faction_holder.get("SCH") == BOT
    assert t.g.hand_limit(d, BOT) == 0 and not t.g.holds(d, BOT, "SCH")


def test_bot_defends_an_oust_with_the_deck_top_and_collects_primary():
    """rr §6.1: a person Ousts the bot; the bot's Oust card is the deck's top card; losing, the bot collects
    Favor for its ousted Influence with its Primary-first choice (a forced, single legal option)."""
    t = Table("st-germain")
    b4, b5 = t.card(rank="II"), t.card(rank="I", strength=2)
    weak, strong, spare = t.card(rank="I", strength=2), t.card(rank="III", strength=6), t.card(rank="II")

    def setup(ed):
        hold(ed, "B4", b4, [BOT])
        hold(ed, "B5", b5, [0])
        ed.favor(0, **{t.g.lum[b5].factions[0]: 1})
        ed.hand(0, [strong, spare])
        ed.deck_top([weak])
        ed.start_turn(0)

    with PaxEditor(t.state) as ed:
        ed.clear_influence()
        ed.reveal_all()
        for s in range(2):
            ed.favor(s)
        setup(ed)
    st = t.state
    oust = [a for a in st.legal_actions(0) if a.kind == "oust" and a.args[0] == t.cell("B4")]
    assert oust
    st.apply(oust[0])
    while 0 in st.to_act() and st.data.frames[-1]["t"] in ("pay",):
        st.apply(st.legal_actions(0)[0])
    assert st.data.frames[-1]["commits"].get("1") == weak  # the bot committed the deck top at once
    assert st.view(0)["pending"]["commits"] == {}  # sealed: Blue does not see it
    st.apply(f"reveal {strong}")
    d = st.data
    assert d.infl[t.cell("B4")].count(BOT) == 0  # 1 + 6 beats 1 + 2
    primary = t.g.contact_fac[d.contacts[BOT]][0]  # token on its Areopagus: the Contact card's first Faction
    assert d.favor[BOT][primary] == 1 and sum(d.favor[BOT]) == 1


def test_bot_actions_are_the_only_legal_ones_and_explained():
    """The bot seat's only option is its script's step; anything else is refused with the rule named."""
    t = Table("st-germain")
    c1 = t.card(rank="I")
    t.build(lambda ed: hold(ed, "C1", c1, up=False))
    st = t.state
    assert [a.notation() for a in st.legal_actions()] == ["bot scout C1"]
    assert "its script plays “Red bot: scout C1”" in st.explain("bot scout B1")
    with pytest.raises(IllegalAction):
        st.apply("bot influence B1")
    st.apply("bot scout c1")  # notation is read back (any case)
    plain = load_game("pax", players=2).new_state(seed=1)
    assert "no bot seat" in plain.explain("bot plan")


def test_view_and_scene_show_the_bot_token_and_plan_cards():
    """view.py: the bot's placard, token and Plan cards are public; scene.py draws the token and the Plan
    cards."""
    from illumi_widgets.games.pax.scene import option_targets, pax_scene

    t = aw(lambda t, ed: hold(ed, "B3", t.card(rank="II", lacks=("NOB", "PRO"))),
           plan_lacks=("NOB", "PRO"))
    st = t.state
    st.apply("bot plan")
    for seat in (0, 1, None):
        v = st.view(seat)
        assert v["plan"] == [t.plan] and v["bots"][1]["token"] == "B2"
        assert v["pending"]["t"] == "bot" and "bot expel B3" in v["pending"]["step"]
        ids = {it.get("id") for it in pax_scene(v, t.g)["items"]}
        assert {"bot:1", f"plan:{t.plan}"} <= ids
    assert option_targets(t.g, st.legal_actions(1)[0]) == ["cell:B3"]


# ------------------------------------------------------------------------------------------------------
# Match and bots registry
# ------------------------------------------------------------------------------------------------------
def test_registry_and_match_run_bots_until_a_person_acts():
    from illumi_widgets.bots import available
    from illumi_widgets.match import Match

    assert available("pax") == ["random", "search", "search-strong", "st-germain", "joseph-ii", "cagliostro",
                                "weishaupt"]
    m = Match("pax", players=2, bots={1: "weishaupt"}, seed=1)
    assert m.state.game.options["bots"] == {"1": "weishaupt"}
    played = m.run_bots()
    assert played and all(a.seat == 1 for a in played)
    assert m.state.to_act() == [0]
    bm = Match("pax", players=3, bots={0: "random", 2: "cagliostro"}, seed=4)
    bm.run_bots()
    assert bm.state.is_terminal() or 1 in bm.state.to_act()
    with pytest.raises(EngineError, match="not the rulebook bot"):
        Match.from_state(load_game("pax", players=2).new_state(seed=1)).__class__(
            state=load_game("pax", players=2).new_state(seed=1), bots={1: "weishaupt"})


# ------------------------------------------------------------------------------------------------------
# random play
# ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bot", ["st-germain", "joseph-ii", "cagliostro", "weishaupt"])
def test_a_few_random_bot_games_keep_every_invariant(bot):
    """Quick version of the slow test below: 2 games, 2 and 4 players, every invariant after every action."""
    for players in (2, 4):
        stats = random_games(load_game("pax", players=players, bots={players - 1: bot}), games=1,
                             seed=players, replay_every=50, max_decisions=6000,
                             prefer=("claimplot", "claimfaction"))
        assert stats.games == 1 and stats.truncated == 0


BOT_GAMES = int(os.environ.get("ILLUMI_BOT_GAMES", "9"))  # 100 or more for a full run


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["st-germain", "joseph-ii", "cagliostro", "weishaupt"])
def test_random_bot_games_keep_every_invariant(bot):
    """Complete games per bot (2, 3 and 4 seats, the bot on the last seat): consistency, undo/redo, replay
    and no-leak after every action (engine.testing.random_games).  9 in the suite (3 per player count);
    ``ILLUMI_BOT_GAMES=100`` (or more) for a full run -- volume belongs to the endurance runner."""
    total = 0
    for players, n in ((2, BOT_GAMES // 3 + BOT_GAMES % 3), (3, BOT_GAMES // 3), (4, BOT_GAMES // 3)):
        stats = random_games_parallel("pax", players, games=n, seed=players, replay_every=100,
                                      max_decisions=6000, prefer=("claimplot", "claimfaction"),
                                      options={"bots": {players - 1: bot}})
        assert stats.games == n and stats.truncated == 0
        assert sum(stats.reasons.values()) == n
        total += n
    assert total >= BOT_GAMES


# ------------------------------------------------------------------------------------------------------
# the bot's ordinary choices: Conspire give, subvert, press (rr §6.1 "The Bot and Favors"; READINGs in
# automa.py Automaton.choice)
# ------------------------------------------------------------------------------------------------------
def _bot_frame(players, frame, favor=None):
    """A position with the bot (seat 1) on turn and ``frame`` pushed on top as its pending decision (pushed
    after editing, so nothing resolves it: Automaton.choice is asked directly)."""
    g = load_game("pax", players=players, bots={BOT: "weishaupt"})
    state = g.new_state(seed=2)
    with PaxEditor(state) as ed:
        ed.clear_influence()
        ed.reveal_all()
        for s in range(players):
            ed.favor(s, **(favor or {}).get(s, {}))
        ed.start_turn(BOT, round=2)
    state.data.frames.append({"seat": BOT, **frame})
    g._last_listing = None
    return g, state.data


def test_bot_gives_away_its_least_preferred_collected_favor():
    """rr §6.1: when a bot must give Favor away (Conspire) it keeps its Primary Faction: with its Primary and
    another Faction collected, its single option gives the other one."""
    g, d = _bot_frame(2, {"t": "give", "to": [0], "have": [0] * 6})
    pref = g.automaton.preference(d, BOT)
    have = [0] * 6
    have[pref[0]] = 1
    have[pref[-1]] = 1
    d.frames[-1]["have"] = have
    a = g.automaton.choice(d, BOT)
    assert a.kind == "give" and a.args == (0, pref[-1]) and g.check(d, a) is None


def test_bot_subverts_from_the_player_holding_most_then_turn_order():
    """READING (automa.py): a bot subverts from the rival holding the most of that Faction; ties go to the
    next seat in turn order."""
    nob = FI["NOB"]
    g, d = _bot_frame(3, {"t": "subvert", "fac": nob}, favor={0: {"NOB": 1}, 2: {"NOB": 3}})
    a = g.automaton.choice(d, BOT)
    assert a.kind == "subvert" and a.args == (2,) and g.check(d, a) is None
    g, d = _bot_frame(3, {"t": "subvert", "fac": nob}, favor={0: {"NOB": 3}, 2: {"NOB": 1}})
    assert g.automaton.choice(d, BOT).args == (0,)
    g, d = _bot_frame(3, {"t": "subvert", "fac": nob}, favor={0: {"NOB": 2}, 2: {"NOB": 2}})
    assert g.automaton.choice(d, BOT).args == (2,)  # a tie: Green (seat 2) plays right after the bot


def test_bot_presses_a_cancelled_challenge_while_cards_remain():
    """READING (automa.py): a bot presses when both automatic wins cancel, its next card coming from the
    deck; with no card left to reveal it calls off."""
    g, d = _bot_frame(2, {"t": "press"})
    assert g.automaton.choice(d, BOT).kind == "press"
    d.deck, d.discard = [], []
    assert g.automaton.choice(d, BOT).kind == "calloff"
