"""The Primordial Secrets lessons of notebook 04: plotting, a visit and its timing windows, the comparison,
recruiting, the round end and the three endings; each position found by play (:func:`.positions.reach`)
and, for the endings, brought to the brink with the position editor.

``sequence()`` returns ``{key: Lesson}`` in teaching order; ``cases(key, lesson)`` the moves the tests play.
"""

from __future__ import annotations

from ..editor import edit
from ..engine import load_record
from ..match import Match
from .core import Lesson
from .positions import cached, in_order, last_kind, legal_notes, reach, to_decide

__all__ = ["cases", "sequence"]

GAME = "primordial"
RED = 0


def _top(state) -> dict:
    return state.data["frames"][-1] if state.data["frames"] else {}


def _mine(state) -> bool:
    return any(d.seat == RED for d in state.decisions())


def _record(key: str, want, first: int = 1) -> dict:
    seeds = range(first, first + 150)
    return cached(f"ps:{key}", lambda: reach(GAME, want, seat=RED, players=3, seeds=seeds))


def _types(state, frame) -> set:
    return {state.game.types[i] for i in frame.get("options", ())}


def _edited(key: str, rec: dict, change) -> str:
    """Position text: the record's position changed by ``change(ed, state)`` in the position editor."""
    def build() -> str:
        st = load_record(rec)
        with edit(st) as ed:
            change(ed, st)
        return Match.from_state(st).position()

    return cached(f"ps:{key}:edited", build)


def plot() -> Lesson:
    rec = _record("plot", lambda s: to_decide(s, RED, "plot"))
    return Lesson(
        GAME, rec, seat=RED, title="Plotting: hosts, visitors and an Intent",
        goal="Plot your round: choose three cards to stay home as hosts (the rest of your hand visits) and "
             "the Intent Visit Left, to Blue.",
        before="Before: Red's hand of six cards and five Intents; everyone plots at once, in secret.",
        done=lambda state, moves: moves[-1].kind == "plot" and moves[-1].notation().endswith(" left"),
        hints=["Hosts defend with their deceit; visitors attack with their insight and recruit with their "
               "devotion.", "Pick any three hosts, then the Intent “Visit Left (to Blue)”."],
        feedback={"wrong": "this lesson sends your visitors to Blue, on your left (Intent Visit Left).",
                  "done": "Sealed. When everyone has plotted the Intents are shown together, and the visits "
                          "begin with the First Visitor."})


def window() -> Lesson:
    rec = _record("window", lambda s: _mine(s) and _top(s).get("t") == "choose"
                  and _top(s).get("kind") == "choose" and len(_types(s, _top(s))) >= 2)
    card, _, effect = _top(load_record(rec)).get("why", "").partition(": ")
    said = f"Your {card}'s effect has triggered in its timing window: {effect}." if effect else \
        "Your card's effect has triggered in its timing window."
    return Lesson(
        GAME, rec, seat=RED, title="A visit: an effect in its timing window",
        goal=f"{said} Choose the card it targets.",
        before="Before: Red visits; an effect of Red's party waits for its target.",
        done=last_kind("choose"),
        hints=["Every triggered effect must happen; only its target (and the order within a window) is "
               "yours to choose.", "The windows go: before visiting, before hosting, when visiting, when "
               "hosting; then the comparison; then after visiting and after hosting."],
        feedback={"done": "Done: the effect lasts for this visit. The next window follows, then the "
                          "comparison of insight against deceit."})


def comparison() -> Lesson:
    rec = _record("comparison", lambda s: to_decide(s, RED, "sacrifice") and "messenger" in _types(s, _top(s))
                  and len(_types(s, _top(s))) >= 3)
    return Lesson(
        GAME, rec, seat=RED, title="The comparison: a lost visit",
        goal="Your visitors' insight fell below the host's deceit: the host Sacrifices one of your visitors, "
             "and you choose which. Give up a Messenger, your weakest card.",
        before="Before: the comparison went against Red's visitors.",
        done=lambda state, moves: moves[-1].notation().split()[1:2] == ["messenger"],
        hints=["Insight minus deceit: 4 or more steals a Secret, below 0 loses a visitor, anything between "
               "does neither."],
        feedback={"wrong": "that card is stronger than a Messenger; a lost visitor goes to the host's "
                           "Sacrifices for good.",
                  "done": "The Messenger goes to the host's Sacrifices: it counts for them at the end."})


def steal() -> Lesson:
    rec = _record("steal", lambda s: _mine(s) and _top(s).get("kind") == "steal"
                  and len(s.legal_actions(RED)) >= 2, first=6)
    return Lesson(
        GAME, rec, seat=RED, title="The comparison: a Secret stolen",
        goal="Your visitors' insight beat the host's deceit by 4 or more: look through the host's Secrets "
             "and steal one.",
        before="Before: the comparison went Red's way by 4 or more.",
        done=lambda state, moves: moves[-1].kind in ("steal", "choose"),
        hints=["Any Secret will do: each one counts the same at the end.",
               "The host's Secrets lie face up on the host's mat while you look through them: click one to "
               "steal it."],
        feedback={"done": "Stolen: the Secret joins your Intents, and you may play it as an Intent later."})


def recruit() -> Lesson:
    rec = _record("recruit", lambda s: to_decide(s, RED, "recruit") and len(s.legal_actions(RED)) >= 3)
    return Lesson(
        GAME, rec, seat=RED, title="Recruiting from the Court",
        goal="Recruit at least one card from the Court with your visitors' devotion, then finish recruiting.",
        before="Before: Red's visit is over; the Court's cards Red's devotion can pay for are highlighted.",
        done=lambda state, moves: any(a.kind == "recruit" for a in moves)
        and (moves[-1].kind == "done" or not to_decide(state, RED, "recruit")),
        allow=lambda state, act: act.kind == "recruit",
        hints=["A card's tribute must fit the devotion your visitors have left; devotion is not spent for "
               "later, so use it now.", "Click a card of the Court, then “Done recruiting”."],
        feedback={"wrong": "devotion left unused is lost at the end of the visit: recruit something first.",
                  "done": "Recruited: the cards go to your Discard and join your hand when your Deck is "
                          "shuffled."})


def round_end() -> Lesson:
    rec = _record("reset", lambda s: to_decide(s, RED, "reset") and len(s.legal_actions(RED)) >= 2, first=16)
    return Lesson(
        GAME, rec, seat=RED, title="The round end: keeping five Intents",
        goal="Every fourth round the Intents are reset: choose the five Intents you keep for the next four "
             "rounds (in secret).",
        before="Before: the round is over; Red chooses which Intents to keep.",
        done=last_kind("reset"),
        hints=["A stolen Secret can be kept as an Intent, and still counts as your Secret at the end."],
        feedback={"done": "Kept. The parties go to the Discards, the First Visitor Token moves on, and the "
                          "end conditions are checked."})


def _held_secrets(ed, st) -> None:
    f = _top(st)
    victim = next(x for x in range(st.data["n"])
                  if x != RED and set(f["options"]) <= set(st.data["secrets"][x]))
    other = next(x for x in range(st.data["n"]) if x not in (RED, victim))
    for inst in list(st.data["secrets"][other])[:5]:
        ed.move(inst, "intent_discard", who=RED)


def end_secrets() -> Lesson:
    rec = _record("steal", lambda s: _mine(s) and _top(s).get("kind") == "steal"
                  and len(s.legal_actions(RED)) >= 2, first=6)
    pos = _edited("end-secrets", rec, _held_secrets)
    return Lesson(
        GAME, pos, seat=RED, title="Ending 1: a sixth Secret",
        goal="You hold five stolen Secrets. Steal a sixth: the game ends at the end of this round.",
        before="Before: Red holds five Secrets and is about to steal one.",
        done=lambda state, moves: any(r == "secrets" for r, _s in state.data["ends"]),
        hints=["Any Secret is the sixth."],
        feedback={"done": "The sixth Secret: the game ends when this round ends; most Secrets wins, "
                          "Sacrifices break a tie."})


def _host_sacrifices(ed, st) -> None:
    host = st.data["turn"]["h"]
    for inst in list(st.data["pawn_deck"])[-5:]:
        ed.move(inst, "sacrifices", who=host)


def end_sacrifices() -> Lesson:
    rec = _record("comparison", lambda s: to_decide(s, RED, "sacrifice") and "messenger" in _types(s, _top(s))
                  and len(_types(s, _top(s))) >= 3)
    pos = _edited("end-sacrifices", rec, _host_sacrifices)
    return Lesson(
        GAME, pos, seat=RED, title="Ending 2: a sixth Sacrifice",
        goal="The host already holds five Sacrifices and your visit was lost: whichever visitor you give up "
             "is their sixth. Choose one.",
        before="Before: the host holds five Sacrifices.",
        done=lambda state, moves: any(r == "sacrifices" for r, _s in state.data["ends"]),
        hints=["Any visitor: the game ends either way at the end of this round."],
        feedback={"done": "The sixth Sacrifice: the game ends when this round ends; most Sacrifices wins, "
                          "Secrets break a tie."})


def _last_royal(ed, st) -> None:
    g, d = st.game, st.data
    keep = next(i for i in g.recruit_options(d) if g.cards[g.types[i]].kind == "royal")
    for inst in [i for i in (*d["court_royals"], *d["royal_deck"]) if i != keep]:
        ed.move(inst, "banished")


def _royal_rec() -> dict:
    def want(s) -> bool:
        g = s.game
        return to_decide(s, RED, "recruit") and any(g.cards[g.types[i]].kind == "royal"
                                                    for i in g.recruit_options(s.data))
    return _record("royal", want, first=78)


def end_royal() -> Lesson:
    pos = _edited("end-royal", _royal_rec(), _last_royal)
    return Lesson(
        GAME, pos, seat=RED, title="Ending 3: the last Royal",
        goal="Only one Royal is left in the Court, and you can pay for it. Recruit it: the game ends at the "
             "end of this round.",
        before="Before: the last Royal waits in the Court.",
        done=lambda state, moves: any(r == "royal" for r, _s in state.data["ends"]),
        allow=lambda state, act: act.kind == "recruit" and state.game.cards[act.args[0]].kind == "royal",
        hints=["A Royal needs tribute and enough Sacrifices held (they are not spent)."],
        feedback={"wrong": "another card first spends the devotion the last Royal needs, and finishing "
                           "without the Royal lets the game go on; this lesson ends it.",
                  "done": "The last Royal: the game ends when this round ends; Secrets, Sacrifices and "
                          "Royals score 1 point each."})


ORDER = (("plot", plot), ("window", window), ("comparison", comparison), ("steal", steal),
         ("recruit", recruit), ("round_end", round_end), ("end_secrets", end_secrets),
         ("end_sacrifices", end_sacrifices), ("end_royal", end_royal))


def sequence() -> dict:
    """The lessons in teaching order: ``{key: Lesson}``."""
    return in_order(ORDER)


def cases(key: str, lesson: Lesson) -> dict:
    """Moves the tests play on ``lesson`` (see :func:`.gray_eminence.cases`)."""
    st, legal, _first = legal_notes(lesson, RED)
    g = st.game

    def by(pred) -> list:
        return [a for a in legal if pred(a)]

    def then_done(note: str) -> list:  # a recruit, and "done" if the learner may still recruit after it
        probe = st.clone()
        probe.apply(probe.parse(note, RED))
        return [note, "done"] if to_decide(probe, RED, "recruit") else [note]

    def royal(note: str) -> bool:  # a Royal's label names its Sacrifice cost
        return "Sacrifice" in g.label(st.data, st.parse(note, RED), RED)

    table = {
        "plot": lambda: {"solution": [by(lambda a: a.endswith(" left"))[0]],
                         "other": [by(lambda a: a.endswith(" left"))[-1]],
                         "wrong": [by(lambda a: a.endswith(" home"))[0]], "illegal": "plot host scout"},
        "window": lambda: {"solution": [legal[0]], "other": [legal[1]], "wrong": None,
                           "illegal": "choose emissary"},
        "comparison": lambda: {"solution": ["sacrifice messenger"], "other": None,
                               "wrong": [by(lambda a: a.split()[1] != "messenger")[0]],
                               "illegal": "sacrifice emissary"},
        "steal": lambda: {"solution": [legal[0]], "other": [legal[1]], "wrong": None,
                          "illegal": "recruit bard"},
        "recruit": lambda: {"solution": then_done(by(lambda a: a.startswith("recruit"))[0]),
                            "other": then_done(by(lambda a: a.startswith("recruit"))[1]), "wrong": ["done"],
                            "illegal": "recruit emissary"},
        "round_end": lambda: {"solution": [legal[0]], "other": [legal[1]], "wrong": None,
                              "illegal": "done"},
        "end_secrets": lambda: {"solution": [legal[0]], "other": [legal[1]], "wrong": None,
                                "illegal": "done"},
        "end_sacrifices": lambda: {"solution": [legal[0]], "other": [legal[1]], "wrong": None,
                                   "illegal": "done"},
        "end_royal": lambda: {"solution": [by(lambda a: a.startswith("recruit") and royal(a))[0]],
                              "other": None, "wrong": ["done"], "illegal": "sacrifice messenger"},
    }
    return table[key]()
