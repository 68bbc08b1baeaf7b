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
        """An independent copy (undo checkpoints, search); the body is generated from the field lists below
        the class (:func:`_compile_copy`): straight-line code is several times faster than a loop over
        ``getattr``/``setattr``."""
        raise NotImplementedError  # replaced by _compile_copy() at import

    def snapshot(self, previous: PaxData) -> PaxData:
        """A copy for an undo checkpoint that shares every field equal to ``previous``'s (the checkpoint
        before it) with ``previous``: most of a position is unchanged after a few actions, and checkpoints
        are never changed in place. Generated like :meth:`copy`."""
        raise NotImplementedError  # replaced by _compile_copy() at import

    # -- JSON ------------------------------------------------------------------------------------------
    def encode(self) -> dict:
        """A JSON-able snapshot (independent of this object: later changes do not touch it)."""
        return {f: _jsonable(getattr(self, f)) for f in self.__slots__}

    @classmethod
    def decode(cls, obj) -> PaxData:
        if not isinstance(obj, dict):
            raise ValueError("position data must be an object")
        # fields added with the Scheme issue may be absent from older positions: they take their defaults
        fresh = cls(obj.get("seats", 2)) if isinstance(obj.get("seats"), int) else None
        later = ("scheme", "buffs", "bs_adj", "sideways", "used_events", "scheme_ended", "quick_used",
                 "borrowed", "peek", "bot_token", "plan")
        if fresh is not None:
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
        return new


def _compile_copy():
    """Build ``PaxData.copy`` and ``PaxData.snapshot`` as straight-line code from the field lists (each field
    named once, there): scalars and ``peek`` (never changed in place, only replaced) are shared; every
    container field is copied by its expression below — in a snapshot, only when it differs from the
    previous checkpoint's, whose own object it takes otherwise."""
    copied = [(f, "list({})") for f in _LIST_FIELDS]
    copied += [(f, "[list(x) for x in {}]") for f in _NESTED_FIELDS]
    copied += [
        ("pool", "list({})"),
        ("faction_holder", "dict({})"),
        ("claims", "[dict(c) for c in {}]"),
        ("edicts", "[[list(e) for e in es] for es in {}]"),
        ("frames", "[_clone(f) for f in {}]"),
        ("borrowed", "dict({})"),
    ]
    shared = [*_SCALARS, "peek"]
    covered = {*shared, *(f for f, _ in copied)}
    assert covered == set(PaxData.__slots__), set(PaxData.__slots__) ^ covered
    head = ["    new = _new(PaxData)", *(f"    new.{f} = self.{f}" for f in shared)]
    tail = ["    if type(self.result) is dict:", "        new.result = _clone(self.result)", "    return new"]
    copy = ["def copy(self):", *head, *(f"    new.{f} = {e.format('self.' + f)}" for f, e in copied), *tail]
    snap = ["def snapshot(self, previous):", *head]
    for f, e in copied:
        snap += [f"    p = previous.{f}", f"    new.{f} = p if self.{f} == p else {e.format('self.' + f)}"]
    snap += tail
    scope = {"_new": object.__new__, "PaxData": PaxData, "_clone": _clone}
    for name, lines in (("copy", copy), ("snapshot", snap)):
        exec("\n".join(lines), scope)  # noqa: S102 - code built above from the class's own field names
        fn = scope[name]
        fn.__doc__ = getattr(PaxData, name).__doc__
        fn.__qualname__ = f"PaxData.{name}"
        setattr(PaxData, name, fn)


_compile_copy()


def slug(name: str) -> str:
    """``"The Inner Circle"`` → ``"inner-circle"``; ``"Elector's Decree"`` → ``"electors-decree"``."""
    words = "".join(c if c.isalnum() else (" " if c != "'" else "") for c in name.lower()).split()
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    return "-".join(words)
