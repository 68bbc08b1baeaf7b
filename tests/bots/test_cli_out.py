"""``python -m illumi_widgets.bots … --out PATH``: what ``--out`` needs is checked before any game is played,
and finished games are never lost when writing fails at the end (issue 34: "What else a new user met")."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from illumi_widgets.bots.__main__ import main as cli

REPO = Path(__file__).resolve().parents[2]

# Runs the command in a fresh interpreter where ``import <module>`` fails, as on a machine without it.
_BLOCKED = """
import sys
for name in sys.argv[1].split(","):
    sys.modules[name] = None  # 'import name' now raises ImportError
from illumi_widgets.bots.__main__ import main
sys.exit(main(sys.argv[2:]))
"""


def _run_without(modules: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", _BLOCKED, modules, *args], capture_output=True, text=True,
                          cwd=cwd, timeout=300, env=_env())


def _env() -> dict:
    import os

    return {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}


@pytest.mark.parametrize("blocked, out", [("pandas", "results.parquet"), ("pandas", "results.csv"),
                                          ("pyarrow,fastparquet", "results.parquet")])
def test_out_without_what_it_needs_is_refused_before_any_game_is_played(tmp_path, blocked, out):
    # 400 games of the search bot would take many minutes: refused at once, nothing is played
    start = time.monotonic()
    done = _run_without(blocked, "search", "random", "--games", "400", "--workers", "1", "--no-progress",
                        "--out", out, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert 'pip install "illumi-widgets[analysis]"' in done.stderr
    assert blocked.split(",")[0] in done.stderr  # names what is missing
    assert "Traceback" not in done.stderr and "games, 2 players" not in done.stdout  # no game was played
    assert not (tmp_path / out).exists()
    assert time.monotonic() - start < 120  # (the 400 games would take far longer; scaled for a loaded box)


def test_out_csv_does_not_need_pyarrow(tmp_path):
    done = _run_without("pyarrow,fastparquet", "random", "random", "--games", "2", "--workers", "1",
                        "--no-progress", "--out", "results.csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "results.csv").read_text().count("\n") == 3  # a header and two games


def test_out_into_a_missing_folder_or_onto_a_folder_is_refused_before_playing(tmp_path, capsys):
    for out, words in ((tmp_path / "nowhere" / "r.csv", "does not exist"),
                       (tmp_path / "folder.csv", "is a folder")):
        if words == "is a folder":
            out.mkdir()
        with pytest.raises(SystemExit) as stop:
            cli(["random", "random", "--games", "2", "--workers", "1", "--no-progress", "--out", str(out)])
        assert stop.value.code == 2
        err = capsys.readouterr()
        assert words in err.err and "games, 2 players" not in err.out


def test_finished_games_are_written_beside_when_the_out_file_cannot_be(tmp_path, monkeypatch, capsys):
    """Writing fails at the end anyway (a full disk, say): the games go to PATH.jsonl, and the command says
    so."""
    from illumi_widgets.bots.arena import Evaluation

    def full_disk(self, path, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Evaluation, "to_parquet", full_disk)
    out = tmp_path / "results.parquet"
    code = cli(["random", "random", "--games", "3", "--workers", "1", "--no-progress", "--out", str(out)])
    assert code == 1
    err = capsys.readouterr().err
    spare = tmp_path / "results.parquet.jsonl"
    assert "No space left on device" in err and str(spare) in err and "3 games" in err
    rows = [json.loads(line) for line in spare.read_text().splitlines()]
    assert len(rows) == 3 and [r["number"] for r in rows] == [0, 1, 2]
    assert all(r["game"] == "pax" and r["finished"] for r in rows)
