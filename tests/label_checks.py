"""Shared checks of what a player reads (issue 13 §3), for every game's ``tests/<game>/test_labels.py``: each
game gives its own patterns of what must not be read (``leaks(text) -> [what was found]``); these walk the
decisions, the status line, the scene's texts and the legend."""

from __future__ import annotations

from illumi_widgets import OMNISCIENT


def scene_texts(scene: dict):
    """Every text a scene shows: text items and tooltips."""
    for it in scene["items"]:
        if it["t"] == "text":
            yield it["s"]
        if "tip" in it:
            yield it["tip"]


def check_decision_texts(state, leaks, kinds: set) -> int:
    """Every pending decision's labels (one per action, never the notation, all distinct), its prompt and the
    confirmations read plainly (``leaks`` finds nothing); adds the action kinds seen to ``kinds`` and returns
    how many decisions were checked."""
    game, data = state.game, state.data
    decisions = 0
    for d in state.decisions():
        if d.seat < 0 or d.options is None:
            continue
        decisions += 1
        labels: dict[str, str] = {}
        for a in d.options:
            kinds.add(a.kind)
            label = game.label(data, a, d.seat)
            assert label and label != a.notation(), a
            assert not leaks(label), (label, leaks(label), a.notation())
            labels.setdefault(a.notation(), label)
        # distinct actions (by notation; the engine lists each once) have distinct labels
        assert len(set(labels.values())) == len(labels), sorted(labels.values())
        prompt = game.prompt(data, d.seat, d.kind)
        assert not leaks(prompt), (prompt, d.prompt)
        for a in d.options:
            text = game.confirm(data, a)
            assert text is None or not leaks(text), text
    return decisions


def check_shown_texts(state, scene, status_text, leaks, scene_leaks) -> None:
    """The status line (``leaks``) and every scene text (``scene_leaks``) of a seat's, a spectator's and the
    omniscient view read plainly; ``scene(view, game)`` and ``status_text(view, game)`` are the game's."""
    game = state.game
    for seat in (0, None, OMNISCIENT):
        view = state.view(seat)
        status = status_text(view, game)
        assert not leaks(status), status
        for text in scene_texts(scene(view, game)):
            assert not scene_leaks(text), (text, scene_leaks(text))


def check_legend(entries: list, you: str) -> str:
    """Every legend entry is ``{symbol, color, text}`` with a text, and ``you``'s colour says "you"; returns
    the legend's texts as one text (for the game's own checks)."""
    assert all(set(e) == {"symbol", "color", "text"} and e["text"] for e in entries)
    assert any(e["symbol"] == you and "you" in e["text"] for e in entries)
    return " ".join(e["text"] for e in entries)
