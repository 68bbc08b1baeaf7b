"""The shape of the repository and of what it ships.

* The top level is ``pyproject.toml, README.md, illumi_widgets/, js/, notebooks/, tests/`` (plus the
  dot-folders of tools): anything else belongs inside one of those.
* The server-extension config that pyproject's shared-data installs exists and enables a server extension
  module that exists (``illumi_widgets._server``).
* A wheel and an sdist built from this checkout (the committed bundle, no node: ``ILLUMI_JS_BUILD=0``, a few
  seconds) declare the MIT license and carry its text, and the wheel puts the config in its data folder,
  where pip installs it into ``<prefix>/etc/jupyter/jupyter_server_config.d/``.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

REPO = Path(__file__).resolve().parent.parent
TOP_LEVEL = {"pyproject.toml", "README.md", "illumi_widgets", "js", "notebooks", "tests"}
LICENSE = "illumi_widgets/LICENSE"
CONFIG_TARGET = "etc/jupyter/jupyter_server_config.d/illumi_widgets.json"


def _project() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def _shared_data() -> dict[str, str]:
    return _project()["tool"]["hatch"]["build"]["targets"]["wheel"]["shared-data"]


def test_the_top_level_is_the_designed_shape():
    git = shutil.which("git")
    if git is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout (an unpacked sdist has no history to ask)")
    tracked = subprocess.run([git, "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    top = {path.split("/", 1)[0] for path in tracked.decode().split("\0") if path}
    assert {name for name in top if not name.startswith(".")} == TOP_LEVEL


def test_the_sdist_includes_only_what_exists():
    include = _project()["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    missing = [name for name in include if not (REPO / name).exists()]
    assert not missing, f"the sdist's include list names paths that do not exist: {missing}"
    assert {name.split("/", 1)[0] for name in include} == TOP_LEVEL


def test_shared_data_installs_the_config_that_enables_the_server_extension():
    shared = _shared_data()
    assert list(shared.values()) == [CONFIG_TARGET]
    (source,) = shared
    config = REPO / source
    assert config.is_file(), f"shared-data source {source} does not exist"
    assert config.resolve().is_relative_to(REPO / "illumi_widgets")
    enabled = json.loads(config.read_text(encoding="utf-8"))["ServerApp"]["jpserver_extensions"]
    assert enabled == {"illumi_widgets._server": True}
    for module in enabled:
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None, f"{module} does not exist"
        assert Path(spec.origin).resolve().is_relative_to(REPO / "illumi_widgets")
        mod = importlib.import_module(module)
        assert mod._jupyter_server_extension_points() == [{"module": module}]


def test_the_license_file_is_declared_and_is_the_mit_text():
    project = _project()["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == [LICENSE]
    text = (REPO / LICENSE).read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 illumi_widgets contributors" in text
    assert "THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND" in text


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    """A wheel and an sdist of this checkout, built by hatchling (in a subprocess: it reads the cwd)."""
    pytest.importorskip("hatchling")
    out = tmp_path_factory.mktemp("dist")
    code = ("import sys; from hatchling.build import build_sdist, build_wheel;"
            "print(build_wheel(sys.argv[1])); print(build_sdist(sys.argv[1]))")
    env = {**os.environ, "ILLUMI_JS_BUILD": "0"}
    env.pop("ILLUMI_WIDGETS_COMPILE", None)
    done = subprocess.run([sys.executable, "-c", code, str(out)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    wheel, sdist = done.stdout.split()[-2:]
    return {"wheel": out / wheel, "sdist": out / sdist}


def test_the_wheel_declares_and_carries_the_license(built):
    with zipfile.ZipFile(built["wheel"]) as whl:
        names = set(whl.namelist())
        (dist_info,) = {n.split("/", 1)[0] for n in names if n.split("/", 1)[0].endswith(".dist-info")}
        meta = Parser().parsestr(whl.read(f"{dist_info}/METADATA").decode())
        shipped = whl.read(f"{dist_info}/licenses/{LICENSE}").decode()
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == [LICENSE]
    assert shipped == (REPO / LICENSE).read_text(encoding="utf-8")


def test_the_wheel_installs_the_server_config_as_data(built):
    (source,) = _shared_data()
    with zipfile.ZipFile(built["wheel"]) as whl:
        names = set(whl.namelist())
        (data,) = {n.split("/", 1)[0] for n in names if n.split("/", 1)[0].endswith(".data")}
        assert whl.read(f"{data}/data/{CONFIG_TARGET}") == (REPO / source).read_bytes()
    assert source not in names  # data for <prefix>/etc, not a file of the package
    assert "illumi_widgets/_server.py" in names


def test_the_sdist_carries_the_license_and_the_config(built):
    with tarfile.open(built["sdist"]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
        pkg_info = sdist.extractfile(next(m for m in sdist.getmembers() if m.name.endswith("/PKG-INFO")))
        meta = Parser().parsestr(pkg_info.read().decode())
    (source,) = _shared_data()
    assert {LICENSE, source, "js/hatch_build.py"} <= names
    assert meta.get_all("License-File") == [LICENSE]
    assert {name.split("/", 1)[0] for name in names if not name.startswith(".")} == TOP_LEVEL | {"PKG-INFO"}
