"""Browser tests (issue 7): Playwright drives Debian's Chromium (``../shared/recipes.md``: never
``playwright install``) against a real ``tablero serve`` on loopback with its own SQLite file."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tablero.server.local import serve

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# How long an expectation waits for its state before it fails: every one waits on a state, never on time, and
# Playwright's 5 s was too short for a state that needs the server on CI's loaded two cores (the replay's
# last step, which replays the whole game, came after 5 s in a CI run of d843d1c). A test that holds still
# fails just the same, later.
expect.set_options(timeout=30_000)
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


# scripts/flaky-check slows every page's CPU this many times (Chromium's Emulation.setCPUThrottlingRate), so
# that a test leaning on the page being quick fails there rather than some day on CI
CPU_THROTTLE = float(os.environ.get("TABLERO_CPU_THROTTLE") or 1)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any],
                             tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("TABLERO_EXPECT_BROWSER") == "1":
            pytest.fail("Chromium is missing: .ci/run installs Debian's chromium package")
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    # each test worker's Chromium has a folder of its own for what it writes outside its profile (crash reports)
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path_factory.mktemp("chromium-config"))}
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "env": env,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--no-first-run"]}


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any], request: pytest.FixtureRequest) -> dict[str, Any]:
    """Pages ask for reduced motion, as a player may (motion.js then moves nothing), except in the tests of
    motion itself (marked ``motion``): the moves are looked at there, and every other test would only wait
    on them — two thirds of the page's work on a board drawn in software, as CI's Chromium draws it."""
    if request.node.get_closest_marker("motion"):
        return browser_context_args
    return {**browser_context_args, "reduced_motion": "reduce"}


@pytest.fixture(scope="session")
def browser(browser: Browser) -> Browser:
    """pytest-playwright's browser, every page of which (the ``page`` fixture's and a test's own contexts')
    runs with its CPU slowed ``CPU_THROTTLE`` times."""
    if CPU_THROTTLE == 1:
        return browser
    new_context = browser.new_context

    def throttled_context(**kwargs: Any) -> BrowserContext:
        context = new_context(**kwargs)
        new_page = context.new_page

        def throttled_page() -> Page:
            page = new_page()
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU_THROTTLE})
            return page

        context.new_page = throttled_page  # type: ignore[method-assign]
        return context

    browser.new_context = throttled_context  # type: ignore[method-assign]
    return browser


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
