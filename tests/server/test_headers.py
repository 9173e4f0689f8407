"""Headers and third parties (docs/server.md, "Headers"): every answer carries the security headers, and
the API documentation loads nothing from outside the server."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from .conftest import register

HEADERS = {"x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "no-referrer"}


def assert_secured(r: object, page: bool = False) -> None:
    headers = r.headers  # type: ignore[attr-defined]
    for name, value in HEADERS.items():
        assert headers.get(name) == value, (name, dict(headers))
    csp = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp and "object-src 'none'" in csp
    assert "'unsafe-eval'" not in csp and "http" not in csp
    if not page:
        assert "script-src 'self';" in csp and "'unsafe-inline'" not in csp


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    ana = register(client, "ana")
    answers = [client.get("/"), client.get("/app.js"), client.get("/style.css"), client.get("/openapi.json"),
               client.get("/api/decks", headers=ana), client.get("/api/decks"),  # 200, 401
               client.get("/api/games/999", headers=ana), client.get("/no/such/file"),  # 404s
               client.post("/api/decks/check", headers=ana, json={"main": "x"}),  # 422
               client.post("/api/accounts", content=b"x" * 70_000)]  # 413
    assert [r.status_code for r in answers] == [200, 200, 200, 200, 200, 401, 404, 404, 422, 413]
    for r in answers:
        assert_secured(r)


def test_the_documentation_is_served_from_the_package_under_its_own_policy(client: TestClient) -> None:
    assert client.get("/redoc").status_code == 404  # ReDoc fetches its logo from its CDN: not offered
    for path in ("/docs",):
        r = client.get(path)
        assert r.status_code == 200 and "text/html" in r.headers["content-type"]
        assert_secured(r, page=True)
        urls = re.findall(r'(?:src|href|url)\s*[=:]\s*["\']([^"\']+)', r.text)
        assert urls and all(u.startswith("/") for u in urls), urls  # nothing from a CDN
        for u in urls:
            assert client.get(u).status_code == 200, u
        inline = re.findall(r"<script>(.*?)</script>", r.text, re.S)
        csp = r.headers["content-security-policy"]
        assert len(re.findall(r"'sha256-[^']+'", csp)) == len(inline)  # each inline script by its hash
    assert "/docs" not in client.get("/openapi.json").json()["paths"]
