"""Notation of Primordial Secrets actions (never imports the rules).

    plot host messenger musician advisor visit left   hosts; the other three cards of the hand visit;
                                                      the Visiting Intent "left"
    order puppeteer          resolve Puppeteer's effect next in this window ("order messenger 2": the
                             second eligible copy); further names may follow ("order puppeteer
                             dawn-prophet") — they are read as the order you intend, the first resolves now
    choose emissary [2]      the target of an effect          steal masquerade    the Secret to steal
    sacrifice messenger [2]  the visitor to lose              recruit dawn-prophet / done
    reset left right home overture finale                     the five Intents kept at an Intent reset
    deal 123 / shuffle red 456 / shuffle pawns 789            chance outcomes (recorded seeds)
"""

from __future__ import annotations

import difflib

from illumi_widgets.engine.errors import NotationError

SEAT_WORDS = ("red", "blue", "green", "yellow")
PICK_KINDS = ("order", "choose", "steal", "sacrifice")


def slug(text: str) -> str:
    return "-".join(str(text).strip().lower().replace(":", " ").split())


def format_action(kind: str, args: tuple) -> str:
    if kind == "plot":
        hosts, intent = args
        return " ".join(["plot", "host", *hosts, "visit", intent])
    if kind in PICK_KINDS:
        cid, k = args
        return f"{kind} {cid}" + (f" {k}" if k != 1 else "")
    if kind == "recruit":
        return f"recruit {args[0]}"
    if kind == "reset":
        return " ".join(["reset", *args[0]])
    if kind == "deal":
        return f"deal {args[0]}"
    if kind == "shuffle":
        who, seed = args
        return f"shuffle {who if who == 'pawns' else SEAT_WORDS[who]} {seed}"
    return " ".join([kind, *map(str, args)])


def _known(word: str, known, what: str) -> str:
    if word in known:
        return word
    close = difflib.get_close_matches(word, sorted(known), n=1)
    hint = f" — did you mean '{close[0]}'?" if close else ""
    raise NotationError(f"'{word}' is not {what}{hint}")


def parse_action(text: str, cards: set, intents: set, names: dict) -> tuple:
    """``(kind, args)`` from notation; ``cards``/``intents``: known ids; ``names``: slug of a name → id
    (so "Dawn Prophet" reads like "dawn-prophet")."""
    raw = str(text).strip()
    if not raw:
        raise NotationError("empty notation: try 'plot host messenger musician advisor visit left', "
                            "'recruit emissary' or 'done'")
    words = raw.replace(",", " ").split()
    head = words[0].lower()
    rest = [names.get(slug(w), slug(w)) for w in words[1:]]
    if head == "plot":
        if len(rest) < 3 or rest[0] != "host" or "visit" not in rest:
            raise NotationError("write a plot as 'plot host <card> <card> <card> visit <intent>' (the other "
                                "cards of your hand are your visitors)")
        at = rest.index("visit")
        hosts = tuple(sorted(_known(w, cards, "a card") for w in rest[1:at]))
        if len(rest) != at + 2:
            raise NotationError("name exactly one Visiting Intent after 'visit', e.g. 'visit left'")
        return "plot", (hosts, _known(rest[at + 1], intents, "an Intent"))
    if head in PICK_KINDS:
        if not rest:
            raise NotationError(f"'{head}' needs a card, e.g. '{head} emissary'")
        pool = intents if head == "steal" else cards
        cid = _known(rest[0], pool, "an Intent" if head == "steal" else "a card")
        k = 1
        extra = rest[1:]
        if extra and extra[0].isdigit():
            k = int(extra[0])
            extra = extra[1:]
            if k < 1:
                raise NotationError("copies are counted from 1")
        if extra and head != "order":
            raise NotationError(f"unexpected words after '{head} {cid}': {' '.join(extra)}")
        for w in extra:
            if not w.isdigit():
                _known(w, cards, "a card")
        return head, (cid, k)
    if head == "recruit":
        if len(rest) != 1:
            raise NotationError("recruit one card at a time: 'recruit <card>'")
        return "recruit", (_known(rest[0], cards, "a card"),)
    if head in ("done", "pass", "stop"):
        if rest:
            raise NotationError("'done' takes nothing after it")
        return "done", ()
    if head == "reset":
        return "reset", (tuple(sorted(_known(w, intents, "an Intent") for w in rest)),)
    if head == "deal":
        if len(rest) != 1 or not rest[0].isdigit():
            raise NotationError("a deal is 'deal <seed>'")
        return "deal", (int(rest[0]),)
    if head == "shuffle":
        if len(rest) != 2 or not rest[1].isdigit() or (rest[0] not in SEAT_WORDS and rest[0] != "pawns"):
            raise NotationError("a shuffle is 'shuffle <red|blue|green|yellow|pawns> <seed>'")
        who = "pawns" if rest[0] == "pawns" else SEAT_WORDS.index(rest[0])
        return "shuffle", (who, int(rest[1]))
    verbs = ("plot", *PICK_KINDS, "recruit", "done", "reset")
    close = difflib.get_close_matches(head, verbs, n=1)
    hint = f" — did you mean '{close[0]}'?" if close else ""
    raise NotationError(f"'{head}' is not an action of Primordial Secrets ({', '.join(verbs)}){hint}")
