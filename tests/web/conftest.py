"""Browser tests (issue 7): Playwright drives Debian's Chromium (``../shared/recipes.md``: never
``playwright install``) against a real ``tablero serve`` on loopback with its own SQLite file."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tablero.server.local import serve

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# How long an expectation waits for its state before it fails: every one waits on a state, never on time, and
# Playwright's 5 s was too short for a state that needs the server on CI's loaded two cores (the replay's
# last step, which replays the whole game, came after 5 s in a CI run of d843d1c). A test that holds still
# fails just the same, later.
expect.set_options(timeout=20_000)
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("TABLERO_EXPECT_BROWSER") == "1":
            pytest.fail("Chromium is missing: .ci/run installs Debian's chromium package")
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--no-first-run"]}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A real server on a free loopback port; its URL."""
    proc, base = serve(tmp_path / "web.db")
    try:
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.fixture
def artifacts() -> Path:
    """Where screenshots go (kept by CI as test artifacts; not in git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(autouse=True)
def no_policy_violations(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every page a test drives runs under the server's Content-Security-Policy (docs/server.md): a script,
    style or socket the policy blocks is a console error, and fails the test."""
    if "page" not in request.fixturenames:
        yield
        return
    page = request.getfixturevalue("page")
    blocked: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    yield
    assert not blocked, blocked
