"""Judge the NAMES of cards in what a viewer reads (issue 31: "the tree never holds a hidden card"), from that
viewer's own view.

The leak scan (``engine.testing``) matches ids, and the names a game lists among its ``secrets``.  A game
that lists its cards by id only (Pax Illuminaten's Luminaries, Primordial Secrets' cards), or not at all (a
card in a draw deck), could still print a hidden card's NAME in a log line.  Here every named card of a game
is known by its id (:data:`NAMES`), and a name is SHOWN to a viewer at a moment when that viewer's own view
then (``game.view(data, viewer)``; ``state.view(viewer)`` before and after an action) holds a card carrying
it -- its id as a value, a key or a word of a text (a decision's notation) -- or the name itself (an
Illuminati goal is shown by its words; a group is named in another's printed ability).  The view is the one
place hidden information is filtered, so a name no view gave is one its viewer was not shown; the omniscient
state is never consulted.

:class:`NameJudge` follows a :class:`~illumi_widgets.match.Match`: it notes the position (a copy) just before
each log entry is appended (the action writing it still under way), and after each action judges every line
each seat and the spectator reads of it (``LogEntry.text_for``: the text ``state.view(seat)["log"]`` and the
board's ``log_lines`` trait carry).  A card's name may appear in a line only if that viewer's view showed it

* when the line was written;
* or just after (when the next line of the action was written), or at the end of the action (when the line
  is read: a board shows an action's lines once it is done): the event the line tells revealed it;
* or just before the previous line was written (before the action, for its first line): the event the line
  tells took it out of sight (a card taken from the open row into a hand);

or if a rule reveals it there and then (:data:`RULE_REVEALS`: a reveal no view keeps, checked against the
revealing seat's own view).  A name shown only earlier in an action and hidden again by the time the line is
written (a card shown, shuffled back, drawn by a rival) is a leak: the line would tell where it went.  A name
printed on two cards is shown while either is (names, unlike ids, cannot tell copies apart).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

#: the words of a text, as the engine's leak scan reads them (``engine.testing._WORD``)
_WORD = re.compile(r"[\w'-]+")
#: an id that cannot be an English word (a digit, hyphen or underscore in it: "PIL017", "c12", "goal-weird5"),
#: found among the words of a text; a plain-word id ("network", "bribery") counts only as a whole value or key
_ID = re.compile(r"(?=[\w'-]*[A-Za-z])(?=[\w'-]*[\d_-])[\w'-]{2,}")


# -- every named card of each game, by id ----------------------------------------------------------------
def _pax(game) -> dict:
    """Luminary cards, Plots and Events (Edicts and Special Events)."""
    out = {cid: (lum.name,) for cid, lum in game.lum.items()}
    out.update((p, (plot.name,)) for p, plot in game.plots.items())
    out.update((e, (ev.name,)) for e, ev in game.events.items())
    return out


def _primordial(game) -> dict:
    """Every card instance (creatures, Pawns, Royals and Intents), by its view token."""
    from illumi_widgets.games.primordial.view import cid_token

    return {cid_token(i): (game.card_name(t),) for i, t in enumerate(game.types)}


def _illuminati(game) -> dict:
    """Illuminati cards (named with and without their article: "the Network"), groups, Specials, goals."""
    from illumi_widgets.games.illuminati.labels import _goal_text

    out = {}
    for cid in game.ill_ids:
        name = game.label(cid)
        out[cid] = (name, name.removeprefix("The "))
    for cid in (*game.special_ids, *game.group_ids):
        out[cid] = (game.label(cid),)
    out.update((goal, (_goal_text(game, goal),)) for goal in game.goal_ids)
    return out


def _gray_eminence(game) -> dict:
    """Action, Secret Objective, Gray Eminence, Faction, Event, Tweet and Escalation cards (both sides)."""
    cards = game.cards
    out = {}
    for family in (cards.actions, cards.objectives, cards.eminences, cards.factions, cards.events,
                   cards.tweets):
        out.update((cid, (cards.name(cid),)) for cid in family)
    for xid in cards.escalations:
        sides = (cards.name(f"{xid}:{s}") for s in ("conflict", "allied"))
        out[xid] = (cards.name(xid), *(n for n in sides if ":" not in n))
    return out


NAMES = {"pax": _pax, "primordial": _primordial, "illuminati": _illuminati, "gray-eminence": _gray_eminence}


# -- rule reveals no view keeps --------------------------------------------------------------------------
def _reset_intents(view, seat) -> set:
    return {c["name"] for c in view["seats"][seat].get("intents") or []}


#: ``{game: [(line pattern with a ``seat`` group, names(owner's own view, owner) -> the names revealed)]}``:
#: a line matching the pattern may name, to every reader, the cards the rules reveal there, as the revealing
#: seat's own view shows them when the line is written.
RULE_REVEALS = {
    # Primordial Secrets, "Resetting Intents — End of Every Fourth Round": "Once all players have chosen
    # which Intents to reset, reveal your chosen cards to the other players" -- back in the Intent Deck, they
    # are hidden again at once, so no view keeps the reveal
    "primordial": [(re.compile(r"^(?P<seat>\w+) resets Intents: "), _reset_intents)],
}


class Names:
    """The named cards of one game: which a text names, and whether a view shows one."""

    def __init__(self, game):
        self.ids_of: dict = {}
        for cid, names in NAMES[game.name](game).items():
            for n in names:
                self.ids_of.setdefault(n, []).append(cid)
        self.words = {n for n in self.ids_of if _WORD.fullmatch(n)}
        self.phrases = [n for n in self.ids_of if n not in self.words]
        self.reveals = RULE_REVEALS.get(game.name, ())
        self.seat_of = {game.seat_name(s): s for s in range(game.players)}
        self._shown: dict = {}

    def in_text(self, text: str) -> set:
        """The names ``text`` holds: one-word names as whole words, longer ones as substrings (as the
        engine's ``scan`` matches secrets)."""
        found = self.words.intersection(_WORD.findall(text))
        found.update(p for p in self.phrases if p in text)
        return found

    def shown(self, name: str, view_text: str) -> bool:
        """Does a view (its JSON text, :func:`view_text`) show a card named ``name``: a card's id, or the
        name itself, found as :meth:`in_text` finds names?"""
        pattern = self._shown.get(name)
        if pattern is None:
            ids = self.ids_of[name]
            said = re.escape(json.dumps(name, ensure_ascii=False)[1:-1])
            parts = [rf"(?<![\w'-]){said}(?![\w'-])" if name in self.words else said]
            parts += [re.escape(json.dumps(c)) for c in ids if not _ID.fullmatch(c)]
            loose = [re.escape(c) for c in ids if _ID.fullmatch(c)]
            if loose:
                parts.append(r"(?<![\w'-])(?:" + "|".join(loose) + r")(?![\w'-])")
            pattern = self._shown[name] = re.compile("|".join(parts))
        return pattern.search(view_text) is not None

    def unshown(self, text: str, view_text: str) -> list[str]:
        """The names ``text`` holds that the view does not show."""
        return sorted(n for n in self.in_text(text) if not self.shown(n, view_text))


def view_text(view) -> str:
    return json.dumps(view, default=str, ensure_ascii=False)


# -- following a match -----------------------------------------------------------------------------------
class _NotingLog(list):
    """The state's log, calling ``on_append`` (when set) before each entry is appended."""

    __slots__ = ("on_append",)

    def append(self, entry) -> None:
        if self.on_append is not None:
            self.on_append()
        super().append(entry)


@dataclass
class Leak:
    viewer: object  # a seat, or None: the spectator
    names: list
    line: str
    version: int

    def __str__(self) -> str:
        who = "the spectator" if self.viewer is None else f"seat {self.viewer}"
        return f"{who} reads {self.names} at version {self.version}: {self.line!r}"


@dataclass
class NameJudge:
    """Judges the lines every action writes (module docstring): call :meth:`play` in place of
    ``match.play``; :attr:`leaks` lists what was found.  The setup's lines are judged at once."""

    match: object
    lines: int = 0  # lines read by a viewer, judged
    named: int = 0  # of them, lines naming a card
    unseen: int = 0  # of them, naming a card its reader's view did not show when the line was written
    by_rule: int = 0  # of them, naming a card only a rule reveals (RULE_REVEALS)
    leaks: list = field(default_factory=list)
    read: dict = field(default_factory=dict)  # viewer -> every line judged for it

    def __post_init__(self):
        state = self.match.state
        self.viewers = (*range(state.game.players), None)
        self.names = Names(state.game)
        self.read = {v: set() for v in self.viewers}
        log = _NotingLog(state.log)
        log.on_append = None
        state.log = log
        self._judge([None], state.log[:])  # the setup's lines, against the position after it

    def play(self, action, perspective) -> None:
        """``match.play(action, perspective)``, then judge every line it wrote."""
        state = self.match.state
        before, start, game = state.clone(), len(state.log), state.game
        moments: list = [before]
        state.log.on_append = lambda: moments.append(game.copy(state.data))
        try:
            self.match.play(action, perspective)
        finally:
            state.log.on_append = None
        self._judge([*moments, None], state.log[start:])

    def _judge(self, moments, entries) -> None:
        """``moments``: the state before the action, then the position just before each entry was appended
        (a copy), then ``None``: the state after the action; each seen through a viewer's view if needed."""
        state = self.match.state
        game = state.game
        views: dict = {}

        def view(k, v):
            if (k, v) not in views:
                m = moments[k]
                try:
                    if m is None or k == 0:
                        got = (state if m is None else m).view(v, log_tail=0)
                    else:
                        got = game.view(m, v)
                except Exception:  # noqa: BLE001 - a half-done position a view cannot draw: the others judge
                    got = None
                views[k, v] = (got, None if got is None else view_text(got))
            return views[k, v]

        last = len(moments) - 1
        for i, entry in enumerate(entries):
            now = min(i + 1, last)
            for v in self.viewers:
                text = entry.text_for(v)
                if not text:
                    continue
                self.lines += 1
                self.read[v].add(text)
                left = self.names.in_text(text)
                if not left:
                    continue
                self.named += 1
                for k in (now, min(i + 2, last), i, last):  # written, just after, before, the action's end
                    seen = view(k, v)[1]
                    if seen is not None:
                        left = {n for n in left if not self.names.shown(n, seen)}
                    if not left:
                        break
                    if k == now:
                        self.unseen += 1
                if left:
                    ruled = left & self._revealed_by_rule(text, lambda s, k=now: view(k, s)[0])
                    self.by_rule += bool(ruled)
                    left -= ruled
                if left:
                    self.leaks.append(Leak(v, sorted(left), text, state.version))

    def _revealed_by_rule(self, text: str, owner_view) -> set:
        out = set()
        for pattern, names in self.names.reveals:
            m = pattern.match(text)
            seat = self.names.seat_of.get(m["seat"]) if m else None
            if seat is not None:
                seen = owner_view(seat)
                if seen is not None:
                    out |= names(seen, seat)
        return out
