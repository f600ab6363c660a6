"""The board's pages, drawn on the server: plain HTML with its style and a small script inline (the
club has no network: nothing is loaded from anywhere else). Every text from the game is escaped.
The script asks for the page's `state.json` every 0.7 s and, when the game has changed, fetches
the page again and swaps its main part in, so an open page follows the game without a reload; a
browser without scripts shows the page as it was served."""

from __future__ import annotations

from html import escape

from umpire.board.model import Reading, page_state, reading_side
from umpire.core import numbers

STYLE = """
*{box-sizing:border-box}body{margin:0;font:15px/1.35 system-ui,sans-serif;background:#f4f1ea;color:#1b1b1b}
header{background:#1f3a5a;color:#fff;padding:.6em .8em}header h1{font-size:1.1em;margin:0}
header p{margin:.2em 0 0;font-size:.9em;opacity:.9}main{padding:.5em;max-width:60em;margin:auto}
.notice{background:#fde2c8;border:1px solid #c77;padding:.4em .6em;margin:.4em 0}
.ship{background:#fff;border:1px solid #bbb;border-radius:6px;padding:.5em .7em;margin:.6em 0}
.ship h2{font-size:1.05em;margin:0 0 .3em}.state{font-weight:600;text-transform:uppercase;font-size:.8em;
padding:.1em .4em;border-radius:3px;background:#dde7d8}.state.out{background:#f2c9c4}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1em .7em;margin:.3em 0}dt{color:#555}dd{margin:0}
h3{font-size:.9em;margin:.5em 0 .2em;color:#333}.row{display:flex;align-items:center;flex-wrap:wrap;gap:2px;
margin:1px 0}.row .l{min-width:2.2em;font-size:.8em;color:#555}.b{display:inline-block;width:14px;height:14px;
border:1px solid #333;background:#fff}.b.x{background:#333}.n{font-size:.8em;margin-left:.4em;color:#555}
.rung{display:inline-flex;flex-direction:column;align-items:center;font-size:.7em;margin-right:3px}
ul{margin:.2em 0;padding-left:1.2em}.others td,.others th{text-align:left;padding:.15em .5em .15em 0}
.log{font-size:.85em}.log li{margin:.15em 0}@media(min-width:50em){.ships{display:grid;
grid-template-columns:1fr 1fr;gap:0 .8em}}
"""

SCRIPT = """
(function(){var v=document.body.dataset.version;function tick(){fetch('state.json',{cache:'no-store'})
.then(function(r){return r.json()}).then(function(s){var n=document.getElementById('notice');
n.textContent=s.notice||'';n.hidden=!s.notice;if(String(s.version)===v)return;
return fetch('./',{cache:'no-store'}).then(function(r){return r.text()}).then(function(t){
var d=new DOMParser().parseFromString(t,'text/html');v=d.body.dataset.version;
document.body.dataset.version=v;document.querySelector('main').replaceWith(d.querySelector('main'));
document.querySelector('header').replaceWith(d.querySelector('header'));});})
.catch(function(){var n=document.getElementById('notice');n.textContent='the board cannot be reached';
n.hidden=false;}).then(function(){setTimeout(tick,700)});}setTimeout(tick,700);})();
"""

OUT = {"struck", "surrendered", "captured", "sunk", "exploded", "sinking", "burning", "aground"}


def page(reading: Reading | None, side: str | None, notice: str) -> str:
    """The whole page of a side (or of the umpire, `side` None)."""
    state = page_state(reading, side, notice)
    who = f"the {side} side" if side else "the umpire"
    head = (f"<header><h1>{escape(state['game'] or 'umpire')} &middot; turn {state['turn']}</h1>"
            f"<p>{escape(state['ruleset'])} &middot; board of {escape(who)}{_wind(state.get('wind'))}</p></header>")
    body = [f'<p id="notice" class="notice"{"" if notice else " hidden"}>{escape(notice)}</p>']
    if reading is not None:
        own = [sid for sid in reading.ships if side is None or reading_side(reading, sid) == side]
        body.append('<section class="ships">' + "".join(_ship(reading, sid) for sid in own) + "</section>")
        if not own:
            body.append("<p>No ships of this side in the game yet.</p>")
        others = [s for s in state["ships"] if side is not None and s["side"] != side]
        if others:
            body.append("<h3>Other ships</h3><table class=others><tr><th>Ship</th><th>Side</th><th>Class</th>"
                        "<th>State</th></tr>" + "".join(
                            f"<tr><td>{escape(str(s['name']))}</td><td>{escape(str(s['side']))}</td>"
                            f"<td>{escape(str(s['class']))}</td><td>{escape(str(s['state']))}</td></tr>"
                            for s in others) + "</table>")
        if state["last_events"]:
            body.append("<h3>Last events</h3><ol class=log>" + "".join(
                f'<li value="{int(e["n"])}">{escape(numbers.in_text(str(e["summary"])))}</li>'
                for e in state["last_events"])
                + "</ol>")
    return ("<!doctype html><html lang=en><head><meta charset=utf-8>"
            '<meta name=viewport content="width=device-width,initial-scale=1">'
            f"<title>{escape(state['game'] or 'umpire')} - board</title><style>{STYLE}</style></head>"
            f'<body data-version="{state["version"]}">{head}<main>{"".join(body)}</main>'
            f"<script>{SCRIPT}</script></body></html>")


def _wind(wind) -> str:
    """The wind as `status` gives it: toward a direction, its velocity and force."""
    if not isinstance(wind, dict) or not wind:
        return ""
    parts = [f"toward {wind['direction']}" if isinstance(wind.get("direction"), (int, str)) else "",
             f"velocity {wind['velocity']}" if isinstance(wind.get("velocity"), (int, str)) else "",
             str(wind["force"]) if isinstance(wind.get("force"), str) else ""]
    shown = ", ".join(p for p in parts if p)
    return " &middot; wind " + escape(shown) if shown else ""


def _ship(reading: Reading, sid: str) -> str:
    status = reading.ships[sid]
    state = str(status.get("state", ""))
    title, blocks = str(status.get("name", sid)), reading.blocks.get(sid, ())
    out = []
    for block in blocks:
        kind = block[0]
        if kind == "title":
            title = str(block[1])
        elif kind == "fields" and block[2]:
            out.append(_heading(block[1]) + "<dl>" + "".join(
                f"<dt>{escape(str(k))}</dt><dd>{escape(str(v))}</dd>" for k, v in block[2]) + "</dl>")
        elif kind == "boxes" and block[2]:
            out.append(_heading(block[1]) + _boxes(block[2]))
        elif kind == "ladder" and block[2]:
            out.append(_heading(block[1]) + '<div class=row>' + "".join(
                f'<span class=rung><span class="b{" x" if crossed else ""}"></span>{escape(str(value))}</span>'
                for value, crossed in block[2]) + "</div>")
        elif kind == "lines" and block[2]:
            out.append(_heading(block[1]) + "<ul>" + "".join(f"<li>{escape(str(x))}</li>" for x in block[2])
                       + "</ul>")
    badge = f'<span class="state{" out" if state in OUT else ""}">{escape(state)}</span>'
    return (f'<article class=ship id="ship-{escape(sid)}"><h2>{escape(title)} {badge}</h2>'
            f"{''.join(out)}</article>")


def _heading(text: str) -> str:
    return f"<h3>{escape(str(text))}</h3>" if text else ""


def _boxes(rows) -> str:
    """Rows of squares, those crossed off filled, with the count left."""
    out = []
    for label, total, crossed in rows:
        total, crossed = int(total), max(0, min(int(crossed), int(total)))
        squares = "".join(f'<span class="b{" x" if i < crossed else ""}"></span>' for i in range(total))
        out.append(f'<div class=row><span class=l>{escape(str(label))}</span>{squares}'
                   f'<span class=n>{total - crossed}/{total}</span></div>')
    return "".join(out)
