"""The Gray Eminence scene and board widget: drawn from one seat's view, nothing hidden in it, text ≥ 11 px,
plain labels, clickable targets."""

from __future__ import annotations

import json
import re

import illumi_widgets
from illumi_widgets.engine.testing import _find_secrets
from illumi_widgets.games.gray_eminence.scene import gray_eminence_scene, option_targets
from illumi_widgets.match import Match

TYPES = {"rect", "circle", "poly", "line", "text", "icon"}


def test_scene_from_each_view_hides_secrets_and_reads_plainly(table):
    t = table(players=4, seed=3)
    for stop in ("bid", "program", "act", "vote", "trade"):
        t.drive(lambda x, stop=stop: x.top() == stop or x.state.is_terminal())
        for seat in (*range(4), None):
            scene = gray_eminence_scene(t.state.view(seat), t.game)
            assert {it["t"] for it in scene["items"]} <= TYPES
            texts = [it for it in scene["items"] if it["t"] == "text"]
            assert all(it["size"] >= 11 for it in texts)
            shown = " ".join(str(it["s"]) for it in texts)
            assert not re.search(r"\b[AEFGSTX]\d\d\b", shown), "ids shown as text"
            assert "seat " not in shown.lower()
            assert not _find_secrets(json.dumps(scene), t.game.secrets(t.d, seat))
            ids = {it.get("id") for it in scene["items"]}
            assert {"slot:eye", "slot:shadows", "pool:money"} <= ids
            if seat is not None:
                assert "box:money" in ids  # only the viewer's own Box of Secrets has counters
            box_texts = [it for it in scene["items"] if it.get("id", "").startswith("box:")]
            assert (seat is None) == (not box_texts)
        if t.state.is_terminal():
            break
        t.state.apply(t.first())


def test_clicks_point_at_board_things(table):
    t = table(players=3, seed=3)
    t.to_step("place")
    a = t.state.legal_actions()[0]
    assert option_targets(t.game, a) == [f"slot:{a.args[0]}"]
    t.to_step("program")
    s = t.state.to_act()[0]
    a = t.state.legal_actions(s)[0]
    # (the card, the slot -- and the slot named for its seat, as the omniscient board draws every seat's)
    assert option_targets(t.game, a) == [a.args[1], "prog:A", f"prog:A@{s}"]


def test_widget_and_match():
    board = illumi_widgets.GrayEminence(players=3, seed=2, seat=0, scenario="global")
    assert board.match.game.name == "gray-eminence"
    snap = board.match.snapshot("seat:0")
    assert snap["scene"]["w"] == 1280 and snap["decisions"] is not None
    assert board.view_as(1).perspective == "seat:1"
    assert Match("gray-eminence", players=3, seed=1).snapshot("spectator")["scene"]["w"] == 1280


def test_the_narrow_layout_stacks_blocks_that_read_at_470_px(table):
    """Issue 13: below ~900 px the Power Struggle Board's parts and the mats stack (each block at most ~560
    wide) and, drawn 470 CSS px wide with every text enlarged to 11 px, no two texts overlap and none leaves
    the board; at 1000 px the wide board reads too (the programming slot labels on two lines)."""
    from illumi_widgets.textfit import layout_for_width, problems_at

    for players in (3, 5):
        t = table(players=players, seed=players)
        for stop in ("bid", "program", "act", "vote"):
            t.drive(lambda x, stop=stop: x.top() == stop or x.state.is_terminal())
            for seat in (0, None):
                scene = gray_eminence_scene(t.state.view(seat), t.game)
                narrow = layout_for_width(scene, 470)
                assert narrow["w"] <= 576 and scene["layouts"]["narrow"]["scroll"]
                assert all(it["x"] + it.get("w", 0) <= 576 for it in narrow["items"] if "x" in it)
                assert problems_at(scene, 470) == []
                assert problems_at(scene, 1000) == []
            if t.state.is_terminal():
                break
            t.state.apply(t.first())


def test_no_text_runs_past_the_narrow_board_once_a_vote_is_done(table):
    """Issue 30: on a board about 1000 px wide (the narrow layout) "Last vote: …" was drawn from x = 500 of a
    576-wide layout and ran past its right edge.  Once a vote is done (its result on the board), every text
    of the narrow layout lies inside the layout's width, as drawn (enlarged to 11 px at 470 and 860 CSS px
    wide), and the result says which option won and by how many votes (each seat's vote in its tip), not
    "→ 1"."""
    from illumi_widgets.textfit import layout_for_width, problems_at, shape_box, text_box

    for players in (3, 5):
        t = table(players=players, seed=players)
        t.drive(lambda x: x.state.view(0).get("last_vote") is not None)
        for seat in (0, None):
            scene = gray_eminence_scene(t.state.view(seat), t.game)
            narrow = layout_for_width(scene, 470)
            texts = [it for it in narrow["items"] if it.get("t") == "text"]
            (said,) = [it["s"] for it in texts if it["s"].startswith("Last vote: ")]
            assert re.fullmatch(r"Last vote: (option \d+|“yes”|“no”) won( a tie)?, \d+ votes? to (\d+|none)",
                                said), said
            tips = [it for it in narrow["items"] if str(it.get("tip", "")).startswith("Last vote: ")]
            assert len(tips) == 1 and "\nVotes: " in tips[0]["tip"], tips  # (each seat's vote, in its tip)
            (line,) = [it for it in texts if it["s"] == said]
            x0, y0, x1, _y1 = shape_box(tips[0])
            assert x0 <= line["x"] <= x1 and y0 <= line["y"] <= y0 + 4, (tips[0], line)  # (over the line)
            for it in texts:
                x0, _y0, x1, _y1 = text_box(it)
                assert 0 <= x0 and x1 <= narrow["w"], (it["s"], x0, x1, narrow["w"])
            for px in (470, 860, 1000, 1250):
                assert problems_at(scene, px) == [], (players, seat, px)


def test_a_rivals_cards_the_seat_knows_are_drawn_for_that_seat_only(table):
    """Issue 13: the cards of a rival's hand a seat knows (a trade, a reveal: ``known`` in the data, the
    view's ``hand_known``) are on that seat's board, named in plain words -- and on no other seat's."""
    t = table(players=3, seed=3)
    t.to_step("program")
    card = t.d["hands"][1][0]
    t.d["known"].setdefault("0", []).append(card)  # seat 0 was shown this card of seat 1's hand
    name = t.game.cards.name(card)
    rival = t.game.seat_name(1)

    def texts(seat):
        return " ".join(str(it["s"]) for it in gray_eminence_scene(t.state.view(seat), t.game)["items"]
                        if it["t"] == "text")

    assert f"Known in {rival}'s hand: {name}" in texts(0)
    assert name not in texts(2) and "Known in" not in texts(2)
    assert "Known in" not in texts(None)


def test_a_cards_name_keeps_clear_of_its_edges():
    """On the setup choice "Mr. Osei Brandt" filled its card to 3 px of each edge (seen in the lesson's
    screenshot): every Gray Eminence card's name, as drawn, keeps at least 5 units from both edges (a longer
    name wraps onto its second line)."""
    from illumi_widgets.lessons import gray_eminence
    from illumi_widgets.textfit import drawn_lines, text_width

    match = gray_eminence.eminence().start()
    scene = gray_eminence_scene(match.state.view(0), match.game)
    cards = {it["id"]: it for it in scene["items"]
             if it["t"] == "rect" and str(it.get("id", "")).startswith("G")}
    names = [it for it in scene["items"] if it["t"] == "text" and it.get("maxw")
             and any(abs(it["x"] - (c["x"] + c["w"] / 2)) < 0.5 and c["y"] <= it["y"] <= c["y"] + c["h"]
                     for c in cards.values())]
    assert len(cards) >= 8 and len(names) == len(cards)
    assert any(it["s"] == "Mr. Osei Brandt" for it in names)
    for it in names:
        card = next(c for c in cards.values() if abs(it["x"] - (c["x"] + c["w"] / 2)) < 0.5
                    and c["y"] <= it["y"] <= c["y"] + c["h"])
        widest = max(text_width(line, it["size"], True) for line in drawn_lines(it, it["size"])[0])
        assert (card["w"] - widest) / 2 >= 5, (it["s"], card["w"], widest)
