"""The page's accessible tree as js/src/a11y.js builds it, for the tests that compare it with describe.py or
scan it for hidden information (needs node)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

JS = Path(__file__).resolve().parents[2] / "js"

_SCRIPT = """
import { boardParts } from "./src/a11y.js";
import { buildIndex } from "./src/hit.js";
let raw = "";
process.stdin.on("data", (d) => { raw += d; });
process.stdin.on("end", () => {
  const out = JSON.parse(raw).map((scene) => boardParts({ scene, index: buildIndex(scene), targets: new Map(),
    composeOf: new Map(), selections: new Map(), curtainName: null })
    .map((p) => [p.heading, p.items.map((m) => m.name)]));
  process.stdout.write(JSON.stringify(out));
});
"""


def page_parts(scenes: list[dict], timeout: float = 300) -> list:
    """For each scene, its regions as ``[heading, [line, ...]]`` (``boardParts`` of js/src/a11y.js)."""
    done = subprocess.run(["node", "--input-type=module", "-e", _SCRIPT], input=json.dumps(scenes), cwd=JS,
                          capture_output=True, text=True, timeout=timeout, check=True)
    return json.loads(done.stdout)
