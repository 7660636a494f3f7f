"""The coach's answer as a private embed: the costliest decisions of a hand, each with the
expected points of the choice made and of the best one and a one-line reason, and how sure the
review is (deals per card). No logic: a function of a :class:`~bot.ai.review.Review`."""

from __future__ import annotations

import discord

from bot.rules import Card, Contract
from bot.services.review import Review
from bot.texts import message as msg
from bot.texts.cards import Deck

COLOUR = 0x00695C


def option_name(option: str, deck: Deck, contract: int | None) -> str:
    """A card, a contract or a Weis declaration as the reader names it."""
    if "-" in option:
        return deck.card(Card.parse(option).index, contract)
    if option == "schieben" or option.startswith("weis_"):
        return msg(f"review.{option}", deck.lang)
    return deck.contract(int(Contract.parse(option)))


def review_embed(review: Review, deck: Deck, lang: str) -> discord.Embed:
    embed = discord.Embed(title=msg("review.title", lang, game=review.game, hand=review.hand), colour=COLOUR)
    lines = []
    contract = review.contract
    for d in review.costly():
        taken, best = option_name(d.taken, deck, contract), option_name(d.best, deck, contract)
        where = msg("review.trick", lang, n=d.trick) if d.kind == "card" else msg(f"review.{d.kind}", lang)
        lines.append(msg("review.line", lang, where=where, taken=taken, best=best, loss=round(d.loss, 1),
                         taken_value=round(d.taken_value, 1), best_value=round(d.best_value, 1)))  # fmt: skip
        lines.append("  " + msg(f"review.reason.{d.reason}", lang, best=best, taken=taken, loss=round(d.loss, 1),
                                **d.facts))  # fmt: skip
    if not lines:
        lines.append(msg("review.clean", lang, n=len(review.decisions)))
    lines.append("")
    lines.append(msg("review.total", lang, n=len(review.decisions), loss=round(review.total_loss, 1)))
    lines.append(msg("review.sure", lang, worlds=review.worlds))
    embed.description = "\n".join(lines)[:4000]
    return embed
