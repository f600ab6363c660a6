"""What the board's tests share: a board started as the umpire starts it (its own process), reading
its pages, and a small Chrome DevTools client to ask a real browser what an open page shows."""

from __future__ import annotations

import base64
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

#: a broadside that hits: MARS at HERCULE (the duel of tests.board's `game`)
FIRE = ["fire", "mars", "--at", "hercule", "--range", "2", "--side", "left", "--facing", "right", "--roll", "6"]


class Running:
    """`umpire --json serve --port 0` on a game: its pages by side (None the umpire's)."""

    def __init__(self, game: Path, pages: int, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "umpire", "--game", str(game), "--json", "serve",
                                      "--port", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     stdin=subprocess.DEVNULL, text=True)
        self.lines = self._lines(pages, 30)
        assert len(self.lines) == pages and all(self.lines), ("the board printed too few pages", self.lines)
        self.pages: dict[str | None, str] = {line.get("side"): line["url"] for line in self.lines}

    def _lines(self, count: int, timeout: float) -> list:
        """The first `count` start-up lines as JSON; a board that has not printed them within `timeout`
        s is stopped and the test fails (never waits for ever)."""
        import threading

        got: list = []

        def read() -> None:
            for _ in range(count):
                line = self.proc.stdout.readline()
                if not line:
                    return
                got.append(json.loads(line))

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(timeout)
        if reader.is_alive():
            self.proc.kill()
            raise AssertionError(f"the board printed {len(got)} of {count} pages within {timeout} s")
        return got

    def get(self, url: str, method: str = "GET") -> tuple[int, bytes]:
        req = urllib.request.Request(url, method=method)
        try:
            with urllib.request.urlopen(req, timeout=10) as res:
                return res.status, res.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()

    def state(self, side: str | None) -> dict:
        code, body = self.get(self.pages[side] + "state.json")
        assert code == 200
        return json.loads(body)

    def kill(self) -> None:
        """End it at once, for a test done with it."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=5)
        for stream in (self.proc.stdout, self.proc.stderr):
            stream.close()

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=5)
        finally:
            for stream in (self.proc.stdout, self.proc.stderr):
                stream.close()


def umpire_cli(game: Path, *args: str) -> subprocess.CompletedProcess:
    """One command from another process, as the umpire types it beside the board."""
    return subprocess.run([sys.executable, "-m", "umpire", "--game", str(game), *args], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=60)


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        for folder in os.environ.get("PATH", "").split(os.pathsep):
            path = Path(folder) / name
            if path.is_file() and os.access(path, os.X_OK):
                return str(path)
    return None


BROWSER_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio"]


class Browser:
    """Headless Chromium with one page open, asked through the DevTools protocol (a WebSocket: the
    few lines of it a test needs, so the test downloads no driver)."""

    def __init__(self, binary: str, url: str, profile: Path, width: int = 360, height: int = 780) -> None:
        port_file = profile / "DevToolsActivePort"
        port_file.unlink(missing_ok=True)          # a profile used before: wait for this browser's port
        self.proc = subprocess.Popen([binary, *BROWSER_FLAGS, f"--user-data-dir={profile}",
                                      "--remote-debugging-port=0", f"--window-size={width},{height}", url],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                                     start_new_session=True)     # its own group: closing ends every process
        self.sock = None
        try:
            self._open(port_file, width, height)
        except BaseException:
            self.close()
            raise

    def _open(self, port_file: Path, width: int, height: int) -> None:
        end = time.monotonic() + 60
        while not (port_file.exists() and port_file.read_text().strip()):
            assert time.monotonic() < end and self.proc.poll() is None, "chromium did not start"
            time.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        targets = []
        while not targets:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json", timeout=10) as res:
                targets = [t for t in json.load(res) if t.get("type") == "page"]
            assert time.monotonic() < end, "chromium opened no page"
            time.sleep(0.1)
        self.sock = _connect(targets[0]["webSocketDebuggerUrl"])
        self.n = 0
        # a phone held upright: the width the page lays out at, whatever the headless window's least width
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=2, mobile=True)
        self.call("Page.reload")

    def call(self, method: str, check: bool = True, **params) -> dict:
        """The browser's answer; with `check` False, an error answer comes back as {"error": ...}."""
        self.n += 1
        _send(self.sock, json.dumps({"id": self.n, "method": method, "params": params}))
        while True:
            msg = json.loads(_recv(self.sock))
            if msg.get("id") == self.n:
                assert not check or "error" not in msg, msg
                return msg.get("result") or {"error": msg.get("error")}

    def js(self, expression: str):
        res = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        return res["result"].get("value")

    def wait_for(self, expression: str, timeout: float) -> float:
        """Seconds until `expression` is true in the page; fails after `timeout`."""
        start = time.monotonic()
        while not self.js(expression):
            assert time.monotonic() - start < timeout, f"not within {timeout} s: {expression}"
            time.sleep(0.05)
        return time.monotonic() - start

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        """End the browser and every process it started (renderers, GPU and zygote processes)."""
        try:
            if self.sock is not None:
                self.sock.close()
        except OSError:
            pass
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(timeout=5)
                break
            except subprocess.TimeoutExpired:
                continue
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)     # what the browser left behind, if anything
        except ProcessLookupError:
            pass


def _connect(url: str) -> socket.socket:
    rest = url.split("://", 1)[1]
    hostport, _, path = rest.partition("/")
    host, port = hostport.rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=30)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def _send(sock: socket.socket, text: str) -> None:
    data = text.encode()
    mask = os.urandom(4)
    n = len(data)
    head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n)
                            if n < 65536 else bytes([0x80 | 127]) + struct.pack(">Q", n))
    sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))


def _exact(sock: socket.socket, n: int) -> bytes:
    out = b""
    while len(out) < n:
        chunk = sock.recv(n - len(out))
        assert chunk, "the browser closed the connection"
        out += chunk
    return out


def _recv(sock: socket.socket) -> str:
    parts = b""
    while True:
        b1, b2 = _exact(sock, 2)
        n = b2 & 0x7F
        if n == 126:
            n = struct.unpack(">H", _exact(sock, 2))[0]
        elif n == 127:
            n = struct.unpack(">Q", _exact(sock, 8))[0]
        parts += _exact(sock, n)
        if b1 & 0x80:
            return parts.decode()
