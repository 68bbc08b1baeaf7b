"""Setting up a Primordial Secrets position by hand (teaching notebooks, tests, analysis).

    >>> from illumi_widgets.games.primordial.setup import Table
    >>> t = Table(players=3, seed=1)            # a new game at the first Plotting Phase
    >>> t.hand(0, ["emissary", "puppeteer", "dawn-prophet", "messenger", "messenger", "messenger"])
    >>> t.plot((0, "host messenger messenger messenger visit left"), ...)

Cards are named by card id.  Every helper goes through the position editor (the one documented way to
change a position, :mod:`illumi_widgets.games.primordial.editor`): a card of a type is taken in the editor's
order (the seat's own cards first, then the supply, then other seats'), the position is checked for
consistency (every card in exactly one place) and becomes the game's new starting point.  The helpers name
the seat first and then its cards (``hand(seat, cards)``), as a table is arranged seat by seat; the editor's
own ``move(card, to, who)`` names the card first, like every game's editor.
"""

from __future__ import annotations

from illumi_widgets.editor import edit
from illumi_widgets.engine.registry import load_game


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
        """Give ``seat`` exactly ``cards`` in hand (the old hand goes back on top of the Deck, so the seat's
        own cards are used first); ``deck_top``: the next cards of the Deck, first drawn first."""
        with edit(self.state) as ed:
            for i in list(ed.data["hand"][seat]):
                ed.move(i, "deck", who=seat)
            for cid in cards:
                ed.move(cid, "hand", who=seat)
            for cid in reversed(deck_top):
                ed.move(cid, "deck", who=seat)

    def court(self, pawns=(), royals=()):
        """Put these cards in The Court; as many present ones (the oldest first) go to the bottom of their
        deck."""
        with edit(self.state) as ed:
            for cid in pawns:
                ed.move(ed.data["court_pawns"][0], "pawn_deck", bottom=True)
                ed.move(cid, "court_pawns")
            for cid in royals:
                ed.move(ed.data["court_royals"][0], "royal_deck", bottom=True)
                ed.move(cid, "court_royals")

    def intents(self, seat, ids):
        """Put these Intents in ``seat``'s Intent Deck (on top; those already there stay where they are)."""
        with edit(self.state) as ed:
            for cid in ids:
                if cid not in {self.g.types[i] for i in ed.data["intent_deck"][seat]}:
                    ed.move(cid, "intent_deck", who=seat)

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
