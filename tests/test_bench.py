"""The benchmark script runs and writes every figure: every registered game's random-play rate, Pax's latency
and memory, python-chess, and the scaling over workers (1, all local cores, a Dask LocalCluster).

It prints figures: no timing is asserted here, only that every figure is there with a sane type.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from illumi_widgets.engine import available_games

REPO_ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ("2", "3", "4")


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x == x and x >= 0


def test_quick_benchmark_writes_every_figure(tmp_path):
    out = tmp_path / "bench.json"
    proc = subprocess.run([sys.executable, "-m", "illumi_widgets.bench", "--quick", "--json", str(out)],
                          cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "decisions/s" in proc.stdout and "Targets" in proc.stdout
    f = json.loads(out.read_text(encoding="utf-8"))

    assert f["settings"]["quick"] is True and isinstance(f["settings"]["games"], int)
    assert isinstance(f["machine"]["python"], str) and isinstance(f["machine"]["date_utc"], str)
    assert f["machine"]["compiled_modules"] == [] and "engine: pure Python" in proc.stdout

    for p in PLAYERS:
        v = f["pax"][p]
        assert isinstance(v["games"], int) and v["games"] >= 1
        assert isinstance(v["decisions"], int) and v["decisions"] > 0
        assert v["truncated"] == 0
        for key in ("decisions_per_s", "decisions_per_cpu_s", "game_seconds_median", "game_seconds_p90",
                    "decisions_median"):
            assert _number(v[key]) and v[key] > 0, (p, key, v[key])
        assert v["game_seconds_p90"] >= v["game_seconds_median"]
    assert _number(f["pax"]["all"]["decisions_per_s"]) and f["pax"]["all"]["decisions_per_s"] > 0
    assert set(f["games"]) == set(available_games()) and f["games"]["pax"] == f["pax"]
    for name, fig in f["games"].items():  # every registered game, in the printed table too
        assert fig["all"]["decisions_per_s"] > 0 and fig["all"]["games"] >= 1, name
        assert all(v["truncated"] == 0 for k, v in fig.items() if k != "all"), name
        assert f"{name} all" in proc.stdout

    for p in (*PLAYERS, "all"):
        lat = f["legal_actions_latency"][p]
        assert isinstance(lat["samples"], int) and lat["samples"] > 0
        assert _number(lat["p50_us"]) and _number(lat["p99_us"]) and lat["p99_us"] >= lat["p50_us"] > 0

    mem = f["memory"]
    assert mem["players"] == 4 and mem["truncated"] is False and mem["undoable"] is True
    assert isinstance(mem["decisions"], int) and mem["history_actions"] >= mem["decisions"] > 0
    for key in ("tracemalloc_peak_mb", "retained_mb", "state_deep_mb"):
        assert _number(mem[key]) and mem[key] > 0, (key, mem[key])
    assert isinstance(mem["target_met"], bool)

    ch = f["chess"]
    assert isinstance(ch["available"], bool)
    if ch["available"]:
        assert isinstance(ch["plies"], int) and ch["plies"] > 0 and isinstance(ch["games"], int)
        for key in ("plies_per_s", "plies_per_cpu_s", "ratio", "ratio_cpu", "seconds"):
            assert _number(ch[key]) and ch[key] > 0, (key, ch[key])
        assert set(ch["ratio_by_players"]) == set(PLAYERS)
        assert isinstance(ch["target_met"], bool) and ch["target_met"] == (ch["ratio"] >= 1)
        assert ("MET" if ch["target_met"] else "MISSED") in proc.stdout
        assert set(ch["ratio_by_game"]) == set(available_games())
    else:
        assert "SKIPPED" in proc.stdout

    sc = f["scaling"]
    assert sc["games"] == f["settings"]["scaling_games"] > 0 and sc["cores"] >= 1
    assert set(sc["by_game"]) == set(available_games())
    for name, fig in sc["by_game"].items():
        assert fig["same_results"] is True, name  # 1 worker, all cores and Dask: the same games
        assert fig["1"]["workers"] == 1 and _number(fig["1"]["seconds"]) and fig["1"]["seconds"] > 0
        places = ["local"] + (["dask"] if sc["dask"]["available"] else [])
        for where in places:
            r = fig[where]
            assert _number(r["speedup"]) and r["speedup"] > 0 and _number(r["games_per_s"])
            assert isinstance(r["overhead_ms_per_game"], float)  # < 0 within noise
    assert isinstance(sc["local_target_met"], bool) and "Scaling:" in proc.stdout
    ss = f["seat_server"]  # a real server and Chromium: not in --quick, and the report says so
    assert ss["available"] is False and "--quick" in ss["reason"] and "Seat server: SKIPPED" in proc.stdout
    assert "issue" not in proc.stdout.lower()
    help_text = subprocess.run([sys.executable, "-m", "illumi_widgets.bench", "--help"], cwd=REPO_ROOT,
                               capture_output=True, text=True, timeout=60).stdout
    assert "--scaling-games" in help_text and "issue" not in help_text.lower()
    assert "--seat-server-moves" in help_text and "--seat-server-only" in help_text


def test_the_seat_server_section_says_why_it_is_skipped(monkeypatch):
    """Without Solara, Playwright or a Chromium the benchmark prints the section as skipped, naming what is
    missing, and goes on; asked for 0 moves, it says so."""
    from illumi_widgets import bench
    from illumi_widgets.serve import drive

    monkeypatch.setattr(drive, "CHROMIUM", "/nonexistent/chromium")
    fig = bench.bench_seat_server(5, 1)
    assert fig["available"] is False and "/nonexistent/chromium" in fig["reason"]
    assert "SKIPPED" in "\n".join(bench._seat_server_report(fig))
    assert bench.bench_seat_server(0, 1) == {"available": False, "reason": "--seat-server-moves 0"}
