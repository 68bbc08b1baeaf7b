"""Setting up Illuminati positions by hand (tests, teaching, analysis)::

    with Table(state) as t:
        t.assign(["bavarian-illuminati", "network", "ufos"], money=20)
        t.give(0, "mafia", "bavarian-illuminati", "east", money=5)
        t.uncontrolled("cia")
        t.start_turn(0)

Every change keeps the position consistent (money through the bank counter ``minted``); on leaving,
``state.edit`` checks the position with ``problems()`` and runs the automatic steps.
"""

from __future__ import annotations

from . import model as M


class Table:
    def __init__(self, state):
        self.state = state
        self.game = state.game
        self._cm = None
        self.d = None

    def __enter__(self):
        self._cm = self.state.edit()
        self.d = self._cm.__enter__()
        return self

    def __exit__(self, *exc):
        return self._cm.__exit__(*exc)

    # -- low level ------------------------------------------------------------------------------------
    def take(self, card: str) -> None:
        """Remove ``card`` from wherever it is (a group in a structure loses its puppets to the box)."""
        d = self.d
        for where in ("box", "deck", "unc", "dead", "discard", "out"):
            if card in d[where]:
                d[where].remove(card)
                return
        for hand in d["hands"]:
            if card in hand:
                hand.remove(card)
                return
        if card in d["ctrl"]:
            for g in reversed(M.subtree(d, card)):
                d["minted"] -= d["money"].pop(g)
                del d["ctrl"][g]
                if g != card:
                    d["box"].append(g)

    def money(self, group: str, n: int) -> None:
        d = self.d
        d["minted"] += n - d["money"][group]
        d["money"][group] = n

    # -- high level -------------------------------------------------------------------------------------
    def clear(self) -> None:
        """Every non-Illuminati card back in the box; no Specials held; empty treasuries stay."""
        d = self.d
        for g in list(d["ctrl"]):
            if g in d["ctrl"] and not self.game.cards[g].illuminati:
                self.take(g)
                d["box"].append(g)
        for where in ("deck", "unc", "dead", "discard"):
            d["box"] += d[where]
            d[where] = []
        for hand in d["hands"]:
            d["box"] += hand
            hand.clear()

    def assign(self, ills, money: int | None = None) -> None:
        """Seat ``i`` plays ``ills[i]`` (puppets and treasuries stay); UFO goals are cleared."""
        d = self.d
        if len(ills) != d["n"] or len(set(ills)) != d["n"] or not set(ills) <= set(self.game.ill_ids):
            raise ValueError(f"give {d['n']} different Illuminati ids")
        ren = {d["illum"][s]: ills[s] for s in range(d["n"])}
        d["ctrl"] = {ren.get(g, g): [c[0], ren.get(c[1], c[1]), c[2]] for g, c in d["ctrl"].items()}
        d["money"] = {ren.get(g, g): v for g, v in d["money"].items()}
        d["out"] = [i for i in self.game.ill_ids if i not in ills]
        d["illum"] = list(ills)
        d["goals"] = [None] * d["n"]
        if money is not None:
            for ill in ills:
                self.money(ill, money)

    def give(self, seat: int, group: str, master: str | None = None, direction: str | None = None,
             money: int = 0) -> None:
        """Put ``group`` in ``seat``'s structure under ``master`` (default: its Illuminati), at the arrow
        pointing ``direction`` (default: the first open one)."""
        g = self.game
        self.take(group)
        master = master or self.d["illum"][seat]
        if direction is None:
            side = g.open_sides(self.d, master)[0]
        else:
            side = g.side_of_dir(self.d, master, direction)
            if side not in g.open_sides(self.d, master):
                raise ValueError(f"the {direction} arrow of {master} is not open")
        self.d["ctrl"][group] = [seat, master, side]
        self.d["money"][group] = 0
        self.money(group, money)

    def add(self, seat: int, group: str, money: int = 0) -> None:
        """Put ``group`` on the first open arrow of ``seat``'s structure (Illuminati first)."""
        for m in sorted(self.game.groups_of(self.d, seat), key=lambda h: (h != self.d["illum"][seat], h)):
            if self.game.open_sides(self.d, m):
                self.give(seat, group, m, money=money)
                return
        raise ValueError(f"no open arrow in seat {seat}'s power structure")

    def uncontrolled(self, group: str) -> None:
        self.take(group)
        self.d["unc"].append(group)

    def special(self, seat: int, special: str) -> None:
        self.take(special)
        self.d["hands"][seat].append(special)

    def deck(self, *cards: str) -> None:
        """Put ``cards`` on top of the deck (the last one drawn first)."""
        for c in cards:
            self.take(c)
            self.d["deck"].append(c)

    def start_turn(self, seat: int, turns_done: int | None = None) -> None:
        """Seat ``seat`` is in its action phase with two actions (income and draw already done)."""
        d = self.d
        d["frames"] = [{"t": "actions", "seat": seat}]
        d["active"] = seat
        d["used"], d["acts"], d["xfers"], d["busy"], d["priv_used"] = {}, 2, 2, False, False
        if turns_done is not None:
            d["turns"] = [turns_done] * d["n"]


def pass_talk(state) -> None:
    """Answer 'pass' to every pending table-talk question (the window before the active player acts)."""
    while state.data["frames"] and state.data["frames"][-1]["t"] == "talk" and not state.is_terminal():
        state.apply("pass")
