"""The one place that sends raw message JSON through discord.py's HTTP client.

Table messages are posted and edited as plain JSON (no View or Message objects: cheaper, and
nothing left for the cyclic garbage collector), through ``HTTPClient.send_message`` and
``HTTPClient.edit_message``, so rate limits and retries stay discord.py's job. Pictures go
along as multipart attachments, the way discord.py itself sends files. Those methods are not
public API: ``tests/discord/test_rest.py`` fails loudly if their signature moves.
"""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord.http import HTTPClient, MultipartParameters

Files = tuple[tuple[str, bytes], ...]  # (file name, bytes)


def _params(payload: dict[str, Any], files: Files = ()) -> MultipartParameters:
    if not files:
        return MultipartParameters(payload=payload, multipart=None, files=None)
    body = {**payload, "attachments": [{"id": i, "filename": name} for i, (name, _) in enumerate(files)]}
    uploads = [discord.File(io.BytesIO(data), filename=name) for name, data in files]
    multipart: list[dict[str, Any]] = [{"name": "payload_json", "value": json.dumps(body, separators=(",", ":"))}]
    for i, upload in enumerate(uploads):
        multipart.append({"name": f"files[{i}]", "value": upload.fp, "filename": upload.filename,
                          "content_type": "application/octet-stream"})  # fmt: skip
    return MultipartParameters(payload=None, multipart=multipart, files=uploads)


async def post_message(http: HTTPClient, channel_id: int, payload: dict[str, Any], files: Files = ()) -> int:
    """Post ``payload`` (with ``files`` attached) in the channel; the new message's id."""
    params = _params(payload, files)
    try:
        data = await http.send_message(channel_id, params=params)
    finally:
        for upload in params.files or ():
            upload.close()
    return int(data["id"])


async def create_thread(http: HTTPClient, channel_id: int, name: str, private: bool = False) -> int:
    """A public thread (or a private one: only its members and moderators see it), without a
    starting message, in the channel; its id (a channel id)."""
    data = await http.start_thread_without_message(
        channel_id, name=name, auto_archive_duration=1440, type=12 if private else 11,
        invitable=not private, reason="Jass tournament table",
    )  # fmt: skip
    return int(data["id"])


async def add_thread_member(http: HTTPClient, thread_id: int, user_id: int) -> None:
    """Add a member to a (private) thread."""
    await http.add_user_to_thread(thread_id, user_id)


async def delete_message(http: HTTPClient, channel_id: int, message_id: int) -> None:
    """Delete a message the bot posted (a turn ping)."""
    await http.delete_message(channel_id, message_id)


async def edit_message(http: HTTPClient, channel_id: int, message_id: int, payload: dict[str, Any],
                       files: Files = ()) -> None:  # fmt: skip
    """Replace the message's content, embeds, components (and attachments, when ``files``)."""
    params = _params(payload, files)
    try:
        await http.edit_message(channel_id, message_id, params=params)
    finally:
        for upload in params.files or ():
            upload.close()
