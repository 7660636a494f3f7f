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
    delete = inspect.signature(HTTPClient.delete_message).parameters
    assert list(delete)[:3] == ["self", "channel_id", "message_id"]


def test_multipart_parameters_still_have_its_three_fields():
    params = rest._params({"content": "x"})
    assert isinstance(params, MultipartParameters)
    assert params.payload == {"content": "x"} and params.multipart is None and params.files is None


def test_each_kind_of_button_reads_its_fields_from_its_template():
    from cogs.buttons import BUTTONS, CardButton, ContractButton, NamedContractButton, SeatButton, kind_of

    assert kind_of("jass:ab12:0:seat3") is SeatButton
    assert kind_of("jass:ab12:2.5:c17w65") is CardButton
    assert kind_of("jass:ab12:2.5:k4") is ContractButton
    for pick in ("r7", "n6.5", "f3", "x0.1"):
        assert kind_of(f"jass:ab12:2.5:{pick}") is NamedContractButton, pick
    for forged in ("jass:ab12:2.5:r123", "jass:ab12:2.5:n6", "jass:ab12:0:r1", "jass:ab12:2.5:c6.5"):
        assert kind_of(forged) is None, forged
    for forged in ("jass:ab12:0:k4", "jass:ab12:2.5:seat1", "jass:AB:0:start", "jass:ab12:0:c99", "other"):
        assert kind_of(forged) is None, forged
    templates = [b.__discord_ui_compiled_template__.pattern for b in BUTTONS]
    assert len(set(templates)) == len(BUTTONS)  # one template per kind


def test_threads_are_opened_and_joined_with_these_parameters():
    start = inspect.signature(HTTPClient.start_thread_without_message).parameters
    assert {"channel_id", "name", "auto_archive_duration", "type", "invitable", "reason"} <= set(start)
    assert list(inspect.signature(HTTPClient.add_user_to_thread).parameters) == ["self", "channel_id", "user_id"]


def test_channel_wait_reads_discord_py_s_buckets():
    """``rest.channel_wait`` reads the rate-limit state discord.py keeps per bucket."""
    from discord.http import Ratelimit, Route

    route = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=1, message_id=2)
    assert route.key == "PATCH /channels/{channel_id}/messages/{message_id}" and route.major_parameters == "1"
    fields = set(Ratelimit.__slots__)
    assert {"remaining", "outgoing", "expires", "_loop"} <= fields
    http = HTTPClient(None)  # type: ignore[arg-type]
    assert hasattr(http, "_bucket_hashes") and hasattr(http, "_buckets") and hasattr(http, "get_ratelimit")
