"""Pax Illuminaten rules: setup, the turn, the six main actions, claims, checks and events (the Scheme action,
card powers, Faction-card abilities and Special Events are in ``powers.py``; the changes they make to a main
action are decided in that action's ``_check_*`` here, keyed by the decision frame's ``kind``).

Conventions (see ``model.py``): cells are map indices, ``AREO`` is the acting
seat's own Areopagus, piles keep their top card at the end of the list.

Multi-step actions are explicit *decision frames* on ``data.frames`` (never
generators): an action pushes frames (pay → place, pay → reveal → press, …)
and ``_advance`` runs automatic frames until a seat (or chance) must decide.
Each rule is written once, in a ``_check_*`` function; legal actions are the
candidates that pass it (``Game.candidates`` + ``Game.check``).

Engine readings where the texts are open are marked ``READING:`` at the one
place each is decided, and listed in ``RULES-NOTES.md``.
"""

from __future__ import annotations

from itertools import repeat

from ...engine import CHANCE, Action, Decision, EngineError, Game, IllegalAction, Log, NotationError
from . import board as B
from .data import load_pax_data
from .favor import (
    ABBR,
    ALL,
    FACTION_NAMES,
    FACTIONS,
    FI,
    can_pay_any_need,
    gain_choices,
    slot_capacity,
    tokens_text,
)
from .model import (
    AREO,
    COURT_SIZE,
    FACTION_ROW,
    HAND_LIMIT,
    INFLUENCE_PER_SEAT,
    POOL_PER_FACTION,
    SEAT_COLORS,
    PaxData,
)
from .powers import PowersMixin, open_locations

EXCHANGE_RATE = 3
EDICTS_TO_END = 5

# READING: decision frames whose single legal option is taken without asking (a forced choice is not a
# choice); replays apply the same rule, so records stay exact
FORCED = frozenset({"pay", "collect", "subvert", "give", "place", "reveal", "keep", "move", "redraw",
                    "power"})


def _illegal(code: str, message: str) -> IllegalAction:
    return IllegalAction(message, code=code)


def slug(name: str) -> str:
    """``"The Inner Circle"`` → ``"inner-circle"``; ``"Elector's Decree"`` → ``"electors-decree"``."""
    words = "".join(c if c.isalnum() else (" " if c != "'" else "") for c in name.lower()).split()
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    return "-".join(words)


_MISSING = object()  # (a memo's "not there yet")
_BOARD_CACHE_SIZE = 256  # entries; the table is simply cleared when full (a bigger table costs more in
# the garbage collector's full passes than its extra hits save: a map rarely comes back after a few turns)


class PaxGame(PowersMixin, Game):
    """Pax Illuminaten for 2–4 players: the core game, Schemes, card powers, Faction cards and Events."""

    name = "pax"
    title = "Pax Illuminaten"
    min_players = 2
    max_players = 4
    seat_names = SEAT_COLORS
    presenter = "illumi_widgets.games.pax.scene"
    option_names = ("cards", "map", "plots", "bots", "bot_redraw", "bot_data")

    def __init__(self, players: int = 2, **options):
        super().__init__(players, **options)
        self.seat_names = SEAT_COLORS[:players]
        pd = self.pd = load_pax_data(players, cards=options.get("cards"), map=options.get("map"),
                                     plots=options.get("plots"))
        self.lum = pd.luminaries
        self.ids = tuple(self.lum)
        ms = pd.map
        self.geom = B.Geometry(ms.rows, ms.cols, [cells for _side, cells in ms.areopagi])
        self.sides = tuple(side for side, _cells in ms.areopagi)
        g = self.geom
        self.n = g.n
        self.adj = g.adjacent
        self.nb = g.neighbors
        self.cfac = {cid: tuple(FI[f] for f in c.factions) for cid, c in self.lum.items()}
        self.rank = {cid: c.rank for cid, c in self.lum.items()}
        self.nloc = {cid: len(c.locations) for cid, c in self.lum.items()}
        self.cost = {cid: tuple(tuple(FI[f] for f in loc) for loc in c.locations)
                     for cid, c in self.lum.items()}
        self.contact_fac = {c.number: tuple(FI[f] for f in c.factions) for c in pd.contacts}
        self.contact_numbers = tuple(sorted(self.contact_fac))
        self.plots = {p.id: p for p in pd.plots}
        self.plot_slug = {slug(p.name): p.id for p in pd.plots}
        self.plot_floor = {p.id: B.plot_min_influence(p.key, p.params) for p in pd.plots}
        self.plot_min_held = {p.id: B.plot_min_faction_cards(p.key, p.params) for p in pd.plots}
        self.events = {e.id: e for e in pd.events}
        self.event_slug = {slug(e.name): e.id for e in pd.events}
        self.edict_ids = tuple(e.id for e in pd.events if e.kind == "edict")
        self.special_ids = tuple(e.id for e in pd.events if e.kind == "special")
        self.faction_cards = tuple(FI[f] for f in pd.faction_cards)
        self.pool_size = POOL_PER_FACTION[players]
        self.areo_cells = g.areopagus_cells
        self._memo = None  # board analysis shared by the checks of one legal-action listing
        self._board_cache: dict = {}  # values that depend only on the map (see _by_board)
        self._board_ids: dict = {}  # map -> its number in _board_cache's keys (see board_key)
        self._board_next = 0
        self._cost_cache: dict = {}  # Influence costs by what they depend on (powers.remember)
        # (data, top frame, seat, actions): the listing _advance made to see whether a choice is forced, valid
        # until the position changes again (perform and after_edit clear it)
        self._last_listing = None
        self._checks = {k: getattr(self, "_check_" + k) for ks in _FRAME_KINDS.values() for k in ks}
        # what carries out an action kind (_do_<kind>) and an automatic step (_auto_<frame>), by name
        self._dos = {n[4:]: getattr(self, n) for n in dir(self) if n.startswith("_do_")}
        self._autos = {n[6:]: getattr(self, n) for n in dir(self) if n.startswith("_auto_")}
        # the rulebook bots (automa.py): seat -> bot name; the option is kept JSON-stable ({"1": name})
        from .automa import Automaton, parse_bots_option

        self.automa = parse_bots_option(players, options.get("bots"))
        self.automaton = None
        self._automa_raw = False  # True while the automaton lists a bot seat's ordinary options
        if "bots" in options:
            self.options["bots"] = {str(s): n for s, n in self.automa.items()}
        if self.automa:
            redraw = options.get("bot_redraw", True)
            if not isinstance(redraw, bool):
                raise EngineError(f"option bot_redraw must be true or false, got {redraw!r}",
                                  code="bad-option")
            self.automaton = Automaton(self, self.automa, redraw=redraw, data=options.get("bot_data"))

    #: generate a turn's Main actions directly (:meth:`_turn_main_legal`);
    #: False: every candidate goes through ``check`` (the reference the fast path is tested against)
    fast_legal = True

    def legal(self, d: PaxData, seat: int) -> list[Action]:
        """Candidates that pass ``check``; lodges, claimants and plot witnesses are computed once."""
        last = self._last_listing
        if last is not None and last[0] is d and last[2] == seat and d.frames and d.frames[-1] is last[1]:
            return list(last[3])
        outer = self._memo
        self._memo = {}
        try:
            f = d.frames[-1] if d.frames else None
            if (f is None or d.result is not None or f["t"] not in _FRAME_KINDS or f.get("seat") != seat
                    or (self.automa and seat in self.automa and not self._automa_raw)):
                return [a for a in self.candidates(d, seat) if self.check(d, a) is None]
            check = self._check_listed  # (the seat's own pending step: see _check_listed)
            if f["t"] == "turn" and self.fast_legal:
                # (Scheme candidates and End need no check: the candidates meet every condition of theirs)
                return self._turn_main_legal(d, seat) + [
                    a for a in self._turn_other_candidates(d, seat)
                    if a.kind in _LEGAL_AS_LISTED or check(d, f, a) is None]
            if f["t"] in _FRAMES_LEGAL_AS_LISTED and self.fast_legal:
                return self.candidates(d, seat)
            if f["t"] == "redraw" and self.fast_legal:
                return self._redraw_legal(d, seat)
            return [a for a in self.candidates(d, seat) if check(d, f, a) is None]
        finally:
            self._memo = outer

    def _check_listed(self, d: PaxData, f: dict, a: Action) -> IllegalAction | None:
        """``check`` for a candidate the rules generated for the pending frame's own seat: the frame-level
        conditions ``check`` tests first (game over, whose decision, chance, rulebook bots) hold by
        construction, so only the step's kind and the kind's own check remain."""
        if a.kind not in _FRAME_KINDS[f["t"]]:
            return self.check(d, a)  # (a candidate for another step: the full check says why)
        if f["t"] == "power" and a.kind != "skip":
            err = self._power_kind_error(f, a)
            if err:
                return err
        return self._checks[a.kind](d, f, a)

    def _memoized(self, key, make):
        m = self._memo
        if m is None:
            return make()
        v = m.get(key, _MISSING)  # (not try/except: half of the lookups miss, and raising costs more)
        if v is _MISSING:
            v = m[key] = make()
        return v

    def board_key(self, d: PaxData) -> int:
        """A small number naming the map — (card ids, face-up flags, Influence per cell) — in
        :meth:`_by_board`'s table. Lodges, claimants and plot witnesses are functions of the map (and of
        the seat), so they are kept across listings while the map stays the same."""

        def intern():
            ids = self._board_ids
            key = (tuple(d.cards), tuple(d.up), tuple(d.infl))
            n = ids.get(key)
            if n is None:
                if len(self._board_cache) >= _BOARD_CACHE_SIZE:
                    self._board_cache.clear()  # (a full table is simply cleared, names and all)
                    ids.clear()
                n = ids[key] = self._board_next  # (never reused: a listing may still hold an older one)
                self._board_next += 1
            return n

        return self._memoized("board", intern)

    def _by_board(self, key, make):
        """``make()``, remembered for ``key`` (which must include everything the value depends on, the map
        as :meth:`board_key`) across listings and positions of this game."""
        cache = self._board_cache
        try:
            return cache[key]
        except KeyError:
            v = cache[key] = make()
            return v

    def lodge_list(self, d: PaxData):
        return self._memoized("lodges", lambda: self._by_board(
            ("lodges", self.board_key(d)), lambda: tuple(B.lodges(self.geom, self.faces(d)))))

    def claimant(self, d: PaxData, fac: str):
        """Who controls the largest ``fac`` Lodge(s), or None (EN Claim Faction; RULINGS §7.37)."""
        return self._memoized(("claimant", fac), lambda: self._by_board(
            ("claimant", fac, self.board_key(d)), lambda: B.faction_claimant(
                self.geom, self.faces(d), d.infl, fac, lodge_list=self.lodge_list(d))))

    def faces(self, d: PaxData) -> list:
        return self._memoized("faces", lambda: [
            self.lum[cid] if d.up[c] and cid is not None else None for c, cid in enumerate(d.cards)])

    # ================================================================================================
    # small queries
    # ================================================================================================
    def seat_name(self, seat: int) -> str:
        return "chance" if seat == CHANCE else SEAT_COLORS[seat]

    def cell_name(self, c: int) -> str:
        return "areopagus" if c == AREO else self.geom.names[c]

    def card_label(self, cid: str) -> str:
        c = self.lum[cid]
        return f"{cid} {c.name} ({c.rank}, {'/'.join(ABBR[FI[f]] for f in c.factions)})"

    def hand_limit(self, d: PaxData, seat: int) -> int:
        if seat in self.automa:
            return 0  # a rulebook bot has no hand (JA bot setup 6)
        return HAND_LIMIT + (1 if self.holds(d, seat, "SCH") else 0)  # Scholars passive: hand limit 5

    def exchange_rate(self, d: PaxData, seat: int) -> int:
        return 2 if self.holds(d, seat, "PRO") else EXCHANGE_RATE  # Professions passive: 2 for 1

    def on_map(self, d: PaxData, seat: int) -> int:
        """How many of ``seat``'s Influence are on the map."""
        return self._memoized(("on-map", seat), lambda: sum(map(tuple.count, d.infl, repeat(seat))))

    def supply(self, d: PaxData, seat: int) -> int:
        return INFLUENCE_PER_SEAT - self.on_map(d, seat) - len(d.claims[seat])

    def mine(self, d: PaxData, seat: int) -> list[int]:
        return [c for c, t in enumerate(d.infl) if seat in t]

    def actors(self, d: PaxData, seat: int, target: int) -> list[int]:
        """Acting cards for ``target``: cards adjacent to it (itself included) with the seat's Influence,
        and the seat's own Areopagus if it touches the target (EN "Areopagus Cards")."""
        out = [c for c in self.adj[target] if seat in d.infl[c]]
        if target in self.areo_cells[seat]:
            out.append(AREO)
        return out

    def acting_factions(self, d: PaxData, seat: int, acting: int) -> tuple[int, ...]:
        if acting == AREO:
            return self.contact_fac[d.contacts[seat]]
        return self.cfac[d.cards[acting]]

    def open_slots(self, d: PaxData, c: int) -> list[int]:
        return [i for i, s in enumerate(d.infl[c]) if s is None]

    def crown_blocked(self, d: PaxData, seat: int, c: int) -> bool:
        """EN Influence: a Crown with a rival's Influence takes no one else's (RULINGS: for every effect)."""
        if self.rank[d.cards[c]] != "CROWN":
            return False
        return any(s is not None and s != seat for s in d.infl[c])

    def edicts_discarded(self, d: PaxData) -> int:
        return sum(1 for e in d.event_discard if self.events[e].kind == "edict")

    # ================================================================================================
    # Game hooks
    # ================================================================================================
    def setup(self) -> PaxData:
        d = PaxData(self.players)
        d.frames = [{"t": "deal"}]
        return d

    def copy(self, d: PaxData) -> PaxData:
        return d.copy()

    def snapshot(self, d: PaxData, previous: PaxData) -> PaxData:
        return d.snapshot(previous)

    def encode(self, d: PaxData) -> dict:
        return d.encode()

    def decode(self, obj) -> PaxData:
        try:
            d = PaxData.decode(obj)
        except ValueError as e:
            raise NotationError(str(e), code="bad-position") from e
        if d.seats != self.players:
            raise NotationError(f"position has {d.seats} seats, this game {self.players}",
                                code="bad-position")
        return d

    def outcome(self, d: PaxData):
        return d.result

    def chance_pending(self, d: PaxData) -> bool:
        return d.result is None and bool(d.frames) and d.frames[-1]["t"] in ("deal", "shuffle")

    def decisions(self, d: PaxData) -> list[Decision]:
        if d.result is not None or not d.frames:
            return []
        f = d.frames[-1]
        t = f["t"]
        if t in ("deal", "shuffle"):
            what = "deal the game" if t == "deal" else "shuffle the discard pile into a new draw pile"
            return [Decision(CHANCE, t, f"Chance: {what}", None)]
        if t == "reveal":
            first = f.get("first")
            if first is not None:  # the Clergy passive: the holder's opponent reveals first, openly
                s = first if str(first) not in f["commits"] else (f["def"] if first == f["att"] else f["att"])
                return [Decision(s, "reveal", self._prompt(d, f, s), None)]
            return [Decision(s, "reveal", self._prompt(d, f, s), None, sealed=True)
                    for s in (f["att"], f["def"]) if str(s) not in f["commits"]]
        return [Decision(f["seat"], t, self._prompt(d, f, f["seat"]), None)]

    def _prompt(self, d: PaxData, f: dict, seat: int) -> str:
        t = f["t"]
        name = self.seat_name(seat)
        if t == "turn":
            return f"{name}: take an action ({d.main_left} main action(s) left) or end the action phase"
        if t == "pay":
            need = ", ".join("/".join(ABBR[x] for x in sorted(s)) if len(s) < 6 else "any"
                             for s in f["slots"])
            return f"{name}: pay {need} for {f['why']}"
        if t == "collect":
            return f"{name}: choose which Favor to collect ({f['why']})"
        if t == "subvert":
            return f"{name}: the pool has no {FACTION_NAMES[f['fac']]} Favor left — take it from whom?"
        if t == "give":
            return f"{name}: give {self.seat_name(f['to'][0])} 1 of the collected Favor (Conspire rule)"
        if t == "place":
            return f"{name}: place a card from your hand face-up at {self.cell_name(f['cell'])}"
        if t == "move":
            what = "ANY card" if f["fac"] is None else ABBR[f["fac"]]
            onto = f" onto {self.cell_name(f['dest'])}" if f.get("dest") is not None else ""
            return f"{name}: move ({what}) — move an Influence{onto} ({f['left']} move(s) left) or stop"
        if t == "reveal":
            return (f"{name}: choose a card to reveal in the Oust challenge at {self.cell_name(f['cell'])} "
                    "(sealed)")
        if t == "press":
            return f"{name}: both automatic wins cancelled — press the challenge or call it off"
        if t == "keep":
            return f"{name}: keep one of the drawn Event cards (the other goes back on top)"
        if t == "redraw":
            return f"{name}: draw back to your hand limit — from the Court or the deck"
        if t == "activate":
            return f"{name}: activate a Special Event from your hand, or pass"
        if t == "power":
            from .powers import POWER_NAMES

            src = f" ({f['card']})" if f.get("card") else ""
            return f"{name}: use the power{src} — {POWER_NAMES[f['kind']]} — or skip"
        if t == "plotkeep":
            return (f"{name}: keep the Plot you drew or your old one "
                    "(the other goes to the bottom of the pile)")
        if t == "bot":
            return self.automaton.prompt(d, f)
        return f"{name}: {t}"

    # ------------------------------------------------------------------------------------------------
    def candidates(self, d: PaxData, seat: int) -> list[Action]:
        if self.automa and seat in self.automa and not self._automa_raw:
            return self.automaton.candidates(d, seat)  # a rulebook bot: the one step its script dictates
        f = d.frames[-1]
        t = f["t"]
        A = self.act
        if t == "turn":
            return self._turn_candidates(d, seat)
        if t == "pay":
            return [A(seat, "pay", v) for v in self._payset(d, f, seat)]
        if t == "collect":
            return [A(seat, "collect", v) for v in gain_choices(f["slots"])]
        if t == "subvert":
            return [A(seat, "subvert", s) for s in range(d.seats) if s != seat]
        if t == "give":
            return [A(seat, "give", f["to"][0], x) for x in range(6) if f["have"][x] > 0]
        if t == "place":
            return [A(seat, "place", cid) for cid in d.hands[seat]]
        if t == "move":
            acts = [A(seat, "done")]
            fac = f["fac"]
            anywhere = [c for c in range(self.n) if d.up[c] and None in d.infl[c]]
            if f.get("dest") is not None:
                anywhere = [f["dest"]]
            for src in self.mine(d, seat):
                if f.get("any"):
                    if f.get("src") is not None and src != f["src"]:
                        continue
                    acts.extend(A(seat, "move", src, dst) for dst in anywhere if dst != src)
                    continue
                if not d.up[src] or fac not in self.cfac[d.cards[src]]:
                    continue
                for dst in (anywhere if f.get("fair") else self.nb[src]):
                    acts.append(A(seat, "move", src, dst))
            return acts
        if t == "power":
            return self._power_candidates(d, f, seat)
        if t == "plotkeep":
            return [A(seat, "keepplot", f["new"])] + ([A(seat, "keepplot", f["old"])] if f["old"] else [])
        if t == "reveal":
            hand = d.hands[seat]
            return [A(seat, "reveal", cid) for cid in hand] if hand else [A(seat, "reveal", None)]
        if t == "press":
            return [A(seat, "press"), A(seat, "calloff")]
        if t == "keep":
            return [A(seat, "keep", e) for e in f["cards"]]
        if t == "redraw":
            acts = [A(seat, "redraw", "deck", ())]
            for i in range(COURT_SIZE):
                acts.append(A(seat, "redraw", "court", (i,)))
                for j in range(i + 1, COURT_SIZE):
                    if d.chamberlain in (i, j):  # (other pairs never pass _check_redraw)
                        acts.append(A(seat, "redraw", "court", (i, j)))
            return acts
        if t == "activate":
            return [A(seat, "pass")] + [A(seat, "activate", e) for e in d.special_hand[seat]]
        return []

    def _redraw_legal(self, d: PaxData, s: int) -> list[Action]:
        """The legal Redraw choices, generated directly (the candidates of a redraw step that pass
        ``_check_redraw``, in order: tests/pax/test_fast_legal.py compares): the deck; one Court card within
        the hand limit; two, one of them under the Chamberlain, for 1 Favor of any kind."""
        A = self.act
        acts = [A(s, "redraw", "deck", ())]
        room = self.hand_limit(d, s) - len(d.hands[s])
        if room < 1:
            return acts
        court, ch = d.court, d.chamberlain
        pair = room >= 2 and court[ch] is not None and sum(d.favor[s]) >= 1
        for i in range(COURT_SIZE):
            if court[i] is None:
                continue
            acts.append(A(s, "redraw", "court", (i,)))
            if pair:
                acts.extend(A(s, "redraw", "court", (i, j)) for j in range(i + 1, COURT_SIZE)
                            if ch in (i, j) and court[j] is not None)
        return acts

    def _turn_candidates(self, d: PaxData, s: int) -> list[Action]:
        return self._turn_main_candidates(d, s) + self._turn_other_candidates(d, s)

    def _turn_main_candidates(self, d: PaxData, s: int) -> list[Action]:
        """Candidates for the six Main actions (checked by ``check`` like every candidate)."""
        A = self.act
        acts: list[Action] = []
        if not (d.main_left > 0 or self.event_on(d, "rosicrucian_advance")):
            return acts
        mine = self.mine(d, s)
        near = set()
        for c in mine:
            near.update(self.adj[c])
        near.update(self.areo_cells[s])
        near.update(d.bs_adj)  # BS: the scouted position counts as adjacent for Influence this turn
        if self.event_on(d, "courtly_celebrations"):
            near.update(self.geom.edge)
        for t in range(self.n):
            actors = self.actors(d, s, t)
            if not actors:
                continue
            if not d.up[t]:
                acts.extend(A(s, "scout", t, a) for a in actors)
                continue
            rivals = {x for x in d.infl[t] if x is not None and x != s}
            decree = not rivals or self.event_on(d, "electors_decree")
            for a in actors:
                if decree:
                    acts.append(A(s, "expel", t, a, False))
                for r in sorted(rivals):
                    for k in range(1, d.infl[t].count(r) + 1):
                        acts.append(A(s, "oust", t, r, k, a))
        for t in sorted(near):
            if d.up[t]:
                opens = d.infl[t].count(None)
                acts.extend(A(s, "influence", t, k, False) for k in range(1, min(3, opens) + 1))
        acts.extend(A(s, "extort", c) for c in self._extort_targets(d, s))
        held = {x for c in mine if d.up[c] for x in self.cfac[d.cards[c]]}
        acts.extend(A(s, "organize", f, None) for f in sorted(held))  # (no Influence there: never legal)
        return acts

    def _turn_other_candidates(self, d: PaxData, s: int) -> list[Action]:
        """Candidates for the Oust follow-up cube, claims, Schemes, powers and ending the phase."""
        A = self.act
        acts: list[Action] = []
        for c in d.cubes:
            acts.extend(A(s, "influence", c, k, True) for k in (1, 2, 3))
            acts.extend(A(s, "organize", f, c) for f in range(6))
            acts.extend(A(s, "expel", c, a, True) for a in self.actors(d, s, c))
        if not d.claimed_faction and self.on_map(d, s) >= 3:
            # (only cards in play that the seat does not hold and no one borrows can be claimed, and
            # controlling a Lodge takes at least 3 Influence on its cards: test those first, cheaper)
            holder, boxed, borrowed = d.faction_holder, d.boxed_factions, d.borrowed
            open_cards = [f for f in self.faction_cards if holder.get(FACTIONS[f]) != s
                          and FACTIONS[f] not in boxed and FACTIONS[f] not in borrowed]
            if open_cards:
                on = self._by_board(("faction-influence", s, self.board_key(d)),
                                    lambda: self._faction_influence(d, s))
                acts.extend(A(s, "claimfaction", f) for f in open_cards
                            if on[f] >= 3 and self.claimant(d, FACTIONS[f]) == s)
        if not d.claimed_plot:
            plots = list(d.public_plots)
            if d.private_plot[s] is not None:
                plots.append(d.private_plot[s])
            # (a plot needs some of the seat's Influence on the map, Faction Leader Faction cards: skip the
            # ones the seat is too far from)
            on_map = self.on_map(d, s)
            held = sum(1 for h in d.faction_holder.values() if h == s)  # (as plot_families counts them)
            plots = [p for p in plots
                     if on_map >= self.plot_floor.get(p, 0) and held >= self.plot_min_held.get(p, 0)]
            if plots:  # (then a cheap look at the seat's own cards: board.plot_may_be_met)
                mine = [(c, self.lum[d.cards[c]] if d.up[c] else None, t)
                        for c, t in enumerate(d.infl) if s in t]
                acts.extend(A(s, "claimplot", p) for p in plots if p not in self.plots or B.plot_may_be_met(
                    self.plots[p].key, self.plots[p].params, self.geom, mine, s))
        acts.extend(self._power_turn_candidates(d, s))
        acts.append(A(s, "end"))
        return acts

    def _faction_influence(self, d: PaxData, s: int) -> list[int]:
        """Per Faction: how many of ``s``'s Influence lie on face-up cards of that Faction."""
        on = [0] * 6
        for c, slots in enumerate(d.infl):
            if d.up[c] and s in slots:
                n = slots.count(s)
                for x in self.cfac[d.cards[c]]:
                    on[x] += n
        return on

    def _turn_main_legal(self, d: PaxData, s: int) -> list[Action]:
        """The LEGAL Main actions of a turn, generated directly: the same list, in the same order, as the
        candidates of :meth:`_turn_main_candidates` that pass ``check``, but without building the candidates
        that fail or checking each one. It is the fast path of random play and search;
        tests/pax/test_fast_legal.py compares the two over many random games. Costs come from the tables
        ``check`` uses (:meth:`_influence_needs`) and the counting behind ``can_pay`` (``slot_capacity``,
        ``can_pay_need``); only the conditions are restated here, including those of the Special Events
        and Buffs that change them (Elector's Decree, Courtly Celebrations, Rosicrucian Advance, the BS
        Scout bonus, the FE and FX Buffs)."""
        acts: list[Action] = []
        # each needs a Main action (EN Action Phase); with none left, Rosicrucian Advance still allows a Scout
        # from a Rosicrucian card and Influence onto one (``free`` in the checks)
        only_free = d.main_left <= 0
        if only_free and not self.event_on(d, "rosicrucian_advance"):
            return acts
        rosicrucian = self.rosicrucian
        fmt = self.format  # (actions are built here directly, as self.act builds them)
        infl, up, cards, adj, cfac = d.infl, d.up, d.cards, self.adj, self.cfac
        mine = [c for c, t in enumerate(infl) if s in t]
        areo = self.areo_cells[s]
        holdings, rate, wild = self.holdings_key(d, s)
        # acting card -> how many Favor matching it the seat can pay (slot_capacity), by its factions
        by_facs: dict = {}
        cap_of = {}
        for a in (*mine, AREO):
            facs = self.acting_factions(d, s, a)
            cap = by_facs.get(facs)
            if cap is None:
                cap = by_facs[facs] = slot_capacity(holdings, facs, rate, wild)
            cap_of[a] = cap
        mine_set = set(mine)
        near = set(areo)  # every card with an acting card: adjacent to the seat's Influence or its Areopagus
        for c in mine:
            near.update(adj[c])
        near = sorted(near)
        if not only_free:
            decree = self.event_on(d, "electors_decree")  # Expel despite rival Influence (in the cost)
            free_expel = "FX" in d.buffs  # the FX Buff: Expel costs nothing
            hand = d.hands[s]
            others = [r for r in range(d.seats) if r != s]
        for t in near:
            actors = [c for c in adj[t] if c in mine_set]
            if t in areo:
                actors.append(AREO)
            if not actors:
                continue
            if not up[t]:
                acts.extend(Action(s, "scout", (t, a), "", fmt) for a in actors if cap_of[a] >= 1 and (
                    not only_free or (a != AREO and rosicrucian(cards[a]))))
                continue
            if only_free:
                continue  # (Expel and Oust always need a Main action)
            slots = infl[t]
            on = len(slots) - slots.count(None)
            n_on = max(1, on)
            rivals = [r for r in others if r in slots]
            # Expel: a card in hand to put in its place (with Locations for every rival Influence: Decree)
            if rivals:
                n_rival = on - slots.count(s)
                expel = decree and any(self.nloc[c] >= n_rival for c in hand)
            else:
                expel = bool(hand)
            for a in actors:
                cap = cap_of[a]
                if expel and (free_expel or cap >= n_on):
                    acts.append(Action(s, "expel", (t, a, False), "", fmt))
                for r in rivals:
                    acts.extend(Action(s, "oust", (t, r, k, a), "", fmt)
                                for k in range(1, min(slots.count(r), cap) + 1))
        supply = self.supply(d, s)
        # Influence goes next to the seat's Influence or Areopagus, on the BS Scout's card, and on any edge
        # card under Courtly Celebrations; k Influence cost the first k open Locations' icons (reduced by the
        # FI Buffs and, on an empty card, the Nobility passive: _influence_base)
        target = near
        if d.bs_adj or self.event_on(d, "courtly_celebrations"):
            extra = set(d.bs_adj)
            if self.event_on(d, "courtly_celebrations"):
                extra.update(self.geom.edge)
            target = sorted(extra.union(near))
        needs_of = self._influence_needs
        fi, nob_held = d.buffs.count("FI"), self.holds(d, s, "NOB")
        for t in target:
            if not up[t] or self.crown_blocked(d, s, t):
                continue
            cid = cards[t]
            if only_free and not rosicrucian(cid):
                continue
            opens, nob = open_locations(infl[t], nob_held)
            for k in range(1, min(3, len(opens), supply) + 1):
                if not can_pay_any_need(holdings, needs_of((cid, opens[:k], fi, nob, 0)), rate, wild):
                    break  # (k+1 Influence are never easier to pay than k)
                acts.append(Action(s, "influence", (t, k, False), "", fmt))
        if only_free:
            return acts
        extorted = d.extorted
        acts.extend(Action(s, "extort", (c,), "", fmt)
                    for c in self._extort_targets(d, s, mine) if c not in extorted)
        held = {x for c in mine if up[c] for x in cfac[cards[c]]}
        acts.extend(Action(s, "organize", (x, None), "", fmt) for x in sorted(held)
                    if slot_capacity(holdings, (x,), rate, wild) >= 1)
        return acts

    # ================================================================================================
    # notation
    # ================================================================================================
    def act(self, seat: int, kind: str, *args) -> Action:
        return Action(seat, kind, args, "", self.format)

    def format(self, kind: str, args: tuple) -> str:
        if kind == "bot":
            from .automa import format_bot

            return format_bot(self, args)
        cn = self.cell_name
        if kind == "scout":
            if args[1] is None:
                return f"scout {cn(args[0])}"
            return f"scout {cn(args[0])} from {cn(args[1])}"
        if kind == "influence":
            return f"{'bonus ' if args[2] else ''}influence {cn(args[0])} x{args[1]}"
        if kind == "extort":
            return f"extort {cn(args[0])}"
        if kind == "organize":
            if args[0] is None:
                return "organize any"
            if args[1] is None:
                return f"organize {ABBR[args[0]]}"
            return f"bonus organize {ABBR[args[0]]} onto {cn(args[1])}"
        if kind == "move":
            return f"move {cn(args[0])} {cn(args[1])}"
        if kind == "expel":
            return f"{'bonus ' if args[2] else ''}expel {cn(args[0])} from {cn(args[1])}"
        if kind == "oust":
            tail = f" {args[4]:+d}" if len(args) > 4 else ""
            return f"oust {cn(args[0])} {SEAT_COLORS[args[1]]} x{args[2]} from {cn(args[3])}{tail}"
        if kind in ("pay", "collect"):
            return f"{kind} {tokens_text(args[0])}"
        if kind == "subvert":
            return f"subvert {SEAT_COLORS[args[0]]}"
        if kind == "give":
            return f"give {SEAT_COLORS[args[0]]} {ABBR[args[1]]}"
        if kind == "place":
            return f"place {args[0]}"
        if kind == "reveal":
            return f"reveal {args[0] or 'nothing'}"
        if kind == "calloff":
            return "call off"
        if kind == "claimfaction":
            return f"claim faction {ABBR[args[0]]}"
        if kind == "claimplot":
            return f"claim plot {slug(self.plots[args[0]].name)}"
        if kind in ("keep", "activate"):
            return f"{kind} {slug(self.events[args[0]].name)}"
        if kind == "redraw":
            if args[0] == "deck":
                return "redraw deck"
            return "redraw court " + " ".join(str(i + 1) for i in args[1])
        if kind == "deal":
            return "deal " + args[0]
        if kind == "shuffle":
            return "shuffle " + args[0]
        text = self.format_power(kind, args)
        if text is not None:
            return text
        return " ".join([kind, *map(str, args)])

    def parse(self, d: PaxData, text: str, seat: int) -> Action:
        from .notation import parse_action

        return parse_action(self, d, text, seat)

    # ================================================================================================
    # checks: each rule once
    # ================================================================================================
    def check(self, d: PaxData, a: Action) -> IllegalAction | None:
        if d.result is not None:
            return _illegal("game-over", "the game is over")
        f = d.frames[-1] if d.frames else None
        if f is None:
            return _illegal("no-decision", "nothing to decide")
        t = f["t"]
        if t in ("deal", "shuffle"):
            if a.seat != CHANCE or a.kind != t:
                return _illegal("chance", f"chance must {t} now")
            return self._check_chance(d, a)
        if self.automa and (a.kind == "bot" or a.seat in self.automa) and not self._automa_raw:
            return self.automaton.check(d, f, a)  # a rulebook bot's only option is its script's step
        if a.kind == "bot":
            return _illegal("not-a-bot",
                            f"'{a.notation()}' is a rulebook bot's step; this game has no bot seat")
        allowed = _FRAME_KINDS.get(t, ())
        if a.kind not in allowed:
            want = " or ".join(sorted(allowed))
            return _illegal("wrong-step", f"'{a.notation()}' does not answer the pending decision ({want})")
        if t == "reveal":
            if a.seat not in (f["att"], f["def"]) or str(a.seat) in f["commits"]:
                return _illegal("not-your-decision", "this seat has nothing to reveal now")
            first = f.get("first")
            if first is not None and a.seat != first and str(first) not in f["commits"]:
                return _illegal("reveals-first", f"{self.seat_name(first)} reveals first: the Clergy passive "
                                "makes its holder's opponent pick and reveal before the holder")
        elif a.seat != f["seat"]:
            return _illegal("not-your-decision", f"it is {self.seat_name(f['seat'])}'s decision")
        if t == "power" and a.kind != "skip":
            err = self._power_kind_error(f, a)
            if err:
                return err
        return self._checks[a.kind](d, f, a)

    def _main_or_bonus(self, d, bonus: bool, cell: int, f=None, free=False) -> IllegalAction | None:
        """A Main action needs one left; the Oust follow-up needs its cube; a power needs nothing more.
        ``free``: Rosicrucian Advance — the action uses no Main action (READING: so it may be taken with none
        left; RULINGS §7.36: no limit)."""
        if f is not None and f["t"] == "power":
            return None
        if bonus:
            if cell not in d.cubes:
                return _illegal("no-bonus", f"there is no bonus follow-up cube on {self.cell_name(cell)} "
                                "(EN Oust E: only the card of a won Oust gets one)")
        elif d.main_left <= 0 and not free:
            return _illegal("no-main-action", "no main actions left this turn (EN Action Phase: up to 2)")
        return None

    def _valid_cell(self, c) -> bool:
        return isinstance(c, int) and 0 <= c < self.n

    def _check_actor(self, d, s, target, acting) -> IllegalAction | None:
        if acting == AREO:
            if target not in self.areo_cells[s]:
                return _illegal("not-adjacent", f"your Areopagus does not touch {self.cell_name(target)}")
            return None
        if not self._valid_cell(acting):
            return _illegal("bad-cell", "no such acting card")
        if s not in d.infl[acting]:
            return _illegal("no-influence", f"the acting card {self.cell_name(acting)} holds none of your "
                            "Influence (EN Acting Card)")
        if acting not in self.adj[target]:
            return _illegal("not-adjacent", f"{self.cell_name(acting)} is not adjacent to "
                            f"{self.cell_name(target)}")
        return None

    def _payset(self, d, f, seat) -> dict:
        """The payment vectors of a pay frame, in order (a dict: ordered, and quick to test membership)."""
        return self._memoized(("payset", seat), lambda: dict.fromkeys(
            self.pay_vectors(d, seat, f.get("alts") or [f["slots"]])))

    def _check_pay(self, d, f, a):
        vec = a.args[0]
        if vec not in self._payset(d, f, a.seat):
            return _illegal("bad-payment",
                            f"'{a.notation()}' does not pay {f['why']} with the Favor you hold "
                            "(EN Exchanging Favor: 3 of one type count as 1 of another)")
        return None

    def _check_collect(self, d, f, a):
        if a.args[0] not in set(gain_choices(f["slots"])):
            return _illegal("bad-choice", f"'{a.notation()}' is not a way to take {f['why']}")
        return None

    def _check_subvert(self, d, f, a):
        r = a.args[0]
        if not (isinstance(r, int) and 0 <= r < d.seats) or r == a.seat:
            return _illegal("bad-seat", "subvert names another player")
        if d.favor[r][f["fac"]] <= 0:
            return _illegal("nothing-to-take", f"{self.seat_name(r)} has no {FACTION_NAMES[f['fac']]} Favor "
                            "(EN Subverting Favor)")
        return None

    def _check_give(self, d, f, a):
        r, x = a.args
        if r != f["to"][0]:
            return _illegal("bad-seat", f"the next Favor goes to {self.seat_name(f['to'][0])}")
        if f["have"][x] <= 0:
            return _illegal("bad-choice", f"you collected no {FACTION_NAMES[x]} Favor from this card "
                            "(EN Conspire: give from the collected Favor)")
        return None

    def _check_place(self, d, f, a):
        cid = a.args[0]
        if cid not in d.hands[a.seat]:
            return _illegal("not-in-hand", f"{cid} is not in your hand")
        need = f.get("rivals", 0)
        if need and self.nloc[cid] < need:
            return _illegal("too-few-locations", f"{cid} has too few Locations for the rival Influence")
        return None

    def _check_move(self, d, f, a):
        src, dst = a.args
        s = a.seat
        if not (self._valid_cell(src) and self._valid_cell(dst)):
            return _illegal("bad-cell", "no such card")
        if f["left"] <= 0:
            return _illegal("no-moves", "all 3 Organize moves are used (EN Organize)")
        if s not in d.infl[src]:
            return _illegal("no-influence", f"none of your Influence is on {self.cell_name(src)}")
        if src == dst:
            return _illegal("same-card", "a move goes to another card")
        if f.get("any"):
            if f.get("src") is not None and src != f["src"]:
                return _illegal("one-card", f"the Artists ability moves Influence from one card only "
                                f"({self.cell_name(f['src'])})")
        else:
            if not d.up[src] or f["fac"] not in self.cfac[d.cards[src]]:
                return _illegal("wrong-faction",
                                f"{self.cell_name(src)} is not a {FACTION_NAMES[f['fac']]} card: "
                                "every move must start on a card of the chosen Faction (EN Organize)")
            if dst not in self.nb[src] and not f.get("fair") and f.get("dest") is None:
                return _illegal("not-adjacent",
                                f"{self.cell_name(dst)} is not adjacent to {self.cell_name(src)}")
            if f.get("dest") is not None and dst not in self.nb[src]:
                return _illegal("not-adjacent",
                                f"{self.cell_name(dst)} is not adjacent to {self.cell_name(src)}")
        if not d.up[dst]:
            return _illegal("face-down",
                            f"{self.cell_name(dst)} is face-down: Influence goes on face-up cards")
        if not self.open_slots(d, dst):
            return _illegal("no-open-location", f"{self.cell_name(dst)} has no open Location")
        if self.crown_blocked(d, s, dst):
            return _illegal("crown-exclusive",
                            "a Crown with rival Influence cannot take yours (RULINGS §7.29)")
        if f.get("dest") is not None and dst != f["dest"]:
            return _illegal("bonus-target",
                            f"this move may only bring Influence onto {self.cell_name(f['dest'])}")
        return None

    def _check_done(self, d, f, a):
        return None

    def _check_reveal(self, d, f, a):
        cid = a.args[0]
        hand = d.hands[a.seat]
        if cid is None:
            return None if not hand else _illegal("must-reveal", "you hold cards: reveal one of them")
        if cid not in hand:
            return _illegal("not-in-hand", f"{cid} is not in your hand")
        return None

    def _check_press(self, d, f, a):
        return None

    _check_calloff = _check_press

    def _check_keep(self, d, f, a):
        if a.args[0] not in f["cards"]:
            return _illegal("bad-choice", "keep one of the two drawn Event cards")
        return None

    def _check_activate(self, d, f, a):
        if a.args[0] not in d.special_hand[a.seat]:
            return _illegal("not-in-hand", "that Special Event is not in your hand")
        return None

    def _check_pass(self, d, f, a):
        return None

    def _check_redraw(self, d, f, a):
        s = a.seat
        room = self.hand_limit(d, s) - len(d.hands[s])
        if a.args[0] == "deck":
            return None
        slots = a.args[1]
        if (any(not isinstance(i, int) or not 0 <= i < COURT_SIZE for i in slots)
                or len(set(slots)) != len(slots)):
            return _illegal("bad-slot", "Court slots are numbered 1 to 5")
        if any(d.court[i] is None for i in slots):
            return _illegal("empty-slot", "that Court slot is empty")
        if len(slots) > room:
            return _illegal("hand-limit",
                            f"you may draw only {room} card(s): the Court draw must stay within "
                            "the hand limit (EN Redraw)")
        if len(slots) == 2:
            if d.chamberlain not in slots:
                return _illegal("chamberlain", "when taking 2 Court cards one must be the card under the "
                                "Chamberlain (EN Redraw)")
            if sum(d.favor[s]) < 1:
                return _illegal("cannot-pay", "taking 2 Court cards costs 1 Favor of your choice (EN Redraw)")
        return None

    # -- turn-frame actions --------------------------------------------------------------------------------
    def _check_end(self, d, f, a):
        return None

    def _check_scout(self, d, f, a):
        s, (t, acting) = a.seat, a.args
        mode = self.mode_of(f)
        if not self._valid_cell(t):
            return _illegal("bad-cell", "no such card")
        free = (mode == "main" and acting is not None and acting != AREO and self._valid_cell(acting)
                and self.rosicrucian(d.cards[acting]) and self.event_on(d, "rosicrucian_advance"))
        err = self._main_or_bonus(d, False, t, f, free)
        if err:
            return err
        if d.up[t]:
            return _illegal("face-up", f"{self.cell_name(t)} is face-up: Scout targets face-down cards "
                            "(RULINGS: Scout targets face-down cards only)")
        if mode in ("BS", "SCH"):  # ANY card: no acting card, no matching Favor (rules-reference §2.3 BS, §4)
            if acting is not None:
                return _illegal("any-card", "this Scout is on ANY card: name no acting card (scout C2)")
            if not self.can_pay_alts(d, s, [self.fee_slots(f)]):
                return _illegal("cannot-pay", "the Scholars ability costs 1 Scholars Favor")
            return None
        if acting is None:
            return _illegal("no-acting-card", "a Scout names its acting card: scout C2 from B2")
        err = self._check_actor(d, s, t, acting)
        if err:
            return err
        slots = [frozenset(self.acting_factions(d, s, acting))]
        if not self.can_pay_alts(d, s, [slots]):
            return _illegal("cannot-pay",
                            "Scout costs 1 Favor matching the acting card, which you cannot pay")
        return None

    def influence_cost(self, d, s, t, k, mode="main") -> list[frozenset]:
        return self.influence_cost_alts(d, s, t, k, mode)[0]

    def _check_influence(self, d, f, a):
        s, (t, k, bonus) = a.seat, a.args
        mode = self.mode_of(f, bonus)
        if not self._valid_cell(t):
            return _illegal("bad-cell", "no such card")
        free = (mode == "main" and d.up[t] and self.rosicrucian(d.cards[t])
                and self.event_on(d, "rosicrucian_advance"))
        err = self._main_or_bonus(d, bonus, t, f, free)
        if err:
            return err
        if not isinstance(k, int) or not 1 <= k <= 3:
            return _illegal("bad-count", "Influence places 1 to 3 Influence (EN Influence)")
        if not d.up[t]:
            return _illegal("face-down",
                            f"{self.cell_name(t)} is face-down: Influence targets a face-up card")
        if mode not in ("BI", "NOB") and not (
                any(s in d.infl[c] for c in self.adj[t]) or t in self.areo_cells[s] or t in d.bs_adj
                or (t in self.geom.edge and self.event_on(d, "courtly_celebrations"))):
            return _illegal("not-adjacent", f"{self.cell_name(t)} is not adjacent to your Influence "
                            "(EN Influence)")
        if self.crown_blocked(d, s, t):
            return _illegal("crown-exclusive",
                            "a Crown with rival Influence cannot take yours (EN Influence; "
                            "RULINGS §7.29: even for ANY effects)")
        opens = d.infl[t].count(None)
        if opens < k:
            return _illegal("no-open-location", f"{self.cell_name(t)} has only {opens} open Location(s) "
                            "(EN Influence: no more Influence than open Locations)")
        if self.supply(d, s) < k:
            return _illegal("no-supply", "you have too few Influence disks left in your supply")
        fee = self.fee_slots(f)
        if not self.can_pay_influence(d, s, t, k, mode, fee):
            return _illegal("cannot-pay", f"you cannot pay the Influence cost of {self.cell_name(t)} x{k}"
                            + (" and the 1 Nobility fee" if fee else "") + ", even with the exchange")
        return None

    def _check_extort(self, d, f, a):
        s, (t,) = a.seat, a.args
        err = self._main_or_bonus(d, False, t, f)
        if err:
            return err
        if t != AREO:
            if not self._valid_cell(t):
                return _illegal("bad-cell", "no such card")
            if "FE" in d.buffs:
                # READING: under FE (ANY card, rival Influence counts as yours) the target needs Influence of
                # some player on it, as a face-up card; an empty card cannot be Extorted
                if not d.up[t] or all(x is None for x in d.infl[t]):
                    return _illegal("no-influence", f"{self.cell_name(t)} holds no Influence (FE: ANY card "
                                    "with Influence, anyone's counting as yours)")
            elif s not in d.infl[t]:
                return _illegal("no-influence", f"you have no Influence on {self.cell_name(t)} (EN Extort)")
        if t in d.extorted:
            return _illegal("extorted", f"{self.cell_name(t)} was already Extorted this turn "
                            "(EN Extortion Limits: once per card per turn, Whisper included)")
        return None

    def _check_organize(self, d, f, a):
        s, (fac, cube) = a.seat, a.args
        mode = self.mode_of(f, cube is not None)
        if mode in ("BO", "ART"):
            if fac is not None or cube is not None:
                return _illegal("any-card", "this power moves Influence from ANY card: organize any")
            if not self.mine(d, s):
                return _illegal("no-influence", "you have no Influence on the map to move")
            if not self.can_pay_alts(d, s, [self.fee_slots(f)]):
                return _illegal("cannot-pay", "the Artists ability costs 1 Artists Favor")
            return None
        if not isinstance(fac, int) or not 0 <= fac < 6:
            return _illegal("bad-faction",
                            "no such Faction (organize any is only for BO and the Artists card)")
        err = self._main_or_bonus(d, cube is not None, cube, f)
        if err:
            return err
        if not any(d.up[c] and fac in self.cfac[d.cards[c]] for c in self.mine(d, s)):
            return _illegal("no-faction-influence", f"you have no Influence on a {FACTION_NAMES[fac]} card "
                            "(EN Organize step 1)")
        if not self.can_pay_alts(d, s, [[frozenset((fac,))]]):
            return _illegal("cannot-pay", f"Organize costs 1 {FACTION_NAMES[fac]} Favor (EN Organize step 2)")
        return None

    def expel_cost(self, d, s, t, acting, f) -> list[frozenset]:
        """1 matching Favor per Influence on the target, minimum 1 (EN Expel); FX: free; the Magistrates fee.
        READING: under Elector's Decree the count is every Influence on the card, rivals' included."""
        if "FX" in d.buffs:
            slots = []
        else:
            n = max(1, sum(1 for x in d.infl[t] if x is not None))
            slots = [frozenset(self.acting_factions(d, s, acting))] * n
        return slots + self.fee_slots(f)

    def _check_expel(self, d, f, a):
        s, (t, acting, bonus) = a.seat, a.args
        if not self._valid_cell(t):
            return _illegal("bad-cell", "no such card")
        err = self._main_or_bonus(d, bonus, t, f)
        if err:
            return err
        if not d.up[t]:
            return _illegal("face-down", f"{self.cell_name(t)} is face-down: Expel targets face-up cards "
                            "(RULINGS §7.33; Scout is the face-down action)")
        err = self._check_actor(d, s, t, acting)
        if err:
            return err
        # READING: Rosicrucian Advance refunds the Main action when the placed card turns out Rosicrucian
        # (``_do_place``), so an Expel still needs a Main action available when it is taken
        rivals = sum(1 for x in d.infl[t] if x is not None and x != s)
        if rivals and not self.event_on(d, "electors_decree"):
            return _illegal("rival-influence",
                            f"{self.cell_name(t)} holds rival Influence: Expel needs a card "
                            "without it (EN Expel; Elector's Decree allows it)")
        if not d.hands[s]:
            return _illegal("empty-hand", "you have no card in hand to put in its place (EN Expel)")
        if rivals and not any(self.nloc[c] >= rivals for c in d.hands[s]):
            return _illegal("too-few-locations",
                            "no card in your hand has Locations for all the rival Influence "
                            "(Elector's Decree)")
        if not self.can_pay_alts(d, s, [self.expel_cost(d, s, t, acting, f)]):
            n = max(1, sum(1 for x in d.infl[t] if x is not None))
            fee = " plus the 1 Magistrates fee" if self.fee_slots(f) else ""
            return _illegal("cannot-pay",
                            f"Expel costs {n} Favor matching the acting card (1 per Influence on "
                            f"the target, minimum 1){fee}, which you cannot pay")
        return None

    def oust_cost(self, d, s, acting, k, f) -> list[frozenset]:
        if f is not None and f["t"] == "power" and f["kind"] == "CLE":
            return [frozenset((FI["CLE"],))] * k  # the Clergy ability: Clergy instead of matching Favor
        return [frozenset(self.acting_factions(d, s, acting))] * k

    def _check_oust(self, d, f, a):
        s, (t, r, k, acting) = a.seat, a.args[:4]
        mode = self.mode_of(f)
        if not self._valid_cell(t):
            return _illegal("bad-cell", "no such card")
        err = self._main_or_bonus(d, False, t, f)
        if err:
            return err
        if mode == "BU":
            if len(a.args) < 5 or a.args[4] not in (1, -1):
                return _illegal("bu-choice", "BU sets your Initial Strength to the opponent's +1 or -1: "
                                "end the oust with +1 or -1")
        elif len(a.args) > 4:
            return _illegal("bu-choice", "only a BU card's Oust sets the Initial Strength to +1 or -1")
        if not isinstance(r, int) or not 0 <= r < d.seats or r == s:
            return _illegal("bad-seat", "Oust targets a rival's Influence")
        err = self._check_actor(d, s, t, acting)
        if err:
            return err
        have = d.infl[t].count(r)
        if not isinstance(k, int) or k < 1 or k > have:
            return _illegal("bad-count", f"{self.seat_name(r)} has {have} Influence on {self.cell_name(t)}; "
                            "target 1 or more of them (EN Oust step 1)")
        if not self.can_pay_alts(d, s, [self.oust_cost(d, s, acting, k, f)]):
            what = "Clergy Favor" if mode == "CLE" else "Favor matching the acting card"
            return _illegal("cannot-pay",
                            f"Oust costs 1 {what} per targeted Influence ({k}), which you cannot "
                            "pay")
        return None

    def _check_claimfaction(self, d, f, a):
        s, (fac,) = a.seat, a.args
        if d.claimed_faction:
            return _illegal("once-per-turn",
                            "you already claimed a Faction card this turn (EN Claim Faction)")
        if fac not in self.faction_cards or fac in [FI[x] for x in d.boxed_factions]:
            return _illegal("not-in-play", f"the {FACTION_NAMES[fac]} card is not in this game")
        if d.faction_holder.get(FACTIONS[fac]) == s:
            return _illegal("already-held", f"you already hold the {FACTION_NAMES[fac]} card")
        if FACTIONS[fac] in d.borrowed:
            # READING: a borrowed card (SF) cannot be claimed until it is returned at the Check Phase
            return _illegal("borrowed", f"the {FACTION_NAMES[fac]} card is borrowed this turn")
        if self.claimant(d, FACTIONS[fac]) != s:
            return _illegal("no-control",
                            f"you do not control the largest {FACTION_NAMES[fac]} Lodge (at least 3 "
                            "Influence and more than anyone; tied largest Lodges count as one — "
                            "EN Claim Faction)")
        return None

    def _check_claimplot(self, d, f, a):
        s, (p,) = a.seat, a.args
        if d.claimed_plot:
            return _illegal("once-per-turn", "you already claimed a Plot this turn (EN Claim Plot)")
        if p not in self.plots:
            return _illegal("bad-plot", "no such Plot")
        if p not in d.public_plots and p != d.private_plot[s]:
            return _illegal("not-yours", "only public Plots and your own private Plot can be claimed")
        if p in d.claims[s]:
            return _illegal("already-claimed", "your Influence is already on (or under) that Plot")
        if self.supply(d, s) < 1:
            return _illegal("no-supply", "you have no Influence left in your supply")
        families = self.plot_families(d, s, [q for q, on in d.claims[s].items() if on] + [p])
        if not families[-1]:
            return _illegal("not-met", f"you do not meet the condition of {self.plots[p].name}: "
                            f"{self.plots[p].text}")
        if not B.claims_compatible(families):
            return _illegal("overlap",
                            f"the cards used for {self.plots[p].name} would equal or lie inside the "
                            "cards used for another of your Plots, or reuse its Lodge "
                            "(EN Claim Plot: Important!)")
        return None

    def plot_families(self, d, s, plot_ids):
        """Witness sets (the cards each Plot would use) for seat ``s`` and each Plot in ``plot_ids``."""
        held = sum(1 for h in d.faction_holder.values() if h == s)
        key = (s, held, self.board_key(d))

        def context():
            ctx = B.PlotContext(self.geom, self.faces(d), d.infl, s, d.seats, held)
            ctx.__dict__["lodge_list"] = self.lodge_list(d)  # (a cached property: share the game's)
            return ctx

        ctx = self._memoized(("plotctx", s), lambda: self._by_board(("plotctx",) + key, context))
        return [self._memoized(("plot", s, p), lambda p=p: self._by_board(
            ("plot", p) + key, lambda: B.plot_witnesses(self.plots[p].key, self.plots[p].params, ctx)))
            for p in plot_ids]

    def _check_chance(self, d, a):
        from .notation import decode_deal, decode_shuffle

        try:
            if a.kind == "deal":
                decode_deal(self, a.args[0])
            else:
                order = decode_shuffle(self, a.args[0])
                if sorted(order) != sorted(d.discard):
                    return _illegal("bad-shuffle",
                                    "a shuffle must order exactly the cards of the discard pile")
        except NotationError as e:
            return _illegal("bad-chance", e.message)
        return None

    # ================================================================================================
    # perform
    # ================================================================================================
    def perform(self, d: PaxData, a: Action, log: Log) -> None:
        self._last_listing = None
        self._dos[a.kind](d, a, log)
        self._advance(d, log)

    def determinize(self, d: PaxData, seat, rng) -> PaxData:
        from .determinize import determinize

        return determinize(self, d, seat, rng)

    def after_edit(self, d: PaxData, log: Log) -> None:
        self._last_listing = None
        if d.frames and d.frames[-1]["t"] != "deal":
            self._advance(d, log)

    def _advance(self, d: PaxData, log: Log) -> None:
        while d.result is None and d.frames:
            f = d.frames[-1]
            auto = self._autos.get(f["t"])
            if auto is not None:
                auto(d, f, log)
                continue
            if f["t"] in FORCED:
                seats = [f["att"], f["def"]] if f["t"] == "reveal" else [f["seat"]]
                forced = None
                for seat in seats:
                    if f["t"] == "reveal" and str(seat) in f["commits"]:
                        continue
                    opts = self.legal(d, seat)
                    if len(opts) == 1:
                        forced = opts[0]
                        break
                    self._last_listing = (d, f, seat, opts)
                if forced is not None:
                    self._last_listing = None
                    self._dos[forced.kind](d, forced, log)
                    continue
            break
        if self._update_factions(d, log):
            self._last_listing = None

    # -- chance ------------------------------------------------------------------------------------------
    def sample_chance(self, d: PaxData, rng) -> Action:
        from .notation import encode_deal

        t = d.frames[-1]["t"]
        if t == "deal":
            lum = rng.shuffle(list(self.ids))
            contacts = rng.shuffle(list(self.contact_numbers))
            factions = rng.shuffle([FACTIONS[f] for f in self.faction_cards])
            plots = rng.shuffle(list(self.plots))
            edicts = rng.shuffle(list(self.edict_ids))
            specials = rng.shuffle(list(self.special_ids))
            pile_a = rng.shuffle(edicts[:3] + specials[:3])
            pile_b = rng.shuffle(edicts[3:6] + specials[3:6])
            blob = encode_deal(self, lum, contacts, factions, plots, pile_a + pile_b, specials[6:])
            return self.act(CHANCE, "deal", blob)
        from .notation import encode_shuffle

        return self.act(CHANCE, "shuffle", encode_shuffle(self, rng.shuffle(list(d.discard))))

    def _do_deal(self, d: PaxData, a: Action, log: Log) -> None:
        """Setup steps 1-15 (EN Setup; JA L62-84)."""
        from .notation import decode_deal

        lum, contacts, factions, plots, events, boxed = decode_deal(self, a.args[0])
        d.frames.pop()
        n = d.seats
        # 1. deck (top = end of list)
        deck = list(reversed(lum))
        # 2. map, all face-down
        d.cards = [deck.pop() for _ in range(self.n)]
        d.up = [False] * self.n
        d.infl = [tuple([None] * self.nloc[c]) for c in d.cards]
        # 3-4. court and Chamberlain on the leftmost slot
        d.court = [deck.pop() for _ in range(COURT_SIZE)]
        d.chamberlain = 0
        # 5. pool 6/8/10 of each Faction
        d.pool = [self.pool_size] * 6
        # 7. four cards each
        for s in range(n):
            d.hands[s] = [deck.pop() for _ in range(HAND_LIMIT)] if s not in self.automa else []  # bots: none
        d.deck = deck
        # 8-9. contact cards and starting Favor (RULINGS §7.55: 1 of each of its 3 Factions)
        for s in range(n):
            d.contacts[s] = contacts[s]
            for x in self.contact_fac[contacts[s]]:
                d.pool[x] -= 1
                d.favor[s][x] += 1
        # 10. lowest contact number starts
        d.first = min(range(n), key=lambda s: d.contacts[s])
        # 12. faction row 3/4/5; the rest out of the game
        k = FACTION_ROW[n]
        d.faction_row = factions[:k]
        d.boxed_factions = factions[k:]
        # 13-14. two public plots, one private each, the rest a pile (top = end)
        d.public_plots = plots[:2]
        d.private_plot = plots[2:2 + n]
        d.plot_pile = list(reversed(plots[2 + n:]))
        # 15. event deck: two piles of 3 Edicts + 3 Specials, stacked; 3 Specials back to the box
        d.event_deck = list(reversed(events))
        d.boxed_events = list(boxed)
        log.add("The game is set up: map dealt face-down, Court revealed, "
                f"{self.seat_name(d.first)} starts (lowest Contact card, {d.contacts[d.first]}).")
        for s in (s for s in range(n) if s not in self.automa):
            log.add(None, {s: f"You are dealt {', '.join(d.hands[s])}; your private Plot is "
                              f"{self.plots[d.private_plot[s]].name}."},
                    secret=f"{self.seat_name(s)} is dealt {', '.join(d.hands[s])} and private Plot "
                           f"{self.plots[d.private_plot[s]].name}.")
        if self.automaton is not None:
            self.automaton.after_deal(d, log)
        d.round = 1
        self._start_turn(d, d.first, log)

    def _do_shuffle(self, d: PaxData, a: Action, log: Log) -> None:
        from .notation import decode_shuffle

        order = decode_shuffle(self, a.args[0])
        d.frames.pop()
        d.deck = list(reversed(order))
        d.discard = []
        d.reshuffles += 1
        log.add(f"The discard pile ({len(order)} cards) is shuffled into a new draw pile.",
                secret=f"The discard pile is shuffled: top {', '.join(order[:5])} …")

    def _deck_empty_check(self, d: PaxData) -> bool:
        # READING: the reshuffle happens as soon as the draw pile is empty (a recorded chance decision)
        """EN Reshuffling: an empty draw pile is reshuffled from the discard at once (a chance frame)."""
        if not d.deck and d.discard:
            d.frames.append({"t": "shuffle"})
            return True
        return False

    # -- turn structure ------------------------------------------------------------------------------------
    def _start_turn(self, d: PaxData, seat: int, log: Log) -> None:
        d.active = seat
        d.turn += 1
        d.main_left = 2
        d.cubes = []
        d.claimed_faction = d.claimed_plot = False
        d.extorted = []
        d.revealed = False
        self.reset_turn_powers(d)
        log.add(f"— Round {d.round}, {self.seat_name(seat)}'s turn —")
        if seat in self.automa:  # a rulebook bot's turn: its script, its own Check Phase (automa.py)
            d.frames.extend(self.automaton.turn_frames(seat))
        else:
            d.frames.extend([{"t": "endturn"}, {"t": "check"}, {"t": "turn", "seat": seat}])
        if d.round > 1:  # EN: ignore the Event Phase in the first round
            d.frames.append({"t": "eventphase"})

    def _auto_eventphase(self, d: PaxData, f: dict, log: Log) -> None:
        d.frames.pop()
        s = d.active
        keep = []
        for ev, favor in d.edicts[s]:
            # READING: an Edict holding a single Favor returns it to the pool (pool first, then the holder)
            fac = FI[self.events[ev].faction]
            if favor > 0:
                favor -= 1
                d.pool[fac] += 1
            if favor > 0:
                favor -= 1
                d.favor[s][fac] += 1
            log.add(f"{self.events[ev].name} pays out: 1 to the pool, 1 to {self.seat_name(s)} "
                    f"({favor} left on it).")
            if favor <= 0:
                d.event_discard.append(ev)
                log.add(f"{self.events[ev].name} is empty and discarded "
                        f"({self.edicts_discarded(d)} Edict(s) discarded).")
            else:
                keep.append([ev, favor])
        d.edicts[s] = keep
        if self.edicts_discarded(d) >= EDICTS_TO_END and not d.final_round:
            d.final_round = True
            log.add("A 5th Edict has been discarded: this is the final round, then Faction Scoring.")
        if d.special_active[s] is not None:
            log.add(f"{self.seat_name(s)} discards the active Special Event "
                    f"{self.events[d.special_active[s]].name}.")
            d.event_discard.append(d.special_active[s])
            d.special_active[s] = None
        if d.special_hand[s]:
            d.frames.append({"t": "activate", "seat": s})

    # -- the rulebook bots' frames (automa.py) -----------------------------------------------------------
    def _auto_botturn(self, d, f, log):
        self.automaton.begin(d, f, log)

    def _auto_botclaim(self, d, f, log):
        self.automaton.claim(d, f, log)

    def _auto_botcheck(self, d, f, log):
        self.automaton.check_phase(d, f, log)

    def _check_bot(self, d, f, a):
        if self.automaton is None:
            return _illegal("not-a-bot", "this game has no rulebook bot")
        return self.automaton.check(d, f, a)

    def _do_bot(self, d, a, log):
        self.automaton.perform(d, a, log)

    def _do_activate(self, d, a, log):
        d.frames.pop()
        ev = a.args[0]
        d.special_hand[a.seat].remove(ev)
        d.special_active[a.seat] = ev
        log.add(f"{self.seat_name(a.seat)} activates the Special Event {self.events[ev].name}.")

    def _do_pass(self, d, a, log):
        d.frames.pop()

    def _do_end(self, d, a, log):
        d.frames.pop()
        log.add(f"{self.seat_name(a.seat)} ends the action phase.")

    @staticmethod
    def reset_turn_powers(d: PaxData) -> None:
        """A new turn: no Scheme yet, no Buffs, Faction cards upright, no once-per-turn Event used."""
        d.scheme, d.scheme_ended, d.quick_used = [], False, False
        d.buffs, d.bs_adj, d.sideways, d.used_events = [], [], [], []
        d.peek = None

    def _auto_check(self, d: PaxData, f: dict, log: Log) -> None:
        """Check Phase: E claim check + victory check, F event check, G redraw (EN Check Phase)."""
        d.frames.pop()
        if d.borrowed:  # SF: a borrowed Faction card returns at the start of the borrower's Check Phase
            log.add("The borrowed Faction card(s) " + ", ".join(FACTION_NAMES[FI[x]] for x in d.borrowed)
                    + " return where they came from.")
            d.borrowed = {}
        self._claim_check(d, log)
        if self._victory_check(d, log):
            return
        later = [{"t": "refresh"}]
        if len(d.hands[d.active]) < self.hand_limit(d, d.active):
            later.append({"t": "redraw", "seat": d.active})
        order = [(d.active + i) % d.seats for i in range(1, d.seats)]
        later.extend({"t": "draw", "seat": s} for s in reversed(order))
        later.append({"t": "discardplayed"})
        d.frames.extend(later)
        if d.revealed and d.event_deck:
            drawn = [d.event_deck.pop() for _ in range(min(2, len(d.event_deck)))]
            d.frames.append({"t": "keep", "seat": d.active, "cards": drawn})
            log.add(f"An Ace or Crown was revealed this turn: {self.seat_name(d.active)} draws "
                    f"{len(drawn)} Event card(s).", {d.active: "You draw the Events " + ", ".join(
                        self.events[e].name for e in drawn) + "."})
        elif d.revealed:
            log.add("An Ace or Crown was revealed, but the Event deck is empty.")

    def _claim_check(self, d: PaxData, log: Log) -> None:
        """EN Claim Check: lose claims whose condition fails; regain lost ones whose condition holds."""
        for s in [(d.active + i) % d.seats for i in range(d.seats)]:
            for p, on in list(d.claims[s].items()):
                if on and not self.plot_families(d, s, [p])[0]:
                    d.claims[s][p] = False
                    log.add(f"{self.seat_name(s)} no longer meets {self.plots[p].name}: "
                            "the claim goes under it.")
            for p, on in list(d.claims[s].items()):
                if not on:  # READING: a lost claim is regained automatically when it holds again
                    held = [q for q, o in d.claims[s].items() if o]
                    fam = self.plot_families(d, s, held + [p])
                    if fam[-1] and B.claims_compatible(fam):
                        d.claims[s][p] = True
                        log.add(f"{self.seat_name(s)} meets {self.plots[p].name} again "
                                "and regains the claim.")

    def _victory_check(self, d: PaxData, log: Log) -> bool:
        """EN Plot Victory: the active player with Influence on 2+ Plots wins at once."""
        s = d.active
        held = [p for p, on in d.claims[s].items() if on]
        if len(held) >= 2:
            d.result = {
                "winners": [s],
                "scores": {i: sum(1 for on in d.claims[i].values() if on) for i in range(d.seats)},
                "reason": "plot victory",
                "plots": [self.plots[p].name for p in held],
            }
            d.frames = []
            log.add(f"{self.seat_name(s)} has Influence on {len(held)} Plots "
                    f"({', '.join(self.plots[p].name for p in held)}) and wins the game!")
            return True
        return False

    def enact_edict(self, d, s: int, ev) -> int:
        """An Edict goes into play in front of ``s`` (EN Edicts): every player returns all Favor of its
        Faction to the pool, then up to 6 of that Favor go onto the card, out of play. Returns how many."""
        fac = FI[self.events[ev].faction]
        for i in range(d.seats):
            d.pool[fac] += d.favor[i][fac]
            d.favor[i][fac] = 0
        put = min(6, d.pool[fac])
        d.pool[fac] -= put
        d.edicts[s].append([ev, put])
        return put

    def _do_keep(self, d, a, log):
        f = d.frames.pop()
        ev = a.args[0]
        other = [e for e in f["cards"] if e != ev]
        for e in other:
            d.event_deck.append(e)
        s = a.seat
        card = self.events[ev]
        if card.kind == "edict":
            fac = FI[card.faction]
            put = self.enact_edict(d, s, ev)
            log.add(f"{self.seat_name(s)} keeps the Edict {card.name}: everyone returns all "
                    f"{FACTION_NAMES[fac]} Favor; {put} go onto the Edict, out of play.")
        else:
            d.special_hand[s].append(ev)
            log.add(f"{self.seat_name(s)} keeps a Special Event.",
                    {s: f"You keep the Special Event {card.name}."},
                    secret=f"{self.seat_name(s)} keeps the Special Event {card.name}.")

    def _auto_discardplayed(self, d, f, log):
        d.frames.pop()
        d.discard.extend(d.played)
        d.played = []
        d.scheme = []  # EN Redraw: the Scheme cards are discarded with the challenge cards

    def _auto_draw(self, d: PaxData, f: dict, log: Log) -> None:
        """Draw back to the hand limit from the deck (non-active players, then the active one)."""
        s = f["seat"]
        want = self.hand_limit(d, s) - len(d.hands[s])
        drawn = []
        while want > 0 and d.deck:
            cid = d.deck.pop()
            d.hands[s].append(cid)
            drawn.append(cid)
            want -= 1
            if self._deck_empty_check(d):
                break
        if drawn:
            log.add(f"{self.seat_name(s)} draws {len(drawn)} card(s).", {s: f"You draw {', '.join(drawn)}."},
                    secret=f"{self.seat_name(s)} draws {', '.join(drawn)}.")
        if d.frames[-1] is f:  # no shuffle pending: this draw is finished
            d.frames.pop()

    def _do_redraw(self, d, a, log):
        # READING: the Redraw is one decision (1 or 2 Court cards, or none) and the rest comes from the deck
        f = d.frames.pop()
        s = a.seat
        if a.args[0] == "court":
            slots = a.args[1]
            took = []
            for i in slots:
                cid = d.court[i]
                d.court[i] = None
                d.hands[s].append(cid)
                d.known[s].append(cid)
                took.append(cid)
            log.add(f"{self.seat_name(s)} takes {', '.join(took)} from the Court.")
            d.frames.append({"t": "draw", "seat": s})
            if len(slots) == 2:
                self._push_pay(d, s, [ALL], "taking 2 Court cards", None)
        else:
            d.frames.append({"t": "draw", "seat": s})
        del f

    def _auto_refresh(self, d: PaxData, f: dict, log: Log) -> None:
        """EN Court refresh: discard under the Chamberlain, move it right (wrapping), refill left to right."""
        if not f.get("moved"):
            p = d.chamberlain
            if d.court[p] is not None:
                d.discard.append(d.court[p])
                d.court[p] = None
            d.chamberlain = (p + 1) % COURT_SIZE
            f["moved"] = True
            if self._deck_empty_check(d):
                return
        for i in range(COURT_SIZE):
            if d.court[i] is None and d.deck:
                d.court[i] = d.deck.pop()
                if self._deck_empty_check(d):
                    return
        d.frames.pop()

    def _auto_endturn(self, d: PaxData, f: dict, log: Log) -> None:
        d.frames.pop()
        nxt = (d.active + 1) % d.seats
        # READING: after the 5th Edict the round ends with the seat before the first player, then scoring
        if d.final_round and nxt == d.first:
            self._faction_scoring(d, log)
            return
        if nxt == d.first:
            d.round += 1
        self._start_turn(d, nxt, log)

    def _faction_scoring(self, d: PaxData, log: Log) -> None:
        """EN Faction Scoring: 1 point per Influence in each Scoring Lodge; ties → more Faction cards →
        shared."""
        per = B.faction_scores(self.geom, self.faces(d), d.infl, d.seats)
        totals = {s: sum(per[s].values()) for s in range(d.seats)}
        best = max(totals.values())
        tied = [s for s in range(d.seats) if totals[s] == best]
        if len(tied) > 1:
            held = {s: sum(1 for h in d.faction_holder.values() if h == s) for s in tied}
            most = max(held.values())
            tied = [s for s in tied if held[s] == most]
        d.result = {"winners": tied, "scores": totals, "reason": "faction scoring",
                    "by_faction": {s: dict(per[s]) for s in range(d.seats)}}
        d.frames = []
        log.add("Faction Scoring: " + ", ".join(f"{self.seat_name(s)} {totals[s]}" for s in range(d.seats))
                + f". {' and '.join(self.seat_name(s) for s in tied)} win{'s' if len(tied) == 1 else ''}!")

    # -- factions held ------------------------------------------------------------------------------------
    def _update_factions(self, d: PaxData, log: Log) -> bool:
        """EN Losing Faction cards (RULINGS): lost at once when control of the largest Lodge is lost."""
        if not d.faction_holder or d.result is not None:
            return False
        changed = False
        outer = self._memo
        self._memo = {}  # (the map does not change here: its key and faces are worked out once)
        try:
            for fac, s in list(d.faction_holder.items()):
                if self.claimant(d, fac) != s:
                    changed = True
                    del d.faction_holder[fac]
                    d.faction_row.append(fac)
                    log.add(f"{self.seat_name(s)} no longer controls the largest {FACTION_NAMES[FI[fac]]} "
                            "Lodge: the Faction card returns to the row.")
        finally:
            self._memo = outer
        return changed

    def _do_claimfaction(self, d, a, log):
        s, fac = a.seat, FACTIONS[a.args[0]]
        prev = d.faction_holder.get(fac)
        if fac in d.faction_row:
            d.faction_row.remove(fac)
        d.faction_holder[fac] = s
        d.claimed_faction = True
        src = "the row" if prev is None else self.seat_name(prev)
        log.add(f"{self.seat_name(s)} claims the {FACTION_NAMES[a.args[0]]} Faction card from {src}.")

    def _do_claimplot(self, d, a, log):
        s, p = a.seat, a.args[0]
        d.claims[s][p] = True
        d.claimed_plot = True
        if p == d.private_plot[s] and not d.private_revealed[s]:
            d.private_revealed[s] = True
            log.add(f"{self.seat_name(s)} reveals their private Plot {self.plots[p].name} and claims it.")
        else:
            log.add(f"{self.seat_name(s)} claims the Plot {self.plots[p].name}.")
        self._victory_check(d, log)  # RULINGS §7.43: the win is immediate

    # -- favor payments and gains ---------------------------------------------------------------------------
    def _push_pay(self, d, s, slots, why, then, alts=None) -> None:
        """Push a payment; ``then`` (a frame or None) runs after it is paid.  ``alts``: several ways to pay
        (a cost reduction whose icon the payer chooses); ``slots`` is then the first of them."""
        if then is not None:
            d.frames.append(then)
        f = {"t": "pay", "seat": s, "slots": [sorted(x) for x in slots], "why": why}
        if alts is not None and len(alts) > 1:
            f["alts"] = [[sorted(x) for x in a] for a in alts]
        d.frames.append(f)

    def _do_pay(self, d, a, log):
        f = d.frames.pop()
        vec = a.args[0]
        s = a.seat
        for x in range(6):
            d.favor[s][x] -= vec[x]
            d.pool[x] += vec[x]
        log.add(f"{self.seat_name(s)} pays {tokens_text(vec) or 'nothing'} for {f['why']}.")

    def _push_gain(self, d, s, slots, why, conspire=()) -> None:
        """Gain Favor: choose (if a choice), take from the pool or subvert, then give to rivals (Conspire)."""
        d.frames.append({"t": "gain", "seat": s, "slots": [sorted(x) for x in slots], "why": why,
                         "conspire": [list(c) for c in conspire], "vec": None})

    def _auto_gain(self, d, f, log):
        if f["vec"] is None:
            choices = gain_choices(f["slots"])
            if len(choices) == 1:
                f["vec"] = list(choices[0])
            else:
                d.frames.append({"t": "collect", "seat": f["seat"], "slots": f["slots"], "why": f["why"]})
                return
        if "queue" not in f:
            f["queue"] = [x for x in range(6) for _ in range(f["vec"][x])]
            f["got"] = [0] * 6
        s = f["seat"]
        while f["queue"]:
            x = f["queue"][0]
            if d.pool[x] > 0:
                d.pool[x] -= 1
                d.favor[s][x] += 1
                f["got"][x] += 1
                f["queue"].pop(0)
                continue
            holders = [r for r in range(d.seats) if r != s and d.favor[r][x] > 0]
            if not holders:
                f["queue"].pop(0)  # EN Subverting: still short → that Favor is not gained
                log.add(f"No {FACTION_NAMES[x]} Favor is left anywhere: {self.seat_name(s)} gains one less.")
                continue
            # READING: subverting takes one Favor at a time, from a player of the gainer's choice
            if len(holders) == 1:
                self._take_from(d, f, holders[0], log)
                continue
            d.frames.append({"t": "subvert", "seat": s, "fac": x})
            return
        d.frames.pop()
        log.add(f"{self.seat_name(s)} gains {tokens_text(f['got']) or 'nothing'} ({f['why']}).")
        # Conspire (EN Extort; RULINGS §7.54): keep what you would normally keep, give the rest
        value = len(f["slots"])
        owed = sum(n for _r, n in f["conspire"])
        got = sum(f["got"])
        give = max(0, min(owed, got - (value - owed)))
        to = [r for r, n in f["conspire"] for _ in range(n)][:give]
        if to:
            d.frames.append({"t": "give", "seat": s, "to": to, "have": list(f["got"])})

    def _take_from(self, d, f, r, log):
        x = f["queue"].pop(0)
        s = f["seat"]
        d.favor[r][x] -= 1
        d.favor[s][x] += 1
        f["got"][x] += 1
        log.add(f"The pool has no {FACTION_NAMES[x]} Favor: {self.seat_name(s)} takes one from "
                f"{self.seat_name(r)} (Subverting Favor).")

    def _do_collect(self, d, a, log):
        d.frames.pop()
        d.frames[-1]["vec"] = list(a.args[0])

    def _do_subvert(self, d, a, log):
        d.frames.pop()
        self._take_from(d, d.frames[-1], a.args[0], log)

    def _do_give(self, d, a, log):
        f = d.frames[-1]
        r, x = a.args
        s = a.seat
        d.favor[s][x] -= 1
        d.favor[r][x] += 1
        f["have"][x] -= 1
        f["to"].pop(0)
        log.add(f"{self.seat_name(s)} gives 1 {FACTION_NAMES[x]} Favor to {self.seat_name(r)} (Conspire).")
        if not f["to"]:
            d.frames.pop()

    # -- main actions --------------------------------------------------------------------------------------
    def _use_main(self, d, bonus: bool, cell: int, free: bool = False):
        """Spend what the action uses: a power frame (popped), the follow-up cube or a Main action
        (``free``: Rosicrucian Advance).  Returns the power frame, if any."""
        f = d.frames[-1] if d.frames else None
        if f is not None and f["t"] == "power":
            return d.frames.pop()
        if bonus:
            d.cubes.remove(cell)
        elif not free:
            d.main_left -= 1
        return None

    def _do_scout(self, d, a, log):
        s, (t, acting) = a.seat, a.args
        free = (acting is not None and acting != AREO and self.rosicrucian(d.cards[acting])
                and self.event_on(d, "rosicrucian_advance"))
        pf = self._use_main(d, False, t, free)
        take = {"t": "scouttake", "seat": s, "cell": t}
        if pf is not None:
            log.add(f"{self.seat_name(s)} Scouts {self.cell_name(t)} (ANY card, no matching Favor).")
            if pf["kind"] == "BS":
                d.bs_adj.append(t)  # BS: this position counts as adjacent for Influence this turn
            fee = self.fee_slots(pf)
            if fee:
                self._push_pay(d, s, fee, "the Scholars ability", take)
            else:
                d.frames.append(take)
            return
        log.add(f"{self.seat_name(s)} Scouts {self.cell_name(t)} from {self.cell_name(acting)}"
                + (" (Rosicrucian Advance: no Main action used)" if free else "") + ".")
        self._push_pay(d, s, [frozenset(self.acting_factions(d, s, acting))], f"Scouting {self.cell_name(t)}",
                       take)

    def _auto_scouttake(self, d, f, log):
        d.frames.pop()
        s, t = f["seat"], f["cell"]
        cid = d.cards[t]
        d.hands[s].append(cid)
        d.cards[t] = None
        d.infl[t] = ()
        log.add(f"{self.seat_name(s)} takes the face-down card into their hand.",
                {s: f"You take {cid} into your hand."},
                secret=f"{self.seat_name(s)} takes {cid} into their hand.")
        d.frames.append({"t": "place", "seat": s, "cell": t, "carry": 0, "why": "scout"})

    def _do_place(self, d, a, log):
        f = d.frames.pop()
        s, cid, t = a.seat, a.args[0], f["cell"]
        d.hands[s].remove(cid)
        if cid in d.known[s]:
            d.known[s].remove(cid)
        d.cards[t] = cid
        d.up[t] = True
        slots = [None] * self.nloc[cid]
        # Elector's Decree: the rivals' Influence goes on first, then the expeller's own
        carry = list(f.get("rseats", [])) + [s] * f.get("carry", 0)
        if f.get("rseats") and self.rank[cid] == "CROWN":
            # READING (RULINGS §7.29): no effect puts Influence on a Crown beside another player's, so on a
            # Crown placed under Elector's Decree only the rivals' Influence goes on; the expeller's returns
            carry = list(f["rseats"])
        placed = min(len(carry), len(slots))
        for i in range(placed):
            slots[i] = carry[i]
        d.infl[t] = tuple(slots)
        extra = f" with {placed} Influence" if carry else ""
        back = f"; {len(carry) - placed} Influence return to supply" if len(carry) > placed else ""
        log.add(f"{self.seat_name(s)} places {self.card_label(cid)} face-up at "
                f"{self.cell_name(t)}{extra}{back}.")
        if self.rank[cid] in ("ACE", "CROWN"):
            d.revealed = True  # EN Event Check: an Ace/Crown played face-up to the map
        if (f.get("why") == "expel" and f.get("main") and self.rosicrucian(cid)
                and self.event_on(d, "rosicrucian_advance")):
            d.main_left += 1
            log.add("Rosicrucian Advance: an Expel that puts a Rosicrucian card into the map uses no Main "
                    "action.")
        n = d.buffs.count("FS")
        if f.get("why") == "scout" and n:
            for _ in range(n):  # FS: gain the placed card's Favor value, once per FS card (Buffs stack)
                self._push_gain(d, s, self.value_slots(cid), f"FS: the Favor value of {cid}")

    def _do_influence(self, d, a, log):
        s, (t, k, bonus) = a.seat, a.args
        f = d.frames[-1]
        mode = self.mode_of(f, bonus)
        fee = self.fee_slots(f)
        alts = [c + fee for c in self.influence_cost_alts(d, s, t, k, mode)]
        free = mode == "main" and self.rosicrucian(d.cards[t]) and self.event_on(d, "rosicrucian_advance")
        self._use_main(d, bonus, t, free)
        how = {"cube": "uses the bonus follow-up to ", "main": ""}.get(mode, "uses a power to ")
        log.add(f"{self.seat_name(s)} {how}Influences {self.cell_name(t)} x{k}"
                + (" (Rosicrucian Advance: no Main action used)" if free else "") + ".")
        self._push_pay(d, s, alts[0], f"{k} Influence on {self.cell_name(t)}",
                       {"t": "placeinfluence", "seat": s, "cell": t, "n": k}, alts=alts)

    def _auto_placeinfluence(self, d, f, log):
        d.frames.pop()
        s, t, k = f["seat"], f["cell"], f["n"]
        slots = list(d.infl[t])
        for i in self.open_slots(d, t)[:k]:  # EN: top-most open Location first
            slots[i] = s
        d.infl[t] = tuple(slots)

    def card_favor_slots(self, d, s, c, extort: bool) -> list[frozenset]:
        """A card's Favor value as gain slots (EN Luminary Card Terms 3; RULINGS §7.12 for Crowns)."""
        if c == AREO:
            return [frozenset((x,)) for x in self.contact_fac[d.contacts[s]]]
        cid = d.cards[c]
        fac = self.cfac[cid]
        r = self.rank[cid]
        if r == "I":
            return [frozenset(fac)]
        if r == "II":
            return [frozenset((fac[0],)), frozenset((fac[1],))]
        if r == "III":
            return [frozenset((fac[0],)), frozenset((fac[1],)), frozenset(fac)]
        if r == "ACE":
            return [frozenset(fac)] * 3
        per = sum(1 for x in d.infl[c] if x is not None) if extort else 1
        return [frozenset(fac)] * (2 * per)

    def challenge_frame(self, d, s: int, r: int, t: int, k: int, base: list) -> dict:
        """The sealed Oust challenge of ``s`` against ``k`` of ``r``'s Influence on ``t`` (EN Oust), with
        the Initial Strengths ``base``, the FU buff and the Clergy passive (its holder's opponent reveals
        first)."""
        frame = {"t": "reveal", "att": s, "def": r, "k": k, "cell": t, "base": base, "commits": {},
                 "round": 1}
        if "FU" in d.buffs:
            frame["even"] = True  # FU: no advantage or disadvantage in this player's Ousts this turn
        holder = next((x for x in (s, r) if self.holds(d, x, "CLE")), None)
        if holder is not None:
            frame["first"] = r if holder == s else s  # the Clergy passive: the opponent reveals first
        return frame

    def _do_extort(self, d, a, log):
        s, (t,) = a.seat, a.args
        pf = self._use_main(d, False, t)
        pro = pf is not None and pf["kind"] == "PRO"  # the Professions ability: no Whisper, no Conspire
        fe = "FE" in d.buffs  # FE: rival Influence counts as yours (RULINGS §7.15: Whisper too, no Conspire)
        cards = [t]
        if t != AREO and not pro:
            # EN Whisper rule: adjacent cards of the same rank with your Influence (not the target itself;
            # RULINGS §7.16: the Areopagus never Whispers), minus cards already Extorted (§7.14)
            r = self.rank[d.cards[t]]
            cards += [c for c in self.nb[t] if d.up[c] and self.rank[d.cards[c]] == r and c not in d.extorted
                      and (s in d.infl[c] or (fe and any(x is not None for x in d.infl[c])))]
        no_conspire = pro or fe or self.event_on(d, "quiet_tidings")
        d.extorted.extend(cards)
        names = ", ".join(self.cell_name(c) for c in cards)
        log.add(f"{self.seat_name(s)} Extorts {self.cell_name(t)}"
                + (f" and by Whisper {names.split(', ', 1)[1]}" if len(cards) > 1 else "") + ".")
        for c in reversed(cards):
            self.extort_gain(d, s, c, no_conspire)

    def extort_gain(self, d, s: int, c: int, no_conspire: bool = False) -> None:
        """``s`` collects card ``c``'s Favor value (EN Extort); unless ``no_conspire``, every rival with
        Influence on the card gets its share of it (EN Conspire; the Areopagus has no Conspire)."""
        conspire = []
        if c != AREO and not no_conspire:
            for r in range(d.seats):
                n = d.infl[c].count(r)
                if r != s and n:
                    conspire.append((r, n))
        self._push_gain(d, s, self.card_favor_slots(d, s, c, True), f"Extorting {self.cell_name(c)}",
                        conspire)

    def _do_organize(self, d, a, log):
        s, (fac, cube) = a.seat, a.args
        pf = self._use_main(d, cube is not None, cube)
        if pf is not None:  # BO (free) or the Artists ability (1 Artists Favor; all moves from one card)
            log.add(f"{self.seat_name(s)} moves up to 3 Influence from ANY "
                    f"{'card' if pf['kind'] == 'BO' else 'one card'} to ANY open Locations.")
            move = {"t": "move", "seat": s, "fac": None, "left": 3, "dest": None, "any": True,
                    "one": pf["kind"] == "ART", "src": None}
            fee = self.fee_slots(pf)
            if fee:
                self._push_pay(d, s, fee, "the Artists ability", move)
            else:
                d.frames.append(move)
            return
        dest = cube  # RULINGS §7.25: a bonus Organize's moves must end on the cube card
        log.add(f"{self.seat_name(s)} {'uses the bonus follow-up to ' if cube is not None else ''}Organizes "
                f"with {FACTION_NAMES[fac]}.")
        # Fair Weather: moves from cards of the chosen Faction may go to ANY open Location
        fair = dest is None and self.event_on(d, "fair_weather")
        self._push_pay(d, s, [frozenset((fac,))], f"Organizing with {FACTION_NAMES[fac]}",
                       {"t": "move", "seat": s, "fac": fac, "left": 3, "dest": dest, "fair": fair})

    def _do_move(self, d, a, log):
        f = d.frames[-1]
        s, (src, dst) = a.seat, a.args
        slots = list(d.infl[src])
        # READING: the moved disk leaves from the lowest of your Locations on the card; the others stay put
        i = max(j for j, x in enumerate(slots) if x == s)
        slots[i] = None
        d.infl[src] = tuple(slots)
        slots = list(d.infl[dst])
        slots[self.open_slots(d, dst)[0]] = s  # RULINGS §7.30: top-most open Location
        d.infl[dst] = tuple(slots)
        f["left"] -= 1
        if f.get("one"):
            f["src"] = src
        log.add(f"{self.seat_name(s)} moves an Influence from {self.cell_name(src)} to "
                f"{self.cell_name(dst)}.")
        if f["left"] <= 0:
            d.frames.pop()

    def _do_done(self, d, a, log):
        d.frames.pop()

    def _do_expel(self, d, a, log):
        s, (t, acting, bonus) = a.seat, a.args
        f = d.frames[-1]
        slots = self.expel_cost(d, s, t, acting, f)
        pf = self._use_main(d, bonus, t)
        main = pf is None and not bonus
        how = "uses the bonus follow-up to " if bonus else ("uses a power to " if pf is not None else "")
        log.add(f"{self.seat_name(s)} {how}Expels {self.card_label(d.cards[t])} at {self.cell_name(t)}.")
        if pf is not None and pf["kind"] == "BX":
            # BX: then move 1 of your Influence from ANY Location onto the newly placed card (optional)
            d.frames.append({"t": "move", "seat": s, "fac": None, "left": 1, "dest": t, "any": True})
        take = {"t": "expeltake", "seat": s, "cell": t, "main": main}
        if slots:
            self._push_pay(d, s, slots, f"Expelling {self.cell_name(t)}", take)
        else:
            log.add("The Expel costs no Favor (FX).")
            d.frames.append(take)

    def _auto_expeltake(self, d, f, log):
        # READING: all of the expeller's Influence moves to the new card (what does not fit returns to supply)
        d.frames.pop()
        s, t = f["seat"], f["cell"]
        carry = d.infl[t].count(s)
        rseats = [x for x in d.infl[t] if x is not None and x != s]  # Elector's Decree only
        d.discard.append(d.cards[t])
        d.cards[t] = None
        d.up[t] = False
        d.infl[t] = ()
        place = {"t": "place", "seat": s, "cell": t, "carry": carry, "why": "expel",
                 "main": f.get("main", True)}
        if rseats:
            place.update(rivals=len(rseats), rseats=rseats)
        d.frames.append(place)

    def initial_strength(self, d, seat, t) -> int:
        """RULINGS §7.27: Influence on the target and side-adjacent cards, +1 for an adjacent Areopagus."""
        n = d.infl[t].count(seat) + sum(d.infl[c].count(seat) for c in self.nb[t])
        return n + (1 if t in self.areo_cells[seat] else 0)

    def _do_oust(self, d, a, log):
        s, (t, r, k, acting) = a.seat, a.args[:4]
        slots = self.oust_cost(d, s, acting, k, d.frames[-1])
        self._use_main(d, False, t)
        log.add(f"{self.seat_name(s)} Ousts {k} of {self.seat_name(r)}'s Influence on {self.cell_name(t)}.")
        base = [self.initial_strength(d, s, t), self.initial_strength(d, r, t)]
        if len(a.args) > 4:  # BU: your Initial Strength becomes the opponent's +1 or -1
            base[0] = base[1] + a.args[4]
            log.add(f"BU: {self.seat_name(s)}'s Initial Strength is set to {base[0]}.")
        frame = self.challenge_frame(d, s, r, t, k, base)
        self._push_pay(d, s, slots, f"Ousting at {self.cell_name(t)}", frame)

    def _do_reveal(self, d, a, log):
        f = d.frames[-1]
        f["commits"][str(a.seat)] = a.args[0]
        if f.get("first") == a.seat and len(f["commits"]) < 2:
            if a.args[0] is not None:
                d.known[a.seat].append(a.args[0])  # shown to everyone before the holder chooses
            log.add(f"{self.seat_name(a.seat)} reveals {a.args[0] or 'nothing'} first (Clergy passive).")
        if len(f["commits"]) < 2:
            return
        self._resolve_challenge(d, f, log)

    def _resolve_challenge(self, d, f, log):
        """EN Oust step 2 B-C: simultaneous reveal, advantage, Ace/Crown automatic wins, ties to the
        defender."""
        att, de = f["att"], f["def"]
        cards = {}
        for s in (att, de):
            cid = f["commits"][str(s)]
            cards[s] = cid
            if cid is not None:
                d.hands[s].remove(cid)
                if cid in d.known[s]:
                    d.known[s].remove(cid)
                d.played.append(cid)
                if self.rank[cid] in ("ACE", "CROWN"):
                    d.revealed = True
        f["commits"] = {}
        sa, sd = f["base"]
        even = f.get("even", False)  # FU (RULINGS §7.28): Aces and Crowns count 0 for both sides
        adv = {att: sa > sd and not even, de: sd > sa and not even}
        disadv = {att: sa < sd and not even, de: sd < sa and not even}

        def auto(s):
            cid = cards[s]
            if cid is None:
                return False
            r = self.rank[cid]
            return (r == "ACE" and disadv[s]) or (r == "CROWN" and adv[s])

        def value(s):
            cid = cards[s]
            if cid is None or self.rank[cid] in ("ACE", "CROWN"):
                return 0
            return self.lum[cid].strength

        shown = ", ".join(f"{self.seat_name(s)} {self.card_label(cards[s]) if cards[s] else 'nothing (0)'}"
                          for s in (att, de))
        log.add(f"Oust challenge at {self.cell_name(f['cell'])}: initial strength {sa} vs {sd}; "
                f"revealed {shown}.")
        aa, ad = auto(att), auto(de)
        if aa and ad:
            log.add("Both automatic wins cancel out.")
            d.frames.append({"t": "press", "seat": att})
            return
        if aa or ad:
            winner = att if aa else de
            log.add(f"{self.seat_name(winner)} wins automatically.")
        else:
            ta, td = sa + value(att), sd + value(de)
            winner = att if ta > td else de
            log.add(f"Strength {ta} vs {td}: {self.seat_name(winner)} wins"
                    f"{' (ties go to the defender)' if ta == td else ''}.")
        self._finish_challenge(d, f, winner == att, log)

    def _finish_challenge(self, d, f, attacker_won: bool, log):
        d.frames.pop()  # the reveal frame
        if not attacker_won:
            return
        att, de, t, k = f["att"], f["def"], f["cell"], f["k"]
        slots = list(d.infl[t])
        removed = 0
        for i in range(len(slots) - 1, -1, -1):  # READING: the defender's lowest disks are the targeted ones
            if removed < k and slots[i] == de:
                slots[i] = None
                removed += 1
        d.infl[t] = tuple(slots)
        d.cubes.append(t)
        log.add(f"{self.seat_name(de)}'s {k} Influence return to supply; {self.seat_name(att)} gets a bonus "
                f"follow-up (Influence, Organize or Expel) on {self.cell_name(t)} this turn.")
        self._push_gain(d, de, [ALL] * k, "Favor for Ousted Influence (EN Oust D)")

    def _do_press(self, d, a, log):
        d.frames.pop()
        f = d.frames[-1]
        f["round"] += 1
        log.add(f"{self.seat_name(a.seat)} presses the challenge: both reveal another card.")

    def _do_calloff(self, d, a, log):
        d.frames.pop()
        log.add(f"{self.seat_name(a.seat)} calls off the challenge: the defender wins.")
        self._finish_challenge(d, d.frames[-1], False, log)

    # ================================================================================================
    # views and consistency
    # ================================================================================================
    def view(self, d: PaxData, seat) -> dict:
        from .view import pax_view

        return pax_view(self, d, seat)

    def secrets(self, d: PaxData, seat) -> set[str]:
        """What ``seat`` must not see: face-down and deck cards, rivals' unseen hand cards, unrevealed
        private Plots and the Plot pile, the Event deck, rivals' held Specials and Events being chosen."""
        out = {d.cards[c] for c in range(len(d.cards)) if d.cards[c] is not None and not d.up[c]}
        out.update(d.deck)
        for s in range(d.seats):
            if s == seat:
                continue
            out.update(c for c in d.hands[s] if c not in d.known[s])
            p = d.private_plot[s]
            if p is not None and not d.private_revealed[s]:
                out.update((p, self.plots[p].name))
            out.update(d.special_hand[s])
            out.update(self.events[e].name for e in d.special_hand[s])
        for p in d.plot_pile:
            out.update((p, self.plots[p].name))
        for e in d.event_deck:
            out.update((e, self.events[e].name))
        if d.frames and d.frames[-1]["t"] == "keep" and d.frames[-1]["seat"] != seat:
            for e in d.frames[-1]["cards"]:
                out.update((e, self.events[e].name))
        for f in d.frames:  # SP: a drawn Plot is its drawer's alone
            if f.get("t") == "plotkeep" and f["seat"] != seat:
                out.update((f["new"], self.plots[f["new"]].name))
                if f["old"] is not None and not d.private_revealed[f["seat"]]:
                    out.update((f["old"], self.plots[f["old"]].name))
        if d.peek is not None and d.peek["viewer"] == seat:  # Ecclesiastical Investigators, this turn
            out.difference_update(d.peek["cards"])
        return out

    def problems(self, d: PaxData) -> list[str]:
        from .view import pax_problems

        return pax_problems(self, d)


#: turn actions that ``_turn_other_candidates`` lists only when legal (tests/pax/test_fast_legal.py checks it)
_LEGAL_AS_LISTED = frozenset({"scheme", "end"})
#: steps whose candidates are exactly the set their check tests membership in (the payments of a cost, the
#: ways to take a gain): listed without checking each (tests/pax/test_fast_legal.py compares)
_FRAMES_LEGAL_AS_LISTED = frozenset({"pay", "collect"})

_FRAME_KINDS = {
    "turn": {"scout", "influence", "extort", "organize", "expel", "oust", "claimfaction", "claimplot", "end",
             "scheme", "faction", "event", "investigate"},
    "power": {"skip", "influence", "scout", "organize", "expel", "oust", "extort", "swap", "raid", "drawplot",
              "drawcards", "borrow"},
    "plotkeep": {"keepplot"},
    "pay": {"pay"},
    "collect": {"collect"},
    "subvert": {"subvert"},
    "give": {"give"},
    "place": {"place"},
    "move": {"move", "done"},
    "reveal": {"reveal"},
    "press": {"press", "calloff"},
    "keep": {"keep"},
    "redraw": {"redraw"},
    "activate": {"activate", "pass"},
    "bot": {"bot"},
}
