"""Hidden information (RULINGS "Hidden information"), notation, records, positions, undo, labels, bots."""

from __future__ import annotations

import json
import re

from illumi_widgets import load_game
from illumi_widgets.engine import OMNISCIENT, Rng
from illumi_widgets.games.gray_eminence import model as M


def test_box_of_secrets_only_in_its_own_view(table):
    t = table(players=4, seed=2)
    t.to_phase("bidding")
    for viewer in (None, 0, 1, 2, 3):
        v = t.state.view(viewer)
        for s in v["seats"]:
            if s["seat"] == viewer:
                assert s["box"] == t.d["box"][viewer] and s["hand"] is not None
            else:
                assert s["box"] is None and s["hand"] is None
                assert len(s["secret_objectives"]) == sum(
                    1 for x in t.d["secret"][s["seat"]] if x in t.d["exposed"]
                )
    assert t.state.view(OMNISCIENT)["seats"][1]["box"] == t.d["box"][1]


def test_sealed_bid_program_and_vote_never_leak(table):
    t = table(players=3, seed=2)
    t.to_step("bid")
    a = t.state.to_act()[0]
    t.play(a, "bid money 1")
    t.play(a, "bid power 0")
    t.play(a, "bid influence 0")
    assert "You seal a bid of 1 money." in t.state.view(a)["log"]
    for other in (None, *range(3)):
        if other != a:
            v = t.state.view(other)
            assert v["seats"][a]["bid"] is None and v["seats"][a]["committed"] is True
            assert not any("seal a bid of" in line for line in v["log"])
            assert not any(d["seat"] == a for d in v["decisions"])
    t.to_step("program")
    s = t.state.to_act()[0]
    c = t.state.legal_actions(s)[0]
    t.state.apply(c)
    for other in range(3):
        if other != s:
            assert c.args[1] not in json.dumps(t.state.view(other))


def test_programmed_and_common_good_cards_hidden_until_revealed(table):
    t = table(players=3, seed=4)
    t.to_step("act")
    s = t.d["frames"][-1]["seat"]
    p = dict(t.d["prog"][s])
    other = next(x for x in range(3) if x != s)
    assert all(p[k] not in json.dumps(t.state.view(other)) for k in "ABC")
    t.play(s, f"resolve {p['A']} common")
    assert p["A"] not in json.dumps(t.state.view(other))
    assert p["A"] in json.dumps(t.state.view(s))  # "my cards in the Common Good pile"


def test_notation_round_trip_and_explain(table):
    t = table(players=3, seed=3)
    for _ in range(150):
        for a in t.state.legal_actions():
            assert t.state.parse(a.notation(), a.seat) == a
        t.state.apply(t.first())
    t.to_step("bid")
    s = t.state.to_act()[0]
    msg = t.state.explain(t.state.parse("bid money 99", s))
    assert "Bidding (phase 3)" in msg


def test_labels_are_plain_words(table):
    t = table(players=3, seed=3)
    ids = re.compile(r"\b[AEFGSTX]\d\d\b")
    for _ in range(400):
        for a in list(t.state.legal_actions())[:30]:
            text = t.game.label(t.d, a, a.seat)
            assert text and not ids.search(text), text
            assert "seat" not in text.lower()
        if t.state.is_terminal():
            break
        t.state.apply(t.first())
    assert t.game.legend() and all({"symbol", "color", "text"} <= set(x) for x in t.game.legend())


def test_record_and_position_round_trip_and_undo(table):
    t = table(players=4, seed=5)
    t.to_phase("resolution")
    rec = json.loads(json.dumps(t.state.record()))
    again = t.game.load(rec)
    assert again.position() == t.state.position()
    pos = t.game.load_position(t.state.position())
    assert pos.view(0)["seats"] == t.state.view(0)["seats"]
    before = t.game.encode(t.d)
    a = t.first()
    t.state.apply(a)
    t.state.undo()
    assert t.game.encode(t.d) == before


def test_edit_refuses_an_inconsistent_position(table):
    import pytest

    from illumi_widgets.engine import RecordError

    t = table(players=3, seed=5)
    t.to_phase("bidding")
    with pytest.raises(RecordError, match="money"):
        with t.state.edit() as d:
            d["box"][0][0] += 5  # resources from nowhere
    with pytest.raises(RecordError, match="Action cards"):
        with t.state.edit() as d:
            d["hands"][0].append(d["hands"][1][0])


def test_determinize_keeps_the_seat_view(table):
    t = table(players=4, seed=6)
    rng = Rng(3)
    for stop in ("bid", "program", "act", "trade", "score"):
        t.to_step(stop)
        for seat in range(4):
            world = t.game.determinize(t.d, seat, rng)
            assert t.game.view(world, seat) == t.game.view(t.d, seat)
            assert t.game.problems(world) == []
        t.state.apply(t.first())


def test_random_and_search_bots_play_any_seat():
    from illumi_widgets.bots.base import run_bots
    from illumi_widgets.bots.registry import make_bot

    g = load_game("gray-eminence", players=3, scenario="global")
    st = g.new_state(seed=4)
    bots = {0: make_bot("random", seat=0), 1: make_bot("random", seat=1), 2: make_bot("random", seat=2)}
    run_bots(st, bots, max_steps=20000)
    assert st.is_terminal()
    st = g.new_state(seed=5)
    bots[1] = make_bot("search", seat=1, iterations=4, depth=8)
    played = run_bots(st, bots, max_steps=120)
    assert any(a.seat == 1 for a in played) and M.order(st.data)


def test_trader_bot_trades_sensibly_and_never_stalls():
    from illumi_widgets.bots.base import run_bots
    from illumi_widgets.games.gray_eminence.bots import TraderBot

    g = load_game("gray-eminence", players=4, scenario="eu")
    for seed in (1, 2):
        st = g.new_state(seed=seed)
        bots = {s: TraderBot(s, seed=s) for s in range(4)}
        run_bots(st, bots, max_steps=20000)
        assert st.is_terminal()
        trades = st.data["trades"]
        by_round: dict = {}
        for tr in trades:
            key = (tr["round"], tr["from"])
            by_round[key] = by_round.get(key, 0) + 1
        assert all(v == 1 for v in by_round.values())  # at most one proposal per phase each
        for tr in trades:  # every proposal: 1 of a plentiful resource for 1 of a scarce one
            assert sum(tr["give"].values()) == 1 and sum(tr["get"].values()) == 1
        assert any(tr["accepted"] for tr in trades) or not trades


def test_evaluate_runs_for_gray_eminence():
    from illumi_widgets.bots import available, evaluate

    assert "trader" in available("gray-eminence") and "trader" not in available("pax")
    res = evaluate(
        ["trader", "random", "random"],  # by name: the games run in other processes
        games=2,
        game="gray-eminence",
        seed=3,
    )
    assert res["games"] == 2 and not res["unfinished"]


def test_presentation_hooks(table):
    t = table(players=3, seed=3)
    t.to_step("program")
    s = t.state.to_act()[0]
    card = t.d["hands"][s][0]
    hint = t.game.hint(t.d, s, card)
    assert hint is not None and hint.kind == "program" and card in hint.args
    assert t.game.hint(t.d, s, "nothing-here") is None
    assert t.game.touched(t.d, hint) == [card]
    t.to_step("bmanswer")
    target = t.d["frames"][-1]["seat"]
    refuse = t.state.parse("refuse", target)
    assert "Refuse?" in t.game.confirm(t.d, refuse)
    assert t.game.confirm(t.d, t.state.parse("comply", target)) is None
    assert t.game.label(t.d, refuse, target) == "Refuse the blackmail"
    assert t.game.label(t.d, refuse, None).startswith(t.game.seat_name(target) + ": ")
    legend = t.game.legend(0)
    assert {x["text"].split(":")[0] for x in legend} >= {
        "In the Public Eye",
        "Gray Eminence",
        "In the Shadows",
    }


def test_every_action_kind_parses_back_from_its_notation_through_the_grammar():
    # records replay through Game.parse (not the legal list): every kind the rules can carry out (a
    # ``do_<kind>`` in actions.py, which Game.apply calls) must be a word of the notation's grammar, and
    # the grammar knows no kind the rules cannot carry out
    from illumi_widgets.games.gray_eminence import actions
    from illumi_widgets.games.gray_eminence.notation import KINDS, parse_words

    g = load_game("gray-eminence", players=3)
    carried_out = {name.removeprefix("do_") for name in vars(actions) if name.startswith("do_")}
    assert carried_out == KINDS
    for text in (
        "program D A05 common money",
        "bid influence 3",
        "blackmail 2 F03",
        "offer card A07",
        "contest 4",
        "donate power",
        "vote yes",
        "accept A01 S02",
    ):
        kind, args = parse_words(text)
        assert g.format(kind, args) == text


def test_explain_names_the_rule(table):
    t = table(players=3, seed=4)
    t.to_step("program")
    eye = t.d["track"][0]
    gray = next(s for s in t.d["track"][1:4] if s is not None)
    h = t.d["hands"][eye]
    assert "slots A (Common Good), B (Personal Gain), C (discard)" in t.state.explain(
        t.state.parse(f"program D {h[0]} common money", eye)
    )
    for slot, c in zip("ABC", h, strict=False):
        t.play(eye, f"program {slot} {c}")
    assert "say which type" in t.state.explain(t.state.parse(f"program D {h[3]} common", eye))
    g = t.d["hands"][gray]
    for slot, c in zip("ABC", g, strict=False):
        t.play(gray, f"program {slot} {c}")
    assert "It pays to be Gray" in t.state.explain(t.state.parse(f"program D {g[3]} common money", gray))
    t.to_step("act")
    s = t.d["frames"][-1]["seat"]
    other = next(x for x in range(3) if x != s)
    assert "not" in t.state.explain(t.state.parse("done", other)).lower()
    assert "resolve all your programmed cards first" in t.state.explain(t.state.parse("done", s))
