"""The Pax Illuminaten board as a SCENE (the display list the widget's painter draws).

:func:`pax_scene` is a pure function of one seat's view (``state.view(seat)``) and the game's static
card data: the same view always gives the same scene, so a saved notebook's SVG never changes, and a
seat's scene can hold nothing its view does not.  :func:`option_targets` names the scene entities a
person clicks for each legal action (options without targets are panel buttons).

Entity ids: ``cell:C3`` (map card), ``areo:<seat>`` (a seat's Areopagus), ``hand:<card id>``,
``court:<1-5>``, ``faction:<CODE>``, ``plot:<plot id>``, ``event:<event id>``.

Layout in scene units, one unit = one CSS pixel at the board's default width of 1000 px (so every text is
at least 11 px there): the scene (1000 x 820) has the map with the Areopagi on its sides at the top left,
the pending decision's context and the seat's own hand below it (on the omniscient board the hands of the
seats that must decide; every other hand it sees is name chips on its seat's panel, never cut); on the right
the turn header, the Court, the Favor pool, the Faction cards, the Plots, the Event summary and one panel per
seat.  Its
``layouts.narrow`` (used by the board under :data:`NARROW_BELOW` CSS px; see ``illumi_widgets/scene.py``)
moves that right column under the map, in two columns.  Names wrap onto more lines
(:func:`illumi_widgets.textfit.wrap`), never cut.  Favor tokens (``favor:<seat>:<FACTION>``), the pool's
tokens (``pool:<FACTION>``) and the deck (``deck``) are clickable too: paying, giving, collecting and
drawing happen on the board.
"""

from __future__ import annotations

from ...engine.words import counted, sentence
from ...scene import rnd
from ...scene_memo import items_of, part
from ...textfit import text_width, wrap
from .clicks import effects, score_line
from .favor import FACTION_NAMES, FACTIONS
from .model import AREO
from .powers import POWER_NAMES
from .scene_cards import (
    BACK,
    BACK_EDGE,
    BG,
    CARD,
    CARD_EDGE,
    FACTION_COLOR,
    FACTION_TINT,
    INK,
    MIN_TEXT,
    MUTED,
    PANEL,
    SEAT_FILL,
    SEAT_TINT,
    _abbr,
    _card_back,
    _card_face,
    _chip_rows,
    _chips,
    _event_tip,
    _Items,
    _plot_tip,
    _rank_mark,
    card_tip,
)

__all__ = ["PRESENTER", "option_group", "option_targets", "pax_scene", "status_text"]

W, H = 1000, 820
NARROW_BELOW = 900  # a board narrower than this (CSS px) stacks the right column under the map
# the left block: map and Areopagi, then the context line and the hand
CW, CH, GAP = 100, 100, 6
STRIP_SIDE, STRIP_TOP = 62, 44
LEFT_X, LEFT_W = 8, 660
# the right column (the narrow layout moves it under the map)
RX, RW = 676, 316
NARROW_W = LEFT_X + LEFT_W + 8
# the smallest scale the layouts' text is fitted for: every text is wrapped, measured and given room at the
# size the painter draws it at there (11 CSS px = 16.9 units), so nothing overlaps at any larger scale; a
# window too short for it scrolls the board in a box (the narrow layout, fitted to the width, holds from
# ~455 CSS px)
WIDE_MIN_SCALE = 0.65
COL_H = H  # the right column's height


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
                       extra_tip=extra, marks=marks, cell_name=name)
        elif pending.get("t") == "place" and pending.get("cell") == name:
            out.rect(x, y, CW, CH, fill="#f4ecd8", stroke="#b0452f", lw=1.5, r=5, dash=[5, 3], ident=ident,
                     tip=f"{name}: empty — a card from hand goes here")
            out.text(x + CW / 2, y + CH / 2, f"{name}\nplace a card", size=12, color="#b0452f",
                     align="center", baseline="middle")
        else:
            note = None
            if omni.get("map") and i < len(omni["map"]) and omni["map"][i]:
                cid = omni["map"][i]
                note = game.lum[cid].name if cid in game.lum else None
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
        out.circle(cx, cy, 10, fill=SEAT_FILL.get(names[s], "#888"), stroke="#111", lw=2, ident=f"bot:{s}",
                   tip=tip)
        out.text(cx, cy, "B", size=MIN_TEXT, bold=True, color="#fff", align="center", baseline="middle")


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
            out.text(bx + 8, by + bh / 2, f"{name} · Contact {contact}", size=12, bold=True,
                     baseline="middle", color=INK, maxw=bw - 20 - 18 * len(facs), wrap=1)
            for k, f in enumerate(facs):
                out.icon(f"faction:{f}", bx + bw - 12 - (len(facs) - 1 - k) * 18, by + bh / 2, 16)
        else:
            out.text(bx + bw / 2, by + 14, name, size=12, bold=True, align="center", baseline="middle")
            out.text(bx + bw / 2, by + 30, str(contact), size=MIN_TEXT, align="center", baseline="middle",
                     color=MUTED)
            for k, f in enumerate(facs):
                out.icon(f"faction:{f}", bx + bw / 2, by + 50 + k * 19, 16)


# ------------------------------------------------------------------------------------------------------
# the right column
# ------------------------------------------------------------------------------------------------------
_PHASES = {"activate": "Event phase", "keep": "Check phase: Events", "redraw": "Check phase: drawing back up",
           "reveal": "Oust challenge", "press": "Oust challenge"}


def _fit(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text`` wrapped to ``width`` (no line is cut)."""
    return wrap(text, width, size, bold)


def _lines(text: str) -> int:
    return text.count("\n") + 1


def _header(out: _Items, view: dict, game) -> float:
    """The turn header; returns the y below it."""
    names = view["seat_names"]
    turn = view["turn"]
    if view.get("terminal"):
        res = view.get("outcome") or {}
        winners = " and ".join(names[s] for s in res.get("winners", []) if s < len(names)) or "nobody"
        scores = res.get("scores") or {}
        final = view.get("final") or {}  # the end screen's words (Game.final_report), else the outcome's
        verb = "wins" if len(res.get("winners", [])) == 1 else "win"
        t1 = _fit(final.get("headline") or f"Game over — {winners} {verb}", RW - 16, out.fs(15), True)
        t2 = _fit(final.get("reason") or f"{res.get('reason', '')}; " + ", ".join(
            f"{names[int(s)]} {v}" for s, v in scores.items() if int(s) < len(names)), RW - 16, out.fs(12))
        h1 = _lines(t1) * out.fs(15) * 1.2
        h = 14 + h1 + _lines(t2) * out.fs(12) * 1.2
        out.rect(RX, 8, RW, h, fill=PANEL, stroke="#cbbd9f", r=5)
        out.text(RX + 8, 15, t1, size=15, bold=True, color="#8e2d2d", baseline="top")
        out.text(RX + 8, 15 + h1, t2, size=12, baseline="top")
        return 8 + h + 6
    active = names[turn["active"]] if 0 <= turn.get("active", -1) < len(names) else "?"
    line1 = f"Round {turn.get('round')} · turn {turn.get('turn')} · {active}'s turn"
    if turn.get("final_round"):
        line1 += " · FINAL ROUND"
    acting = [names[s] for s in view.get("to_act", []) if isinstance(s, int) and 0 <= s < len(names)]
    phase = _PHASES.get((view.get("pending") or {}).get("t"), "Action phase")
    left = turn.get("main_left", 0)
    line2 = f"{phase} · {left or 'no'} main action{'s' if left != 1 else ''} left"
    if turn.get("cubes"):
        line2 += " · bonus cube on " + ", ".join(turn["cubes"])
    if turn.get("claimed_faction"):
        line2 += " · Faction claimed"
    if turn.get("claimed_plot"):
        line2 += " · Plot claimed"
    if acting and acting != [active]:
        line2 += " · waiting for " + ", ".join(acting)
    if turn.get("revealed"):
        line2 += " · an Ace or Crown was revealed"
    line1 = _fit(line1, RW - 16, out.fs(15), True)
    line2 = _fit(line2, RW - 16, out.fs(12))
    h1 = _lines(line1) * out.fs(15) * 1.2
    h = 14 + h1 + _lines(line2) * out.fs(12) * 1.2
    out.rect(RX, 8, RW, h, fill=PANEL, stroke="#cbbd9f", r=5)
    out.text(RX + 8, 14, line1, size=15, bold=True, baseline="top")
    out.text(RX + 8, 16 + h1, line2, size=12, baseline="top")
    return 8 + h + 6


def _court(out: _Items, view: dict, game, y: float) -> float:
    top = view.get("discard_top")
    out.text(RX, y + 8, "Court", size=12, bold=True, baseline="middle")
    deck = f"deck {view['deck']}"
    dw = text_width(deck, out.fs(MIN_TEXT)) + 12
    out.rect(RX + 46, y, dw, 17, fill=BACK, stroke=BACK_EDGE, lw=0.8, r=3, ident="deck",
             tip=f"The Luminary deck: {counted(view['deck'], 'card')}")
    out.text(RX + 46 + dw / 2, y + 8.5, deck, size=MIN_TEXT, color="#e9dcb4", align="center",
             baseline="middle")
    label = f"discard {view['discard']}"
    w = text_width(label, out.fs(MIN_TEXT)) + 12
    tip = ("Top of the discard pile: " + card_tip(game, top)) if top else "The discard pile is empty"
    out.rect(RX + RW - w, y, w, 17, fill=CARD, stroke=CARD_EDGE, lw=0.8, r=3, ident="discard", tip=tip)
    out.text(RX + RW - w / 2, y + 8.5, label, size=MIN_TEXT, align="center", baseline="middle", color=MUTED)
    y += 20
    for i, cid in enumerate(view["court"]):
        ident = f"court:{i + 1}"
        chamber = i == view.get("chamberlain")
        right = 26 + (text_width("Chamberlain", out.fs(MIN_TEXT), True) + 12 if chamber else 0)
        if cid:
            c = game.lum[cid]
            name = wrap(c.name, RW - 58 - right, out.fs(12), True)
            rh = max(22, _lines(name) * out.fs(12) * 1.2 + 6)
            out.rect(RX, y, RW, rh, fill=CARD, stroke=CARD_EDGE, lw=1, r=4, ident=ident,
                     tip=card_tip(game, cid) + f"\nCourt, slot {i + 1}")
            facs = list(c.factions)
            if facs:
                out.rect(RX + 1, y + 1, 48, rh - 2, fill=FACTION_TINT.get(facs[0], "#ddd"), r=3)
            _rank_mark(out, c.rank, RX + 4, y + rh / 2, 13)
            for k, f in enumerate(facs):
                out.icon(f"faction:{f}", RX + 28 + k * 13, y + rh / 2, 12)
            out.text(RX + 54, y + rh / 2, name, size=12, bold=True, baseline="middle")
            if c.rank not in ("ACE", "CROWN"):
                out.circle(RX + RW - 13, y + rh / 2, 9, fill="#3a3027")
                out.text(RX + RW - 13, y + rh / 2, c.strength, size=12, bold=True, color="#ffffff",
                         align="center", baseline="middle")
        else:
            rh = 22
            out.rect(RX, y, RW, rh, stroke="#a08f70", lw=1, r=4, dash=[4, 3], ident=ident,
                     tip=f"Court slot {i + 1}: empty")
            out.text(RX + 54, y + rh / 2, "empty", size=MIN_TEXT, color=MUTED, baseline="middle", italic=True)
        if chamber:
            cw = text_width("Chamberlain", out.fs(MIN_TEXT), True) + 8
            cx = RX + RW - right
            out.rect(cx, y + rh / 2 - 8, cw, 16, fill="#c9a94b", stroke="#5a4300", lw=0.8, r=3,
                     tip="The Chamberlain: at the Court refresh the card beside it is discarded "
                         "and it moves on")
            out.text(cx + cw / 2, y + rh / 2, "Chamberlain", size=MIN_TEXT, bold=True, align="center",
                     baseline="middle")
        y += rh + 3
    return y + 3


def _pool(out: _Items, view: dict, y: float) -> float:
    y += 9
    out.icon("favor", RX + 7, y, 14)
    out.text(RX + 18, y, "Favor pool", size=12, bold=True, baseline="middle")
    x0 = max(RX + 96, RX + 18 + text_width("Favor pool", out.fs(12), True) + 13)  # (after the label as drawn)
    step = min(37, (RX + RW - 24 - x0) / 5)
    for k, f in enumerate(FACTIONS):
        x = x0 + k * step
        out.rect(x - 10, y - 10, 34, 20, r=3, ident=f"pool:{f}",
                 tip=f"{FACTION_NAMES[k]} Favor in the pool: {view['pool'].get(f, 0)}")
        out.icon(f"faction:{f}", x, y, 16)
        out.text(x + 11, y, view["pool"].get(f, 0), size=12, bold=True, baseline="middle")
    return y + 13


def _factions(out: _Items, view: dict, y: float) -> float:
    """The six Faction cards in two rows of three: who holds each, which are in the row or out."""
    names = view["seat_names"]
    fa = view["factions"]
    held = {f: s for f, s in fa.get("held", {}).items()}
    row, boxed = list(fa.get("row", [])), set(fa.get("out", []))
    gap = 4
    w, h = (RW - 2 * gap) / 3, 26
    turn = view.get("turn") or {}
    for k, f in enumerate(FACTIONS):
        x = RX + (k % 3) * (w + gap)
        yy = y + (k // 3) * (h + gap)
        if f in boxed:
            out.rect(x, yy, w, h, fill="#e6e0d4", stroke="#b9ad97", lw=0.8, r=4, dash=[3, 2],
                     tip=f"{FACTION_NAMES[k]} Faction card: out of this game")
            out.icon(f"faction:{f}", x + 12, yy + h / 2, 16)
            out.text(x + 24, yy + h / 2, f"{_abbr(f)} · out", size=MIN_TEXT, color=MUTED, baseline="middle")
            continue
        holder = held.get(f)
        hname = names[int(holder)] if holder is not None and int(holder) < len(names) else None
        fill = SEAT_TINT.get(hname, "#ffffff") if hname else "#ffffff"
        stroke = SEAT_FILL.get(hname, FACTION_COLOR[f]) if hname else FACTION_COLOR[f]
        tip = f"{FACTION_NAMES[k]} Faction card — " + (f"held by {hname}" if hname else "in the row") + \
            ": claimed by the player controlling the largest Lodge of this Faction"
        if f in turn.get("sideways", []):
            tip += " — turned sideways (its ability was used this turn)"
            stroke = MUTED
        borrower = (turn.get("borrowed") or {}).get(f)
        if borrower is not None and int(borrower) < len(names):
            tip += f" — lent to {names[int(borrower)]} this turn"
        out.rect(x, yy, w, h, fill=fill, stroke=stroke, lw=1.6, r=4, ident=f"faction:{f}", tip=tip)
        out.icon(f"faction:{f}", x + 12, yy + h / 2, 17)
        out.text(x + 24, yy + h / 2, _abbr(f), size=MIN_TEXT, bold=True, baseline="middle")
        hx = x + max(52, 29 + text_width(_abbr(f), out.fs(MIN_TEXT), True))  # (after the code, as drawn)
        out.text(hx, yy + h / 2, hname or ("row" if f in row else ""), size=MIN_TEXT, baseline="middle",
                 color=SEAT_FILL.get(hname, MUTED) if hname else MUTED, maxw=x + w - 3 - hx, wrap=1)
    return y + 2 * h + gap + 6


def _plots(out: _Items, view: dict, game, y: float) -> float:
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
    out.text(RX, y + 8, f"Plots · pile {pl.get('pile', 0)}", size=12, bold=True, baseline="middle")
    y += 18
    for p, label in rows:
        if p not in game.plots:
            continue
        c = claims.get(p, {})
        on = [names[int(s)] for s, v in c.items() if v == "on" and int(s) < len(names)]
        under = [names[int(s)] for s, v in c.items() if v == "under" and int(s) < len(names)]
        tip = _plot_tip(game, p) + f"\n{sentence(label)}"
        if on:
            tip += "\nClaimed (on it): " + ", ".join(on)
        if under:
            tip += "\nLost claims (under it): " + ", ".join(under)
        private = label != "public"
        out.rect(RX, y, RW, 21, fill="#fffaf0" if not private else "#f1eaf7", stroke="#8a7a60", lw=0.8, r=3,
                 ident=f"plot:{p}", tip=tip)
        out.text(RX + 6, y + 10.5, game.plots[p].name, size=12, bold=True, baseline="middle")
        if private:
            who = "yours" if label.startswith("your") else label.split("'")[0]
            px = RX + 14 + text_width(game.plots[p].name, out.fs(12), True)
            out.text(px, y + 10.5, f"private, {who}", size=MIN_TEXT, baseline="middle", color=MUTED,
                     italic=True, maxw=max(30, RX + RW - 4 - 15 * len(c) - px), wrap=1)
        for k, (s, v) in enumerate(c.items()):
            sname = names[int(s)] if int(s) < len(names) else "?"
            cx = RX + RW - 10 - k * 15
            if v == "on":
                out.circle(cx, y + 10.5, 6, fill=SEAT_FILL.get(sname, "#888"), stroke="#1b1b1b", lw=1)
            else:
                out.circle(cx, y + 10.5, 6, stroke=SEAT_FILL.get(sname, "#888"), lw=2)
        y += 24
    return y


def _events_line(out: _Items, view: dict, game, y: float) -> float:
    ev = view["events"]
    text = f"Events · deck {ev.get('deck', 0)} · Edicts discarded {ev.get('edicts_discarded', 0)}/5"
    label = f"discard {len(ev.get('discard') or [])}"
    w = text_width(label, out.fs(MIN_TEXT)) + 12
    body = wrap(text, RW - (w + 6 if ev.get("discard") else 0), out.fs(12), True)
    more = (_lines(body) - 1) * out.fs(12) * 1.2
    if more:  # (two lines: from the top of the first)
        out.text(RX, y + 9 - out.fs(12) * 0.6, body, size=12, bold=True, baseline="top")
    else:
        out.text(RX, y + 9, body, size=12, bold=True, baseline="middle")
    if ev.get("discard"):
        names = ", ".join(game.events[e].name for e in ev["discard"] if e in game.events)
        out.rect(RX + RW - w, y + 1, w, 17, fill="#fffaf0", stroke="#8a7a60", lw=0.6, r=3,
                 tip="Discarded Events: " + names)
        out.text(RX + RW - w / 2, y + 9.5, label, size=MIN_TEXT, align="center", baseline="middle",
                 color=MUTED)
    return y + 22 + more


def _seat_panel_items(view: dict, game, s: int, shown) -> tuple[list, list]:
    """The chips of a seat panel: (hand chips, events chips); no hand chips for a seat in ``shown`` (its hand
    is drawn under the map)."""
    me = view.get("seat")
    hand = view["hands"][s]
    hand_chips = []
    if s not in shown:
        own = s == me or view.get("perspective") == "omniscient"
        for cid in hand["cards"]:
            if cid in game.lum:
                known = "" if own else "\n(every player saw it taken)"
                hand_chips.append((game.lum[cid].name, CARD, CARD_EDGE, f"hand:{cid}",
                                   card_tip(game, cid) + known))
        hand_chips += [("", BACK, BACK_EDGE, None, "A card in hand (face-down)")] * hand.get("hidden", 0)
    ev = view["events"]
    ev_chips = []
    for e, favor in ev["edicts"][s]:
        if e in game.events:
            ev_chips.append((f"{game.events[e].name}: {favor} Favor", "#fff4d6", "#a07f2a", f"edict:{e}",
                             _event_tip(game, e) + f"\nEdict with {favor} Favor on it"))
    sh = ev["specials_held"][s]
    if isinstance(sh, list):
        for e in sh:
            if e in game.events:
                ev_chips.append((game.events[e].name, "#efe3fb", "#6c3fa0", f"event:{e}",
                                 _event_tip(game, e) + "\nHeld Special Event"))
    elif sh:
        ev_chips += [("", "#6c3fa0", "#2b1840", None, "A held Special Event (face-down)")] * int(sh)
    act = ev["active"][s] if s < len(ev["active"]) else None
    if act and act in game.events:
        ev_chips.append(("active: " + game.events[act].name, "#d9c6f0", "#6c3fa0", f"event:{act}",
                         _event_tip(game, act) + "\nActive Special Event"))
    return hand_chips, ev_chips


def _seat_panels(out: _Items, view: dict, game, y0: float, shown) -> None:
    names = view["seat_names"]
    n = view["players"]
    me = view.get("seat")
    turn = {**view["turn"], "active": None} if view.get("terminal") else view["turn"]  # over: no one active
    held = view["factions"].get("held", {})
    chips = [_seat_panel_items(view, game, s, shown) for s in range(n)]
    avail = COL_H - 6 - y0
    r = max(20.0, out.fs(MIN_TEXT) * 1.2 + 2)  # a row: as tall as its text drawn when the board is smallest
    hand_x = RX + 8 + text_width("Hand 10", out.fs(MIN_TEXT)) + 6
    fav_x = max(RX + 50, RX + 8 + text_width("Favor", out.fs(MIN_TEXT)) + 13)  # (after the label as drawn)
    f = out.fs(MIN_TEXT)

    def rows(items, x0):  # how many rows of chips (the next rows from the left edge)
        # (as _chips draws them: a chip too wide for the first row's room leaves that row empty, and counts)
        widths = [min(RW - 14, text_width(t, f) + 10) if t else 10 for t, *_ in items]
        return 1 + round(max(yy for _, yy in _chip_rows(widths, x0, RX + RW - 6, 0, None, 1, RX + 8))) \
            if items else 0

    # each panel: at least the title, Favor and Hand rows, its hand's chips, its Events (every one: a player
    # clicks them) and the claims line; as tall as a share of the column when that is more
    ev_rows = [rows(ev, RX + 8) for _, ev in chips]
    ph = [max(min(118, avail / n - 4), 12 + r * (1 + max(1, rows(hand, hand_x)) + er) + r + 8)
          for (hand, _), er in zip(chips, ev_rows, strict=True)]
    y = y0 - 4 - ph[0]
    for s in range(n):
        y += (ph[s - 1] if s else ph[0]) + 4
        claims = [p for p, c in view["plots"].get("claims", {}).items()
                  if any(int(k) == s and v == "on" for k, v in c.items())]
        # (a panel is built again only when what it shows changed: scene_memo)
        items_of(_seat_panel, out, game, s, y, ph[s], r, hand_x, fav_x, names[s], s == turn.get("active"),
                 s == me, view["supply"][s], view["favor"][s], [f for f, h in held.items() if int(h) == s],
                 view["hands"][s]["count"], s in shown, chips[s], ev_rows[s], claims)


def _seat_panel(out: _Items, game, s, y, ph, r, hand_x, fav_x, name, active, mine, supply, fav, mine_f, count,
                below, chips, ev_rows, claims) -> None:
    """Seat ``s``'s panel at ``y``, ``ph`` tall (see :func:`_seat_panels`)."""
    out.rect(RX, y, RW, ph, fill=SEAT_TINT.get(name, "#eee"), stroke=SEAT_FILL.get(name, "#888"),
             lw=2.4 if active else 1, r=5, ident=f"seat:{s}", tip=f"{name}'s table")
    out.circle(RX + 12, y + 12, 6, fill=SEAT_FILL.get(name, "#888"), stroke="#1b1b1b", lw=1)
    title = name + (" (you)" if mine else "") + (" · active" if active else "")
    out.text(RX + 24, y + 12, title, size=13, bold=True, baseline="middle")
    out.text(RX + RW - 8, y + 12, f"{supply} Influence left", size=MIN_TEXT, align="right", baseline="middle")
    # Favor, and the Faction cards held
    yy = y + 12 + r
    out.text(RX + 8, yy, "Favor", size=MIN_TEXT, color=MUTED, baseline="middle")
    for k, f in enumerate(FACTIONS):  # each Favor token: clicked to pay or to give it
        x = fav_x + k * 33
        out.rect(x - 9, yy - 9, 30, 18, r=3, ident=f"favor:{s}:{f}",
                 tip=f"{name}'s {FACTION_NAMES[k]} Favor: {fav.get(f, 0)}")
        out.icon(f"faction:{f}", x, yy, 14)
        out.text(x + 9, yy, fav.get(f, 0), size=12, bold=True, baseline="middle")
    if mine_f:  # the Faction cards this seat holds, framed
        fx = RX + RW - 6 - 17 * len(mine_f)
        out.rect(fx - 2, yy - 9, 17 * len(mine_f) + 2, 18, stroke=SEAT_FILL.get(name, "#888"), lw=1, r=3,
                 tip="Faction cards held: " + ", ".join(FACTION_NAMES[FACTIONS.index(f)] for f in mine_f))
        for k, f in enumerate(mine_f):
            out.icon(f"faction:{f}", fx + 8 + k * 17, yy, 14)
    hand_chips, ev_chips = chips
    yy = y + 12 + 2 * r
    out.text(RX + 8, yy, f"Hand {count}", size=MIN_TEXT, color=MUTED, baseline="middle")
    if below:
        out.text(hand_x, yy, "shown below the map", size=MIN_TEXT, color=MUTED, baseline="middle",
                 italic=True)
    elif hand_chips:
        room = y + ph - 8 - r * (1 + ev_rows)
        yy = _chips(out, hand_chips, hand_x, RX + RW - 6, yy, max_y=room, row_h=r, x_next=RX + 8)
    if ev_chips:
        yy = _chips(out, ev_chips, RX + 8, RX + RW - 6, yy + r, max_y=y + ph - 6 - r, row_h=r)
    if yy + r - 1 <= y + ph - 4:
        text = ("Plots claimed: " + ", ".join(game.plots[p].name for p in claims if p in game.plots)
                if claims else "No Plot claimed")
        out.text(RX + 8, yy + r - 1, _fit(text, RW - 16, out.fs(MIN_TEXT)), size=MIN_TEXT, color=MUTED,
                 baseline="middle")


# ------------------------------------------------------------------------------------------------------
# below the map: the pending decision and the hand
# ------------------------------------------------------------------------------------------------------
def _hand_seats(view: dict) -> list[int]:
    """The seats whose hands are drawn as cards under the map: a seat's own; on the omniscient board every
    seat that must decide (both revealers of an Oust challenge).  Every other hand the view holds is chips on
    its seat's panel."""
    me = view.get("seat")
    if isinstance(me, int):
        return [me]
    if view.get("perspective") == "omniscient":
        return list(dict.fromkeys(s for s in view.get("to_act", []) if isinstance(s, int) and s >= 0))
    return []


def _pending(out: _Items, view: dict, game, y: float) -> float:
    """The line under the map saying what is being decided; returns its height."""
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
            label = "nothing (strength 0)" if cid is None else _name(game, cid)
            text += f" {'Your' if int(s) == me else who(int(s)) + chr(39) + 's'} sealed card: {label}."
    elif t == "keep":
        cards = p.get("cards")
        if isinstance(cards, list):
            text = f"{who(p.get('seat'))} keeps one of the drawn Event cards (the other goes back on top):"
            chips = [c for c in cards if c in game.events]
        else:
            text = f"{who(p.get('seat'))} chooses one of {cards} drawn Event cards."
    elif t in ("pay", "collect"):
        slots = " + ".join(" or ".join(FACTION_NAMES[FACTIONS.index(f)] for f in s) if len(s) < 6 else "any"
                           for s in p.get("slots", []))
        verb = "pays" if t == "pay" else "collects"
        text = f"{who(p.get('seat'))} {verb} {slots} Favor — {_ids_to_names(game, p.get('why', ''))}."
    elif t == "place":
        text = f"{who(p.get('seat'))} places a card from hand face-up at {p.get('cell')}."
    elif t == "move":
        onto = f", only onto {p['onto']}" if p.get("onto") else ""
        fac = FACTION_NAMES[FACTIONS.index(p["faction"])] if p.get("faction") in FACTIONS else "any card"
        text = f"{who(p.get('seat'))} Organizes with {fac}: {p.get('left')} moves left{onto}."
    elif t == "give":
        to = ", ".join(who(s) for s in p.get("to", []))
        text = f"{who(p.get('seat'))} gives collected Favor to {to} (Conspire)."
    elif t == "subvert":
        fac = FACTION_NAMES[FACTIONS.index(p["faction"])] if p.get("faction") in FACTIONS else "Faction"
        text = f"{who(p.get('seat'))} takes a {fac} Favor from a rival (the pool is empty)."
    elif t == "press":
        text = f"{who(p.get('seat'))}: both automatic wins cancel — press the challenge or call it off."
    elif t == "redraw":
        text = f"{who(p.get('seat'))} draws back to the hand limit: from the Court or the deck."
    elif t == "activate":
        text = f"{who(p.get('seat'))} may activate a held Special Event."
    elif t == "bot":  # a rulebook bot's next script step (automa.py)
        text = _bot_step_words(game, str(p.get("step", "")))
    elif t == "power":
        src = f" of {_name(game, p['card'])}" if p.get("card") else ""
        text = f"{who(p.get('seat'))} may use the power{src}: {POWER_NAMES.get(p.get('kind'), '')} — or skip."
    elif t == "plotkeep":
        cards = p.get("cards")
        text = (f"{who(p.get('seat'))} keeps one Plot: " + (", ".join(
            game.plots[c].name for c in cards if c) if isinstance(cards, list) else "(hidden)") + ".")
    elif t == "turn":
        left = view["turn"].get("main_left", 0)
        text = (f"{who(p.get('seat'))} acts: {left or 'no'} main action{'s' if left != 1 else ''} left, "
                "or end the turn.")
    elif view.get("played"):
        text = ""
    turn = view.get("turn") or {}
    if turn.get("scheme"):
        text += ("  " if text else "") + "Scheme: " + " → ".join(_name(game, c) for c in turn["scheme"]) + (
            " (ended)" if turn.get("scheme_ended") else "")
    if turn.get("buffs"):
        text += "  Buffs: " + " ".join(turn["buffs"])
    others = [c for c in view.get("played", []) if c not in turn.get("scheme", [])]
    if others:
        text += ("  " if text else "") + "Revealed in challenges this turn: " + ", ".join(
            _name(game, c) for c in others)
    chip_items = [(game.events[e].name, "#efe3fb", "#6c3fa0", f"event:{e}", _event_tip(game, e))
                  for e in chips]
    chip_items += [("Plan: " + _name(game, c), CARD, CARD_EDGE, f"plan:{c}",
                    card_tip(game, c) + "\nA bot's Plan card (discarded at the end of its turn)")
                   for c in (view.get("plan") or [])[-3:] if c in game.lum]
    width = LEFT_W - 12
    if chip_items:
        width = LEFT_W * 0.45
    body = wrap(text, width, out.fs(12)) if text else ""
    h = max(30, 10 + _lines(body) * out.fs(12) * 1.2) if body else 30
    out.rect(x0, y, LEFT_W, h, fill=PANEL, stroke="#cbbd9f", r=4)
    if body:
        out.text(x0 + 6, y + h / 2, body, size=12, baseline="middle")
    if chip_items:
        _chips(out, chip_items, x0 + width + 18, x0 + LEFT_W - 6, y + 15)
    return h


def _name(game, cid) -> str:
    c = game.lum.get(cid) if cid is not None else None
    return c.name if c is not None else "a card"


_BOT_WORDS = {"plan": "turns up a Plan card", "reveal": "reveals the top card of the deck",
              "end": "ends its Action Phase", "flip": "turns {} face-up", "scout": "scouts {}",
              "influence": "places Influence on {}", "token": "moves its token to {}", "extort": "extorts {}",
              "expel": "expels {}", "swap": "swaps {} with its Plan card", "oust": "ousts {}"}


def _bot_step_words(game, text: str) -> str:
    """The automaton's prompt ("Red (St Germain): the bot's script plays 'bot expel B3'") in words."""
    import re

    m = re.match(r"(.*?): the bot's script plays '(?:bot )?(\w+) ?([^']*)'", text)
    if not m:
        return _ids_to_names(game, text)
    who, verb, rest = m.groups()
    words = rest.split()
    target = words[0] if words else ""
    if verb == "oust" and len(words) >= 3:
        target = f"{words[2].lstrip('x')} of {words[1]}'s Influence from {words[0]}"
    return f"{who} next {_BOT_WORDS.get(verb, verb + ' {}').format(target)}."


def _ids_to_names(game, text: str) -> str:
    import re

    return re.sub(r"PIL\d{3}", lambda m: _name(game, m.group(0)), str(text))


HAND_GAP = 16  # between two hands side by side under the map


def _hand_title(view: dict, seat: int) -> str:
    title = "Your hand" if seat == view.get("seat") else f"{view['seat_names'][seat]}'s hand"
    return f"{title} ({counted(view['hands'][seat]['count'], 'card')}, limit {view['hand_limit'][seat]})"


def _hand_width(out: _Items, view: dict, game, seat: int) -> float:
    """The width a hand takes with its cards side by side and its title above them."""
    n = len([c for c in view["hands"][seat]["cards"] if c in game.lum])
    cards = n * CW + (n - 1) * GAP if n else text_width("(no cards)", out.fs(12)) + 4
    return max(cards, text_width(_hand_title(view, seat), out.fs(12), True) + 4)


def _hands(out: _Items, view: dict, game, y: float, seats: list[int]) -> None:
    """The hands of ``seats`` under the map (see :func:`_hand_seats`): two side by side when they fit, else
    one under the other."""
    if not seats:
        text = ("Every hand is on its seat's panel." if view.get("perspective") == "omniscient"
                else "Spectator: the hands are hidden.")
        out.text(LEFT_X + 4, y + 10, text, size=12, color=MUTED, baseline="middle")
        return
    widths = [_hand_width(out, view, game, s) for s in seats]
    if sum(widths) + HAND_GAP * (len(seats) - 1) <= LEFT_W:
        x = LEFT_X
        for s, w in zip(seats, widths, strict=True):
            _hand(out, view, game, x, y, w, s)
            x += w + HAND_GAP
        return
    for s in seats:
        _hand(out, view, game, LEFT_X, y, LEFT_W, s)
        y += 18 + CH + 8


def _hand(out: _Items, view: dict, game, x0: float, y: float, width: float, seat: int) -> None:
    """One hand face-up from ``x0``, in ``width`` (its cards overlap when they need more)."""
    hand = view["hands"][seat]
    out.text(x0 + 4, y + 8, _hand_title(view, seat), size=12, bold=True, baseline="middle")
    x = x0
    cards = [c for c in hand["cards"] if c in game.lum]
    step = min(CW + GAP, (width - CW) / max(1, len(cards) - 1)) if len(cards) > 1 else CW + GAP
    pending = view.get("pending") or {}
    sealed = (pending.get("commits") or {}).get(str(seat)) if pending.get("t") == "reveal" else None
    for cid in cards:
        _card_face(out, game, cid, x, y + 18, CW, CH, ident=f"hand:{cid}", extra_tip="\nIn hand")
        if cid == sealed:
            out.rect(x - 2, y + 16, CW + 4, CH + 4, stroke="#c0392b", lw=2.5, r=6)
            sw = max(52, text_width("SEALED", out.fs(MIN_TEXT), True) + 6)
            out.rect(x + CW / 2 + 6, y + 2, sw, 15, fill="#c0392b", r=3)
            out.text(x + CW / 2 + 6 + sw / 2, y + 9.5, "SEALED", size=MIN_TEXT, bold=True, color="#ffffff",
                     align="center", baseline="middle")
        x += step
    if not cards:
        out.text(x0 + 4, y + 40, "(no cards)", size=12, color=MUTED, baseline="middle")


# ------------------------------------------------------------------------------------------------------
# the scene
# ------------------------------------------------------------------------------------------------------
def _right_column(out: _Items, view: dict, game, shown: list[int]) -> float:
    """The right column (at x = RX); returns the y where the seat panels begin (``shown``: the seats whose
    hands are under the map)."""
    y = _header(out, view, game)
    y = part(_court, out, view, game, y)  # (built again only when what it reads changed)
    y = part(_pool, out, view, None, y)
    y = _factions(out, view, y + 4)
    y = part(_plots, out, view, game, y)
    y = part(_events_line, out, view, game, y + 2)
    _seat_panels(out, view, game, y + 4, shown)
    return y + 4


def pax_scene(view: dict, game) -> dict:
    """The scene for one seat's view (pure: the same view and game give the same scene).

    The wide layout is the scene itself (:data:`W` x :data:`H`); ``layouts.narrow`` (the board uses it
    under :data:`NARROW_BELOW` CSS px) moves the right column under the map: the turn, Court, Favor,
    Factions, Plots and Events on the left, the seat panels beside them."""
    out = _Items(fit=MIN_TEXT / WIDE_MIN_SCALE)
    rows, cols, gx, gy = _map_geometry(view)
    grid_bottom = gy + rows * (CH + GAP) - GAP
    if not view["map"]["cells"]:  # before the deal
        out.text(W / 2, H / 2, "The game is being set up…", size=16, align="center", baseline="middle")
        return {"w": W, "h": H, "bg": BG, "items": out.items}
    _draw_map(out, view, game)
    below = grid_bottom + GAP + STRIP_TOP + 6
    ph = _pending(out, view, game, below)
    seats = _hand_seats(view)
    _hands(out, view, game, below + ph + 4, seats)
    left = max(it["y"] + it.get("h", 0) for it in out.items if it["t"] == "rect" and it["x"] < RX - 1)
    h = rnd(max(H, left + 8))  # (taller only when the text under the map needs it)
    panels = _right_column(out, view, game, seats)
    bottom = max(it["y"] + it.get("h", 0) for it in out.items if it["t"] == "rect" and it["x"] >= RX - 1)
    h = rnd(max(h, bottom + 6))
    # (narrow: a tall stack fitted to the width, scrolled; its text fitted for the same smallest scale)
    narrow = {"w": NARROW_W, "h": rnd(h + max(panels, bottom - panels) + 8), "scroll": True,
              "min_scale": WIDE_MIN_SCALE,
              "moves": [[RX - 1, 0, W + 1, rnd(panels - 1), LEFT_X - RX, h],  # (-1: items' y are rounded)
                        [RX - 1, rnd(panels - 1), W + 1, h + 1, LEFT_X + RW + 12 - RX, rnd(h - panels)]]}
    return {"w": W, "h": h, "bg": BG, "min_scale": WIDE_MIN_SCALE, "items": out.items,
            "layouts": {"narrow": narrow}}


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
    if k == "organize":  # the bonus follow-up's card, or the Favor token it spends
        if a[1] is not None:
            return [_cell_id(game, a[1])]
        return [f"favor:{action.seat}:{FACTIONS[a[0]]}"] if a[0] is not None else []
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
    if k in ("keep", "activate", "event"):
        return [f"event:{a[0]}"]
    if k == "raid":
        return [f"edict:{a[0]}"]
    if k in ("investigate", "subvert"):
        return [f"seat:{a[0]}"]
    if k == "scheme":
        return [f"hand:{a[0]}"]
    if k in ("faction", "borrow"):
        return [f"faction:{FACTIONS[a[0]]}"]
    if k == "swap":
        return [_cell_id(game, a[0]), _cell_id(game, a[1])]
    if k == "drawcards":
        return [f"court:{a[1] + 1}"] if a[0] == "court" else ["deck"]
    if k == "redraw":
        return [f"court:{i + 1}" for i in a[1]] if a[0] == "court" else ["deck"]
    if k == "pay":  # the payer's Favor tokens it spends
        return [f"favor:{action.seat}:{FACTIONS[i]}" for i, n in enumerate(a[0]) if n]
    if k == "collect":  # the pool's tokens it takes
        return [f"pool:{FACTIONS[i]}" for i, n in enumerate(a[0]) if n]
    if k == "give":  # the token of that Faction of the receiver
        return [f"favor:{a[0]}:{FACTIONS[a[1]]}"]

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


_STATUS = {"turn": "action phase", "pay": "paying Favor", "collect": "taking Favor",
           "subvert": "taking Favor",
           "give": "giving Favor (Conspire)", "place": "placing a card", "move": "Organizing",
           "reveal": "Oust challenge", "press": "Oust challenge", "keep": "choosing an Event",
           "redraw": "drawing back up", "activate": "Event phase", "power": "using a power",
           "plotkeep": "choosing a Plot", "bot": "the bot's script"}


def status_text(view: dict, game) -> str:
    """One line in plain words: "Round 2 · Blue's turn — action phase (2 main actions left)"."""
    names = view["seat_names"]
    if view.get("terminal"):
        if (view.get("final") or {}).get("headline"):  # the end screen's headline (Game.final_report)
            return f"Game over: {view['final']['headline']}"
        res = view.get("outcome") or {}
        winners = " and ".join(names[s] for s in res.get("winners", []) if s < len(names)) or "nobody"
        verb = "wins" if len(res.get("winners", [])) == 1 else "win"
        reason = f" ({res['reason']})" if res.get("reason") else ""
        return f"Game over: {winners} {verb}{reason}"
    turn = view["turn"]
    acting = [names[s] for s in view.get("to_act", []) if isinstance(s, int) and 0 <= s < len(names)]
    active = names[turn["active"]] if 0 <= turn.get("active", -1) < len(names) else None
    t = (view.get("pending") or {}).get("t")
    what = _STATUS.get(t, "setting up")
    if t == "turn":
        left = turn.get("main_left", 0)
        what += f" ({left or 'no'} main action{'s' if left != 1 else ''} left)"
    head = f"Round {turn.get('round')} · {active}'s turn" if active else "Setup"
    text = f"{head} — {what}"
    if acting and acting != [active]:
        text += " · waiting for " + " and ".join(acting)
    return text


#: What the Match draws Pax with: scene, click targets and groups, status line, size, and clicks.py's effects.
PRESENTER = {"scene": pax_scene, "targets": option_targets, "group": option_group, "status": status_text,
             "size": (W, H), "seat_colors": SEAT_FILL, "effects": effects, "score": score_line}
