"""``python -m illumi_widgets.serve``: its help, and its word when the [serve] extra is missing (issue 34:
"What else a new user met")."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# a fresh interpreter where ``import solara`` fails, as on a machine without the [serve] extra
_WITHOUT_SOLARA = """
import sys
sys.modules["solara"] = None
from illumi_widgets.serve.__main__ import main
sys.exit(main(sys.argv[1:]))
"""


def _run(*args: str, code: str | None = None, cwd=None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    cmd = [sys.executable, *(["-c", code] if code else ["-m", "illumi_widgets.serve"]), *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, cwd=cwd)


def _options(help_text: str) -> dict[str, str]:
    """``{"--players": "its help text", …}`` from argparse's help."""
    out: dict[str, str] = {}
    current = None
    for line in help_text.split("options:", 1)[1].split("\n\n")[0].splitlines():
        m = re.match(r"\s{2}(-[-\w]+)(?:[ ,][^ ].*?)?(?:\s{2,}(.*))?$", line)
        if m and line.startswith("  -"):
            current = m.group(1)
            out[current] = m.group(2) or ""
        elif current:
            out[current] += " " + line.strip()
    return out


def test_every_option_has_help_and_shows_its_default():
    done = _run("--help")
    assert done.returncode == 0, done.stderr
    options = _options(done.stdout)
    expected = {"--players", "--seed", "--bots", "--port", "--host", "--public-url", "--save", "--resume",
                "--mode", "--bot-delay", "--max-spectators"}
    assert expected <= set(options), sorted(options)
    for name in expected - {"--resume"}:
        assert "default" in options[name], f"{name} does not say its default: {options[name]!r}"
    for name, text in options.items():
        if name != "-h":
            assert len(text.split()) >= 4, f"{name} has no help: {text!r}"
    assert "(default: 2)" in options["--players"] and "(default: 8765)" in options["--port"]
    assert "(default: play)" in options["--mode"] and "(default: 0.8)" in options["--bot-delay"]
    assert "(default: 10)" in options["--max-spectators"]
    assert 'pip install "illumi-widgets[serve]"' in done.stdout


def test_without_the_serve_extra_the_command_says_what_to_install_without_a_traceback():
    done = _run("pax", "--players", "2", code=_WITHOUT_SOLARA)
    assert done.returncode == 2, done.stdout + done.stderr
    assert 'pip install "illumi-widgets[serve]"' in done.stderr
    assert "Traceback" not in done.stderr and "solara" in done.stderr.lower()
    assert done.stderr.count("\n") <= 2  # one line: the error
    # the help itself needs nothing of the extra
    helped = _run("--help", code=_WITHOUT_SOLARA)
    assert helped.returncode == 0 and "--max-spectators" in helped.stdout


def test_a_bad_max_spectators_is_refused():
    done = _run("pax", "--max-spectators", "-1")
    assert done.returncode == 2 and "--max-spectators" in done.stderr and "Traceback" not in done.stderr
