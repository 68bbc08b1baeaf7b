"""The rulebook's four bots (EN "Playing with Bots", JA bot appendix; the bot rules; rulings 48-52, 58).

A bot seat is declared with the game option ``bots={seat: name}`` (names :data:`BOT_IDS`):
``load_game("pax", players=2, bots={1: "weishaupt"})``.  ``bot_redraw=False`` is the rulebook's "harder"
game (the people do not draw back up at the end of a bot's turn); ``bot_data=path`` replaces the
reconstructed placards of ``data/bots.json``.

The bot's turn goes through the normal engine.  Its Event Phase is the normal one (an Edict pays 1 to the
pool and 1 to the bot); then a ``bot`` decision frame holds the script's remaining steps, and at each step
the bot seat's only legal action is the one its script dictates, written ``bot <step> …``::

    bot plan                  flip the top Luminary card as the Plan card (again after an Ace or Crown)
    bot flip C3               turn the target face-up (Plan bots, step 2)
    bot scout C3              Scout: turn the face-down target face-up
    bot influence C3          1 Influence on the top-most open Location (free)
    bot influence C3 pay Nob  Adam Weishaupt's special Influence: 1 more, paying 1 matching Favor
    bot swap C3 PIL012        swap the target with the Plan card (Influence on it moves along)
    bot token C3              move the bot token (after an Influence, a Charge, …)
    bot extort C3             collect the card's Favor value (Conspire applies)
    bot expel C3              discard the target, the top Luminary card goes face-up in its place
    bot oust C3 Blue x2       challenge from the bot card; all matching Favor is spent for +1 each
    bot reveal                the bot's Oust card: the top card of the Luminary deck
    bot end                   the script is done: the Action Phase ends (then its Check Phase)

When the bot gains Favor with a choice, gives Favor (Conspire), subverts or may press a challenge, its single
legal action is the ordinary one (``collect …``, ``give …``, ``subvert …``, ``press``) chosen by the bot rules
(Primary Faction first).  Its Check Phase (``botcheck``) checks its placard's plots, flips an Event if an Ace
or Crown was revealed during its turn, discards the Plan cards, refreshes the Court and lets the people draw
back up.

Where the texts are silent or garbled the reading is marked ``READING:`` at the one place it is decided and
listed in ``RULES-NOTES.md``.
"""

from __future__ import annotations

from ...engine import Action, EngineError, IllegalAction
from ...engine.words import counted
from . import board as B
from .data import BOT_IDS, BOT_PLOTS, BotSpec, load_bots
from .favor import FACTION_NAMES, FACTIONS, FI
from .model import AREO, SEAT_COLORS
from .notation import format_bot, parse_bot  # the bot steps' notation (re-exported)

__all__ = ["BOT_IDS", "Automaton", "format_bot", "parse_bot", "parse_bots_option"]

#: the four sides of a card in clockwise order, seen from the bot's seat (EN: "clockwise order from the
#: Bot's perspective")
CLOCKWISE = ("forward", "right", "back", "left")
#: (row step, column step) of each direction for a bot whose Areopagus is on that side of the map
_VEC = {
    "bottom": {"forward": (-1, 0), "right": (0, 1), "back": (1, 0), "left": (0, -1)},
    "top": {"forward": (1, 0), "right": (0, -1), "back": (-1, 0), "left": (0, 1)},
    "left": {"forward": (0, 1), "right": (1, 0), "back": (0, -1), "left": (-1, 0)},
    "right": {"forward": (0, -1), "right": (-1, 0), "back": (0, 1), "left": (1, 0)},
}
_PLAN_BOTS = ("cagliostro", "weishaupt")
_FM_RC = ("freemason", "rosicrucian")


def parse_bots_option(players: int, value) -> dict[int, str]:
    """``bots={seat: name}`` → {seat: name}; seats may be ints or digit strings (records are JSON)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise EngineError(f"option bots must be a dict {{seat: bot name}}, got {value!r}", code="bad-option")
    out: dict[int, str] = {}
    for k, name in value.items():
        seat = int(k) if isinstance(k, str) and k.isdigit() else k
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players):
            raise EngineError(f"option bots: no seat {k!r} in a {players}-player game "
                              f"(seats 0-{players - 1})",
                              code="bad-option")
        key = name.strip().lower().replace(" ", "-").replace("_", "-") if isinstance(name, str) else name
        if key not in BOT_IDS:
            raise EngineError(f"option bots: unknown rulebook bot {name!r} for seat {seat} "
                              f"(known: {', '.join(BOT_IDS)})", code="unknown-bot")
        out[seat] = key
    # READING: the rulebook adds "one non-human opponent" to 1-3 people (JA bot setup): one bot per table
    if len(out) > 1:
        raise EngineError("option bots: the rulebook plays 1-3 people against ONE bot; "
                          f"{len(out)} bot seats were given", code="bad-option")
    return out


class Automaton:
    """The bot seats of one game and their scripts (one instance per :class:`PaxGame`)."""

    def __init__(self, game, seats: dict[int, str], redraw: bool = True, data=None):
        self.g = game
        specs = load_bots(data)
        self.spec: dict[int, BotSpec] = {s: specs[name] for s, name in seats.items()}
        self.redraw = redraw

    # ============================================================================================
    # setup, view
    # ============================================================================================
    def title(self, seat: int) -> str:
        return f"{SEAT_COLORS[seat]} ({self.spec[seat].name})"

    def after_deal(self, d, log) -> None:
        """Bot setup (JA bot setup 1-6): a placard instead of a role, Contact card and Favor as usual, the bot
        token on its Areopagus, no hand and no Plot cards (the deal skipped its hand and Plot)."""
        for s, spec in self.spec.items():
            d.bot_token[s] = AREO
            p = d.private_plot[s]
            if p is not None:
                d.private_plot[s] = None
                d.plot_pile.insert(0, p)  # the bottom of the pile (the top is the end of the list)
            log.add(f"{SEAT_COLORS[s]} is the rulebook bot {spec.name} (complexity {spec.complexity}, "
                    f"difficulty {spec.difficulty}): no hand, no Plot cards; its bot token starts on its "
                    "Areopagus.")

    def view(self, d) -> list:
        g = self.g
        out = []
        for s in range(d.seats):
            spec = self.spec.get(s)
            if spec is None:
                out.append(None)
                continue
            tok = d.bot_token[s]
            out.append({"bot": spec.id, "name": spec.name, "complexity": spec.complexity,
                        "difficulty": spec.difficulty,
                        "token": None if tok is None else g.place_name(tok),
                        "plots": [BOT_PLOTS[p] for p in spec.plots],
                        "diagram": {str(k): v for k, v in spec.diagram}})
        return out

    def prompt(self, d, f) -> str:
        s = f["seat"]
        step = format_bot(self.g, tuple(f["prog"][0])) if f.get("prog") else "—"
        return f"{self.title(s)}: the bot's script plays '{step}'"

    # ============================================================================================
    # the single legal action of a bot seat
    # ============================================================================================
    def choice(self, d, seat: int) -> Action | None:
        g = self.g
        if not d.frames or d.result is not None:
            return None
        f = d.frames[-1]
        t = f["t"]
        if t == "bot":
            if f["seat"] == seat and f["prog"]:
                return g.act(seat, "bot", *f["prog"][0])
            return None
        if t == "reveal":
            first = f.get("first")
            if (seat in (f["att"], f["def"]) and str(seat) not in f["commits"]
                    and (first is None or first == seat or str(first) in f["commits"])):
                return g.act(seat, "bot", "reveal")
            return None
        if t in ("deal", "shuffle") or f.get("seat") != seat:
            return None
        g._automa_raw = True
        try:
            legal = [a for a in g.candidates(d, seat) if g.check(d, a) is None]
        finally:
            g._automa_raw = False
        if not legal:
            return None
        pref = self.preference(d, seat)
        rank = {x: i for i, x in enumerate(pref)}
        if t == "collect":  # EN The Bot and Favors: it prioritizes collecting its Primary Faction
            return max(legal, key=lambda a: tuple(a.args[0][x] for x in pref))
        if t == "give":  # … and keeps it when it must give Favor away (Conspire): give the least preferred
            return max(legal, key=lambda a: rank[a.args[1]])
        if t == "subvert":
            # READING: a bot subverts from the player holding the most of that Faction (ties: turn order)
            fac = f["fac"]
            order = [(seat + i) % d.seats for i in range(1, d.seats)]
            return max(legal, key=lambda a: (d.favor[a.args[0]][fac], -order.index(a.args[0])))
        if t == "press":
            # READING: a bot always presses a challenge whose automatic wins cancelled (its Oust card comes
            # from the deck), unless no card is left to reveal
            want = "press" if (d.deck or d.discard) else "calloff"
            return next((a for a in legal if a.kind == want), legal[0])
        return legal[0]  # READING: any other decision (never reached by the scripts): the first legal option

    def preference(self, d, seat: int) -> list[int]:
        """Faction order of the bot's Favor choices: the bot card's Primary, its Secondary, the Contact card's
        Factions, then the rest (the bot rules: Primary first)."""
        out: list[int] = []
        for x in (*self.card_factions(d, seat), *self.g.contact_fac[d.contacts[seat]], *range(6)):
            if x not in out:
                out.append(x)
        return out

    def candidates(self, d, seat: int) -> list[Action]:
        a = self.choice(d, seat)
        return [] if a is None else [a]

    def check(self, d, f, a) -> IllegalAction | None:
        g = self.g
        if a.seat not in self.spec:
            return IllegalAction(f"“{g.said(d, a)}” is a bot step; {g.seat_name(a.seat)} is not a rulebook "
                                 "bot",
                                 code="not-a-bot")
        want = self.choice(d, a.seat)
        if want is None:
            return IllegalAction(f"{self.title(a.seat)} has nothing to decide now", code="not-your-decision")
        if want != a:
            return IllegalAction(f"{self.title(a.seat)} is a rulebook bot: its script plays "
                                 f"“{g.said(d, want)}” "
                                 "now (the bot rules)", code="bot-script")
        return None

    # ============================================================================================
    # geometry: directions seen from the bot's seat
    # ============================================================================================
    def _step(self, seat: int, c: int, direction: str) -> int | None:
        geom = self.g.geom
        dr, dc = _VEC[self.g.sides[seat]][direction]
        r, k = geom.row_of[c] + dr, geom.col_of[c] + dc
        if 0 <= r < geom.rows and 0 <= k < geom.cols:
            return r * geom.cols + k
        return None

    def areo_sides(self, seat: int) -> tuple[int, int]:
        """The two cards the bot's Areopagus touches: (the one on the bot's left, the one on its right)."""
        geom = self.g.geom
        dr, dc = _VEC[self.g.sides[seat]]["left"]
        a, b = self.g.areo_cells[seat]
        score = [geom.row_of[c] * dr + geom.col_of[c] * dc for c in (a, b)]
        return (a, b) if score[0] >= score[1] else (b, a)

    def resolve(self, seat: int, frm: int, direction: str) -> int | None:
        """The card in ``direction`` from ``frm`` (None: off the map)."""
        if frm == AREO:
            # READING: on its Areopagus the bot touches two cards: "left" is the one on its left, "right" the
            # one on its right; straight ahead lies between them, so "forward", "back" and "here" point off
            # the map and the clockwise search decides (forward -> right card, back -> left card)
            left, right = self.areo_sides(seat)
            return {"left": left, "right": right}.get(direction)
        if direction == "here":
            return frm
        return self._step(seat, frm, direction)

    def target(self, seat: int, frm: int, strength: int) -> tuple[int, str]:
        """EN Plan card direction priority: the diagram's direction for ``strength``; off the map, the nearest
        card clockwise from the bot's point of view."""
        direction = self.spec[seat].direction(strength)
        c = self.resolve(seat, frm, direction)
        if c is not None:
            return c, direction
        # READING: "here" off the map (the bot card is the Areopagus) searches clockwise from "forward"
        i = CLOCKWISE.index("forward" if direction == "here" else direction)
        for j in range(1, 5):
            nd = CLOCKWISE[(i + j) % 4]
            c = self.resolve(seat, frm, nd)
            if c is not None:
                return c, nd
        raise AssertionError("a map card always has a neighbour")  # pragma: no cover

    def adjacent_order(self, seat: int, frm: int) -> list[int]:
        """The cards adjacent to the bot card (itself included), highest diagram number first (the tie rule of
        the bots without Plan, the bot rules)."""
        out: list[int] = []
        for n in (6, 5, 4, 3, 2):
            c, _ = self.target(seat, frm, n)
            if c not in out:
                out.append(c)
        extra = [c for c in (self.g.adj[frm] if frm != AREO else self.areo_sides(seat)) if c not in out]
        return out + sorted(extra)

    def any_key(self, d, seat: int):
        """READING: ties among ANY cards (not adjacent to the bot card, so the diagram cannot rank them):
        nearest to the bot card first, then the farthest forward, then from the bot's left to its right."""
        geom = self.g.geom
        frm = d.bot_token[seat]
        srcs = self.areo_sides(seat) if frm == AREO else (frm,)
        fr, fc = _VEC[self.g.sides[seat]]["forward"]
        rr, rc = _VEC[self.g.sides[seat]]["right"]

        def key(c):
            r, k = geom.row_of[c], geom.col_of[c]
            dist = min(abs(r - geom.row_of[x]) + abs(k - geom.col_of[x]) for x in srcs) + (frm == AREO)
            return (dist, -(r * fr + k * fc), r * rr + k * rc)

        return key

    # ============================================================================================
    # board queries (b = the bot seat)
    # ============================================================================================
    def card_factions(self, d, b: int) -> tuple[int, ...]:
        """The bot card's Factions, Primary first; on the Areopagus its Contact card's (READING)."""
        c = d.bot_token[b]
        if c is None or c == AREO or not d.up[c] or d.cards[c] is None:
            return self.g.contact_fac[d.contacts[b]]
        return self.g.cfac[d.cards[c]]

    @staticmethod
    def rival_on(d, b: int, t: int) -> bool:
        return any(x is not None and x != b for x in d.infl[t])

    def only_bot(self, d, b: int, t: int) -> bool:
        return b in d.infl[t] and not self.rival_on(d, b, t)

    def shares(self, d, b: int, t: int, facs) -> bool:
        return bool(set(self.g.cfac[d.cards[t]]) & set(facs))

    def can_influence(self, d, b: int, t: int) -> bool:
        g = self.g
        return (d.up[t] and None in d.infl[t] and g.supply(d, b) > 0 and not g.crown_blocked(d, b, t))

    @staticmethod
    def can_expel(d) -> bool:
        return bool(d.deck or d.discard)

    def oust_step(self, d, b: int, t: int) -> tuple:
        """READING: the bot Ousts the player with the most Influence on the target (ties: the first after the
        bot in turn order), all of that player's Influence there."""
        order = [(b + i) % d.seats for i in range(1, d.seats)]
        r = max((x for x in order if x in d.infl[t]), key=lambda x: (d.infl[t].count(x), -order.index(x)))
        return ("oust", t, r, d.infl[t].count(r))

    def influence_steps(self, d, b: int, t: int, card: str | None = None, carry: int = 0) -> list:
        """READING: a bot Influence is 1 Influence, free, on the top-most open Location; then Adam Weishaupt's
        special Influence (after every Influence of his); then the bot token moves onto the target (the JA
        example, steps D-F).  ``card``/``carry``: the card that will be there after a swap."""
        g = self.g
        steps: list = [("influence", t)]
        if self.spec[b].id == "weishaupt":
            # Special Influence: as many more as it can, 1 matching Favor each, Primary Faction first
            cid = card or d.cards[t]
            room = (g.nloc[cid] - carry if card else d.infl[t].count(None)) - 1
            supply = g.supply(d, b) - 1
            favor = list(d.favor[b])
            for x in g.cfac[cid]:
                while favor[x] > 0 and room > 0 and supply > 0:
                    steps.append(("influence", t, x))
                    favor[x] -= 1
                    room -= 1
                    supply -= 1
        steps.append(("token", t))
        return steps

    # ============================================================================================
    # the scripts: each returns (letter, why, steps) for the first option that applies
    # ============================================================================================
    # READING (EN "a) is not possible, so b)"): in every script a lettered option applies only when its
    # condition holds AND its action can be carried out now (an open Location and Influence in supply for
    # Influence, a card left in the deck or discard for Expel, no rival on a Crown); otherwise the next letter
    def script_st_germain(self, d, b: int):
        """Count of St. Germain, step 1 (the bot rules)."""
        g = self.g
        frm = d.bot_token[b]
        adj = self.adjacent_order(b, frm)
        mine = self.card_factions(d, b)
        for t in adj:  # a) an adjacent face-down card: Scout it
            if not d.up[t]:
                return "1a", f"{g.place_name(t)} is face-down", [("scout", t)]
        for t in adj:  # b) an adjacent face-up card sharing a Faction with the bot card
            if not self.shares(d, b, t, mine):
                continue
            if self.can_influence(d, b, t):
                return "1b", f"{g.place_name(t)} shares a Faction and has an open Location", [
                    ("influence", t), ("token", t), ("extort", t)]
            if None not in d.infl[t] and self.rival_on(d, b, t):
                return "1b", f"{g.place_name(t)} shares a Faction, is full and holds player Influence", [
                    self.oust_step(d, b, t)]
        for t in adj:  # c) an adjacent face-up card sharing no Faction with the bot card
            if self.shares(d, b, t, mine):
                continue
            if not self.rival_on(d, b, t) and self.can_expel(d):
                return "1c", f"{g.place_name(t)} shares no Faction and holds no player Influence", [
                    ("expel", t)]
            if self.rival_on(d, b, t):
                return "1c", f"{g.place_name(t)} shares no Faction and holds player Influence", [
                    self.oust_step(d, b, t)]
        ends = [("extort", AREO)] if frm == AREO else [("extort", frm), ("extort", AREO)]
        if all(self.only_bot(d, b, t) and None not in d.infl[t] for t in adj):
            # d) move to a card with bot Influence next to player Influence (ties by diagram / nearest)
            spots = [c for c in range(g.n) if b in d.infl[c]
                     and any(self.rival_on(d, b, x) for x in g.nb[c])]
            if spots:
                mv = min(spots, key=self.any_key(d, b))
                ends = [("token", mv), ("extort", mv), ("extort", AREO)]
            return "1d", "every adjacent card is full of bot Influence", ends
        # READING (ruling 51): "Extort the bot card and the Areopagus" is also the fallback
        # when no option applies (e.g. no Influence left in supply)
        return "1", "no option applies", ends

    def script_joseph(self, d, b: int):
        """Joseph II, step 1 (the bot rules)."""
        g = self.g
        frm = d.bot_token[b]
        adj = self.adjacent_order(b, frm)
        for t in adj:  # a) an adjacent face-up card with player Influence: Oust it
            if d.up[t] and self.rival_on(d, b, t):
                return "1a", f"{g.place_name(t)} is adjacent and holds player Influence", [
                    self.oust_step(d, b, t)]
        key = self.any_key(d, b)
        # b) ANY face-up card with player Influence next to a card with bot Influence: Charge.
        # READING (ruling 51, "adjacent to a card with more bot Influence"): any adjacent card (itself
        # included) holding bot Influence qualifies; the Charge moves to the one with the MOST bot Influence
        targets = sorted((t for t in range(g.n) if d.up[t] and self.rival_on(d, b, t)
                          and any(b in d.infl[c] for c in g.adj[t])), key=key)
        if targets:
            t = targets[0]
            via = min((c for c in g.adj[t] if b in d.infl[c]), key=lambda c: (-d.infl[c].count(b), key(c)))
            steps = ([] if via == frm else [("token", via)]) + [self.oust_step(d, b, t)]
            return "1b", f"Charge: {g.place_name(t)} holds player Influence next to bot Influence", steps
        for t in adj:  # c) an adjacent card with no bot Influence
            if b in d.infl[t]:
                continue
            if not d.up[t]:
                return "1c", f"{g.place_name(t)} is adjacent, face-down", [("scout", t)]
            if self.can_influence(d, b, t):
                return "1c", f"{g.place_name(t)} is adjacent and holds no bot Influence", \
                    self.influence_steps(d, b, t)
        # d) ANY card with no bot Influence next to a card with bot Influence
        for t in sorted(range(g.n), key=key):
            if b in d.infl[t] or not any(b in d.infl[c] for c in g.nb[t]):
                continue
            if not d.up[t]:
                return "1d", f"{g.place_name(t)} is face-down next to bot Influence", [("scout", t)]
            if self.can_influence(d, b, t):
                return "1d", f"{g.place_name(t)} holds no bot Influence and is next to some", \
                    self.influence_steps(d, b, t)
        # READING: when no option applies, the bot Extorts its bot card (as the Plan bots' last resort)
        return "1", "no option applies", [("extort", frm)]

    def letters(self, d, b: int, t: int, search: bool = True, direction: str = "forward"):
        """Step 3 of Alessandro Cagliostro and Adam Weishaupt for target ``t`` (the bot rules)."""
        g = self.g
        who = self.spec[b].id
        cid = d.cards[t]
        card = g.lum[cid]
        P = self.rival_on(d, b, t)
        Bi = b in d.infl[t]
        mine = self.card_factions(d, b)
        name = g.place_name(t)
        if who == "cagliostro":
            special = card.affiliation in _FM_RC
            what = "Freemason or Rosicrucian"

            def plan_ok(pc):
                return g.lum[pc].affiliation in _FM_RC
        else:
            special = card.rank in ("ACE", "CROWN")
            what = "an Ace or Crown"

            def plan_ok(pc):
                return g.rank[pc] in ("ACE", "CROWN")

        def swap(pc, letter, why):
            carry = d.infl[t].count(b)
            if g.supply(d, b) < 1 or carry >= g.nloc[pc]:
                return None
            steps = [("swap", t, pc)] + self.influence_steps(d, b, t, card=pc, carry=carry)
            return letter, why, steps

        def swap_for_shared_faction(letter):
            """The latest Plan card sharing a Faction with the bot card that can be swapped in, or None."""
            for pc in reversed(d.plan):
                if set(g.cfac[pc]) & set(mine):
                    r = swap(pc, letter, f"{name} shares no Faction with the bot card, the Plan card "
                                         f"{g.card_label(pc)} does")
                    if r:
                        return r
            return None

        # a) the target is special
        if special:
            if None in d.infl[t] and not P and self.can_influence(d, b, t):
                return "3a", f"{name} is {what} with an open Location", self.influence_steps(d, b, t)
            if P:
                if who == "cagliostro":  # first fill all its open Locations with bot Influence, then Oust
                    # READING: filling is not "an Influence" action: the token stays, the Oust acts from it
                    n = 0 if g.crown_blocked(d, b, t) else min(d.infl[t].count(None), g.supply(d, b))
                    return "3a", f"{name} is {what} with player Influence", [("influence", t)] * n + [
                        self.oust_step(d, b, t)]
                return "3a", f"{name} is {what} with player Influence", [self.oust_step(d, b, t)]
        # b) no player Influence, not special, but the Plan card is: swap, then Influence.
        # READING: an Ace or Crown Plan card (no number) stays with this turn's Plan cards while the bot flips
        # again (ruling 49), so "the Plan card" here is any Plan card of this turn, the latest first
        if not P and not special:
            for pc in reversed(d.plan):
                if plan_ok(pc):
                    r = swap(pc, "3b", f"{name} is not {what} but the Plan card {g.card_label(pc)} is")
                    if r:
                        return r
        # c)
        if who == "cagliostro":
            if self.shares(d, b, t, mine) and not Bi and self.can_influence(d, b, t):
                return "3c", f"{name} shares a Faction with the bot card, has an open Location and no bot " \
                    "Influence", self.influence_steps(d, b, t)
        else:
            if not Bi and self.shares(d, b, t, mine) and self.can_influence(d, b, t):
                return "3c", f"{name} has no bot Influence and shares a Faction with the bot card", \
                    self.influence_steps(d, b, t)
            # d) READING: "but the Plan card does" = the Plan card shares a Faction with the bot card (so the
            # swap brings a matching card next to the bot)
            if not P and not self.shares(d, b, t, mine):
                r = swap_for_shared_faction("3d")
                if r:
                    return r
        # d) (Cagliostro) / e) (Weishaupt): Oust, or Expel a non-special card without player Influence
        letter = "3d" if who == "cagliostro" else "3e"
        if P:
            return letter, f"{name} holds player Influence", [self.oust_step(d, b, t)]
        if not special and self.can_expel(d):
            return letter, f"{name} holds no player Influence and is not {what}", [("expel", t)]
        if who == "cagliostro":
            # e) READING (ruling 51): b) repeated; read like Adam Weishaupt's d): no Faction
            # shared with the bot card, but the Plan card shares one
            if not P and not self.shares(d, b, t, mine):
                r = swap_for_shared_faction("3e")
                if r:
                    return r
        # f) only bot Influence on the target
        if Bi and not P:
            if self.can_influence(d, b, t):
                return "3f", f"{name} holds only bot Influence and has an open Location", \
                    self.influence_steps(d, b, t)
            if search:
                # full: search the target's neighbours clockwise (diagram order) and redo step 3 for them.
                # READING: one level deep, face-down neighbours skipped, the search starts at the Plan's
                # direction; if nothing works the token moves to the last card considered and Extorts there
                last = t
                start = CLOCKWISE.index(direction) if direction in CLOCKWISE else 0
                for j in range(4):
                    c = self._step(b, t, CLOCKWISE[(start + j) % 4])
                    if c is None or not d.up[c]:
                        continue
                    last = c
                    r = self.letters(d, b, c, search=False)
                    if r is not None:
                        return r[0], f"{name} is full of bot Influence; searching clockwise: {r[1]}", r[2]
                steps = ([] if last == d.bot_token[b] else [("token", last)]) + [("extort", last)]
                return "3f", f"{name} and its neighbours offer nothing: Extort", steps
        return None

    def script_plan(self, d, b: int, t: int, direction: str):
        r = self.letters(d, b, t, direction=direction)  # (an argument: one automaton serves every thread)
        if r is None:
            # READING: when no option applies, the bot Extorts its bot card (the f) option's last resort)
            return "3", "no option applies", [("extort", d.bot_token[b])]
        return r

    # ============================================================================================
    # the turn (auto frames and the steps)
    # ============================================================================================
    def turn_frames(self, seat: int) -> list:
        return [{"t": "endturn"}, {"t": "botcheck", "seat": seat}, {"t": "botclaim", "seat": seat},
                {"t": "botturn", "seat": seat}]

    def begin(self, d, f, log) -> None:
        """The Action Phase starts: Plan bots plan; the others run their step 1."""
        d.frames.pop()
        b = f["seat"]
        frame = {"t": "bot", "seat": b, "prog": []}
        if self.spec[b].id in _PLAN_BOTS:
            frame["prog"] = [["plan"]]
        else:
            self._choose(d, frame, log)
        if frame["prog"]:
            d.frames.append(frame)

    def _choose(self, d, frame, log, target=None, direction="forward") -> None:
        b = frame["seat"]
        who = self.spec[b].id
        if who == "st-germain":
            letter, why, steps = self.script_st_germain(d, b)
        elif who == "joseph-ii":
            letter, why, steps = self.script_joseph(d, b)
        else:
            letter, why, steps = self.script_plan(d, b, target, direction)
        pos = d.bot_token[b]
        prog = []
        for st in steps:
            if st[0] == "token":
                if st[1] == pos:
                    continue  # (already there)
                pos = st[1]
            prog.append(list(st))
        frame["prog"] = prog + [["end"]]
        frame["letter"] = letter
        log.add(f"{self.title(b)} follows step {letter} of its script: {why}.")

    def perform(self, d, a, log) -> None:
        g = self.g
        b = a.seat
        verb, args = a.args[0], a.args[1:]
        if verb == "reveal":
            return self._reveal(d, b, log)
        f = d.frames[-1]
        f["prog"].pop(0)
        if verb == "end":
            d.frames.pop()
            log.add(f"{self.title(b)} ends its action phase.")
            return
        if verb == "plan":
            return self._plan(d, f, b, log)
        if verb in ("flip", "scout"):
            # READING: a bot's Scout turns the face-down target face-up in place (the bot has no hand)
            t = args[0]
            d.up[t] = True
            cid = d.cards[t]
            log.add(f"{self.title(b)} {'Scouts' if verb == 'scout' else 'turns'} {g.place_name(t)} face-up: "
                    f"{g.card_label(cid)}.")
            if g.rank[cid] in ("ACE", "CROWN"):
                d.revealed = True  # ruling 48: a bot flipping a map card face-up reveals it
            if verb == "flip":
                self._choose(d, f, log, target=t, direction=f.get("dir", "forward"))
            return
        if verb == "influence":
            t = args[0]
            if not self.can_influence(d, b, t) or (len(args) > 1 and d.favor[b][args[1]] < 1):
                log.add(f"{self.title(b)} cannot place Influence on {g.place_name(t)} now.")
                return
            slots = list(d.infl[t])
            slots[slots.index(None)] = b
            d.infl[t] = tuple(slots)
            if len(args) > 1:
                x = args[1]
                d.favor[b][x] -= 1
                d.pool[x] += 1
                log.add(f"{self.title(b)} pays 1 {FACTION_NAMES[x]} Favor for 1 more Influence on "
                        f"{g.place_name(t)} (special Influence).")
            else:
                log.add(f"{self.title(b)} places 1 Influence on {g.place_name(t)}.")
            return
        if verb == "token":
            d.bot_token[b] = args[0]
            log.add(f"{self.title(b)} moves its bot token to {g.place_name(args[0])}.")
            return
        if verb == "swap":
            t, pc = args
            old = d.cards[t]
            d.plan.remove(pc)
            d.plan.append(old)
            carry = self._replace(d, b, t, pc)
            log.add(f"{self.title(b)} swaps {g.card_label(old)} at {g.place_name(t)} with the Plan card "
                    f"{g.card_label(pc)}" + (f", its {carry} Influence moving along" if carry else "") + ".")
            if g.rank[pc] in ("ACE", "CROWN"):
                d.revealed = True  # placed face-up into the map
            return
        if verb == "extort":
            return self._extort(d, b, args[0], log)
        if verb == "expel":
            return self._expel(d, b, args[0], log)
        if verb == "oust":
            return self._oust(d, b, *args, log=log)
        raise AssertionError(f"unknown bot step {verb}")  # pragma: no cover

    def _plan(self, d, f, b, log) -> None:
        g = self.g
        if not d.deck:
            log.add(f"{self.title(b)} cannot Plan: the Luminary deck is empty.")
            self._choose_fallback(d, f, b, log)
            return
        cid = d.deck.pop()
        d.plan.append(cid)
        g._deck_empty_check(d)
        card = g.lum[cid]
        if card.rank in ("ACE", "CROWN"):
            # ruling 49: an Ace or Crown has no number: flip again (the card stays with the Plan cards)
            log.add(f"{self.title(b)} flips the Plan card {g.card_label(cid)}: no number, it flips again.")
            f["prog"].insert(0, ["plan"])
            return
        frm = d.bot_token[b]
        t, direction = self.target(b, frm, card.strength)
        want = self.spec[b].direction(card.strength)
        f["dir"] = direction
        log.add(f"{self.title(b)} flips the Plan card {g.card_label(cid)}: strength {card.strength} points "
                f"{want}" + ("" if direction == want else f", off the map, so clockwise {direction}")
                + f" — the target is {g.place_name(t)}.")
        if not d.up[t]:
            f["prog"] = [["flip", t]]
        else:
            self._choose(d, f, log, target=t, direction=direction)

    def _choose_fallback(self, d, f, b, log) -> None:
        f["prog"] = [["extort", d.bot_token[b]], ["end"]]
        log.add(f"{self.title(b)} Extorts its bot card instead.")

    def _extort(self, d, b, c, log) -> None:
        g = self.g
        if c in d.extorted:
            log.add(f"{self.title(b)} has already Extorted {g.place_name(c)} this turn.")
            return
        d.extorted.append(c)
        log.add(f"{self.title(b)} Extorts {g.place_name(c)}.")
        # READING: a bot's Extort takes the card's Favor value with the Conspire rule, without Whisper
        g.extort_gain(d, b, c, no_conspire=g.event_on(d, "quiet_tidings"))

    def _replace(self, d, b, t, cid) -> int:
        """Put ``cid`` face-up at ``t`` in place of its card; the bot's Influence there moves onto it (what
        does not fit returns to its supply; the target holds no player Influence). Returns how much moved."""
        carry = d.infl[t].count(b)
        n = self.g.nloc[cid]
        d.cards[t] = cid
        d.up[t] = True
        d.infl[t] = tuple([b] * min(carry, n) + [None] * (n - min(carry, n)))
        return carry

    def _expel(self, d, b, t, log) -> None:
        g = self.g
        if not d.deck or self.rival_on(d, b, t):
            log.add(f"{self.title(b)} cannot Expel {g.place_name(t)} now.")
            return
        old = d.cards[t]
        # READING: the expelled card joins the turn's played cards and is discarded with them at the end of
        # the bot's turn (so a reshuffle caused by this Expel's draw cannot take it along at once)
        d.played.append(old)
        cid = d.deck.pop()
        self._replace(d, b, t, cid)
        # READING: a bot's Expel discards the target and puts the top Luminary card face-up in its place (the
        # bot has no hand); its Influence moves along as in a normal Expel
        log.add(f"{self.title(b)} Expels {g.card_label(old)} at {g.place_name(t)}; the top card of the deck, "
                f"{g.card_label(cid)}, goes face-up there.")
        if g.rank[cid] in ("ACE", "CROWN"):
            d.revealed = True
        g._deck_empty_check(d)

    def _oust(self, d, b, t, r, k, log) -> None:
        g = self.g
        k = min(k, d.infl[t].count(r))
        if k <= 0:
            log.add(f"{self.title(b)} has nothing to Oust at {g.place_name(t)}.")
            return
        facs = self.card_factions(d, b)
        spent = [0] * 6
        for x in facs:  # EN The Bot and Favors: all Favor matching the card it acts from, +1 each
            spent[x] = d.favor[b][x]
            d.favor[b][x] = 0
            d.pool[x] += spent[x]
        n = sum(spent)
        base = [g.initial_strength(d, b, t) + n, g.initial_strength(d, r, t)]
        log.add(f"{self.title(b)} Ousts {k} of {g.seat_name(r)}'s Influence on {g.place_name(t)} from "
                f"{g.place_name(d.bot_token[b])}" + (f", spending {n} matching Favor for +{n}" if n else "")
                + ".")
        frame = g.challenge_frame(d, b, r, t, k, base)  # (a bot holds no Clergy: if r does, b reveals first)
        # READING: the bot never uses the Oust's follow-up (its script ends with the Oust): the cube is unused
        d.frames.append(frame)

    def _reveal(self, d, b, log) -> None:
        """EN Bot terms: the Oust card is the top card of the Luminary deck."""
        g = self.g
        cid = d.deck.pop() if d.deck else None
        if cid is not None:
            d.hands[b].append(cid)  # for the moment of the sealed reveal only (resolution plays it)
        g._do_reveal(d, g.act(b, "reveal", cid), log)
        g._deck_empty_check(d)

    # -- after the action phase ---------------------------------------------------------------------------
    def claim(self, d, f, log) -> None:
        """EN Additional rules: a bot takes every Faction card it qualifies for, without benefit.
        READING: at the end of its Action Phase, all such cards at once (from the row or their holder)."""
        d.frames.pop()
        g = self.g
        b = f["seat"]
        for x in g.faction_cards:
            fac = FACTIONS[x]
            if d.faction_holder.get(fac) != b and g.claimant(d, fac) == b and fac not in d.boxed_factions:
                prev = d.faction_holder.get(fac)
                if fac in d.faction_row:
                    d.faction_row.remove(fac)
                d.faction_holder[fac] = b
                src = "the row" if prev is None else g.seat_name(prev)
                log.add(f"{self.title(b)} takes the {FACTION_NAMES[x]} Faction card from {src} (no benefit).")

    def plots_met(self, d, b: int) -> list[str]:
        g = self.g
        out = []
        for p in self.spec[b].plots:
            if p == "edicts-4":
                ok = g.edicts_discarded(d) >= 4
            elif p == "lodge-5":
                ok = any(len(lg) >= 5 and B.controller_of(lg.cells, d.infl) == b
                         for lg in B.lodges(g.geom, g.faces(d)))
            elif p == "influence-8":
                ok = sum(t.count(b) for t in d.infl) >= 8
            elif p == "starved":
                ok = d.round >= 2 and any(s != b and not any(s in t for t in d.infl) for s in range(d.seats))
            elif p == "deck-twice":
                ok = d.reshuffles >= 2
            else:
                good = _FM_RC if p == "fm-rc-5" else None
                need = 5 if p == "fm-rc-5" else 3
                n = 0
                for c in range(g.n):
                    cid = d.cards[c]
                    if cid is None or not d.up[c] or B.card_controller(d.infl[c]) != b:
                        continue
                    card = g.lum[cid]
                    if (card.affiliation in good) if good else card.rank in ("ACE", "CROWN"):
                        n += 1
                ok = n >= need
            if ok:
                out.append(p)
        return out

    def check_phase(self, d, f, log) -> None:
        """The bot's Check Phase (EN; ruling 58) and Redraw (ruling 50).  READING: only the bot's plots and
        the Event are checked (the people's Plot claims are checked in their own Check Phases)."""
        d.frames.pop()
        g = self.g
        b = f["seat"]
        met = self.plots_met(d, b)
        if met:
            d.result = {"winners": [b],
                        "scores": {i: (len(met) if i == b else sum(1 for on in d.claims[i].values() if on))
                                   for i in range(d.seats)},
                        "reason": "bot plot", "plots": [BOT_PLOTS[p] for p in met]}
            d.frames = []
            log.add(f"{self.title(b)} meets its plot: {'; '.join(BOT_PLOTS[p] for p in met)} — the bot wins!")
            return
        if d.revealed and d.event_deck:
            ev = d.event_deck.pop()
            card = g.events[ev]
            if card.kind == "edict":
                x = FI[card.faction]
                put = g.enact_edict(d, b, ev)
                log.add(f"An Ace or Crown was revealed: {self.title(b)} flips {g.event_label(ev)}; it goes "
                        "into play in front of the bot: everyone returns all "
                        f"{FACTION_NAMES[x]} Favor, {put} go onto the Edict.")
            else:
                d.event_discard.append(ev)
                log.add(f"An Ace or Crown was revealed: {self.title(b)} flips the Special Event {card.name}; "
                        "it is discarded.")
        if d.plan:
            log.add(f"{self.title(b)} discards its {counted(len(d.plan), 'Plan card')}.")
            d.discard.extend(d.plan)
            d.plan = []
        later = [{"t": "refresh"}]
        order = [(b + i) % d.seats for i in range(1, d.seats)]
        if self.redraw:  # ruling 50: the people draw back to their hand limit ("harder": they do not)
            later.extend({"t": "draw", "seat": s} for s in reversed(order) if s not in self.spec)
        later.append({"t": "discardplayed"})
        d.frames.extend(later)
