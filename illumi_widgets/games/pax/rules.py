"""Pax Illuminaten rules: the game class and its engine hooks (setup, the decision frames, listing, checking
and performing an action, views). The rules themselves are in one module per topic, mixed into ``PaxGame``:

* ``turn.py``: the turn and its phases, Edicts, dealing and shuffling, the rulebook bots' steps;
* ``candidates.py``: which actions are listed for a seat (and the fast Main-action generator);
* ``actions.py``: the six main actions (Scout, Influence, Extort, Organize, Expel, Oust);
* ``challenges.py``: challenges (reveal, press on or call off, the result);
* ``payments.py``: paying costs and taking gains in Favor;
* ``claims.py``: claiming Faction cards and Plots, faction scoring, victory;
* ``powers.py``: the Scheme action, card powers, Faction-card abilities and Special Events (the changes
  they make to a main action are decided in that action's ``_check_*``, keyed by the decision frame's
  ``kind``);
* ``common.py``: constants and helpers they share.

Conventions (see ``model.py``): cells are map indices, ``AREO`` is the acting
seat's own Areopagus, piles keep their top card at the end of the list.

Multi-step actions are explicit *decision frames* on ``data.frames`` (never
generators): an action pushes frames (pay → place, pay → reveal → press, …)
and ``_advance`` runs automatic frames until a seat (or chance) must decide.
Each rule is written once, in a ``_check_*`` function; legal actions are the
candidates that pass it (``Game.candidates`` + ``Game.check``).

Engine readings where the texts are open are marked ``READING:`` at the one
place each is decided, and listed in ``RULES-NOTES.md``.

**Decision kinds** (``Decision.kind``, the kind of the decision frame on top; the action kinds that answer
them, in notation; the automatic frames -- draw, refresh, endturn, … -- never wait for anyone):

- ``deal`` (chance): the deal of the game; ``shuffle`` (chance): the discard pile shuffled into a new draw
  pile.
- ``turn``: the active seat takes a main action (``scout``, ``influence``, ``extort``, ``organize``,
  ``expel``, ``oust``, ``scheme``), a free one (``faction``, ``event``, ``investigate``, ``claimfaction``,
  ``claimplot``) or ends the turn (``end``).
- ``pay``: the payer chooses the Favor for a cost (``pay``); ``collect``: the gainer chooses the Favor to
  take (``collect``); ``subvert``: the pool has none of that Favor left, the gainer takes it from another
  player (``subvert``); ``give``: Conspire, the collector gives a player 1 of the Favor collected (``give``).
- ``place``: a card from the hand face-up on the empty space (``place``).
- ``move``: Organize, move an Influence (``move``) or stop (``done``).
- ``reveal`` (the attacker and the defender of an Oust challenge, sealed, both at once; openly one after the
  other under the Clergy's passive): the card each reveals (``reveal``).
- ``press``: both automatic wins cancel; the challenger presses on (``press``) or calls it off
  (``calloff``).
- ``keep``: the active seat keeps one of the two Event cards drawn (``keep``).
- ``redraw``: draw back up to the hand limit from the Court or the deck (``redraw``).
- ``activate``: a Special Event from the hand (``activate``) or ``pass``.
- ``power``: a Scheme, card power or Faction-card ability offers its action (``scout``, ``influence``,
  ``extort``, ``organize``, ``expel``, ``oust``, ``swap``, ``raid``, ``borrow``, ``drawcards``,
  ``drawplot``) or ``skip``.
- ``plotkeep``: keep the Plot drawn or the old one (``keepplot``).
- ``bot``: a rulebook bot's seat (``automa.py``) runs its scripted step (``bot``).
"""

from __future__ import annotations

import itertools
import threading
from functools import partial
from itertools import repeat

from ...engine import CHANCE, Action, Decision, EngineError, Game, IllegalAction, Log, NotationError
from ..fieldcheck import trial_problems
from . import board as B
from .actions import MainActionsMixin
from .candidates import CandidatesMixin
from .challenges import ChallengesMixin
from .claims import ClaimsMixin
from .common import (  # noqa: F401  (re-exported: other modules import them here)
    _BOARD_CACHE_SIZE,
    _FRAME_KINDS,
    _FRAMES_LEGAL_AS_LISTED,
    _LEGAL_AS_LISTED,
    _MISSING,
    EDICTS_TO_END,
    EXCHANGE_RATE,
    FORCED,
    _illegal,
    slug,
)
from .data import load_pax_data
from .favor import (  # (ALL ... slot_capacity: importable here as before the split by topic)
    ABBR,
    ALL,  # noqa: F401
    FACTIONS,  # noqa: F401
    FI,
    can_pay_any_need,  # noqa: F401
    gain_choices,  # noqa: F401
    slot_capacity,  # noqa: F401
    tokens_text,
)
from .model import (
    AREO,
    COURT_SIZE,  # noqa: F401
    FACTION_ROW,  # noqa: F401
    HAND_LIMIT,
    INFLUENCE_PER_SEAT,
    POOL_PER_FACTION,
    SEAT_COLORS,
    PaxData,
)
from .payments import PaymentsMixin
from .powers import PowersMixin, open_locations  # noqa: F401  (open_locations: importable here as before)
from .turn import TurnMixin
from .validate import field_problems

#: functions of modules the rules do not import at load time (labels.py), fetched once on first use
_LAZY: dict = {}
_STAMPS = itertools.count()  # (next() on a count is one step under the GIL: no two changes share a stamp)


class _Scratch(threading.local):
    """What a listing keeps while it runs, and the board tables its checks share -- one set per thread.

    A rules object is shared: by every state it plays, and by threads (``simulate`` on a thread pool, a Dask
    worker's threads, a bot thinking beside the board).  One thread's listing must never see, or restore,
    another's: with this state on the rules object itself, two overlapping listings left one's board memo
    in place for good, and every later game on that rules object was scored from an old map."""

    def __init__(self):  # (run once in each thread, the first time it reads or writes one of these)
        self.memo = None  # board analysis shared by the checks of one legal-action listing
        self.automa_raw = False  # True while the automaton lists a bot seat's ordinary options
        # (data, top frame, seat, actions): the listing _advance made to see whether a choice is forced,
        # valid until the position changes again (perform and after_edit clear it)
        self.last_listing = None
        self.board_cache: dict = {}  # values that depend only on the map (see _by_board)
        self.board_ids: dict = {}  # map -> its number in board_cache's keys (see board_key)
        self.board_next = 0
        self.seat_maps: dict = {}  # seat -> (cards, face-up flags, Influence, its facts): see _seat_map
        self.last_board = None  # (cards, face-up flags, Influence, its number): see board_key


class PaxGame(CandidatesMixin, MainActionsMixin, ChallengesMixin, PaymentsMixin, ClaimsMixin, TurnMixin,
              PowersMixin, Game):
    """Pax Illuminaten for 2–4 players: the core game, Schemes, card powers, Faction cards and Events."""

    name = "pax"
    title = "Pax Illuminaten"
    min_players = 2
    max_players = 4
    seat_names = SEAT_COLORS
    presenter = "illumi_widgets.games.pax.scene"
    option_names = ("cards", "map", "plots", "bots", "bot_redraw", "bot_data")
    #: the module the search bot asks for its position evaluation and playout hints (``bots/search.py``)
    bot_hints = "illumi_widgets.games.pax.evaluation"

    def __init__(self, players: int = 2, **options):
        super().__init__(players, **options)
        self.seat_names = SEAT_COLORS[:players]
        self._format = self.format  # (one bound method for every action listed and kept, not one each)
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
        self._scratch = _Scratch()  # a listing's memo, the board tables, ...: per thread (see _Scratch)
        # a stamp that every perform and edit, in any thread, replaces by a new one: a thread's remembered
        # listing is valid only under the stamp it was made under (another thread may have changed the
        # same position since; clearing only the acting thread's memory left the others' stale)
        self._stamp = next(_STAMPS)
        self._cost_cache: dict = {}  # Influence costs and payments by what they depend on (powers.remember)
        self._checks = {k: getattr(self, "_check_" + k) for ks in _FRAME_KINDS.values() for k in ks}
        # what carries out an action kind (_do_<kind>) and an automatic step (_auto_<frame>), by name
        self._dos = {n[4:]: getattr(self, n) for n in dir(self) if n.startswith("_do_")}
        self._autos = {n[6:]: getattr(self, n) for n in dir(self) if n.startswith("_auto_")}
        # the rulebook bots (automa.py): seat -> bot name; the option is kept JSON-stable ({"1": name})
        from .automa import Automaton, parse_bots_option

        self.automa = parse_bots_option(players, options.get("bots"))
        self.automaton = None
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

    # the per-thread scratch state (:class:`_Scratch`), read and set as before it moved there
    @property
    def _memo(self):
        return self._scratch.memo

    @_memo.setter
    def _memo(self, value):
        self._scratch.memo = value

    @property
    def _automa_raw(self):
        return self._scratch.automa_raw

    @_automa_raw.setter
    def _automa_raw(self, value):
        self._scratch.automa_raw = value

    @property
    def _last_listing(self):
        return self._scratch.last_listing

    @_last_listing.setter
    def _last_listing(self, value):
        self._scratch.last_listing = value

    def __getstate__(self):
        state = self.__dict__.copy()
        del state["_scratch"]  # (a thread's work in progress, not part of the rules; and unpicklable)
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._scratch = _Scratch()

    def legal(self, d: PaxData, seat: int) -> list[Action]:
        """Candidates that pass ``check``; lodges, claimants and plot witnesses are computed once."""
        scratch = self._scratch
        last = scratch.last_listing
        if (last is not None and last[0] is d and last[2] == seat and last[4] == self._stamp and d.frames
                and d.frames[-1] is last[1]):
            return list(last[3])
        outer = scratch.memo
        scratch.memo = {}
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
            if f["t"] == "power" and self.fast_legal:
                fast = self._power_legal(d, f, seat)
                if fast is not None:
                    return fast
            return [a for a in self.candidates(d, seat) if check(d, f, a) is None]
        finally:
            scratch.memo = outer

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
        m = self._scratch.memo
        if m is None:
            return make()
        v = m.get(key, _MISSING)  # (not try/except: half of the lookups miss, and raising costs more)
        if v is _MISSING:
            v = m[key] = make()
        return v

    def board_key(self, d: PaxData) -> int:
        """A small number naming the map — (card ids, face-up flags, Influence per cell) — in
        :meth:`_by_board`'s table. Claimants and plot witnesses are functions of the map (and of the seat),
        so they are kept across listings while the map stays the same. (Written out like
        :meth:`_memoized`, without a closure per call.)"""
        scratch = self._scratch
        memo = scratch.memo
        if memo is not None:
            n = memo.get("board")
            if n is not None:
                return n
        last = scratch.last_board  # (the map named last: compared by value, cheap when it is unchanged)
        if last is not None and last[2] == d.infl and last[0] == d.cards and last[1] == d.up:
            n = last[3]
        else:
            ids = scratch.board_ids
            key = (tuple(d.cards), tuple(d.up), tuple(d.infl))
            n = ids.get(key)
            if n is None:
                if len(scratch.board_cache) >= _BOARD_CACHE_SIZE:
                    scratch.board_cache.clear()  # (a full table is simply cleared, names and all)
                    ids.clear()
                n = ids[key] = scratch.board_next  # (never reused: a listing may still hold an older one)
                scratch.board_next += 1
            scratch.last_board = (list(d.cards), list(d.up), list(d.infl), n)
        if memo is not None:
            memo["board"] = n
        return n

    def _by_board(self, key, make):
        """``make()``, remembered for ``key`` (which must include everything the value depends on, the map
        as :meth:`board_key`) across listings and positions of this game."""
        cache = self._scratch.board_cache
        try:
            return cache[key]
        except KeyError:
            v = cache[key] = make()
            return v

    def lodge_list(self, d: PaxData):
        """The Lodges on the map (:func:`board.lodges`). They depend on the face-up cards only, not on the
        Influence, so they are remembered by (card ids, face-up flags): most actions move Influence and
        leave the cards as they are."""
        scratch = self._scratch
        memo = scratch.memo
        if memo is not None:
            v = memo.get("lodges")
            if v is not None:
                return v
        cache = scratch.board_cache
        key = ("lodges", tuple(d.cards), tuple(d.up))
        v = cache.get(key)
        if v is None:
            if len(cache) >= _BOARD_CACHE_SIZE:
                cache.clear()  # (as board_key clears it; board names are never reused, so none goes stale)
            v = cache[key] = tuple(B.lodges(self.geom, self.faces(d)))
        if memo is not None:
            memo["lodges"] = v
        return v

    def claimant(self, d: PaxData, fac: str):
        """Who controls the largest ``fac`` Lodge(s), or None (EN Claim Faction; ruling 37)."""
        scratch = self._scratch
        memo = scratch.memo
        mkey = ("claimant", fac)
        if memo is not None:
            v = memo.get(mkey, _MISSING)
            if v is not _MISSING:
                return v
        key = ("claimant", fac, self.board_key(d))
        cache = scratch.board_cache
        v = cache.get(key, _MISSING)
        if v is _MISSING:
            # (with the Lodges given, faction_claimant reads no card faces)
            v = cache[key] = B.faction_claimant(self.geom, None, d.infl, fac, lodge_list=self.lodge_list(d))
        if memo is not None:
            memo[mkey] = v
        return v

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

    def place_name(self, c: int) -> str:
        """A map position as a player reads it in the log and in reasons (``cell_name`` is the notation)."""
        return "the Areopagus" if c == AREO else self.geom.names[c]

    def card_label(self, cid: str) -> str:
        """A Luminary card as a player reads it in the log: its name (never its id)."""
        return self.lum[cid].name

    def said(self, d: PaxData, a: Action) -> str:
        """An action as a refusal reason quotes it: its plain-English label (notation only if it has none)."""
        try:
            return self.label(d, a, a.seat)
        except Exception:  # noqa: BLE001 - a malformed action still gets a reason
            return a.notation()

    def card_names(self, cids) -> str:
        """Several Luminary cards by name: "A", "A and B", "A; B; and C" (semicolons, as some names contain a
        comma: "Karl, Landgrave of Hesse-Kassel")."""
        names = [self.lum[c].name for c in cids]
        if len(names) < 3:
            return " and ".join(names)
        return "; ".join(names[:-1]) + "; and " + names[-1]

    def event_label(self, ev: str) -> str:
        """An Event card as a sentence names it: "the Edict of the Artists", "the Special Event Fair Weather"
        (at the start of a sentence: ``engine.words.sentence(game.event_label(ev))``)."""
        card = self.events[ev]
        if card.kind == "edict":
            return f"the {card.name}" if card.name.lower().startswith("edict") else f"the Edict {card.name}"
        return f"the Special Event {card.name}"

    def hand_limit(self, d: PaxData, seat: int) -> int:
        if seat in self.automa:
            return 0  # a rulebook bot has no hand (JA bot setup 6)
        return HAND_LIMIT + (1 if self.holds(d, seat, "SCH") else 0)  # Scholars passive: hand limit 5

    def exchange_rate(self, d: PaxData, seat: int) -> int:
        return 2 if self.holds(d, seat, "PRO") else EXCHANGE_RATE  # Professions passive: 2 for 1

    def on_map(self, d: PaxData, seat: int) -> int:
        """How many of ``seat``'s Influence are on the map."""
        memo = self._scratch.memo  # (as _memoized, written out: a lambda per call costs more than the count)
        if memo is None:
            return sum(map(tuple.count, d.infl, repeat(seat)))
        key = ("on-map", seat)
        n = memo.get(key)
        if n is None:
            n = memo[key] = sum(map(tuple.count, d.infl, repeat(seat)))
        return n

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
        """EN Influence: a Crown with a rival's Influence takes no one else's (ruling: for every effect)."""
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
        # untrusted input: every field checked (naming it), the conservation checks, then the pending steps
        # played on copies
        bad = self.problems(d) or trial_problems(self, d, self._trial_advance)
        if bad:
            raise NotationError("; ".join(bad[:5]), code="bad-position")
        return d

    def outcome(self, d: PaxData):
        return d.result

    def final_report(self, d: PaxData, seat) -> dict:
        from .summary import final_report

        return final_report(self, d, seat)

    def chance_pending(self, d: PaxData) -> bool:
        frames = d.frames  # (asked after every action: no call to bool(), one attribute lookup)
        if d.result is not None or not frames:
            return False
        return frames[-1]["t"] in ("deal", "shuffle")

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
                return [Decision(s, "reveal", partial(self._prompt, d, f, s), None)]
            return [Decision(s, "reveal", partial(self._prompt, d, f, s), None, sealed=True)
                    for s in (f["att"], f["def"]) if str(s) not in f["commits"]]
        return [Decision(f["seat"], t, partial(self._prompt, d, f, f["seat"]), None)]  # (worded when read)

    def _prompt(self, d: PaxData, f: dict, seat: int) -> str:
        """What the decision asks, in the words a player reads on the board (names and plain English; never a
        card id, a faction code or notation): the game's ``prompt`` hook (labels.decision_prompt)."""
        prompt = _LAZY.get("prompt")
        if prompt is None:  # (imported once, not at every decision: an import statement costs a lock)
            from .labels import decision_prompt as prompt

            _LAZY["prompt"] = prompt
        return prompt(self, d, seat, f["t"])

    # ================================================================================================
    # notation
    # ================================================================================================
    def act(self, seat: int, kind: str, *args) -> Action:
        return Action(seat, kind, args, "", self._format)

    def format(self, kind: str, args: tuple) -> str:
        if kind == "bot":
            from .notation import format_bot

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
                            f"“{self.said(d, a)}” is a rulebook bot's step; this game has no bot seat")
        allowed = _FRAME_KINDS.get(t, ())
        if a.kind not in allowed:
            from .labels import decision_prompt

            asked = decision_prompt(self, d, f.get("seat", a.seat), t)
            return _illegal("wrong-step", f"“{self.said(d, a)}” does not answer the decision now ({asked})")
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

    # ================================================================================================
    # perform
    # ================================================================================================
    def perform(self, d: PaxData, a: Action, log: Log) -> None:
        self._stamp = next(_STAMPS)
        self._scratch.last_listing = None  # (the _last_listing property, written out: every action)
        self._dos[a.kind](d, a, log)
        self._advance(d, log)

    def determinize(self, d: PaxData, seat, rng) -> PaxData:
        from .determinize import determinize

        return determinize(self, d, seat, rng)

    def after_edit(self, d: PaxData, log: Log) -> None:
        self._stamp = next(_STAMPS)
        self._last_listing = None
        if d.frames and d.frames[-1]["t"] != "deal":
            self._advance(d, log)

    def _advance(self, d: PaxData, log: Log) -> None:
        scratch = self._scratch
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
                    scratch.last_listing = (d, f, seat, opts, self._stamp)
                if forced is not None:
                    scratch.last_listing = None
                    self._dos[forced.kind](d, forced, log)
                    continue
            break
        if self._update_factions(d, log):
            scratch.last_listing = None

    # ================================================================================================
    # views and consistency
    # ================================================================================================
    def view(self, d: PaxData, seat) -> dict:
        from .view import pax_view

        return pax_view(self, d, seat)

    def history_rows(self, steps, seat) -> list[dict]:
        """The history table's rows (:mod:`.history`)."""
        from .history import history_rows

        return history_rows(self, steps, seat)

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

    def _trial_advance(self, d: PaxData) -> None:
        self._advance(d, Log([], 0))
        self._last_listing = None

    def problems(self, d: PaxData) -> list[str]:
        """What makes ``d`` impossible: malformed fields first (each named), then, on sound fields, the
        conservation and placement checks (``view.pax_problems``)."""
        from .view import pax_problems

        return field_problems(self, d) or pax_problems(self, d)

