"""Lessons in a notebook: a picture that fits the cell, the legend, the coach line under a live board, and
a whole lesson in one cell (:func:`show_lesson`).

    from illumi_widgets.lessons import coach, picture, show_legend
    picture(board, "Before: Blue influences B2; B3 is face-down")   # the position as a still picture
    coach(board, ["scout B3 from B2"], "You scouted B3.")           # a line that reacts to clicks
    show_legend(board)                                              # what the symbols and colours mean

Needs IPython and ipywidgets (Jupyter); the engine never imports this module.
"""

from __future__ import annotations

import html
import re

__all__ = ["Coach", "coach", "fit_svg", "legend_html", "now", "picture", "show_legend"]

BOARDS = {"pax": "PaxIlluminaten", "illuminati": "Illuminati", "primordial": "PrimordialSecrets",
          "gray-eminence": "GrayEminence"}
FIT = "max-width:100%;height:auto;display:block"


def fit_svg(svg: str) -> str:
    """SVG text made to fit its cell: no wider than the cell (``max-width:100%``), its height following.  The
    root element's own ``style``, if it has one, is replaced (an element with two is not well-formed XML)."""
    found = re.search(r"<svg\b[^>]*>", svg)
    if found is None:
        return svg
    tag = re.sub(r"""\sstyle\s*=\s*("[^"]*"|'[^']*')""", "", found.group(0))
    tag = f'<svg style="{FIT}"' + tag[len("<svg"):]
    return svg[:found.start()] + tag + svg[found.end():]


PART = "Part of the table; the whole table is the live board below."


def _picture_html(svg: str, caption: str, note: str = "") -> str:
    head = f"<p><b>{html.escape(caption)}</b></p>" if caption else ""
    tail = f"<p><i>{html.escape(note)}</i></p>" if note else ""
    return (f"{head}<div class='illumi-picture' style='max-width:100%;overflow:hidden'>{fit_svg(svg)}</div>"
            f"{tail}")


def picture(board, caption: str = "") -> None:
    """Show ``board`` as it is now as a still picture that fits the cell, with a caption."""
    from IPython.display import HTML, display

    display(HTML(_picture_html(board.to_svg(), caption)))


def state_svg(state, seat) -> str:
    """The board picture of ``state`` as ``seat`` sees it (no widget made)."""
    from ..match import Match
    from ..widget import scene_to_svg

    snap = Match.from_state(state.clone()).snapshot(f"seat:{seat}")
    return scene_to_svg(snap["scene"])


def fit_picture(state, seat, caption: str = ""):
    """An HTML object (display it, or leave it last in a cell) of ``state`` as ``seat`` sees it, fitting
    the cell."""
    from IPython.display import HTML

    return HTML(_picture_html(state_svg(state, seat), caption))


def lesson_picture(lesson, caption: str = ""):
    """An HTML object of ``lesson``'s position before the move, readable in the cell (:mod:`.picture`)."""
    from IPython.display import HTML

    from .framing import lesson_svg

    svg, part = lesson_svg(lesson, lesson.start().state)
    return HTML(_picture_html(svg, caption, PART if part else ""))


def now(board) -> str:
    """What the game waits for now, in words; several lines for simultaneous decisions."""
    state = board.state
    if state.is_terminal():
        return "The game is over."
    return "\n".join(d.prompt for d in state.decisions())


def legend_html(game, seat=0, entries=None) -> str:
    """The game's legend (``Game.legend``, or ``entries`` in its shape) as an HTML table."""
    rows = []
    for e in game.legend(seat) if entries is None else entries:
        color = html.escape(str(e.get("color") or ""))
        swatch = (f"<span style='display:inline-block;width:0.9em;height:0.9em;background:{color};"
                  "border:1px solid #555;margin-right:0.4em;vertical-align:middle'></span>") if color else ""
        rows.append(f"<tr><td style='text-align:left;white-space:nowrap'>{swatch}<b>"
                    f"{html.escape(str(e.get('symbol') or ''))}</b></td>"
                    f"<td style='text-align:left'>{html.escape(str(e['text']))}</td></tr>")
    return "<table>" + "".join(rows) + "</table>"


def show_legend(board, seat=0) -> None:
    """Display what the board's symbols, abbreviations and colours mean, after the rules of the moment
    (what the board's "?" shows)."""
    from IPython.display import HTML, display

    display(HTML(legend_html(board.state.game, seat, entries=list(board.legend) or None)))


def _coach_class():
    import ipywidgets as widgets

    class Coach(widgets.HTML):
        """A line of text under a lesson board; a saved notebook shows its text (``text/html``)."""

        def _repr_mimebundle_(self, **kwargs):
            bundle = super()._repr_mimebundle_(**kwargs)
            data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
            return {**(data or {}), "text/html": self.value}, meta

    return Coach


Coach = None  #: the widget class, made on first use (ipywidgets is imported only then)


def _line(value: str):
    global Coach
    if Coach is None:
        Coach = _coach_class()
    return Coach(value=value)


def coach(board, moves: list, done: str, ask: str | None = None):
    """A line that follows ``board`` and tells the reader how the lesson's ``moves`` (notation, in order;
    an entry may be a tuple of moves that are all right, e.g. any of three arrows, or end in ``" *"`` for
    any legal move that begins so: ``"place *"``, any card placed) are going: what to
    click next, each step done, a different move (with what it was), and ``done`` at the end.  Press ↶
    on the board to go back and try again: the line follows.  ``ask``: what to tell the reader to do first
    (default: the first move's label)."""
    state = board.state
    game = state.game
    start = len(state.history)
    steps = [tuple(m) if isinstance(m, (tuple, list)) else (m,) for m in moves]

    def same(played, wanted) -> bool:
        # the same move however it was spelled: the notation read now, or the label; "place *": any place
        if played.notation() == wanted:
            return True
        if wanted.endswith(" *"):
            return played.notation().startswith(wanted[:-1])
        try:
            return board.state.parse(wanted, played.seat).notation() == played.notation()
        except Exception:  # noqa: BLE001 - a spelling that no longer reads now is not this move
            return False

    def label(notation) -> str:
        if isinstance(notation, tuple):
            return " or ".join(label(n) for n in notation)
        if notation.endswith(" *"):  # any move of that kind the rules allow now
            st = board.state
            fits = [game.label(st.data, a, a.seat) for a in board.legal_actions()
                    if a.notation().startswith(notation[:-1])]
            return " or ".join(fits[:3]) + (" (or another)" if len(fits) > 3 else "") if fits else notation
        try:
            act = board.state.parse(notation)
            return game.label(board.state.data, act, act.seat)
        except Exception:  # noqa: BLE001 - a move that cannot be read now: say it as written
            return notation

    announced = {0: ask or label(steps[0])}  # each step's words as said when it became the next step
    invite = f"Your turn on the live board: <b>{html.escape(announced[0])}</b>."
    line = _line("➜ " + invite)

    def update() -> None:
        st = board.state
        played = [a for a in st.history[start:] if a.seat >= 0]
        right = 0
        while right < min(len(played), len(steps)) and any(same(played[right], w) for w in steps[right]):
            right += 1
        if not played:
            line.value = "➜ " + invite
        elif right == len(steps):
            line.value = f"✔ {html.escape(done)} (Press ↶ on the board to take it back and try it again.)"
        elif right == len(played):
            announced[right] = label(steps[right])
            line.value = f"✔ Good. Now: <b>{html.escape(announced[right])}</b>."
        else:
            last = played[right]
            todo = announced.get(right) or label(steps[right])  # the step still to do, never one done
            said = html.escape(game.label(st.data, last, last.seat))
            line.value = (f"✘ That was “{said}”; the next step of this lesson is: {html.escape(todo)}. "
                          "Press ↶ to take it back.")

    board.match.subscribe(update)
    return line


# ---------------------------------------------------------------------------------------------- lessons
def lesson_board(lesson, **kwargs):
    """A live board on ``lesson``'s position for its seat, with ``board.coach_line`` following the moves."""
    import illumi_widgets

    match = lesson.start()
    match._lesson_start = len(match.state.history)
    cls = getattr(illumi_widgets, BOARDS[match.game.name])
    board = cls(match=match, seat=lesson.seat, auto=False, **kwargs)  # no step is taken for the learner
    line = _line("➜ " + html.escape(lesson.judge(match.state, match._lesson_start).text))
    board.coach_line = line

    def update() -> None:
        verdict = lesson.judge(match.state, match._lesson_start)
        line.value = ("➜ " if verdict.kind == "waiting" else "") + html.escape(verdict.text)

    match.subscribe(update)
    return board


def show_lesson(lesson) -> None:
    """Display a lesson: its goal, the picture before the move, the live board, the coach line, the Hint
    and Start again buttons and a box to type a move (the board is then ``lesson.live``)."""
    import ipywidgets as widgets
    from IPython.display import HTML, display

    title = f"<h3>{html.escape(lesson.title)}</h3>" if lesson.title else ""
    display(HTML(f"{title}<p><b>Your goal:</b> {html.escape(lesson.goal)}</p>"))
    display(lesson.picture())
    board = lesson.board()
    display(board)
    hint = widgets.Button(description="Hint", tooltip="One more hint")
    again = widgets.Button(description="Start again", tooltip="Back to the lesson position")
    said = _line("")

    def on_hint(_b) -> None:
        said.value = "💡 " + html.escape(lesson.hint())

    def on_again(_b) -> None:
        lesson.restart(board.match)
        said.value = ""

    typed = widgets.Text(placeholder="or type a move, e.g. pass", continuous_update=False,
                         layout=widgets.Layout(width="22em"))
    verdict_at = {"moves": None}  # the learner's moves when a typed move's verdict was said

    def learner_moves() -> int:
        st = board.state
        return sum(1 for a in st.history[getattr(board.match, "_lesson_start", 0):] if a.seat == lesson.seat)

    def on_typed(change) -> None:  # judged like a click; an illegal move gets the rules' reason
        text = str(change["new"]).strip()
        if text:
            said.value = html.escape(lesson.attempt(board.match, text).text)
            verdict_at["moves"] = learner_moves()
            typed.value = ""

    def on_change() -> None:  # a typed move's verdict goes once the learner moves on (or takes a move back)
        if verdict_at["moves"] is not None and learner_moves() != verdict_at["moves"]:
            said.value = ""
            verdict_at["moves"] = None

    board.match.subscribe(on_change)

    hint.on_click(on_hint)
    again.on_click(on_again)
    typed.observe(on_typed, names="value")
    display(widgets.VBox([board.coach_line, widgets.HBox([hint, again, typed]), said]))
    lesson.live = board  # (the board on screen, for a notebook cell or a test to reach)
