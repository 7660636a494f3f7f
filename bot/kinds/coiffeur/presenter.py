"""Coiffeur in Discord: the row in the contract label, the row buttons (a Joker row's contracts in two
steps), the row's line in the summary and the Tafel picture."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.game import TableSnapshot, TableView
from bot.kinds.coiffeur.engine import coiffeur_part
from bot.kinds.coiffeur.pictures import CoiffeurPicture
from bot.kinds.coiffeur.rules import TAFELN, Tafel, row_value
from bot.rules.contract_names import EXTRA_NAMES
from bot.rules.lookup import TOTAL
from bot.stats.ratings import Rating
from bot.stats.records import PersonStats
from bot.texts import command_text
from bot.texts import message as msg
from bot.texts.cards import Deck
from cogs.common import RULES_COLOUR, answer_privately, lang_of, rules_here
from cogs.kinds.base import Choice
from cogs.kinds.team import CHOICE_SLOTS, TeamPresenter, families_of, family_label
from cogs.names import seat_name, team_name

if TYPE_CHECKING:
    from bot.client import JassBot


class CoiffeurPresenter(TeamPresenter):
    def stats_field(self, kind: str, played: PersonStats, rating: Rating | None, lang: str) -> tuple[str, str] | None:
        if rating is None:  # shown once rated
            return None
        games = msg("st.games_value", lang, games=played.games, wins=played.wins, rate=played.win_rate,
                    draws=played.draws)  # fmt: skip
        return msg("st.coiffeur_rating", lang), f"**{rating.shown}** ± {rating.spread} · {games}"

    def title(self, table: TableSnapshot, name: str, lang: str) -> str:
        return f"{name} · {msg('table.coiffeur', lang, rows=len(TAFELN[table.rules.coiffeur_tafel]))}"

    def shove_note(self, view: TableView, lang: str) -> str:
        note = super().shove_note(view, lang)
        return note if view.may_schieben else note + msg("table.zwang", lang)

    def contract_label(self, view: TableView, deck: Deck, lang: str) -> str:
        """``Zeile 7: Joker ×7 · Undenufe`` (the row, and what it is played as)."""
        part = coiffeur_part(view)
        if part.tafel is None or part.row is None:
            return super().contract_label(view, deck, lang)
        name = deck.named(view.contract_name) if view.contract_name else deck.contract(view.contract or 0)
        row_name, factor = part.tafel.rows[part.row]
        row = msg("table.row", lang, row=part.row + 1, row_name=deck.named(row_name), m=factor)
        return row if row_name == view.contract_name else f"{row} · {name}"

    def choose_key(self, view: TableView) -> str:
        return "hand.choose_row_or_shove" if view.may_schieben else "hand.choose_row"

    def contract_choices(self, view: TableView, deck: Deck, lang: str, picking: str = "") -> list[Choice]:
        """A button per open row (``r<row>``); a row played as one of several contracts (a Joker,
        Slalom …) opens them (``n<row>.<i>``) with a back button (``t0``); a Joker row that may be
        played as every contract shows the plain ones and a button per family (``g<row>.<i>``)."""
        part = coiffeur_part(view)
        options = dict(part.row_options)
        row_s, _, family = picking[1:].partition(".")
        if picking[:1] in ("r", "g") and row_s.isdigit() and int(row_s) in options:
            row = int(row_s)
            names = options[row]
            groups = families_of(names)
            if picking[0] == "g" and family.isdigit() and int(family) < len(groups):  # one family's contracts
                chosen = EXTRA_NAMES[groups[int(family)]]
                return [(deck.named(n), f"n{row}.{i}") for i, n in enumerate(names) if n in chosen] + [
                    (msg("btn.back", lang), f"r{row}")
                ]
            if len(names) + 1 <= CHOICE_SLOTS:
                return [(deck.named(n), f"n{row}.{i}") for i, n in enumerate(names)] + [(msg("btn.back", lang), "t0")]
            grouped = {n for f in groups for n in EXTRA_NAMES[f]}
            plain = [(deck.named(n), f"n{row}.{i}") for i, n in enumerate(names) if n not in grouped]
            opens = [(family_label(deck, f), f"g{row}.{i}") for i, f in enumerate(groups)]
            return plain + opens + [(msg("btn.back", lang), "t0")]
        rows = part.tafel.rows if part.tafel is not None else ()
        return [(f"{deck.named(rows[r][0])} ×{rows[r][1]}", f"r{r}") for r, _ in part.row_options]

    def picked_contract(self, view: TableView, action: str) -> tuple[str, int | None] | None:
        kind, rest = action[:1], action[1:]
        a, _, b = rest.partition(".")
        if kind not in ("r", "n"):
            return super().picked_contract(view, action)
        if not a.isdigit() or (b and not b.isdigit()):
            return None
        names = dict(coiffeur_part(view).row_options).get(int(a))
        if not names:
            return None
        if kind == "r":
            return (names[0], int(a)) if len(names) == 1 else None
        return (names[int(b)], int(a)) if b and int(b) < len(names) else None

    def closed_row(self, view: TableView, pick: str) -> int | None:
        head = pick[1:].split(".")[0]
        part = coiffeur_part(view)
        if pick[:1] not in ("r", "n", "g") or not head.isdigit() or part.tafel is None:
            return None
        row = int(head)
        return row if row not in dict(part.row_options) and row < len(part.tafel.rows) else None

    def hand_lines(self, view: TableView, ev: Any, deck: Deck, lang: str) -> list[str]:
        return [row_line(view, ev, deck, lang)]

    def slate(self, view: TableView, ev: Any, lang: str, deck: Deck) -> CoiffeurPicture | None:  # type: ignore[override]
        return coiffeur_picture(view, ev, lang, deck)

    def replay_score(self, view: TableView, lang: str) -> str | None:
        return None


def row_line(view: TableView, ev: Any, deck: Deck, lang: str) -> str:
    """Which row the declaring team filled, and how it was scored."""
    team, row, m = ev.get("team", 0), ev.get("row", 0), ev.get("factor", 1)
    written = ev["written"][team]
    tafel = coiffeur_part(view).tafel
    row_name = tafel.rows[row][0] if tafel is not None else ev["contract"]
    name = view.contract_name or ev["contract"]
    if ev["match_team"] is not None and ev["match_team"] != team and not name.startswith("misere"):
        parts = msg("summary.row_konter", lang, written=written)
    else:
        parts = msg("summary.row_parts", lang, points=written // m if m else 0, m=m)
        if name.startswith("misere"):
            parts = f"{msg('summary.row_misere', lang)}, {parts}"
    return msg("summary.row", lang, team=team_name(view, team, lang), row=row + 1, row_name=deck.named(row_name), m=m,
               contract=deck.named(name), parts=parts, written=written)  # fmt: skip


def coiffeur_picture(view: TableView, ev: Any, lang: str, deck: Deck) -> CoiffeurPicture | None:
    """The Tafel after a hand (or at the end of the game)."""
    tafel = coiffeur_part(view).tafel
    if tafel is None:
        return None
    latest = None
    if ev["type"] == "hand_scored":
        title = msg("summary.tafel", lang, n=ev["hand"])
        latest = (ev.get("row", 0), ev.get("team", 0))
    else:
        title = msg("summary.tafel_final", lang)
    winner = ""
    if ev["type"] == "game_over":
        won = ev.get("winner")
        winner = msg("slate.draw", lang) if won is None else msg("slate.winner", lang, team=team_name(view, won, lang))
    played = tuple(
        tuple(
            deck.named(a) if contract == "joker" and a else "" for a in (tafel.played_as[0][i], tafel.played_as[1][i])
        )
        for i, (contract, _) in enumerate(tafel.rows)
    )
    return CoiffeurPicture(
        title=title, teams=(team_name(view, 0, lang), team_name(view, 1, lang)),
        rows=tuple((deck.named(c), f) for c, f in tafel.rows),
        cells=tuple((tafel.written[0][i], tafel.written[1][i]) for i in range(len(tafel.rows))),
        played_as=tuple((a, b) for a, b in played), latest=latest, totals=tafel.totals(), winner=winner,
        members=tuple((seat_name(view, t, lang), seat_name(view, t + 2, lang)) for t in (0, 1)),  # type: ignore[arg-type]
    )  # fmt: skip


PRESENTER = CoiffeurPresenter()


# -- /rules coiffeur: a row's value by the Tafel and the Coiffeur keys of the rules here ------------


@app_commands.command(name=command_text("rules.coiffeur.name"), description=command_text("rules.coiffeur.description"))
@app_commands.rename(row=command_text("rules.row.name"), card_points=command_text("rules.points.name"),
                     match=command_text("rules.match.name"), stoeck=command_text("rules.stoeck.name"),
                     kontermatsch=command_text("rules.kontermatsch.name"))  # fmt: skip
@app_commands.describe(row=command_text("rules.row.description"),
                       card_points=command_text("rules.points.description"),
                       match=command_text("rules.match.description"),
                       stoeck=command_text("rules.stoeck.description"),
                       kontermatsch=command_text("rules.kontermatsch.description"))  # fmt: skip
async def coiffeur_row(
    interaction: discord.Interaction, row: app_commands.Range[int, 1, 20],
    card_points: app_commands.Range[int, 0, TOTAL], match: bool = False, stoeck: bool = False,
    kontermatsch: bool = False,
) -> None:  # fmt: skip
    """A Coiffeur row's value by the Tafel and the Coiffeur keys of the rules here."""
    bot = cast("JassBot", interaction.client)
    lang = lang_of(bot, interaction)
    rules, which = await rules_here(bot, interaction, lang)
    tafel = Tafel.of(rules.coiffeur_tafel)
    if row > len(tafel.rows):
        await interaction.response.send_message(msg("rl.coiffeur.no_row", lang, n=len(tafel.rows)),
                                                ephemeral=True)  # fmt: skip
        return
    spec = tafel.rows[row - 1]
    deck = Deck(lang)
    own = 0 if kontermatsch else card_points + (rules.match_bonus if match else 0)
    others = TOTAL + rules.match_bonus if kontermatsch else TOTAL - card_points
    value = row_value(spec, (own, others), 0, stoeck=20 if stoeck else 0, stoeck_rule=rules.coiffeur_stoeck,
                      kontermatsch=rules.coiffeur_kontermatsch)[0]  # fmt: skip
    if kontermatsch:
        text = msg("rl.coiffeur.konter", lang, points=value)
    else:
        parts = [msg("rl.score.cards", lang, n=card_points)]
        if match and rules.match_bonus:
            parts.append(msg("rl.score.match", lang, n=rules.match_bonus))
        counted = stoeck and value != own * spec.factor
        if counted:
            parts.append(msg("rl.score.stoeck", lang))
        text = msg("rl.coiffeur.text", lang, parts=" + ".join(parts), m=spec.factor, points=value)
        if stoeck and not counted:
            text += "\n" + msg("rl.coiffeur.no_stoeck", lang, rule=rules.coiffeur_stoeck)
    title = msg("rl.coiffeur.title", lang, row=row, name=deck.named(spec.contract), m=spec.factor)
    embed = discord.Embed(title=title, colour=RULES_COLOUR, description=text)
    embed.set_footer(text=which)
    await answer_privately(interaction, embed)


#: The calculators this kind adds to /rules (the rules cog asks every kind's presenter for them).
RULES_COMMANDS: list[app_commands.Command[Any, ..., None]] = [coiffeur_row]
