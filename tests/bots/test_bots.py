"""The bot interface: registry, random and search bots playing complete games with every invariant, Match
integration (``Match(..., bots=...)``), evaluation with Wilson intervals, and the search bot's strength."""

from __future__ import annotations

import time

import pytest

from illumi_widgets.bots import (
    Bot,
    RandomBot,
    SearchBot,
    SeatState,
    available,
    decide,
    evaluate,
    make_bot,
    run_bots,
    wilson,
)
from illumi_widgets.engine import EngineError, IllegalAction, load_game
from illumi_widgets.engine.testing import check_consistent, check_no_leak
from illumi_widgets.match import Match


def test_available_and_make_bot():
    rulebook = ["st-germain", "joseph-ii", "cagliostro", "weishaupt"]  # games/pax/automa.py
    assert available("pax") == ["random", "search", "search-strong", *rulebook]
    assert available("pax_illuminaten") == ["random", "search", "search-strong", *rulebook]
    assert not set(rulebook) & set(available("illuminati"))
    bot = make_bot("search", 1, iterations=5, seed=3)
    assert isinstance(bot, SearchBot) and bot.seat == 1 and bot.iterations == 5
    assert isinstance(make_bot("random", 0), RandomBot)
    with pytest.raises(EngineError, match="unknown bot"):
        make_bot("grandmaster", 0)


def _checked_game(players, bots, seed):
    state = load_game("pax", players=players).new_state(seed=seed)
    log_len = [0]

    def check(st, act):
        check_consistent(st, f"after {act!r}")
        check_no_leak(st, log_len[0])
        log_len[0] = len(st.log)

    played = run_bots(state, bots, on_step=check)
    assert state.is_terminal(), "a bot game did not reach an outcome"
    assert len(played) == len([a for a in state.history if a.seat >= 0])
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_bots_complete_games_with_every_invariant(players):
    state = _checked_game(players, {s: RandomBot(s, seed=s) for s in range(players)}, seed=players)
    assert set(state.outcome()["winners"]) <= set(range(players))


def test_search_bot_completes_a_game_with_every_invariant():
    bots = {0: SearchBot(0, iterations=6, per_action=2, depth=1, seed=1), 1: RandomBot(1, seed=2),
            2: SearchBot(2, iterations=4, depth=0, seed=3)}
    _checked_game(3, bots, seed=77)


def test_search_bot_is_reproducible_and_reports_its_search():
    state = load_game("pax", players=2).new_state(seed=5)
    seat = state.to_act()[0]
    a = decide(SearchBot(iterations=30, seed=9), state, seat)
    b = decide(SearchBot(iterations=30, seed=9), state, seat)
    assert a == b and a in state.legal_actions(seat)
    bot = SearchBot(iterations=30, seed=9)
    bot.choose(SeatState(state, seat))
    assert bot.last_stats["iterations"] == 30 and sum(bot.last_stats["visits"].values()) == 30


def test_search_bot_time_limit():
    state = load_game("pax", players=2).new_state(seed=6)
    seat = state.to_act()[0]
    bot = SearchBot(time_limit=0.2, seed=1)
    t0 = time.perf_counter()
    act = decide(bot, state, seat)
    assert act in state.legal_actions(seat)
    assert time.perf_counter() - t0 < 2.0
    assert bot.last_stats["iterations"] >= 1


def test_a_bot_that_cheats_on_legality_is_refused():
    class Stubborn(Bot):
        def choose(self, seat_state):
            return load_game("pax", players=2).act(seat_state.seat, "end")  # not always legal

    state = load_game("pax", players=2).new_state(seed=1)
    seat = state.to_act()[0]
    ss = SeatState(state, seat)
    if ss.legal_actions().find("end") is None:
        with pytest.raises(IllegalAction):
            decide(Stubborn(), state, seat)
    with pytest.raises(EngineError):
        decide(RandomBot(seat=1 - seat), state, seat)  # a bot made for another seat


def test_bot_match_runs_bots_until_a_person_must_act():
    m = Match("pax", players=2, bots={1: "random"}, seed=12)
    first = m.state.to_act()
    if first == [1]:
        assert m.run_bots()
    assert m.state.to_act() == [0]  # seat 0 is a person: run_bots stopped
    assert m.run_bots() == []
    for _ in range(30):  # a person and a bot take turns (a sealed choice: the bot commits, then waits)
        m.play(m.legal_actions(0)[0], perspective=0)
        m.run_bots()
        assert m.state.is_terminal() or m.state.to_act() == [0]
        if m.state.is_terminal():
            break


def test_bot_match_plays_a_whole_bot_game_and_replays_from_its_seed():
    bots = {0: ("search", {"iterations": 4, "depth": 0}), 1: "random"}
    m = Match("pax", players=2, bots=bots, seed=31)
    notified = []
    m.subscribe(lambda: notified.append(1))
    played = m.run_bots()
    assert m.state.is_terminal() and len(notified) == len(played)
    again = Match("pax", players=2, bots=bots, seed=31)
    again.run_bots()
    assert again.record() == m.record()


def test_wilson_interval():
    lo, hi = wilson(9, 10)
    assert 0.59 < lo < 0.6 and 0.98 < hi < 0.99  # the textbook values 0.596, 0.982
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(5, 10)
    assert abs((lo + hi) / 2 - 0.5) < 1e-9


def test_evaluate_reports_rates_intervals_and_lengths():
    r = evaluate(["random", ("random", {"prefer": ("claimplot",)})], games=2, seed=3)
    assert r["games"] == 2 and r["players"] == 2 and r["entrants"] == ["0:random", "1:random"]
    assert abs(sum(r["wins"].values()) - 2) < 1e-9 or r["unfinished"]
    for lab in r["entrants"]:
        lo, hi = r["ci95"][lab]
        assert 0 <= lo <= r["win_rate"][lab] <= hi <= 1
        assert r["seconds_per_move"][lab] >= 0
    assert len(r["lengths"]) == 2 and r["mean_length"] > 50


@pytest.mark.slow
def test_search_bot_beats_the_random_bot():
    """Issue 5: the search bot beats the random bot.  A guard, not the measure: two seeded 2-player games
    (seats alternate) at a tenth of the default playouts (20 a decision), both won -- a search that had
    lost its sense would win about half (at 20 playouts it won both games of each of three seeds tried).
    The measure of strength is a tournament, where volume belongs:
    ``python -m illumi_widgets.bots search random --games 200`` (DESIGN.md: 200 of 200 at the default)."""
    result = evaluate([("search", {"iterations": 20}), "random"], games=2, seed=3000)
    wins = result["wins"]["0:search"]
    lo, hi = wilson(wins, result["games"])
    print(f"\nsearch (20 playouts) vs random: {wins}/{result['games']} (95% CI {lo:.2f}-{hi:.2f}), "
          f"{result['seconds_per_move']['0:search']:.2f} s per move")
    assert result["games"] == 2 and wins == 2


def test_match_contract_once_match_takes_bots():
    """The contract on ``Match`` itself: ``bots=`` and ``run_bots()``."""
    m = Match("pax", players=2, bots={0: ("search", {"iterations": 4, "depth": 0}), 1: "random"}, seed=8)
    m.run_bots()
    assert m.state.is_terminal()
    m = Match("pax", players=2, bots={1: "random"}, seed=8)
    m.run_bots()
    assert m.state.to_act() == [0]
