"""The private discord.py internals the raw table-message calls rely on (``cogs/rest.py``).

If a discord.py release moves them, this fails before a table message silently stops updating.
"""

import inspect

import discord
from discord.http import HTTPClient, MultipartParameters

from cogs import rest


def test_discord_py_is_the_pinned_minor_version():
    assert discord.__version__.startswith("2.7."), discord.__version__


def test_send_and_edit_message_take_a_channel_a_message_and_params():
    send = inspect.signature(HTTPClient.send_message).parameters
    edit = inspect.signature(HTTPClient.edit_message).parameters
    assert list(send)[:2] == ["self", "channel_id"] and "params" in send
    assert list(edit)[:3] == ["self", "channel_id", "message_id"] and "params" in edit
    assert send["params"].kind is inspect.Parameter.KEYWORD_ONLY


def test_multipart_parameters_still_have_its_three_fields():
    params = rest._params({"content": "x"})
    assert isinstance(params, MultipartParameters)
    assert params.payload == {"content": "x"} and params.multipart is None and params.files is None
