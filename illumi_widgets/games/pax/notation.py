"""Pax Illuminaten notation: reading text into actions, and the chance outcomes' encodings.

Every action's canonical text comes from ``PaxGame.format``; this module reads
it back (and friendlier variants: any case, ``12`` for ``PIL012``, faction
names in full).  Examples::

    scout C2 from areopagus      influence C3 x2        bonus influence C3 x1
    extort B2                    organize Sch           bonus organize Sch onto C3
    move B2 C2                   done                   expel C3 from B3
    oust C3 Red x1 from B3       reveal PIL044          press / call off
    pay Sch Sch Pro              collect Nob            subvert Red      give Red Sch
    place PIL012                 claim faction Nob      claim plot inner-circle
    end                          keep <event name>      activate <event name>   pass
    bot plan / bot influence C3 / bot oust C3 Blue x1 / bot reveal …   a rulebook bot's step (automa.py)
    redraw court 2               redraw court 1 2       redraw deck

Schemes and powers (card effects, Faction cards, Special Events)::

    scheme PIL031                play PIL031 to the Scheme and use its ability
    scheme PIL031 quick          play it for Quick Favor instead (once per turn)
    faction Nob                  turn the Nobility card sideways: its once-per-turn ability
    skip                         do not use the power just offered
    -- the one action a power offers (after ``scheme …`` or ``faction …``):
    influence C3 x2              BI / Nobility: on ANY card
    scout C2                     BS / Scholars: ANY face-down card, no acting card
    organize any                 BO / Artists: then ``move B2 D4`` … ``done``
    expel C3 from B3             BX (then ``move <from> <new card>`` or ``done``) / Magistrates
    oust C3 Red x1 from B3 +1    BU: Initial Strength = the opponent's +1 (or -1); Clergy: no +/-
    extort B2                    Professions: no Whisper, no Conspire
    swap C3 D4                   SW            raid <edict>          SE (2 Favor from ANY Edict)
    draw plot                    SP, then ``keep plot <plot>``
    draw deck / draw court 3     SD            borrow Nob            SF
    -- Special Events in play:
    event recruitment-press Sch  event congress-of-wilhelmsbad     investigate Red hand / investigate Red plot
"""

from __future__ import annotations

from ...engine import CHANCE, Action, NotationError
from .favor import ABBR, FACTIONS, faction_index
from .model import AREO, SEAT_COLORS, slug

_COLOR = {c.lower(): i for i, c in enumerate(SEAT_COLORS)}


def _cell(g, tok: str, what: str = "card") -> int:
    if tok.lower() in ("areopagus", "home", "ap"):
        return AREO
    try:
        return g.geom.cell(tok)
    except (ValueError, KeyError):
        raise NotationError(f"'{tok[:20]}' is not a {what} on the map (columns A–{chr(64 + g.geom.cols)}, "
                            f"rows 1–{g.geom.rows}, or 'areopagus')") from None


def _map_cell(g, tok: str) -> int:
    c = _cell(g, tok)
    if c == AREO:
        raise NotationError("the Areopagus cannot be the target of this action")
    return c


def _digits(tok: str) -> bool:
    """A plain number: ASCII digits only ("²" passes ``str.isdigit`` but not ``int``), at most 9 of them."""
    return tok.isascii() and tok.isdigit() and len(tok) <= 9


def _count(tok: str) -> int:
    t = tok.lower().lstrip("x×")
    if not _digits(t):
        raise NotationError(f"'{tok[:20]}' is not a count like x2")
    return int(t)


def _color(g, tok: str) -> int:
    s = _COLOR.get(tok.lower())
    if s is None and _digits(tok):
        s = int(tok)
    if s is None or not 0 <= s < g.players:
        raise NotationError(f"'{tok[:20]}' is not a player ({', '.join(SEAT_COLORS[:g.players])})")
    return s


def _fac(tok: str) -> int:
    f = faction_index(tok)
    if f is None:
        raise NotationError(f"'{tok[:20]}' is not a Faction (Nob, Pro, Mag, Art, Sch, Cle)")
    return f


def _vec(tokens) -> tuple[int, ...]:
    vec = [0] * 6
    i = 0
    while i < len(tokens):
        n = 1
        tok = tokens[i]
        if tok[:1].isdigit() and i + 1 < len(tokens):
            if not _digits(tok):
                raise NotationError(f"'{tok[:20]}' is not a number of Favor")
            n, tok = int(tok), tokens[i + 1]
            i += 1
        vec[_fac(tok)] += n
        i += 1
    return tuple(vec)


def _card(g, tok: str) -> str:
    t = tok.upper()
    if _digits(t):
        t = f"PIL{int(t):03d}"
    elif t.startswith("PIL") and _digits(t[3:]):
        t = f"PIL{int(t[3:]):03d}"
    if t not in g.lum:
        raise NotationError(f"'{tok[:20]}' is not a Luminary card (PIL001–PIL057)")
    return t


def _named(table: dict, ids, words, what: str) -> str:
    key = slug(" ".join(words))
    if key in table:
        return table[key]
    up = " ".join(words).upper()
    if up in ids:
        return up
    hits = [v for k, v in table.items() if k.startswith(key)] if key else []
    if len(hits) == 1:
        return hits[0]
    raise NotationError(f"'{' '.join(words)}' is not a {what} ({', '.join(sorted(table))})")


def parse_action(g, d, text: str, seat: int) -> Action:
    toks = text.replace(",", " ").split()
    if not toks:
        raise NotationError("empty notation")
    low = [t.lower() for t in toks]
    A = g.act
    bonus = False
    if low[0] == "bonus":
        bonus = True
        toks, low = toks[1:], low[1:]
        if not low or low[0] not in ("influence", "organize", "expel"):
            raise NotationError("'bonus' is followed by influence, organize or expel (rulebook, Oust E)")
    head, rest, lrest = low[0], toks[1:], low[1:]
    if head == "bot":  # a rulebook bot's step (automa.py)
        return parse_bot(g, d, rest, seat)

    def need(n, form):
        if len(rest) < n:
            raise NotationError(f"'{text[:80]}': expected {form}")

    def only(n):
        """The action took ``n`` tokens after its verb: anything more is not part of it (never ignored)."""
        if len(rest) > n:
            raise NotationError(f"'{text[:80]}': unexpected '{' '.join(rest[n:])[:40]}' after the action "
                                "(one action at a time)")

    if head in ("deal", "shuffle"):
        if seat != CHANCE:
            raise NotationError(f"'{head}' is chance's action, not a player's")
        need(1, f"{head} <outcome>")
        only(1)
        return A(CHANCE, head, rest[0])
    if head == "scout":
        need(1, "scout <card> [from <card|areopagus>]")
        if len(rest) == 1:
            return A(seat, "scout", _map_cell(g, rest[0]), None)
        if len(rest) < 3 or lrest[1] != "from":
            raise NotationError("expected: scout <card> from <acting card> (or scout <card> for ANY)")
        only(3)
        return A(seat, "scout", _map_cell(g, rest[0]), _cell(g, rest[2]))
    if head == "influence":
        need(1, "influence <card> [x1-3]")
        only(2)
        k = _count(rest[1]) if len(rest) > 1 else 1
        return A(seat, "influence", _map_cell(g, rest[0]), k, bonus)
    if head == "extort":
        need(1, "extort <card|areopagus>")
        only(1)
        return A(seat, "extort", _cell(g, rest[0]))
    if head == "organize":
        need(1, "organize <faction>|any")
        if lrest[0] == "any":
            only(1)
            return A(seat, "organize", None, None)
        fac = _fac(rest[0])
        cell = None
        if bonus:
            if len(rest) >= 3 and lrest[1] == "onto":
                only(3)
                cell = _map_cell(g, rest[2])
            elif len(d.cubes) == 1:
                cell = d.cubes[0]
            else:
                raise NotationError("say which card the bonus Organize moves onto: "
                                    "bonus organize Sch onto C3")
        if cell is None or len(rest) < 3:
            only(1)
        return A(seat, "organize", fac, cell)
    if head == "move":
        need(2, "move <from card> [to] <to card>")
        if len(rest) == 3 and lrest[1] != "to":
            raise NotationError("expected: move <from card> <to card>")
        only(3 if len(rest) == 3 else 2)
        return A(seat, "move", _map_cell(g, rest[0]), _map_cell(g, rest[-1]))
    if head in ("done", "stop"):
        only(0)
        return A(seat, "done")
    if head == "expel":
        need(3, "expel <card> from <card|areopagus>")
        if lrest[1] != "from":
            raise NotationError("expected: expel <card> from <card|areopagus>")
        only(3)
        return A(seat, "expel", _map_cell(g, rest[0]), _cell(g, rest[2]), bonus)
    if head == "oust":
        need(4, "oust <card> <player> [x1] from <card|areopagus>")
        k = 1
        tail = rest[2:]
        if tail and tail[0].lower().lstrip("x×")[:1].isdigit():
            k = _count(tail[0])
            tail = tail[1:]
        if len(tail) < 2 or tail[0].lower() != "from":
            raise NotationError("expected: oust <card> <player> x<count> from <acting card>")
        if len(tail) > 3:
            raise NotationError(f"'{text[:80]}': unexpected '{' '.join(tail[3:])[:40]}' after the action "
                                "(one action at a time)")
        if len(tail) >= 3:
            if tail[2] not in ("+1", "-1"):
                raise NotationError("a BU Oust ends with +1 or -1")
            return A(seat, "oust", _map_cell(g, rest[0]), _color(g, rest[1]), k, _cell(g, tail[1]),
                     int(tail[2]))
        return A(seat, "oust", _map_cell(g, rest[0]), _color(g, rest[1]), k, _cell(g, tail[1]))
    if head in ("pay", "collect"):
        return A(seat, head, _vec(rest))
    if head == "subvert":
        need(1, "subvert <player>")
        only(1)
        return A(seat, "subvert", _color(g, rest[0]))
    if head == "give":
        need(2, "give <player> <faction>")
        only(2)
        return A(seat, "give", _color(g, rest[0]), _fac(rest[1]))
    if head == "place":
        need(1, "place <card in hand>")
        only(1)
        return A(seat, "place", _card(g, rest[0]))
    if head == "reveal":
        need(1, "reveal <card in hand>|nothing")
        only(1)
        if lrest[0] in ("nothing", "none", "-"):
            return A(seat, "reveal", None)
        return A(seat, "reveal", _card(g, rest[0]))
    if head == "press":
        only(0)
        return A(seat, "press")
    if head in ("calloff", "call"):
        if head == "call" and lrest[:1] == ["off"]:
            only(1)
        else:
            only(0)
        return A(seat, "calloff")
    if head == "claim":
        need(2, "claim faction <faction> | claim plot <plot>")
        if lrest[0] == "faction":
            only(2)
            return A(seat, "claimfaction", _fac(rest[1]))
        if lrest[0] == "plot":
            return A(seat, "claimplot", _named(g.plot_slug, g.plots, rest[1:], "Plot"))
        raise NotationError("claim what? claim faction <faction> or claim plot <plot>")
    if head == "end":
        only(0)
        return A(seat, "end")
    if head == "scheme":
        need(1, "scheme <card in hand> [quick]")
        quick = len(lrest) > 1 and lrest[1] == "quick"
        if len(lrest) > 1 and not quick:
            raise NotationError("expected: scheme <card> or scheme <card> quick")
        only(2)
        return A(seat, "scheme", _card(g, rest[0]), quick)
    if head == "faction":
        need(1, "faction <faction>")
        only(1)
        return A(seat, "faction", _fac(rest[0]))
    if head == "skip":
        only(0)
        return A(seat, "skip")
    if head == "swap":
        need(2, "swap <card> <card>")
        only(2)
        # the two cards trade places: either order names the same action (canonical: map order)
        x, y = sorted((_map_cell(g, rest[0]), _map_cell(g, rest[1])))
        return A(seat, "swap", x, y)
    if head == "raid":
        need(1, "raid <edict>")
        return A(seat, "raid", _named(g.event_slug, g.events, rest, "Event card"))
    if head == "borrow":
        need(1, "borrow <faction>")
        only(1)
        return A(seat, "borrow", _fac(rest[0]))
    if head == "draw":
        need(1, "draw plot | draw deck | draw court <slot>")
        if lrest[0] in ("plot", "deck"):
            only(1)
        if lrest[0] == "plot":
            return A(seat, "drawplot")
        if lrest[0] == "deck":
            return A(seat, "drawcards", "deck", None)
        if lrest[0] == "court" and len(rest) == 2 and _digits(rest[1]):
            return A(seat, "drawcards", "court", int(rest[1]) - 1)
        raise NotationError("expected: draw plot, draw deck or draw court <slot 1-5>")
    if head == "keep" and lrest and lrest[0] == "plot":
        need(2, "keep plot <plot>")
        return A(seat, "keepplot", _named(g.plot_slug, g.plots, rest[1:], "Plot"))
    if head == "event":
        need(1, "event <special event> [faction]")
        fac = None
        words = rest
        if len(rest) > 1 and faction_index(rest[-1]) is not None:
            fac, words = faction_index(rest[-1]), rest[:-1]
        return A(seat, "event", _named(g.event_slug, g.events, words, "Event card"), fac)
    if head == "investigate":
        need(2, "investigate <player> hand|plot")
        if lrest[1] not in ("hand", "plot"):
            raise NotationError("expected: investigate <player> hand or investigate <player> plot")
        only(2)
        return A(seat, "investigate", _color(g, rest[0]), lrest[1])
    if head in ("keep", "activate"):
        need(1, f"{head} <event>")
        return A(seat, head, _named(g.event_slug, g.events, rest, "Event card"))
    if head == "pass":
        only(0)
        return A(seat, "pass")
    if head == "redraw":
        need(1, "redraw deck | redraw court <slot> [<slot>]")
        if lrest[0] == "deck":
            only(1)
            return A(seat, "redraw", "deck", ())
        if lrest[0] == "court" and 2 <= len(rest) <= 3 and all(_digits(t) for t in rest[1:]):
            return A(seat, "redraw", "court", tuple(sorted(int(t) - 1 for t in rest[1:])))
        raise NotationError("expected: redraw deck, or redraw court <slot 1-5> [<slot>]")
    raise NotationError(f"'{toks[0][:20]}' is not a Pax Illuminaten action "
                        "(scout, influence, extort, organize, expel, oust, scheme, faction, claim, end, …)")


# -- chance outcomes -------------------------------------------------------------------------------------
def _nums(ids_in_order, universe) -> str:
    pos = {x: i + 1 for i, x in enumerate(universe)}
    return ".".join(str(pos[x]) for x in ids_in_order)


def _from_nums(text: str, universe, what: str) -> list:
    try:
        idx = [int(t) for t in text.split(".")] if text else []
    except ValueError:
        raise NotationError(f"{what}: expected numbers separated by dots") from None
    if any(not 1 <= i <= len(universe) for i in idx) or len(set(idx)) != len(idx):
        raise NotationError(f"{what}: numbers must be distinct, from 1 to {len(universe)}")
    return [universe[i - 1] for i in idx]


def encode_deal(g, lum, contacts, factions, plots, events, boxed) -> str:
    return ";".join([
        "L=" + _nums(lum, g.ids),
        "C=" + ".".join(str(c) for c in contacts),
        "F=" + ".".join(factions),
        "P=" + _nums(plots, tuple(g.plots)),
        "E=" + _nums(events, tuple(g.events)),
        "X=" + _nums(boxed, tuple(g.events)),
    ])


def decode_deal(g, blob: str):
    parts = dict(p.split("=", 1) for p in blob.split(";") if "=" in p)
    if set(parts) != {"L", "C", "F", "P", "E", "X"}:
        raise NotationError("a deal lists L= (Luminaries), C= (contacts), F= (Faction cards), P= (Plots), "
                            "E= (Event deck) and X= (boxed Specials)")
    lum = _from_nums(parts["L"], g.ids, "deal L")
    if len(lum) != len(g.ids):
        raise NotationError(f"deal L must order all {len(g.ids)} Luminary cards")
    try:
        contacts = [int(x) for x in parts["C"].split(".")]
    except ValueError:
        raise NotationError("deal C: expected contact numbers") from None
    if sorted(contacts) != sorted(g.contact_numbers):
        raise NotationError("deal C must order all contact cards")
    factions = parts["F"].split(".")
    if sorted(factions) != sorted(FACTIONS[f] for f in g.faction_cards):
        raise NotationError("deal F must order the 6 Faction cards")
    plots = _from_nums(parts["P"], tuple(g.plots), "deal P")
    if len(plots) != len(g.plots):
        raise NotationError("deal P must order every Plot card")
    events = _from_nums(parts["E"], tuple(g.events), "deal E")
    boxed = _from_nums(parts["X"], tuple(g.events), "deal X")
    if sorted(events + boxed) != sorted(g.events) or len(events) != 12:
        raise NotationError("deal E (12 cards) and X (3 Specials) must together hold every Event card once")
    for half in (events[:6], events[6:]):
        if sum(1 for e in half if g.events[e].kind == "edict") != 3:
            raise NotationError("each half of the Event deck holds 3 Edicts and 3 Specials "
                                "(rulebook, Setup 15)")
    if any(g.events[e].kind != "special" for e in boxed):
        raise NotationError("only Special Events go back to the box (rulebook, Setup 15)")
    return lum, contacts, factions, plots, events, boxed


def encode_shuffle(g, order) -> str:
    return _nums(order, g.ids)


def decode_shuffle(g, blob: str) -> list:
    return _from_nums(blob, g.ids, "shuffle")


# -- the rulebook bots' steps (automa.py): ``bot plan``, ``bot oust C3 Blue x1``, ... ---------------------
def format_bot(g, args: tuple) -> str:
    """The notation of a rulebook bot's step from its arguments (``bot plan``, ``bot oust C3 Blue x1``)."""
    cn = g.cell_name
    verb = args[0]
    if verb in ("plan", "reveal", "end"):
        return f"bot {verb}"
    if verb == "oust":
        return f"bot oust {cn(args[1])} {SEAT_COLORS[args[2]]} x{args[3]}"
    if verb == "swap":
        return f"bot swap {cn(args[1])} {args[2]}"
    if verb == "influence" and len(args) > 2:
        return f"bot influence {cn(args[1])} pay {ABBR[args[2]]}"
    return f"bot {verb} {cn(args[1])}"


def parse_bot(g, d, toks: list, seat: int) -> Action:
    """Read ``bot …`` notation (the tokens after ``bot``) into an Action (legal or not)."""
    if not toks:
        raise NotationError("expected: bot <step> … (plan, flip, scout, influence, swap, token, extort, "
                            "expel, "
                            "oust, reveal)")
    verb = toks[0].lower()
    rest = toks[1:]
    if verb in ("plan", "reveal", "end") and not rest:
        return g.act(seat, "bot", verb)
    if verb in ("flip", "scout", "influence", "token", "extort", "expel", "swap", "oust") and rest:
        c = _cell(g, rest[0])
        if verb == "oust" and len(rest) == 3:
            return g.act(seat, "bot", "oust", c, _color(g, rest[1]), _count(rest[2]))
        if verb == "swap" and len(rest) == 2:
            cid = rest[1].upper()
            return g.act(seat, "bot", "swap", c, cid if cid in g.lum else rest[1])
        if verb == "influence" and len(rest) == 3 and rest[1].lower() == "pay":
            f = faction_index(rest[2])
            if f is None:
                raise NotationError(f"'{rest[2]}' is not a Faction")
            return g.act(seat, "bot", "influence", c, f)
        if len(rest) == 1:
            return g.act(seat, "bot", verb, c)
    raise NotationError(f"'bot {' '.join(toks)}' is not a bot step (e.g. bot plan, bot influence C3, "
                        "bot oust C3 Blue x1, bot reveal)")
