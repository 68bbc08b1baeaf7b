"""Pax Illuminaten map: geometry, lodges, control, faction claims and scoring, and the plot predicates.

Everything here is a pure function of a board snapshot and is written for speed (it runs inside random
play): cells are ``int`` indices, neighbour tables are precomputed once per :class:`Geometry`, and no
function copies or mutates the snapshot.

A board snapshot is two sequences indexed by cell:

* ``faces[c]``: the face-up card on cell ``c``, or ``None`` when it is face-down. A face-down card shows
  no factions and no rank, so it is in no lodge and never counts for a rank- or affiliation-based plot.
  A card is any object with ``rank`` (``"I" "II" "III" "ACE" "CROWN"``), ``factions`` (1 or 2 codes out
  of :data:`FACTIONS`), ``affiliation`` (``"freemason"``, ``"rosicrucian"`` or ``None``) and
  ``locations`` (one entry per location).
* ``infl[c]``: one entry per location of that card, top-most first: the seat whose Influence occupies
  it, or ``None`` when it is open.

The Areopagus is never part of this snapshot: it is never in a lodge, never counts for card control
and never counts for plots (the rules digest and ruling 18).

Sources are cited as ``EN L###`` (lines of the English rulebook, with its Plot Aid at the end), ``JA``
(the Japanese rulebook) and ``ruling N`` (the numbered rulings restated in ``RULES-NOTES.md``). Every
reading the engine had to choose is marked ``ENGINE READING`` at the one place where it is decided.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from typing import Any, Protocol

__all__ = [
    "DEFAULT_PLOTS", "FACTIONS", "LODGE_PLOTS", "PLOT_DEFAULTS", "PLOT_KEYS", "RANKS", "VARIANT_PLOTS",
    "FaceCard", "Geometry", "Lodge", "PlotContext", "UnknownCell", "Witness",
    "card_controller", "claims_compatible", "controller_of", "counts", "faction_claimant",
    "faction_scores", "largest_lodges", "lodge_influence", "lodges", "plot_witnesses",
]

#: Faction codes in the rulebook's order: Nobility, Professions, Magistrates, Artists, Scholars, Clergy.
FACTIONS: tuple[str, ...] = ("NOB", "PRO", "MAG", "ART", "SCH", "CLE")
#: Card ranks from lowest to highest (values 1 to 5): I, II, III, the Ace and the Crown.
RANKS: tuple[str, ...] = ("I", "II", "III", "ACE", "CROWN")
_ALL_FACTIONS = frozenset(FACTIONS)
_FACTION_ORDER = {f: i for i, f in enumerate(FACTIONS)}


class FaceCard(Protocol):
    """What the board needs from a face-up card (the data loader's card class fits it)."""

    rank: str
    factions: tuple[str, ...]
    affiliation: str | None
    locations: tuple


class UnknownCell(ValueError, KeyError):
    """A cell name that is not on the map (catchable as ``ValueError`` or ``KeyError``)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


# --------------------------------------------------------------------------------------------------
# Geometry
# --------------------------------------------------------------------------------------------------


class Geometry:
    """A rectangular map of ``rows`` x ``cols`` cards plus the two cells each seat's Areopagus touches.

    Cells are numbered row-major from the top-left; a cell is named by its column letter and its row
    number, row 1 being the top row: index 0 is ``"A1"``, index 1 is ``"B1"``.
    Adjacency is by shared sides only (EN, ruling 19); ``adjacent[c]`` also contains ``c``
    itself because the rules make every card adjacent to itself (EN L192, ruling 20).
    """

    __slots__ = (
        "rows", "cols", "n", "names", "index", "neighbors", "adjacent", "row_of", "col_of", "edge",
        "interior", "top_row", "bottom_row", "center_row", "areopagus_cells", "blocks_2x2",
        "_full", "_not_first_col", "_not_last_col",
    )

    def __init__(self, rows: int, cols: int, areopagi: Sequence[tuple[str, str]] = ()):
        if not (isinstance(rows, int) and isinstance(cols, int)) or rows < 1 or cols < 1:
            raise ValueError(f"map size must be positive integers, got {rows!r} x {cols!r}")
        if cols > 26:
            raise ValueError(f"map has {cols} columns; cell names allow at most 26 (A..Z)")
        self.rows = rows
        self.cols = cols
        self.n = n = rows * cols
        self.row_of = tuple(c // cols for c in range(n))
        self.col_of = tuple(c % cols for c in range(n))
        self.names = tuple(f"{chr(65 + self.col_of[c])}{self.row_of[c] + 1}" for c in range(n))
        self.index = {name: c for c, name in enumerate(self.names)}
        nbrs = []
        for c in range(n):
            r, k = self.row_of[c], self.col_of[c]
            out = []
            if r > 0:
                out.append(c - cols)
            if k > 0:
                out.append(c - 1)
            if k < cols - 1:
                out.append(c + 1)
            if r < rows - 1:
                out.append(c + cols)
            nbrs.append(tuple(out))
        self.neighbors = tuple(nbrs)
        self.adjacent = tuple(frozenset(nb + (c,)) for c, nb in enumerate(nbrs))
        # Edge: at least one side without a map card next to it; interior: all four sides covered.
        self.edge = frozenset(c for c in range(n) if len(nbrs[c]) < 4)
        self.interior = frozenset(range(n)) - self.edge
        self.top_row = frozenset(range(cols))
        self.bottom_row = frozenset(range(n - cols, n))
        # ENGINE READING: the "center row" is the middle row of an odd number of rows. An even number of
        # rows has no single center row, so the set is empty and Line of Exchange can never be met there
        # (the map ruling: 5 rows for every player count, so this never happens with the shipped maps).
        if rows % 2:
            mid = rows // 2
            self.center_row = frozenset(range(mid * cols, (mid + 1) * cols))
        else:
            self.center_row = frozenset()
        # Bit masks for the flood fill in lodges(): bit c = cell c.
        self._full = (1 << n) - 1
        self._not_first_col = sum(1 << c for c in range(n) if self.col_of[c] != 0)
        self._not_last_col = sum(1 << c for c in range(n) if self.col_of[c] != cols - 1)
        inner = self.interior
        self.blocks_2x2 = tuple(
            (c, c + 1, c + cols, c + cols + 1)
            for c in range(n)
            if self.row_of[c] < rows - 1 and self.col_of[c] < cols - 1
            and {c, c + 1, c + cols, c + cols + 1} <= inner
        )
        seats = []
        for seat, pair in enumerate(areopagi):
            if isinstance(pair, str) or len(pair) != 2:
                raise ValueError(f"Areopagus of seat {seat}: expected two cell names, got {pair!r}")
            a, b = (self.cell(x) for x in pair)
            # the map ruling: a placard on a side touches two neighbouring cards of one
            # outer row or column.
            ra, ka, rb, kb = self.row_of[a], self.col_of[a], self.row_of[b], self.col_of[b]
            same_side = (ra == rb and ra in (0, rows - 1)) or (ka == kb and ka in (0, cols - 1))
            if b not in nbrs[a] or not same_side:
                raise ValueError(
                    f"Areopagus of seat {seat}: {self.names[a]} and {self.names[b]} must be two "
                    "side-adjacent cards along one outer side of the map"
                )
            seats.append((a, b))
        self.areopagus_cells = tuple(seats)

    def cell(self, name: str) -> int:
        """Index of the cell called ``name`` (case-insensitive, e.g. ``"c3"``)."""
        try:
            return self.index[name.strip().upper()]
        except (KeyError, AttributeError):
            raise UnknownCell(
                f"unknown map cell {name!r}: this map has {self.rows} rows x {self.cols} columns, "
                f"cells {self.names[0]}..{self.names[-1]}"
            ) from None

    def __repr__(self) -> str:
        areo = [tuple(self.names[c] for c in pair) for pair in self.areopagus_cells]
        return f"Geometry({self.rows}, {self.cols}, areopagi={areo})"


# --------------------------------------------------------------------------------------------------
# Control and lodges
# --------------------------------------------------------------------------------------------------


def counts(slots: Sequence[int | None]) -> dict[int, int]:
    """Seat -> number of its Influence among ``slots`` (one card's locations, or several cards')."""
    d: dict[int, int] = {}
    for s in slots:
        if s is not None:
            d[s] = d.get(s, 0) + 1
    return d


def _strict_leader(d: dict[int, int], minimum: int) -> int | None:
    best, who, tied = 0, None, False
    for s, v in d.items():
        if v > best:
            best, who, tied = v, s, False
        elif v == best:
            tied = True
    if who is None or tied or best < minimum:
        return None
    return who


def card_controller(slots: Sequence[int | None]) -> int | None:
    """Control of a card: strictly more Influence on it than every other player (EN L206-208).

    A tie for the most, or no Influence at all, means nobody controls it.
    """
    n = len(slots)
    if n == 1:
        return slots[0]
    if n == 0:
        return None
    if n == 2:
        a, b = slots
        if a == b or b is None:
            return a
        return b if a is None else None
    if n == 3:
        a, b, c = slots
        if a == b:
            return c if a is None else a
        if a == c:
            return b if a is None else a
        if b == c:
            return a if b is None else b
        return None  # three different entries: at least two seats with 1 each, a tie
    return _strict_leader(counts(slots), 1)


@dataclass(frozen=True)
class Lodge:
    """A maximal side-connected group of at least 3 face-up cards sharing ``faction``."""

    faction: str
    cells: frozenset[int]

    def __len__(self) -> int:
        return len(self.cells)


def lodges(geom: Geometry, faces: Sequence[FaceCard | None]) -> list[Lodge]:
    """All lodges on the map, one entry per (faction, connected component), in faction then cell order.

    ENGINE READING (the rules digest and ruling 40): a Lodge is the *maximal* connected component of the
    face-up cards showing a faction, with at least 3 cards; "largest Lodge" and "a Lodge reduced in
    size" only make sense that way. A two-faction card can be in two lodges (EN L241).
    """
    if len(faces) != geom.n:
        raise ValueError(f"board has {len(faces)} cells, the map {geom.n}")
    masks: dict[str, int] = {}
    for c, card in enumerate(faces):
        if card is not None:
            bit = 1 << c
            for f in card.factions:
                masks[f] = masks.get(f, 0) | bit
    out: list[Lodge] = []
    cols, full = geom.cols, geom._full
    nfc, nlc = geom._not_first_col, geom._not_last_col
    for f in sorted(masks, key=lambda x: (_FACTION_ORDER.get(x, 99), x)):
        rest = masks[f]
        if rest.bit_count() < 3:
            continue
        member = rest
        while rest:
            comp = rest & -rest  # lowest remaining cell; grow it by side-adjacency inside ``member``
            while True:
                grown = (comp | (comp << 1) & nfc | (comp >> 1) & nlc | (comp << cols) & full
                         | comp >> cols) & member
                if grown == comp:
                    break
                comp = grown
            rest &= ~comp
            if comp.bit_count() >= 3:
                out.append(Lodge(f, _cells_of(comp)))
    return out


def _cells_of(mask: int) -> frozenset[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return frozenset(out)


def lodge_influence(cells: Iterable[int], infl: Sequence[Sequence[int | None]]) -> dict[int, int]:
    """Seat -> Influence on the given cells (a lodge, or the union of tied lodges)."""
    d: dict[int, int] = {}
    for c in cells:
        for s in infl[c]:
            if s is not None:
                d[s] = d.get(s, 0) + 1
    return d


def controller_of(cells: Iterable[int], infl: Sequence[Sequence[int | None]]) -> int | None:
    """Control of a Lodge: at least 3 Influence on its cards and strictly more than every other
    player (EN L210-212); a tie for the most means nobody."""
    return _strict_leader(lodge_influence(cells, infl), 3)


def largest_lodges(lodge_list: Sequence[Lodge], faction: str) -> list[Lodge]:
    """The largest lodge(s) of ``faction``: every lodge tied for the largest size (empty if none)."""
    best = 0
    out: list[Lodge] = []
    for lg in lodge_list:
        if lg.faction != faction:
            continue
        size = len(lg.cells)
        if size > best:
            best, out = size, [lg]
        elif size == best:
            out.append(lg)
    return out


def faction_claimant(
    geom: Geometry, faces: Sequence[FaceCard | None], infl: Sequence[Sequence[int | None]], faction: str,
    *, lodge_list: Sequence[Lodge] | None = None,
) -> int | None:
    """The seat that may claim (or keep) ``faction``'s Faction card, or ``None``.

    It must control the largest lodge of the faction. Tied largest lodges are treated as one lodge for
    counting Influence (EN L586-588, ruling 37): the controller of their union, with the
    usual >= 3 and strict-majority test; a tie means nobody. No lodge of >= 3 cards means nobody.
    ``lodge_list`` may pass ``lodges(geom, faces)`` when it is already known.
    """
    if lodge_list is None:
        lodge_list = lodges(geom, faces)
    top = largest_lodges(lodge_list, faction)
    if not top:
        return None
    cells = top[0].cells if len(top) == 1 else frozenset().union(*(lg.cells for lg in top))
    return controller_of(cells, infl)


def faction_scores(
    geom: Geometry, faces: Sequence[FaceCard | None], infl: Sequence[Sequence[int | None]], nseats: int,
    *, lodge_list: Sequence[Lodge] | None = None,
) -> list[dict[str, int]]:
    """Faction Scoring (EN L825-847): per seat, per faction, the points from the Scoring Lodges.

    The Scoring Lodges of a faction are all its tied-largest lodges; a faction without a lodge of at
    least 3 cards scores nothing. Each Influence in a Scoring Lodge scores 1 point; an Influence on a
    two-faction card that lies in two Scoring Lodges scores once for each (twice). Every seat's dict
    has all six faction codes. A seat's total is ``sum(d.values())``.
    """
    if lodge_list is None:
        lodge_list = lodges(geom, faces)
    scores = [dict.fromkeys(FACTIONS, 0) for _ in range(nseats)]
    best: dict[str, int] = {}
    for lg in lodge_list:
        if len(lg.cells) > best.get(lg.faction, 0):
            best[lg.faction] = len(lg.cells)
    for lg in lodge_list:
        if len(lg.cells) != best[lg.faction]:
            continue
        f = lg.faction
        for c in lg.cells:
            for s in infl[c]:
                if s is not None:
                    if not 0 <= s < nseats:
                        raise ValueError(
                            f"Influence of seat {s} on cell {geom.names[c]} but only {nseats} seats"
                        )
                    d = scores[s]
                    d[f] = d.get(f, 0) + 1
    return scores


# --------------------------------------------------------------------------------------------------
# Plots
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Witness:
    """One way a player meets a plot: the map cards it uses and, for lodge-based plots, the lodge.

    ``cards`` is always one concrete valid card set. Plots that may use *any* ``k`` cards out of a
    larger set (Dispersed Contacts, Shadow Alliance, Influential Converts) or any superset of a
    minimal set (Freemason Union) describe all their choices in ONE witness instead of listing every
    subset: the plot may use any set ``(cards - pool) | X`` with ``X <= pool`` and
    ``pool_min <= len(X) <= pool_max``. :func:`claims_compatible` decides over all those choices
    exactly. ``pool`` is empty for every other witness; :meth:`choices` lists the concrete sets.
    A witness with an empty card set and no pool (Faction Leader) uses no map card: the overlap rule
    never applies to it.
    """

    cards: frozenset[int]
    lodge: Lodge | None = None
    pool: frozenset[int] = field(default=frozenset())
    pool_min: int = 0
    pool_max: int = 0

    @property
    def core(self) -> frozenset[int]:
        """The cards every choice of this witness uses."""
        return self.cards - self.pool if self.pool else self.cards

    def choices(self) -> Iterator[frozenset[int]]:
        """Every concrete card set this witness stands for (exponential for pools: tests and tools)."""
        if not self.pool:
            yield self.cards
            return
        core = self.core
        pool = sorted(self.pool)
        for k in range(self.pool_min, min(self.pool_max, len(pool)) + 1):
            for extra in combinations(pool, k):
                yield core.union(extra)


@dataclass(frozen=True)
class PlotContext:
    """Everything a plot predicate looks at, for the claiming ``seat``.

    ``faction_cards_held`` counts Faction cards the seat holds, not ones borrowed through a card
    ability (EN Plot Aid, Faction Leader). The context is a snapshot: derived tables (lodges, card
    controllers, ...) are computed once on first use and cached, so build a new context after the
    board changes.
    """

    geom: Geometry
    faces: Sequence[Any]
    infl: Sequence[Sequence[int | None]]
    seat: int
    nseats: int
    faction_cards_held: int = 0

    @cached_property
    def lodge_list(self) -> list[Lodge]:
        return lodges(self.geom, self.faces)

    @cached_property
    def my_lodges(self) -> list[tuple[Lodge, int]]:
        """(lodge, seat's Influence on it) for every lodge the seat controls."""
        out = []
        seat = self.seat
        infl = self.infl
        for lg in self.lodge_list:
            d = lodge_influence(lg.cells, infl)
            if _strict_leader(d, 3) == seat:
                out.append((lg, d[seat]))
        return out

    @cached_property
    def mine(self) -> tuple[int, ...]:
        """The seat's Influence per cell."""
        seat = self.seat
        return tuple([slots.count(seat) for slots in self.infl])

    @cached_property
    def controllers(self) -> tuple[int | None, ...]:
        """Controller of every card (``None`` when nobody)."""
        return tuple(map(card_controller, self.infl))

    @cached_property
    def rivals(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.nseats) if s != self.seat)


# The "card set used" by each plot is what the overlap rule compares (EN L648). Where the Plot Aid does
# not say which cards a plot uses, the reading is marked ENGINE READING in that plot's function.
# Rivals are all other seats of the game, bots included.


def _lodge_witnesses(ctx: PlotContext, ok) -> list[Witness]:
    return [Witness(lg.cells, lg) for lg, mine in ctx.my_lodges if ok(lg, mine)]


def _pool_witness(cells: Sequence[int], k: int) -> list[Witness]:
    # ENGINE READING: "any k cards" plots (Dispersed Contacts, Shadow Alliance, Influential Converts) use
    # a set of exactly k of the qualifying cards, any of them. Allowing larger sets changes nothing for up
    # to 3 plots and k >= 2: a larger set S that avoids containment can be cut to k cards keeping one card
    # outside each other set (and a subset of S contains no set that S did not contain).
    if len(cells) < k:
        return []
    if k <= 0:  # degenerate parameter: nothing is needed, so no card is used
        return [Witness(frozenset())]
    return [Witness(frozenset(cells[:k]), None, frozenset(cells), k, k)]


def _remote_enlistment(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: control a Lodge of any Faction containing at least 4 cards along the map edge, with at
    # least 4 of your Influence in total. ruling 38: the edge cards need not be consecutive.
    edge = ctx.geom.edge
    ne, ni = p["edge_cards"], p["influence"]
    return _lodge_witnesses(ctx, lambda lg, mine: mine >= ni and len(lg.cells & edge) >= ne)


def _coaxing_of_crowns(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: 4+ Influence on Crown cards and more Influence on Crown cards than each rival
    # (ruling: the Aid's "K-rank" is the Crown).
    need = p["influence"]
    tot: dict[int, int] = {}
    used = []
    seat = ctx.seat
    faces = ctx.faces
    for c, slots in enumerate(ctx.infl):
        if slots and faces[c] is not None and faces[c].rank == "CROWN":
            had = False
            for s in slots:
                if s is not None:
                    tot[s] = tot.get(s, 0) + 1
                    had = had or s == seat
            if had:
                used.append(c)
    mine = tot.get(seat, 0)
    if mine < need or any(tot.get(r, 0) >= mine for r in ctx.rivals):
        return []
    # ENGINE READING: the cards used are all face-up Crowns holding the seat's Influence.
    return [Witness(frozenset(used))]


def _path_of_whispers(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: Influence on each card of a Lodge that connects the top row to the bottom row.
    # ENGINE READING (ruling 40): the Lodge is the whole maximal lodge, so every one of its
    # cards needs the seat's Influence (no control needed); the chain-only reading is not offered.
    g, mine = ctx.geom, ctx.mine
    return [
        Witness(lg.cells, lg) for lg in ctx.lodge_list
        if lg.cells & g.top_row and lg.cells & g.bottom_row and all(mine[c] for c in lg.cells)
    ]


def _factional_pact(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: control a Lodge of at least 5 cards with at least 5 of your Influence in total.
    nc, ni = p["cards"], p["influence"]
    return _lodge_witnesses(ctx, lambda lg, mine: mine >= ni and len(lg.cells) >= nc)


def _inner_circle(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: Influence on 4 cards in an interior group, each adjacent to two others of the group.
    # ENGINE READING (ruling 42): exactly a 2x2 block of interior cards (not JA "4 or more").
    mine = ctx.mine
    return [
        Witness(frozenset(b)) for b in ctx.geom.blocks_2x2
        if mine[b[0]] and mine[b[1]] and mine[b[2]] and mine[b[3]]
    ]


def _rosicrucian_foil(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: control more Rosicrucian cards than each rival, at least 3 cards with at least 5 of
    # your Influence in total (ruling 4: Rosicrucian, not JA's Clergy).
    seat, faces, ctrl, mine = ctx.seat, ctx.faces, ctx.controllers, ctx.mine
    per: dict[int, int] = {}
    used = []
    for c, who in enumerate(ctrl):
        if who is not None and faces[c] is not None and faces[c].affiliation == "rosicrucian":
            per[who] = per.get(who, 0) + 1
            if who == seat:
                used.append(c)
    n = len(used)
    if n < p["cards"] or sum(mine[c] for c in used) < p["influence"]:
        return []
    if any(per.get(r, 0) >= n for r in ctx.rivals):
        return []
    # ENGINE READING: the cards used are ALL the Rosicrucian cards the seat controls (the plot compares
    # that whole count with each rival's), not a chosen 3 of them.
    return [Witness(frozenset(used))]


def _consort_of_peers(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: Influence on a card and on three directly adjacent cards of the same Rank.
    # ENGINE READING (ruling 41): the card-text shape, a card plus three distinct cards
    # side-adjacent to IT (a T or star), not any connected four.
    faces, mine, nbrs = ctx.faces, ctx.mine, ctx.geom.neighbors
    rank = {c: card.rank for c, card in enumerate(faces) if card is not None and mine[c]}
    out = []
    for c, r in rank.items():
        peers = [d for d in nbrs[c] if rank.get(d) == r]
        if len(peers) >= 3:
            # The square grid has no triangles, so two centres never give the same four cards.
            for trio in combinations(peers, 3):
                out.append(Witness(frozenset((c,) + trio)))
    return out


def _faction_leader(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: hold 2 Faction cards; ones gained temporarily by card abilities do not count.
    return [Witness(frozenset())] if ctx.faction_cards_held >= p["cards"] else []


def _freemason_union(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: control at least 1 Freemason card belonging to EACH different Faction.
    # ruling 45: all six factions, whichever Faction cards are in the game.
    faces, ctrl, seat = ctx.faces, ctx.controllers, ctx.seat
    mine: list[tuple[int, frozenset[str]]] = []
    seen: set[str] = set()
    for c, who in enumerate(ctrl):
        if who == seat and faces[c] is not None and faces[c].affiliation == "freemason":
            fs = frozenset(faces[c].factions) & _ALL_FACTIONS
            if fs:
                mine.append((c, fs))
                seen |= fs
    if len(seen) < 6:
        return []
    # ENGINE READING: the cards used are any set of controlled Freemason cards covering the six factions.
    # Every covering set contains a MINIMAL covering set, and every superset (within the controlled
    # Freemason cards) of a minimal one covers too, so one pool witness per minimal cover describes
    # exactly all covering sets. Minimal covers: branch on the first uncovered faction over the cards
    # showing it; following any cover's own cards reaches a cover inside it, so all minimal ones appear.
    found: set[frozenset[int]] = set()
    visited: set[frozenset[int]] = set()

    def grow(chosen: frozenset[int], covered: frozenset[str]) -> None:
        if chosen in visited:
            return
        visited.add(chosen)
        if len(covered) == 6:
            found.add(chosen)
            return
        f = next(x for x in FACTIONS if x not in covered)
        for c, fs in mine:
            if f in fs and c not in chosen:
                grow(chosen | {c}, covered | fs)

    grow(frozenset(), frozenset())
    minimal = sorted((s for s in found if not any(t < s for t in found)), key=sorted)
    allc = frozenset(c for c, _ in mine)
    return [Witness(s, None, allc - s, 0, len(allc) - len(s)) for s in minimal]


def _dispersed_contacts(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: control any 6 cards (ruling 5: 6 at every player count).
    seat = ctx.seat
    return _pool_witness([c for c, who in enumerate(ctx.controllers) if who == seat], p["cards"])


def _line_of_exchange(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: control a Lodge of any Faction containing at least 3 cards in the center row.
    # ruling 39: they need not be adjacent to each other.
    center, need = ctx.geom.center_row, p["center_cards"]
    return _lodge_witnesses(ctx, lambda lg, mine: len(lg.cells & center) >= need)


def _shadow_alliance(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: Influence on at least 4 cards that contain rival Influence (ruling 6).
    seat = ctx.seat
    shared = []
    for c, slots in enumerate(ctx.infl):
        if len(slots) > 1 and seat in slots:
            for s in slots:
                if s is not None and s != seat:
                    shared.append(c)
                    break
    return _pool_witness(shared, p["cards"])


def _influential_converts(p: dict, ctx: PlotContext) -> list[Witness]:
    # EN Plot Aid: condition cut off in the text; ruling: control at least 3 Ace cards ("A-rank").
    # The rank is a parameter so a corrected plot file can change it without code.
    rank, seat, faces = p["rank"], ctx.seat, ctx.faces
    if rank not in RANKS:
        raise ValueError(f"plot influential_converts: rank {rank!r} is not one of {', '.join(RANKS)}")
    return _pool_witness(
        [c for c, who in enumerate(ctx.controllers)
         if who == seat and faces[c] is not None and faces[c].rank == rank],
        p["cards"],
    )


def _clandestine_vassal(p: dict, ctx: PlotContext) -> list[Witness]:
    # JA P13 (variant, the rulings): control a Lodge that links your own Areopagus to at least one other
    # player's Areopagus. ENGINE READING (the Plot predicates): "links" = the lodge holds one of the two
    # cards your Areopagus touches and one of the two cards some rival's Areopagus touches.
    areo = ctx.geom.areopagus_cells
    if ctx.nseats > len(areo):
        raise ValueError(f"clandestine_vassal: the map places {len(areo)} Areopagi for {ctx.nseats} seats")
    own = frozenset(areo[ctx.seat])
    others = [frozenset(areo[r]) for r in ctx.rivals]
    return _lodge_witnesses(
        ctx, lambda lg, mine: bool(lg.cells & own) and any(lg.cells & o for o in others)
    )


_PLOTS = {
    "remote_enlistment": (_remote_enlistment, {"edge_cards": 4, "influence": 4}),
    "coaxing_of_crowns": (_coaxing_of_crowns, {"influence": 4}),
    "path_of_whispers": (_path_of_whispers, {}),
    "factional_pact": (_factional_pact, {"cards": 5, "influence": 5}),
    "inner_circle": (_inner_circle, {}),
    "rosicrucian_foil": (_rosicrucian_foil, {"cards": 3, "influence": 5}),
    "consort_of_peers": (_consort_of_peers, {}),
    "faction_leader": (_faction_leader, {"cards": 2}),
    "freemason_union": (_freemason_union, {}),
    "dispersed_contacts": (_dispersed_contacts, {"cards": 6}),
    "line_of_exchange": (_line_of_exchange, {"center_cards": 3}),
    "shadow_alliance": (_shadow_alliance, {"cards": 4}),
    "influential_converts": (_influential_converts, {"cards": 3, "rank": "ACE"}),
    "clandestine_vassal": (_clandestine_vassal, {}),
}

#: Every plot key with its default parameters.
PLOT_DEFAULTS: dict[str, dict[str, Any]] = {k: dict(v[1]) for k, v in _PLOTS.items()}
#: Every plot key the engine knows: the default ones and the variant.
PLOT_KEYS: tuple[str, ...] = tuple(_PLOTS)
#: The English 13 (ruling: the game's plots); Clandestine Vassal is the Japanese variant.
DEFAULT_PLOTS: tuple[str, ...] = tuple(k for k in _PLOTS if k != "clandestine_vassal")
#: The variant plots (not among the default ones): the Japanese edition's Clandestine Vassal.
VARIANT_PLOTS: tuple[str, ...] = ("clandestine_vassal",)
#: Plots that use a Lodge: one Lodge serves at most one of them for a player (EN L652).
LODGE_PLOTS = frozenset(
    {"remote_enlistment", "path_of_whispers", "factional_pact", "line_of_exchange", "clandestine_vassal"}
)


#: Lodge control takes at least this much of the controller's Influence (controller_of: ">= 3").
_LODGE_CONTROL = 3


def plot_min_influence(key: str, params: dict | None = None) -> int:
    """A lower bound on the Influence a seat must have on the map for plot ``key`` to be met: a cheap
    test that skips :func:`plot_witnesses` when a seat is far from a plot (a necessary condition only;
    tests/pax/test_fast_legal.py checks it against the witnesses over random games).

    Derived from each plot's own predicate: Influence thresholds count the seat's Influence, every card it
    must control or have Influence on holds at least one of its disks, and a controlled Lodge holds at
    least 3. Freemason Union and Faction Leader get no bound beyond 1 and 0 (a card's factions come from
    a replaceable data file).
    """
    p = {**_PLOTS[key][1], **(params or {})}
    bounds = {
        "remote_enlistment": max(p.get("influence", 0), _LODGE_CONTROL),
        "coaxing_of_crowns": p.get("influence", 0),
        "path_of_whispers": 3,  # a Lodge has at least 3 cards, each with the seat's Influence
        "factional_pact": max(p.get("influence", 0), _LODGE_CONTROL),
        "inner_circle": 4,
        "rosicrucian_foil": max(p.get("influence", 0), p.get("cards", 0)),
        "consort_of_peers": 4,
        "faction_leader": 0,
        "freemason_union": 1,
        "dispersed_contacts": p.get("cards", 0),
        "line_of_exchange": _LODGE_CONTROL,
        "shadow_alliance": p.get("cards", 0),
        "influential_converts": p.get("cards", 0),
        "clandestine_vassal": _LODGE_CONTROL,
    }
    return max(0, bounds.get(key, 0))


def plot_min_faction_cards(key: str, params: dict | None = None) -> int:
    """A lower bound on the Faction cards a seat must hold for plot ``key`` to be met (Faction Leader's
    count; 0 for every other plot): like :func:`plot_min_influence`, a necessary condition that skips the
    witnesses, which need the map analysis, when a seat holds too few."""
    if key != "faction_leader":
        return 0
    return max(0, {**_PLOTS[key][1], **(params or {})}.get("cards", 0))


def plot_may_be_met(key: str, params: dict | None, geom: Geometry, mine: Sequence[tuple[int, Any, tuple]],
                    seat: int) -> bool:
    """A cheap necessary condition for plot ``key``, from the seat's own cards only — ``mine``: one
    ``(cell, face card or None when face-down, Influence slots)`` per card holding the seat's Influence —
    so the witnesses (which need every card's controller and the Lodges) are only computed when it holds.
    Derived from each plot's predicate (a controlled card, or a card of a Lodge the seat needs, holds the
    seat's Influence); True for the plots without one here. tests/pax/test_fast_legal.py checks it against
    the witnesses on dense random boards."""
    p = {**_PLOTS[key][1], **(params or {})}
    if key == "freemason_union":  # the controlled Freemason cards show all six factions between them
        shown: set[str] = set()
        for _c, face, _slots in mine:
            if face is not None and face.affiliation == "freemason":
                shown.update(face.factions)
        return _ALL_FACTIONS <= shown
    if key == "influential_converts":  # enough controlled cards of the rank
        ranked = sum(1 for _c, face, _slots in mine if face is not None and face.rank == p["rank"])
        return ranked >= p["cards"]
    if key == "path_of_whispers":  # a Lodge with the seat's Influence on every card, top row to bottom row
        up = [c for c, face, _slots in mine if face is not None]
        return any(c in geom.top_row for c in up) and any(c in geom.bottom_row for c in up)
    if key == "shadow_alliance":  # enough cards shared with a rival
        return sum(1 for _c, _face, slots in mine
                   if len(slots) > 1 and any(x is not None and x != seat for x in slots)) >= p["cards"]
    if key == "coaxing_of_crowns":  # enough of the seat's Influence on Crown cards
        on = sum(slots.count(seat) for _c, face, slots in mine if face is not None and face.rank == "CROWN")
        return on >= p["influence"]
    if key == "rosicrucian_foil":  # enough controlled Rosicrucian cards, with enough Influence on them
        ros = [slots.count(seat) for _c, face, slots in mine
               if face is not None and face.affiliation == "rosicrucian"]
        return len(ros) >= p["cards"] and sum(ros) >= p["influence"]
    if key == "inner_circle":  # Influence on every card of a 2x2 block
        cells = {c for c, _face, _slots in mine}
        return any(all(c in cells for c in block) for block in geom.blocks_2x2)
    if key == "consort_of_peers":  # a card and three cards beside it of its rank, all with Influence
        rank = {c: face.rank for c, face, _slots in mine if face is not None}
        return any(sum(1 for n in geom.neighbors[c] if rank.get(n) == r) >= 3 for c, r in rank.items())
    return True


def plot_witnesses(key: str, params: dict | None, ctx: PlotContext) -> list[Witness]:
    """The ways ``ctx.seat`` meets plot ``key`` right now; an empty list means it is not met.

    ``params`` overrides the defaults in :data:`PLOT_DEFAULTS` (a plot data file supplies them);
    unknown keys or parameter names raise ``ValueError``. The list is small and sufficient for
    :func:`claims_compatible`: lodge plots list each qualifying lodge, Inner Circle each 2x2 block,
    Consort of Peers each star, and "any k of these cards" plots one pool witness.
    """
    try:
        fn, defaults = _PLOTS[key]
    except KeyError:
        raise ValueError(f"unknown plot {key!r}; known plots: {', '.join(_PLOTS)}") from None
    if params:
        extra = params.keys() - defaults.keys()
        if extra:
            raise ValueError(f"plot {key!r}: unknown parameter(s) {', '.join(sorted(extra))}")
        defaults = {**defaults, **params}
    return fn(defaults, ctx)


# --------------------------------------------------------------------------------------------------
# Overlap rule and lodge-once rule
# --------------------------------------------------------------------------------------------------


def claims_compatible(families: Sequence[Sequence[Witness]]) -> bool:
    """Whether one witness per plot can be picked so that the plots may all be held together.

    ``families`` holds one witness list per plot (from :func:`plot_witnesses`). The rules (EN
    L648-658, the claiming rules): no chosen card set may equal or be contained in another's (a
    witness using no map card, Faction Leader, is exempt), and two lodge-based plots never use the
    same Lodge. Pool witnesses stand for all their choices and are decided exactly.
    """
    # ENGINE READING: the overlap rule compares map-card sets, so a plot using no map card (Faction
    # Leader) never conflicts; a Lodge is identified by its faction and cells, and the lodge-once rule
    # binds every lodge-based plot (Path of Whispers too, though it needs no control).
    fams = [list(dict.fromkeys(f)) for f in families]
    if any(not f for f in fams):
        return False
    if len(fams) <= 1:
        return True
    fams.sort(key=len)
    n = len(fams)
    chosen: list[Witness] = []

    def pick(k: int) -> bool:
        if k == n:
            live = [w for w in chosen if w.cards or w.pool]
            if any(w.pool for w in live):
                return _pools_feasible(live)
            return True
        for w in fams[k]:
            ok = True
            for u in chosen:
                if w.lodge is not None and w.lodge == u.lodge:
                    ok = False
                    break
                a, b = w.cards, u.cards
                if not w.pool and not u.pool and a and b and (a <= b or b <= a):
                    ok = False
                    break
            if ok:
                chosen.append(w)
                if pick(k + 1):
                    return True
                chosen.pop()
        return False

    return pick(0)


def _pools_feasible(ws: Sequence[Witness]) -> bool:
    """Exact test that every witness can be given one of its choices with no set inside another.

    S_i is not inside S_j  <=>  some card is in S_i and not in S_j. So a solution exists iff we can
    pick, for every ordered pair (i, j), such a card, with memberships that the pools can honour:
    a card in witness i's core is always in S_i, a card outside core and pool never, and a pool card
    is in S_i or not as we decide, with at most ``pool_max`` pool cards forced in and at most
    ``len(pool) - pool_min`` forced out (the unforced pool cards then fill S_i to a legal size; they
    cannot break a pair already separated by its chosen card). Cards with the same membership pattern
    ("type") are interchangeable, so the search picks types, not cards, and decides a pool membership
    only when a pair needs it. Every solution's separating cards are reachable this way, so the search
    is exact; failed states are memoised.
    """
    n = len(ws)
    cores = [w.core for w in ws]
    pools = [w.pool - w.core for w in ws]
    cap_in, cap_out = [], []
    for w, pool in zip(ws, pools, strict=True):
        if w.pool_min > w.pool_max or w.pool_min > len(pool):
            return False
        cap_in.append(w.pool_max)
        cap_out.append(len(pool) - w.pool_min)
    type_count: dict[tuple[int, ...], int] = {}
    for e in frozenset().union(*cores, *pools):
        t = tuple(1 if e in cores[i] else 2 if e in pools[i] else 0 for i in range(n))
        type_count[t] = type_count.get(t, 0) + 1
    types = list(type_count)
    tcount = [type_count[t] for t in types]
    pairs = [(i, j) for i in range(n) for j in range(n) if i != j]
    full = (1 << len(pairs)) - 1

    # An item is (type index, vector): per witness 1 = in, 0 = out, 2 = pool card not decided yet.
    def covered(items) -> int:
        m = 0
        for _, v in items:
            for b, (i, j) in enumerate(pairs):
                if v[i] == 1 and v[j] == 0:
                    m |= 1 << b
        return m

    failed: set[tuple] = set()

    def options(items: tuple, i: int, j: int, ins, outs, used) -> list[tuple]:
        """Next states that separate S_i from S_j by one more decision."""
        cand = []
        # Decide an undecided membership of a card already in use ...
        for x, (ti, v) in enumerate(items):
            if v[i] == 0 or v[j] == 1:
                continue
            if (v[i] == 2 and ins[i] >= cap_in[i]) or (v[j] == 2 and outs[j] >= cap_out[j]):
                continue
            nv = list(v)
            nv[i], nv[j] = 1, 0
            cand.append(tuple(sorted(items[:x] + ((ti, tuple(nv)),) + items[x + 1:])))
        # ... or bring in a new card of some type.
        for ti, t in enumerate(types):
            if used[ti] >= tcount[ti] or t[i] == 0 or t[j] == 1:
                continue
            if (t[i] == 2 and ins[i] >= cap_in[i]) or (t[j] == 2 and outs[j] >= cap_out[j]):
                continue
            nv = list(t)
            nv[i], nv[j] = 1, 0
            cand.append(tuple(sorted(items + ((ti, tuple(nv)),))))
        return cand

    def search(items: tuple) -> bool:
        mask = covered(items)
        if mask == full:
            return True
        if items in failed:
            return False
        ins = [0] * n
        outs = [0] * n
        used = [0] * len(types)
        for ti, v in items:
            used[ti] += 1
            t = types[ti]
            for k in range(n):
                if t[k] == 2:
                    if v[k] == 1:
                        ins[k] += 1
                    elif v[k] == 0:
                        outs[k] += 1
        # Fail first: branch on the open pair with the fewest ways to separate it (none: dead end).
        best = None
        for b, (i, j) in enumerate(pairs):
            if not mask >> b & 1:
                cand = options(items, i, j, ins, outs, used)
                if best is None or len(cand) < len(best):
                    best = cand
                    if len(cand) <= 1:
                        break
        for nxt in dict.fromkeys(best):
            if search(nxt):
                return True
        failed.add(items)
        return False

    return search(())
