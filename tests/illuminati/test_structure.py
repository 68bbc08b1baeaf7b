"""The power structure: arrows, the overlap rule, moving, dropping (pp.3, 6, 7, 10)."""

from __future__ import annotations

from illumi_widgets.games.illuminati import model as M


def test_layout_follows_arrows(table):
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia", direction="east")
    pos = M.layout(state.data, 0, g.cards)
    assert pos["bavarian-illuminati"] == (0, 0, 0)
    x, y, r = pos["mafia"]
    assert (x, y) == (1, 0)
    # the Mafia's in-arrow (printed on its right side) faces west, back to its master
    assert (g.cards["mafia"].arrow_in + r) % 4 == M.DIRS.index("west")


def test_blocked_arrow_cannot_be_used(table):
    # p.10 Figure 5: an arrow pointing at another card of the structure is blocked
    state, g, edit = table()
    with edit() as t:
        t.give(0, "international-communist-conspiracy", direction="north")  # out: top, bottom, left
        t.give(0, "cfl-aio", direction="east")
    d = state.data
    for side in g.cards["international-communist-conspiracy"].arrows_out:
        dr = g.dir_of_side(d, "international-communist-conspiracy", side)
        x, y, _ = M.layout(d, 0, g.cards)["international-communist-conspiracy"]
        dx, dy = M.VEC[M.DIRS.index(dr)]
        blocked = (x + dx, y + dy) in {(a, b) for a, b, _ in M.layout(d, 0, g.cards).values()}
        assert (side in g.open_sides(d, "international-communist-conspiracy")) == (not blocked)


def test_move_keeps_puppets_and_counts_as_action(table):
    # p.7 Moving a Group: its puppets move with it
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia", direction="east", money=3)
        t.give(0, "yuppies", "cia", money=2)
    state.apply("move cia to bavarian-illuminati west")
    d = state.data
    assert d["acts"] == 1 and d["ctrl"]["yuppies"][1] == "cia" and d["money"]["cia"] == 3
    assert M.layout(d, 0, g.cards)["cia"][:2] == (-1, 0)
    assert not g.problems(d)
    assert "under itself" in state.explain("move cia to yuppies " + g.dir_of_side(
        d, "yuppies", g.cards["yuppies"].arrows_out[0]))


def test_drop_returns_puppets_and_money(table):
    # p.7 Dropping groups: puppets become uncontrolled too; READING: treasuries go to the bank
    state, g, edit = table()
    with edit() as t:
        t.give(0, "cia", money=3)
        t.give(0, "yuppies", "cia", money=2)
    minted = state.data["minted"]
    state.apply("drop cia")
    d = state.data
    assert {"cia", "yuppies"} <= set(d["unc"]) and d["minted"] == minted - 5 and d["acts"] == 2


def test_capture_rearranges_or_drops_puppets_that_cannot_fit(table):
    # p.6: overlapping new cards may move to other arrows of the same master; the rest are dropped.
    # READING: the first free arrow (top, right, bottom, left) is chosen automatically.
    state, g, edit = table()
    with edit() as t:
        t.give(0, "mafia", direction="east", money=30)
        t.give(0, "international-communist-conspiracy", direction="north")
        t.give(0, "cfl-aio", direction="south")
        t.give(1, "cia")
        for grp in ("yuppies", "fbi", "kgb"):
            t.give(1, grp, "cia")
    state.auto_chance = False
    state.apply("attack mafia control cia")
    state.play("spend 30 from mafia", "pass", "pass", "pass", "roll 2")
    state.apply("place north")
    d = state.data
    assert not g.problems(d)
    assert d["ctrl"]["cia"][:2] == [0, "mafia"]
    assert d["ctrl"]["yuppies"][:2] == [0, "cia"] and d["ctrl"]["fbi"][:2] == [0, "cia"]
    assert "kgb" in d["unc"] and "kgb" not in d["money"]
