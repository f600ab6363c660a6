"""The board in a real browser (headless Chromium, installed by .ci/run): a side's page at a phone's
360 px shows its ships and not the enemy's logs, and follows a `fire` typed in another process
within two seconds without a reload. The screenshots are kept in the test's folder, and under
$UMPIRE_ARTEFACTS when it is set."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from tests.board.helpers import FIRE, Browser, Running, chromium, umpire_cli

BINARY = chromium()
pytestmark = pytest.mark.skipif(BINARY is None, reason="no chromium on this machine (.ci/run installs it)")


def _keep(shot: Path) -> None:
    folder = os.environ.get("UMPIRE_ARTEFACTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(folder) / shot.name)


def test_a_side_page_on_a_phone_follows_the_game_live(game, tmp_path):
    board = Running(game, 3)
    browser = Browser(BINARY, board.pages["french"], tmp_path / "profile")
    try:
        browser.wait_for("document.readyState === 'complete' && !!document.querySelector('#ship-hercule')", 30)
        assert browser.js("window.innerWidth") == 360
        text = browser.js("document.body.innerText")
        assert "<b>Hercule</b> & Co" in text and "MARS" in text
        assert browser.js("document.querySelector('#ship-mars')") is None          # the enemy's log is not drawn
        assert browser.js("document.documentElement.scrollWidth") <= 360           # nothing wider than the phone
        hull = "document.querySelectorAll('#ship-hercule .b.x').length"
        assert browser.js(hull) == 0
        browser.screenshot(tmp_path / "board-french-360-before.png")
        res = umpire_cli(game, *FIRE)
        assert res.returncode == 0, res.stderr
        took = browser.wait_for(f"{hull} > 0", 2.0)
        assert took < 2.0
        assert browser.js("performance.getEntriesByType('navigation').length") == 1   # no reload
        shot = tmp_path / "board-french-360.png"
        browser.screenshot(shot)
        _keep(shot)
        assert shot.stat().st_size > 5000
    finally:
        browser.close()
        board.kill()


def test_a_page_reads_without_scripts(game, tmp_path):
    """The ships are in the page as served: a browser that runs no script shows them."""
    board = Running(game, 3)
    browser = Browser(BINARY, "about:blank", tmp_path / "profile")
    try:
        browser.call("Emulation.setScriptExecutionDisabled", value=True)
        browser.call("Page.navigate", url=board.pages["british"])
        dom = ""
        for _ in range(100):
            root = browser.call("DOM.getDocument", depth=-1)["root"]     # the page may still be loading:
            dom = browser.call("DOM.getOuterHTML", check=False, nodeId=root["nodeId"]).get("outerHTML", "")
            if 'id="ship-mars"' in dom and "Last events" in dom:     # the whole page, not the start of it
                break
            time.sleep(0.1)
        assert 'id="ship-mars"' in dom and "&lt;b&gt;Hercule&lt;/b&gt;" in dom and 'id="ship-hercule"' not in dom
    finally:
        browser.close()
        board.kill()
