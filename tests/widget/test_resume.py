"""A game is never lost to a kernel restart (issue 30 item 8): a displayed board keeps its game with its saved
picture, and re-running the cell (a new kernel: a fresh process here) offers to continue that game; the
board's ``resume()`` continues it too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

PLAY = textwrap.dedent("""
    import json, random, sys
    from illumi_widgets import Illuminati
    board = Illuminati(players=4, seed=3, seat=0, bots={1: "random", 2: "random", 3: "random"})
    board._ipython_display_()
    rng = random.Random(5)
    for _ in range(12):
        board.run_bots()
        acts = [a for a in board.legal_actions() if a.kind != "leave"]
        if not acts:
            break
        board.play(rng.choice(acts))
    board.run_bots()
    board._store_now()
    json.dump(board.match.record(), sys.stdout)
""")

RERUN = textwrap.dedent("""
    import json, sys
    from illumi_widgets import Illuminati
    board = Illuminati(players=4, seed=3, seat=0, bots={1: "random", 2: "random", 3: "random"})
    offer = board.resume_offer
    reply = board.dispatch({"type": "resume", "accept": True})
    again = Illuminati.resume()
    json.dump({"offer": offer, "reply": reply, "record": board.match.record(),
               "resumed": again.match.record(), "seat": again.perspective,
               "bots": sorted(again.match.bots), "mode": again.match.mode}, sys.stdout)
""")


def _run(code: str, store, notebook: str) -> str:
    env = {**os.environ, "ILLUMI_BOARD_STORE": str(store), "JPY_SESSION_NAME": notebook}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_rerunning_the_cell_after_a_restart_continues_the_same_game(tmp_path):
    played = json.loads(_run(PLAY, tmp_path, "/notebooks/game.ipynb"))
    assert len(played["actions"]) > 12
    stored = list(tmp_path.glob("*.json"))
    assert stored and "record" in json.loads(stored[0].read_text())["game"]
    out = json.loads(_run(RERUN, tmp_path, "/notebooks/game.ipynb"))
    assert "Continue it?" in out["offer"] and "steps played" in out["offer"]
    assert out["reply"]["type"] == "ok"
    assert out["record"]["actions"] == played["actions"]  # the same game, continued
    assert out["resumed"]["actions"] == played["actions"]  # Board.resume(): its seat, bots and mode too
    assert (out["seat"], out["bots"], out["mode"]) == ("seat:0", [1, 2, 3], "play")


@pytest.mark.slow
def test_another_notebook_is_not_offered_the_game(tmp_path):
    _run(PLAY, tmp_path, "/notebooks/game.ipynb")
    code = ("import json, sys\nfrom illumi_widgets import Illuminati\n"
            "b = Illuminati(players=4, seed=3, seat=0, bots={1: 'random'})\n"
            "r = b.dispatch({'type': 'resume', 'accept': True})\n"
            "json.dump({'offer': b.resume_offer, 'reply': r}, sys.stdout)")
    out = json.loads(_run(code, tmp_path, "/notebooks/other.ipynb"))
    assert out["offer"] == "" and out["reply"]["code"] == "not-offered"


def test_declining_keeps_the_new_game_and_a_bad_answer_changes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("ILLUMI_BOARD_STORE", str(tmp_path))
    monkeypatch.setenv("JPY_SESSION_NAME", "/notebooks/game.ipynb")
    _run(PLAY, tmp_path, "/notebooks/game.ipynb")
    from illumi_widgets import Illuminati

    board = Illuminati(players=4, seed=3, seat=0, bots={1: "random", 2: "random", 3: "random"})
    assert board.resume_offer
    before = board.match.record()
    bad = board.dispatch({"type": "resume", "accept": "yes"})
    assert bad["type"] == "error" and board.resume_offer and board.match.record() == before
    assert board.dispatch({"type": "resume", "accept": False})["type"] == "ok"
    assert board.resume_offer == "" and board.match.record() == before
    board.close()
