"""Small helpers for the tutorial notebooks: a still picture of a position, the legend, and a coach that
answers the reader's clicks on a lesson board.

    from illumi_widgets.lessons import coach, picture, show_legend
    picture(board, "Before: Blue influences B2; B3 is face-down")   # the position as a still picture
    coach(board, ["scout B3 from B2"], "You scouted B3.")           # a line that reacts to clicks
    show_legend(board)                                              # what the symbols and colours mean

Needs IPython and ipywidgets (Jupyter); the rest of the package does not import this module.
"""

from __future__ import annotations

import html

__all__ = ["Coach", "coach", "now", "picture", "show_legend"]


def picture(board, caption: str = "") -> None:
    """Show ``board`` as it is now as a still picture (the SVG a saved notebook shows) with a caption."""
    from IPython.display import HTML, SVG, display

    if caption:
        display(HTML(f"<p><b>{html.escape(caption)}</b></p>"))
    display(SVG(board.to_svg()))


def now(board) -> str:
    """What the game waits for now, in words ("Blue: take an action (2 main actions left) or end the
    turn"); several lines for simultaneous decisions."""
    state = board.state
    game = state.game
    if state.is_terminal():
        return "The game is over."
    lines = []
    for d in state.decisions():
        ask = getattr(game, "prompt", None)
        lines.append(ask(state.data, d.seat, d.kind) if callable(ask) and d.seat >= 0 else d.prompt)
    return "\n".join(lines)


def legend_html(game, seat=0) -> str:
    """The game's legend (``Game.legend``) as an HTML table: a colour swatch, the symbol, its meaning."""
    rows = []
    for e in game.legend(seat):
        color = html.escape(str(e.get("color") or "#888"))
        swatch = (f"<span style='display:inline-block;width:0.9em;height:0.9em;background:{color};"
                  "border:1px solid #555;margin-right:0.4em;vertical-align:middle'></span>")
        rows.append(f"<tr><td style='text-align:left;white-space:nowrap'>{swatch}<b>"
                    f"{html.escape(str(e.get('symbol') or ''))}</b></td>"
                    f"<td style='text-align:left'>{html.escape(str(e['text']))}</td></tr>")
    return "<table>" + "".join(rows) + "</table>"


def show_legend(board, seat=0) -> None:
    """Display what the board's symbols, abbreviations and colours mean."""
    from IPython.display import HTML, display

    display(HTML(legend_html(board.state.game, seat)))


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


def coach(board, moves: list, done: str, ask: str | None = None):
    """A line that follows ``board`` and tells the reader how the lesson's ``moves`` (notation, in order;
    an entry may be a tuple of moves that are all right, e.g. any of three arrows) are going: what to
    click first, each step done, a different move (with what it was), and ``done`` at the end.  Press ↶
    on the board to go back and try again: the line follows.  ``ask``: what to tell the reader to do first
    (default: the first move's label)."""
    global Coach
    if Coach is None:
        Coach = _coach_class()
    state = board.state
    game = state.game
    start = len(state.history)
    steps = [tuple(m) if isinstance(m, (tuple, list)) else (m,) for m in moves]

    def label(notation) -> str:
        if isinstance(notation, tuple):
            return " or ".join(label(n) for n in notation)
        try:
            act = state.parse(notation)
            return game.label(state.data, act, act.seat)
        except Exception:  # noqa: BLE001 - a move that cannot be read now: say it as written
            return notation

    first = label(steps[0])
    todo = html.escape(ask or first)
    invite = f"Your turn on the live board: <b>{todo}</b>."
    line = Coach(value="➜ " + invite)

    def update() -> None:
        played = [a.notation() for a in state.history[start:] if a.seat >= 0]
        right = 0
        while right < min(len(played), len(steps)) and played[right] in steps[right]:
            right += 1
        if not played:
            line.value = "➜ " + invite
        elif right == len(steps):
            line.value = f"✔ {html.escape(done)} (Press ↶ on the board to take it back and try it again.)"
        elif right == len(played):
            nxt = label(steps[right])
            line.value = f"✔ Good. Now: <b>{html.escape(nxt)}</b>."
        else:
            last = next(a for a in reversed(state.history) if a.seat >= 0)
            line.value = (f"✘ That was “{html.escape(game.label(state.data, last, last.seat))}”; this lesson "
                          f"asks: {todo}. Press ↶ to take it back.")

    board.match.subscribe(update)
    return line
