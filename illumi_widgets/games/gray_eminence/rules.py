"""Gray Eminence (DDP Games) for 3–5 players: the Game hooks.

The product rulings are restated, numbered, in ``RULES-NOTES.md``; choices where the rulebook and the
rulings are silent are marked ``READING:`` and listed there too.  The round and its
nine phases live in ``phases.py``, the effect vocabulary in ``effects.py``, the card data in ``data.py``,
per-seat views in ``view.py``, notation in ``notation.py``.
"""

from __future__ import annotations

from functools import partial
from itertools import combinations

from ...engine import CHANCE, Action, Decision, EngineError, Game, IllegalAction
from ...engine import negotiation as N
from ...engine.errors import NotationError, quote
from ...engine.game import Log
from ..fieldcheck import trial_problems
from . import actions as _actions
from . import effects as E
from . import model as M
from . import phases as P
from .data import load_cards
from .view import prompt as _prompt

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple")
LENGTHS = M.LENGTHS  # (kept here too: the game's options are read here)
SEALED = ("bid", "program", "vote")


def _illegal(code: str, message: str) -> IllegalAction:
    return IllegalAction(message, code=code)


class GrayEminenceGame(Game):
    name = "gray-eminence"
    title = "Gray Eminence"
    min_players = 3
    max_players = 5  # RULINGS: the visibility track has five positions
    seat_names = SEAT_NAMES
    presenter = "illumi_widgets.games.gray_eminence.scene"
    option_names = ("scenario", "length", "cards", "tweet_vote", "contest")
    text_options = ("scenario", "length")  # words, never file names (a position or record may carry them)

    def __init__(self, players: int = 4, **options):
        super().__init__(players, **options)
        self.seat_names = SEAT_NAMES[:players]
        self._format = self.format  # (one bound method for every action listed and kept, not one each)
        self.cards = load_cards(options.get("cards"))
        scen = options.get("scenario", "eu")
        if not isinstance(scen, str) or scen not in self.cards.scenarios:
            raise EngineError(
                f"scenario must be one of {', '.join(self.cards.scenarios)}, not {quote(scen)}",
                code="bad-option",
            )
        self.scenario = self.cards.scenarios[scen]
        length = options.get("length", "standard")
        if not isinstance(length, str) or length not in LENGTHS:
            raise EngineError(
                f"length must be 'standard' (5 rounds) or 'long' (8 rounds), not {quote(length)}",
                code="bad-option",
            )
        self.length = length
        for key in ("tweet_vote", "contest"):
            if not isinstance(options.get(key, False), bool):
                raise EngineError(f"{key} must be True or False, got {options[key]!r}", code="bad-option")
        self.tweet_vote = options.get("tweet_vote", False)  # optional rule of Phase 5
        self.contest = options.get("contest", False)  # optional rule of Phase 9 (contested objectives)

    # -- helpers ------------------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return "chance" if seat == CHANCE else SEAT_NAMES[seat]

    @staticmethod
    def vec_text(v) -> str:
        parts = [f"{n} {r}" for r, n in zip(M.RES, v, strict=True) if n]
        return ", ".join(parts) or "nothing"

    def act(self, seat, kind, *args) -> Action:
        return Action(seat, kind, args, "", self._format)  # (``*args`` is a tuple already)

    def format(self, kind, args) -> str:
        from .notation import format_action

        return format_action(kind, args)

    def parse(self, d, text, seat) -> Action:
        from .notation import parse_words

        kind, args = parse_words(text)
        if seat is None:
            raise NotationError("say which seat acts")
        return self.act(seat, kind, *args)

    # -- engine hooks -------------------------------------------------------------------------------------
    def setup(self) -> dict:
        return M.new_position(self.players, self.scenario["id"], LENGTHS[self.length])

    def copy(self, d):
        return M.clone(d)

    def snapshot(self, d, previous):
        return M.snapshot(d, previous)  # (shares what did not change since the previous checkpoint)

    def encode(self, d):
        return M.clone(d)

    def decode(self, obj):
        if not isinstance(obj, dict) or obj.get("n") != self.players:
            raise NotationError("not a Gray Eminence position for this player count (field 'n')",
                                code="bad-position")
        from .validate import field_problems

        d = M.clone(obj)
        # untrusted input: every field checked (naming it, ``validate.py``), the consistency checks, then the
        # pending steps played on copies
        bad = field_problems(self, d) or self.problems(d) or trial_problems(self, d, self._trial_advance)
        if bad:
            raise NotationError("; ".join(bad[:5]), code="bad-position")
        return d

    def _trial_advance(self, d) -> None:
        P.advance(self, d, Log([], 0))

    def outcome(self, d):
        return d["result"]

    def chance_pending(self, d) -> bool:
        return d["result"] is None and bool(d["frames"]) and d["frames"][-1]["t"] in ("deal", "shuffle")

    def sample_chance(self, d, rng) -> Action:
        return self.act(CHANCE, d["frames"][-1]["t"], rng.next64() >> 1)

    def frame_seat(self, d, f):
        t = f["t"]
        if t == "fx":
            return f["pick"]["seat"] if f.get("pick") else None
        if t == "place":
            return f["order"][0]
        if t == "trade":
            return N.current(f)
        return f.get("seat")

    def decisions(self, d) -> list:
        """The pending decisions: one per seat for a sealed step (``bid``, ``program``, ``vote``), else the
        one seat of the top step; the kind is the step's name (an effect's choice is ``pick``; chance decides
        ``deal`` and ``shuffle``).  Every kind, who decides it and its actions: RULES-NOTES.md "Decision
        kinds"."""
        if d["result"] is not None or not d["frames"]:
            return []
        f = d["frames"][-1]
        t = f["t"]
        if t in ("deal", "shuffle"):
            what = (
                "shuffle the decks and the visibility track"
                if t == "deal"
                else "shuffle the Common Good pile"
            )
            return [Decision(CHANCE, t, f"Chance: {what}", None)]
        if t in SEALED:
            return [Decision(s, t, partial(self.prompt, d, f, s), None, sealed=True)  # (worded when read)
                    for s in self.sealed_seats(d, f)]
        s = self.frame_seat(d, f)
        return [Decision(s, t if t != "fx" else "pick", partial(self.prompt, d, f, s), None)]

    #: the game-site preferences a board offers besides the generic ones (``Match.set_auto``)
    auto_prefs = {"no_choice": "Answer for me when a step has one sensible answer",
                  "ask_trades": "Ask me each round whether to propose a trade"}

    def auto_answer(self, d, decision, prefs, bots=frozenset()):
        """A step with one sensible answer, taken for a person with ``"no_choice"`` on: the trading step
        (proposing a trade is optional: RULES-NOTES.md item 13) is passed unless they asked to be asked
        (``"ask_trades"``); refreshing no (more) Factions when none can be paid for is the only option (the
        Match takes those)."""
        if "no_choice" not in prefs or "ask_trades" in prefs or not d["frames"] or d["result"] is not None:
            return None
        if d["frames"][-1]["t"] == "trade":
            return next((a for a in self.legal(d, decision.seat) if a.kind == "pass"), None)
        return None

    def sealed_seats(self, d, f) -> list:
        t = f["t"]
        if t == "bid":
            return [s for s in M.order(d) if len(f["bids"].get(str(s), [])) < 3]
        if t == "program":
            return [s for s in M.order(d) if not P.program_done(d, f, s)]
        return [s for s in M.order(d) if str(s) not in f["votes"]]

    def prompt(self, d, f, s) -> str:
        return _prompt(self, d, f, s)  # (view.prompt, imported once: a prompt is made for every decision)

    # -- candidates -----------------------------------------------------------------------------------------
    def legal(self, d, seat) -> list:
        return self.candidates(d, seat)

    def candidates(self, d, seat) -> list:
        if d["result"] is not None or not d["frames"] or seat is None or seat == CHANCE:
            return []
        f = d["frames"][-1]
        t = f["t"]
        if t in SEALED:
            if seat not in self.sealed_seats(d, f):
                return []
        elif self.frame_seat(d, f) != seat:
            return []
        a = self.act
        if t == "eminence":
            return [a(seat, "eminence", gid) for gid in self.cards.eminences if gid not in d["ge"]]
        if t == "keep":
            return [a(seat, "keep", c) for c in f["cards"]]
        if t == "handlimit":
            if len(d["hands"][seat]) <= E.rule(self, d, "hand_limit"):
                return []
            return [a(seat, "discard", c) for c in d["hands"][seat]]
        if t == "refresh":
            return [
                a(seat, "refresh", fc[0])
                for fc in d["facs"][seat]
                if not fc[1] and self._can_pay(d, seat, self.cards.factions[fc[0]].get("refresh_cost"))
            ] + [a(seat, "done")]
        if t == "bid":
            got = f["bids"].get(str(seat), [])
            r = len(got)
            return [a(seat, "bid", M.RES[r], k) for k in range(d["box"][seat][r] + 1)]
        if t == "place":
            return [a(seat, "place", x) for x in P.place_options(d, f)]
        if t == "drop":
            return [a(seat, "drop", fc[0]) for fc in d["facs"][seat]]
        if t == "expose":
            return [a(seat, "expose", x) for x in d["secret"][seat] if x not in d["exposed"]]
        if t == "rolegain":
            return [a(seat, "gain", r) for r in f["options"]]
        if t == "blackmail":
            return [a(seat, "blackmail", o, fc[0]) for o in M.order(d) if o != seat for fc in d["facs"][o]]
        if t == "bmanswer":
            return [a(seat, "comply"), a(seat, "refuse")]
        if t == "penalty":
            return [a(seat, "penalty", x) for x in (*M.RES, "objective")]
        if t == "show":
            return [a(seat, "show", x) for x in d["secret"][seat]]
        if t == "shadowtake":
            return [a(seat, "take", r) for i, r in enumerate(M.RES) if d["pool"][i] > 0]
        if t == "program":
            return self._program_candidates(d, f, seat)
        if t == "fx":
            return [a(seat, "pick", r) for r in f["pick"]["options"]]
        if t == "act":
            return self._act_candidates(d, f, seat)
        if t == "vote":
            if f["what"] == "entity":
                return [a(seat, "vote", "yes"), a(seat, "vote", "no")]
            return [a(seat, "vote", i + 1) for i in f["options"]]
        if t == "trade":
            return [a(seat, "propose", o) for o in M.order(d) if o != seat and N.may_propose(f, seat)] + [
                a(seat, "pass")
            ]
        if t == "terms":
            return self._terms_candidates(d, f, seat)
        if t == "answer":
            return self._answer_candidates(d, f, seat)
        if t == "score":
            return self._score_candidates(d, seat)
        if t == "contest":
            return self._contest_candidates(d, f, seat)
        if t == "addone":
            return [a(seat, "donate", r) for i, r in enumerate(M.RES) if d["box"][seat][i] > 0] + [
                a(seat, "pass")
            ]
        return []

    def _can_pay(self, d, seat, vec) -> bool:
        return vec is not None and all(d["box"][seat][E.R[r]] >= n for r, n in vec.items())

    def _program_candidates(self, d, f, seat) -> list:
        p = f["progs"].get(str(seat), {})
        used = {p.get(x) for x in "ABCD"}
        hand = [c for c in d["hands"][seat] if c not in used]
        for slot in "ABC":
            if slot not in p:
                return [self.act(seat, "program", slot, c) for c in hand]
        out = [self.act(seat, "program", "done")]
        gray = M.role(d, seat) == "gray_eminence"  # It pays to be Gray: the fourth card is free
        cost = 0 if gray else E.rule(self, d, "fourth_cost")
        for c in hand:
            for side in ("common", "personal"):
                if cost == 0:
                    out.append(self.act(seat, "program", "D", c, side))
                else:
                    out += [
                        self.act(seat, "program", "D", c, side, r)
                        for i, r in enumerate(M.RES)
                        if d["box"][seat][i] >= cost
                    ]
        return out

    def describe_deal(self, deal, viewer) -> str:
        from .view import describe_deal

        return describe_deal(self, deal, viewer)

    def _act_candidates(self, d, f, seat) -> list:
        out = []
        p = d["prog"][seat]
        rem = len(f["left"]) - 1
        for slot in f["left"]:
            c = p[slot]
            for purpose, key in (("personal", "pg"), ("common", "cg"), ("discard", "dis")):
                used = dict(f["used"])
                used[key] += 1
                if P.assignment_ok(f["k"], used, rem):
                    out.append(self.act(seat, "resolve", c, purpose))
        out += [self.act(seat, "exhaust", fc[0]) for fc in d["facs"][seat] if fc[1]]
        if not f["left"]:
            out.append(self.act(seat, "done"))
        return out

    def _terms_candidates(self, d, f, seat) -> list:
        to, fmt = f["to"], self._format
        give, get = f["give"], f["get"]
        n_terms = sum(v if isinstance(v, int) else len(v) for x in (give, get) for v in x.values())
        # (the actions built directly, not through ``act``: a trade's terms are the most listed step)
        out = [Action(seat, "send", (), "", fmt)] if n_terms else []
        out.append(Action(seat, "cancel", (), "", fmt))
        if n_terms >= P.MAX_TERMS:
            return out
        box = d["box"][seat]
        for i, r in enumerate(M.RES):
            if box[i] > give.get(r, 0):
                out.append(Action(seat, "offer", (r,), "", fmt))
            if get.get(r, 0) < 5:
                out.append(Action(seat, "ask", (r,), "", fmt))
        given = give.get("cards", [])
        out += [Action(seat, "offer", ("card", c), "", fmt) for c in d["hands"][seat] if c not in given]
        if get.get("cards", 0) < len(d["hands"][to]):
            out.append(Action(seat, "ask", ("card",), "", fmt))
        given = give.get("facs", [])
        out += [Action(seat, "offer", ("faction", fc[0]), "", fmt)
                for fc in d["facs"][seat] if fc[0] not in given]
        asked = get.get("facs", [])
        out += [Action(seat, "ask", ("faction", fc[0]), "", fmt)
                for fc in d["facs"][to] if fc[0] not in asked]
        given = give.get("objs", [])
        out += [Action(seat, "offer", ("objective", x), "", fmt) for x in d["secret"][seat] if x not in given]
        if get.get("objs", 0) < len(d["secret"][to]):
            out.append(Action(seat, "ask", ("objective",), "", fmt))
        if d["vp"][seat] > give.get("vp", 0):
            out.append(Action(seat, "offer", ("vp",), "", fmt))
        if get.get("vp", 0) < d["vp"][to]:
            out.append(Action(seat, "ask", ("vp",), "", fmt))
        return out

    def _answer_candidates(self, d, f, seat) -> list:
        get = f["deal"]["get"]
        ok = (
            all(d["box"][seat][i] >= get.get(r, 0) for i, r in enumerate(M.RES))
            and d["vp"][seat] >= get.get("vp", 0)
            and all(any(fc[0] == x for fc in d["facs"][seat]) for x in get.get("facs", []))
        )
        out = [self.act(seat, "decline")]
        if not ok:
            return out
        k, o = get.get("cards", 0), get.get("objs", 0)
        if len(d["hands"][seat]) < k or len(d["secret"][seat]) < o:
            return out
        picks = [c + x for c in combinations(d["hands"][seat], k) for x in combinations(d["secret"][seat], o)]
        return [self.act(seat, "accept", *p) for p in picks[:60]] + out

    def _score_candidates(self, d, seat) -> list:
        out = []
        ge = self.cards.eminences[d["ge"][seat]]["objective"]
        if not d["pub_done"][seat] and self.objective_met(d, seat, ge):
            out.append(self.act(seat, "complete", "public"))
        for x in d["secret"][seat]:
            if self.objective_met(d, seat, self.cards.objectives[x]):
                out.append(self.act(seat, "complete", x))
        return out + [self.act(seat, "pass")]

    def _contest_candidates(self, d, f, seat) -> list:
        obj = self.cards.objectives[f["obj"]]
        out = [self.act(seat, "contest")]  # (no amount: let the claim stand)
        if not E.condition(self, d, obj["requires"], seat):
            return out
        others = {r: n for r, n in obj["spend"].items() if r != f["res"]}
        if not self._can_pay(d, seat, others):
            return out
        have = d["box"][seat][E.R[f["res"]]]
        return out + [self.act(seat, "contest", k) for k in range(f["best"] + 1, have + 1)]

    def objective_met(self, d, seat, obj) -> bool:
        """The condition holds ("prove it" is decided here, on hidden state) and the spend is affordable."""
        return E.condition(self, d, obj["requires"], seat) and self._can_pay(d, seat, obj["spend"])

    # -- check: legal actions are the candidates; the reason names the rule ----------------------------------
    def check(self, d, a: Action):
        from .explain import why

        if a.seat == CHANCE:
            f = d["frames"][-1] if d["frames"] else None
            if (
                f is not None
                and f["t"] == a.kind
                and f["t"] in ("deal", "shuffle")
                and len(a.args) == 1
                and isinstance(a.args[0], int)
                and a.args[0] >= 0
            ):
                return None
            return _illegal("not-chance", "chance does not decide this now")
        if a in self.candidates(d, a.seat):
            return None
        return why(self, d, a)

    # -- perform ---------------------------------------------------------------------------------------------
    def perform(self, d, a: Action, log) -> None:
        getattr(_actions, "do_" + a.kind)(self, d, a, log)  # (imported once: this is every action's path)
        P.advance(self, d, log)

    def after_edit(self, d, log) -> None:
        P.advance(self, d, log)

    def finish(self, d, log) -> None:
        from .scoring import final

        d["result"] = final(self, d, log)

    def history_rows(self, steps, seat) -> list[dict]:
        """The history table: bids, roles, programs, Action-phase decisions, votes with their tallies and
        trades, per round (``history.py``; a seat's rows from what it may read)."""
        from .history import history_rows

        return history_rows(self, steps, seat)

    def final_report(self, d, seat) -> dict:
        from .summary import final_report

        return final_report(self, d, seat)

    # -- views, secrets, consistency -------------------------------------------------------------------------
    def view(self, d, seat) -> dict:
        from .view import make_view

        return make_view(self, d, seat)

    def secrets(self, d, seat) -> set:
        from .view import secrets

        return secrets(self, d, seat)

    def problems(self, d) -> list:
        """What makes ``d`` impossible: resources and cards conserved, the track (``view.problems``; checked
        after every action, so kept cheap). A position from outside is first checked field by field
        (``validate.py``, in ``decode``)."""
        from .view import problems

        return problems(self, d)

    def determinize(self, d, seat, rng):
        from .determinize import determinize

        return determinize(self, d, seat, rng)

    # -- bots ------------------------------------------------------------------------------------------------
    #: the search bot's position evaluation and playout preferences (``evaluation.py``: each seat's chance to
    #: win from its expected final score; playouts decline trades and complete objectives)
    bot_hints = "illumi_widgets.games.gray_eminence.evaluation"

    # -- presentation hooks (plain English; see view.py) -----------------------------------------------------
    def public_action(self, d, action, seat) -> str:
        """Another seat's past decision as ``seat`` may read it (bots' history): see notation.public_text."""
        from .notation import public_text

        return action.notation() if action.seat == seat else public_text(action.kind, action.args)

    def label(self, d, action, seat=None) -> str:
        from .view import label

        return label(self, d, action, seat)

    def hint(self, d, seat, entity):
        from .view import hint

        return hint(self, d, seat, entity)

    def legend(self, seat=None) -> list:
        from .view import legend

        return legend(self, seat)

    def confirm(self, d, action):
        from .view import confirm

        return confirm(self, d, action)

    def touched(self, d, action) -> list:
        from .view import touched

        return touched(self, d, action)
