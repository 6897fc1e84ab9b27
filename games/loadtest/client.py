"""A small HTTP/1.1 client for one simulated player, in front of which it plays the proxy.

The site runs with secure cookies and trusts ``X-Forwarded-Proto`` and one
proxy's ``X-Forwarded-For``: every request says it came over HTTPS from the
player's own address, so each player is its own client for the rate limits.
A cookie jar would drop Secure cookies on ``http://``, so cookies are kept here
as a plain name -> value dict. Each request is timed from just before it is
sent until its whole answer has been read.
"""

from __future__ import annotations

import http.client
import time
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from urllib.parse import urlencode

#: A kept connection idle longer than this is reopened before use: the server may
#: close idle connections after a couple of seconds, and a request sent into a
#: closing connection would fail for no fault of the server's.
KEEPALIVE_IDLE_SECONDS = 1.0
TIMEOUT_SECONDS = 60.0
#: The header whose value the server's access log records, to join its timings.
REQUEST_ID_HEADER = "X-Loadtest-Request"
#: Errors that mean the request got no answer.
CONNECTION_ERRORS = (OSError, http.client.HTTPException)


@dataclass
class Response:
    status: int
    location: str
    retry_after: str
    body: str
    ms: float  # from just before sending until the whole body was read


class PlayerClient:
    """One player's connection, address and cookies."""

    def __init__(self, host: str, port: int, address: str, timeout: float = TIMEOUT_SECONDS):
        self.host = host
        self.port = port
        self.address = address
        self.origin = f"https://{host}:{port}"
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self._connection: http.client.HTTPConnection | None = None
        self._last_used = 0.0

    def request(
        self,
        method: str,
        path: str,
        fields: list[tuple[str, str]] | tuple = (),
        *,
        htmx: bool = False,
        request_id: str = "",
    ) -> Response:
        """Send one request and read its answer; raises one of CONNECTION_ERRORS."""
        headers = {
            "X-Forwarded-Proto": "https",
            "X-Forwarded-For": self.address,
            "Accept": "text/html",
            "Accept-Encoding": "identity",
            "User-Agent": "sheepshead-loadtest",
        }
        if request_id:
            headers[REQUEST_ID_HEADER] = request_id
        if htmx:
            headers["HX-Request"] = "true"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if method == "POST":
            body = urlencode(list(fields)).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = self.origin
        elif fields:
            path = f"{path}{'&' if '?' in path else '?'}{urlencode(list(fields))}"
        connection = self._open()
        started = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            content = answer.read()
        except CONNECTION_ERRORS:
            self.close()
            raise
        ms = (time.perf_counter() - started) * 1000
        self._last_used = time.monotonic()
        self._keep_cookies(answer.msg.get_all("Set-Cookie") or [])
        if answer.will_close:
            self.close()
        return Response(
            status=answer.status,
            location=answer.getheader("Location", ""),
            retry_after=answer.getheader("Retry-After", ""),
            body=content.decode("utf-8", errors="replace"),
            ms=ms,
        )

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _open(self) -> http.client.HTTPConnection:
        idle = time.monotonic() - self._last_used
        if self._connection is not None and idle > KEEPALIVE_IDLE_SECONDS:
            self.close()
        if self._connection is None:
            self._connection = http.client.HTTPConnection(
                self.host, self.port, timeout=self.timeout
            )
        return self._connection

    def _keep_cookies(self, headers: list[str]) -> None:
        for header in headers:
            keep_cookies(self.cookies, header)


def keep_cookies(cookies: dict[str, str], header: str) -> None:
    """Apply one Set-Cookie header to ``cookies``: set it, or drop it when it expires now.

    The Secure attribute is ignored on purpose: this client stands behind a
    proxy that speaks HTTPS to the browser."""
    jar = SimpleCookie()
    try:
        jar.load(header)
    except CookieError:
        return
    for name, morsel in jar.items():
        if morsel["max-age"] == "0" or "1970" in morsel["expires"]:
            cookies.pop(name, None)
        else:
            cookies[name] = morsel.value
