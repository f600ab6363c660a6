"""The board's web server: the standard library's threading HTTP server (docs/architecture.md says
why), serving only GET and HEAD of a few pages, each behind its own unguessable token.

Paths: `/u/TOKEN/` (the umpire's page) and `/s/TOKEN/` (one side's), each with its JSON twin
`state.json`. Anything else, or a wrong token, gets 404 with a body that names nothing of the
game; any other method gets 405. No file is read but the game (through `board.model`).
"""

from __future__ import annotations

import json
import secrets
import socket
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from umpire.board.html import page as page_html
from umpire.board.model import Board, page_state

NOT_FOUND = b"<!doctype html><title>not found</title><p>Nothing here. Ask the umpire for your page's address.</p>"


@dataclass(frozen=True)
class Page:
    kind: str            # "umpire" or "side"
    side: str | None
    token: str

    @property
    def path(self) -> str:
        return f"/{'u' if self.kind == 'umpire' else 's'}/{self.token}/"


def make_pages(sides: list[str]) -> list[Page]:
    """The umpire's page and one page a side, each with a new token of 128 bits or more."""
    return [Page("umpire", None, secrets.token_urlsafe(24))] + [Page("side", s, secrets.token_urlsafe(24))
                                                              for s in sides]


class BoardServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64

    def __init__(self, address: tuple[str, int], board: Board, pages: list[Page]) -> None:
        self.board = board
        self.routes = {p.path: p for p in pages}
        family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.address_family = family
        super().__init__(address, Handler)


class Handler(BaseHTTPRequestHandler):
    server: BoardServer
    timeout = 15                      # a client that sends nothing is let go
    protocol_version = "HTTP/1.1"
    server_version = "umpire-board"
    sys_version = ""

    def log_message(self, format: str, *args) -> None:   # noqa: A002 - the base class's name
        return                                             # the umpire's terminal stays quiet

    def _send(self, code: int, body: bytes, kind: str, head: bool = False) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy",
                         "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
                         "connect-src 'self'; img-src 'self'")
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _route(self, head: bool) -> None:
        path = self.path.split("?", 1)[0]
        base, _, leaf = path.rpartition("/")
        page = self.server.routes.get(base + "/")
        if page is None or leaf not in ("", "state.json"):
            self._send(404, NOT_FOUND, "text/html; charset=utf-8", head)
            return
        board = self.server.board
        reading = board.current()
        if leaf == "state.json":
            body = json.dumps(page_state(reading, page.side, board.notice)).encode("utf-8")
            self._send(200, body, "application/json", head)
        else:
            self._send(200, page_html(reading, page.side, board.notice).encode("utf-8"), "text/html; charset=utf-8",
                       head)

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        self._route(head=False)

    def do_HEAD(self) -> None:  # noqa: N802
        self._route(head=True)

    def _refuse(self) -> None:
        self.close_connection = True
        self.send_response(405)
        self.send_header("Allow", "GET, HEAD")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _refuse


def serve(board: Board, host: str, port: int, sides: list[str], started) -> None:
    """Serve the board, a page for the umpire and one for each of `sides`, until `stop` is set (by a
    signal); `started(server, pages, stop)` is called once the port is bound."""
    pages = make_pages(sides)
    server = BoardServer((host, port), board, pages)
    stop = threading.Event()
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.25}, daemon=True)
    thread.start()
    try:
        started(server, pages, stop)
        while not stop.wait(0.25):
            pass
    finally:
        server.shutdown()
        server.server_close()
