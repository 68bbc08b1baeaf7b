"""Every lesson of notebooks 01 (Pax Illuminaten) and 02 (Illuminati) played: its intended solution and
another right one finish it, a wrong legal move gets "That works too, but …" with the lesson's own words,
an illegal move gets the rules' own reason and changes nothing."""

from __future__ import annotations

import pytest

from illumi_widgets.lessons import illuminati, pax

SEQUENCES = {"pax": pax, "illuminati": illuminati}
LESSONS = [(game, key) for game, mod in SEQUENCES.items() for key, _make in mod.ORDER]


def _lesson(game: str, key: str):
    return dict(SEQUENCES[game].ORDER)[key]()


def _reads(state, text, seat) -> bool:
    try:
        state.parse(text, seat)
    except Exception:  # noqa: BLE001 - text that is no move at all: its own reason is a notation error
        return False
    return True


@pytest.mark.parametrize(("game", "key"), LESSONS)
def test_lesson_is_played_by_its_solutions(game, key):
    lesson = _lesson(game, key)
    case = SEQUENCES[game].cases(key, lesson)
    verdict = lesson.solve(case["solution"])
    assert verdict.kind == "done", (case["solution"], verdict)
    assert verdict.text.startswith("✔ ")
    if case["other"] is not None:
        assert case["other"] != case["solution"]
        other = lesson.solve(case["other"])
        assert other.kind == "done", (case["other"], other)


STEPPED = [("pax", k) for k in ("scout", "influence", "extort", "organize", "expel", "oust", "end_turn")] \
    + [("illuminati", "victory")]


@pytest.mark.parametrize(("game", "key"), STEPPED)
def test_a_step_on_the_way_is_neither_done_nor_wrong(game, key):
    lesson = _lesson(game, key)
    case = SEQUENCES[game].cases(key, lesson)
    assert len(case["solution"]) >= 2
    verdict = lesson.solve(case["solution"][:1])
    assert verdict.kind == "step", verdict
    assert verdict.text.endswith(lesson.goal)


@pytest.mark.parametrize(("game", "key"), LESSONS)
def test_wrong_legal_move_gets_the_lessons_words(game, key):
    lesson = _lesson(game, key)
    case = SEQUENCES[game].cases(key, lesson)
    assert case["wrong"] is not None
    verdict = lesson.solve(case["wrong"])
    assert verdict.kind == "wrong", (case["wrong"], verdict)
    assert verdict.text.startswith("That works too, but ")
    assert "take it back" in verdict.text
    said = [v for k, v in lesson.feedback.items() if k != "done"]
    assert any(s[1:] in verdict.text for s in said), verdict.text


@pytest.mark.parametrize(("game", "key"), LESSONS)
def test_illegal_move_gets_the_rules_reason_and_changes_nothing(game, key):
    lesson = _lesson(game, key)
    case = SEQUENCES[game].cases(key, lesson)
    match = lesson.start()
    match._lesson_start = len(match.state.history)
    match.run_bots()
    before = (match.state.version, len(match.state.history), match.position())
    reason = match.state.explain(match.state.parse(case["illegal"], lesson.seat)) \
        if _reads(match.state, case["illegal"], lesson.seat) else None
    verdict = lesson.attempt(match, case["illegal"])
    assert verdict.kind == "illegal", verdict
    assert verdict.text.startswith("✘ ")
    assert (match.state.version, len(match.state.history), match.position()) == before
    if reason is not None:
        assert reason in verdict.text  # the engine's own words
    assert lesson.judge(match.state, match._lesson_start).kind == "waiting"


@pytest.mark.parametrize("game", list(SEQUENCES))
def test_every_lesson_names_goal_title_and_hints(game):
    for key, lesson in SEQUENCES[game].sequence().items():
        assert lesson.title and lesson.goal and lesson.before, key
        assert lesson.hints, key
        assert "done" in lesson.feedback and "wrong" in lesson.feedback, key
        assert lesson.hint() == lesson.hints[0]


def test_the_pax_score_line_counts_the_plot_just_claimed():
    """The board's score line ("Plots with Influence (two win)") counts each seat's held Plots: the view
    lists claims per Plot, then per seat ({plot: {seat: "on" | "under"}}); a claim that went under does not
    count (EN Plot Victory: Influence on two Plots wins)."""
    lesson = pax.victory()
    match = lesson.start()
    assert "(two win): Blue 1, Red 0, Green 0" in match.snapshot("seat:0")["status"]["score"]
    plot = pax.plot()
    match = plot.start()
    assert "(two win): Blue 0, Red 0, Green 0" in match.snapshot("seat:0")["status"]["score"]
    plot.attempt(match, "claim plot dispersed-contacts")
    assert "(two win): Blue 1, Red 0, Green 0" in match.snapshot("seat:1")["status"]["score"]


def test_illuminati_victory_is_won_only_by_the_thirteenth_group():
    """Red's 12 Groups meet neither goal (13 Groups; the Bavarians' total Power of 35, p.2): ending the turn
    without the Loan Sharks does not win, with them it does."""
    lesson = illuminati.victory()
    st = lesson.start().state
    game = st.game
    assert len(game.groups_of(st.data, 0)) == 12 and not game.goal_met(st.data, 0)
    for move in ("done", "done"):
        st.apply(st.parse(move, 0))
    assert not st.is_terminal()
    assert lesson.solve(illuminati.cases("victory", lesson)["solution"]).kind == "done"
