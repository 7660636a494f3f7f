"""Every button of the bot: one ``DynamicItem`` class per kind, its custom_id a named template.

A custom_id is ``jass:<table>:<hand key>:<action>`` and carries nothing else: the table id,
``0`` for the buttons of the public table message or ``<game>.<hand>`` for those of a private
hand (an older hand's buttons are then stale), and the action with its small numbers (a card
index, a seat, a contract, Weis marks). Buttons keep working after a restart because the
classes, not the messages, decide what a click means. Each click goes to one method of the
``Jass`` cog (``cogs/jass.py``); a click on anything else gets a private "not valid" answer
(:func:`is_ours`).
"""

from __future__ import annotations

import logging
import re
from typing import Any, ClassVar, Protocol, cast, runtime_checkable

import discord

from bot.texts import language_of
from bot.texts import message as msg

log = logging.getLogger(__name__)

PREFIX = "jass"
_TABLE = r"(?P<table>[0-9a-z]{1,16})"
_KEY = r"(?P<key>[0-9]{1,6}\.[0-9]{1,6})"  # <game>.<hand> of a private hand message


def belongs_here(
    interaction: discord.Interaction, guild_id: int | None, channel_id: int | None, message_id: int | None
) -> bool:
    """Whether a click acts on what the clicked message belongs to (Discord's advice: never trust
    an id in a custom_id alone): the same server and channel as the table, tournament or challenge,
    and, for a public message (not a private one), that very message when it is known."""
    if guild_id is not None and interaction.guild_id != guild_id:
        return False
    if channel_id is not None and interaction.channel_id != channel_id:
        return False
    message = interaction.message
    if message_id is not None and message is not None and not message.flags.ephemeral:
        return message.id == message_id
    return True


async def refuse_foreign(interaction: discord.Interaction) -> None:
    """The private answer to a button that names something its message does not belong to."""
    log.warning("refused a click on %s: not the message of what it names", interaction.data)
    await interaction.response.send_message(
        msg("err.foreign_button", language_of(str(interaction.locale))), ephemeral=True
    )


# -- what a click calls: typed, so that renaming a handler is a type error, not a failed click ---


@runtime_checkable
class TableClicks(Protocol):
    """The ``Jass`` cog as the buttons of tables call it."""

    async def click_seat(self, interaction: discord.Interaction, table_id: str, seat: int) -> None: ...
    async def click_table_action(self, interaction: discord.Interaction, table_id: str, action: str) -> None: ...
    async def click_my_cards(self, interaction: discord.Interaction, table_id: str) -> None: ...
    async def click_at_table(self, interaction: discord.Interaction, table_id: str) -> None: ...

    async def click_weis_marks(self, interaction: discord.Interaction, table_id: str, key: str, marks: int) -> None: ...
    async def click_card(self, interaction: discord.Interaction, table_id: str, key: str, card: int,
                         marks: int) -> None: ...  # fmt: skip
    async def click_contract(
        self, interaction: discord.Interaction, table_id: str, key: str, contract: int
    ) -> None: ...
    async def click_named_contract(
        self, interaction: discord.Interaction, table_id: str, key: str, pick: str
    ) -> None: ...
    async def click_hand_action(
        self, interaction: discord.Interaction, table_id: str, key: str, action: str
    ) -> None: ...
    async def click_prediction(self, interaction: discord.Interaction, table_id: str, key: str, pick: str) -> None: ...


@runtime_checkable
class ReplayClicks(Protocol):
    """The ``History`` cog as a replay's ◀ ▶ ⏭ buttons call it."""

    async def click_replay(self, interaction: discord.Interaction, table_id: str, key: str, step: int) -> None: ...


@runtime_checkable
class LeaderboardClicks(Protocol):
    """The ``Ranking`` cog as a leaderboard's page buttons call it."""

    async def leaderboard_page(self, interaction: discord.Interaction, by: str, season: int, page: int) -> None: ...


@runtime_checkable
class TournamentClicks(Protocol):
    async def click(self, interaction: discord.Interaction, tournament_id: str, action: str) -> None: ...


@runtime_checkable
class ChallengeClicks(Protocol):
    async def play_click(self, interaction: discord.Interaction, challenge_id: str) -> None: ...


@runtime_checkable
class RulesClicks(Protocol):
    async def show_in_channel(self, interaction: discord.Interaction) -> None: ...

    async def open_topic(self, interaction: discord.Interaction, key: str) -> None: ...


def _handler(interaction: discord.Interaction, name: str, protocol: type) -> object:
    """The loaded cog ``name``, checked against the ``protocol`` its buttons call."""
    get_cog = getattr(interaction.client, "get_cog", None)
    cog = get_cog(name) if get_cog is not None else None
    if not isinstance(cog, protocol):
        raise RuntimeError(f"the {name} cog is not loaded (or lacks a handler of {protocol.__name__})")
    return cog


def table_clicks(interaction: discord.Interaction) -> TableClicks:
    return cast(TableClicks, _handler(interaction, "Jass", TableClicks))


def replay_clicks(interaction: discord.Interaction) -> ReplayClicks:
    return cast(ReplayClicks, _handler(interaction, "History", ReplayClicks))


def leaderboard_clicks(interaction: discord.Interaction) -> LeaderboardClicks:
    return cast(LeaderboardClicks, _handler(interaction, "Ranking", LeaderboardClicks))


def tournament_clicks(interaction: discord.Interaction) -> TournamentClicks:
    return cast(TournamentClicks, _handler(interaction, "Tournaments", TournamentClicks))


def challenge_clicks(interaction: discord.Interaction) -> ChallengeClicks:
    return cast(ChallengeClicks, _handler(interaction, "Challenges", ChallengeClicks))


def rules_clicks(interaction: discord.Interaction) -> RulesClicks:
    return cast(RulesClicks, _handler(interaction, "RulesCog", RulesClicks))


def custom_id(table_id: str, key: str, action: str) -> str:
    """``jass:<table>:<hand key>:<action>`` — all a button carries (≤ 100 characters)."""
    return f"{PREFIX}:{table_id}:{key}:{action}"


def play_action(card: int, marks: int) -> str:
    """Action of a card button: ``c<card>``, with ``w<marks>`` when Weis or Stöck are marked."""
    return f"c{card}w{marks}" if marks else f"c{card}"


class JassItem(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"(?!)"):
    """What every kind of button shares: its fields from the template, the click handed to the cog."""

    def __init__(self, button: discord.ui.Button[discord.ui.View], fields: dict[str, str] | None = None) -> None:
        super().__init__(button)
        if fields is None:
            match = self.template.fullmatch(str(button.custom_id))
            fields = match.groupdict() if match else {}
        self.fields: dict[str, str] = {k: v for k, v in fields.items() if v is not None}

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JassItem:
        if not isinstance(item, discord.ui.Button):
            raise TypeError("the bot's components are buttons")
        return cls(item, match.groupdict())

    @property
    def table_id(self) -> str:
        return self.fields["table"]

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.handle(interaction)
        except Exception:
            log.exception("button %s failed", self.custom_id)
            text = msg("err.unexpected", language_of(str(interaction.locale)))
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        finally:
            release(self.view if isinstance(self.view, discord.ui.View) else None)

    async def handle(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


# -- buttons of the public table message (hand key 0) --------------------------------------------


class SeatButton(JassItem, template=rf"{PREFIX}:{_TABLE}:0:seat(?P<seat>[0-3])"):
    """Sit down in one seat (lobby)."""

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = table_clicks(interaction)
        await cog.click_seat(interaction, self.table_id, int(self.fields["seat"]))


class TableActionButton(JassItem, template=r"(?!)"):
    """A button of the table message that only names an action."""

    action: ClassVar[str]

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = table_clicks(interaction)
        await cog.click_table_action(interaction, self.table_id, self.action)


class LeaveButton(TableActionButton, template=rf"{PREFIX}:{_TABLE}:0:leave"):
    action = "leave"


class AddComputerButton(TableActionButton, template=rf"{PREFIX}:{_TABLE}:0:addai"):
    action = "addai"


class StartButton(TableActionButton, template=rf"{PREFIX}:{_TABLE}:0:start"):
    """Start the game (lobby), or a new one (game over)."""

    action = "start"


class CancelButton(TableActionButton, template=rf"{PREFIX}:{_TABLE}:0:cancel"):
    action = "cancel"


class MyCardsButton(JassItem, template=rf"{PREFIX}:{_TABLE}:0:hand"):
    """Open one's own hand as a private message."""

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = table_clicks(interaction)
        await cog.click_my_cards(interaction, self.table_id)


class AtTableButton(JassItem, template=rf"{PREFIX}:{_TABLE}:0:web"):
    """Play at the live table: the Discord Activity where it is set up, else the seat's link."""

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = table_clicks(interaction)
        await cog.click_at_table(interaction, self.table_id)


# -- buttons of a private hand message (hand key <game>.<hand>) -----------------------------------


class CardButton(JassItem, template=rf"{PREFIX}:{_TABLE}:{_KEY}:c(?P<card>[0-9]{{1,2}})(?:w(?P<marks>[0-9]{{1,3}}))?"):
    """Play a card, with the Weis (and Stöck) its marks select."""

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = table_clicks(interaction)
        f = self.fields
        await cog.click_card(interaction, self.table_id, f["key"], int(f["card"]), int(f.get("marks", 0)))


class WeisToggle(JassItem, template=rf"{PREFIX}:{_TABLE}:{_KEY}:t(?P<marks>[0-9]{{1,3}})"):
    """Mark or unmark a Weis to declare (manual Weis): shows the hand again with these marks."""

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = table_clicks(interaction)
        await cog.click_weis_marks(interaction, self.table_id, self.fields["key"], int(self.fields["marks"]))


class ContractButton(JassItem, template=rf"{PREFIX}:{_TABLE}:{_KEY}:k(?P<contract>[0-5])"):
    """Choose a contract (0-3: a trump suit, 4 Obenabe, 5 Undenufe)."""

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = table_clicks(interaction)
        await cog.click_contract(interaction, self.table_id, self.fields["key"], int(self.fields["contract"]))


class NamedContractButton(
    JassItem,
    template=rf"{PREFIX}:{_TABLE}:{_KEY}:(?P<pick>(?:r[0-9]{{1,2}})|(?:[nxg][0-9]{{1,2}}\.[0-9]{{1,2}})|(?:f[0-9]))",
):
    """A Coiffeur row (``r<row>``), a row's contract (``n<row>.<i>``) or a family of a Joker row
    (``g<row>.<i>``), a family of extra contracts (``f<i>``) or one of its contracts (``x<i>.<j>``):
    indexes into what the table offers now."""

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = table_clicks(interaction)
        await cog.click_named_contract(interaction, self.table_id, self.fields["key"], self.fields["pick"])


class PredictionButton(JassItem, template=rf"{PREFIX}:{_TABLE}:{_KEY}:(?P<pick>[pv][0-9]{{1,3}})"):
    """Differenzler: a range of ten predictions (``p<tens>``: 0-9 … 150-157) that opens its
    numbers, or one prediction (``v<points>``, 0-157)."""

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = table_clicks(interaction)
        await cog.click_prediction(interaction, self.table_id, self.fields["key"], self.fields["pick"])


class ReplayButton(JassItem, template=rf"{PREFIX}:{_TABLE}:{_KEY}:z(?P<step>[0-9]{{1,2}})[bt]?"):
    """A step of a replay (◀ ▶ ⏭): the hand (``<game>.<hand>``) and the step to show; ◀ ends in
    ``b`` and ⏭ in ``t``, so the three custom_ids of a message differ even where two lead to the
    same step (Discord refuses a message with two equal ones)."""

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = replay_clicks(interaction)
        await cog.click_replay(interaction, self.table_id, self.fields["key"], int(self.fields["step"]))


class HandActionButton(JassItem, template=r"(?!)"):
    """A button of the private hand that only names an action."""

    action: ClassVar[str]

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = table_clicks(interaction)
        await cog.click_hand_action(interaction, self.table_id, self.fields["key"], self.action)


class SchiebenButton(HandActionButton, template=rf"{PREFIX}:{_TABLE}:{_KEY}:schieben"):
    action = "schieben"


class StoeckButton(HandActionButton, template=rf"{PREFIX}:{_TABLE}:{_KEY}:stoeck"):
    """Pre-show Stöck (when it wins the game)."""

    action = "stoeck"


class BedankenButton(HandActionButton, template=rf"{PREFIX}:{_TABLE}:{_KEY}:bedanken"):
    action = "bedanken"


class HintButton(HandActionButton, template=rf"{PREFIX}:{_TABLE}:{_KEY}:hint"):
    """Ask for a tip: the card the strong computer would play (friendly tables that allow it)."""

    action = "hint"


#: Every kind of button, as registered with the bot.
# -- buttons of a tournament's sign-up message -------------------------------------------------

_TOUR = r"(?P<tour>t[0-9a-f]{12})"


class TournamentButton(JassItem, template=r"(?!)"):
    """A button of a tournament's sign-up message: handled by the ``Tournaments`` cog."""

    action: ClassVar[str]

    async def handle(self, interaction: discord.Interaction) -> None:
        await tournament_clicks(interaction).click(interaction, self.fields["tour"], self.action)


class TournamentJoinButton(TournamentButton, template=rf"{PREFIX}:{_TOUR}:0:tjoin"):
    action = "join"


class TournamentLeaveButton(TournamentButton, template=rf"{PREFIX}:{_TOUR}:0:tleave"):
    action = "leave"


class TournamentCheckInButton(TournamentButton, template=rf"{PREFIX}:{_TOUR}:0:tcheckin"):
    action = "checkin"


class TournamentPartnerButton(TournamentButton, template=rf"{PREFIX}:{_TOUR}:0:tpartner"):
    """Confirm the partner who asked (whoever clicks: the request made to them counts)."""

    action = "partner"


class TournamentNextButton(TournamentButton, template=rf"{PREFIX}:{_TOUR}:0:tnext"):
    """The next Passe (the organiser, or a manager)."""

    action = "next"


# -- the button of a duplicate challenge's message -----------------------------------------------

_CHALLENGE = r"(?P<challenge>c[0-9a-f]{12})"


class ChallengePlayButton(JassItem, template=rf"{PREFIX}:{_CHALLENGE}:0:cplay"):
    """Start a try of the challenge: handled by the ``Challenges`` cog."""

    async def handle(self, interaction: discord.Interaction) -> None:
        await challenge_clicks(interaction).play_click(interaction, self.fields["challenge"])


_BY = r"(?P<by>[a-z][a-z0-9_-]{0,31})"  # an order or a game's board (checked against the registry when used)


class LeaderboardPageButton(JassItem, template=rf"{PREFIX}:lb:0:{_BY}s(?P<season>[0-9]{{1,4}})p(?P<page>[0-9]{{1,4}})"):
    """Previous / Next of a leaderboard page (the server comes with the click, not the id)."""

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = leaderboard_clicks(interaction)
        await cog.leaderboard_page(interaction, self.fields["by"], int(self.fields["season"]), int(self.fields["page"]))


class RulesShowButton(JassItem, template=rf"{PREFIX}:rules:0:show"):
    """Show a private /rules answer in the channel."""

    async def handle(self, interaction: discord.Interaction) -> None:
        await rules_clicks(interaction).show_in_channel(interaction)


class RulesTopicButton(JassItem, template=rf"{PREFIX}:rules:0:t:(?P<key>[a-z0-9_-]{{1,60}})"):
    """A "Meintest du …?" button under a /rules ask answer: the whole topic, privately."""

    async def handle(self, interaction: discord.Interaction) -> None:
        await rules_clicks(interaction).open_topic(interaction, self.fields["key"])


BUTTONS: tuple[type[JassItem], ...] = (
    LeaderboardPageButton,
    RulesShowButton,
    RulesTopicButton,
    TournamentJoinButton,
    TournamentLeaveButton,
    TournamentCheckInButton,
    TournamentPartnerButton,
    TournamentNextButton,
    ChallengePlayButton,
    SeatButton,
    LeaveButton,
    AddComputerButton,
    StartButton,
    CancelButton,
    MyCardsButton,
    AtTableButton,
    CardButton,
    WeisToggle,
    ContractButton,
    NamedContractButton,
    PredictionButton,
    ReplayButton,
    SchiebenButton,
    StoeckButton,
    BedankenButton,
    HintButton,
)


def kind_of(custom_id: str) -> type[JassItem] | None:
    """The class whose template a custom_id matches, if any."""
    return next((b for b in BUTTONS if b.__discord_ui_compiled_template__.fullmatch(custom_id)), None)


def is_ours(custom_id: str) -> bool:
    return kind_of(custom_id) is not None


def release(view: discord.ui.View | None) -> None:
    """Break the view <-> item reference cycles of a throw-away view, so that reference counting
    frees it at once instead of the cyclic garbage collector (whose full passes pause every table)."""
    if view is not None:
        view.clear_items()


def with_link(view: discord.ui.View | None, url: str | None, label: str) -> discord.ui.View | None:
    """``view`` (a new one when None) with a link button to a web page; unchanged without ``url``."""
    if url is None:
        return view
    view = view if view is not None else discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, url=url, label=label[:80]))
    return view


def as_view(buttons: list[discord.ui.Button[discord.ui.View]]) -> discord.ui.View:
    """A view to send ``buttons`` with, each wrapped in its kind."""
    view = discord.ui.View(timeout=None)
    for b in buttons:
        kind = kind_of(str(b.custom_id))
        if kind is None:
            raise ValueError(f"no kind of button has the custom_id {b.custom_id!r}")
        view.add_item(kind(b))
    return view
