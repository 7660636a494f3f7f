"""The one place that sends raw message JSON through discord.py's HTTP client.

Table messages are posted and edited as plain JSON (no View or Message objects: cheaper, and
nothing left for the cyclic garbage collector), through ``HTTPClient.send_message`` and
``HTTPClient.edit_message``, so rate limits and retries stay discord.py's job. Those methods
are not public API: ``tests/discord/test_rest.py`` fails loudly if their signature moves.
"""

from __future__ import annotations

from typing import Any

from discord.http import HTTPClient, MultipartParameters


def _params(payload: dict[str, Any]) -> MultipartParameters:
    return MultipartParameters(payload=payload, multipart=None, files=None)


async def post_message(http: HTTPClient, channel_id: int, payload: dict[str, Any]) -> int:
    """Post ``payload`` in the channel; the new message's id."""
    data = await http.send_message(channel_id, params=_params(payload))
    return int(data["id"])


async def delete_message(http: HTTPClient, channel_id: int, message_id: int) -> None:
    """Delete a message the bot posted (a turn ping)."""
    await http.delete_message(channel_id, message_id)


async def edit_message(http: HTTPClient, channel_id: int, message_id: int, payload: dict[str, Any]) -> None:
    """Replace the message's content, embeds and components with ``payload``."""
    await http.edit_message(channel_id, message_id, params=_params(payload))
