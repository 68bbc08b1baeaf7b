"""The search bot against the rulebook bots (games/pax/automa.py): its evaluation knows how near a bot seat is
to each plot on its (public) placard, its search plays a bot's scripted steps like chance and looks ahead to
the bot's Check Phase, and it prevents an imminent bot plot win when it can.

Positions are 2 players, the rulebook bot on seat 1 (Red, Areopagus on the top side touching B1 and C1), the
search bot on seat 0 (Blue, Areopagus at the bottom).
"""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.bots import SearchBot, make_bot, run_bots
from illumi_widgets.bots.search import forced_steps
from illumi_widgets.games.pax import evaluation as E
from illumi_widgets.games.pax.setup import PaxEditor

BOT = 1
ME = 0


def _table(bot: str, seed: int = 1):
    g = load_game("pax", players=2, bots={BOT: bot})
    return g, g.new_state(seed=seed)


def _fill(ed, g, cells, seat: int, total: int) -> int:
    """Put ``total`` Influence of ``seat`` on ``cells`` in order, as much as each card holds."""
    n = 0
    for name in cells:
        room = g.nloc[ed.d.cards[g.geom.cell(name)]]
        k = min(room, total - n)
        if k > 0:
            ed.influence(name, [seat] * k)
            n += k
    return n


def _bare_table(ed) -> None:
    """Every card face-up with no Influence; Blue has one Favor of each Faction, the bot none and no Plan."""
    ed.clear_influence()
    ed.reveal_all()
    ed.favor(ME, Nob=1, Pro=1, Mag=1, Art=1, Sch=1, Cle=1)
    ed.favor(BOT)
    ed.d.plan = []


def _influence_position(bot: str, bot_influence: int, seed: int = 1):
    """Blue to act (round 3); the bot has ``bot_influence`` Influence on the top rows (C1, D1, A1, …), Blue
    has 1 Influence on A5 and 1 on C3; the bot token is on its Areopagus."""
    g, st = _table(bot, seed)
    with PaxEditor(st) as ed:
        _bare_table(ed)
        placed = _fill(ed, g, ("C1", "D1", "A1", "D2", "A2"), BOT, bot_influence)
        assert placed == bot_influence
        ed.influence("A5", [ME])
        ed.influence("C3", [ME])
        ed.bot_token(BOT, "areopagus")
        ed.start_turn(ME, round=3)
    return g, st


# ------------------------------------------------------------------------------------------------------
# the evaluation
# ------------------------------------------------------------------------------------------------------
def test_eval_near_the_8_influence_plot_is_worse_for_the_person():
    """One Influence from '8 Influence on Luminary cards' is much worse for Blue than three Influence (Joseph
    II: his other plots, the deck and a person without Influence, are the same in both)."""
    g, near = _influence_position("joseph-ii", 7)
    _, far = _influence_position("joseph-ii", 3)
    assert E.bot_progress(g, near.data, BOT)["influence-8"] == pytest.approx(7 / 8)
    assert E.bot_progress(g, far.data, BOT)["influence-8"] == pytest.approx(3 / 8)
    assert E.bot_threat(g, near.data) > E.bot_threat(g, far.data) + 0.5
    v_near, v_far = E.values(g, near.data), E.values(g, far.data)
    assert v_near[ME] < 0.5 * v_far[ME]
    assert v_near[BOT] > v_far[BOT]
    assert all(0.0 <= v <= 1.0 for v in (*v_near, *v_far))


def test_eval_material_lead_does_not_hide_a_met_plot():
    """A bot that meets a plot (it wins at its next Check Phase) leaves Blue little, however far Blue leads
    in material."""
    g, st = _influence_position("joseph-ii", 8)
    with PaxEditor(st) as ed:
        ed.favor(ME, Nob=3, Pro=3, Mag=3, Art=3, Sch=3, Cle=3)
        _fill(ed, g, ("A5", "B5", "C5", "D5", "A4", "B4", "C4", "D4"), ME, 14)
    assert E.scores(g, st.data)[ME] > E.scores(g, st.data)[BOT] + 5
    assert E.values(g, st.data)[ME] < 0.1


def _dispersed_position(bot: str, controlled: int, claimed: bool = False, seed: int = 1):
    """Blue to act (round 3), Dispersed Contacts public: Blue alone on ``controlled`` cards of the bottom
    rows, a lot of Favor (far ahead of the bot in material); the bot has 2 Influence on the top row."""
    g, st = _table(bot, seed)
    with PaxEditor(st) as ed:
        _bare_table(ed)
        ed.plots(public=["Dispersed Contacts", "The Inner Circle", "Shadow Alliance"])
        ed.favor(ME, Nob=5, Pro=5, Mag=5, Art=5, Sch=5, Cle=5)
        for name in ("A5", "B5", "C5", "D5", "A4", "B4", "C4", "D4")[:controlled]:
            ed.influence(name, [ME])
        _fill(ed, g, ("C1", "D1"), BOT, 2)
        if claimed:
            ed.claim(ME, "Dispersed Contacts")
        ed.bot_token(BOT, "areopagus")
        ed.start_turn(ME, round=3)
    return g, st


@pytest.mark.parametrize("bot", ["st-germain", "weishaupt"])
def test_eval_a_persons_material_lead_over_a_bot_does_not_blind_it(bot):
    """A person leads a rulebook bot in material by far (the bot has no hand, no Plots, little Favor).  The
    evaluation once read that lead as a sure win, so every position was worth the same to the search: it saw
    neither its progress nor a Plot it could claim (it left a met Plot unclaimed for rounds).  Now a table
    with a bot is a race: each card controlled towards Dispersed Contacts, and claiming it, is worth more."""
    vals = []
    for n in (2, 4, 6):
        g, st = _dispersed_position(bot, n)
        vals.append(E.values(g, st.data)[ME])
    lead = E.scores(g, st.data)[ME] - E.scores(g, st.data)[BOT]
    assert lead > 4 * E.SCALE  # (read as a logistic of this lead: 0.98 or more, whatever Blue did next)
    g, st = _dispersed_position(bot, 6, claimed=True)
    claimed = E.values(g, st.data)[ME]
    assert vals[0] < vals[1] < vals[2] < claimed < 0.99
    assert claimed - vals[2] > 0.03 and vals[2] - vals[0] > 0.1
    assert E.race_progress(g, st.data, ME) == pytest.approx(1 + E.PROGRESS_SHARE * max(
        E.plots_progress(g, st.data, ME)[:1]))


def test_eval_the_race_weighs_the_bots_nearest_plot_against_the_persons_progress():
    """The same progress of Blue is worth less the nearer the bot is to a plot; the bot's value is what the
    people do not get."""
    g, near = _influence_position("joseph-ii", 7)
    _, far = _influence_position("joseph-ii", 2)
    assert E.bot_threat(g, near.data) > E.bot_threat(g, far.data)
    v_near, v_far = E.values(g, near.data), E.values(g, far.data)
    assert v_near[ME] < v_far[ME]
    assert v_near[ME] + v_near[BOT] == pytest.approx(1.0)


def test_eval_starved_plot_counts_the_cards_holding_a_persons_influence():
    """Joseph II's 'from round 2 a person has no Influence on the map': 0 cards is nearly lost, one card
    (one Oust away) is dangerous, several cards are safe; before round 2 it counts less."""
    g, st = _table("joseph-ii")

    def at(cells, round=2):
        with PaxEditor(st) as ed:
            ed.clear_influence()
            ed.reveal_all()
            for c in cells:
                ed.influence(c, [ME])
            ed.d.round = round
        return E.bot_progress(g, st.data, BOT)["starved"], E.values(g, st.data)[ME]

    none, one, three = at([]), at(["A5"]), at(["A5", "C5", "D4"])
    assert none[0] > one[0] > three[0]
    assert none[1] < one[1] < three[1]
    assert at([], round=1)[0] < none[0]


def test_edicts_in_play_count_towards_st_germains_edict_clock():
    """St. Germain's '4 Edicts discarded': an Edict in play loses 2 Favor at each of its holder's Event Phases
    (EN Edicts; ``turn._auto_eventphase``), so one with 2 Favor left goes at the next one and counts more than
    one with 6 (three Event Phases away); both count less than one already discarded."""
    g, st = _table("st-germain")
    ev = g.edict_ids[0]

    def progress(edicts):  # (the evaluation reads the data alone: a copy with these Edicts in play)
        d = g.copy(st.data)
        d.edicts = [list(edicts), []]
        return E.bot_progress(g, d, BOT)["edicts-4"]

    none, soon, late = progress([]), progress([[ev, 2]]), progress([[ev, 6]])
    assert none < late < soon < none + 1 / 4
    assert soon == pytest.approx(none + E.W_DUE / 4)


def test_bot_progress_of_every_placard_is_in_range():
    for bot in ("st-germain", "joseph-ii", "cagliostro", "weishaupt"):
        g, st = _influence_position(bot, 5)
        prog = E.bot_progress(g, st.data, BOT)
        assert set(prog) == set(g.automaton.spec[BOT].plots)
        assert all(0.0 <= v <= 1.0 for v in prog.values())
        assert E.bot_threat(g, st.data) == pytest.approx(sum(
            -(E.RACE_PLOTS[p][0] * v + E.RACE_PLOTS[p][1] * v ** 3) + E.RACE_MET * (v >= 1)
            for p, v in prog.items()))
        assert set(prog) <= set(E.RACE_PLOTS)


def test_forced_steps_only_with_rulebook_bots():
    """Without a rulebook bot nothing is scripted (the search is unchanged); with one, the bot seat's step is
    its single legal action and a person's decision is not forced."""
    assert forced_steps(load_game("pax", players=2)) is None
    g, st = _influence_position("joseph-ii", 7)
    fn = forced_steps(g)
    assert fn(st.data, ME) is None
    st.apply(st.legal_actions(ME).find("end"))
    while BOT not in st.to_act():
        st.apply(st.legal_actions(st.to_act()[0])[0])
    assert [fn(st.data, BOT)] == list(st.legal_actions(BOT))


# ------------------------------------------------------------------------------------------------------
# tactics: the search prevents an imminent bot plot win
# ------------------------------------------------------------------------------------------------------
def test_passive_play_lets_joseph_reach_8_influence():
    """The set-up threat is real: if Blue ends its turn at once, Joseph II Influences B1 and wins."""
    g, st = _influence_position("joseph-ii", 7)
    st.apply(st.legal_actions(ME).find("end"))
    run_bots(st, {BOT: make_bot("joseph-ii", BOT)})
    out = st.outcome()
    assert out is not None and out["winners"] == [BOT] and out["reason"] == "bot plot"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_search_prevents_josephs_8_influence_win(seed):
    """Joseph II has 7 Influence and will Influence B1 in its turn (its step 1c) unless Blue's Influence sits
    next to the bot's (then it must Oust or Charge instead).  Blue's search, from its own view, plays its
    turn so that the bot's turn ends without a win (e.g. Influence C2, next to C1)."""
    g, st = _influence_position("joseph-ii", 7, seed=seed)
    run_bots(st, {ME: SearchBot(ME, seed=seed)})
    assert BOT in st.to_act()
    run_bots(st, {BOT: make_bot("joseph-ii", BOT)})
    out = st.outcome()
    assert out is None or out["winners"] != [BOT], out


def test_search_keeps_influence_on_the_map_against_joseph():
    """Round 2, Blue has no Influence on the map: unless it places some that survives Joseph II's turn, the
    bot's 'a person has no Influence' plot wins."""
    g, st = _table("joseph-ii", seed=4)
    with PaxEditor(st) as ed:
        _bare_table(ed)
        ed.bot_token(BOT, "areopagus")
        ed.start_turn(ME, round=2)
    run_bots(st, {ME: SearchBot(ME, seed=4)})
    run_bots(st, {BOT: make_bot("joseph-ii", BOT)})
    assert st.outcome() is None
    assert any(ME in t for t in st.data.infl)
