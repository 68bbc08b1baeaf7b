"""The evaluation overlay on the Primordial Secrets and Gray Eminence boards (issue 18).

A Primordial plot is composed on the board (its three host cards and its Intent are clicked): the overlay
draws its halos on those cards -- the targets the board's own decision list gives each option (the
presenter's ``compose``), not only the presenter's ``targets`` (empty for a plot).  An option that names
several entities gets halos on each but ONE "62%" label."""

from __future__ import annotations

from illumi_widgets import GrayEminence, Match, PrimordialSecrets
from illumi_widgets.engine import CHANCE, Rng
from illumi_widgets.engine.testing import random_action


def _overlay(board):
    items = [it for it in board.effective_scene["items"] if it.get("analysis")]
    halos = {(it["x"], it["y"]) for it in items if it["analysis"] == "halo"}
    labels = [it["s"] for it in items if it["analysis"] == "label" and it["t"] == "text"]
    return halos, labels


def test_primordial_plot_overlay_on_the_cards_it_names():
    board = PrimordialSecrets(match=Match("primordial", players=3, seed=5), seat=0)
    res = board.analyse(iterations=40, wait=True)
    snap = board.match.snapshot("seat:0")
    composed = {o["notation"]: o["targets"] for d in snap["decisions"] for o in d["options"]}
    assert res.rows and all(r["targets"] == composed[r["action"]] for r in res.rows)
    assert all(len(r["targets"]) == 4 for r in res.rows)  # three hosts and an Intent
    halos, labels = _overlay(board)
    hand = {c for c in board.state.data["hand"][0]} | set(board.state.data["intent_deck"][0])
    assert {f"c{i}" for i in hand} >= {t for r in res.rows for t in r["targets"]}
    assert len(halos) >= 4 and 1 <= len(labels) <= 3 and all(s.endswith("%") for s in labels)
    board.close()


def test_gray_eminence_programming_overlay():
    st = Match("gray-eminence", players=3, seed=5).state
    rng = Rng(3)
    while st.data["phase"] != "programming":
        st.apply(random_action(st, rng))
    seat = next(s for s in st.to_act() if s != CHANCE)
    board = GrayEminence(match=Match.from_state(st), seat=seat)
    res = board.analyse(iterations=40, wait=True)
    halos, labels = _overlay(board)
    assert res.rows and len(halos) >= 2 and 1 <= len(labels) <= 3
    assert len(board.analysis) == len(res.rows) and int(board.analysis["visits"].sum()) == 40
    board.close()


def _setup_board(kind):
    """A Gray Eminence board of the seat making the setup choice ``kind`` (``eminence``: choosing the Gray
    Eminence; ``keep``: keeping Secret Objectives)."""
    st = Match("gray-eminence", players=3, seed=5).state
    rng = Rng(3)

    def chooser():
        return next((s for s in st.to_act()
                     if s != CHANCE and any(a.kind == kind for a in st.legal_actions(s))), None)
    while chooser() is None:
        st.apply(random_action(st, rng))
    return GrayEminence(match=Match.from_state(st), seat=chooser())


def _inside(inner, outer, slack=0):
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def _box(it):
    return (it["x"], it["y"], it["x"] + it["w"], it["y"] + it["h"])


def _check_layout(res, items, w, h):
    """Every option with a target drawn gets a halo; the best three a label next to their halo, the labels
    never on one another and covering at most a sliver of the board's text outside their own option (the
    labels used to sit on the heading above the cards and on the card names of the row above); the band
    below the board."""
    from illumi_widgets.textfit import text_box

    board = [it for it in items if not it.get("analysis")]
    over = [it for it in items if it.get("analysis")]
    ids = {it.get("id") for it in board}
    options = [r for r in res.rows if r["visits"] and r["targets"][0] in ids]
    halos = [_box(it) for it in over if it["analysis"] == "halo"]
    assert len(options) == len(res.rows) and len(halos) == len(options)
    pills = [_box(it) for it in over if it["analysis"] == "label" and it["t"] == "rect"]
    assert len(pills) == min(3, len(options))
    for k, (p, r) in enumerate(zip(pills, options[:3], strict=True)):
        # next to its option's halo (one target each: the halos are in rank order), on it or beside it
        assert _inside(p, halos[k], slack=p[2] - p[0] + 4), (r["label"], p, halos[k])
        assert 0 <= p[0] and p[2] <= w and 0 <= p[1] and p[3] <= h
        for q in pills[k + 1:]:
            assert min(p[2], q[2]) <= max(p[0], q[0]) or min(p[3], q[3]) <= max(p[1], q[1])
        for t in board:
            if t.get("t") != "text":
                continue
            tb = text_box(t)
            if _inside(tb, halos[k]):
                continue  # the option's own name: a tight card has no free corner
            cover = max(0, min(p[2], tb[2]) - max(p[0], tb[0])) * max(0, min(p[3], tb[3]) - max(p[1], tb[1]))
            assert cover < 0.25 * (p[2] - p[0]) * (p[3] - p[1]), (r["label"], t["s"], p, tb)
    band = [it for it in over if it["analysis"] == "text" and it["t"] == "rect"]
    assert len(band) == 1 and band[0]["y"] == h - band[0]["h"] and band[0]["w"] == w
    text = next(it["s"] for it in over if it["analysis"] == "text" and it["t"] == "text")
    assert res.rows[0]["label"] in text


def test_gray_eminence_setup_choices_get_halos_and_labels():
    """Choosing the Gray Eminence and keeping Secret Objectives (issue 18): the offered cards get halos and
    the best three their "62%" labels, placed off the heading above the cards and off one another -- in the
    wide layout and in the narrow one (each layout gets its own overlay, the band under its board); the
    expected line names another seat's mover once ("Blue: Play as …", not "Blue: Blue: …")."""
    for kind in ("eminence", "keep"):
        board = _setup_board(kind)
        res = board.analyse(iterations=40, wait=True)
        assert {r["action"].split()[0] for r in res.rows} == {kind}
        scene = board.effective_scene
        _check_layout(res, scene["items"], scene["w"], scene["h"])
        narrow = scene["layouts"]["narrow"]
        _check_layout(res, narrow["items"], narrow["w"], narrow["h"])
        for m in res.line:
            assert not m["label"].startswith(m["name"] + ":")
        board.close()
