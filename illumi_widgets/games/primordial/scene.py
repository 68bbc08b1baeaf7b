"""The Primordial Secrets scene for the generic painter (format: ``illumi_widgets/scene.py``).

Drawn from one seat's view only: The Court on top (seven Pawns and seven Royals with their tribute and
Sacrifice costs and stats, the Familiar supply and the two decks), the visit being resolved in the middle
(the visiting party against the hosting party with running insight / deceit totals, the steal margin,
devotion left for recruiting, and the outcome), and each player's mat below (Deck count, Discard top,
Intent Deck and Intent Discard, Secrets, Sacrifices, hosts and visitors, cards waiting for next round,
and the viewer's own hand and Intents while plotting).  Text is 11 px or more; labels are names.
"""

from __future__ import annotations

from collections import Counter

from ...scene import SceneItems
from ...textfit import MIN_SQUEEZE, text_width, wrap_line
from .cardfit import ROW_GAP, effect_box, effect_height, effect_width, party_rows, party_widths, row_room
from .clicks import effects, score_line

W, H = 1200, 760  # (at 820 CSS px wide: 519 px high, in view in a 1400 x 900 window, under its bar)
VISIT_Y, VISIT_H = 132, 230  # the visit area (its cards hold five lines of effect on the smallest board)
VISIT_CARD_GAP = 88  # the visit area's height less its cards' (title, the parties' names, the totals line)
MATS_Y = VISIT_Y + VISIT_H + 6  # the players' mats, under it
NARROW_W = 576  # the narrow layout's width (blocks of at most 560)
MAT_H = H - MATS_Y - 6  # a player's mat, as high as in the wide layout
WIDE_LEAST = 820  # the narrowest the wide board is drawn (CSS px: ~1400x900 JupyterLab with its file browser)
NARROW_LEAST = 450  # ... and the narrow stack (a 900 px window with JupyterLab's file browser open)
WIDE_EM = 11 * W / WIDE_LEAST  # the size 11-unit text is drawn at there (scene units)
NARROW_EM = 11 * NARROW_W / NARROW_LEAST
BG = "#1d1b26"
PANEL = "#2b2838"
INK = "#f3eee2"
MUTED = "#b9b3c6"
GOLD = "#d6b24a"
INSIGHT = "#5fa8e0"
DECEIT = "#d0648a"
FRAME = {"white": "#f4f0e6", "blue": "#cfe0f5", "gray": "#d9d9de", "black": "#3a3440"}
FRAME_INK = {"white": "#1d1b26", "blue": "#13243d", "gray": "#222", "black": "#f3eee2"}
SEAT_COLORS = {"Red": "#d0453b", "Blue": "#3f7fd0", "Green": "#3fa069", "Yellow": "#d6b83a"}
INTENT_BG = "#4a3f62"

LEGEND = (
    {"symbol": "◆", "color": GOLD, "text": "devotion — recruiting power (pays tribute)"},
    {"symbol": "●", "color": INSIGHT, "text": "insight — visiting power"},
    {"symbol": "▲", "color": DECEIT, "text": "deceit — hosting power"},
    {"symbol": "◉", "color": GOLD, "text": "tribute cost"},
    {"symbol": "✝", "color": "#e0e0e0", "text": "Sacrifice cost (Royals)"},
)


class _Items(SceneItems):
    def __init__(self) -> None:
        super().__init__(ink=INK)


def _to(s: dict, c: dict) -> dict:
    """A card of seat ``s``'s mat with the names of the players its Intent points at (``to_names``)."""
    return {**c, "to_names": s["to_names"]} if s.get("to_names") else c


def card_tip(c: dict) -> str:
    if c.get("intent"):
        to = (c.get("to_names") or {}).get(c.get("finger"))
        whom = f"\nFor {c['to_names']['owner']}, that is {to}." if to else ""
        return f"{c['name']} (Intent)\n{c.get('text', '')}{whom}"
    lines = [c["name"], f"devotion {c['devotion']} · insight {c['insight']} · deceit {c['deceit']}"]
    if c["kind"] != "starting":
        cost = f"tribute {c['tribute']}"
        if c["kind"] == "royal":
            cost += f" · Sacrifice cost {c['sacrifice']}"
        lines.append(cost)
    if c.get("now"):
        n = c["now"]
        lines.append(f"now: devotion {n['devotion']} · insight {n['insight']} · deceit {n['deceit']}"
                     + (" · silenced" if c.get("silenced") else ""))
    if c.get("text"):
        lines.append(c["text"])
    return "\n".join(lines)


def _card(out: _Items, c: dict, x, y, w, h, texts: dict, ident=None, cost=False, mark=None, detail=False,
          em=None):
    c = {**texts[c["card"]], **c}  # the printed facts of the card (catalog) with this copy's state
    em = em or WIDE_EM
    if c.get("intent"):
        out.rect(x, y, w, h, fill=INTENT_BG, stroke=GOLD, lw=1, r=4, ident=ident or c["id"],
                 tip=card_tip(c))
        # the whole name: the painter wraps it onto a second line (or squeezes it) rather than cut it
        name = c["name"].replace("Performance: ", "")
        # two lines, down from the top, where the card is tall enough for them over its symbol's lines (each
        # measured as drawn on the smallest board)
        sym = _intent_symbol(c)
        two = _name_lines(name, w, em) > 1 and h >= card_height(c, w, em, names=2)
        out.text(x + w / 2, y + (4 if two else 15), name, size=11, align="center", bold=True, maxw=w - 4,
                 wrap=2 if two else 1, baseline="top" if two else None)
        out.text(x + w / 2, y + h - 6, sym, size=11, align="center", color=MUTED, maxw=w - 4,
                 wrap=_name_lines(sym, w, em, bold=False))
        return
    fill, ink = FRAME[c["frame"]], FRAME_INK[c["frame"]]
    stroke = GOLD if mark else "#000"
    out.rect(x, y, w, h, fill=fill, stroke=stroke, lw=3 if mark else 1, r=4, ident=ident or c["id"],
             tip=card_tip(c))
    # the whole name (the painter squeezes it, or wraps it where a second line is clear of the texts below)
    # (two lines as drawn on the smallest board, clear of the numbers; a card too low for numbers: its name)
    two = (not detail and not c.get("silenced") and _name_lines(c["name"], w, em) > 1
           and h >= (card_height(c, w, em, names=2) if h >= 44 else name_height(2, em)))
    out.text(x + w / 2, y + (3 if two else 14), c["name"], size=11, color=ink, align="center",
             bold=True, maxw=w - 4, wrap=2 if two else 1, baseline="top" if two else None)
    st = c.get("now") or c
    if detail and c.get("text") and not c.get("silenced"):  # a large card shows its effect, wrapped (the
        # lines that fit at ``em``; a silenced card's effect does not happen: the word says so instead)
        # the lines that fit above the numbers at ``em``: the painter wraps the text at its drawn size and
        # cuts only a text longer than that (the tip has it all)
        # (the box above the numbers: as many lines as it holds at the size drawn, more on a larger board)
        out.text(x + 5, y + 22, c["text"], size=11, color=ink, maxw=w - 8, maxh=effect_box(h, em),
                 wrap=12, baseline="top")
    if h >= 44:
        yy = y + h - (20 if cost and h >= 56 else 6)
        gold = GOLD if c["frame"] == "black" else "#8a6a10"
        if 3 * text_width("◆0", em) + 10 <= w:  # (room for the symbols on the smallest board)
            out.text(x + 4, yy, f"◆{st['devotion']}", size=11, color=gold)
            out.text(x + w / 2, yy, f"●{st['insight']}", size=11, color=INSIGHT, align="center")
            out.text(x + w - 4, yy, f"▲{st['deceit']}", size=11, color=DECEIT, align="right")
        else:  # a narrow card: the three numbers alone, in their colours
            for k, (v, col) in enumerate(((st["devotion"], gold), (st["insight"], INSIGHT),
                                          (st["deceit"], DECEIT))):
                out.text(x + w * (0.2 + 0.3 * k), yy, v, size=11, color=col, align="center", bold=True)
    if cost and h >= 56:
        label = f"◉{c['tribute']}" + (f"  ✝{c['sacrifice']}" if c["kind"] == "royal" else "")
        out.text(x + w / 2, y + h - 5, label, size=11, color=ink, align="center", bold=True)
    if c.get("silenced"):  # under the name, clear of it and of the numbers at the bottom
        out.text(x + w / 2, y + (22 if detail else 19), "silenced", size=11, color="#c33", align="center",
                 bold=True, maxw=w - 4, baseline="top")


def _intent_symbol(c: dict) -> str:
    sym = "◯ home" if c["finger"] == "none" else {"left": "◀", "right": "▶", "across": "▲"}[c["finger"]]
    return sym + (" +invite" if c.get("invite") else "")


def _name_lines(text: str, w: float, em: float, bold: bool = True) -> int:
    """1 if ``text`` fits a card ``w`` wide on one line at ``em``; else 2."""
    return 1 if text_width(text, em, bold) * MIN_SQUEEZE <= w - 4 else 2


def card_height(c: dict, w: float, em: float, names: int | None = None) -> float:
    """The least height of a small card of a mat row (``w`` wide, its 11-unit text drawn at ``em``) whose name
    (``names`` lines: as many as it needs, at most two) reads over its numbers (an Intent: its symbol's
    lines) with nothing overlapping: a two-line name stands from the top, the numbers from the bottom."""
    intent = bool(c.get("intent"))
    name = c["name"].replace("Performance: ", "") if intent else c["name"]
    n = names or _name_lines(name, w, em)
    top = (4 if intent else 3) + 1.2 * em + em if n > 1 else (15 if intent else 14) + 0.2 * em
    if c.get("silenced") and not intent:  # (its name on one line, "silenced" under it)
        top = 19 + 1.05 * em
    low = (_name_lines(_intent_symbol(c), w, em, bold=False) - 1) * 1.2 * em if intent else 0
    return top + low + 0.8 * em + 6


def name_height(lines: int, em: float) -> float:
    """The least height of a card too low for its numbers (under 44) that shows its name on ``lines``."""
    return 5 + 2.2 * em if lines > 1 else 14 + 0.2 * em + 6


def _back(out: _Items, x, y, w, h, tip):
    out.rect(x, y, w, h, fill="#4b3b5c", stroke="#c9a94b", lw=1, r=4, tip=tip)


def _court(out: _Items, view: dict, texts: dict, w=W, picks=None) -> float:
    """The Court across the top (wide: one row; narrow ``w``: Pawns, Royals and the Familiar in rows).
    ``picks``: the entity of each Court card an effect's choice may target (:func:`_pick_map`).  Returns its
    bottom."""
    picks = picks or {}
    court = view["court"]
    narrow = w < W
    cw, ch, gap = 72, 80, 4  # (a name on two lines over its numbers and its costs, at 820 px)
    per_row = max(1, int((w - 36 + gap) // (cw + gap)))
    pawns, royals = court["pawns"], court["royals"]
    rows = -(-len(pawns) // per_row) + -(-(len(royals) + bool(court["familiar"])) // per_row)
    top = 52 if narrow else 36
    bottom = top + rows * (ch + 6) - 6 + 8 + 10 if narrow else top + ch + 8
    out.rect(8, 8, w - 16, bottom - 8, fill=PANEL, r=6)
    out.text(18, 26, "The Court", size=14, color=GOLD, bold=True)
    sub = (f"Pawn Deck {court['pawn_deck']} · Royal Deck {court['royal_deck']}"
           + (f" · expensive Pawns waiting {court['held_out']}" if court["held_out"] else "")
           + f" · Royals removed unseen {court['removed']}")
    if narrow:
        out.text(110, 14, sub, size=11, color=MUTED, maxw=w - 128, wrap=2, baseline="top")
    else:
        out.text(110, 26, sub, size=11, color=MUTED)
    seen: set = set()
    spots = []
    if narrow:
        for group in (pawns, royals):
            start = len(spots) + (-len(spots)) % per_row  # each group on a row of its own
            spots += [None] * (start - len(spots))
            spots += [(c, 18 + (j % per_row) * (cw + gap), top + (j // per_row) * (ch + 6))
                      for j, c in enumerate(group, start)]
        spots = [sp for sp in spots if sp]
        k = len(pawns) + (-len(pawns)) % per_row + len(royals)
        fx, fy = 18 + (k % per_row) * (cw + gap), top + (k // per_row) * (ch + 6)
        fy += 10 if k % per_row == 0 else 0  # (a row of its own: room for its count badge)
    else:
        x = 18
        for group in (pawns, royals):
            for c in group:
                spots.append((c, x, 36))
                x += cw + gap
            x += 8
        fx, fy = W - 18 - cw, 36
    for c, x, y in spots:
        ident = picks.get(c["id"]) or (f"court:{c['card']}" if c["card"] not in seen else c["id"])
        seen.add(c["card"])
        _card(out, c, x, y, cw, ch, texts, ident=ident, cost=True)
    if court["familiar"]:
        _card(out, court["familiar"], fx, fy, cw, ch, texts, cost=True,
              ident=picks.get(court["familiar"]["id"]) or "court:familiar")
        # the supply's count on the card's top edge (clear of the name below it)
        out.circle(fx + cw - 4, fy - 8, 11, fill=GOLD, stroke="#000", lw=1,
                   tip=f"{court['familiars']} Familiars")
        out.text(fx + cw - 4, fy - 8, court["familiars"], size=11, color="#1d1b26", align="center", bold=True,
                 baseline="middle")
    return bottom


def _between_visits_title(view: dict) -> str:
    """The visit area's title when no visit is under way: the phase, or the end screen's headline."""
    if (view.get("final") or {}).get("headline"):  # over: the end screen's headline, nothing live
        return f"Game over: {view['final']['headline']}"
    return {"plotting": "Plotting: choose three hosts, the others visit, and a Visiting Intent",
            "intent reset": "Intent reset: choose five Intents for the next four rounds"}.get(
        view["phase"], "Visiting")


def _last_visit_text(last: dict, names: list) -> str:
    res = {"steal": "a Secret was stolen", "sacrifice": "a visitor was Sacrificed",
           "none": "neither"}[last["outcome"]]
    return (f"Last visit: {names[last['v']]} visited {names[last['h']]} — insight {last['insight']} against "
            f"deceit {last['deceit']}: {res}")


def visit_layout(view: dict, texts: dict) -> tuple[float, list, list, float]:
    """``(card height, rows, party, visit area height)`` of the visit under way in the wide layout: its cards
    (:func:`.cardfit.party_rows`) and the area as tall as they need -- :data:`VISIT_H` for every party but a
    crowded one (eight cards of long effects: one row of taller cards; the largest party the rules allow,
    thirteen: two rows), the mats under it that much lower."""
    t = view["turn"]
    seats = view["seats"]
    v, hst = t["visitor"], t["host"]
    party = ([(c, "visitors", v) for c in seats[v]["visitors"]]
             + [(c, "hosts", hst) for c in seats[hst]["hosts"]])
    ch, rows = party_rows([{**texts[c["card"]], **c} for c, _s, _seat in party], len(seats[v]["visitors"]),
                          VISIT_H - VISIT_CARD_GAP, W - 48, WIDE_EM)
    h = VISIT_CARD_GAP + len(rows) * ch + (len(rows) - 1) * ROW_GAP
    return ch, rows, party, max(VISIT_H, h)


def _visit(out: _Items, view: dict, texts: dict, names: list, center=None) -> float:
    """The visit area of the wide layout; returns its height."""
    y0, h = VISIT_Y, VISIT_H
    t = view.get("turn")
    seats = view["seats"]
    if t is not None:
        ch, rows, party, h = visit_layout(view, texts)
    out.rect(8, y0, W - 16, h, fill=PANEL, r=6)
    if t is None and center:
        title = _between_visits_title(view)
        out.text(W / 2, y0 + 22, f"Round {view['round']} — {title}", size=14, color=GOLD, bold=True,
                 align="center")
        _center(out, center, texts, y0 + 40, y0 + h - 10)
        return h
    if t is None:
        last = view.get("last_visit")
        title = _between_visits_title(view)
        out.text(W / 2, y0 + 32, f"Round {view['round']} — {title}", size=14, color=GOLD, bold=True,
                 align="center")
        if last:
            out.text(W / 2, y0 + 62, _last_visit_text(last, names), size=12, align="center", color=MUTED)
        _legend(out, y0 + 86, y0 + h)  # the symbols of the cards
        out.text(W / 2, y0 + h - 26, "A visit: insight beats deceit by 4 or more — steal a Secret; deceit "
                 "higher — the host Sacrifices a visitor; the visitors' devotion recruits from The Court.",
                 size=12, align="center", color=MUTED)
        return h
    v, hst = t["visitor"], t["host"]
    order = set(t.get("order") or [])
    out.text(W / 2, y0 + 22, f"Round {view['round']}: {names[v]} visits {names[hst]} — "
             f"{t['step'].replace('_', ' ')}", size=14, color=GOLD, bold=True, align="center")
    # the cards of both parties share the width, the insight / deceit totals between them: each card as wide
    # as its effect needs to show whole in the lines the card holds at the smallest board, the others alike
    # (a crowded party: taller cards, or rows of them -- :func:`visit_layout`)
    nv, n = len(seats[v]["visitors"]), len(party)
    gap, mid_w = 6, 72
    facts = [{**texts[c["card"]], **c} for c, _s, _seat in party]
    xs, ys, widths = [0.0] * n, [0.0] * n, [0.0] * n
    mid = hx = mid_y = None
    for r, (a, b) in enumerate(rows):
        room = row_room(rows, r, nv, n, W - 48, gap, mid_w)
        ws = party_widths(facts[a:b], ch, room, WIDE_EM, most=170 if len(rows) == 1 else room)  # (rows: full)
        x, y = 24, y0 + 56 + r * (ch + ROW_GAP)
        for k in range(a, b):
            if k == nv:  # (the totals' column, the hosts after it)
                x += mid_w - gap
                mid, hx, mid_y = x - mid_w / 2, x, y
            xs[k], ys[k], widths[k] = x, y, ws[k - a]
            x += ws[k - a] + gap
        if nv == n and r == len(rows) - 1:  # (no hosts: the totals after the last visitor)
            mid, hx, mid_y = x - gap + mid_w / 2, x - gap + mid_w, y
    for seat, x0, yl, label in ((v, 24, y0 + 46, "Visitors"), (hst, hx, mid_y - 10, "Hosts")):
        if label == "Visitors" and nv == 0:
            continue  # (no visitor left: the totals' column stands first)
        color = SEAT_COLORS.get(names[seat], INK)
        out.text(x0, yl, f"{names[seat]}'s {label}", size=12, color=color, bold=True)
    for k, (c, _side, _seat) in enumerate(party):
        _card(out, c, xs[k], ys[k], widths[k], ch, texts, mark=c["id"] in order, detail=True)
    ins, dec = t["insight"], t["deceit"]
    margin = ins - dec
    out.text(mid, mid_y + ch / 2 - 26, f"●{ins}", size=20, color=INSIGHT, align="center", bold=True)
    out.text(mid, mid_y + ch / 2 - 4, "vs", size=12, color=MUTED, align="center")
    out.text(mid, mid_y + ch / 2 + 20, f"▲{dec}", size=20, color=DECEIT, align="center", bold=True)
    need = t["steal_margin"]
    verdict = ("steals a Secret" if margin >= need else "loses a visitor" if margin < 0 else "neither")
    if t["outcome"]:
        verdict = {"steal": "stole a Secret", "sacrifice": "lost a visitor", "none": "neither"}[t["outcome"]]
    out.text(W / 2, y0 + h - 12, f"Insight − deceit = {margin} (steal at {need} or more, Sacrifice below 0): "
             f"{verdict}. Devotion {t['devotion'] - t['spent']} left of {t['devotion']}"
             + (f", Sacrifice costs used {t['sacrifice_cost']}" if t["sacrifice_cost"] else ""), size=12,
             align="center", color=INK)
    return h


def _choosing(view: dict, me) -> list | None:
    """The cards the viewer clicks for its own decision between visits, drawn in the middle of the wide board
    (the visit area is free then): ``[(label, cards, intents?)]`` -- its hand and its Intent Deck while it
    plots, the Intents it may keep at an Intent reset; else None (they stay on its mat)."""
    s = view["seats"][me] if isinstance(me, int) else None
    if view.get("turn") is not None or not s or s.get("plotted") is not False:
        return None
    if s.get("reset_pool"):
        return [("Your Intents: click five to keep", [_to(s, c) for c in s["reset_pool"]], True)]
    if s.get("hand") and s.get("intents") and not (s.get("plot") or {}).get("hosts"):
        return [("Your hand: click three to host, the others visit", s["hand"], False),
                ("Your Intent Deck: click your Visiting Intent", [_to(s, c) for c in s["intents"]], True)]
    return None


def _center(out: _Items, groups: list, texts: dict, top: float, bottom: float, em: float = WIDE_EM):
    """The viewer's cards to choose among (:func:`_choosing`), in the middle of the wide board between ``top``
    and ``bottom``: each group under its label, side by side; a card as wide as its name (an Intent: its
    longest word) reads and, room allowing, its effect shows whole above its numbers (else its tip has it);
    every card as tall as the tallest content needs (its name, its effect, its numbers: a hand of effectless
    Pawns is drawn low, not 137 units tall and empty), the symbols of the cards explained under them where
    there is room."""
    gap, sep = 6, 28
    n = sum(len(cards) for _label, cards, _i in groups)
    room = W - 48 - gap * (n - len(groups)) - sep * (len(groups) - 1)
    lh = 1.2 * em
    most = bottom - top - 2 * lh - 4  # (the tallest a card may be)
    facts = [[{**texts[c["card"]], **c} for c in cards] for _label, cards, _i in groups]
    # an Intent: as wide as its longest word reads (at most 110); the other cards share the rest
    iw = [max(84.0, *(text_width(part, em, True) * MIN_SQUEEZE + 8 for c in fs
                      for part in c["name"].replace("Performance: ", "").split())) if intents else 0
          for fs, (_l, _c, intents) in zip(facts, groups, strict=True)]
    iw = [min(110.0, w) for w in iw]
    rest = room - sum(w * len(fs) for w, fs in zip(iw, facts, strict=True))

    def widths_at(h, facts):  # (each card's width: its effect, if it has one, shown whole in ``h`` high)
        return [[w] * len(fs) if intents else party_widths(fs, h, rest, em, most=150)
                for fs, w, (_l, _c, intents) in zip(facts, iw, groups, strict=True)]

    def height(ws):  # the least height every card's name and numbers read in
        ch = 64.0  # (a name over its numbers, with some air)
        for fs, cws in zip(facts, ws, strict=True):
            ch = max([ch] + [card_height(f, cw, em) for f, cw in zip(fs, cws, strict=True)])
        return ch

    # the effects shown: those that read whole in the tallest cards (the others are in the cards' tips)
    plain = [[f if not intents and f.get("text") and effect_width(f["text"], most, em) <= cw
              else {**f, "text": None} for f, cw in zip(fs, cws, strict=True)]
             for fs, cws, (_l, _c, intents) in zip(facts, widths_at(most, facts), groups, strict=True)]

    def all_whole(h, ws):  # every effect shown reads whole at ``h``, its card at most twice as wide as a
        # plain one (a low card would be one long strip)
        return all(effect_width(f["text"], h, em) <= min(cw, 240) for fs, cws in zip(plain, ws, strict=True)
                   for f, cw in zip(fs, cws, strict=True) if f.get("text"))

    # the lowest cards (in steps of 4) whose effects read whole, each as wide as it needs for that
    widths = widths_at(most, plain)
    steps = list(range(int(height(widths)), int(most), 4))
    if not any(f.get("text") for fs in plain for f in fs):  # (no effect to show: as low as names need)
        steps = steps[:1]
    lo, hi = 0, len(steps)  # (binary search: taller cards hold an effect in less width)
    while lo < hi:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if all_whole(steps[mid], widths_at(steps[mid], plain)) else (mid + 1, hi)
    ch = most
    if lo < len(steps):
        widths = widths_at(steps[lo], plain)
        ch = max(steps[lo], height(widths))
    blocks = [sum(ws) + gap * (len(ws) - 1) for ws in widths]
    nls = [_lines(label, max(block, 1), em, 2) for (label, _c, _i), block in zip(groups, blocks, strict=True)]
    # the labels, the cards and the legend's rows that fit, in the middle of the room between top and bottom
    rows = max(0, min(2, int((bottom - top - max(nls) * lh - 4 - ch - 10) // 28)))
    top += max(0, (bottom - top - max(nls) * lh - 4 - ch - (10 + 28 * rows if rows else 0)) / 2)
    x, cy = 24, top + max(nls) * lh + 4
    for (label, cards, intents), fs, ws, block, nl in zip(groups, facts, widths, blocks, nls, strict=True):
        out.text(x, cy - 4 - nl * lh, label, size=11, color=MUTED, maxw=block, wrap=nl, baseline="top")
        for c, f, cw in zip(cards, fs, ws, strict=True):
            whole = bool(f.get("text")) and not intents and effect_width(f["text"], ch, em) <= cw
            _card(out, c, x, cy, cw, ch, texts, detail=whole, em=em)
            x += cw + gap
        x += sep - gap
    _legend(out, cy + ch + 10, cy + ch + 10 + 28 * rows)


#: the symbols' words are small print: under the size from which a caption heads a region (describe.py)
LEGEND_SIZE = 11.5


def _legend(out: _Items, top: float, bottom: float):
    """The symbols of the cards explained, three to a row, in the rows that fit between ``top`` and
    ``bottom`` (the rows' middles 28 apart, as drawn between visits)."""
    for k, item in enumerate(LEGEND):
        lx, ly = 40 + (k % 3) * 380, top + 14 + (k // 3) * 28
        if ly + 14 > bottom + 0.5:
            break
        out.text(lx, ly, item["symbol"], size=16, color=item["color"], bold=True)
        out.text(lx + 24, ly, item["text"], size=LEGEND_SIZE, color=INK)


def _visit_narrow(out: _Items, view: dict, texts: dict, names: list, y0, w) -> float:
    """The visit area of the narrow layout (``w`` wide): the same facts one under another.  Returns its
    bottom."""
    t = view.get("turn")
    seats = view["seats"]
    items = []  # (drawn after the panel, which needs the height)
    sub = _Items()
    y = y0 + 24
    mid = w / 2
    if t is None:
        last = view.get("last_visit")
        title = _between_visits_title(view)
        sub.text(mid, y, f"Round {view['round']} — {title}", size=14, color=GOLD, bold=True, align="center",
                 maxw=w - 40, wrap=2, baseline="top")
        y += 48
        if last:
            sub.text(mid, y, _last_visit_text(last, names), size=12, align="center", color=MUTED, maxw=w - 40,
                     wrap=2, baseline="top")
            y += 40
        for item in LEGEND:  # the symbols of the cards
            sub.text(40, y, item["symbol"], size=16, color=item["color"], bold=True, baseline="top")
            sub.text(64, y + 2, item["text"], size=LEGEND_SIZE, color=INK, baseline="top", maxw=w - 90)
            y += 24
        sub.text(mid, y + 6, "A visit: insight beats deceit by 4 or more — steal a Secret; deceit higher — "
                 "the host Sacrifices a visitor; the visitors' devotion recruits from The Court.", size=12,
                 align="center", color=MUTED, maxw=w - 40, wrap=3, baseline="top")
        y += 6 + 3 * 18
    else:
        v, hst = t["visitor"], t["host"]
        order = set(t.get("order") or [])
        sub.text(mid, y, f"Round {view['round']}: {names[v]} visits {names[hst]} — "
                 f"{t['step'].replace('_', ' ')}", size=14, color=GOLD, bold=True, align="center",
                 maxw=w - 40, wrap=2, baseline="top")
        y += 44
        cw, ch = 170, 116
        ins, dec = t["insight"], t["deceit"]
        for side, seat, label, total in (("visitors", v, "Visitors", f"●{ins}"), ("hosts", hst, "Hosts",
                                                                                   f"▲{dec}")):
            color = SEAT_COLORS.get(names[seat], INK)
            sub.text(24, y, f"{names[seat]}'s {label}", size=12, color=color, bold=True, baseline="top")
            sub.text(w - 24, y - 4, total, size=20, color=INSIGHT if side == "visitors" else DECEIT,
                     align="right", bold=True, baseline="top")
            y += 22
            per = max(1, int((w - 48 + 6) // (cw + 6)))
            cards = seats[seat][side]
            # (as tall as the longest effect of the party needs to show whole, 116 at least)
            ch = max([116.0] + [effect_height(texts[c["card"]]["text"], cw, NARROW_EM) for c in cards
                                if texts[c["card"]].get("text") and not c.get("silenced")])
            for k, c in enumerate(cards):
                _card(sub, c, 24 + (k % per) * (cw + 6), y + (k // per) * (ch + 6), cw, ch, texts,
                      mark=c["id"] in order, detail=True, em=NARROW_EM)
            y += max(1, -(-len(cards) // per)) * (ch + 6) + 6
        margin = ins - dec
        need = t["steal_margin"]
        verdict = ("steals a Secret" if margin >= need else "loses a visitor" if margin < 0 else "neither")
        if t["outcome"]:
            verdict = {"steal": "stole a Secret", "sacrifice": "lost a visitor",
                       "none": "neither"}[t["outcome"]]
        said = (f"Insight − deceit = {margin} (steal at {need} or more, Sacrifice below 0): {verdict}. "
                f"Devotion {t['devotion'] - t['spent']} left of {t['devotion']}"
                + (f", Sacrifice costs used {t['sacrifice_cost']}" if t["sacrifice_cost"] else ""))
        em12 = max(12.0, NARROW_EM)  # (12-unit text as drawn on the smallest narrow board)
        n = _lines(said, w - 40, em12, 3)  # the lines it takes there (no blank ones under it)
        sub.text(mid, y, said, size=12, align="center", color=INK, maxw=w - 40, wrap=n, baseline="top")
        y += n * 1.2 * em12 + 4
    items = sub.items
    out.rect(8, y0, w - 16, y + 8 - y0, fill=PANEL, r=6)
    out.items.extend(items)
    return y + 8


def _per_row(n: int, width: float, least: float = 76, most: float = 84) -> tuple[int, float]:
    """(cards per row, card width): ``n`` cards across ``width``, in as few rows as keep them ``least``
    wide."""
    per = max(1, min(n, int((width + 4) // (least + 4))))
    return per, min(most, (width - 4 * (per - 1)) / per)


def _say(out: _Items, x, y, text: str, maxw: float, em: float, most: int = 3, size: float = 11, split=True,
         **kw) -> int:
    """``text`` from ``y`` down (its top), on the lines it takes where 11-unit text is drawn at ``em`` (the
    smallest board the layout is drawn on), each line a text of its own: a larger board draws the same lines
    (it would need fewer), so the rows under them keep no blank line (a list of counts, a name; ``split``
    False: a sentence, see below).  Returns the number of lines."""
    big = em * size / 11
    lines = wrap_line(text, maxw, most, big, bool(kw.get("bold")))
    if not split:  # a sentence: one text, wrapped by the painter, read whole by the board in words, standing
        # on what is under it (its last line's bottom where it is at ``em``; a larger board, drawing it on
        # fewer lines, leaves the room over it)
        out.text(x, y + len(lines) * 1.2 * big, text, size=size, maxw=maxw, wrap=len(lines),
                 baseline="bottom", **kw)
        return len(lines)
    for k, line in enumerate(lines):  # (a separator at a line's end is the line break itself)
        line = line[:-2] if line.endswith(" ·") and k < len(lines) - 1 else line
        out.text(x, y + k * 1.2 * big, line, size=size, maxw=maxw, wrap=1, baseline="top", **kw)
    return len(lines)


def _lines(text: str, maxw: float, em: float, most: int = 3) -> int:
    """How many lines ``text`` takes in ``maxw`` when the 11 px minimum draws it at ``em`` scene units."""
    return max(1, min(most, len(wrap_line(text, maxw, most, em))))


def secret_entity(cid: str, copy: int) -> str:
    """The scene entity of the ``copy``-th Secret ``cid`` a steal looks through (what its option targets)."""
    return f"secret:{cid}:{copy}"


def pick_entity(cid: str, copy: int) -> str:
    """The scene entity of the ``copy``-th card ``cid`` an effect's choice, the loss of a visitor or the order
    of effects picks among (what its "choose", "sacrifice" or "order" option targets): that card as drawn on
    the board -- in the visit area, The Court, or (a choice among hidden cards) its chooser's mat."""
    return f"pick:{cid}:{copy}"


def _view_cards(view: dict):
    """Every card the view shows face up (the parties, the mats' rows, The Court)."""
    for s in view["seats"]:
        for key in ("visitors", "hosts", "next_visitors", "sacrifices", "hand"):
            yield from s.get(key) or []
        for key in ("discard_top", "intent"):
            if s.get(key):
                yield s[key]
    court = view["court"]
    yield from court["pawns"]
    yield from court["royals"]
    if court["familiar"]:
        yield court["familiar"]


def _pick_map(view: dict) -> dict:
    """``{card token: entity}`` of the cards the pending "choose", "sacrifice" or "order" decision picks
    among, numbered as its options are (the k-th card of one name is copy k): only the cards the view lists
    (a choice among hidden cards lists them in its chooser's view alone)."""
    pend = view.get("pending") or {}
    order = (view.get("turn") or {}).get("order")
    if pend.get("t") == "choose" and pend.get("kind") in ("choose", "sacrifice"):
        cards = pend.get("options") or []
    elif order:
        known = {c["id"]: c for c in _view_cards(view)}
        if any(tok not in known for tok in order):
            return {}
        cards = [known[tok] for tok in order]
    else:
        return {}
    out: dict = {}
    seen: dict = {}
    for c in cards:
        seen[c["card"]] = seen.get(c["card"], 0) + 1
        out.setdefault(c["id"], pick_entity(c["card"], seen[c["card"]]))
    return out


def _name_picks(items: list, picks: dict) -> None:
    """Give each picked card's entity to the first card drawn for it (The Court, else the visit area, which
    come before the mats) unless a card was drawn with it already: one place to click for each option."""
    if not picks:
        return
    have = {it.get("id") for it in items}
    for it in items:
        ent = picks.get(it.get("id"))
        if it.get("t") == "rect" and ent and ent not in have:
            it["id"] = ent
            have.add(ent)


def _steal_row(view: dict, me, seats: list) -> tuple | None:
    """``(seat, title, cards)``: the Secrets a steal decision looks through, face up, each card's entity
    the target of its "steal" option -- drawn on the mat of the seat they belong to, only in a view that
    lists them (the thief's own, or the analysis view: ``state.view`` filters them).  Their tips name whom
    each Intent points at for the thief, whose Intent it becomes (``seats``: with ``to_names``).  An
    effect's choice among its chooser's hidden Discard is drawn the same way (:func:`_discard_row`)."""
    pend = view.get("pending") or {}
    if pend.get("kind") == "choose":
        return _discard_row(view, me)
    if pend.get("kind") != "steal" or not pend.get("options") or not isinstance(pend.get("from"), int):
        return None
    names = [s["name"] for s in view["seats"]]
    src, thief = pend["from"], pend["seat"]
    seen: dict = {}
    cards = []
    for c in pend["options"]:
        seen[c["card"]] = seen.get(c["card"], 0) + 1
        cards.append(_to(seats[thief], {**c, "id": secret_entity(c["card"], seen[c["card"]])}))
    if me == thief:
        title = ("Your own Secrets (the host has none left) — click one to steal" if src == thief else
                 f"{names[src]}'s Secrets — you look through them: click one to steal")
    else:
        title = f"{names[src]}'s Secrets — {names[thief]} looks through them to steal one"
    return src, title, cards


def _discard_row(view: dict, me) -> tuple | None:
    """``(seat, title, cards)``: the cards of its own Discard an effect's chooser picks among (hidden to the
    others: only the chooser's view lists them), face up on its mat, each the target of its option."""
    pend = view["pending"]
    known = {c["id"] for c in _view_cards(view)}
    if not pend.get("options") or all(c["id"] in known for c in pend["options"]):
        return None  # (cards drawn elsewhere on the board: they are clicked there)
    seat = pend["seat"]
    picks = _pick_map(view)
    cards = [{**c, "id": picks[c["id"]]} for c in pend["options"]]
    why = pend.get("why") or "an effect"
    who = "Your Discard — click the card to choose" if me == seat else \
        f"{view['seats'][seat]['name']}'s Discard — {view['seats'][seat]['name']} chooses one"
    return seat, f"{who} ({why})", cards


def _mat(out: _Items, s: dict, x, y, w, h, texts: dict, me, first: bool, em: float = 11, steal=None,
         center=False):
    """A player's mat, top down: name, counts, the card rows; the Intent rows at the bottom.  ``em``: the
    size (scene units) the 11 px minimum draws 11-unit text at on the smallest board this layout is drawn
    on -- each text gets the lines it needs there, so nothing is drawn over another."""
    color = SEAT_COLORS.get(s["name"], INK)
    lh = em * 1.2
    out.rect(x, y, w, h, fill=PANEL, stroke=color, lw=3 if s["seat"] == me else 1, r=6,
             ident=f"seat:{s['seat']}")
    head = s["name"] + (" (you)" if s["seat"] == me else "") + ("  ★\u00a0First\u00a0Visitor" if first
                                                                   else "")
    side = 0
    if s.get("plotted") is not None:
        word = "plotted" if s["plotted"] else "plotting…"
        side = text_width(word, em) + 8
        out.text(x + w - 10, y + 8, word, size=11, align="right", color=GOLD if s["plotted"] else MUTED,
                 baseline="top")
    n = _say(out, x + 10, y + 6, head, w - 20 - side, em, 2, size=13, color=color, bold=True)
    yy = y + 8 + n * lh * 13 / 11
    # the counts: the piles' hanging from the name, the race to six standing on the rows under them, each
    # wrapped by the painter in the lines it takes on the smallest board (each count whole on its line: its
    # words joined by no-break spaces, the lines breaking after a comma) -- a larger board (a 1920 x 1080
    # window) draws them on fewer, longer lines where the mat's width holds them, the room between the two
    piles = ", ".join(p.replace(" ", "\u00a0") for p in (
        f"Deck {s['deck']}", f"Discard {s['discard']}",
        f"Intents {s['intent_deck']} (used {s['intent_discard']})", f"Secrets zone {s['secrets']}"))
    race = ", ".join(p.replace(" ", "\u00a0") for p in (
        f"Stolen Secrets {s['stolen']}", f"Sacrifices {len(s['sacrifices'])}", f"Royals {s['royals']}"))
    n = _lines(piles, w - 20, em, 3)
    out.text(x + 10, yy, piles, size=11, color=MUTED, maxw=w - 20, wrap=n, baseline="top")
    yy += n * lh
    n = _lines(race, w - 20, em, 3)
    out.text(x + 10, yy + (n - 1) * lh + em, race, size=11, color=INK, maxw=w - 20, wrap=n, baseline="bottom")
    yy += n * lh
    ch = 44  # (a card row: at least this high -- its numbers show from 44 -- and as high as its names need)
    rows = []
    if steal is not None and steal[0] == s["seat"]:  # the Secrets being looked through, first: all of them
        rows.append((steal[1], steal[2]))
    if s.get("plot") and s["plot"].get("hosts"):
        rows.append(("Your hosts (sealed)", s["plot"]["hosts"]))
        rows.append(("Your visitors (sealed)", s["plot"]["visitors"]))
    elif s.get("hand") and not (center and s["seat"] == me):  # (``center``: the viewer's choice is drawn
        # in the middle of the board, :func:`_center`)
        rows.append(("Your hand: click three to host, the others visit" if s.get("plotted") is False
                     and s["seat"] == me else "Your hand", s["hand"]))
    if s["hosts"]:
        rows.append(("Hosts", s["hosts"]))
    if s["visitors"]:
        rows.append(("Visitors", s["visitors"]))
    if s["next_visitors"]:
        rows.append(("Next round's visitors", s["next_visitors"]))
    if s["sacrifices"]:
        rows.append(("Sacrifices", s["sacrifices"]))
    # the Intent rows at the bottom: their labels' lines decide where they start
    bits = []
    if s.get("intent"):
        bits.append(("Visiting Intent", s["intent"]))
    if s.get("plot") and s["plot"].get("intent"):
        bits.append(("Your Intent (sealed)", s["plot"]["intent"]))
    if s.get("discard_top"):
        bits.append(("Discard top", s["discard_top"]))
    if s.get("intent_discard_top"):
        bits.append(("Used Intent", s["intent_discard_top"]))
    room = (w - 20 - 4 * (len(bits) - 1)) / max(1, len(bits))
    iw = min(92, room)  # the cards' width; a label takes the width of its slot, up to its whole length
    slot = min(room, max([iw] + [text_width(label, em) + 4 for label, _ in bits]))
    bl = max([_lines(label, slot, em, 2) for label, _ in bits] or [0])
    # the bottom row's cards: as tall as the tallest name over its numbers needs (a two-line name, a symbol
    # on two lines)
    bh = max([44] + [card_height({**texts[c["card"]], **c}, iw, em) for _label, c in bits])
    iy = y + h - 4 - bh
    choosing = s.get("plotted") is False and s["seat"] == me
    pool = s.get("reset_pool") if choosing else None
    deck_row = None
    if center and choosing:  # (drawn in the middle of the board)
        pass
    elif pool:  # an Intent reset: every Intent the viewer may keep, to click five of
        deck_row = ("Your Intents: click five to keep", pool)
    elif s.get("intents"):  # the viewer's own Intent Deck, on its own row
        deck_row = ("Your Intent Deck: click your Visiting Intent" if choosing else "Your Intent Deck",
                    s["intents"])
    floor = iy - bl * lh - 4  # the top of the bottom row's labels
    if deck_row:
        dl = _lines(deck_row[0], w - 20, em, 2)
        # (cards as wide as their longest word reads: "Masquerade" was cut to "Masquer…" at 76)
        word = max(text_width(part, em, True) * MIN_SQUEEZE + 4 for c in deck_row[1]
                   for part in texts[c["card"]]["name"].replace("Performance: ", "").split())
        per, kw = _per_row(len(deck_row[1]), w - 20, least=min(92, max(76, word)), most=92)
        kh = max([44] + [card_height({**texts[c["card"]], **c}, kw, em) for c in deck_row[1]])
        ky = floor - (kh + 4) * -(-len(deck_row[1]) // per)
        if ky - 4 - dl * lh < yy and not (choosing or pool):  # (a mat under a crowded visit: no room for
            # the cards -- the row in words, "Your Intent Deck: Visit Left, Stay Home", where it fits)
            count = Counter(texts[c["card"]]["name"].replace("Performance: ", "") for c in deck_row[1])
            said = f"{deck_row[0]}: " + ", ".join(n + (f" ×{k}" if k > 1 else "") for n, k in count.items())
            nl = _lines(said, w - 20, em, 3)
            if floor - nl * lh - 2 >= yy:
                _say(out, x + 10, floor - nl * lh - 2, said, w - 20, em, 3, color=MUTED, split=False)
                floor -= nl * lh + 4
            deck_row = None
    if deck_row:
        _say(out, x + 10, ky - 2 - dl * lh, deck_row[0], w - 20, em, 2, color=MUTED, split=False)
        for k, c in enumerate(deck_row[1]):
            _card(out, _to(s, c), x + 10 + (k % per) * (kw + 4), ky + (k // per) * (kh + 4), kw, kh, texts,
                  em=em)
        floor = ky - 4 - dl * lh
    for label, cards in rows:
        stealing = steal is not None and cards is steal[2]
        # cards to click, drawn as cards: a Secret to steal, a hand to plot with (the viewer's; every
        # plotting seat's on the board that sees all)
        must = stealing or (cards is s.get("hand") and s.get("plotted") is False and me in (None, s["seat"]))
        nl = _lines(label, w - 20, em, 2)
        n_cards, top = len(cards), yy + nl * lh + 2
        per, cw = _per_row(n_cards, w - 20)
        # as tall as the tallest name over its numbers needs (a Secret to steal: its whole name on two lines)
        rh = 66 if stealing else max(ch, *(card_height({**texts[c["card"]], **c}, cw, em) for c in cards))

        def fits(per, rh, n=n_cards, top=top):
            return top + -(-n // per) * (rh + 4) - 4 <= floor

        if not fits(per, rh) and not must:
            # no room for cards whose names read: the row in words ("Sacrifices: Messenger ×3, Musician")
            count = Counter(texts[c["card"]]["name"] for c in cards)
            said = f"{label}: " + ", ".join(n + (f" ×{k}" if k > 1 else "") for n, k in count.items())
            nl = _lines(said, w - 20, em, 3)
            if yy + nl * lh > floor:
                break
            yy += _say(out, x + 10, yy, said, w - 20, em, 3, color=MUTED, split=False) * lh + 2
            continue
        # a hand to plot with: the names alone (their numbers are in the tips), as low as they read
        low = max(28, *(name_height(_name_lines(texts[c["card"]]["name"], cw, em), em) for c in cards))
        if not fits(per, rh) and not stealing and fits(per, low):
            rh = low
        elif not fits(per, rh):  # one row
            per, cw = _per_row(len(cards), w - 20, least=1)
        if not fits(per, rh):
            break
        yy += _say(out, x + 10, yy, label, w - 20, em, 2, color=GOLD if stealing else MUTED,
                   split=False) * lh + 2
        for k, c in enumerate(cards):
            cx, cy = x + 10 + (k % per) * (cw + 4), yy + (k // per) * (rh + 4)
            _card(out, c if stealing else _to(s, c), cx, cy, cw, rh, texts, em=em)
        yy += -(-len(cards) // per) * (rh + 4) + 2
    if s.get("plotted") is not None and not s.get("hand") and s["hand_count"] and yy + lh + 32 <= floor:
        out.text(x + 10, yy, "Hand (hidden)", size=11, color=MUTED, baseline="top")
        for k in range(s["hand_count"]):
            _back(out, x + 10 + k * 18, yy + lh + 2, 40, 30, "a card in hand (hidden)")
    elif center and choosing and yy + lh + 32 <= floor:  # (its cards are drawn in the middle: a glance here)
        nl = _say(out, x + 10, yy, "Your hand and Intents (above)", w - 20, em, 2, color=MUTED, split=False)
        cards = [c for c in (s.get("reset_pool") or s.get("hand") or [])] + (
            [] if s.get("reset_pool") else list(s.get("intents") or []))
        step = min(18, (w - 60) / max(1, len(cards)))
        for k, c in enumerate(cards):
            c = {**texts[c["card"]], **_to(s, c)}
            out.rect(x + 10 + k * step, yy + nl * lh + 2, 40, 30, r=4, tip=card_tip(c),
                     fill=INTENT_BG if c.get("intent") else FRAME[c["frame"]], stroke="#000", lw=1)
    xx = x + 10
    for label, c in bits:
        _say(out, xx, iy - 2 - _lines(label, slot, em, 2) * lh, label, slot, em, 2, color=MUTED, split=False)
        _card(out, _to(s, c), xx, iy, iw, bh, texts, em=em)
        xx += slot + 4


def primordial_scene(view: dict, game) -> dict:
    """The scene (wide, :data:`W` x :data:`H`) with its narrow layout drawn in full in ``layouts.narrow``:
    The Court in rows, the visit area, then each player's mat one under another (the viewer's first), every
    block at most :data:`NARROW_W` - 16 wide (a tall stack the notebook scrolls)."""
    from .view import catalog

    texts = catalog(game)
    names = [s["name"] for s in view["seats"]]
    me = view.get("perspective") if isinstance(view.get("perspective"), int) else None
    seats = view["seats"]
    out = _Items()
    picks = _pick_map(view)
    _court(out, view, texts, picks=picks)
    n = len(seats)
    mw = (W - 16 - (n - 1) * 8) / n
    # the mats sit as around the table, seen from the viewer's chair: play runs clockwise, so the player to
    # the viewer's left (the next clockwise, "Visit Left") is drawn on the left and the one to the right on
    # the right: from left to right, viewer+n-2 … viewer+1, the viewer, viewer-1 (RULES-NOTES: left = next
    # clockwise)
    v = me if isinstance(me, int) else 0
    row = [(v + k) % n for k in range(n - 2, -2, -1)]
    # each mat's Intents name the players they point at ("For Red, that is Blue."), in the tooltips
    from .flow import direction

    seats = [{**s, "to_names": {"owner": s["name"], **{w: names[direction(n, s["seat"], w)] for w in
                                                       ("left", "right", "across")}}} for s in seats]
    if view.get("terminal"):  # the game is over: there is no next round to visit
        seats = [{**s, "next_visitors": []} for s in seats]
    steal = _steal_row(view, me, seats)
    center = _choosing({**view, "seats": seats}, me)  # (the viewer's cards to choose among, in the middle)
    # (a crowded visit's area is taller: the mats start under it, that much lower)
    y0 = VISIT_Y + _visit(out, view, texts, names, center) + 6
    for s in seats:
        i = s["seat"]
        _mat(out, s, 8 + row.index(i) * (mw + 8), y0, mw, H - y0 - 6, texts, me, view["first_visitor"] == i,
             em=11 * W / WIDE_LEAST, steal=steal, center=bool(center))
    # the narrow layout: the same blocks, NARROW_W wide, stacked
    _name_picks(out.items, picks)
    nar = _Items()
    y = _court(nar, view, texts, NARROW_W, picks=picks) + 8
    y = _visit_narrow(nar, view, texts, names, y, NARROW_W) + 8
    # the viewer's own mat first, under the visit (its hand, its Intents: what it clicks when plotting), then
    # the others in play order from it (clockwise: the next is the one its "Visit Left" goes to)
    for s in sorted(seats, key=lambda s: (s["seat"] - v) % n):
        _mat(nar, s, 8, y, NARROW_W - 16, MAT_H, texts, me, view["first_visitor"] == s["seat"],
             em=11 * NARROW_W / NARROW_LEAST, steal=steal)
        y += MAT_H + 8
    _name_picks(nar.items, picks)
    narrow = {"w": NARROW_W, "h": y, "scroll": True, "items": nar.items}
    # (a short window keeps the wide board at the scale its text is fitted for: it scrolls in a box instead of
    # drawing it smaller -- at 1400 x 900 it was about 770 CSS px wide, "Whisperer" cut to "Whispe…")
    # (read as one picture -- The Court, the visit and every mat together: a wide window draws it whole,
    # fitted to the visible height, never enlarged 1.3x to scroll in its box as at 1920 x 1080)
    return {"w": W, "h": H, "bg": BG, "min_scale": WIDE_LEAST / W, "grow": 1, "items": out.items,
            "layouts": {"narrow": narrow}}


def option_targets(game, action) -> list:
    """Scene entities an option acts on, from the action alone (Court cards by card id)."""
    if action.kind == "recruit":
        cid = action.args[0]
        return ["court:familiar" if game.cards[cid].kind == "familiar" else f"court:{cid}"]
    if action.kind == "steal":  # the Secret drawn face up while its thief looks through them (_steal_row)
        return [secret_entity(*action.args)]
    if action.kind in ("choose", "sacrifice", "order"):  # the card drawn for it (_pick_map, _name_picks)
        return [pick_entity(*action.args)]
    return []


def _pick_ids(cards: list, kinds) -> list | None:
    """One card of ``cards`` per card id in ``kinds`` (each used once, in order); None if one is missing."""
    free = list(cards)
    ids = []
    for cid in kinds:
        c = next((c for c in free if c["card"] == cid), None)
        if c is None:
            return None
        free.remove(c)
        ids.append(c["id"])
    return ids


def reset_compose(view: dict, game, seat, actions) -> dict | None:
    """The Intent reset composed on the board: a choice names the five Intents kept, clicked in the seat's
    own pool (drawn while it chooses); Intents of one kind are interchangeable."""
    pool = view["seats"][seat].get("reset_pool")
    if not pool or len(actions) < 2:  # one choice only: its plain button says it
        return None
    targets = [_pick_ids(pool, a.args[0]) for a in actions]
    if any(t is None for t in targets):
        return None
    k = len(actions[0].args[0])
    return {"targets": targets, "alike": {c["id"]: f"intent:{c['card']}" for c in pool},
            "tags": {c["id"]: ["Keep", "Set aside"] for c in pool},
            "hint": f"Click the {_COUNT.get(k, k)} Intents to keep for the next four rounds"}


def plot_compose(view: dict, game, seat, actions) -> dict | None:
    """The Plotting decision composed on the board: a plot names a SET of the seat's own cards -- its three
    hosts (hand cards) and its Visiting Intent (an Intent Deck card) -- so the player clicks those cards and
    confirms.  Hand cards of one kind are interchangeable (``alike``), as are Intents of one kind.  Built
    from the seat's own view (its hand and Intent Deck), so it names nothing hidden from it.  The Intent
    reset is composed the same way (:func:`reset_compose`)."""
    if not actions or not isinstance(seat, int):
        return None
    if all(a.kind == "reset" for a in actions):
        return reset_compose(view, game, seat, actions)
    if any(a.kind != "plot" for a in actions):
        return None
    sv = view["seats"][seat]
    hand, intents = sv.get("hand"), sv.get("intents")
    if hand is None or intents is None:
        return None
    alike = {c["id"]: f"hand:{c['card']}" for c in hand}
    alike.update({c["id"]: f"intent:{c['card']}" for c in intents})
    targets = []
    for a in actions:
        hosts, intent = a.args
        ids = _pick_ids(hand, hosts)
        it = _pick_ids(intents, [intent])
        if ids is None or it is None:  # the view does not hold this plot's cards: no composing
            return None
        targets.append(ids + it)
    k = len(actions[0].args[0])
    tags = {c["id"]: ["Host", "Visits"] for c in hand}
    tags.update({c["id"]: ["Intent", None] for c in intents})
    hint = (f"Click {_COUNT.get(k, k)} cards of your hand to host (the others visit) and one Intent"
            if k else "Click one Intent")
    return {"targets": targets, "alike": alike, "tags": tags, "hint": hint}


_COUNT = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}

_GROUPS = {"plot": "Plot", "reset": "Keep five Intents", "order": "Resolve next", "choose": "Choose a target",
           "steal": "Steal a Secret", "sacrifice": "Lose a visitor", "recruit": "Recruit", "done": "Recruit"}


def option_group(game, action):
    if action.kind == "plot":  # one group of host choices per Visiting Intent
        return f"Plot with {game.card_name(action.args[1])}"
    return _GROUPS.get(action.kind)


def status_text(view: dict, game) -> str:
    names = [s["name"] for s in view["seats"]]
    if view.get("terminal"):
        if (view.get("final") or {}).get("headline"):  # the end screen's headline (Game.final_report)
            return f"Game over: {view['final']['headline']}"
        res = view.get("outcome") or {}
        winners = " and ".join(names[s] for s in res.get("winners", [])) or "nobody"
        verb = "wins" if len(res.get("winners", [])) == 1 else "win"
        return f"Game over: {winners} {verb} — {res.get('text', '')}"
    who = ", ".join(names[s] if s >= 0 else "chance" for s in view.get("to_act", []))
    return f"Round {view['round']}, {view['phase']} — waiting for {who or 'chance'}"


PRESENTER = {"scene": primordial_scene, "effects": effects, "score": score_line, "targets": option_targets,
             "group": option_group, "compose": plot_compose, "status": status_text, "size": (W, H),
             "seat_colors": SEAT_COLORS}
