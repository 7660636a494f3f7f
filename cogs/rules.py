"""``/rules``: a Schieber rule explained, or a concrete question computed, for the rules of the
table in front of you (private by default, with a "Show in channel" button).

- ``/rules ask question`` — a question in the player's words: the passage that answers it (or the
  figure, where it asks for one), with up to three "Meintest du …?" buttons opening whole topics;
- ``/rules topic`` — a topic (autocomplete over titles, synonyms and the texts' words), with the
  value of the rule keys it depends on at this table;
- ``/rules weis cards [against] [contract]`` — the Weis in some cards, and which list wins;
- ``/rules count cards contract`` — card points;
- ``/rules legal hand trick contract`` — which cards may be played, and why not;
- ``/rules score contract card_points [match] [weis] [stoeck]`` — what a hand writes.

The rules asked about are those of the open table of the channel (or thread), else the
server's default preset, else the bot's. The answers come from ``bot/rules/lookup.py``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.kinds import part_of
from bot.rules import Contract, RuleSet
from bot.rules.kinds import KINDS
from bot.rules.lookup import TOTAL, better_weis, extra_written, playable, points_of, weis_in, written
from bot.texts import command_text, language_of, message
from bot.texts.answers import reply
from bot.texts.ask import ask
from bot.texts.card_words import CardWordsError, parse_cards, suggestions
from bot.texts.cards import Deck
from bot.texts.rule_keys import key_text, value_text
from bot.texts.rules_topics import BY_KEY, KEYS, SOURCES, Topic, find_topics

from .common import answer_privately, rules_here

if TYPE_CHECKING:
    from bot.client import JassBot

COLOUR = 0x2E7D32
HAND = 9  # cards of a hand: longer lists are refused
CONTRACTS = ["eichel", "rose", "schelle", "schilte", "obenabe", "undenufe"]
EXTRAS = ["slalom", "guschti", "tuo", "misere"]  # /rules score: the extra contracts in Schieber


def _lang(interaction: discord.Interaction) -> str:
    fallback = getattr(getattr(interaction.client, "settings", None), "language", "de")
    return language_of(str(interaction.locale), fallback)


class RulesCog(commands.Cog):
    def __init__(self, bot: JassBot) -> None:
        self.bot = bot

    rules = app_commands.Group(name=command_text("rules.name"), description=command_text("rules.description"))

    async def cog_load(self) -> None:
        """The kinds' own calculators join /rules (a kind's presenter lists them as ``RULES_COMMANDS``)."""
        group = next(c for c in self.__cog_app_commands__ if isinstance(c, app_commands.Group))
        for kind in KINDS:
            for command in getattr(part_of(kind, "presenter"), "RULES_COMMANDS", ()):
                group.add_command(command, override=True)

    # -- which rules ----------------------------------------------------------------------

    async def rules_here(self, interaction: discord.Interaction, lang: str) -> tuple[RuleSet, str]:
        return await rules_here(self.bot, interaction, lang)

    # -- topics ---------------------------------------------------------------------------

    @rules.command(name=command_text("rules.ask.name"), description=command_text("rules.ask.description"))
    @app_commands.rename(question=command_text("rules.question.name"))
    @app_commands.describe(question=command_text("rules.question.description"))
    async def ask(self, interaction: discord.Interaction, question: app_commands.Range[str, 1, 300]) -> None:
        """The answer to a question in the player's words, privately, with "Meintest du …?" buttons."""
        from .buttons import as_view

        lang = _lang(interaction)
        rules, which = await self.rules_here(interaction, lang)
        found = reply(question, lang, rules)
        buttons: list[discord.ui.Button[Any]] = []
        if found.answer is None:
            text = message("rl.ask.none", lang)
        else:
            text = found.answer
        seen: set[str] = set()
        for related in found.more[:3]:
            if related.topic in seen or related.topic not in BY_KEY:
                continue
            seen.add(related.topic)
            label = BY_KEY[related.topic].title[lang] if found.answer is None else related.text
            buttons.append(discord.ui.Button(label=_label(label), custom_id=f"jass:rules:0:t:{related.topic}"))
        title = message("rl.ask.title", lang)
        embed = discord.Embed(title=title, description=text[:4000], colour=COLOUR)
        if found.answer is not None and buttons:
            more = "\n".join(f"• {r.text}" for r in found.more[:3])
            embed.add_field(name=message("rl.ask.more", lang), value=more[:1024], inline=False)
        footer = message("rl.ask.computed_by", lang) + " · " + which if found.computed else which
        embed.set_footer(text=footer[:2048])
        if found.answer is not None:
            buttons.append(discord.ui.Button(label=message("rl.show", lang), custom_id="jass:rules:0:show"))
        view = as_view(buttons) if buttons else discord.utils.MISSING
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def open_topic(self, interaction: discord.Interaction, key: str) -> None:
        """A "Meintest du …?" button: the whole topic, privately."""
        found = BY_KEY.get(key)
        if found is None:
            await interaction.response.send_message(message("rules.unknown", _lang(interaction)), ephemeral=True)
            return
        await self.show_topic(interaction, found)

    @rules.command(name=command_text("rules.explain.name"), description=command_text("rules.explain.description"))
    @app_commands.rename(topic=command_text("rules.topic.name"))
    @app_commands.describe(topic=command_text("rules.topic.description"))
    async def topic(self, interaction: discord.Interaction, topic: str) -> None:
        lang = _lang(interaction)
        found = BY_KEY.get(topic) or next(iter(find_topics(topic, lang)), None)
        if found is None:
            passages = ask(topic, lang).passages  # a question typed instead of a topic
            found = BY_KEY.get(passages[0].topic) if passages else None
        if found is None:
            await interaction.response.send_message(message("rules.unknown", lang), ephemeral=True)
            return
        await self.show_topic(interaction, found)

    async def show_topic(self, interaction: discord.Interaction, found: Topic) -> None:
        lang = _lang(interaction)
        rules, which = await self.rules_here(interaction, lang)
        text = found.text[lang] + (f"\n\n*{SOURCES[found.key][lang]}*" if found.key in SOURCES else "")
        embed = discord.Embed(title=found.title[lang], description=text[:3500], colour=COLOUR)
        keys = KEYS.get(found.key, ())
        if keys:
            here = rules.to_dict()
            lines = [f"`{k}`: **{value_text(here[k], lang)}**" for k in keys if k in here]
            embed.add_field(name=message("rl.at_this_table", lang), value="\n".join(lines)[:1024], inline=False)
        if found.key.startswith("key-"):
            key = found.key[4:]
            embed.description = key_text(key, lang)
        embed.set_footer(text=f"{message('rules.source', lang, section=found.section)} · {which}"[:2048])
        await self.answer(interaction, embed)

    @topic.autocomplete("topic")
    async def topic_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = _lang(interaction)
        topics = find_topics(current, lang)
        if len(current.split()) < 2 and topics:  # a word: the topics it names
            return [app_commands.Choice(name=t.title[lang][:100], value=t.key) for t in topics[:25]]
        # A question being typed: the passages that answer it (each opens its topic).
        choices, seen = [], set()
        for passage in ask(current, lang, limit=25).passages:
            name = _label(re.sub(r"[*`]", "", passage.text(lang)), 100)
            if name not in seen:
                seen.add(name)
                choices.append(app_commands.Choice(name=name, value=passage.topic))
        return choices or [app_commands.Choice(name=t.title[lang][:100], value=t.key) for t in topics[:25]]

    # -- calculators ----------------------------------------------------------------------

    @rules.command(name=command_text("rules.weis.name"), description=command_text("rules.weis.description"))
    @app_commands.rename(cards=command_text("rules.cards.name"), against=command_text("rules.against.name"),
                         contract=command_text("rules.contract.name"))  # fmt: skip
    @app_commands.describe(cards=command_text("rules.cards.description"),
                           against=command_text("rules.against.description"),
                           contract=command_text("rules.contract.description"))  # fmt: skip
    @app_commands.choices(contract=[app_commands.Choice(name=c, value=c) for c in CONTRACTS])
    async def weis(self, interaction: discord.Interaction, cards: str, against: str = "",
                   contract: str = "eichel") -> None:  # fmt: skip
        lang = _lang(interaction)
        rules, which = await self.rules_here(interaction, lang)
        c = int(Contract.parse(contract))
        deck = Deck(lang)
        mine = await self.cards(interaction, cards, c, lang, rules)
        other = await self.cards(interaction, against, c, lang, rules) if against.strip() else []
        if mine is None or other is None:
            return
        embed = discord.Embed(title=message("rl.weis.title", lang, contract=deck.contract(c)), colour=COLOUR)
        lines = []
        if not rules.weis_enabled:
            lines.append(message("rl.weis.off", lang))
        found = weis_in(mine, c, rules)
        for w in found:
            names = ", ".join(deck.card(card) for card in range(36) if w.mask >> card & 1)
            lines.append(message("rl.weis.line", lang, cards=names, points=w.points))
        if found:
            total = sum(w.points for w in found)
            m = rules.multiplier(c)
            lines.append(message("rl.weis.total", lang, points=total, m=m, written=total * m))
        else:
            lines.append(message("rl.weis.none", lang))
        if against.strip():
            winner = better_weis(mine, other, c, rules)
            key = {0: "rl.weis.first_wins", 1: "rl.weis.second_wins", None: "rl.weis.nobody"}[winner]
            lines.append(message(key, lang))
        embed.description = "\n".join(lines)[:4000]
        embed.set_footer(text=which)
        await self.answer(interaction, embed)

    @rules.command(name=command_text("rules.count.name"), description=command_text("rules.count.description"))
    @app_commands.rename(cards=command_text("rules.cards.name"), contract=command_text("rules.contract.name"))
    @app_commands.describe(cards=command_text("rules.cards.description"),
                           contract=command_text("rules.contract.description"))  # fmt: skip
    @app_commands.choices(contract=[app_commands.Choice(name=c, value=c) for c in CONTRACTS])
    async def count(self, interaction: discord.Interaction, cards: str, contract: str) -> None:
        lang = _lang(interaction)
        rules, which = await self.rules_here(interaction, lang)
        c = int(Contract.parse(contract))
        parsed = await self.cards(interaction, cards, c, lang, rules, limit=36)
        if parsed is None:
            return
        deck = Deck(lang)
        names = ", ".join(deck.card(card) for card in parsed)
        embed = discord.Embed(title=message("rl.count.title", lang, contract=deck.contract(c)), colour=COLOUR,
                              description=message("rl.count.text", lang, cards=names,
                                                  points=points_of(parsed, c, rules))[:4000])  # fmt: skip
        embed.set_footer(text=which)
        await self.answer(interaction, embed)

    @rules.command(name=command_text("rules.legal.name"), description=command_text("rules.legal.description"))
    @app_commands.rename(hand=command_text("rules.hand.name"), trick=command_text("rules.trick.name"),
                         contract=command_text("rules.contract.name"))  # fmt: skip
    @app_commands.describe(hand=command_text("rules.hand.description"), trick=command_text("rules.trick.description"),
                           contract=command_text("rules.contract.description"))  # fmt: skip
    @app_commands.choices(contract=[app_commands.Choice(name=c, value=c) for c in CONTRACTS])
    async def legal(self, interaction: discord.Interaction, hand: str, contract: str, trick: str = "") -> None:
        lang = _lang(interaction)
        rules, which = await self.rules_here(interaction, lang)
        c = int(Contract.parse(contract))
        mine = await self.cards(interaction, hand, c, lang, rules)
        played = await self.cards(interaction, trick, c, lang, rules, limit=3) if trick.strip() else []
        if mine is None or played is None:
            return
        deck = Deck(lang)
        lines = [message("rl.legal.trick", lang, cards=", ".join(deck.card(x) for x in played))] if played else [
            message("rl.legal.lead", lang)]  # fmt: skip
        for p in playable(mine, played, c, rules):
            if p.reason is None:
                lines.append(message("rl.legal.yes", lang, card=deck.card(p.card)))
            else:
                lines.append(
                    message("rl.legal.no", lang, card=deck.card(p.card), reason=message(f"reason.{p.reason}", lang))
                )
        embed = discord.Embed(title=message("rl.legal.title", lang, contract=deck.contract(c)), colour=COLOUR,
                              description="\n".join(lines)[:4000])  # fmt: skip
        embed.set_footer(text=which)
        await self.answer(interaction, embed)

    @rules.command(name=command_text("rules.score.name"), description=command_text("rules.score.description"))
    @app_commands.rename(contract=command_text("rules.contract.name"), card_points=command_text("rules.points.name"),
                         match=command_text("rules.match.name"), weis=command_text("rules.weispoints.name"),
                         stoeck=command_text("rules.stoeck.name"),
                         kontermatsch=command_text("rules.kontermatsch.name"))  # fmt: skip
    @app_commands.describe(contract=command_text("rules.contract.description"),
                           card_points=command_text("rules.points.description"),
                           match=command_text("rules.match.description"),
                           weis=command_text("rules.weispoints.description"),
                           stoeck=command_text("rules.stoeck.description"),
                           kontermatsch=command_text("rules.kontermatsch.description"))  # fmt: skip
    @app_commands.choices(contract=[app_commands.Choice(name=c, value=c) for c in CONTRACTS + EXTRAS])
    async def score(
        self, interaction: discord.Interaction, contract: str, card_points: app_commands.Range[int, 0, TOTAL],
        match: bool = False, weis: app_commands.Range[int, 0, 2000] = 0, stoeck: bool = False,
        kontermatsch: bool = False,
    ) -> None:  # fmt: skip
        lang = _lang(interaction)
        rules, which = await self.rules_here(interaction, lang)
        if contract in EXTRAS:
            await self.score_extra(interaction, rules, which, contract, card_points, match, weis)
            return
        c = int(Contract.parse(contract))
        match = match or kontermatsch
        try:
            w = written(rules, c, card_points, match=match, weis=weis, stoeck=stoeck, declarer=not kontermatsch)
        except ValueError:  # the engine's refusal: a Match (and so a Kontermatsch) has all 157 card points
            bad = "rl.score.kontermatsch_needs_match" if kontermatsch else "rl.score.bad"
            await interaction.response.send_message(message(bad, lang), ephemeral=True)
            return
        parts = [message("rl.score.cards", lang, n=card_points)]
        if match and rules.match_bonus:
            parts.append(message("rl.score.match", lang, n=rules.match_bonus))
        if kontermatsch:
            parts[-1] += " " + message("rl.score.kontermatsch", lang, n=rules.kontermatsch_factor)
        if w.weis:
            parts.append(message("rl.score.weis", lang, n=w.weis))
        if stoeck and rules.stoeck_enabled and c < 4:
            parts.append(message("rl.score.stoeck", lang))
        text = message("rl.score.text", lang, parts=" + ".join(parts), base=w.base, m=w.multiplier, points=w.points)
        if stoeck and not (rules.stoeck_enabled and c < 4):
            text += "\n" + message("rl.score.stoeck_off", lang)
        if weis and not rules.weis_enabled:
            text += "\n" + message("rl.score.weis_off", lang, n=weis)
        embed = discord.Embed(title=message("rl.score.title", lang, contract=Deck(lang).contract(c)), colour=COLOUR,
                              description=text)  # fmt: skip
        embed.set_footer(text=which)
        await self.answer(interaction, embed)

    async def score_extra(self, interaction: discord.Interaction, rules: RuleSet, which: str, family: str,
                          card_points: int, match: bool, weis: int) -> None:  # fmt: skip
        """/rules score for Slalom, Guschti, TUO or Misère (Schieber, with the table's factors)."""
        lang = _lang(interaction)
        try:
            w = extra_written(rules, family, card_points, match=match, weis=weis)
        except ValueError:
            await interaction.response.send_message(message("rl.score.bad", lang), ephemeral=True)
            return
        if family == "misere":
            text = message("rl.score.misere", lang, n=card_points, other=w.base, m=w.multiplier, points=w.points)
        else:
            parts = [message("rl.score.cards", lang, n=card_points)]
            if match and rules.match_bonus:
                parts.append(message("rl.score.match", lang, n=rules.match_bonus))
            if w.weis:
                parts.append(message("rl.score.weis", lang, n=w.weis))
            text = message("rl.score.text", lang, parts=" + ".join(parts), base=w.base, m=w.multiplier,
                           points=w.points)  # fmt: skip
        text += "\n" + message("rl.score.extra", lang)
        title = message("rl.score.title", lang, contract=Deck(lang).named(family))
        embed = discord.Embed(title=title, colour=COLOUR, description=text)
        embed.set_footer(text=which)
        await self.answer(interaction, embed)

    @weis.autocomplete("cards")
    @weis.autocomplete("against")
    @count.autocomplete("cards")
    @legal.autocomplete("hand")
    @legal.autocomplete("trick")
    async def cards_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        deck = Deck(_lang(interaction))
        names = [deck.card(card) for card in range(36)]
        return [app_commands.Choice(name=shown, value=value) for shown, value in suggestions(current, names)]

    # -- answering ------------------------------------------------------------------------

    async def cards(self, interaction: discord.Interaction, text: str, contract: int, lang: str, rules: RuleSet,
                    limit: int = HAND) -> list[int] | None:  # fmt: skip
        """The cards of ``text`` (at most ``limit``; French names read through the rules' deck
        mapping); else a private message quoting the unreadable part (and None)."""
        try:
            return parse_cards(text, contract if contract < 4 else None, rules.french_map, limit)
        except CardWordsError as err:
            key = {"needs_trump": "rl.needs_trump", "twice": "rl.twice", "too_many": "rl.too_many"}.get(
                err.reason, "rl.bad_cards"
            )
            await interaction.response.send_message(message(key, lang, part=err.part[:200], n=limit), ephemeral=True)
            return None

    async def answer(self, interaction: discord.Interaction, embed: discord.Embed) -> None:
        await answer_privately(interaction, embed)

    async def show_in_channel(self, interaction: discord.Interaction) -> None:
        """The private answer the button sits under, posted in the channel for everyone."""
        lang = _lang(interaction)
        embeds = [e.to_dict() for e in (interaction.message.embeds if interaction.message else [])][:1]
        if not embeds or interaction.channel_id is None:
            await interaction.response.send_message(message("rules.unknown", lang), ephemeral=True)
            return
        embeds[0]["author"] = {"name": message("rl.shown_by", lang, who=interaction.user.display_name)[:256]}
        from . import rest

        await interaction.response.defer()
        await rest.post_message(self.bot.http, interaction.channel_id,
                                {"embeds": embeds, "allowed_mentions": {"parse": []}})  # fmt: skip


def _label(text: str, limit: int = 80) -> str:
    """A button's or a choice's text: markdown dropped, at most ``limit`` characters."""
    text = re.sub(r"[*`]", "", text).replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


async def setup(bot: commands.Bot) -> None:
    from bot.client import JassBot

    if not isinstance(bot, JassBot):
        raise TypeError("the rules cog runs in a JassBot")
    await bot.add_cog(RulesCog(bot))
