"""The seat server's static files are compressed once and may be kept by browsers
(:mod:`illumi_widgets.serve.assets`): a real server in this process on a free port, asked over HTTP.
Solara's app script is asked twice: the second reply is the first one's bytes, from memory; a URL that names
its version may be kept for a year, another for an hour; a conditional request still gets Solara's own "not
modified"; a missing file and the page itself are never kept."""

from __future__ import annotations

import gzip
import re
import urllib.request

import pytest

pytest.importorskip("solara")

from illumi_widgets.match import Match  # noqa: E402
from illumi_widgets.serve import SeatServer  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Cookies with samesite=none:UserWarning")


def _get(url: str, **headers: str):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip", **headers})
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.status, reply.headers, reply.read()
    except urllib.error.HTTPError as err:  # (304 Not Modified is raised)
        return err.code, err.headers, b""


@pytest.fixture
def server():
    srv = SeatServer(Match("pax", players=2, seed=3, mode="play")).start(port=0)
    yield srv
    srv.close()


def test_static_files_are_compressed_once_and_cacheable_by_browsers(server):
    status, headers, page = _get(server.url)
    assert status == 200 and "cache-control" not in {k.lower() for k in headers}  # the page: never kept
    html = gzip.decompress(page).decode() if headers.get("Content-Encoding") == "gzip" else page.decode()
    versioned = re.search(r'src="[^"]*?(/static/main-vuetify\.js\?v=\w+)"', html).group(1)
    script = server.url.rstrip("/") + versioned
    first = _get(script)
    assert first[0] == 200 and first[1]["Content-Encoding"] == "gzip"
    assert first[1]["Cache-Control"] == "public, max-age=31536000, immutable"
    hits = server.assets.hits
    again = _get(script)
    assert again[0] == 200 and again[2] == first[2] and server.assets.hits == hits + 1  # from memory
    assert again[1]["Cache-Control"] == first[1]["Cache-Control"] and again[1]["ETag"] == first[1]["ETag"]
    assert gzip.decompress(again[2]).startswith(gzip.decompress(first[2])[:100])
    # a URL without a version: an hour
    nb = _get(server.url.rstrip("/") + "/jupyter/nbextensions/jupyter-vue/nodeps.js")
    assert nb[0] == 200 and nb[1]["Cache-Control"] == "public, max-age=3600"
    # a browser revalidating after that: Solara's own answer, not the kept copy
    hits = server.assets.hits
    status, _, body = _get(script, **{"If-None-Match": first[1]["ETag"]})
    assert status == 304 and body == b"" and server.assets.hits == hits
    # a missing file is not kept
    assert _get(server.url.rstrip("/") + "/static/no-such-file.js")[0] == 404
    assert _get(server.url.rstrip("/") + "/static/no-such-file.js")[0] == 404
    assert server.assets.hits == hits


def test_a_static_reply_that_sets_a_cookie_is_never_kept_nor_shared():
    """A reply carrying Set-Cookie belongs to one browser: the cache neither keeps it for the next page nor
    marks it public (no Cache-Control added)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from illumi_widgets.serve.assets import StaticCache

    calls = []

    async def app(scope, receive, send):
        calls.append(scope["path"])
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/css"), (b"set-cookie", b"session=abc")]})
        await send({"type": "http.response.body", "body": b"body{}", "more_body": False})

    cache = StaticCache(app)
    scope = {"type": "http", "method": "GET", "path": "/static/x.css", "query_string": b"", "headers": []}

    async def get():
        sent = []

        async def send(message):
            sent.append(message)

        await cache(scope, None, send)
        return sent

    # its own thread: a Playwright test earlier in this worker leaves an event loop running in this one
    with ThreadPoolExecutor(1) as pool:
        for _ in range(2):
            sent = pool.submit(asyncio.run, get()).result()
            assert b"cache-control" not in {k.lower() for k, _v in sent[0]["headers"]}
    assert calls == ["/static/x.css"] * 2 and cache.hits == 0 and cache.stored == 0
