"""Helpers for the Primordial Secrets rule tests: arrange hands and piles by card id, then play plots."""

from __future__ import annotations

import pytest

from illumi_widgets import load_game

RESERVOIRS = ("pawn_deck", "held_out", "royal_deck", "removed", "court_pawns", "court_royals", "familiars")


def fetch(g, d, cid, seat=None):
    """Take an instance of card ``cid`` out of a reservoir (the seat's own Deck first for starting cards)."""
    zones = []
    if seat is not None:
        zones.append(d["deck"][seat])
        zones.append(d["discard"][seat])
    zones += [d[z] for z in RESERVOIRS]
    for s in range(d["n"]):
        zones += [d["deck"][s], d["discard"][s]]
    if cid in g.intents:
        for s in ([seat] if seat is not None else []) + list(range(d["n"])):
            zones += [d["intent_deck"][s], d["intent_discard"][s], d["secrets"][s]]
    for z in zones:
        for i in reversed(z):
            if g.types[i] == cid:
                z.remove(i)
                return i
    raise AssertionError(f"no free copy of {cid}")


class Table:
    """``Table(players, seed)``: a game at the first Plotting Phase with tools to arrange it."""

    def __init__(self, players=3, seed=1, **options):
        self.g = load_game("primordial", players=players, **options)
        self.state = self.g.new_state(seed=seed)
        assert self.state.data["frames"][-1]["t"] == "plot"

    @property
    def d(self):
        return self.state.data

    def hand(self, seat, cards, deck_top=()):
        """Give ``seat`` exactly ``cards`` in hand (the old hand goes back to the Deck); ``deck_top``: the
        next cards of the Deck, first drawn first."""
        g = self.g
        with self.state.edit() as d:
            d["deck"][seat] += d["hand"][seat]
            d["hand"][seat] = []
            for cid in cards:
                d["hand"][seat].append(fetch(g, d, cid, seat))
            for cid in reversed(deck_top):
                d["deck"][seat].append(fetch(g, d, cid, seat))

    def court(self, pawns=(), royals=()):
        """Put these cards in The Court (replacing as many of the present ones, which go back to their deck)."""
        g = self.g
        with self.state.edit() as d:
            for cid in pawns:
                d["pawn_deck"].insert(0, d["court_pawns"].pop(0))
                d["court_pawns"].append(fetch(g, d, cid))
            for cid in royals:
                d["royal_deck"].insert(0, d["court_royals"].pop(0))
                d["court_royals"].append(fetch(g, d, cid))

    def intents(self, seat, ids):
        """Put these Intents in ``seat``'s Intent Deck (others stay where they are)."""
        g = self.g
        with self.state.edit() as d:
            for cid in ids:
                if cid not in {g.types[i] for i in d["intent_deck"][seat]}:
                    d["intent_deck"][seat].append(fetch(g, d, cid, seat))

    def plot(self, *plots):
        """``plot((seat, "host a b c visit left"), ...)``: each seat's sealed plot, in turn."""
        for seat, text in plots:
            self.state.apply(self.state.parse("plot " + text, seat=seat))

    def play(self, text, seat=None):
        if seat is None:
            (seat,) = self.state.to_act()
        self.state.apply(self.state.parse(text, seat=seat))

    def names(self, zone, seat):
        return [self.g.types[i] for i in self.d[zone][seat]]

    def inst(self, zone, seat, cid):
        return next(i for i in self.d[zone][seat] if self.g.types[i] == cid)

    def stat(self, inst, name):
        return self.g.stat_of(self.d, inst, name)


@pytest.fixture
def table():
    return Table
