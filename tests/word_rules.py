"""Grammar rules a player's text must keep, stated once (for tests/test_words.py and the end-screen tests).

``problems(text, seat_names)`` returns the rules a text breaks, each as ``"rule: the words"``:

- a count agrees with its noun: "1 card", "2 cards" (never "1 cards", "3 card") for the countable nouns the
  boards use (:data:`NOUNS`);
- no "a"/"an" next to a number ("gains 1 a resource", "a 3");
- no notation and no ids: card ids ("PIL040", "A29", "G01"), goal ids ("goal-power35"), snake_case keys,
  notation verbs ("plot host", "visit left" in lower case after "plot");
- no "seat N";
- no doubled spaces in prose, no dangling separators (" · " at an end, "( )", "()", "· ·");
- "You" takes the plain verb ("You gain", never "You gains");
- one seat's name takes "wins" ("Red wins", never "Red win.");
- no negative target ("needs -3 or less");
- no doubled word ("keeps the Edict Edict of the Artists"), no verb in -s after "to" ("uses a power to
  Influences"), "1 Influence returns" (never "1 Influence return"), and one full stop after a name that
  ends with one ("attacks to destroy F.B.I.").
"""

from __future__ import annotations

import re

#: countable nouns met on the boards (singular, plural)
NOUNS = [
    ("card", "cards"), ("Secret", "Secrets"), ("Sacrifice", "Sacrifices"), ("Royal", "Royals"),
    ("point", "points"), ("group", "groups"), ("Plot", "Plots"), ("objective", "objectives"),
    ("Objective", "Objectives"), ("round", "rounds"), ("turn", "turns"), ("action", "actions"),
    ("resource", "resources"), ("Special", "Specials"), ("Intent", "Intents"), ("Pawn", "Pawns"),
    ("Edict", "Edicts"), ("vote", "votes"), ("VP marker", "VP markers"), ("Faction card", "Faction cards"),
    ("Tweet", "Tweets"), ("Faction", "Factions"), ("Lodge", "Lodges"), ("die", "dice"), ("player", "players"),
    ("Contact", "Contacts"), ("Event", "Events"), ("attack", "attacks"), ("time", "times"),
]
_SING = "|".join(re.escape(s) for s, _ in NOUNS)
_PLUR = "|".join(re.escape(p) for _, p in NOUNS)
#: "1 cards" (a lone 1, not "21" or "1.5" or "-1" or "of 1")
ONE_PLURAL = re.compile(rf"(?<![\w.,/-])1 (?:more |other |extra |free |new )?(?:{_PLUR})\b")
#: "3 card" ("2 cards"; but "2 card games"? none on the boards) -- a number other than 1 before a singular
MANY_SINGULAR = re.compile(rf"(?<![\w.,/-])(?:0|[2-9]|\d\d+) (?:more |other |extra |free |new )?(?:{_SING})\b"
                           rf"(?![-\w])(?! (?:cards?|Objectives?|markers?|Favor|decks?|piles?)\b)")
A_NUMBER = re.compile(r"\b(?:[Aa]n?) \d+(?!st|nd|rd|th|\d)|\d an? (?![A-Z])\w")
IDS = re.compile(r"\b[A-Z]{1,4}\d{2,}\b|\bgoal-[a-z]+\d*\b|\b[a-z]+_[a-z_]+\b|\b[a-z]+-[a-z]+\d+\b")
NOTATION = re.compile(r"\bplot host\b|\bvisit (?:left|right)\b|\bhost (?:visit|musician)|\b[A-E]\d x\d\b")
SEAT_N = re.compile(r"\bseat \d")
#: in prose (a letter or a stop before, a letter after); compact stat lines ("P 3  R 5", "◉8  ✝3") space
#: their figures apart on purpose
SPACES = re.compile(r"[A-Za-z,.;:]  +[A-Za-z]")
DANGLING = re.compile(r"^\s*·|·\s*$|\(\s*\)|·\s*·")
YOU_S = re.compile(r"\bYou (?:also |now |then |still |only )?"
                   r"((?!\w*(?:ss|us)\b)[a-z]+[^s\W]s|has|does|is|was)\b")
NEGATIVE = re.compile(r"-\d+ or less|needs -\d")
#: (a card's Location costs list Favor by abbreviation, one per Favor: "2: Art Art")
DOUBLED = re.compile(r"\b(?!(?:Nob|Pro|Mag|Art|Sch|Cle)\b)([A-Za-z]{2,}) \1\b")
TO_S = re.compile(r"\bto (?:Influences|Expels|Organizes|Scouts|Ousts|Extorts|moves|places|draws|takes)\b")
ONE_RETURN = re.compile(r"(?<![\w.,/-])1 Influence return\b")
#: "attacks to destroy F.B.I.." (an ellipsis "..." is not one)
TWO_STOPS = re.compile(r"(?<!\.)\.\.(?!\.)")


def problems(text: str, seat_names=()) -> list[str]:
    """The rules ``text`` breaks (empty: it reads well)."""
    found = []
    for name, rx in (("'1' with a plural", ONE_PLURAL), ("a plural number with a singular", MANY_SINGULAR),
                     ("'a' next to a number", A_NUMBER), ("an id", IDS), ("notation", NOTATION),
                     ("'seat N'", SEAT_N), ("doubled spaces", SPACES), ("a dangling separator", DANGLING),
                     ("'You' with a verb in -s", YOU_S), ("a negative target", NEGATIVE),
                     ("a doubled word", DOUBLED), ("a verb in -s after 'to'", TO_S),
                     ("'1' with 'return'", ONE_RETURN), ("two full stops", TWO_STOPS)):
        m = rx.search(text)
        if m:
            found.append(f"{name}: {m.group(0)!r}")
    for seat in seat_names:
        m = re.search(rf"(?<!and )(?<!, )\b{re.escape(seat)} win\b", text)
        if m:
            found.append(f"one name with 'win': {m.group(0)!r}")
    return found
