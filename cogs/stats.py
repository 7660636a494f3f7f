"""Statistics, ratings and leaderboards in Discord: the embeds, the trend chart, the page buttons.

The ``/jass stats``, ``leaderboard``, ``season new``, ``privacy`` and ``forget-me`` commands
live in the ``/jass`` group (``cogs/jass.py``) and call :class:`StatsPresenter`; the numbers
come from the stats service (``bot/services/stats.py``). Embeds stay inside Discord's limits
(a field's 1,024 characters, 6,000 in all) whatever the names.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from bot.render.chart import rating_chart
from bot.rules.kinds import KINDS, find_kind
from bot.services.stats import MIN_GAMES, PAGE, StatsService, leaderboards
from bot.stats.ratings import COMPUTER_RATINGS, shown
from bot.texts import COMMAND_TEXTS, MESSAGES
from bot.texts import message as msg

from .buttons import as_view
from .kinds import presenter_for

NAME_MAX = 32  # names are cut: a page of ten stays far below the embed limits
COLOUR = 0x1565C0


def clip(name: str) -> str:
    name = discord.utils.escape_markdown(name.replace("\n", " "))
    return name if len(name) <= NAME_MAX else name[: NAME_MAX - 1] + "…"


def page_id(by: str, season: int, page: int) -> str:
    """The custom_id of a leaderboard page button (no table: the server comes with the click)."""
    return f"jass:lb:0:{by}s{season}p{page}"


def board_name(by: str, lang: str) -> str:
    """A leaderboard's name: an order of Schieber's board (``lb.by.<order>``), or a kind's own rating."""
    key = f"lb.by.{by}"
    if key in MESSAGES:
        return msg(key, lang)
    return msg("lb.by.kind", lang, kind=find_kind(by).title(lang) if by in KINDS else by)


class StatsPresenter:
    def __init__(self, service: StatsService) -> None:
        self.service = service

    async def stats_message(self, guild_id: int, actor: str, name: str, lang: str) -> dict[str, Any]:
        """The embed of a person's statistics (and the trend chart, when they are rated)."""
        stats, rating, place, _ = await self.service.person(guild_id, actor)
        tournaments, passen, points = await self.service.tournament_results(guild_id, actor)
        shown_name = clip(stats.name or name)
        embed = discord.Embed(title=msg("st.title", lang, name=shown_name), colour=COLOUR)
        boards = [name for name, kind in KINDS.items() if kind.own_leaderboard]  # every game with its own board
        others = {kind: await self.service.person(guild_id, actor, kind) for kind in boards}
        if stats.games == 0 and rating is None and all(o[1] is None and o[0].games == 0 for o in others.values()):
            embed.description = msg("st.none", lang, name=shown_name)
            return {"embed": embed}

        def field(title: str, key: str, inline: bool = False, **values: Any) -> None:
            embed.add_field(name=msg(title, lang), value=msg(key, lang, **values)[:1024], inline=inline)

        if rating is not None:
            if place is not None:
                value = msg("st.rating_value", lang, value=rating.shown, spread=rating.spread, place=place,
                            trend=rating.trend, n=len(rating.history))  # fmt: skip
            else:
                value = f"**{rating.shown}** ± {rating.spread} · " + msg("st.unranked", lang, n=MIN_GAMES)
            refs = {lvl: shown(COMPUTER_RATINGS[lvl][0]) for lvl in ("beginner", "club", "strong")}
            embed.add_field(name=msg("st.rating", lang), value=value + "\n" + msg("st.reference", lang, **refs),
                            inline=False)  # fmt: skip
        for kind, (played, own, _, _) in others.items():  # each game's own leaderboard, shown its way
            shown_field = presenter_for(kind).stats_field(kind, played, own, lang)
            if shown_field is not None:
                embed.add_field(name=shown_field[0], value=shown_field[1][:1024], inline=False)
        field("st.games", "st.games_value", games=stats.games, wins=stats.wins, rate=stats.win_rate, draws=stats.draws)
        field("st.hands", "st.hands_value", written=stats.per_hand(stats.written),
              cards=stats.per_hand(stats.card_points), weis=stats.per_hand(stats.weis),
              stoeck=stats.per_hand(stats.stoeck))  # fmt: skip
        field("st.matches", "st.matches_value", True, made=stats.matches_made, suffered=stats.matches_suffered)
        field("st.schieben", "st.schieben_value", True, n=stats.schieben, of=stats.forehands, rate=stats.schieben_rate)
        if stats.chosen:
            ordered = sorted(stats.chosen.items(), key=lambda kv: -kv[1])
            chosen = ", ".join(f"{k} {n} ({stats.chosen_made.get(k, 0)})" for k, n in ordered)
            embed.add_field(name=msg("st.contracts", lang), value=chosen[:1024], inline=False)
        if passen:
            field("st.tournaments", "st.tournaments_value", n=tournaments, passen=passen, points=points)
        out: dict[str, Any] = {"embed": embed}
        if rating is not None and len(rating.history) >= 2:
            values = [shown(mu) for mu in rating.history]
            club = msg("chart.reference", lang, level=COMMAND_TEXTS["choice.level.club"][lang])
            png = await asyncio.to_thread(
                rating_chart,
                values,
                shown_name,
                {club: shown(COMPUTER_RATINGS["club"][0])},
                (msg("chart.games", lang), msg("chart.rating", lang)),
            )
            embed.set_image(url="attachment://rating.png")
            out["file"] = discord.File(io.BytesIO(png), filename="rating.png")
        return out

    async def leaderboard_message(self, guild_id: int, season: int, by: str, page: int, actor: str,
                                  lang: str) -> dict[str, Any] | str:  # fmt: skip
        """A page of the leaderboard with its Previous / Next buttons, or the refusal to say."""
        seasons = await self.service.seasons(guild_id)
        if season not in seasons:
            return msg("lb.no_season", lang, seasons=max(seasons))
        by = by if by in leaderboards() else "rating"
        rows = await self.service.leaderboard(guild_id, season, by)
        pages = max(1, -(-len(rows) // PAGE))
        if not 1 <= page <= pages:
            return msg("lb.no_page", lang, pages=pages)
        title = msg("lb.title", lang, season=season, by=board_name(by, lang))
        embed = discord.Embed(title=title, colour=COLOUR)
        lines = []
        for row in rows[(page - 1) * PAGE : page * PAGE]:
            value = shown(row.value) if by == "rating" else (int(row.value) if by == "wins" else f"{row.value:.1f}")
            lines.append(msg("lb.line", lang, rank=row.rank, name=clip(row.name), value=value, games=row.games))
        embed.description = "\n".join(lines) or msg("lb.empty", lang, n=MIN_GAMES)
        footer = [msg("lb.page", lang, page=page, pages=pages)]
        mine = next((r for r in rows if r.actor == actor), None)
        if mine is not None:
            footer.insert(0, msg("lb.you", lang, rank=mine.rank, n=len(rows)))
        embed.set_footer(text=" · ".join(footer))
        buttons: list[discord.ui.Button[Any]] = [
            discord.ui.Button(label=msg(label, lang), custom_id=page_id(by, season, max(1, target)),
                              disabled=disabled, style=discord.ButtonStyle.secondary)
            for label, target, disabled in (("lb.prev", page - 1, page <= 1), ("lb.next", page + 1, page >= pages))
        ]  # fmt: skip
        return {"embed": embed, "view": as_view(buttons)}
