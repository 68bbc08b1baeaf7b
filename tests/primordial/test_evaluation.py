"""The search bot's evaluation of a Primordial Secrets position (``games/primordial/evaluation.py``, issue
18).

Without it every unfinished position was worth 1/3 to everybody at 3 players and the analysis overlay read
33% for every plot.  Now: points (Secrets, Sacrifices), the round in progress (ruling 4: a margin of 4
steals, below 0 the host Sacrifices), deck quality, and the game's own end rule once an end condition is met
(ruling 13)."""

from __future__ import annotations

from illumi_widgets import load_game
from illumi_widgets.analysis import analyse
from illumi_widgets.bots.search import hints_module
from illumi_widgets.engine import CHANCE, Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.games.primordial import evaluation as ev


def _state(seed=5):
    return load_game("primordial", players=3).new_state(seed=seed)


def test_the_search_bot_finds_it():
    assert hints_module(load_game("primordial", players=3)) == "illumi_widgets.games.primordial.evaluation"


def test_values_are_chances_and_points_count():
    st = _state()
    g, d = st.game, st.data
    v = ev.values(g, d)
    assert len(v) == 3 and abs(sum(v) - 1) < 1e-9 and max(v) - min(v) < 0.05  # the deal: nobody ahead
    d["intent_discard"][1] += [d["secrets"][0].pop(), d["secrets"][2].pop()]  # two Secrets stolen by Blue
    v2 = ev.values(g, d)
    assert v2[1] > 0.6 and v2[0] == v2[2]
    d["result"] = {"winners": [0, 2], "reason": "secrets", "text": "", "scores": {}}
    assert ev.values(g, d) == [0.5, 0.0, 0.5]  # a finished game: its outcome (a shared win)


def test_deck_quality_counts_recruited_cards():
    st = _state()
    g, d = st.game, st.data
    before = ev.deck_quality(g, d, 0)
    marquis = next(i for i in d["court_royals"] + d["royal_deck"] + d["removed"]
                   if g.types[i] == "iron-marquis")
    d["discard"][0].append(marquis)  # (a test position: the card joins Red's cards)
    assert ev.deck_quality(g, d, 0) > before
    assert ev.values(g, d)[0] > ev.values(g, d)[1]


def test_a_revealed_visit_that_will_steal_counts_before_it_is_compared():
    """Ruling 4: insight - deceit >= 4 steals.  After the reveal, the visits still to come are read from the
    parties on the table: a visitor whose party out-thinks the host's by far expects a Secret."""
    st = _state(7)
    rng = Rng(2)
    g, d = st.game, st.data
    def todo():
        f = next((f for f in d["frames"] if f.get("t") == "visits"), None)
        return [] if f is None else [(v, h) for v, h in f["plan"][f["i"]:] if h is not None]
    while not todo():  # a round whose plots are revealed with a visit still to come
        st.apply(random_action(st, rng))
    v, h = todo()[-1]
    strong = [i for i in range(g.n_primordials) if g.types[i] in ("emissary", "iron-marquis", "star-seer")]
    d["visitors"][v] = strong[:3]  # insight 4 + 6 + 6: far above any three starting hosts' deceit
    sec, sac = ev.pending(g, d)
    assert sec[v] > 0.9 and sac[h] < 0.05


def _royal_position():
    """Red recruits, with the last Royal affordable: recruiting it ends the game at the round's end (ruling
    13: Secrets, Sacrifices and Royals score 1 point each) with Red ahead."""
    st = load_game("primordial", players=3).new_state(seed=17)
    g, d = st.game, st.data
    rng = Rng(17)
    while True:
        seats = [s for s in st.to_act() if s != CHANCE]
        if seats and any(a.kind == "recruit" for a in st.legal_actions(seats[0])):
            v = seats[0]
            left = g.devotion_left(d)
            roy = [i for i in d["court_royals"] if g.cards[g.types[i]].tribute <= left
                   and g.cards[g.types[i]].sacrifice <= len(d["sacrifices"][v])]
            if roy:
                break
        st.apply(random_action(st, rng))
    r = roy[0]
    d["removed"] += d["royal_deck"] + [i for i in d["court_royals"] if i != r]
    d["royal_deck"], d["court_royals"] = [], [r]
    other = (v + 1) % 3
    for _ in range(3):  # Red has stolen three Secrets (they lie in Red's Intent Discard, as after a steal)
        d["intent_discard"][v].append(d["secrets"][other].pop())
    assert not g.problems(d)
    return st, v, r


def test_the_overlay_ranks_the_winning_option_first():
    st, v, r = _royal_position()
    name = st.game.cards[st.game.types[r]].name
    res = analyse(st, v, iterations=120, seed=1)
    assert len(res.rows) > 3 and res.rows[0]["label"].startswith(f"Recruit {name}")
    assert res.rows[0]["win"] > 0.95 > res.rows[1]["win"] + 0.1


def test_the_opening_plots_are_told_apart():
    """The overlay no longer reads the same figure for every plot (it read 33% for all of them)."""
    res = analyse(_state(5), 0, iterations=120, seed=0)
    wins = [r["win"] for r in res.rows if r["visits"]]
    assert len(wins) > 3 and max(wins) - min(wins) > 0.03


def test_plots_tried_are_the_best_splits_with_every_intent():
    """A hand of six different cards has 20 host/visitor splits (100 plots with five Intents): the search
    tries the ``KEEP_SPLITS`` splits with the most hosting deceit plus visiting insight, each with every
    Intent; every other decision is listed whole."""
    st = _state(5)
    g, d = st.game, st.data
    while d["frames"][-1]["t"] != "plot":
        st.apply(random_action(st, Rng(1)))
    kinds = ["sentinel", "scout", "emissary", "courtier", "warden", "inquisitor"]  # deceit 3 0 1 2 4 1
    free = [next(i for i in range(g.n_primordials) if g.types[i] == k) for k in kinds]
    d["hand"][0] = free  # (a test position: these instances stand for Red's hand)
    full = g.legal(d, 0)
    tried = ev.legal(g, d, 0)
    intents = {a.args[1] for a in full}
    assert len(full) == 20 * len(intents) and len(tried) == ev.KEEP_SPLITS * len(intents)
    assert set(tried) <= set(full) and {a.args[1] for a in tried} == intents
    best = tuple(sorted(("sentinel", "warden", "courtier")))  # deceit 9, and the visitors' insight 7
    assert any(tuple(sorted(a.args[0])) == best for a in tried)
    assert not any(set(a.args[0]) == {"scout", "emissary", "inquisitor"} for a in tried)  # the worst split
