"""The table in a browser: the pages Chronicle serves itself (`/`, `/battles/{id}`,
`/tournaments/{id}`) and their static files under `/web/` (plain ES modules, no build step, no
CDN). The pages read only the public API and websocket, as any third-party client would."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID

from litestar import MediaType, Response, get
from litestar.params import FromPath
from litestar.router import Router
from litestar.static_files import create_static_files_router

WEB = Path(__file__).resolve().parent.parent / "web"
WEB_ASSETS = "/web"

# A page is a shell of HTML; its module reads the id from the URL and the rest from the API.
_PAGE_HEADERS = {"Cache-Control": "no-cache"}


def _page(name: str) -> Response[bytes]:
    return Response(content=(WEB / name).read_bytes(), media_type=MediaType.HTML, headers=_PAGE_HEADERS)


@get("/", include_in_schema=False)
async def home_page() -> Response[bytes]:
    return _page("index.html")


@get("/battles/{battle_id:uuid}", include_in_schema=False)
async def battle_page(battle_id: FromPath[UUID]) -> Response[bytes]:
    return _page("battle.html")


@get("/tournaments/{tournament_id:uuid}", include_in_schema=False)
async def tournament_page(tournament_id: FromPath[UUID]) -> Response[bytes]:
    return _page("tournament.html")


def web_assets() -> Router:
    return create_static_files_router(path=WEB_ASSETS, directories=[WEB], include_in_schema=False, name="web-assets")


pages = [home_page, battle_page, tournament_page]
