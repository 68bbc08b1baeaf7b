"""Rules of Primordial Secrets: each test names its rulebook section or RULINGS.md worked example."""

from __future__ import annotations

from collections import Counter

import pytest

from illumi_widgets import load_game
from illumi_widgets.engine.action import CHANCE
from illumi_widgets.engine.errors import IllegalAction, NotationError
from illumi_widgets.games.primordial.scoring import royals_held, secrets_held

M3 = ["messenger"] * 3


def home_others(t, seats=(1, 2)):
    """The given seats plot plain hands and stay home (wine glass)."""
    for s in seats:
        t.hand(s, ["musician", "musician", "musician", "messenger", "messenger", "messenger"])
    return [(s, "host musician musician musician visit home") for s in seats]


# ---------------------------------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_as_printed(n):
    """Setup: 7 Messenger / 4 Musician / 1 Advisor decks, 5 Starting + 6 Secret Intents for the player
    count, Royals cut to 5 per player unseen, Pawns costing 6+ held out, Court of 7 + 7 + 32 Familiars."""
    g = load_game("primordial", players=n)
    st = g.new_state(seed=3)
    d = st.data
    for s in range(n):
        owned = Counter(g.types[i] for i in d["deck"][s] + d["hand"][s])
        assert owned == {"messenger": 7, "musician": 4, "advisor": 1}
        assert len(d["hand"][s]) == 6  # the first Plotting Phase has drawn six
        assert len(d["intent_deck"][s]) == 5 and len(d["secrets"][s]) == 6
        assert all(g.intents[g.types[i]].kind == "starting" for i in d["intent_deck"][s])
        assert all(g.intents[g.types[i]].kind == "secret" for i in d["secrets"][s])
    assert len(d["royal_deck"]) + len(d["court_royals"]) == 5 * n
    assert len(d["removed"]) == len(g.royals) - 5 * n
    assert len(d["court_pawns"]) == 7 and len(d["court_royals"]) == 7 and len(d["familiars"]) == 32
    assert all(g.cards[g.types[i]].tribute < 6 for i in d["court_pawns"] + d["pawn_deck"])
    assert {g.types[i] for i in d["held_out"]} == {c.id for c in g.cards.values()
                                                  if c.kind == "pawn" and c.tribute >= 6}
    assert d["first"] == 0
    view = st.view(1)
    assert view["court"]["removed"] == len(d["removed"]) and "c" + str(d["removed"][0]) not in str(view)


def test_alternative_stacking_replaces_expensive_pawns():
    """Stacking the Pawn Deck, alternative: full Pawn Deck, a Pawn costing 6+ entering The Court during
    rounds 1-2 is replaced and set aside."""
    g = load_game("primordial", players=3, stacking="replace")
    for seed in range(6):
        d = g.new_state(seed=seed).data
        assert all(g.cards[g.types[i]].tribute < 6 for i in d["court_pawns"])
        assert all(g.cards[g.types[i]].tribute >= 6 for i in d["held_out"])
    assert any(g.cards[g.types[i]].tribute >= 6 for i in g.new_state(seed=1).data["pawn_deck"])


def test_bad_options():
    with pytest.raises(Exception, match="stacking"):
        load_game("primordial", players=3, stacking="sideways")
    with pytest.raises(Exception, match="2 to 4"):
        load_game("primordial", players=5)


# ---------------------------------------------------------------------------------------------------
# Plotting Phase: one sealed simultaneous decision per player
# ---------------------------------------------------------------------------------------------------
def test_plotting_is_sealed_and_revealed_together(table):
    t = table(3)
    st = t.state
    assert sorted(st.to_act()) == [0, 1, 2]
    assert all(dec.sealed and dec.kind == "plot" for dec in st.decisions())
    t.hand(0, ["emissary", "messenger", "messenger", "messenger", "musician", "musician"])
    t.plot((0, "host messenger musician musician visit right"))
    blue = st.view(1)
    assert blue["seats"][0]["plotted"] is True and blue["seats"][0]["plot"] is None
    assert blue["seats"][0]["hand"] is None and "emissary" not in str(blue)
    hosts = [c["card"] for c in st.view(0)["seats"][0]["plot"]["hosts"]]
    assert hosts == ["messenger", "musician", "musician"]
    assert st.view(0)["seats"][0]["plot"]["intent"]["card"] == "right"
    with pytest.raises(IllegalAction, match="not Red's decision"):
        st.apply(st.parse("plot host messenger musician musician visit left", seat=0))
    again = st.parse("plot host messenger musician musician visit left", seat=0)
    assert "already plotted" in st.game.check(st.data, again).message
    assert st.data["hosts"][0] == []  # nothing revealed before everyone has plotted
    t.plot(*home_others(t))
    assert [t.g.types[i] for i in st.data["hosts"][0]] == ["messenger", "musician", "musician"]
    assert sorted(t.g.types[i] for i in st.data["visitors"][0]) == ["emissary", "messenger", "messenger"]
    assert st.view(1)["seats"][0]["intent"]["card"] == "right"


def test_plot_checks(table):
    """Plotting Phase: three hosts from the hand, an Intent from the Intent Deck."""
    t = table(3)
    t.hand(0, ["emissary", "messenger", "messenger", "messenger", "musician", "musician"])
    st = t.state
    assert "three hosts" in st.explain(st.parse("plot host messenger musician visit left", seat=0))
    why = st.explain(st.parse("plot host advisor messenger musician visit left", seat=0))
    assert "not in your hand" in why
    with t.state.edit() as d:
        i = next(x for x in d["intent_deck"][0] if t.g.types[x] == "left")
        d["intent_deck"][0].remove(i)
        d["intent_discard"][0].append(i)
    assert "Intent Deck" in st.explain(st.parse("plot host messenger musician musician visit left", seat=0))
    with pytest.raises(NotationError, match="did you mean 'musician'"):
        st.game.parse(st.data, "plot host messenger musican musician visit left", 0)
    legal = st.legal_actions(0)
    assert "plot host messenger musician musician visit right" in legal
    assert "plot host emissary messenger messenger visit home" in legal


# ---------------------------------------------------------------------------------------------------
# Invitation Intent example (3 players, Performance Intents)
# ---------------------------------------------------------------------------------------------------
def test_invitation_example(table):
    """Invitation Intent example: A, B, C all play Performance Intents; B is invited by A and C and visits
    C (higher priority); C, invited by nobody, follows its finger to B; A, invited by B, visits B."""
    t = table(3)
    for s in range(3):
        t.hand(s, ["musician"] * 3 + M3)
    t.plot((0, "host musician musician musician visit overture"),
           (1, "host musician musician musician visit finale"),
           (2, "host musician musician musician visit finale"))
    plan = t.g.visit_plan(t.d)
    assert plan == [[0, 1], [1, 2], [2, 1]]


def test_invitation_overrides_wine_glass(table):
    """Rulings, invitation priority: an invitation always overrides the invited player's wine glass."""
    t = table(3)
    for s in range(3):
        t.hand(s, ["musician"] * 3 + M3)
    t.plot((0, "host musician musician musician visit home"),
           (1, "host musician musician musician visit home"),
           (2, "host musician musician musician visit overture"))  # Green invites its left: Red
    assert t.g.visit_plan(t.d) == [[0, 2], [1, None], [2, 0]]


# ---------------------------------------------------------------------------------------------------
# Replacement example (both orders) — the owner orders effects within a window
# ---------------------------------------------------------------------------------------------------
def _replacement(table, first):
    t = table(3)
    t.hand(0, ["emissary", "puppeteer", "dawn-prophet", "messenger", "messenger", "messenger"])
    t.plot((0, "host messenger messenger messenger visit left"), *home_others(t))
    st = t.state
    dec = st.decisions()
    assert [x.kind for x in dec] == ["order"] and dec[0].seat == 0
    assert sorted(st.legal_actions(0).notations()) == ["order dawn-prophet", "order puppeteer"]
    t.play(f"order {first}")
    t.play("choose emissary")
    t.play("choose emissary")  # the other effect starts by itself (one eligible) and asks its target
    em = t.inst("visitors", 0, "emissary")
    return t, em


def test_replacement_example_puppeteer_first(table):
    """Replacement example: Puppeteer (+3 devotion) then Dawn Prophet (insight := devotion) → 7 / 7."""
    t, em = _replacement(table, "puppeteer")
    assert t.d["turn"] is not None  # (the steal decision of this turn is pending)
    assert (t.stat(em, "devotion"), t.stat(em, "insight")) == (7, 7)


def test_replacement_example_dawn_prophet_first(table):
    """Replacement example, other order: Dawn Prophet first (insight := 4), then Puppeteer → 7 / 4."""
    t, em = _replacement(table, "dawn-prophet")
    tr = t.d["turn"]
    assert tr is not None
    assert (t.stat(em, "devotion"), t.stat(em, "insight")) == (7, 4)


def test_replacement_orders_differ_in_outcome(table):
    """The order matters: 7/7 Emissary steals (insight 10 vs deceit 6), 7/4 does not (7 vs 6)."""
    t, em = _replacement(table, "puppeteer")
    assert t.d["turn"]["outcome"] == "steal" and (t.stat(em, "devotion"), t.stat(em, "insight")) == (7, 7)
    t2, em2 = _replacement(table, "dawn-prophet")
    assert t2.d["turn"]["outcome"] == "none"


def test_order_is_the_window_owners_decision(table):
    t, _em = _replacement(table, "puppeteer")
    st = t.state
    assert st.explain(st.parse("order puppeteer", seat=0)) is not None  # not in a window now


# ---------------------------------------------------------------------------------------------------
# Duration of effects
# ---------------------------------------------------------------------------------------------------
def test_duration_of_effects_host_reverts_between_visits(table):
    """Duration of effects: a host captivated in the first visit has its base deceit in the second."""
    t = table(3)
    t.hand(0, ["inquisitor", "messenger", "messenger", "messenger", "messenger", "messenger"])
    t.hand(1, ["sentinel", "musician", "musician", "messenger", "messenger", "messenger"])
    t.hand(2, ["messenger"] * 6)
    t.plot((0, "host messenger messenger messenger visit left"),
           (1, "host sentinel musician musician visit home"),
           (2, "host messenger messenger messenger visit right"))
    assert t.g.visit_plan(t.d) == [[0, 1], [1, None], [2, 1]]
    t.play("choose sentinel")  # Inquisitor: before visiting, captivate one host
    sentinel = t.inst("hosts", 1, "sentinel")
    assert t.stat(sentinel, "deceit") == 0
    assert t.state.view(None)["turn"]["deceit"] == 4
    t.play("done")  # Red's recruiting (devotion 4)
    assert t.d["turn"]["v"] == 2
    assert t.stat(sentinel, "deceit") == 3
    assert t.state.view(None)["turn"]["deceit"] == 7


# ---------------------------------------------------------------------------------------------------
# Moving cards to the next round's Visiting Party
# ---------------------------------------------------------------------------------------------------
def test_next_round_visiting_party(table):
    """Moving cards to the next round's Visiting Party: the host leaves (short-staffed for the second
    visit), the next round still draws six, the extra visitor joins, and it is discarded at round end."""
    t = table(3)
    t.hand(0, ["messenger"] * 6)
    t.hand(1, ["hollow-baron", "musician", "musician", "messenger", "messenger", "messenger"])
    t.hand(2, ["messenger"] * 6)
    t.plot((0, "host messenger messenger messenger visit left"),
           (1, "host hollow-baron musician musician visit home"),
           (2, "host messenger messenger messenger visit right"))
    st = t.state
    # Red's visit: insight 3 against deceit 3+2+2 = 7: Red loses a visitor
    t.play("sacrifice messenger")
    baron = next(i for i in t.d["next_visitors"][1])
    assert t.g.types[baron] == "hollow-baron"
    assert [t.g.types[i] for i in t.d["hosts"][1]] == ["musician", "musician"]  # short-staffed
    assert st.view(0)["seats"][1]["next_visitors"][0]["card"] == "hollow-baron"  # face up
    while t.d["frames"][-1]["t"] != "plot":
        st.apply(st.legal_actions()[0])
    assert len(t.d["hand"][1]) == 6  # still six drawn
    t.hand(1, ["musician"] * 3 + ["messenger"] * 3)
    t.hand(0, ["messenger"] * 6)
    t.hand(2, ["messenger"] * 6)
    t.plot((0, "host messenger messenger messenger visit home"),
           (1, "host musician musician musician visit left"),
           (2, "host messenger messenger messenger visit home"))
    assert len(t.d["visitors"][1]) == 4 and baron in t.d["visitors"][1]  # three from the hand + the Baron
    assert st.view(None)["turn"]["insight"] == 5
    t.play("done")
    # round end: the extra visitor went to the Discard with the others (and round 3's draw reshuffled it)
    assert t.d["frames"][-1]["t"] == "plot" and t.d["next_visitors"][1] == []
    assert baron in t.d["discard"][1] + t.d["deck"][1] + t.d["hand"][1]
    assert any(a.kind == "shuffle" and a.args[0] == 1 for a in st.history) or baron in t.d["discard"][1]


# ---------------------------------------------------------------------------------------------------
# Herald's mid-visit arrival
# ---------------------------------------------------------------------------------------------------
def test_herald_arrival_skips_passed_before_effects(table):
    """Moving a card to a party mid-visit: Herald brings Inquisitor (a "before visiting" effect): too late,
    nothing is captivated."""
    t = table(3)
    t.hand(0, ["herald", "messenger", "messenger", "messenger", "messenger", "messenger"],
           deck_top=["inquisitor"])
    t.plot((0, "host messenger messenger messenger visit left"), *home_others(t))
    inq = t.inst("visitors", 0, "inquisitor")
    assert len(t.d["visitors"][0]) == 4 and inq in t.d["visitors"][0]
    assert t.state.decisions()[0].kind == "recruit"  # no "choose" for Inquisitor's captivate: too late
    assert t.d["turn"]["ledger"] == {}
    assert t.state.view(None)["turn"]["deceit"] == 6 and t.state.view(None)["turn"]["insight"] == 8


def test_herald_arrival_triggers_when_effects_not_yet_passed(table):
    """Herald brings Puppeteer (a "when visiting" effect, its window not passed): it resolves."""
    t = table(3)
    t.hand(0, ["herald", "messenger", "messenger", "messenger", "messenger", "messenger"],
           deck_top=["puppeteer"])
    t.plot((0, "host messenger messenger messenger visit left"), *home_others(t))
    dec = t.state.decisions()[0]
    assert dec.kind == "choose" and "Puppeteer" in dec.prompt


def test_herald_golden_rule_shuffle(table):
    """Deckbuilding Golden Rule: Herald needs a card from an empty Deck: the Discard is shuffled first, as
    a recorded chance decision."""
    t = table(3)
    t.hand(0, ["herald", "messenger", "messenger", "messenger", "messenger", "messenger"])
    with t.state.edit() as d:
        d["discard"][0] += d["deck"][0]
        d["deck"][0] = []
    n = len(t.d["discard"][0])
    t.plot((0, "host messenger messenger messenger visit left"), *home_others(t))
    shuffles = [a for a in t.state.history if a.seat == CHANCE and a.kind == "shuffle"]
    assert shuffles and shuffles[-1].args[0] == 0
    assert len(t.d["visitors"][0]) == 4 and len(t.d["deck"][0]) == n - 1
    rec = t.state.record()
    assert any(x.startswith("c: shuffle red") for x in rec["actions"])


# ---------------------------------------------------------------------------------------------------
# Comparison (step 3) and stealing
# ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("hosts, outcome", [
    (["messenger", "messenger", "messenger"], "steal"),     # insight 10 - deceit 3 >= 4 (Emissary 4+4+2)
    (["musician", "musician", "musician"], "steal"),        # 10 - 6 = 4: steal
    (["sentinel", "sentinel", "musician"], "none"),         # 10 - 8 = 2
    (["sentinel", "sentinel", "sentinel"], "none"),         # 10 - 9 = 1
    (["warden", "sentinel", "sentinel"], "sacrifice"),      # 10 - (4+1 + 3+1 + 3+1) = -3
])
def test_comparison_outcomes(table, hosts, outcome):
    """Step 3 and rulings: insight − deceit ≥ 4 steals, < 0 Sacrifices, 0-3 neither."""
    t = table(3)
    t.hand(0, ["emissary", "emissary", "scout", "messenger", "messenger", "messenger"])
    t.hand(1, hosts + ["messenger"] * 3)
    t.plot((0, "host messenger messenger messenger visit left"),
           (1, f"host {' '.join(hosts)} visit home"),
           (2, "host " + " ".join(t.names("hand", 2)[:3]) + " visit home"))
    assert t.d["last"]["outcome"] == outcome


def test_steal_chooses_privately_and_counts(table):
    """Steal a Secret: the thief looks through the Secrets zone and chooses; it goes to their Intent
    Discard and counts toward six."""
    t = table(3)
    t.hand(0, ["emissary", "emissary", "scout", "messenger", "messenger", "messenger"])
    t.plot((0, "host messenger messenger messenger visit left"), *home_others(t))
    st = t.state
    assert st.decisions()[0].kind == "steal" and st.decisions()[0].seat == 0
    assert "steal masquerade" in st.legal_actions(0)
    assert "options" not in st.view(1)["pending"] and st.view(0)["pending"]["options"]
    t.play("steal masquerade")
    assert [t.g.types[i] for i in t.d["intent_discard"][0]] == ["masquerade"]
    assert secrets_held(t.g, t.d, 0) == 1 and len(t.d["secrets"][1]) == 5


def test_steal_from_empty_secrets_zone_takes_own(table):
    """Steal a Secret from a player who has none left: steal from your own Secrets zone instead."""
    t = table(3)
    t.hand(0, ["emissary", "emissary", "scout", "messenger", "messenger", "messenger"])
    with t.state.edit() as d:
        d["intent_discard"][1] += d["secrets"][1]
        d["secrets"][1] = []
    t.plot((0, "host messenger messenger messenger visit left"), *home_others(t))
    assert t.state.decisions()[0].kind == "steal"
    t.play("steal veil")
    assert secrets_held(t.g, t.d, 0) == 1 and len(t.d["secrets"][0]) == 5
    assert t.g.types[t.d["intent_discard"][0][-1]] == "veil"


def test_steal_when_both_zones_empty_does_nothing(table):
    t = table(3)
    t.hand(0, ["emissary", "emissary", "scout", "messenger", "messenger", "messenger"])
    with t.state.edit() as d:
        for s in (0, 1):
            d["intent_discard"][s] += d["secrets"][s]
            d["secrets"][s] = []
    before = list(t.d["intent_discard"][0])
    t.plot((0, "host messenger messenger messenger visit left"), *home_others(t))
    assert t.d["intent_discard"][0][:len(before)] == before and secrets_held(t.g, t.d, 0) == len(before)
    assert any("no Secret is left" in e.public for e in t.state.log if e.public)


def test_sacrifice_of_the_visitors_choice(table):
    """Deceit > insight: the hosting player Sacrifices a visitor of the VISITING player's choice."""
    t = table(3)
    t.hand(0, ["scout", "advisor", "messenger", "messenger", "messenger", "messenger"])
    t.hand(1, ["sentinel", "sentinel", "sentinel"] + M3)
    t.plot((0, "host messenger messenger messenger visit left"),
           (1, "host sentinel sentinel sentinel visit home"), *home_others(t, (2,))[0:1])
    # Advisor's effect asks its target first (two other visitors)
    if t.state.decisions()[0].kind == "choose":
        t.play("choose scout")
    dec = t.state.decisions()[0]
    assert dec.kind == "sacrifice" and dec.seat == 0
    t.play("sacrifice advisor")
    assert [t.g.types[i] for i in t.d["sacrifices"][1]] == ["advisor"]


def test_wine_glass_neither_visits_nor_recruits(table):
    """Wine Glass: visitors are not used this round — no comparison, no recruiting."""
    t = table(3)
    t.plot(*home_others(t, (0, 1, 2)))
    assert t.d["frames"][-1]["t"] == "plot" and t.d["round"] == 2
    assert all(len(t.d["discard"][s]) == 6 for s in range(3))


# ---------------------------------------------------------------------------------------------------
# Recruiting (step 5), When recruited, Repopulate (step 6)
# ---------------------------------------------------------------------------------------------------
def _recruit_table(table, royals=(), pawns=(), sacrifices=0):
    t = table(3)
    t.hand(0, ["emissary", "emissary", "scout", "messenger", "messenger", "messenger"])
    t.court(pawns=pawns, royals=royals)
    if sacrifices:
        with t.state.edit() as d:
            for _ in range(sacrifices):
                d["sacrifices"][0].append(d["deck"][0].pop())
    t.hand(1, ["sentinel", "sentinel", "sentinel"] + M3)
    t.plot((0, "host messenger messenger messenger visit left"),
           (1, "host sentinel sentinel sentinel visit home"), *home_others(t, (2,)))
    assert t.state.decisions()[0].kind == "recruit"  # insight 10 vs deceit 9: no steal; devotion 9
    return t


def test_recruit_tribute_and_done(table):
    """Step 5: recruit card by card while the total tribute fits the visitors' devotion."""
    t = _recruit_table(table, pawns=["zealot", "dawn-prophet"])
    st = t.state
    assert "recruit zealot" in st.legal_actions(0)  # 8 of 9
    t.play("recruit dawn-prophet")  # 5 of 9
    assert t.g.types[t.d["discard"][0][-1]] == "dawn-prophet"
    assert st.view(0)["turn"]["spent"] == 5
    assert "recruit zealot" not in st.legal_actions(0)
    assert "costs 8 tribute" in st.explain(st.parse("recruit zealot", seat=0))
    before = len(t.d["court_pawns"])
    t.play("done")
    assert len(t.d["court_pawns"]) == 7 and before == 6  # Repopulate after the turn


def test_recruit_royal_needs_sacrifices(table):
    """Step 5: a Royal needs Sacrifices held ≥ the Sacrifice costs of the Royals recruited this turn;
    Sacrifices are not spent."""
    t = _recruit_table(table, royals=["veiled-duke", "silent-abbess"], sacrifices=1)
    st = t.state
    assert "recruit veiled-duke" in st.legal_actions(0)
    t.play("recruit veiled-duke")  # tribute 7, Sacrifice cost 1
    assert len(t.d["sacrifices"][0]) == 1  # not spent
    why = st.explain(st.parse("recruit silent-abbess", seat=0))  # 6 tribute, 2 devotion left
    assert "tribute" in why
    assert royals_held(t.g, t.d, 0) == 1


def test_recruit_royal_without_sacrifices_is_refused(table):
    t = _recruit_table(table, royals=["veiled-duke"])
    why = t.state.explain(t.state.parse("recruit veiled-duke", seat=0))
    assert "Sacrifice" in why and "step 5" in why


def test_when_recruited_shuffle_includes_the_recruited_card(table):
    """"When recruited": Scribe's shuffle happens at once; the recruited card is already in the Discard
    and is shuffled into the Deck with it."""
    t = _recruit_table(table, pawns=["scribe"])
    t.play("recruit scribe")
    scribe = next(i for i in t.d["deck"][0] if t.g.types[i] == "scribe")
    assert scribe in t.d["deck"][0] and t.d["discard"][0] == []


def test_when_recruited_only_when_paid(table):
    """"When recruited" effects do not trigger when a card is gained another way (Zealot's free Familiar
    is gained, not recruited by tribute; Ember Duchess's free Familiar likewise)."""
    t = _recruit_table(table, royals=["ember-duchess"], sacrifices=2)
    n = len(t.d["familiars"])
    t.play("recruit ember-duchess")
    assert len(t.d["familiars"]) == n - 1  # its when-recruited effect took a Familiar for free
    assert t.state.view(0)["turn"]["spent"] == 7  # the Familiar cost nothing


# ---------------------------------------------------------------------------------------------------
# Round end, Intent reset, Pawn Deck stacking
# ---------------------------------------------------------------------------------------------------
def _play_until(st, pred, limit=3000):
    from illumi_widgets.engine.rng import Rng

    rng = Rng(5)
    for _ in range(limit):
        if pred(st.data) or st.is_terminal():
            return
        seats = st.to_act()
        legal = st.legal_actions(seats[0])
        st.apply(legal[rng.below(len(legal))])
    raise AssertionError("not reached")


def test_round_end(table):
    """End of Round: First Visitor Token passes clockwise, parties to Discard, Intent to Intent Discard."""
    t = table(3)
    t.plot(*home_others(t, (0, 1, 2)))
    assert t.d["first"] == 1
    assert all(t.g.types[t.d["intent_discard"][s][-1]] == "home" for s in range(3))
    assert t.d["hosts"] == [[], [], []] and t.d["visitors"] == [[], [], []]


def test_pawn_stacking_after_round_two():
    """Stacking the Pawn Deck: the expensive Pawns are shuffled in at the end of round 2 (chance)."""
    g = load_game("primordial", players=3)
    st = g.new_state(seed=4)
    held = set(st.data["held_out"])
    _play_until(st, lambda d: d["round"] == 3)
    if not st.is_terminal():
        zones = ("deck", "hand", "discard", "sacrifices")
        owned = {i for s in range(3) for z in zones for i in st.data[z][s]}
        assert st.data["held_out"] == []
        assert held <= set(st.data["pawn_deck"]) | set(st.data["court_pawns"]) | owned | set(
            st.data["banished"])
        assert any(a.kind == "shuffle" and a.args[0] == "pawns" for a in st.history)


def test_intent_reset_end_of_round_four():
    """Resetting Intents: at the end of every fourth round one Intent is left; each player chooses five
    (sealed), then they are revealed."""
    g = load_game("primordial", players=2)
    st = g.new_state(seed=2)
    _play_until(st, lambda d: d["frames"] and d["frames"][-1]["t"] == "reset")
    d = st.data
    assert d["round"] == 4 and all(len(d["intent_deck"][s]) == 1 for s in range(2))
    dec = st.decisions()
    assert {x.seat for x in dec} == {0, 1} and all(x.sealed and x.kind == "reset" for x in dec)
    pool = sorted(g.types[i] for i in g.reset_pool(d, 0))
    assert len(pool) == 5 + secrets_held(g, d, 0)
    st.apply(st.legal_actions(0)[0])
    assert "reset" not in str(st.view(1)["seats"][0]["plot"])
    st.apply(st.legal_actions(1)[0])
    assert all(len(st.data["intent_deck"][s]) == 5 for s in range(2)) or st.data["round"] == 5
    assert any("resets Intents" in (e.public or "") for e in st.log)


# ---------------------------------------------------------------------------------------------------
# Game end and tie-breakers
# ---------------------------------------------------------------------------------------------------
def _finish(g, stolen, sacs, royals, reasons):
    """The result with these counts held (ruling 21: read from the zones): ``stolen[s]`` Secrets among seat
    s's Intents, ``sacs[s]`` cards in its Sacrifices zone, ``royals[s]`` Royals in its Discard."""
    st = g.new_state(seed=1)
    d = g.copy(st.data)
    secrets = [i for z in d["secrets"] for i in z]
    for z in d["secrets"]:
        z.clear()
    for s, k in enumerate(stolen):
        d["intent_discard"][s] += [secrets.pop() for _ in range(k)]
    for s, k in enumerate(sacs):
        d["sacrifices"][s] = list(range(1000 + 10 * s, 1000 + 10 * s + k))
    for s, k in enumerate(royals):
        d["discard"][s] += [d["royal_deck"].pop() for _ in range(k)]
    d["ends"] = [[r, 0] for r in reasons]
    from illumi_widgets.engine.game import Log

    g._finish(d, Log([], 0))
    return d["result"]


def test_end_sixth_secret_tie_broken_by_sacrifices():
    """Game End: a sixth Secret — most Secrets wins, the most Sacrifices breaks ties."""
    g = load_game("primordial", players=3)
    r = _finish(g, [6, 6, 2], [1, 3, 5], [0, 0, 0], ["secrets"])
    assert r["winners"] == [1] and r["reason"] == "secrets"


def test_end_sixth_sacrifice_tie_broken_by_secrets():
    g = load_game("primordial", players=3)
    r = _finish(g, [1, 4, 0], [6, 6, 2], [0, 0, 0], ["sacrifices"])
    assert r["winners"] == [1] and r["reason"] == "sacrifices"


def test_end_last_royal_points_and_shared_win():
    """Last Royal: one point per Secret, Sacrifice and Royal; a tie surviving every tie-breaker is shared."""
    g = load_game("primordial", players=3)
    r = _finish(g, [1, 2, 0], [2, 1, 3], [1, 1, 0], ["royal"])
    assert r["winners"] == [0, 1] and r["reason"] == "royal"


def test_end_conditions_in_rulebook_order():
    """Rulings: several conditions in one round are applied in the order listed (Secrets first)."""
    g = load_game("primordial", players=3)
    r = _finish(g, [6, 0, 0], [0, 6, 0], [0, 0, 0], ["sacrifices", "secrets"])
    assert r["winners"] == [0] and r["reason"] == "secrets"


def test_game_ends_at_the_end_of_the_round(table):
    """Game End: "at the end of the round in which" — a sixth Sacrifice does not stop the round."""
    t = table(3)
    with t.state.edit() as d:
        for _ in range(5):
            d["sacrifices"][1].append(d["deck"][0].pop())
    t.hand(0, ["messenger"] * 6)
    t.hand(1, ["sentinel", "sentinel", "sentinel"] + M3)
    t.hand(2, ["messenger"] * 6)
    t.plot((0, "host messenger messenger messenger visit left"),
           (1, "host sentinel sentinel sentinel visit home"),
           (2, "host messenger messenger messenger visit right"))
    t.play("sacrifice messenger")
    assert len(t.d["sacrifices"][1]) == 6 and t.state.outcome() is None
    t.play("done")  # Red recruits nothing
    assert t.d["turn"]["v"] == 2  # Green's visit still happens
    t.play("sacrifice messenger")
    assert t.state.outcome() is None
    t.play("done")
    assert t.state.outcome()["winners"] == [1] and t.state.outcome()["reason"] == "sacrifices"
