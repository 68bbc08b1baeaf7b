"""Gray Eminence notation: ``kind arg arg …`` in words (never imports the rules).

Examples: ``eminence G03``, ``keep S05``, ``bid money 2``, ``place eye``, ``program A A05``,
``program D A05 common money``, ``program done``, ``resolve A05 personal``, ``exhaust F03``, ``vote 2``,
``blackmail 1 F03``, ``penalty objective``, ``propose 2``, ``offer money``, ``ask card``, ``accept A03``,
``complete S05``, ``complete public``, ``pass``; chance: ``deal 123456``, ``shuffle 987``.
"""

from __future__ import annotations

from ...engine.errors import NotationError

KINDS = frozenset({
    "deal", "shuffle", "eminence", "keep", "discard", "refresh", "done", "bid", "place", "drop", "expose", "gain",
    "blackmail", "comply", "refuse", "penalty", "show", "take", "program", "pick", "resolve", "exhaust", "vote",
    "propose", "pass", "offer", "ask", "send", "cancel", "accept", "decline", "complete"})


def format_action(kind: str, args: tuple) -> str:
    return " ".join([kind, *map(str, args)])


def parse_words(text: str) -> tuple:
    """``(kind, args)`` from notation text (whole numbers become ints)."""
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError("empty notation")
    kind = words[0].lower()
    if kind not in KINDS:
        raise NotationError(f"'{words[0]}' is not a Gray Eminence action (known: {', '.join(sorted(KINDS))})")
    args = []
    for w in words[1:]:
        if w.lstrip("-").isdigit():
            args.append(int(w))
        elif len(w) == 1 and w.upper() in "ABCD":
            args.append(w.upper())  # a programming slot
        elif len(w) <= 3 and w[:1].isalpha() and w[1:].isdigit():
            args.append(w.upper())  # card ids: a05 -> A05
        else:
            args.append(w.lower() if w.lower() in WORDS else w)
    return kind, tuple(args)


WORDS = frozenset({"money", "power", "influence", "objective", "eye", "gray1", "gray2", "gray3", "shadows",
                   "personal", "common", "discard", "done", "public", "card", "faction", "vp", "yes", "no"})
