"""The API documentation in the browser (docs/server.md, "Headers"): Swagger UI renders from the
server's own files, under its Content-Security-Policy, with no request leaving the server."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_the_api_documentation_renders_offline_under_the_policy(page: Page, server: str) -> None:
    elsewhere: list[str] = []
    page.on("request", lambda r: elsewhere.append(r.url) if not r.url.startswith((server, "data:", "blob:"))
            else None)
    page.goto(server + "/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Tablero")
    expect(page.locator(".opblock").first).to_be_visible()
    assert page.locator(".opblock").count() >= 15  # every route, read from /openapi.json
    expect(page.get_by_text("/api/games/{game_id}/claim").first).to_be_attached()
    assert page.request.get(server + "/redoc").status == 404  # not offered: ReDoc calls its CDN
    assert not elsewhere, elsewhere
