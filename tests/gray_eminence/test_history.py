"""Gray Eminence's history table (issue 29, ``state.history_table()``): bids, roles, programs, votes with
their tallies and trades per round, as data; a seat's table holds only what its view shows."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game
from illumi_widgets.games.gray_eminence.history import COLUMNS


@pytest.fixture(scope="module")
def played():
    g = load_game("gray-eminence", players=4)
    s = g.new_state(seed=5)
    s.play_until(lambda st: st.data["round"] >= 2 and st.data["phase"] == "trading")
    return s


def test_rows_cover_bids_roles_programs_votes_and_trades(played):
    rows = played.history_table()
    assert rows and all(tuple(r) == COLUMNS for r in rows)
    kinds = {r["what"] for r in rows}
    assert {"bid", "role", "program", "vote", "trade", "action"} <= kinds
    for rnd in (1, 2):
        bids = [r for r in rows if r["what"] == "bid" and r["round"] == rnd]
        assert len(bids) == 4 and sorted(r["rank"] for r in bids) == [1, 2, 3, 4]
        for r in bids:
            assert r["total"] == r["money"] + r["power"] + r["influence"]
        roles = [r for r in rows if r["what"] == "role" and r["round"] == rnd]
        # Phase 3: players place in winning order, so the role rows follow the bids' ranks
        by_rank = {r["rank"]: r["player"] for r in bids}
        assert [r["player"] for r in roles] == [by_rank[i] for i in range(1, 5)]
        assert sum(r["position"] == "In the Public Eye" for r in roles) == 1
        assert sum(r["position"] == "In the Shadows" for r in roles) == 1
    for r in rows:
        if r["what"] == "vote":
            counted = sum(int(x.rsplit(" ", 1)[1]) for x in r["tally"].split(", "))
            assert counted == 4 and r["result"] in r["votes"]
    frame = played.history_table(as_frame=True)
    assert list(frame.columns) == list(COLUMNS) and len(frame) == len(rows)


def test_a_seats_table_shows_only_what_its_view_shows(played):
    g = played.game
    everything = played.history_table()
    for seat in range(4):
        mine = played.history_table(seat)
        name = g.seat_name(seat)
        progs = [r for r in mine if r["what"] == "program"]
        assert progs and all((r["cards"] is not None) == (r["player"] == name) for r in progs if r["count"])
        # a trade between two others never names the Action cards or Secret Objectives handed over
        hidden = {g.cards.name(c) for c in list(g.cards.actions) + list(g.cards.objectives)}
        for r in mine:
            if r["what"] == "trade" and name not in (r["player"], r["other"]):
                assert not any(h in r["deal"] for h in hidden)
        # the same public rows as the analyst's (bids, roles, votes once revealed)
        for what in ("bid", "role", "vote"):
            assert [{k: v for k, v in r.items() if k != "log"} for r in mine if r["what"] == what] == [
                {k: v for k, v in r.items() if k != "log"} for r in everything if r["what"] == what]


def test_sealed_bids_are_not_in_a_seats_table_until_revealed():
    g = load_game("gray-eminence", players=3)
    s = g.new_state(seed=2)
    s.play_until(lambda st: st.data["frames"] and st.data["frames"][-1]["t"] == "bid")
    first = s.to_act()[0]
    s.apply(s.legal_actions(first)[-1])
    assert not [r for r in s.history_table() if r["what"] == "bid" and r["round"] == s.data["round"]]
    for seat in range(3):
        assert all(r["what"] != "bid" or r["round"] < s.data["round"] for r in s.history_table(seat))
