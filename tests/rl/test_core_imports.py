"""The core engine, the games and the rl package's pure parts import none of the research libraries
(issue 20: they are the optional extra ``illumi-widgets[rl]``)."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")


def test_core_imports_no_research_library():
    code = (
        "import sys\n"
        "import illumi_widgets\n"
        "from illumi_widgets.engine import load_game\n"
        "for name in illumi_widgets.available_games():\n"
        "    g = load_game(name, players=3); s = g.new_state(seed=1); s.view(0)\n"
        "import illumi_widgets.rl, illumi_widgets.rl.codec, illumi_widgets.rl.stepper\n"
        "from illumi_widgets.rl import action_codec\n"
        "for name in illumi_widgets.available_games():\n"
        "    action_codec(load_game(name, players=3))\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
