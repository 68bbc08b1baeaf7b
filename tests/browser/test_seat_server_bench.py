"""The benchmark's seat-server figure (``python -m illumi_widgets.bench --seat-server-only``): a real seat
server and two Chromium pages, moves clicked in one seat's page, the other seat's page repainting; the
figures are printed and written (p50, p95, max). It prints figures: no timing is asserted."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]


def test_the_benchmark_prints_the_move_to_repaint_latency_of_the_seat_server(tmp_path):
    out = tmp_path / "bench.json"
    proc = subprocess.run([sys.executable, "-m", "illumi_widgets.bench", "--seat-server-only",
                           "--seat-server-moves", "5", "--json", str(out)],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    ss = json.loads(out.read_text())["seat_server"]
    assert ss["available"] is True, ss.get("reason")
    assert ss["moves"] == 5 and ss["game"] == "pax" and ss["page_errors"] == 0
    for key in ("p50_ms", "p95_ms", "max_ms"):
        assert isinstance(ss[key], float) and ss[key] >= 0, (key, ss[key])
    assert ss["max_ms"] >= ss["p95_ms"] >= ss["p50_ms"]
    assert "Seat server: 5 moves of pax" in proc.stdout and "p50" in proc.stdout
    print("\n" + proc.stdout)
