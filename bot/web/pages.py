"""The servers' public pages, rendered on the server (Jinja2 templates, no script): a server's front
page, its leaderboards (each game kind, each season), tournaments, people and finished games step by
step. Each lives under ``/s/<slug>/``; a server whose pages are off, an unknown slug and anything not
public answer 404. Every page carries an ETag (a repeated request with ``If-None-Match`` gets 304).

The data comes from :class:`bot.services.web.SiteService`; the score of a replay step is drawn by
the kind's web part (``bot/web/kinds``).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from importlib import resources
from typing import Any

from aiohttp import web
from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from bot.render.cards import suit_icon
from bot.render.sprite import parse_key, sheet_css, sheet_url, sprite_key, sprite_png
from bot.rules.kinds import KINDS, find_kind
from bot.services.web import NotFound, SiteService
from bot.stats.ratings import shown
from bot.stats.records import PersonStats
from bot.storage.web import Site
from bot.texts.cards import deck_for
from bot.texts.web import WEB

from .kinds import part_for

#: What a page may load: its own style sheet, nothing else; no script at all.
PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; " \
           "frame-ancestors 'none'"  # fmt: skip
LANGUAGES = ("de", "en")
SUIT_CLASSES = ("eichel", "rose", "schelle", "schilte")
CHART_W, CHART_H = 600, 160


#: Unicode's first-strong isolate and its end: a name inside a sentence keeps its own direction, and a
#: right-to-left override in a name (U+202E) ends with it.
FSI, PDI = "\u2068", "\u2069"


def isolated(name: str) -> str:
    """``name`` isolated for a sentence (``t("won_by", name=isolated(n))``).

    >>> isolated("\u202eAnna") == "\u2068\u202eAnna\u2069"
    True
    """
    return f"{FSI}{name}{PDI}"


def person(name: str) -> Markup:
    """A name on its own: isolated (``<bdi>``), cut with an ellipsis where it is too long for its place
    (the whole name in the title).

    >>> str(person("<b>Anna</b>"))
    '<bdi class="name" title="&lt;b&gt;Anna&lt;/b&gt;">&lt;b&gt;Anna&lt;/b&gt;</bdi>'
    """
    return Markup('<bdi class="name" title="{0}">{0}</bdi>').format(name)


def text(lang: str) -> Callable[..., str]:
    """The page texts of one language, by key with values (``t("hand", n=3)``)."""

    def t(key: str, **values: Any) -> str:
        if key == "lang":
            return lang
        if key.startswith("kind."):  # a game's name: the registry's (a kind installed later has one too)
            name = key.removeprefix("kind.")
            return find_kind(name).title(lang) if name in KINDS else name.capitalize()
        entry = WEB.get(key)
        if entry is None:
            return key
        return entry[lang].format(**values)

    return t


def chart(values: list[int]) -> dict[str, Any] | None:
    """An SVG polyline of a rating over the games (None for fewer than two points)."""
    if len(values) < 2:
        return None
    low, high = min(values) - 10, max(values) + 10
    step = CHART_W / (len(values) - 1)
    points = " ".join(
        f"{i * step:.1f},{CHART_H - (v - low) / (high - low) * CHART_H:.1f}" for i, v in enumerate(values)
    )
    return {"points": points, "low": low, "high": high, "w": CHART_W, "h": CHART_H, "last": values[-1]}


class Pages:
    """The page handlers; :meth:`routes` adds them to the web server's application."""

    def __init__(self, site: SiteService) -> None:
        self.site = site
        self.env = Environment(loader=PackageLoader("bot.web", "templates"), autoescape=select_autoescape(),
                               trim_blocks=True, lstrip_blocks=True)  # fmt: skip
        self.env.filters["person"] = person
        self.env.filters["iso"] = isolated
        self.css = resources.files("bot.web").joinpath("static/site.css").read_bytes()
        self.css_etag = '"' + hashlib.sha256(self.css).hexdigest()[:20] + '"'
        # the live table's script (built from bot/web/client by make; None where npm was missing), at an
        # address that names its version: a browser keeps it until the bot has another
        path = resources.files("bot.web").joinpath("static/table.js")
        self.script = path.read_bytes() if path.is_file() else None
        version = hashlib.sha256(self.script or b"").hexdigest()[:12]
        self.env.globals["table_script"] = f"/static/table.js?v={version}" if self.script is not None else None
        self.suits = [suit_icon(suit) for suit in range(4)]  # drawn as the bot's card pictures draw them

    def routes(self, app: web.Application) -> None:
        app.router.add_get("/static/site.css", self.stylesheet)
        app.router.add_get("/static/suit-{suit:[0-3]}.png", self.suit)
        app.router.add_get("/static/table.js", self.table_script)
        app.router.add_get("/static/cards-{deck:[a-z0-9_-]{1,40}}.png", self.card_sprite)
        app.router.add_get("/static/deck-{deck:[a-z0-9_-]{1,40}}.css", self.deck_sheet)
        app.router.add_get("/s/{slug}", self.to_home)
        app.router.add_get("/s/{slug}/", self.home)
        app.router.add_get("/s/{slug}/leaderboard/{kind}", self.leaderboard)
        app.router.add_get("/s/{slug}/t/{tournament}", self.tournament)
        app.router.add_get("/s/{slug}/p/{key}", self.person)
        app.router.add_get("/s/{slug}/g/{table}/{game:\\d+}", self.game)
        app.router.add_get("/s/{slug}/g/{table}/{game:\\d+}/{hand:\\d+}/{step:\\d+}", self.step)

    # -- helpers -------------------------------------------------------------------------------

    async def stylesheet(self, request: web.Request) -> web.Response:
        if request.headers.get("If-None-Match") == self.css_etag:
            return web.Response(status=304, headers={"ETag": self.css_etag})
        return web.Response(body=self.css, content_type="text/css", charset="utf-8",
                            headers={"ETag": self.css_etag, "Cache-Control": "public, max-age=3600"})  # fmt: skip

    async def table_script(self, request: web.Request) -> web.Response:
        if self.script is None:
            raise web.HTTPNotFound(text="the live table's script is not built (make builds it with npm)\n")
        versioned = request.query.get("v") == str(self.env.globals["table_script"]).rpartition("=")[2]
        cache = "public, max-age=31536000, immutable" if versioned else "no-cache"
        return web.Response(body=self.script, content_type="text/javascript", charset="utf-8",
                            headers={"Cache-Control": cache})  # fmt: skip

    async def card_sprite(self, request: web.Request) -> web.Response:
        """A deck's 36 cards in one picture (bot/render/sprite.py), drawn once, kept by the browser."""
        key = request.match_info["deck"]
        if parse_key(key) is None:
            raise web.HTTPNotFound()
        png = await asyncio.to_thread(sprite_png, key)  # the first page of a deck waits ~0.3 s, nobody else
        etag = '"' + hashlib.sha256(png).hexdigest()[:20] + '"'
        headers = {"ETag": etag, "Cache-Control": "public, max-age=31536000, immutable"}
        if request.headers.get("If-None-Match") == etag:
            return web.Response(status=304, headers=headers)
        return web.Response(body=png, content_type="image/png", headers=headers)

    async def deck_sheet(self, request: web.Request) -> web.Response:
        """Which sprite a page's cards are cut from (its address versioned: kept for good)."""
        key = request.match_info["deck"]
        if parse_key(key) is None:
            raise web.HTTPNotFound()
        return web.Response(text=sheet_css(key), content_type="text/css",
                            headers={"Cache-Control": "public, max-age=31536000, immutable"})  # fmt: skip

    async def suit(self, request: web.Request) -> web.Response:
        png = self.suits[int(request.match_info["suit"])]
        return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "public, max-age=86400"})

    async def _site(self, request: web.Request) -> tuple[Site, str, str]:
        """The server of the address, the page language and the query that keeps it."""
        try:
            site = await self.site.site(request.match_info["slug"])
        except NotFound as err:
            raise web.HTTPNotFound(text=WEB["not_found"]["en"] + "\n") from err
        asked = request.query.get("lang")
        if asked in LANGUAGES:
            return site, asked, f"?lang={asked}"
        return site, await self.site.language(site), ""

    def render(self, request: web.Request, name: str, site: Site, lang: str, q: str, **values: Any) -> web.Response:
        t = text(lang)
        deck = deck_for(lang)

        def card(c: int, contract: int | None = None) -> Markup:
            suit = c // 9
            return Markup(
                '<span class="card {}" data-card="{}"><img src="/static/suit-{}.png" alt="" width="16" height="16"> {}'
                "</span>"
            ).format(SUIT_CLASSES[suit], c, suit, deck.card(c, contract))

        def card_face(c: int, at: int, contract: int | None = None) -> Markup:
            """A card drawn as a card (its cell of the deck's sprite), in front of seat ``at``."""
            return Markup(
                '<span class="card" role="img" aria-label="{0}" title="{0}" data-card="{1}" data-at="{2}">'
                '<span class="face k{3} s{4}" aria-hidden="true"></span></span>'
            ).format(deck.card(c, contract), c, at, c % 9, c // 9)

        body = self.env.get_template(name).render(
            t=t, lang=lang, q=q, base=f"/s/{site.slug}", kinds=list(KINDS), card=card, named=deck.named,
            card_face=card_face, deck_sheet=sheet_url(sprite_key(deck.kind, deck.french_map, lang)),
            other="en" if lang == "de" else "de", path=request.path, **values,
        ).encode("utf-8")  # fmt: skip
        etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
        headers = {"ETag": etag, "Cache-Control": "no-cache", "Content-Security-Policy": PAGE_CSP}
        if request.headers.get("If-None-Match") == etag:
            return web.Response(status=304, headers=headers)
        return web.Response(body=body, content_type="text/html", charset="utf-8", headers=headers)

    @staticmethod
    def _int(request: web.Request, key: str) -> int:
        try:
            return int(request.match_info[key])
        except ValueError as err:
            raise web.HTTPNotFound() from err

    # -- the pages ---------------------------------------------------------------------------

    async def to_home(self, request: web.Request) -> web.Response:
        raise web.HTTPFound(request.path + "/")

    async def home(self, request: web.Request) -> web.Response:
        site, lang, q = await self._site(request)
        t = text(lang)
        tournaments = await self.site.tournaments(site, t("private"))
        games = await self.site.recent(site, t("private"))
        return self.render(request, "home.html", site, lang, q, tournaments=tournaments, games=games)

    async def leaderboard(self, request: web.Request) -> web.Response:
        site, lang, q = await self._site(request)
        raw = request.query.get("season")
        try:
            season = int(raw) if raw is not None else None
            found = await self.site.leaderboard(site, request.match_info["kind"], season)
        except (ValueError, NotFound) as err:
            raise web.HTTPNotFound() from err
        season, seasons, rows, keys = found
        return self.render(request, "leaderboard.html", site, lang, q, kind=request.match_info["kind"], season=season,
                           seasons=seasons, rows=rows, keys=keys, shown=shown, min_games=5)  # fmt: skip

    async def tournament(self, request: web.Request) -> web.Response:
        site, lang, q = await self._site(request)
        try:
            page = await self.site.tournament(site, request.match_info["tournament"], text(lang)("private"))
        except NotFound as err:
            raise web.HTTPNotFound() from err
        tour = page.tournament
        return self.render(request, "tournament.html", site, lang, q, tour=tour, rows=tour.standings(),
                           tables=page.tables, keys=page.keys)  # fmt: skip

    async def person(self, request: web.Request) -> web.Response:
        site, lang, q = await self._site(request)
        try:
            page = await self.site.person(site, request.match_info["key"], text(lang)("private"))
        except NotFound as err:
            raise web.HTTPNotFound() from err
        charts = {k: chart([shown(mu) for mu in r.history]) for k, r in page.ratings.items()}
        return self.render(request, "person.html", site, lang, q, person=page, charts=charts, shown=shown,
                           per_hand=_per_hand)  # fmt: skip

    async def game(self, request: web.Request) -> web.Response:
        site, lang, q = await self._site(request)
        try:
            page = await self.site.game(site, request.match_info["table"], self._int(request, "game"),
                                        text(lang)("private"))  # fmt: skip
        except NotFound as err:
            raise web.HTTPNotFound() from err
        return self.render(request, "game.html", site, lang, q, page=page)

    async def step(self, request: web.Request) -> web.Response:
        site, lang, q = await self._site(request)
        table, game = request.match_info["table"], self._int(request, "game")
        hand, step = self._int(request, "hand"), self._int(request, "step")
        t = text(lang)
        try:
            page, shown_step = await self.site.replay(site, table, game, hand, step, t("private"))
        except NotFound as err:
            raise web.HTTPNotFound() from err
        view = shown_step.view
        board = part_for(view.kind).board(view, t)
        hands = [h.hand for h in page.hands]
        later = [h for h in hands if h > hand]
        return self.render(request, "step.html", site, lang, q, page=page, s=shown_step, view=view, board=board,
                           next_hand=later[0] if later else None, contract=_contract(view, lang))  # fmt: skip


def _per_hand(kind: str, s: PersonStats) -> str:
    """Points a hand: the team's written points, or (each for themselves) the person's own."""
    return f"{s.per_hand(s.penalty if find_kind(kind).individual else s.written):.1f}"


def _contract(view: Any, lang: str) -> str:
    deck = deck_for(lang)
    if view.contract_name:
        return deck.named(view.contract_name)
    return deck.contract(view.contract) if view.contract is not None else ""
