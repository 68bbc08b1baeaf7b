"""The seat server's static files, compressed once: an ASGI wrapper around Solara's app.

Every page load fetches the same 4.6 MB of Solara's JavaScript and CSS (its Vue app, the Vue template
compiler, Vuetify's stylesheet), and Solara's server gzips each reply anew at level 9: about 0.4 s of the
server's CPU per page load, on the process that also plays the game. Those files belong to installed
packages and do not change while the server runs, so :class:`StaticCache` keeps each reply as sent (status,
headers, compressed body) and sends the copy to the next page; and it tells browsers they may keep them
(``Cache-Control``: a year for a URL that names its version, an hour for the others, revalidated by their
ETag after that), so a player who reloads the page or opens the game again does not download them again.

Only successful ``GET`` replies under the static mounts that set no cookie are kept (bounded in number and
size: a reply that sets a cookie belongs to one browser, and is neither kept nor marked public); a
conditional or ranged request, and everything else (the page itself, the websockets), goes to Solara as
before.
"""

from __future__ import annotations

import re

#: URL prefixes of Solara's static mounts (files of installed packages)
STATIC_PREFIXES = ("/static/", "/_solara/cdn/", "/jupyter/nbextensions/")
#: headers that make a request conditional or partial: such requests go to Solara untouched
_PASS_HEADERS = {b"if-none-match", b"if-modified-since", b"range", b"if-range"}
#: a URL that names its version: a query ``v=…`` (Solara's) or a CDN path ``name@1.2.3``
_VERSIONED = re.compile(r"(^|&)v=[0-9a-fA-F]{6,}|@\d+\.\d+")
LONG = b"public, max-age=31536000, immutable"
SHORT = b"public, max-age=3600"
MAX_ENTRIES = 200
MAX_BYTES = 32 * 2**20  # all kept replies together


class StaticCache:
    """ASGI middleware: ``StaticCache(app)`` serves repeated static ``GET`` requests from memory."""

    def __init__(self, app) -> None:
        self.app = app
        self._kept: dict[tuple, tuple[int, list, bytes]] = {}
        self._bytes = 0
        #: replies sent from memory and replies kept (for a test, and for curiosity)
        self.hits = 0
        self.stored = 0

    def _key(self, scope) -> tuple | None:
        if scope.get("type") != "http" or scope.get("method") != "GET":
            return None
        path = scope.get("path", "")
        if not path.startswith(STATIC_PREFIXES):
            return None
        gzip = False
        for name, value in scope.get("headers", ()):
            if name in _PASS_HEADERS:
                return None
            if name == b"accept-encoding" and b"gzip" in value:
                gzip = True
        return (scope.get("root_path", ""), path, scope.get("query_string", b""), gzip)

    async def __call__(self, scope, receive, send) -> None:
        key = self._key(scope)
        if key is None:
            await self.app(scope, receive, send)
            return
        kept = self._kept.get(key)
        if kept is not None:
            status, headers, body = kept
            self.hits += 1
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body, "more_body": False})
            return
        query = key[2].decode("latin-1")
        cache = LONG if _VERSIONED.search(query) or _VERSIONED.search(key[1]) else SHORT
        start: dict = {}
        chunks: list[bytes] = []

        async def keep(message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
                if any(k.lower() == b"set-cookie" for k, _v in message.get("headers", ())):
                    start["status"] = None  # one browser's reply: never kept nor shared
                if start.get("status") == 200:
                    headers = [(k, v) for k, v in message.get("headers", ()) if k.lower() != b"cache-control"]
                    message = {**message, "headers": [*headers, (b"cache-control", cache)]}
            elif message["type"] == "http.response.body" and start.get("status") == 200:
                chunks.append(bytes(message.get("body", b"")))
                if not message.get("more_body", False):
                    self._store(key, start, b"".join(chunks), cache)
            await send(message)

        await self.app(scope, receive, keep)

    def _store(self, key: tuple, start: dict, body: bytes, cache: bytes) -> None:
        if len(self._kept) >= MAX_ENTRIES or self._bytes + len(body) > MAX_BYTES:
            return
        headers = [(k, v) for k, v in start.get("headers", ()) if k.lower() not in (b"cache-control",
                                                                                    b"date")]
        self._kept[key] = (200, [*headers, (b"cache-control", cache)], body)
        self._bytes += len(body)
        self.stored += 1
