"""The API's documentation page (``/docs``, Swagger UI) served with its script and styles from an installed
package (fastapi-offline's copies), not a public CDN: pinned by our dependency ranges, working offline, and
under a Content-Security-Policy that names only this server. The page is rendered once; its inline script is
allowed by its hash, not by ``'unsafe-inline'``. ReDoc (``/redoc``) is not offered: its bundle fetches its
logo from cdn.redoc.ly whatever it is told."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import fastapi_offline
from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = Path(fastapi_offline.__file__).parent / "static"
ASSETS_URL = "/docs-assets"
INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.S)


def docs_policy(page: bytes) -> str:
    """The documentation page's CSP: this server's files, the page's own inline scripts by hash, inline
    styles (Swagger UI sets style attributes) and ``data:`` images (its icons)."""
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s).digest()).decode()}'"
                      for s in INLINE_SCRIPT.findall(page))
    return ("default-src 'self'; script-src 'self' " + hashes + "; style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; object-src 'none'; base-uri 'none'; "
            "frame-ancestors 'none'; form-action 'self'").replace("'self' ;", "'self';")


def serving(body: bytes) -> Callable[[], Awaitable[HTMLResponse]]:
    """A route answering one fixed page."""
    async def page() -> HTMLResponse:
        return HTMLResponse(body)
    return page


def install_docs(app: FastAPI) -> dict[str, str]:
    """Add ``/docs`` and its assets to ``app`` (made with ``docs_url=None, redoc_url=None``); returns the
    page's path and its Content-Security-Policy."""
    assert app.openapi_url is not None
    favicon = f"{ASSETS_URL}/favicon.png"
    swagger = get_swagger_ui_html(openapi_url=app.openapi_url, title=f"{app.title} - Swagger UI",
                                  swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
                                  swagger_css_url=f"{ASSETS_URL}/swagger-ui.css", swagger_favicon_url=favicon,
                                  oauth2_redirect_url=None,
                                  swagger_ui_parameters={"validatorUrl": None})  # no call to swagger.io
    app.mount(ASSETS_URL, StaticFiles(directory=ASSETS), name="docs-assets")
    pages = {"/docs": swagger}
    for path, page in pages.items():
        app.add_api_route(path, serving(bytes(page.body)), include_in_schema=False)
    return {path: docs_policy(bytes(page.body)) for path, page in pages.items()}
