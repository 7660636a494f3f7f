"""A server's pages served for a test: real games played into its database, the pages switched on,
the web server on a loopback port, and a client that reads them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape
from urllib.parse import urljoin, urlsplit

import aiohttp
from multidict import CIMultiDict

from benchmarks.web_fill import Filled, fill
from bot.services import ServiceSettings
from bot.services.hub import Services
from bot.storage import Storage
from bot.storage.web import Site
from bot.web.pages import Pages
from bot.web.server import Health, RateLimit, WebServer

GUILD = 4242
LINK = re.compile(r'href="([^"]+)"')
CARD = re.compile(r'data-card="(\d+)"')


async def healthy() -> Health:
    return Health(True, "none")


async def no_metrics() -> str:
    return ""


@dataclass
class Served:
    services: Services
    server: WebServer
    filled: Filled | None
    site: Site

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    @property
    def home(self) -> str:
        return f"{self.root}/s/{self.site.slug}/"

    async def close(self) -> None:
        await self.server.stop()
        await self.services.close()
        await self.services.storage.close()


async def serve(path, games: dict[str, int] | None = None, tournament: bool = True, on: bool = True) -> Served:
    """Real games on server :data:`GUILD` (None: no games), its pages ``on``, served on a free port."""
    storage = await Storage.open(path)
    services = Services.build(storage, ServiceSettings(ai_seed="web"), "random")
    filled = await fill(services, GUILD, games=games, tournament=tournament) if games is not None else None
    site = await services.site.switch(GUILD, on)
    server = WebServer(healthy, no_metrics, Pages(services.site), RateLimit(rate=1000, burst=1000))
    await server.start("127.0.0.1", 0)
    return Served(services, server, filled, site)


def text_of(html: str) -> str:
    """What a reader sees of a page (tags dropped)."""
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def links(page_url: str, html: str) -> list[str]:
    """Absolute addresses of the page's links to pages of the same site (query kept)."""
    out = []
    for href in LINK.findall(html):
        url = urljoin(page_url, unescape(href))
        if urlsplit(url).netloc == urlsplit(page_url).netloc:
            out.append(url)
    return out


def cards_shown(html: str) -> list[int]:
    return [int(c) for c in CARD.findall(html)]


async def get(session: aiohttp.ClientSession, url: str, **headers: str) -> tuple[int, str, CIMultiDict[str]]:
    async with session.get(url, headers=headers, allow_redirects=False) as response:
        return response.status, await response.text(), CIMultiDict(response.headers)
