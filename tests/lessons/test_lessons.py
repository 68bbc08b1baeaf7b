"""Every lesson of notebooks 04 (Primordial Secrets) and 05 (Gray Eminence) played: its intended solution
and another right one finish it, a wrong legal move gets "That works too, but …" with the lesson's own words
and changes nothing the learner cannot take back, an illegal move gets the rules' own reason and changes
nothing."""

from __future__ import annotations

import pytest

from illumi_widgets.lessons import gray_eminence, primordial

SEQUENCES = {"gray-eminence": gray_eminence, "primordial": primordial}
LESSONS = [(game, key) for game, mod in SEQUENCES.items() for key, _make in mod.ORDER]


def _lesson(game: str, key: str):
    return dict(SEQUENCES[game].ORDER)[key]()


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


@pytest.mark.parametrize(("game", "key"), LESSONS)
def test_wrong_legal_move_gets_the_lessons_words(game, key):
    lesson = _lesson(game, key)
    case = SEQUENCES[game].cases(key, lesson)
    if case["wrong"] is None:  # every legal move is right in this lesson: check that one is accepted
        match = lesson.start()
        match._lesson_start = len(match.state.history)
        match.run_bots()
        legal = match.state.legal_actions(lesson.seat)
        assert lesson.attempt(match, legal[-1]).kind in ("done", "step")
        return
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
    before = (match.state.version, len(match.state.history))
    reason = match.state.explain(match.state.parse(case["illegal"], lesson.seat)) \
        if _reads(match.state, case["illegal"], lesson.seat) else None
    verdict = lesson.attempt(match, case["illegal"])
    assert verdict.kind == "illegal", verdict
    assert (match.state.version, len(match.state.history)) == before
    if reason is not None:
        assert reason in verdict.text  # the engine's own words
    assert lesson.judge(match.state, match._lesson_start).kind == "waiting"


def _reads(state, text, seat) -> bool:
    try:
        state.parse(text, seat)
    except Exception:  # noqa: BLE001 - text that is no move at all: its own reason is a notation error
        return False
    return True


def test_a_lesson_names_its_goal_and_hints_in_turn():
    lesson = _lesson("gray-eminence", "bid")
    match = lesson.start()
    assert lesson.judge(match.state, len(match.state.history)).text.endswith(lesson.goal)
    assert [lesson.hint(), lesson.hint(), lesson.hint()] == [*lesson.hints, lesson.hints[-1]]


def test_a_done_entry_ending_in_a_star_accepts_any_move_that_begins_so():
    """"scout *" is any Scout (any card, from anywhere), as a teacher writes it; a different action is still
    judged wrong, in a sentence that ends before the way back is offered."""
    from illumi_widgets.lessons import Lesson

    lesson = Lesson("pax", players=2, seat=0, goal="Scout a face-down card", done=["scout *"])
    match = lesson.start()
    scouts = [a.notation() for a in match.legal_actions() if a.notation().startswith("scout ")]
    assert len(scouts) >= 2
    for move in scouts[:2]:
        assert lesson.attempt(lesson.start(), move).kind == "done"
    other = next(a.notation() for a in match.legal_actions() if not a.notation().startswith("scout"))
    verdict = lesson.attempt(lesson.start(), other)
    assert verdict.kind == "wrong"
    assert "Scout a face-down card." in verdict.text


def test_the_lesson_board_takes_no_step_for_the_learner():
    """A person's board against bots answers for them where the game sees one sensible answer (Gray Eminence
    passes a trade for a player who did not ask to be asked): on a lesson's board that answer would be the
    lesson's own move taken for the learner, who would meet "That works too, but passing …" before doing
    anything.  The lesson board waits for the learner."""
    from illumi_widgets.lessons.display import lesson_board

    lesson = _lesson("gray-eminence", "trade")
    board = lesson_board(lesson)
    start = board.match._lesson_start
    assert [a for a in board.state.history[start:] if a.seat == lesson.seat] == []
    assert lesson.judge(board.state, start).kind == "waiting"
    assert board.coach_line.value.startswith("➜ ")
    assert "trade" in {d.kind for d in board.state.decisions() if d.seat == lesson.seat}


def _all_lessons():
    from illumi_widgets.lessons import illuminati, pax

    mods = {**SEQUENCES, "pax": pax, "illuminati": illuminati}
    return [(game, key) for game, mod in mods.items() for key, _make in mod.ORDER], mods


@pytest.mark.parametrize(("game", "key"), _all_lessons()[0])
def test_a_lesson_that_allows_several_ways_has_another_tested(game, key):
    """Where a lesson's cases name no other right solution, no other first move is accepted either (else
    the tests would play only one of the ways the lesson allows); the intended first move always is (the
    other solutions are played whole by test_lesson_is_played_by_its_solutions and its Pax and Illuminati
    twin)."""
    mod = _all_lessons()[1][game]
    lesson = dict(mod.ORDER)[key]()
    case = mod.cases(key, lesson)
    match = lesson.start()
    match.run_bots()
    start = len(match.state.history)
    accepted = []
    for act in match.state.legal_actions(lesson.seat):
        state = match.state.clone()
        state.apply(act)
        if lesson.judge(state, start).kind in ("done", "step"):
            accepted.append(act.notation())
    assert match.state.parse(case["solution"][0], lesson.seat).notation() in accepted, (accepted, case)
    if case["other"] is None:
        assert len(accepted) == 1, accepted


def test_the_gray_eminence_setup_lesson_shows_what_each_choice_means():
    """The setup lesson asks the learner to point at each Gray Eminence and read their Public Objective and
    what they start with (rulebook, Game Setup step 5): the board's hover over each offered card says both,
    not just the name."""
    from illumi_widgets.lessons.display import state_svg

    lesson = _lesson("gray-eminence", "eminence")
    state = lesson.start().state
    svg = state_svg(state, lesson.seat)
    offered = [a.args[0] for a in state.legal_actions(lesson.seat) if a.kind == "eminence"]
    assert len(offered) >= 3
    for gid in offered:
        e = state.game.cards.eminences[gid]
        assert f"{e['name']}\nStarts with " in svg or f"{e['name']}&#10;Starts with " in svg, e["name"]
        plain = svg.replace("&#x27;", "'").replace("&#39;", "'")
        assert f"Public Objective, {e['objective']['name']}" in plain
