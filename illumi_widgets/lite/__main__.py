"""``python -m illumi_widgets.lite build --out DIR``: build the static site (:mod:`illumi_widgets.lite`)."""

from __future__ import annotations

import argparse
import sys

from . import LiteBuildError, build, cache_dir


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m illumi_widgets.lite",
                                     description="Build a static JupyterLite site with every game's "
                                                 "tutorial.")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the site into a folder")
    b.add_argument("--out", required=True, help="the folder to write (replaced if it exists)")
    b.add_argument("--notebooks", default=None,
                   help="the project's notebooks/ folder (default: the checkout's)")
    args = parser.parse_args(argv)
    try:
        figures = build(args.out, notebooks=args.notebooks)
    except LiteBuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"Serve it with any static web server, e.g. python -m http.server -d {figures['out']} "
          f"(downloads are cached in {cache_dir()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
