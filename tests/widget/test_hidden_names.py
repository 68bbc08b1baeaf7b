"""No board says the NAME of a card its viewer may not see (issue 31: the screen-reader text and everything a
board sends; issue 14: the leak scan).

The leak scan (``board_leaks.py``, ``engine.testing.hidden_ids``) matches ids, and the names a game lists
among its ``secrets``.  Pax Illuminaten's Luminary cards and Primordial Secrets' cards are listed by id only,
yet the board speaks in names ("C3: Gottlieb Hufeland"), so a name of a hidden card could slip into the
words a screen reader reads (``State.describe``, built from the scene the board draws) or into what the
board sends (``Match.snapshot``: scene, decisions, log, status) with no id beside it.  Here, for random
positions of both games and every seat and the spectator, each name that belongs ONLY to cards hidden from
that viewer (a name also printed on a card the viewer sees is not a secret) must appear in neither.
"""

from __future__ import annotations

import json

import pytest

from illumi_widgets.engine import Rng
from illumi_widgets.engine.testing import random_action
from illumi_widgets.match import Match


def _pax_cards(game, state):
    """{card id: name} of every Luminary card in the game."""
    return {cid: lum.name for cid, lum in game.lum.items()}


def _primordial_cards(game, state):
    """{instance token: name} of every card instance (creatures, Pawns, Royals and Intents)."""
    from illumi_widgets.games.primordial.view import cid_token

    return {cid_token(i): game.card_name(t) for i, t in enumerate(game.types)}


CARDS = {"pax": _pax_cards, "primordial": _primordial_cards}
CASES = [("pax", 2, 11), ("pax", 4, 12), ("primordial", 2, 13), ("primordial", 4, 14)]


def _only_hidden_names(game, state, seat, cards) -> set[str]:
    hidden = set(game.secrets(state.data, seat)) & cards.keys()
    seen = {cards[c] for c in cards.keys() - hidden}
    return {cards[c] for c in hidden} - seen


def _leaks(secret: set[str], text: str) -> list[str]:
    return sorted(n for n in secret if n in text)


@pytest.mark.parametrize(("name", "players", "seed"), CASES, ids=[f"{n}-{p}" for n, p, _ in CASES])
def test_no_board_names_a_card_its_viewer_may_not_see(name, players, seed):
    """Every 10th position of a random game: the description and the board's scene, decisions and status.
    Not the log lines, nor the status's last move made of them: a line may name a card while the rules reveal
    it (Intents shown at a reset, a card recruited from the open row, a hand shown to its investigator), and
    the leak scan's judge, which replays an action to tell that from a leak, matches ids and the names a
    game's ``secrets`` lists: a Luminary's or a Primordial card's NAME in a log line is not scanned yet."""
    match = Match(name, players=players, seed=seed)
    game = match.state.game
    cards = CARDS[name](game, match.state)
    viewers = (*range(players), None)
    rng = Rng(seed)
    checked = named = 0
    for step in range(400):
        state = match.state
        if state.is_terminal():
            break
        secrets = {v: _only_hidden_names(game, state, v, cards) for v in viewers}
        for v in viewers:
            who = game.seat_name(v) if v is not None else "a spectator"
            if step % 10 == 0:
                snap = match.snapshot("spectator" if v is None else v)
                status = {key: val for key, val in snap["status"].items() if key != "last"}  # (log lines)
                sent = json.dumps([snap["scene"], snap["decisions"], status], ensure_ascii=False)
                for where, text in (("its description", state.describe(v)), ("what its board is sent", sent)):
                    leaked = _leaks(secrets[v], text)
                    assert not leaked, f"{name}, {who} at version {state.version}: {where} names {leaked}"
                checked += 1
                named += len(secrets[v]) > 0
        act = random_action(state, rng)
        match.play(act, f"seat:{act.seat}")
    assert checked >= 10 and named >= 5, (checked, named)  # positions with hidden names were really read
