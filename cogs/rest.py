"""The one place that sends raw message JSON through discord.py's HTTP client.

Table messages are posted and edited as plain JSON (no View or Message objects: cheaper, and
nothing left for the cyclic garbage collector), through ``HTTPClient.send_message`` and
``HTTPClient.edit_message``. Pictures go along as multipart attachments, the way discord.py
itself sends files. Every request takes a slot of the bot's one request budget first
(:mod:`cogs.pacing`: Discord's global limit), and :func:`channel_wait` reads what discord.py
learnt of a channel's bucket from Discord's ``X-RateLimit-*`` headers. Those methods and fields
are not public API: ``tests/discord/test_rest.py`` fails loudly if they move.
"""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord.http import HTTPClient, MultipartParameters, Route

from .pacing import Priority, budget_of

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


def channel_wait(
    http: HTTPClient, method: str, channel_id: int, path: str = "/channels/{channel_id}/messages"
) -> float:
    """Seconds until the channel's bucket of this route has room again (0: now), as discord.py
    read it from the last answer's headers (``X-RateLimit-Remaining``, ``-Reset-After``)."""
    route = Route(method, path, channel_id=channel_id, message_id=0)
    bucket = http._bucket_hashes.get(route.key)
    key = f"{bucket}:{route.major_parameters}" if bucket else f"{route.key}:{route.major_parameters}"
    limit = http._buckets.get(key)
    if limit is None or limit.expires is None or limit.remaining - limit.outgoing > 0:
        return 0.0
    return max(0.0, limit.expires - limit._loop.time())


async def post_message(http: HTTPClient, channel_id: int, payload: dict[str, Any], files: Files = (),
                       priority: Priority = Priority.OTHER) -> int:  # fmt: skip
    """Post ``payload`` (with ``files`` attached) in the channel; the new message's id."""
    await budget_of(http).take(priority)
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
    await budget_of(http).take(Priority.OTHER)
    data = await http.start_thread_without_message(
        channel_id, name=name, auto_archive_duration=1440, type=12 if private else 11,
        invitable=not private, reason="Jass tournament table",
    )  # fmt: skip
    return int(data["id"])


async def add_thread_member(http: HTTPClient, thread_id: int, user_id: int) -> None:
    """Add a member to a (private) thread."""
    await budget_of(http).take(Priority.OTHER)
    await http.add_user_to_thread(thread_id, user_id)


async def delete_message(http: HTTPClient, channel_id: int, message_id: int,
                         priority: Priority = Priority.OTHER) -> None:  # fmt: skip
    """Delete a message the bot posted (a turn ping)."""
    await budget_of(http).take(priority)
    await http.delete_message(channel_id, message_id)


async def edit_message(http: HTTPClient, channel_id: int, message_id: int, payload: dict[str, Any],
                       files: Files = (), priority: Priority | None = Priority.TABLE) -> None:  # fmt: skip
    """Replace the message's content, embeds, components (and attachments, when ``files``);
    ``priority=None``: the caller took the budget's slot already."""
    if priority is not None:
        await budget_of(http).take(priority)
    params = _params(payload, files)
    try:
        await http.edit_message(channel_id, message_id, params=params)
    finally:
        for upload in params.files or ():
            upload.close()


async def edit_channel(http: HTTPClient, channel_id: int, **fields: Any) -> None:
    """Change a channel (a thread: ``archived``, ``locked``)."""
    await budget_of(http).take(Priority.OTHER)
    await http.edit_channel(channel_id, **fields)
