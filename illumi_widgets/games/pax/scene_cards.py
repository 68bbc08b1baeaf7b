"""How the Pax Illuminaten board draws a card, its back and its tooltips (the pieces :mod:`.scene` lays out):
the board's palette, the scene builder with its ink, and the text of a card's, Event's and Plot's tip."""

from __future__ import annotations

from ...scene import SceneItems, rnd
from ...scene_memo import items_of
from ...textfit import text_width
from .favor import ABBR, FACTIONS

MIN_TEXT = 11  # scene units = CSS px at the default width: the smallest text a player reads
BG = "#efe6d2"
INK = "#2b2118"
MUTED = "#6f6353"
CARD = "#fbf7ee"
CARD_EDGE = "#5b4a32"
BACK = "#3b2f4a"
BACK_EDGE = "#c9a94b"
PANEL = "#f7f1e3"
SEAT_FILL = {"Blue": "#2f6db5", "Red": "#c0392b", "Green": "#2e8b57", "Beige": "#d8c092"}
SEAT_TINT = {"Blue": "#dbe6f4", "Red": "#f5dcd8", "Green": "#d9eee2", "Beige": "#f3ecdc"}
FACTION_COLOR = {"NOB": "#7b2d8e", "PRO": "#c0392b", "MAG": "#1f6fb2", "ART": "#d68910", "SCH": "#1e8449",
                 "CLE": "#5d6d7e"}
FACTION_TINT = {"NOB": "#eadcee", "PRO": "#f5dcd8", "MAG": "#d9e6f3", "ART": "#f7e6cc", "SCH": "#d8ece0",
                "CLE": "#e3e6ea"}
AFFILIATION = {"freemason": ("FM", "#1d4e89"), "rosicrucian": ("RC", "#8e2d4e")}
RANK_TEXT = {"I": "I", "II": "II", "III": "III"}



_r = rnd


class _Items(SceneItems):
    """The shared scene builder with this board's ink.  ``fit``: the size (scene units) the painter draws the
    smallest text at when the layout is drawn at its smallest scale (``MIN_TEXT / min_scale``): text is
    wrapped, measured and given room at :meth:`fs` of its size, so that enlarged it still overlaps nothing."""

    def __init__(self, fit: float = MIN_TEXT) -> None:
        super().__init__(ink=INK)
        self.fit = fit

    def fs(self, size: float) -> float:
        """The size a text of ``size`` takes room for: as drawn when the layout is smallest."""
        return max(size, self.fit)


# ------------------------------------------------------------------------------------------------------
# text helpers
# ------------------------------------------------------------------------------------------------------
def _abbr(code: str) -> str:
    return ABBR[FACTIONS.index(code)] if code in FACTIONS else str(code)


def _rank_label(rank: str) -> str:
    return {"ACE": "Ace", "CROWN": "Crown"}.get(rank, rank)


def card_tip(game, cid: str) -> str:
    """The full text of a Luminary card (its tooltip)."""
    c = game.lum[cid]
    facs = "/".join(_abbr(f) for f in c.factions)
    head = f"{c.name} — {_rank_label(c.rank)}, {facs}"
    if c.rank in ("ACE", "CROWN"):
        head += f", symbol {c.symbol}" if getattr(c, "symbol", None) else ""
    else:
        head += f", strength {c.strength}"
    aff = getattr(c, "affiliation", None)
    if aff:
        head += f", {str(aff).capitalize()}"
    locs = "; ".join(f"{i + 1}: {' '.join(_abbr(f) for f in loc) or 'free'}"
                     for i, loc in enumerate(c.locations))
    text = getattr(c, "text", "") or ""
    return f"{head}\nLocations (cost): {locs}" + (f"\n{text}" if text else "")


def _event_tip(game, eid: str) -> str:
    e = game.events[eid]
    kind = "Edict" if e.kind == "edict" else "Special Event"
    fac = f" ({_abbr(e.faction)})" if getattr(e, "faction", None) else ""
    text = getattr(e, "text", "") or ""
    return f"{e.name} — {kind}{fac}" + (f"\n{text}" if text else "")


def _plot_tip(game, pid: str) -> str:
    p = game.plots[pid]
    return f"{p.name}\n{getattr(p, 'text', '') or ''}".strip()


# ------------------------------------------------------------------------------------------------------
# cards
# ------------------------------------------------------------------------------------------------------
def _rank_mark(out: _Items, rank: str, x: float, y: float, size: float) -> None:
    if rank == "ACE":
        out.icon("ace", x + size * 0.45, y, size)
    elif rank == "CROWN":
        out.icon("crown", x + size * 0.5, y, size)
    else:
        out.text(x, y, RANK_TEXT.get(rank, rank), size=max(MIN_TEXT, size * 0.85), bold=True,
                 baseline="middle", color=INK)


def _card_face_built(out: _Items, game, cid: str, x, y, w, h, ident=None, infl=(), seat_names=(),
                     extra_tip="", marks=(), cell_name=None) -> None:
    """A face-up Luminary card: rank, factions, affiliation, name, Locations with costs and Influence."""
    c = game.lum[cid]
    facs = list(c.factions)
    out.rect(x, y, w, h, fill=CARD, stroke=CARD_EDGE, lw=1.2, r=5, ident=ident,
             tip=card_tip(game, cid) + extra_tip)
    band = 18
    if len(facs) >= 2:
        out.rect(x + 1, y + 1, w / 2 - 1, band, fill=FACTION_TINT.get(facs[0], "#ddd"))
        out.rect(x + w / 2, y + 1, w / 2 - 1, band, fill=FACTION_TINT.get(facs[1], "#ddd"))
    elif facs:
        out.rect(x + 1, y + 1, w - 2, band, fill=FACTION_TINT.get(facs[0], "#ddd"))
    _rank_mark(out, c.rank, x + 4, y + band / 2 + 1, 14)
    for i, f in enumerate(reversed(facs)):
        out.icon(f"faction:{f}", x + w - 9 - i * 15, y + band / 2 + 1, 14)
    aff = AFFILIATION.get(str(getattr(c, "affiliation", "") or "").lower())
    if aff:
        out.text(x + 32, y + band / 2 + 1, aff[0], size=MIN_TEXT, bold=True, color=aff[1], baseline="middle")
    # Locations: a disk slot per Location (top-most first) and its cost icons, from the bottom up; the name in
    # the box above them, wrapped by the painter onto as many lines as the box holds at the size it draws it
    # at (cut with "…" only where even that cannot hold it: the tooltip has it whole)
    n = len(c.locations)
    row_h = 14  # (the faction letters of two rows do not overlap even enlarged to 11 CSS px)
    first = h - 7 - (n - 1) * row_h
    bottom = first - 5 if not marks else min(first - 5, h - 40 - 17 * (len(marks) - 1))  # (above the marks)
    out.text(x + w / 2, y + band + 2, c.name, size=MIN_TEXT, bold=True, align="center", baseline="top",
             maxw=w - 6, maxh=bottom - (band + 2))
    for i, loc in enumerate(c.locations):
        cy = y + first + i * row_h
        who = infl[i] if i < len(infl) else None
        sname = seat_names[who] if who is not None and who < len(seat_names) else None
        if sname:
            out.circle(x + 10, cy, 6, fill=SEAT_FILL.get(sname, "#888"), stroke="#1b1b1b", lw=1)
        else:
            out.circle(x + 10, cy, 6, fill="#ffffff", stroke="#8a7a60", lw=1)
        for j, f in enumerate(loc[:5]):
            out.icon(f"faction:{f}", x + 23 + j * 13, cy, 12)
    # strength (Aces and Crowns: their symbol, in the tooltip)
    if c.rank not in ("ACE", "CROWN"):
        out.circle(x + w - 11, y + h - 11, 9, fill="#3a3027")
        out.text(x + w - 11, y + h - 11, c.strength, size=12, bold=True, color="#ffffff", align="center",
                 baseline="middle")
    if cell_name:
        out.text(x + w - 23, y + h - 4, cell_name, size=MIN_TEXT, color=MUTED, align="right")
    for k, (kind, text) in enumerate(marks):  # above the strength disk, right
        yy = y + h - 31 - k * 17
        if kind == "cube":
            out.icon("cube", x + w - 11, yy, 15)
        else:
            out.text(x + w - 3, yy, text, size=MIN_TEXT, color="#8e2d2d", align="right", baseline="middle",
                     bold=True)


def _card_back_built(out: _Items, x, y, w, h, ident=None, tip=None, label=None, note=None) -> None:
    out.rect(x, y, w, h, fill=BACK, stroke=BACK_EDGE, lw=1.2, r=5, ident=ident, tip=tip)
    out.rect(x + 5, y + 5, w - 10, h - 10, stroke=BACK_EDGE, lw=0.8, r=3)
    if label:
        out.text(x + w / 2, y + (h / 2 if not note else 24), label, size=14, bold=True, color="#e9dcb4",
                 align="center", baseline="middle")
    if note:
        out.text(x + w / 2, y + 40, note, size=MIN_TEXT, color="#cfc6ec", align="center", baseline="top",
                 maxw=w - 12, maxh=h - 40 - 6)


def _mini_card(out: _Items, game, cid, x, y, w, h, ident=None, extra_tip="") -> None:
    """A small face-up card (Court, Plan cards): rank, factions, name, strength."""
    c = game.lum[cid]
    out.rect(x, y, w, h, fill=CARD, stroke=CARD_EDGE, lw=1, r=4, ident=ident,
             tip=card_tip(game, cid) + extra_tip)
    facs = list(c.factions)
    if facs:
        out.rect(x + 1, y + 1, w - 2, 16, fill=FACTION_TINT.get(facs[0], "#ddd"))
    _rank_mark(out, c.rank, x + 3, y + 9, 12)
    for i, f in enumerate(reversed(facs)):
        out.icon(f"faction:{f}", x + w - 8 - i * 13, y + 9, 12)
    out.text(x + w / 2, y + 20, c.name, size=MIN_TEXT, bold=True, align="center", baseline="top", maxw=w - 4,
             maxh=h - 20 - 14)
    if c.rank not in ("ACE", "CROWN"):
        out.text(x + w - 5, y + h - 4, c.strength, size=12, bold=True, align="right")
    for i in range(len(c.locations)):  # one dot per Location
        out.circle(x + 8 + i * 7, y + h - 8, 2.5, fill=MUTED)


# ------------------------------------------------------------------------------------------------------
# the map and the Areopagi
# ------------------------------------------------------------------------------------------------------


def _chip_rows(widths, x0: float, x1: float, y: float, max_y, row_h: float, x_next: float | None = None):
    """Positions ``(x, y)`` of chips of ``widths`` in rows (the first from ``x0``, the next ones from
    ``x_next``, default ``x0``); stops (shorter list) where ``max_y`` is passed."""
    pos, x, start = [], x0, x0
    for w in widths:
        # (a chip too wide for the first row's room goes to the next row, which starts further left)
        if (x > start or (x_next is not None and x_next < start)) and x + w > x1:
            if max_y is not None and y + row_h > max_y + 0.01:  # (a float sum's last bit: no row lost)
                break
            start = x0 if x_next is None else x_next
            x, y = start, y + row_h
        pos.append((x, y))
        x += w + 4
    return pos


def _chips(out: _Items, items, x0: float, x1: float, y: float, max_y: float | None = None,
           row_h: float = 20, x_next: float | None = None):
    """Name chips ``(text, fill, stroke, ident, tip)`` left to right from ``x0``, onto a next row when the
    row is full; past ``max_y`` the last ones become one "+N more" chip listing them in its tooltip.
    Returns the y of the last row."""
    items = list(items)
    f = out.fs(MIN_TEXT)
    widths = [min(x1 - min(x0, x_next or x0), text_width(t, f) + 10) if t else 10 for t, *_ in items]
    pos = _chip_rows(widths, x0, x1, y, max_y, row_h, x_next)
    shown = len(pos)
    more = None
    while shown < len(items):  # make room for the "+N more" chip
        more = f"+{len(items) - shown} more"
        mw = text_width(more, f) + 10
        fit = _chip_rows(widths[:shown] + [mw], x0, x1, y, max_y, row_h, x_next)
        if len(fit) == shown + 1:
            pos = fit
            break
        shown -= 1
    for k in range(shown):
        text, fill, stroke, ident, tip = items[k]
        x, yy = pos[k]
        out.rect(x, yy - 8.5, widths[k], 17, fill=fill, stroke=stroke, lw=0.8, r=3, ident=ident, tip=tip)
        if text:
            out.text(x + widths[k] / 2, yy, text, size=MIN_TEXT, align="center", baseline="middle",
                     maxw=widths[k] - 4, wrap=1)
    if shown < len(items):
        x, yy = pos[shown]
        mw = text_width(more, f) + 10
        out.rect(x, yy - 8.5, mw, 17, fill="#ffffff", stroke=MUTED, lw=0.8, r=3,
                 tip="\n".join(t or "(face-down)" for t, *_ in items[shown:]))
        out.text(x + mw / 2, yy, more, size=MIN_TEXT, align="center", baseline="middle")
    return pos[-1][1] if pos else y


def _card_face(out: _Items, game, *args, **kwargs) -> None:
    """:func:`_card_face_built`, or the same items again for the same card at the same place (scene_memo)."""
    items_of(_card_face_built, out, game, *args, **kwargs)


def _card_back(out: _Items, *args, **kwargs) -> None:
    """:func:`_card_back_built`, or the same items again for the same arguments (scene_memo)."""
    items_of(_card_back_built, out, None, *args, **kwargs)
