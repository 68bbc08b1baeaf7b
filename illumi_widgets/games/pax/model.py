"""The Pax Illuminaten position: plain lists and dicts, cheap to copy.

Cells are map indices (row-major, ``A1`` = 0); a seat's own Areopagus is the
pseudo-cell ``AREO`` (-1) when it acts or is extorted.  Piles keep their top
card at the END of the list.
"""

from __future__ import annotations


def _clone(obj):
    """Copy plain data (dicts, lists, tuples of primitives) — much faster than copy.deepcopy."""
    t = type(obj)
    if t is list:
        return [_clone(x) for x in obj]
    if t is dict:
        return {k: _clone(v) for k, v in obj.items()}
    if t is tuple:
        return tuple(_clone(x) for x in obj)
    return obj


def _jsonable(obj):
    t = type(obj)
    if t is list or t is tuple:
        return [_jsonable(x) for x in obj]
    if t is dict:
        return {k: _jsonable(v) for k, v in obj.items()}
    return obj

AREO = -1
COURT_SIZE = 5
HAND_LIMIT = 4
INFLUENCE_PER_SEAT = 20
POOL_PER_FACTION = {2: 6, 3: 8, 4: 10}
FACTION_ROW = {2: 3, 3: 4, 4: 5}
SEAT_COLORS = ("Blue", "Red", "Green", "Beige")

_LIST_FIELDS = (
    "cards", "up", "infl", "deck", "discard", "court", "contacts", "faction_row", "public_plots",
    "private_plot", "private_revealed", "plot_pile", "event_deck", "event_discard", "special_active",
    "cubes", "extorted", "played", "boxed_factions", "boxed_events",
    "scheme", "buffs", "bs_adj", "sideways", "used_events", "bot_token", "plan",
)
_NESTED_FIELDS = ("hands", "known", "favor", "special_hand")
_SCALARS = (
    "seats", "chamberlain", "active", "first", "round", "turn", "main_left", "claimed_faction",
    "claimed_plot", "revealed", "final_round", "reshuffles", "result", "scheme_ended", "quick_used",
)


class PaxData:
    """Every fact of a Pax position (see the module docstring for conventions)."""

    __slots__ = (*_LIST_FIELDS, *_NESTED_FIELDS, *_SCALARS, "pool", "faction_holder", "claims", "edicts",
                 "frames", "borrowed", "peek")

    def __init__(self, seats: int):
        self.seats = seats
        self.cards: list = []          # per cell: card id (face-down cards too)
        self.up: list = []             # per cell: face-up?
        self.infl: list = []           # per cell: tuple of seat-or-None per location (top-most first)
        self.deck: list = []
        self.discard: list = []
        self.court: list = [None] * COURT_SIZE
        self.chamberlain = 0
        self.hands = [[] for _ in range(seats)]
        self.known = [[] for _ in range(seats)]   # cards in a hand that every seat saw go there
        self.favor = [[0] * 6 for _ in range(seats)]
        self.pool = [0] * 6
        self.contacts: list = [0] * seats
        self.faction_row: list = []
        self.boxed_factions: list = []
        self.faction_holder: dict = {}
        self.public_plots: list = []
        self.private_plot: list = [None] * seats
        self.private_revealed: list = [False] * seats
        self.plot_pile: list = []
        self.claims = [{} for _ in range(seats)]  # plot id -> True (on the card) / False (under it)
        self.event_deck: list = []
        self.event_discard: list = []
        self.boxed_events: list = []
        self.edicts = [[] for _ in range(seats)]  # per seat: [[event id, favor on it], ...]
        self.special_hand = [[] for _ in range(seats)]
        self.special_active: list = [None] * seats
        self.active = 0
        self.first = 0
        self.round = 0
        self.turn = 0
        self.main_left = 0
        self.cubes: list = []
        self.claimed_faction = False
        self.claimed_plot = False
        self.extorted: list = []
        self.revealed = False
        self.played: list = []
        self.final_round = False
        self.reshuffles = 0
        self.result = None
        self.frames: list = []
        # this turn's Scheme and powers (public; reset when a turn starts)
        self.scheme: list = []         # card ids played to the Scheme sequence, in order
        self.scheme_ended = False      # a Crown ended the (single) sequence of this turn
        self.quick_used = False        # Quick Favor taken this turn
        self.buffs: list = []          # Buff kinds in effect (FI FS FX FU FE), one entry per card
        self.bs_adj: list = []         # map positions that count as adjacent for Influence (BS)
        self.sideways: list = []       # Faction cards whose once-per-turn ability was used this turn
        self.used_events: list = []    # once-per-turn Special Event options used this turn (keys)
        self.borrowed: dict = {}       # Faction code -> borrowing seat (SF), until its Check Phase
        self.peek = None               # Ecclesiastical Investigators: {"viewer", "target", "what", "cards"}
        # the rulebook bots (automa.py): per seat the bot token's cell (AREO: its Areopagus; None: a person),
        # and this turn's Plan cards (face-up beside the bot, discarded in its Check Phase)
        self.bot_token: list = [None] * seats
        self.plan: list = []

    def copy(self) -> PaxData:
        """An independent copy (undo checkpoints, search). Straight-line code, every field named once (several
        times faster than a loop over ``getattr``/``setattr``, and compiled like the rest of the module in
        the compiled build): scalars and ``peek`` (never changed in place, only replaced) are shared, every
        container is copied as deep as the position nests it. tests/pax/test_model.py checks that every
        field of ``__slots__`` is covered."""
        new = _new(PaxData)
        new.seats = self.seats
        new.chamberlain = self.chamberlain
        new.active = self.active
        new.first = self.first
        new.round = self.round
        new.turn = self.turn
        new.main_left = self.main_left
        new.claimed_faction = self.claimed_faction
        new.claimed_plot = self.claimed_plot
        new.revealed = self.revealed
        new.final_round = self.final_round
        new.reshuffles = self.reshuffles
        new.result = self.result
        new.scheme_ended = self.scheme_ended
        new.quick_used = self.quick_used
        new.peek = self.peek
        new.cards = list(self.cards)
        new.up = list(self.up)
        new.infl = list(self.infl)
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.court = list(self.court)
        new.contacts = list(self.contacts)
        new.faction_row = list(self.faction_row)
        new.public_plots = list(self.public_plots)
        new.private_plot = list(self.private_plot)
        new.private_revealed = list(self.private_revealed)
        new.plot_pile = list(self.plot_pile)
        new.event_deck = list(self.event_deck)
        new.event_discard = list(self.event_discard)
        new.special_active = list(self.special_active)
        new.cubes = list(self.cubes)
        new.extorted = list(self.extorted)
        new.played = list(self.played)
        new.boxed_factions = list(self.boxed_factions)
        new.boxed_events = list(self.boxed_events)
        new.scheme = list(self.scheme)
        new.buffs = list(self.buffs)
        new.bs_adj = list(self.bs_adj)
        new.sideways = list(self.sideways)
        new.used_events = list(self.used_events)
        new.bot_token = list(self.bot_token)
        new.plan = list(self.plan)
        new.hands = [list(x) for x in self.hands]
        new.known = [list(x) for x in self.known]
        new.favor = [list(x) for x in self.favor]
        new.special_hand = [list(x) for x in self.special_hand]
        new.pool = list(self.pool)
        new.faction_holder = dict(self.faction_holder)
        new.claims = [dict(c) for c in self.claims]
        new.edicts = [[list(e) for e in es] for es in self.edicts]
        new.frames = [_clone(f) for f in self.frames]
        new.borrowed = dict(self.borrowed)
        if type(self.result) is dict:
            new.result = _clone(self.result)
        return new

    def snapshot(self, previous: PaxData) -> PaxData:
        """A copy for an undo checkpoint that shares every field equal to ``previous``'s (the checkpoint
        before it) with ``previous``: most of a position is unchanged after a few actions, and checkpoints
        are never changed in place. Written out like :meth:`copy`."""
        new = _new(PaxData)
        new.seats = self.seats
        new.chamberlain = self.chamberlain
        new.active = self.active
        new.first = self.first
        new.round = self.round
        new.turn = self.turn
        new.main_left = self.main_left
        new.claimed_faction = self.claimed_faction
        new.claimed_plot = self.claimed_plot
        new.revealed = self.revealed
        new.final_round = self.final_round
        new.reshuffles = self.reshuffles
        new.result = self.result
        new.scheme_ended = self.scheme_ended
        new.quick_used = self.quick_used
        new.peek = self.peek
        p = previous.cards
        new.cards = p if self.cards == p else list(self.cards)
        p = previous.up
        new.up = p if self.up == p else list(self.up)
        p = previous.infl
        new.infl = p if self.infl == p else list(self.infl)
        p = previous.deck
        new.deck = p if self.deck == p else list(self.deck)
        p = previous.discard
        new.discard = p if self.discard == p else list(self.discard)
        p = previous.court
        new.court = p if self.court == p else list(self.court)
        p = previous.contacts
        new.contacts = p if self.contacts == p else list(self.contacts)
        p = previous.faction_row
        new.faction_row = p if self.faction_row == p else list(self.faction_row)
        p = previous.public_plots
        new.public_plots = p if self.public_plots == p else list(self.public_plots)
        p = previous.private_plot
        new.private_plot = p if self.private_plot == p else list(self.private_plot)
        p = previous.private_revealed
        new.private_revealed = p if self.private_revealed == p else list(self.private_revealed)
        p = previous.plot_pile
        new.plot_pile = p if self.plot_pile == p else list(self.plot_pile)
        p = previous.event_deck
        new.event_deck = p if self.event_deck == p else list(self.event_deck)
        p = previous.event_discard
        new.event_discard = p if self.event_discard == p else list(self.event_discard)
        p = previous.special_active
        new.special_active = p if self.special_active == p else list(self.special_active)
        p = previous.cubes
        new.cubes = p if self.cubes == p else list(self.cubes)
        p = previous.extorted
        new.extorted = p if self.extorted == p else list(self.extorted)
        p = previous.played
        new.played = p if self.played == p else list(self.played)
        p = previous.boxed_factions
        new.boxed_factions = p if self.boxed_factions == p else list(self.boxed_factions)
        p = previous.boxed_events
        new.boxed_events = p if self.boxed_events == p else list(self.boxed_events)
        p = previous.scheme
        new.scheme = p if self.scheme == p else list(self.scheme)
        p = previous.buffs
        new.buffs = p if self.buffs == p else list(self.buffs)
        p = previous.bs_adj
        new.bs_adj = p if self.bs_adj == p else list(self.bs_adj)
        p = previous.sideways
        new.sideways = p if self.sideways == p else list(self.sideways)
        p = previous.used_events
        new.used_events = p if self.used_events == p else list(self.used_events)
        p = previous.bot_token
        new.bot_token = p if self.bot_token == p else list(self.bot_token)
        p = previous.plan
        new.plan = p if self.plan == p else list(self.plan)
        p = previous.hands
        new.hands = p if self.hands == p else [list(x) for x in self.hands]
        p = previous.known
        new.known = p if self.known == p else [list(x) for x in self.known]
        p = previous.favor
        new.favor = p if self.favor == p else [list(x) for x in self.favor]
        p = previous.special_hand
        new.special_hand = p if self.special_hand == p else [list(x) for x in self.special_hand]
        p = previous.pool
        new.pool = p if self.pool == p else list(self.pool)
        p = previous.faction_holder
        new.faction_holder = p if self.faction_holder == p else dict(self.faction_holder)
        p = previous.claims
        new.claims = p if self.claims == p else [dict(c) for c in self.claims]
        p = previous.edicts
        new.edicts = p if self.edicts == p else [[list(e) for e in es] for es in self.edicts]
        p = previous.frames
        new.frames = p if self.frames == p else [_clone(f) for f in self.frames]
        p = previous.borrowed
        new.borrowed = p if self.borrowed == p else dict(self.borrowed)
        if type(self.result) is dict:
            new.result = _clone(self.result)
        return new

    # -- JSON ------------------------------------------------------------------------------------------
    def encode(self) -> dict:
        """A JSON-able snapshot (independent of this object: later changes do not touch it)."""
        return {f: _jsonable(getattr(self, f)) for f in self.__slots__}

    @classmethod
    def decode(cls, obj) -> PaxData:
        if not isinstance(obj, dict):
            raise ValueError("position data must be an object")
        # fields added with the Schemes may be absent from older positions: they take their defaults
        seats = obj.get("seats")
        if type(seats) is not int or not 2 <= seats <= 4:  # (checked first: it sizes everything below)
            raise ValueError(f"field 'seats' must be 2, 3 or 4, got {str(seats)[:20]!r}")
        fresh = cls(seats)
        later = ("scheme", "buffs", "bs_adj", "sideways", "used_events", "scheme_ended", "quick_used",
                 "borrowed", "peek", "bot_token", "plan")
        obj = {**{f: getattr(fresh, f) for f in later}, **obj}
        missing = [f for f in cls.__slots__ if f not in obj]
        if missing:
            raise ValueError(f"position data lacks field(s) {', '.join(missing)}")
        seats = obj["seats"]
        if not isinstance(seats, int) or not 2 <= seats <= 4:
            raise ValueError(f"field 'seats' must be 2, 3 or 4, got {seats!r}")
        new = cls(seats)
        for f in cls.__slots__:
            setattr(new, f, _clone(obj[f]))
        if not isinstance(new.infl, list) or not all(isinstance(t, list) for t in new.infl):
            raise ValueError("field 'infl' must be a list of lists")
        new.infl = [tuple(t) for t in new.infl]
        if not isinstance(new.borrowed, dict):
            raise ValueError("field 'borrowed' must be an object")
        if not isinstance(new.faction_holder, dict):
            raise ValueError("field 'faction_holder' must be an object")
        if isinstance(new.result, dict):  # JSON made the seat keys of scores/by_faction strings: seats again
            for key in ("scores", "by_faction"):
                table = new.result.get(key)
                if isinstance(table, dict) and all(isinstance(k, str) and k.isdecimal() and len(k) < 3
                                                   for k in table):
                    new.result[key] = {int(k): v for k, v in table.items()}
        return new


_new = object.__new__


def slug(name: str) -> str:
    """``"The Inner Circle"`` → ``"inner-circle"``; ``"Elector's Decree"`` → ``"electors-decree"``."""
    words = "".join(c if c.isalnum() else (" " if c != "'" else "") for c in name.lower()).split()
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    return "-".join(words)
