"""The Gray Eminence position editor in the common shape (:mod:`illumi_widgets.editor`).

::

    with board.edit() as ed:                      # or match.edit(), or illumi_widgets.editor.edit(state)
        ed.round(3)
        ed.track("Blue", "Red", "Green", "Yellow")  # turn order: Public Eye first, In the Shadows last
        ed.pool(money=4, influence=2)              # the Bidding Pool (the rest left alone)
        ed.move("Harbor Trust", "mat", who="Red", refreshed=False)
        ed.events(mandatory="E05", additional="EU: Open Conflict")
        ed.relations(EU="Conflict", China=1)
        ed.stack("tweet", ["T12", "T03"])          # T12 is drawn next, then T03
        ed.phase("bidding")                        # the start of Phase 3, every seat to bid

Cards are named by id ("A07", "F03", "X01:conflict") or by their name ("Harbor Trust", "EU: Open
Conflict"), case ignored.  Seats by name ("Red") or number.  Every method changes only what it names (partial
updates); derived values are the engine's (a Box of Secrets or the Bidding Pool set here adjusts the count of
what has left the Common Pool, ``minted``, so that ``boxes + pool == minted`` always holds).

The fields an analyst can arrange:

- ``move(card, to, who=None, *, at="top", refreshed=True, used=None, exposed=False, face_down=False)``: a
  card to a place, taken from wherever it is.  Places by kind of card (a place's game name works too:
  "Mandatory event", "Unresolved Events pile", "Box of Secrets" is not a card place):

  - Action card: ``"hand"`` (who), ``"deck"`` (``at="top"``, ``"bottom"`` or a depth from the top, 0 =
    top), ``"discard"`` (``face_down=True``: a programmed card discarded unplayed, RULES-NOTES.md ruling 23),
    ``"common good"`` (who: the face-down Common Good pile of Phase 6).
  - Secret Objective: ``"secret"`` (who; ``exposed=True`` turns it face up, as the Public Eye does),
    ``"completed"`` (who), ``"deck"``, ``"discard"``.
  - Faction: ``"mat"`` (who; ``refreshed=False`` for its Exhausted side; at most three, Glossary
    "Factions"), ``"deck"``, ``"discard"``.
  - Tweet: ``"deck"``, ``"discard"``, ``"slots"`` (this round's Presidential response).
  - Event or Escalation side: ``"deck"``, ``"mandatory"``, ``"additional"``, ``"resolved"`` (``used``: the
    resource types that resolved it, e.g. ``["money"]``), ``"unresolved"``; an Escalation also ``"box"``.
    Only an Allied side goes in the Event deck (Phase 7: "add that entity's Allied Event card to the Event
    deck").  Placing an Escalation by hand does not resolve its Trigger; its Static is in force while it is
    in a slot, as always.

- ``stack(deck, cards)``: the deck's top cards, first drawn first (each taken from wherever it is); decks:
  ``"action"``, ``"faction"``, ``"secret"``, ``"tweet"``, ``"event"``.
- ``resources(who, money=, power=, influence=)``, ``pool(money=, power=, influence=)``: a Box of Secrets,
  the Bidding Pool (only the amounts named).
- ``vp(who, n)``: Victory Point markers; ``public_objective(who, done=True)``.
- ``track(*seats)``: the visibility track in turn order (In the Public Eye first, the Gray Eminences, In the
  Shadows last); ``roles(public_eye=, shadows=)``: the two single roles, the others keeping their order as
  Gray Eminences ("roles settable directly", not only by playing Bidding).
- ``faction(card, refreshed=True|False)``: a Faction's state on its mat.
- ``events(mandatory=..., additional=...)``: the Event slots (``None`` empties a slot: an Event goes to the
  bottom of the Event deck, an Escalation back to the box).
- ``relations(EU="Conflict", China=1, ...)`` (or a dict): relationship markers, by level name (Conflict,
  Tension, Neutral, Friendly, Allied) or -2..2.  Setting a marker is not "reaching" it: no Escalation.
- ``round(n)``, ``escalated(flag)`` (an Escalation already happened this round: Glossary "Escalation").
- ``program(who, A=, B=, C=, D=, side=)``: a seat's programmed cards for this round (Phase 4's result), from
  its hand; ``program(who)`` takes them back to the hand.
- ``phase(name)``: the start of any of the nine phases (``"refresh"`` … ``"scoring"``, their titles such as
  ``"Presidential response"``, or 1–9), or ``"role activation"`` (Phase 3 after the bids), with the pending
  decision a real game has there once the block ends: Refresh draws and asks each player to refresh; Event
  draws the Mandatory event (a Mandatory event already set goes back on top of the Event deck and is the one
  drawn); Bidding asks every seat for its sealed bid; Programming for its program; Presidential response
  draws the Tweets (an automatic phase: play runs on to the Action phase); Action asks the first player in
  turn order; Resolution shuffles the Common Good pile (chance) and resolves; Trading and Scoring in turn
  order.  Starting a phase takes back what the later phases of the round had put out: for a phase up to
  Programming the programs go back to their hands, up to Action the Common Good pile goes back to its
  players' hands, up to Presidential response this round's Tweets go to the Tweet discard pile; pending
  steps are dropped (cards dealt to be kept go back on their deck).  Call ``phase`` first, then arrange.
- ``turn(who, phase=None)``: ``who``'s turn in a phase played in turn order (Action: ``who`` resolves its
  programmed cards next; Scoring: ``who`` may complete an objective next); the players before ``who`` are
  done (in the Action phase they must have no programmed card left: Phase 6 is in turn order).  Bidding,
  Programming, votes (sealed, everyone at once) and Trading have no single player's turn: refused.

A refusal is a :class:`~illumi_widgets.engine.RecordError` (a subclass of ``EngineError``) whose message
names the field and the rule and whose ``code`` says why; a refused call changes nothing, and so does a block
that ends in an inconsistent position (checked by the game's consistency checks and its field checks, after
the pending steps have started) or one where a player who must decide has no legal choice.
"""

from __future__ import annotations

from ...editor import Editor
from ...engine.game import Log
from . import effects as E
from . import model as M
from . import phases as P

DECKS = M.DECK_NAMES
_PHASE_WORDS = {
    **{k: k for k in P.TITLES},
    **{v.lower(): k for k, v in P.TITLES.items()},
    **{str(i + 1): k for i, k in enumerate(P.ROUND[:9])},
    **{f"phase {i + 1}": k for i, k in enumerate(P.ROUND[:9])},
    "roles": "roles",
    "role activation": "roles",
    "presidential": "tweets",
}
_PLACES = {
    "hand": "hand",
    "deck": "deck",
    "draw deck": "deck",
    "discard": "discard",
    "discard pile": "discard",
    "common good": "cg",
    "common good pile": "cg",
    "cg": "cg",
    "secret": "secret",
    "secret objectives": "secret",
    "objectives": "secret",
    "completed": "completed",
    "done": "completed",
    "mat": "mat",
    "playmat": "mat",
    "factions": "mat",
    "slots": "slots",
    "tweet slots": "slots",
    "mandatory": "mandatory",
    "mandatory event": "mandatory",
    "additional": "additional",
    "additional event": "additional",
    "resolved": "resolved",
    "resolved events": "resolved",
    "resolved events pile": "resolved",
    "unresolved": "unresolved",
    "unresolved events": "unresolved",
    "unresolved events pile": "unresolved",
    "box": "box",
    "escalation box": "box",
}
_KIND_PLACES = {
    "action": ("hand", "deck", "discard", "cg"),
    "secret": ("secret", "completed", "deck", "discard"),
    "faction": ("mat", "deck", "discard"),
    "tweet": ("deck", "discard", "slots"),
    "event": ("deck", "mandatory", "additional", "resolved", "unresolved"),
    "escalation": ("mandatory", "additional", "resolved", "unresolved", "box", "deck"),
}
_KIND_WORDS = {
    "action": "an Action card",
    "secret": "a Secret Objective",
    "faction": "a Faction",
    "tweet": "a Tweet",
    "event": "an Event",
    "escalation": "an Escalation",
}


def _whole(name: str, n) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"{name} must be a whole number from 0, not {n!r}")
    return n


class PositionEditor(Editor):
    """Gray Eminence's editor (see the module docstring for every method)."""

    def __enter__(self):
        self._refresh_round = False
        self._turn = None
        return super().__enter__()

    # -- the block's end: the checks of the position the block leaves ------------------------------------
    def __exit__(self, *exc):
        if exc[0] is None:
            if self._refresh_round:  # Phase 1 counts the round on: start it one lower
                self.d["round"] -= 1
            err = None
            if not self.game.problems(self.d):
                err = self._check_started()
            if err is not None:
                super().__exit__(type(err), err, None)  # puts the position back
                raise err
        return super().__exit__(*exc)

    def _started(self):
        """A copy of the edited position with its pending steps started (what the block's end will do)."""
        d = self.game.copy(self.d)
        P.advance(self.game, d, Log([], 0))
        return d

    def _check_started(self):
        from .validate import field_problems

        try:
            d = self._started()
        except (KeyError, IndexError, ValueError, TypeError) as e:  # a position the rules cannot go on from
            return self._bad(f"the edited position cannot be played on ({type(e).__name__}: {e})", "stuck")
        bad = self.game.problems(d) or field_problems(self.game, d)
        if bad:
            return self._bad("the edited position is not consistent: " + "; ".join(bad[:5]), "inconsistent")
        stuck = self._stuck_in(d)
        if stuck:
            return self._bad(
                f"the edited position leaves {stuck} with no legal choice in the "
                f"{P.TITLES.get(d['phase'], d['phase'])} phase",
                "stuck",
            )
        return None

    def _stuck_in(self, d) -> str:
        probe = self.state.clone()
        probe.data = d
        probe.version += 1
        names = [self.game.seat_name(s) for s in probe.to_act() if s != -1 and not probe.legal_actions(s)]
        return " and ".join(names)

    def _stuck(self) -> str:
        return self._stuck_in(self._started())

    # -- names -------------------------------------------------------------------------------------------
    def _names(self) -> dict:
        got = self.game.__dict__.get("_editor_names")
        if got is None:
            c = self.game.cards
            got = {}
            for fam in (c.actions, c.objectives, c.factions, c.tweets, c.events, c.eminences):
                for k, v in fam.items():
                    got.setdefault(v["name"].lower(), k)
            for k, v in c.escalations.items():
                for side in ("conflict", "allied"):
                    got.setdefault(v[side]["name"].lower(), f"{k}:{side}")
            self.game.__dict__["_editor_names"] = got
        return got

    def card(self, card) -> tuple:
        """``(id, kind)`` of a card named by id or name; kind: action, secret, faction, tweet, event,
        escalation (an Escalation id alone, "X01", is the card without a side)."""
        c = self.game.cards
        if not isinstance(card, str):
            raise self._bad(f"a card is named by its id or name (a text), not {card!r}", "unknown-card")
        ref = card.strip()
        if (
            not any(ref in fam for fam in (c.actions, c.objectives, c.factions, c.tweets, c.events))
            and ref.split(":")[0] not in c.escalations
        ):
            ref = self._names().get(ref.lower(), ref)
        for kind, fam in (
            ("action", c.actions),
            ("secret", c.objectives),
            ("faction", c.factions),
            ("tweet", c.tweets),
            ("event", c.events),
        ):
            if ref in fam:
                return ref, kind
        xid, _, side = ref.partition(":")
        if xid in c.escalations and side in ("", "conflict", "allied"):
            return ref, "escalation"
        raise self._bad(
            f"no card {card!r} in this game (an id such as 'A07' or a card's name)", "unknown-card"
        )

    def _in_play(self, ref, kind) -> None:
        """Refuse a card not used in this game's scenario (Glossary "Scenario symbols")."""
        from .view import _wanted

        fam = {
            "action": "action",
            "secret": "secret",
            "faction": "faction",
            "tweet": "tweet",
            "event": "event",
        }.get(kind)
        if fam is not None and ref not in _wanted(self.game)[fam]:
            if kind == "faction" and any(
                ref in self.game.cards.eminences[g]["factions"] for g in self.d["ge"] if g
            ):
                return
            raise self._bad(
                f"{self.game.cards.name(ref)} is not used in the scenario "
                f'{self.game.scenario["name"]} (Glossary "Scenario symbols")',
                "not-in-scenario",
            )

    # -- finding and taking a card -----------------------------------------------------------------------
    def _where(self, ref, kind) -> tuple:
        """``(list, index)`` of the card (a list holding the card itself or a ``[card, …]`` row), or
        ``(slot_name, None)`` for an event slot; refused while a pending step holds it."""
        d = self.d
        for f in d["frames"]:
            if f["t"] == "keep" and ref in f["cards"]:
                raise self._bad(
                    f"{self.game.cards.name(ref)} is being chosen (a Secret Objective dealt to be "
                    "kept): start a phase first (ed.phase) or play the choice",
                    "bad-place",
                )
        if kind == "action":
            for p in d["prog"]:
                if p and ref in [v for k, v in p.items() if k in "ABCD"]:
                    raise self._bad(
                        f"field 'prog': {self.game.cards.name(ref)} is programmed this round: take "
                        "the program back first (ed.program(who))",
                        "bad-place",
                    )
            places = [d["decks"]["action"], d["discards"]["action"], *d["hands"]]
        elif kind == "secret":
            places = [d["decks"]["secret"], d["discards"]["secret"], *d["secret"], *d["done"]]
        elif kind == "faction":
            places = [d["decks"]["faction"], d["discards"]["faction"]]
            for m in d["facs"]:
                for i, fc in enumerate(m):
                    if fc[0] == ref:
                        return m, i
        elif kind == "tweet":
            places = [d["decks"]["tweet"], d["discards"]["tweet"], d["tweets"]]
        else:
            base = ref.split(":")[0]
            for slot in ("mandatory", "additional"):
                if d[slot] and (d[slot] == ref or d[slot].split(":")[0] == base):
                    return slot, None
            for i, row in enumerate(d["resolved"]):
                if row[0].split(":")[0] == base:
                    return d["resolved"], i
            places = [d["decks"]["event"], d["unresolved"], d["box_esc"]]
            for lst in places:
                for i, x in enumerate(lst):
                    if x.split(":")[0] == base:
                        return lst, i
            raise self._bad(f"{self.game.cards.name(ref)} is not in play in this game", "not-found")
        if kind == "action":
            for i, (c, _s) in enumerate(d["cgpile"]):
                if c == ref:
                    return d["cgpile"], i
        for lst in places:
            if ref in lst:
                return lst, lst.index(ref)
        raise self._bad(
            f"{self.game.cards.name(ref)} is not in a deck, a discard pile or a player's cards in this game",
            "not-found",
        )

    def _remove(self, where) -> None:
        lst, i = where
        d = self.d
        if i is None:
            d[lst] = None
            return
        x = lst.pop(i)
        card = x[0] if isinstance(x, list) else x
        if lst is d["discards"]["action"] and card in d.get("facedown", []):
            d["facedown"].remove(card)
        if card in d["exposed"] and not any(card in h for h in d["secret"]):
            d["exposed"].remove(card)
        for cards in d["known"].values():  # (a seat's knowledge of where it was ends)
            if card in cards:
                cards.remove(card)

    # -- moves -------------------------------------------------------------------------------------------
    def move(
        self, card, to, who=None, *, at="top", refreshed=True, used=None, exposed=False, face_down=False
    ) -> None:
        """Put ``card`` at ``to`` (see the module docstring for the places of each kind of card)."""
        ref, kind = self.card(card)
        self._in_play(ref, kind)
        place = _PLACES.get(str(to).strip().lower()) if isinstance(to, str) else None
        if place is None or place not in _KIND_PLACES[kind]:
            raise self._bad(
                f"{self.game.cards.name(ref)} is {_KIND_WORDS[kind]}: it can go to "
                + ", ".join(repr(p if p != "cg" else "common good") for p in _KIND_PLACES[kind])
                + f", not {to!r}",
                "bad-place",
            )
        d = self.d
        s = None
        if place in ("hand", "secret", "completed", "mat", "cg"):
            if who is None:
                raise self._bad(f"moving a card to {to}: say whose (who=...)", "bad-place")
            s = self.seat(who)
        elif who is not None:
            raise self._bad(f"{to!r} belongs to no player: leave out who=", "bad-place")
        if kind == "escalation":
            xid, _, side = ref.partition(":")
            if place != "box" and not side:
                raise self._bad(
                    f"say which side of the {self.game.cards.name(xid)}: '{xid}:conflict' or '{xid}:allied'",
                    "bad-place",
                )
            if place == "deck" and side != "allied":
                raise self._bad(
                    "field 'decks.event': only an Allied Escalation joins the Event deck (Phase 7, "
                    "Relationship Chart changes)",
                    "bad-place",
                )
        if place == "mat":
            limit = E.rule(self.game, d, "faction_limit")
            mine = [fc for fc in d["facs"][s] if fc[0] != ref]
            if len(mine) >= limit:
                raise self._bad(
                    f"field 'facs': {self.game.seat_name(s)} already has {len(mine)} Factions, the "
                    f'limit is {limit} (Glossary "Factions")',
                    "too-many",
                )
            if not isinstance(refreshed, bool):
                raise self._bad(f"refreshed must be True or False, not {refreshed!r}", "bad-value")
        if place == "resolved":
            used = self._used(used)
        if place == "deck":
            self._depth(at, len(d["decks"][self._deck_of(kind)]))
        where = self._where(ref, kind)
        self._remove(where)
        if place == "hand":
            d["hands"][s].append(ref)
        elif place == "cg":
            d["cgpile"].append([ref, s])
        elif place == "secret":
            d["secret"][s].append(ref)
            if exposed and ref not in d["exposed"]:
                d["exposed"].append(ref)
        elif place == "completed":
            d["done"][s].append(ref)
        elif place == "mat":
            d["facs"][s].append([ref, refreshed])
        elif place == "discard":
            if kind == "action":
                M.discard_action(d, ref, face_down=bool(face_down))
            else:
                d["discards"][kind].append(ref)
        elif place == "slots":
            d["tweets"].append(ref)
        elif place == "deck":
            pile = d["decks"][self._deck_of(kind)]
            depth = self._depth(at, len(pile))
            pile.insert(len(pile) - depth, ref)
        elif place in ("mandatory", "additional"):
            old = d[place]
            if old is not None:
                self._put_back(old)
            d[place] = ref
        elif place == "resolved":
            d["resolved"].append([ref, used])
        elif place == "unresolved":
            d["unresolved"].append(ref)
        elif place == "box":
            d["box_esc"].append(ref.split(":")[0])

    @staticmethod
    def _deck_of(kind) -> str:
        return "event" if kind == "escalation" else kind

    def _depth(self, at, size) -> int:
        if at == "top":
            return 0
        if at == "bottom":
            return size
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= size:
            raise self._bad(
                f"at= must be 'top', 'bottom' or a depth from the top from 0 to {size}, not {at!r}",
                "bad-place",
            )
        return at

    def _used(self, used) -> list:
        if used is None:
            raise self._bad(
                "a resolved event keeps the resource types used to resolve it (Important things to "
                "remember): say used=['money'] or similar",
                "bad-value",
            )
        if isinstance(used, str):
            used = [used]
        if not isinstance(used, (list, tuple)) or not used or any(r not in M.RES for r in used):
            raise self._bad(
                f"used= must name resource types from {', '.join(M.RES)}, not {used!r}", "bad-value"
            )
        return [r for r in M.RES if r in used]

    def _put_back(self, ref) -> None:
        """An event taken out of a slot by hand: an Event to the bottom of the Event deck, an Escalation to
        the box (an Allied Escalation drawn from the deck to the deck's bottom)."""
        d = self.d
        if ":" in ref and not ref.endswith(":allied"):
            d["box_esc"].append(ref.split(":")[0])
        else:
            d["decks"]["event"].insert(0, ref)

    def stack(self, deck, cards) -> None:
        """Put ``cards`` on top of ``deck``, the first drawn first; each is taken from wherever it is."""
        if deck not in DECKS:
            raise self._bad(f"no deck {deck!r}: {', '.join(DECKS)}", "bad-place")
        if isinstance(cards, str):
            cards = [cards]
        refs = [self.card(c) for c in cards]
        want = {"event": ("event", "escalation")}.get(deck, (deck,))
        for ref, kind in refs:
            if kind not in want:
                raise self._bad(
                    f"{self.game.cards.name(ref)} is {_KIND_WORDS[kind]}: it does not belong in the "
                    f"{deck} deck",
                    "bad-place",
                )
        if len({r for r, _ in refs}) != len(refs):
            raise self._bad("a card is named twice in the deck's order", "bad-value")
        for ref, _kind in reversed(refs):
            self.move(ref, "deck", at="top")

    # -- amounts -----------------------------------------------------------------------------------------
    def _amounts(self, amounts) -> dict:
        out = {}
        for name, n in amounts.items():
            if name not in M.RES:
                raise self._bad(f"no resource {name!r}: {', '.join(M.RES)}", "bad-resource")
            try:
                out[M.RES.index(name)] = _whole(name, n)
            except ValueError as e:
                raise self._bad(str(e), "bad-resource") from None
        return out

    def resources(self, who, **amounts) -> None:
        """Set ``who``'s Box of Secrets: only the resources named (the Common Pool makes up the
        difference)."""
        s = self.seat(who)
        for r, n in self._amounts(amounts).items():
            self.d["minted"][r] += n - self.d["box"][s][r]
            self.d["box"][s][r] = n

    def pool(self, **amounts) -> None:
        """Set the Bidding Pool: only the resources named (the Common Pool makes up the difference)."""
        for r, n in self._amounts(amounts).items():
            self.d["minted"][r] += n - self.d["pool"][r]
            self.d["pool"][r] = n

    def vp(self, who, n: int) -> None:
        """Set ``who``'s Victory Point markers."""
        try:
            self.d["vp"][self.seat(who)] = _whole("Victory Points", n)
        except ValueError as e:
            raise self._bad(str(e), "bad-amount") from None

    def public_objective(self, who, done: bool = True) -> None:
        """Mark ``who``'s Public Objective (on its Gray Eminence card) completed or not."""
        s = self.seat(who)
        if not isinstance(done, bool):
            raise self._bad(f"done must be True or False, not {done!r}", "bad-value")
        if self.d["ge"][s] is None:
            raise self._bad(
                f"field 'pub_done': {self.game.seat_name(s)} has no Gray Eminence yet", "setup-pending"
            )
        self.d["pub_done"][s] = done

    # -- the visibility track ----------------------------------------------------------------------------
    def _no_placing(self) -> None:
        if any(f["t"] == "place" for f in self.d["frames"]):
            raise self._bad(
                "field 'track': the positions are being chosen after the bids (Phase 3): start a "
                "phase first (ed.phase)",
                "bad-phase",
            )

    def track(self, *seats) -> None:
        """The visibility track in turn order: In the Public Eye first, the Gray Eminences, In the Shadows
        last; every seat once (Glossary "Visibility Track"; "there must be a Public Eye and In the Shadows
        player")."""
        if len(seats) == 1 and isinstance(seats[0], (list, tuple)):
            seats = tuple(seats[0])
        n = self.d["n"]
        order = [self.seat(w) for w in seats]
        if sorted(order) != list(range(n)):
            raise self._bad(
                f"field 'track': name every seat once, in turn order ({n} seats; Glossary "
                '"Visibility Track")',
                "bad-track",
            )
        self._no_placing()
        t = [None] * 5
        t[0], t[4] = order[0], order[-1]
        for i, s in enumerate(order[1:-1]):
            t[1 + i] = s
        self.d["track"] = t

    def roles(self, public_eye=None, shadows=None) -> None:
        """Set who is In the Public Eye and who In the Shadows; the others are Gray Eminences in their present
        order (Phase 3, "Role Activation")."""
        order = M.order(self.d)
        eye = order[0] if public_eye is None else self.seat(public_eye)
        sh = order[-1] if shadows is None else self.seat(shadows)
        if eye == sh:
            raise self._bad(
                "field 'track': one player cannot be both In the Public Eye and In the Shadows "
                "(Phase 3, Role Activation)",
                "bad-track",
            )
        self.track([eye, *[s for s in order if s not in (eye, sh)], sh])

    # -- Factions, events, relationships, round ----------------------------------------------------------
    def faction(self, card, refreshed: bool = True) -> None:
        """Turn a Faction on a playmat to its Refreshed (``True``) or Exhausted (``False``) side."""
        ref, kind = self.card(card)
        if kind != "faction":
            raise self._bad(f"{self.game.cards.name(ref)} is not a Faction", "bad-value")
        if not isinstance(refreshed, bool):
            raise self._bad(f"refreshed must be True or False, not {refreshed!r}", "bad-value")
        for m in self.d["facs"]:
            for fc in m:
                if fc[0] == ref:
                    fc[1] = refreshed
                    return
        raise self._bad(f"field 'facs': {self.game.cards.name(ref)} is on no player's playmat", "not-found")

    _MISSING = object()

    def events(self, mandatory=_MISSING, additional=_MISSING) -> None:
        """Set the Event slots (only the ones named; ``None`` empties a slot)."""
        for slot, v in (("mandatory", mandatory), ("additional", additional)):
            if v is self._MISSING:
                continue
            if v is None:
                old = self.d[slot]
                if old is not None:
                    self.d[slot] = None
                    self._put_back(old)
                continue
            self.move(v, slot)

    def relations(self, levels=None, **kw) -> None:
        """Set relationship markers: ``relations(EU="Conflict", China=1)`` or a dict (level names or
        -2..2)."""
        want = dict(levels or {}, **kw)
        names = {v.lower(): k for k, v in M.LEVELS.items()}
        out = {}
        for e, v in want.items():
            if e not in self.d["rel"]:
                raise self._bad(
                    f"field 'rel': {e!r} is not an entity of the scenario {self.game.scenario['name']} "
                    f"({', '.join(self.d['rel'])})",
                    "bad-entity",
                )
            if isinstance(v, str) and v.strip().lower() in names:
                v = names[v.strip().lower()]
            if isinstance(v, bool) or not isinstance(v, int) or not -2 <= v <= 2:
                raise self._bad(
                    f"field 'rel.{e}': a relationship is one of "
                    + ", ".join(f"{k} ({n})" for k, n in M.LEVELS.items())
                    + f' (Glossary "Relationship"), not {v!r}',
                    "bad-value",
                )
            out[e] = v
        self.d["rel"].update(out)

    def round(self, n: int) -> None:
        """Set the round (1 to the game's length: 5 standard, 8 long)."""
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= self.d["rounds"]:
            raise self._bad(
                f"field 'round': a round from 1 to {self.d['rounds']} ({self.game.length} game), not {n!r}",
                "bad-round",
            )
        self._setup_done("round")
        self.d["round"] = n

    def escalated(self, flag: bool) -> None:
        """Whether an Escalation already happened this round (only the first marker escalates)."""
        if not isinstance(flag, bool):
            raise self._bad(f"field 'escalated' must be True or False, not {flag!r}", "bad-value")
        self.d["escalated"] = flag

    def _setup_done(self, field) -> None:
        d = self.d
        if d["phase"] == "setup" or any(g is None for g in d["ge"]):
            raise self._bad(
                f"field '{field}': the game is still in its setup (Gray Eminences and Secret "
                "Objectives being chosen): play the setup first, e.g. state.play_until(...)",
                "setup-pending",
            )

    # -- programs ----------------------------------------------------------------------------------------
    def program(self, who, A=None, B=None, C=None, D=None, side=None) -> None:
        """``who``'s programmed cards this round (Phase 4): A Common Good, B Personal Gain, C discard, D the
        optional fourth (``side`` "common" or "personal"), from its hand.  ``program(who)`` alone takes the
        program back into the hand."""
        d = self.d
        s = self.seat(who)
        if any(f["t"] in ("program", "act") for f in d["frames"]):
            raise self._bad(
                "field 'prog': the programs are being chosen or played now: start a phase first (ed.phase)",
                "bad-phase",
            )
        slots = {k: v for k, v in (("A", A), ("B", B), ("C", C), ("D", D)) if v is not None}
        refs = {}
        for k, v in slots.items():
            ref, kind = self.card(v)
            if kind != "action":
                raise self._bad(f"slot {k}: {self.game.cards.name(ref)} is not an Action card", "bad-value")
            refs[k] = ref
        if len(set(refs.values())) != len(refs):
            raise self._bad("a card is programmed twice", "bad-value")
        filled = [k for k in "ABCD" if k in refs]
        if filled != list("ABCD"[: len(filled)]):
            raise self._bad(
                "field 'prog': slots are filled A, B, C, then the optional D (Phase 4, Programming)",
                "bad-value",
            )
        if "D" in refs and side not in ("common", "personal"):
            raise self._bad("the fourth card's side must be 'common' or 'personal' (Phase 4)", "bad-value")
        old = d["prog"][s] or {}
        hand = d["hands"][s] + [v for k, v in old.items() if k in "ABCD"]
        for k, ref in refs.items():
            if ref not in hand:
                raise self._bad(
                    f"slot {k}: {self.game.cards.name(ref)} is not in {self.game.seat_name(s)}'s hand "
                    "(Phase 4: cards are programmed from the hand)",
                    "not-found",
                )
        d["hands"][s] = [c for c in hand if c not in refs.values()]
        if refs:
            p = dict(refs)
            if "D" in refs:
                p["side"] = side
            d["prog"][s] = p
        else:
            d["prog"][s] = None

    # -- phases and turns --------------------------------------------------------------------------------
    def phase(self, name) -> None:
        """Start ``name`` (one of the nine phases, or "role activation") this round (see the module
        docstring)."""
        key = _PHASE_WORDS.get(str(name).strip().lower()) if isinstance(name, (str, int)) else None
        if key is None:
            raise self._bad(
                f"no phase {name!r}: " + ", ".join(P.TITLES.values()) + " (or 1-9, or 'role activation')",
                "bad-phase",
            )
        self._setup_done("phase")
        d = self.d
        if d["result"] is not None:
            raise self._bad("field 'phase': the game is over", "bad-phase")
        self._clear_frames()
        i = P.ROUND.index("bidding" if key == "roles" else key)
        if i <= P.ROUND.index("programming"):
            for s in range(d["n"]):
                if d["prog"][s]:
                    self.program(s)
        if i <= P.ROUND.index("action"):
            for c, s in d["cgpile"]:
                d["hands"][s].append(c)
            d["cgpile"] = []
        if i <= P.ROUND.index("tweets"):
            d["discards"]["tweet"] += d["tweets"]
            d["tweets"] = []
        if i <= P.ROUND.index("resolution"):
            d["status"] = {}
        d.setdefault("status", {})
        if key == "event" and d["mandatory"] is not None:  # it is the one drawn
            ref, d["mandatory"] = d["mandatory"], None
            d["decks"]["event"].append(ref)
        self._refresh_round = key == "refresh"
        if key == "roles":
            d["phase"] = "bidding"
            d["todo"] = list(P.ROUND[i + 1 :])
            d["frames"] = [{"t": "roles"}]
        else:
            d["todo"] = list(P.ROUND[i:])

    def _clear_frames(self) -> None:
        d = self.d
        for f in d["frames"]:
            if f["t"] == "keep":
                d["decks"]["secret"].extend(f["cards"])
        if any(f["t"] == "place" for f in d["frames"]) and d.get("old_track"):
            if any(s is None for s in d["track"][:1] + d["track"][4:]) or len(M.order(d)) != d["n"]:
                d["track"] = list(d["old_track"])
        d["frames"] = []
        self._turn = None

    def turn(self, who, phase=None) -> None:
        """Make it ``who``'s turn in the Action or Scoring phase (this one, or ``phase``)."""
        d = self.d
        s = self.seat(who)
        self._setup_done("turn")
        key = d["phase"] if phase is None else _PHASE_WORDS.get(str(phase).strip().lower())
        if phase is None and d.get("todo") and not d["frames"]:  # a phase() of this block not yet started
            key = d["todo"][0]
        if key not in ("action", "scoring"):
            raise self._bad(
                f"field 'phase': {P.TITLES.get(key, key)} has no single player's turn to set (Bidding, "
                "Programming and votes are sealed and simultaneous, Trading is by proposals): "
                "use ed.phase(...); a turn is set in the Action or Scoring phase",
                "not-supported",
            )
        order = M.order(d)
        before = order[: order.index(s)]
        if key == "action":
            busy = [x for x in before if d["prog"][x]]
            if busy:
                raise self._bad(
                    "field 'prog': the Action phase is played in turn order (Phase 6): "
                    + ", ".join(self.game.seat_name(x) for x in busy)
                    + f" before {self.game.seat_name(s)} still "
                    + ("has" if len(busy) == 1 else "have")
                    + " programmed cards "
                    "(take them back with ed.program(who))",
                    "bad-turn",
                )
        self._clear_frames()
        d.setdefault("status", {})
        self._refresh_round = False
        i = P.ROUND.index(key)
        d["phase"] = key
        d["todo"] = list(P.ROUND[i + 1 :])
        later = order[order.index(s) :]
        if key == "action":
            frames = []
            for x in later:
                p = d["prog"][x] or {}
                left = [k for k in "ABCD" if k in p]
                frames.append(
                    {
                        "t": "act",
                        "seat": x,
                        "left": left,
                        "k": len(left),
                        "used": {"pg": 0, "cg": 0, "dis": 0},
                    }
                )
        else:
            frames = [{"t": "score", "seat": x} for x in later]
        d["frames"] = []
        P.push_seq(d, frames)
