"""A replay as a Discord message: the table picture of one step, a line saying what happened,
and ◀ ▶ ⏭ buttons (``jass:<table>:<game>.<hand>:z<step>``, restart-safe like every button).
No logic: a function of a :class:`~bot.services.replays.ReplayStep`."""

from __future__ import annotations

import discord

from bot.render.table import TablePicture
from bot.rules import Card
from bot.services.replays import ReplayStep
from bot.texts import message as msg
from bot.texts.cards import Deck

from .buttons import custom_id
from .kinds import presenter_for
from .presenter import contract_label, seat_name, table_picture, team_name, weis_label

COLOUR = 0x4E342E
REPLAY_PNG = "replay.png"


def step_line(step: ReplayStep, deck: Deck, lang: str) -> str:
    """What this step was: the contract chosen, or a card played."""
    view, ev = step.view, step.event
    who = seat_name(view, int(ev["seat"]), lang)
    if ev["type"] == "contract":
        return msg("replay.contract", lang, name=who, contract=contract_label(view, deck, lang))
    return msg("replay.card", lang, n=step.trick, name=who, card=deck.card(Card.parse(ev["card"]).index, view.contract))


def replay_embed(step: ReplayStep, deck: Deck, lang: str, title: str) -> discord.Embed:
    embed = discord.Embed(title=msg("replay.title", lang, table=title, game=step.game, hand=step.hand)[:256],
                          colour=COLOUR)  # fmt: skip
    lines = [step_line(step, deck, lang), msg("replay.step", lang, n=step.step, of=step.steps)]
    view = step.view
    if view.weis_result is not None and view.weis_result.team is not None:  # shown once trick 1 is over
        weis = ", ".join(weis_label(w, deck, lang) for ws in view.weis.values() for w in ws)
        lines.append(f"**{msg('table.weis', lang)}:** {team_name(view, view.weis_result.team, lang)} "
                     f"+{view.weis_written}" + (f" ({weis})" if weis else ""))  # fmt: skip
    score = presenter_for(view.kind).replay_score(view, lang)
    if score is not None:
        lines.append(score)
    embed.description = "\n".join(lines)
    embed.set_image(url=f"attachment://{REPLAY_PNG}")
    return embed


def replay_buttons(step: ReplayStep, lang: str) -> list[discord.ui.Button[discord.ui.View]]:
    key = f"{step.game}.{step.hand}"
    nxt = step.next_trick()
    return [
        discord.ui.Button(label="◀", custom_id=custom_id(step.table_id, key, f"z{max(0, step.step - 1)}b"),
                          disabled=step.step == 0, style=discord.ButtonStyle.secondary),
        discord.ui.Button(label="▶", custom_id=custom_id(step.table_id, key, f"z{min(step.steps, step.step + 1)}"),
                          disabled=step.step >= step.steps, style=discord.ButtonStyle.primary),
        discord.ui.Button(label=msg("replay.next_trick", lang), emoji="⏭", disabled=step.step >= step.steps,
                          custom_id=custom_id(step.table_id, key, f"z{nxt}t"), style=discord.ButtonStyle.secondary),
    ]  # fmt: skip


def replay_picture(step: ReplayStep, deck: Deck, lang: str) -> TablePicture | None:
    """The table picture of the step (the spectators' view)."""
    return table_picture(step.view, lang, deck)
