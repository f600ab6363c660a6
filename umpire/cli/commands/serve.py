"""`umpire serve`: the players' board, a read-only page of each side's ships, live on their phones
(contract: board.md)."""

from __future__ import annotations

import io
import json
import shutil
import signal
import socket
import webbrowser

import click

from umpire.cli import cli, fleet
from umpire.core.errors import BadInput


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 (or the room network's address) lets the players' phones in.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on; 0 takes a free one.")
@click.option("--side", "wanted", multiple=True,
              help="Only a page for this side (repeat for more); default every side.")
@click.option("--open", "open_", is_flag=True, help="Open the umpire's page in this machine's browser.")
@click.pass_obj
def serve(obj, host, port, wanted, open_):
    """Serve the players' board: each side's ships, live, on the players' phones.

    The board only reads the game: commands and `umpire shell` go on beside it as
    usual, and every open page shows what they change within two seconds. Each side's
    page shows its own ships as their logs do and the others by name, class and state
    only. Ctrl-C ends it.

    \b
    Examples:
      umpire serve                       # pages on this machine only
      umpire serve --host 0.0.0.0        # the players' phones on the room's network
      umpire --json serve --port 0       # one JSON line a page, then serve
    """
    # the board (and, through it, the sheets' view models and reportlab) loads for `serve` alone:
    # `umpire --help` imports every command module
    from umpire.board import model, server

    board = model.Board(obj.path)      # read as the board reads it: no lock taken, nothing written
    reading = board.start()
    known = model.sides(reading)
    chosen = sorted({s for text in wanted for s in fleet.sides_named(reading.ships, text)}, key=known.index)
    shown_host = _shown_host(host)

    def started(httpd, pages, stop) -> None:
        port_ = httpd.server_address[1]
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        lines = []
        for p in pages:
            url = f"http://{_bracketed(shown_host)}:{port_}{p.path}"
            lines.append(({"page": p.kind, "url": url} if p.side is None else
                          {"page": p.kind, "side": p.side, "url": url}))
        if obj.as_json:
            for line in lines:
                click.echo(json.dumps(line))
        else:
            _print_pages(lines, host)
        if open_:
            webbrowser.open(lines[0]["url"])

    try:
        server.serve(board, host, port, chosen or known, started)
    except OSError as exc:
        raise BadInput(f"serve: cannot listen on {host}:{port} ({exc.strerror or exc}); "
                       "try another --port, or --port 0 for a free one") from None


def _shown_host(host: str) -> str:
    """The address a phone types: the machine's own where the board listens on every address."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))        # no packet is sent: this only picks the outgoing address
            return s.getsockname()[0]
    except OSError:
        return socket.gethostname()


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _print_pages(lines: list[dict], host: str) -> None:
    for line in lines:
        who = "umpire" if line["page"] == "umpire" else f"side {line['side']}"
        click.echo(f"{who:>20}: {line['url']}")
    if host in ("127.0.0.1", "localhost", "::1"):
        click.echo("Only this machine can open these pages; `--host 0.0.0.0` lets the players' phones in.")
    import segno   # drawn only at start-up, without --json

    width = shutil.get_terminal_size((80, 24)).columns
    for line in lines[1:]:             # a QR code a side, where the terminal is wide enough for it
        qr = segno.make(line["url"], error="l")
        if qr.symbol_size(border=2)[0] > width:
            continue
        click.echo(f"\n{line['side']}:")
        buf = io.StringIO()
        qr.terminal(out=buf, compact=True, border=2)
        click.echo(buf.getvalue().rstrip("\n"))
    click.echo("Serving the board; Ctrl-C ends it.")
