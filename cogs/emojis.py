"""Card pictures as application emojis: uploaded once, used on the hand's buttons and in the table text.

Discord stores up to 2,000 emojis on an application, usable in every server. At start-up
:meth:`CardEmojis.sync` lists the application's emojis and uploads only the faces missing:
each face's name carries a digest of its picture (``swiss_rose_7_3fa9c1``), so a start with
the same art uploads nothing, and new art replaces the old faces (the old ones are deleted
once the new ones are up). When listing or uploading is refused (no application id, missing
permission, the emoji limit, a network error), the faces not on Discord fall back to the
text labels and suit icons; nothing else changes.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

import discord

from bot.render.cards import all_faces, card_name, emoji_image, png_bytes
from bot.texts.cards import Deck

if TYPE_CHECKING:
    from discord import Client

log = logging.getLogger(__name__)

DIGEST = 6  # hex digits of the picture's digest in an emoji's name
_OURS = re.compile(rf"^((?:swiss|french)_[a-z]+_[0-9a-z]+)_([0-9a-f]{{{DIGEST}}})$")


@lru_cache(maxsize=1)
def face_pictures() -> dict[str, bytes]:
    """Every face's emoji PNG under its versioned name (``swiss_rose_7_3fa9c1``)."""
    out = {}
    for card, kind in all_faces():
        data = png_bytes(emoji_image(card, kind))
        out[f"{card_name(card, kind)}_{hashlib.sha256(data).hexdigest()[:DIGEST]}"] = data
    return out


@dataclass
class SyncReport:
    """What a sync did: faces found on Discord, uploaded, old ones deleted, and why it stopped."""

    kept: int = 0
    uploaded: int = 0
    deleted: int = 0
    refused: str | None = None  # why Discord refused (the rest falls back to text)


@dataclass
class CardEmojis:
    """The card faces Discord has, by face name (``swiss_rose_7``); empty means text labels."""

    faces: dict[str, discord.PartialEmoji] = field(default_factory=dict)

    def emoji(self, card: int, deck: Deck) -> discord.PartialEmoji | None:
        """The card's face as the reader sees it (Swiss, or French under the table's mapping)."""
        return self.faces.get(card_name(card, deck.kind, deck.french_map))

    def text(self, card: int, deck: Deck) -> str:
        """The card's face for a message text (``<:name:id> ``), or nothing without emojis."""
        emoji = self.emoji(card, deck)
        return f"{emoji} " if emoji is not None else ""

    async def sync(self, client: Client) -> SyncReport:
        """Make sure every face is an application emoji: upload what is missing, use what is there."""
        report = SyncReport()
        pictures = await asyncio.get_running_loop().run_in_executor(None, face_pictures)
        try:
            existing = await client.fetch_application_emojis()
        except (discord.HTTPException, discord.MissingApplicationID) as err:
            report.refused = f"listing the application's emojis failed: {err}"
            log.warning("card emojis off: %s", report.refused)
            return report
        have = {e.name: e for e in existing}
        for name, emoji in have.items():
            if name in pictures:
                self._use(name, emoji)
                report.kept += 1
        for name, data in pictures.items():
            if name in have:
                continue
            try:
                emoji = await client.create_application_emoji(name=name, image=data)
            except (discord.HTTPException, discord.MissingApplicationID) as err:
                report.refused = f"uploading {name} failed: {err}"
                log.warning("card emojis: %s; the cards without one are shown as text", report.refused)
                break
            self._use(name, emoji)
            report.uploaded += 1
        if report.refused is None:  # every face is up: the faces of older art can go
            for name, emoji in have.items():
                match = _OURS.match(name)
                if match and name not in pictures:
                    try:
                        await emoji.delete()
                        report.deleted += 1
                    except discord.HTTPException as err:
                        log.warning("card emojis: deleting the old %s failed: %s", name, err)
        log.info("card emojis: %d on Discord, %d uploaded, %d old ones deleted", report.kept + report.uploaded,
                 report.uploaded, report.deleted)  # fmt: skip
        return report

    def _use(self, name: str, emoji: discord.Emoji) -> None:
        match = _OURS.match(name)
        if match:
            self.faces[match.group(1)] = discord.PartialEmoji(name=name, id=emoji.id)
