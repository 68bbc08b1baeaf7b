"""The Pax Illuminaten board as a SCENE (the display list the widget's painter draws).

:func:`pax_scene` is a pure function of one seat's view (``state.view(seat)``) and the game's static
card data: the same view always gives the same scene, so a saved notebook's SVG never changes, and a
seat's scene can hold nothing its view does not.  :func:`option_targets` names the scene entities a
person clicks for each legal action (options without targets are panel buttons).

Entity ids: ``cell:C3`` (map card), ``areo:<seat>`` (a seat's Areopagus), ``hand:<card id>``,
``court:<1-5>``, ``faction:<CODE>``, ``plot:<plot id>``, ``event:<event id>``.

Layout in scene units (1000 x 720): the map with the Areopagi on its sides at the top left, the
pending decision's context and the seat's own hand below it; on the right the turn header, the Court,
the Favor pool, the Faction cards, the Plots, the Event summary and one panel per seat.
"""

from __future__ import annotations

from ...scene import SceneItems, rnd
from .favor import ABBR, FACTIONS
from .model import AREO
from .powers import POWER_NAMES

__all__ = ["PRESENTER", "option_group", "option_targets", "pax_scene", "status_text"]

W, H = 1000, 720
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

# the left block: map and Areopagi, then the context line and the hand
CW, CH, GAP = 96, 86, 6
STRIP_SIDE, STRIP_TOP = 62, 40
LEFT_X, LEFT_W = 8, 640
# the right column
RX, RW = 656, 338


_r = rnd


class _Items(SceneItems):
    """The shared scene builder with this board's ink."""

    def __init__(self) -> None:
        super().__init__(ink=INK)


# ------------------------------------------------------------------------------------------------------
# text helpers
# ------------------------------------------------------------------------------------------------------
def _abbr(code: str) -> str:
    return ABBR[FACTIONS.index(code)] if code in FACTIONS else str(code)


def _wrap(text: str, width: int, lines: int) -> str:
    words, out, cur = str(text).split(), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            out.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        out.append(cur)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: max(1, width - 1)] + "…"
    return "\n".join(out)


def _rank_label(rank: str) -> str:
    return {"ACE": "Ace", "CROWN": "Crown"}.get(rank, rank)


def card_tip(game, cid: str) -> str:
    """The full text of a Luminary card (its tooltip)."""
    c = game.lum[cid]
    facs = "/".join(_abbr(f) for f in c.factions)
    head = f"{cid} {c.name} — {_rank_label(c.rank)}, {facs}"
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
        out.text(x, y, RANK_TEXT.get(rank, rank), size=size * 0.85, bold=True, baseline="middle", color=INK)


def _card_face(out: _Items, game, cid: str, x, y, w, h, ident=None, infl=(), seat_names=(), extra_tip="",
               marks=()) -> None:
    """A face-up Luminary card: rank, factions, affiliation, name, Locations with costs and Influence."""
    c = game.lum[cid]
    facs = list(c.factions)
    out.rect(x, y, w, h, fill=CARD, stroke=CARD_EDGE, lw=1.2, r=5, ident=ident,
             tip=card_tip(game, cid) + extra_tip)
    # faction band
    band = h * 0.2
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
        out.text(x + 30, y + band / 2 + 1, aff[0], size=8, bold=True, color=aff[1], baseline="middle")
    if len(c.name) > 19:
        out.text(x + w / 2, y + band + 12, _wrap(c.name, 21, 2), size=8, bold=True, align="center",
                 baseline="middle", maxw=w - 6)
        top = band + 31
    else:
        out.text(x + w / 2, y + band + 10, c.name, size=9, bold=True, align="center", baseline="middle",
                 maxw=w - 6)
        top = band + 26
    # Locations: a disk slot per Location (top-most first) and its cost icons
    row_h = min(15, (h - top - 9) / max(1, len(c.locations) - 1))
    for i, loc in enumerate(c.locations):
        cy = y + top + i * row_h
        who = infl[i] if i < len(infl) else None
        name = seat_names[who] if who is not None and who < len(seat_names) else None
        if name:
            out.circle(x + 11, cy, 6, fill=SEAT_FILL.get(name, "#888"), stroke="#1b1b1b", lw=1)
        else:
            out.circle(x + 11, cy, 6, fill="#ffffff", stroke="#8a7a60", lw=1)
        for j, f in enumerate(loc[:5]):
            out.icon(f"faction:{f}", x + 24 + j * 11, cy, 10)
    # strength (Aces and Crowns: their symbol)
    if c.rank in ("ACE", "CROWN"):
        out.text(x + w - 19, y + band / 2 + 1, getattr(c, "symbol", None) or "", size=7, italic=True,
                 color=MUTED, align="right", baseline="middle")
    else:
        out.circle(x + w - 10, y + h - 10, 8, fill="#3a3027")
        out.text(x + w - 10, y + h - 10, c.strength, size=9, bold=True, color="#ffffff", align="center",
                 baseline="middle")
    for k, (kind, text) in enumerate(marks):
        if kind == "cube":
            out.icon("cube", x + w - 11, y + top + 2 + k * 17, 15)
        else:
            out.text(x + w - 4, y + top + 2 + k * 17, text, size=7, color="#8e2d2d", align="right",
                     baseline="middle", bold=True)


def _card_back(out: _Items, x, y, w, h, ident=None, tip=None, label=None, note=None) -> None:
    out.rect(x, y, w, h, fill=BACK, stroke=BACK_EDGE, lw=1.2, r=5, ident=ident, tip=tip)
    out.rect(x + 5, y + 5, w - 10, h - 10, stroke=BACK_EDGE, lw=0.8, r=3)
    if label:
        out.text(x + w / 2, y + h / 2, label, size=12, bold=True, color="#e9dcb4", align="center",
                 baseline="middle")
    if note:
        out.text(x + w / 2, y + h - 12, note, size=7, color="#b9aee0", align="center", baseline="middle",
                 maxw=w - 8)


def _mini_card(out: _Items, game, cid, x, y, w, h, ident=None, extra_tip="") -> None:
    """A small face-up card (Court, chips): rank, factions, short name, strength."""
    c = game.lum[cid]
    out.rect(x, y, w, h, fill=CARD, stroke=CARD_EDGE, lw=1, r=4, ident=ident,
             tip=card_tip(game, cid) + extra_tip)
    facs = list(c.factions)
    if facs:
        out.rect(x + 1, y + 1, w - 2, 15, fill=FACTION_TINT.get(facs[0], "#ddd"))
    _rank_mark(out, c.rank, x + 3, y + 9, 11)
    for i, f in enumerate(reversed(facs)):
        out.icon(f"faction:{f}", x + w - 8 - i * 12, y + 9, 11)
    out.text(x + w / 2, y + 27, _wrap(c.name, 12, 3), size=8, bold=True, align="center", baseline="top",
             maxw=w - 4)
    out.text(x + 4, y + h - 6, cid, size=7, color=MUTED)
    if c.rank not in ("ACE", "CROWN"):
        out.text(x + w - 5, y + h - 6, c.strength, size=9, bold=True, align="right")
    n = len(c.locations)
    for i in range(n):  # one dot per Location
        out.circle(x + 33 + i * 5.5, y + h - 8.5, 2, fill=MUTED)


# ------------------------------------------------------------------------------------------------------
# the map and the Areopagi
# ------------------------------------------------------------------------------------------------------
def _map_geometry(view: dict):
    rows, cols = view["map"]["rows"], view["map"]["cols"]
    grid_w = cols * CW + (cols - 1) * GAP
    full_w = 5 * CW + 4 * GAP
    gx = LEFT_X + STRIP_SIDE + GAP + (full_w - grid_w) / 2
    gy = 8 + STRIP_TOP + GAP
    return rows, cols, gx, gy


def _cell_xy(view: dict, index: int):
    rows, cols, gx, gy = _map_geometry(view)
    r, c = divmod(index, cols)
    return gx + c * (CW + GAP), gy + r * (CH + GAP)


def _side_of(side: str, cells: list[int], rows: int, cols: int) -> str:
    s = str(side).lower()
    for key, names in (("top", ("top", "north", "n")), ("bottom", ("bottom", "south", "s")),
                       ("left", ("left", "west", "w")), ("right", ("right", "east", "e"))):
        if s in names:
            return key
    rs = {c // cols for c in cells}
    cs = {c % cols for c in cells}
    if rs == {0}:
        return "top"
    if rs == {rows - 1}:
        return "bottom"
    if cs == {0}:
        return "left"
    return "right"


def _draw_map(out: _Items, view: dict, game) -> None:
    rows, cols, gx, gy = _map_geometry(view)
    names = view["seat_names"]
    pending = view.get("pending") or {}
    turn = view["turn"]
    cubes, extorted = set(turn.get("cubes", [])), set(turn.get("extorted", []))
    omni = view.get("omniscient") or {}
    # the table under the map
    out.rect(gx - 4, gy - 4, cols * (CW + GAP) - GAP + 8, rows * (CH + GAP) - GAP + 8, fill="#e2d6bb", r=6)
    for i, cell in enumerate(view["map"]["cells"]):
        x, y = _cell_xy(view, i)
        name = cell["name"]
        ident = f"cell:{name}"
        if cell["up"] and cell["card"]:
            slots = cell["influence"]
            held = ", ".join(names[s] if s is not None else "open" for s in slots)
            marks = []
            if name in cubes:
                marks.append(("cube", ""))
            if name in extorted:
                marks.append(("text", "EXT"))
            extra = f"\nAt {name}; Influence: {held}" + ("\nBonus follow-up cube" if name in cubes else "")
            _card_face(out, game, cell["card"], x, y, CW, CH, ident=ident, infl=slots, seat_names=names,
                       extra_tip=extra, marks=marks)
            out.text(x + CW - 21, y + CH - 6, name, size=8, color=MUTED, align="right")
        elif pending.get("t") == "place" and pending.get("cell") == name:
            out.rect(x, y, CW, CH, fill="#f4ecd8", stroke="#b0452f", lw=1.5, r=5, dash=[5, 3], ident=ident,
                     tip=f"{name}: empty — a card from hand goes here")
            out.text(x + CW / 2, y + CH / 2, f"{name}\nplace a card", size=10, color="#b0452f",
                     align="center", baseline="middle")
        else:
            note = None
            if omni.get("map") and i < len(omni["map"]) and omni["map"][i]:
                cid = omni["map"][i]
                note = f"{cid} {game.lum[cid].name}" if cid in game.lum else str(cid)
            _card_back(out, x, y, CW, CH, ident=ident, tip=f"{name}: a face-down Luminary card", label=name,
                       note=note)
    _draw_areopagi(out, view, game, rows, cols, gx, gy)
    _draw_bots(out, view, game, rows, cols)
    # the card being challenged
    if pending.get("t") == "reveal" and pending.get("cell"):
        i = next((k for k, c in enumerate(view["map"]["cells"]) if c["name"] == pending["cell"]), None)
        if i is not None:
            x, y = _cell_xy(view, i)
            out.rect(x - 3, y - 3, CW + 6, CH + 6, stroke="#c0392b", lw=2.5, r=7, dash=[6, 3])


def _draw_bots(out: _Items, view: dict, game, rows, cols) -> None:
    """A rulebook bot's token (on its bot card or its Areopagus) and this turn's Plan cards (automa.py)."""
    bots = view.get("bots") or []
    cell_index = {c["name"]: i for i, c in enumerate(view["map"]["cells"])}
    names = view["seat_names"]
    for s, bot in enumerate(bots):
        if not bot or s >= len(names):
            continue
        tok = bot.get("token")
        tip = (f"{names[s]} is the rulebook bot {bot['name']} (bot token at {tok})\nPlots: "
               + "; ".join(bot.get("plots", [])))
        if tok in cell_index:
            x, y = _cell_xy(view, cell_index[tok])
            cx, cy = x + CW - 12, y + 12
        else:  # on its Areopagus: beside the strip's label
            cells = [cell_index[n] for n in view["map"]["areopagi"][s] if n in cell_index]
            side = _side_of((view["map"].get("sides") or [""] * (s + 1))[s], cells, rows, cols)
            xs = [_cell_xy(view, c)[0] for c in cells]
            ys = [_cell_xy(view, c)[1] for c in cells]
            _, _, gx, gy = _map_geometry(view)
            if side in ("top", "bottom"):
                cx = (min(xs) + max(xs) + CW) / 2
                cy = gy - GAP - STRIP_TOP / 2 if side == "top" else gy + rows * (CH + GAP) + STRIP_TOP / 2
            else:
                cy = (min(ys) + max(ys) + CH) / 2
                cx = (gx - GAP - STRIP_SIDE / 2 if side == "left"
                      else gx + cols * (CW + GAP) + STRIP_SIDE / 2)
        out.circle(cx, cy, 9, fill=SEAT_FILL.get(names[s], "#888"), stroke="#111", lw=2, ident=f"bot:{s}",
                   tip=tip)
        out.text(cx, cy, "B", size=9, bold=True, color="#fff", align="center", baseline="middle")
    plan = view.get("plan") or []
    for k, cid in enumerate(plan[-3:]):  # the last Plan cards, face-up, in the top-left corner
        _mini_card(out, game, cid, 2 + k * 6, 8 + k * 30, 44, 40, ident=f"plan:{cid}",
                   extra_tip="\nA bot's Plan card (discarded at the end of its turn)")


def _contact_label(game, number) -> str:
    for c in getattr(getattr(game, "pd", None), "contacts", ()):
        if c.number == number and getattr(c, "roman", None):
            return c.roman
    return str(number)


def _draw_areopagi(out: _Items, view: dict, game, rows, cols, gx, gy) -> None:
    names = view["seat_names"]
    cell_index = {c["name"]: i for i, c in enumerate(view["map"]["cells"])}
    sides = view["map"].get("sides") or []
    grid_w = cols * (CW + GAP) - GAP
    grid_h = rows * (CH + GAP) - GAP
    for s, cell_names in enumerate(view["map"]["areopagi"]):
        if s >= len(names):
            break
        cells = [cell_index[n] for n in cell_names if n in cell_index]
        if not cells:
            continue
        side = _side_of(sides[s] if s < len(sides) else "", cells, rows, cols)
        xs = [_cell_xy(view, c)[0] for c in cells]
        ys = [_cell_xy(view, c)[1] for c in cells]
        if side in ("top", "bottom"):
            x0, x1 = min(xs) + 8, max(xs) + CW - 8
            y0 = gy - GAP - STRIP_TOP if side == "top" else gy + grid_h + GAP
            box = (x0, y0, x1 - x0, STRIP_TOP)
        else:
            y0, y1 = min(ys) + 6, max(ys) + CH - 6
            x0 = gx - GAP - STRIP_SIDE if side == "left" else gx + grid_w + GAP
            box = (x0, y0, STRIP_SIDE, y1 - y0)
        name = names[s]
        contact = view["contacts"][s] if s < len(view["contacts"]) else None
        facs = [FACTIONS[x] for x in game.contact_fac.get(contact, ())] if contact is not None else []
        contact = _contact_label(game, contact)
        tip = (f"{name}'s Areopagus — Contact card {contact}: {', '.join(_abbr(f) for f in facs)}\n"
               f"Touches {' and '.join(cell_names)}; acts for them and can be Extorted for its Contact Favor")
        bx, by, bw, bh = box
        out.rect(bx, by, bw, bh, fill=SEAT_TINT.get(name, "#eee"), stroke=SEAT_FILL.get(name, "#888"), lw=2,
                 r=6, ident=f"areo:{s}", tip=tip)
        if side in ("top", "bottom"):
            out.text(bx + 8, by + bh / 2, f"{name} · {contact}", size=10, bold=True, baseline="middle",
                     color=INK)
            for k, f in enumerate(facs):
                out.icon(f"faction:{f}", bx + bw - 12 - (len(facs) - 1 - k) * 17, by + bh / 2, 15)
        else:
            out.text(bx + bw / 2, by + 14, name, size=10, bold=True, align="center", baseline="middle",
                     maxw=bw - 6)
            out.text(bx + bw / 2, by + 28, str(contact), size=9, align="center", baseline="middle",
                     color=MUTED)
            for k, f in enumerate(facs):
                out.icon(f"faction:{f}", bx + bw / 2, by + 46 + k * 18, 15)


# ------------------------------------------------------------------------------------------------------
# the right column
# ------------------------------------------------------------------------------------------------------
_PHASES = {"activate": "Event phase", "keep": "Check phase (Events)", "redraw": "Check phase (redraw)",
           "reveal": "Oust challenge", "press": "Oust challenge"}


def _header(out: _Items, view: dict, game) -> None:
    names = view["seat_names"]
    turn = view["turn"]
    out.rect(RX, 8, RW, 52, fill=PANEL, stroke="#cbbd9f", r=5)
    if view.get("terminal"):
        res = view.get("outcome") or {}
        winners = " and ".join(names[s] for s in res.get("winners", []) if s < len(names)) or "nobody"
        scores = res.get("scores") or {}
        out.text(RX + 8, 24, f"Game over — {winners} win{'s' if len(res.get('winners', [])) == 1 else ''}",
                 size=13, bold=True, color="#8e2d2d", baseline="middle", maxw=RW - 16)
        out.text(RX + 8, 42, f"{res.get('reason', '')}; " + ", ".join(
            f"{names[int(s)]} {v}" for s, v in scores.items() if int(s) < len(names)), size=10,
            baseline="middle", maxw=RW - 16)
        return
    active = names[turn["active"]] if 0 <= turn.get("active", -1) < len(names) else "?"
    flags = []
    if turn.get("final_round"):
        flags.append("FINAL ROUND")
    line1 = f"Round {turn.get('round')} · turn {turn.get('turn')} · {active}'s turn"
    out.text(RX + 8, 22, line1, size=13, bold=True, baseline="middle", maxw=RW - 16)
    acting = [names[s] for s in view.get("to_act", []) if isinstance(s, int) and 0 <= s < len(names)]
    phase = _PHASES.get((view.get("pending") or {}).get("t"), "Action phase")
    line2 = f"{phase} · main actions left: {turn.get('main_left', 0)}"
    if turn.get("cubes"):
        line2 += " · bonus cube on " + ", ".join(turn["cubes"])
    if turn.get("claimed_faction"):
        line2 += " · Faction claimed"
    if turn.get("claimed_plot"):
        line2 += " · Plot claimed"
    out.text(RX + 8, 38, line2, size=10, baseline="middle", maxw=RW - 16)
    line3 = ("To act: " + ", ".join(acting)) if acting else ""
    if turn.get("revealed"):
        line3 += " · an Ace/Crown was revealed"
    if flags:
        line3 += " · " + " · ".join(flags)
    out.text(RX + 8, 52, line3, size=10, baseline="middle", color=MUTED, maxw=RW - 16)


def _court(out: _Items, view: dict, game) -> None:
    y = 66
    top = view.get("discard_top")
    label = f"Court · deck {view['deck']} · discard {view['discard']}"
    out.text(RX, y + 6, label, size=11, bold=True, baseline="middle")
    if top:
        out.rect(RX + RW - 92, y - 2, 92, 16, fill=CARD, stroke=CARD_EDGE, lw=0.8, r=3,
                 tip="Top of the discard pile: " + card_tip(game, top))
        out.text(RX + RW - 46, y + 6, f"top: {top}", size=8, align="center", baseline="middle", color=MUTED)
    cw, ch, gap = 62, 74, 7
    for i, cid in enumerate(view["court"]):
        x = RX + i * (cw + gap)
        ident = f"court:{i + 1}"
        if cid:
            _mini_card(out, game, cid, x, y + 16, cw, ch, ident=ident, extra_tip=f"\nCourt slot {i + 1}")
        else:
            out.rect(x, y + 16, cw, ch, stroke="#a08f70", lw=1, r=4, dash=[4, 3], ident=ident,
                     tip=f"Court slot {i + 1}: empty")
        if i == view.get("chamberlain"):
            out.rect(x + 4, y + 16 + ch + 3, cw - 8, 10, fill="#c9a94b", stroke="#5a4300", lw=0.8, r=3,
                     tip="The Chamberlain: at the Court refresh the card above it is discarded "
                         "and it moves right")
            out.text(x + cw / 2, y + 16 + ch + 8, "Chamberlain", size=7, bold=True, align="center",
                     baseline="middle", maxw=cw - 10)


def _pool(out: _Items, view: dict) -> None:
    y = 184
    out.icon("favor", RX + 6, y, 13)
    out.text(RX + 16, y, "Favor pool", size=11, bold=True, baseline="middle")
    for k, f in enumerate(FACTIONS):
        x = RX + 92 + k * 41
        out.icon(f"faction:{f}", x, y, 16)
        out.text(x + 11, y, view["pool"].get(f, 0), size=11, bold=True, baseline="middle")


def _factions(out: _Items, view: dict) -> None:
    y = 200
    names = view["seat_names"]
    fa = view["factions"]
    held = {f: s for f, s in fa.get("held", {}).items()}
    row, boxed = list(fa.get("row", [])), set(fa.get("out", []))
    w, gap = 52, 5.2
    for k, f in enumerate(FACTIONS):
        x = RX + k * (w + gap)
        if f in boxed:
            out.rect(x, y, w, 34, fill="#e6e0d4", stroke="#b9ad97", lw=0.8, r=4, dash=[3, 2],
                     tip=f"{_abbr(f)} Faction card: out of this game")
            out.icon(f"faction:{f}", x + 14, y + 17, 16)
            out.text(x + 26, y + 17, "out", size=8, color=MUTED, baseline="middle")
            continue
        holder = held.get(f)
        hname = names[int(holder)] if holder is not None and int(holder) < len(names) else None
        fill = SEAT_TINT.get(hname, "#ffffff") if hname else "#ffffff"
        stroke = SEAT_FILL.get(hname, FACTION_COLOR[f]) if hname else FACTION_COLOR[f]
        tip = f"{_abbr(f)} Faction card — " + (f"held by {hname}" if hname else "in the row") + \
            ": claimed by the player controlling the largest Lodge of this Faction"
        turn = view.get("turn") or {}
        if f in turn.get("sideways", []):
            tip += " — turned sideways (its ability was used this turn)"
            stroke = MUTED
        borrower = (turn.get("borrowed") or {}).get(f)
        if borrower is not None and int(borrower) < len(names):
            tip += f" — lent to {names[int(borrower)]} this turn"
        out.rect(x, y, w, 34, fill=fill, stroke=stroke, lw=1.6, r=4, ident=f"faction:{f}", tip=tip)
        out.icon(f"faction:{f}", x + 13, y + 17, 17)
        out.text(x + 25, y + 12, _abbr(f), size=9, bold=True, baseline="middle")
        out.text(x + 25, y + 25, hname or ("row" if f in row else ""), size=8, baseline="middle",
                 color=SEAT_FILL.get(hname, MUTED) if hname else MUTED, maxw=w - 27)


def _plots(out: _Items, view: dict, game) -> int:
    y = 244
    names = view["seat_names"]
    me = view.get("seat")
    pl = view["plots"]
    claims = pl.get("claims", {})
    rows = [(p, "public") for p in pl.get("public", [])]
    for s, p in enumerate(pl.get("private", [])):
        if p is not None and p not in pl.get("public", []):
            revealed = pl.get("revealed", [])[s] if s < len(pl.get("revealed", [])) else False
            who = "your private Plot" if s == me else f"{names[s]}'s private Plot"
            rows.append((p, who + (" (revealed)" if revealed else "")))
    out.text(RX, y, f"Plots · pile {pl.get('pile', 0)}", size=11, bold=True, baseline="middle")
    y += 10
    for p, label in rows:
        if p not in game.plots:
            continue
        c = claims.get(p, {})
        on = [names[int(s)] for s, v in c.items() if v == "on" and int(s) < len(names)]
        under = [names[int(s)] for s, v in c.items() if v == "under" and int(s) < len(names)]
        tip = _plot_tip(game, p) + f"\n{label.capitalize()}"
        if on:
            tip += "\nClaimed (on it): " + ", ".join(on)
        if under:
            tip += "\nLost claims (under it): " + ", ".join(under)
        private = label != "public"
        out.rect(RX, y, RW, 20, fill="#fffaf0" if not private else "#f1eaf7", stroke="#8a7a60", lw=0.8, r=3,
                 ident=f"plot:{p}", tip=tip)
        out.text(RX + 6, y + 10, game.plots[p].name, size=10, bold=True, baseline="middle", maxw=150)
        out.text(RX + 160, y + 10, label if private else "", size=8, baseline="middle", color=MUTED, maxw=100)
        k = 0
        for s, v in c.items():
            sname = names[int(s)] if int(s) < len(names) else "?"
            cx = RX + RW - 10 - k * 15
            if v == "on":
                out.circle(cx, y + 10, 6, fill=SEAT_FILL.get(sname, "#888"), stroke="#1b1b1b", lw=1)
            else:
                out.circle(cx, y + 10, 6, stroke=SEAT_FILL.get(sname, "#888"), lw=2)
            k += 1
        y += 23
    return y


def _events_line(out: _Items, view: dict, game, y: float) -> float:
    ev = view["events"]
    text = f"Events · deck {ev.get('deck', 0)} · Edicts discarded {ev.get('edicts_discarded', 0)}/5"
    out.text(RX, y + 8, text, size=11, bold=True, baseline="middle")
    if ev.get("discard"):
        names = ", ".join(game.events[e].name for e in ev["discard"] if e in game.events)
        out.rect(RX + RW - 60, y + 1, 60, 14, fill="#fffaf0", stroke="#8a7a60", lw=0.6, r=3,
                 tip="Discarded Events: " + names)
        out.text(RX + RW - 30, y + 8, f"discard {len(ev['discard'])}", size=8, align="center",
                 baseline="middle", color=MUTED)
    return y + 20


def _seat_panels(out: _Items, view: dict, game, y0: float, hand_shown) -> None:
    names = view["seat_names"]
    n = view["players"]
    me = view.get("seat")
    turn = view["turn"]
    avail = H - 6 - y0
    ph = min(110, avail / n - 4)
    ev = view["events"]
    held = view["factions"].get("held", {})
    for s in range(n):
        y = y0 + s * (ph + 4)
        name = names[s]
        out.rect(RX, y, RW, ph, fill=SEAT_TINT.get(name, "#eee"), stroke=SEAT_FILL.get(name, "#888"),
                 lw=2.2 if s == turn.get("active") else 1, r=5)
        out.circle(RX + 12, y + 12, 6, fill=SEAT_FILL.get(name, "#888"), stroke="#1b1b1b", lw=1)
        title = name + (" (you)" if s == me else "") + (" · active" if s == turn.get("active") else "")
        out.text(RX + 24, y + 12, title, size=11, bold=True, baseline="middle", maxw=150)
        out.text(RX + RW - 8, y + 12, f"Influence in supply: {view['supply'][s]}", size=9, align="right",
                 baseline="middle")
        # Favor
        fav = view["favor"][s]
        out.text(RX + 8, y + 31, "Favor", size=9, color=MUTED, baseline="middle")
        for k, f in enumerate(FACTIONS):
            x = RX + 48 + k * 34
            out.icon(f"faction:{f}", x, y + 31, 13)
            out.text(x + 9, y + 31, fav.get(f, 0), size=10, bold=True, baseline="middle")
        mine_f = [f for f, h in held.items() if int(h) == s]
        if mine_f:
            out.text(RX + 256, y + 31, "holds", size=8, color=MUTED, baseline="middle")
            for k, f in enumerate(mine_f):
                out.icon(f"faction:{f}", RX + 284 + k * 15, y + 31, 13)
        # hand
        hand = view["hands"][s]
        yy = y + 50
        out.text(RX + 8, yy, f"Hand {hand['count']}", size=9, color=MUTED, baseline="middle")
        x = RX + 50
        if s == hand_shown:
            out.text(x, yy, "shown below the map", size=8, color=MUTED, baseline="middle", italic=True)
        else:
            for cid in hand["cards"]:
                if cid not in game.lum:
                    continue
                own = s == me or view.get("perspective") == "omniscient"
                known = "" if own else "\n(every seat saw it taken)"
                out.rect(x, yy - 7, 44, 14, fill=CARD, stroke=CARD_EDGE, lw=0.8, r=2, ident=f"hand:{cid}",
                         tip=card_tip(game, cid) + known)
                out.text(x + 22, yy, cid, size=8, align="center", baseline="middle")
                x += 47
            for _ in range(hand.get("hidden", 0)):
                out.rect(x, yy - 7, 10, 14, fill=BACK, stroke=BACK_EDGE, lw=0.6, r=2)
                x += 12
        # events: edicts and specials
        yy = y + 68
        if ph < 70:
            yy = y + ph - 10
        x = RX + 8
        for e, favor in ev["edicts"][s]:
            if e not in game.events:
                continue
            label = f"{game.events[e].name}: {favor} Favor"
            w = min(120, 6 + len(label) * 5)
            out.rect(x, yy - 7, w, 14, fill="#fff4d6", stroke="#a07f2a", lw=0.8, r=2,
                     tip=_event_tip(game, e) + f"\nEdict with {favor} Favor on it")
            out.text(x + w / 2, yy, label, size=8, align="center", baseline="middle", maxw=w - 4)
            x += w + 4
        sh = ev["specials_held"][s]
        if isinstance(sh, list):
            for e in sh:
                if e not in game.events:
                    continue
                w = min(110, 10 + len(game.events[e].name) * 5)
                out.rect(x, yy - 7, w, 14, fill="#efe3fb", stroke="#6c3fa0", lw=0.8, r=2, ident=f"event:{e}",
                         tip=_event_tip(game, e) + "\nHeld Special Event")
                out.text(x + w / 2, yy, game.events[e].name, size=8, align="center", baseline="middle",
                         maxw=w - 4)
                x += w + 4
        elif sh:
            for _ in range(int(sh)):
                out.rect(x, yy - 7, 12, 14, fill="#6c3fa0", stroke="#2b1840", lw=0.6, r=2,
                         tip="A held Special Event (face-down)")
                x += 14
        act = ev["active"][s] if s < len(ev["active"]) else None
        if act and act in game.events:
            label = "active: " + game.events[act].name
            w = min(130, 8 + len(label) * 5)
            out.rect(x, yy - 7, w, 14, fill="#d9c6f0", stroke="#6c3fa0", lw=1.2, r=2,
                     tip=_event_tip(game, act) + "\nActive Special Event")
            out.text(x + w / 2, yy, label, size=8, align="center", baseline="middle", maxw=w - 4)
        if ph >= 90:
            claims = [p for p, c in view["plots"].get("claims", {}).items()
                      if any(int(k) == s and v == "on" for k, v in c.items())]
            text = ("Plots claimed: " + ", ".join(game.plots[p].name for p in claims if p in game.plots)
                    if claims else "No Plot claimed")
            out.text(RX + 8, y + 86, text, size=8, color=MUTED, baseline="middle", maxw=RW - 16)


# ------------------------------------------------------------------------------------------------------
# below the map: the pending decision and the hand
# ------------------------------------------------------------------------------------------------------
def _hand_seat(view: dict):
    me = view.get("seat")
    if isinstance(me, int):
        return me
    if view.get("perspective") == "omniscient":
        acting = [s for s in view.get("to_act", []) if isinstance(s, int) and s >= 0]
        return acting[0] if acting else None
    return None


def _pending(out: _Items, view: dict, game, y: float) -> None:
    names = view["seat_names"]
    me = view.get("seat")
    p = view.get("pending") or {}
    t = p.get("t")
    x0 = LEFT_X

    def who(s):
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else "?"

    text, chips = "", []
    if view.get("terminal"):
        text = "The game is over."
    elif t == "reveal":
        committed = set(p.get("committed", []))
        att, de = p.get("attacker"), p.get("defender")
        sa, sd = (p.get("strength") or [0, 0])[:2]
        text = (f"Oust challenge at {p.get('cell')} (round {p.get('round')}): {who(att)} attacks "
                f"{p.get('count')} of {who(de)}'s Influence — initial strength {sa} vs {sd}. "
                f"Sealed: {who(att)} {'committed' if att in committed else 'choosing'}, "
                f"{who(de)} {'committed' if de in committed else 'choosing'}.")
        for s, cid in (p.get("commits") or {}).items():
            label = "nothing (strength 0)" if cid is None else cid
            text += f" {'Your' if int(s) == me else who(int(s)) + chr(39) + 's'} sealed card: {label}."
    elif t == "keep":
        cards = p.get("cards")
        if isinstance(cards, list):
            text = f"{who(p.get('seat'))} keeps one of the drawn Event cards (the other goes back on top):"
            chips = [c for c in cards if c in game.events]
        else:
            text = f"{who(p.get('seat'))} chooses one of {cards} drawn Event cards."
    elif t in ("pay", "collect"):
        slots = " + ".join("/".join(_abbr(f) for f in s) if len(s) < 6 else "any" for s in p.get("slots", []))
        verb = "pays" if t == "pay" else "collects"
        text = f"{who(p.get('seat'))} {verb} {slots} — {p.get('why', '')}."
    elif t == "place":
        text = f"{who(p.get('seat'))} places a card from hand face-up at {p.get('cell')}."
    elif t == "move":
        onto = f", only onto {p['onto']}" if p.get("onto") else ""
        fac = _abbr(p.get("faction")) if p.get("faction") else "ANY card"
        text = (f"{who(p.get('seat'))} Organizes with {fac}: {p.get('left')} move(s) left"
                f"{onto}.")
    elif t == "give":
        to = ", ".join(who(s) for s in p.get("to", []))
        text = f"{who(p.get('seat'))} gives collected Favor to {to} (Conspire)."
    elif t == "subvert":
        fac = _abbr(p.get("faction"))
        text = f"{who(p.get('seat'))} takes a {fac} Favor from a rival (the pool is empty)."
    elif t == "press":
        text = f"{who(p.get('seat'))}: both automatic wins cancel — press the challenge or call it off."
    elif t == "redraw":
        text = f"{who(p.get('seat'))} draws back to the hand limit: from the Court or the deck."
    elif t == "activate":
        text = f"{who(p.get('seat'))} may activate a held Special Event."
    elif t == "bot":  # a rulebook bot's next script step (automa.py)
        text = str(p.get("step", ""))
    elif t == "power":
        src = f" ({p['card']})" if p.get("card") else ""
        text = f"{who(p.get('seat'))} may use the power{src}: {POWER_NAMES.get(p.get('kind'), '')} — or skip."
    elif t == "plotkeep":
        cards = p.get("cards")
        text = (f"{who(p.get('seat'))} keeps one Plot: " + (", ".join(
            game.plots[c].name for c in cards if c) if isinstance(cards, list) else "(hidden)") + ".")
    elif t == "turn":
        left = view["turn"].get("main_left", 0)
        text = f"{who(p.get('seat'))} acts: {left} main action(s) left, or end the turn."
    elif view.get("played"):
        text = ""
    turn = view.get("turn") or {}
    if turn.get("scheme"):
        text += ("  " if text else "") + "Scheme: " + " → ".join(turn["scheme"]) + (
            " (ended)" if turn.get("scheme_ended") else "")
    if turn.get("buffs"):
        text += "  Buffs: " + " ".join(turn["buffs"])
    others = [c for c in view.get("played", []) if c not in turn.get("scheme", [])]
    if others:
        text += ("  " if text else "") + "Revealed in challenges this turn: " + ", ".join(others)
    out.rect(x0, y, LEFT_W, 30, fill=PANEL, stroke="#cbbd9f", r=4)
    if chips:
        out.text(x0 + 6, y + 15, _wrap(text, 60, 2), size=9, baseline="middle", maxw=330)
        x = x0 + 340
        for e in chips:
            name = game.events[e].name
            w = min(140, 12 + len(name) * 5.5)
            out.rect(x, y + 5, w, 20, fill="#efe3fb", stroke="#6c3fa0", lw=1, r=3, ident=f"event:{e}",
                     tip=_event_tip(game, e))
            out.text(x + w / 2, y + 15, name, size=9, bold=True, align="center", baseline="middle",
                     maxw=w - 6)
            x += w + 6
    else:
        out.text(x0 + 6, y + 15, _wrap(text, 118, 2), size=9, baseline="middle", maxw=LEFT_W - 12)


def _hand(out: _Items, view: dict, game, y: float, seat) -> None:
    names = view["seat_names"]
    if seat is None:
        out.text(LEFT_X + 4, y + 10, "Spectator: the hands are hidden.", size=11, color=MUTED,
                 baseline="middle")
        return
    hand = view["hands"][seat]
    title = "Your hand" if seat == view.get("seat") else f"{names[seat]}'s hand"
    out.text(LEFT_X + 4, y + 8, f"{title} ({hand['count']}/{view['hand_limit'][seat]})", size=11, bold=True,
             baseline="middle")
    x = LEFT_X
    cards = [c for c in hand["cards"] if c in game.lum]
    step = min(CW + GAP, (LEFT_W - CW) / max(1, len(cards) - 1)) if len(cards) > 1 else CW + GAP
    pending = view.get("pending") or {}
    sealed = (pending.get("commits") or {}).get(str(seat)) if pending.get("t") == "reveal" else None
    for cid in cards:
        _card_face(out, game, cid, x, y + 18, CW, CH, ident=f"hand:{cid}", extra_tip="\nIn hand")
        if cid == sealed:
            out.rect(x - 2, y + 16, CW + 4, CH + 4, stroke="#c0392b", lw=2.5, r=6)
            out.rect(x + CW / 2 - 22, y + 11, 44, 13, fill="#c0392b", r=3)
            out.text(x + CW / 2, y + 17.5, "SEALED", size=8, bold=True, color="#ffffff", align="center",
                     baseline="middle")
        x += step
    if not cards:
        out.text(LEFT_X + 4, y + 40, "(no cards)", size=10, color=MUTED, baseline="middle")


# ------------------------------------------------------------------------------------------------------
# the scene
# ------------------------------------------------------------------------------------------------------
def pax_scene(view: dict, game) -> dict:
    """The scene for one seat's view (pure: the same view and game give the same scene)."""
    out = _Items()
    rows, cols, gx, gy = _map_geometry(view)
    grid_bottom = gy + rows * (CH + GAP) - GAP
    if not view["map"]["cells"]:  # before the deal
        out.text(W / 2, H / 2, "The game is being set up…", size=16, align="center", baseline="middle")
        return {"w": W, "h": H, "bg": BG, "items": out.items}
    _draw_map(out, view, game)
    below = grid_bottom + GAP + STRIP_TOP + 6
    _pending(out, view, game, below)
    seat = _hand_seat(view)
    _hand(out, view, game, below + 34, seat)
    _header(out, view, game)
    _court(out, view, game)
    _pool(out, view)
    _factions(out, view)
    y = _plots(out, view, game)
    y = _events_line(out, view, game, y + 2)
    _seat_panels(out, view, game, y + 4, seat)
    return {"w": W, "h": H, "bg": BG, "items": out.items}


# ------------------------------------------------------------------------------------------------------
# options: board targets, panel groups, the status line
# ------------------------------------------------------------------------------------------------------
def _cell_id(game, c) -> str:
    return f"cell:{game.geom.names[c]}"


def option_targets(game, action) -> list[str]:
    """The entity ids a person clicks for ``action`` (empty: a panel button)."""
    k, a = action.kind, action.args
    if k in ("scout", "influence", "expel", "oust"):
        return [_cell_id(game, a[0])]
    if k == "extort":
        return [f"areo:{action.seat}"] if a[0] == AREO else [_cell_id(game, a[0])]
    if k == "organize":
        return [_cell_id(game, a[1])] if a[1] is not None else []
    if k == "move":
        return [_cell_id(game, a[1])]
    if k == "place":
        return [f"hand:{a[0]}"]
    if k == "reveal":
        return [f"hand:{a[0]}"] if a[0] is not None else []
    if k == "claimfaction":
        return [f"faction:{FACTIONS[a[0]]}"]
    if k == "claimplot":
        return [f"plot:{a[0]}"]
    if k in ("keep", "activate"):
        return [f"event:{a[0]}"]
    if k == "scheme":
        return [f"hand:{a[0]}"]
    if k in ("faction", "borrow"):
        return [f"faction:{FACTIONS[a[0]]}"]
    if k == "swap":
        return [_cell_id(game, a[0]), _cell_id(game, a[1])]
    if k == "drawcards" and a[0] == "court":
        return [f"court:{a[1] + 1}"]
    if k == "redraw" and a[0] == "court":
        return [f"court:{i + 1}" for i in a[1]]
    if k == "bot":  # a rulebook bot's step: its target card (or its Areopagus)
        if len(a) > 1 and isinstance(a[1], int):
            return [f"areo:{action.seat}"] if a[1] == AREO else [_cell_id(game, a[1])]
        return []
    return []


_GROUPS = {
    "scout": "Main actions", "influence": "Main actions", "extort": "Main actions",
    "organize": "Main actions", "expel": "Main actions", "oust": "Main actions", "claimfaction": "Claims",
    "claimplot": "Claims",
    "end": "Turn", "pay": "Payment", "collect": "Favor", "subvert": "Favor", "give": "Favor",
    "place": "Place a card", "move": "Organize", "done": "Organize", "reveal": "Oust challenge",
    "press": "Oust challenge", "calloff": "Oust challenge", "keep": "Events", "activate": "Events",
    "pass": "Events", "redraw": "Redraw",
    "scheme": "Scheme", "faction": "Faction cards", "event": "Events", "investigate": "Events",
    "skip": "Power", "swap": "Power", "raid": "Power", "drawplot": "Power", "drawcards": "Power",
    "borrow": "Power", "keepplot": "Power", "bot": "Bot script",
}


def option_group(game, action) -> str | None:
    """The panel group of an option."""
    if action.kind in ("scout", "organize") and action.args[1] is None and (
            action.kind == "scout" or action.args[0] is None):
        return "Power"
    bonus = (action.kind in ("influence", "expel") and len(action.args) > 2 and action.args[2]) or (
        action.kind == "organize" and action.args[1] is not None)
    if bonus:
        return "Bonus follow-up"
    return _GROUPS.get(action.kind)


def status_text(view: dict, game) -> str:
    """One line: round, turn, who acts (or the result)."""
    names = view["seat_names"]
    if view.get("terminal"):
        res = view.get("outcome") or {}
        winners = " and ".join(names[s] for s in res.get("winners", []) if s < len(names)) or "nobody"
        verb = "wins" if len(res.get("winners", [])) == 1 else "win"
        return f"Game over: {winners} {verb} ({res.get('reason', '')})"
    turn = view["turn"]
    acting = [names[s] for s in view.get("to_act", []) if isinstance(s, int) and 0 <= s < len(names)]
    active = names[turn["active"]] if 0 <= turn.get("active", -1) < len(names) else "?"
    pending = (view.get("decisions") or [{}])[0].get("prompt") if view.get("decisions") else None
    text = f"Round {turn.get('round')}, {active}'s turn — waiting for {', '.join(acting) or 'chance'}"
    if pending:
        text += f" · {pending}"
    return text


PRESENTER = {"scene": pax_scene, "targets": option_targets, "group": option_group, "status": status_text,
             "size": (W, H)}
