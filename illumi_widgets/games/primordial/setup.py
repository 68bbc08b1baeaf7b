"""``Table``: a thin shortcut over the position editor for teaching notebooks and tests.

    >>> from illumi_widgets.games.primordial.setup import Table
    >>> t = Table(players=3, seed=1)            # a new game at the first Plotting Phase
    >>> t.hand(0, ["emissary", "puppeteer", "dawn-prophet", "messenger", "messenger", "messenger"])
    >>> t.plot((0, "host messenger messenger messenger visit left"), ...)

Each arranging method is one ``with edit(state) as ed:`` block calling the editor method of the same name
(:mod:`illumi_widgets.games.primordial.editor`, where every rule of arranging lives: which card is taken,
what is refused); the others play actions or read the position.  The game's own setup (decks, Intents,
the Royal cut, the held-out Pawns, The Court) is the deal, ``PrimordialGame._do_deal``.
"""

from __future__ import annotations

from illumi_widgets.editor import edit
from illumi_widgets.engine.registry import load_game


class Table:
    """``Table(players, seed)``: a game at the first Plotting Phase with shortcuts to arrange it."""

    def __init__(self, players=3, seed=1, **options):
        self.g = load_game("primordial", players=players, **options)
        self.state = self.g.new_state(seed=seed)

    @property
    def d(self):
        return self.state.data

    def edit(self):
        """``with t.edit() as ed:`` -- the position editor itself."""
        return edit(self.state)

    def hand(self, seat, cards, deck_top=()):
        """``ed.hand``: exactly these cards in hand; ``deck_top``: the next cards of the Deck."""
        with edit(self.state) as ed:
            ed.hand(seat, cards, deck_top)

    def court(self, pawns=(), royals=()):
        """``ed.court``: these cards in The Court (the oldest there go under their deck)."""
        with edit(self.state) as ed:
            ed.court(pawns, royals)

    def intents(self, seat, ids):
        """``ed.intents``: these Intents in ``seat``'s Intent Deck."""
        with edit(self.state) as ed:
            ed.intents(seat, ids)

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
        return self.g.card_stats(self.d, inst)[name]
