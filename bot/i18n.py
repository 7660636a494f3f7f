"""German and English for commands and messages; the language follows the user's locale."""

from __future__ import annotations

from typing import Any

LANGS = ("de", "en")

#: Command names/descriptions, by key: {lang: text}.  English is the default name.
COMMAND_TEXTS: dict[str, dict[str, str]] = {
    "rules.name": {"en": "rules", "de": "regeln"},
    "rules.description": {"en": "Look up a Schieber rule", "de": "Eine Schieber-Regel nachschlagen"},
    "rules.topic.name": {"en": "topic", "de": "thema"},
    "rules.topic.description": {
        "en": "What you want to know, e.g. Weis, Stöck, Undenufe",
        "de": "Was du wissen willst, z. B. Weis, Stöck, Undenufe",
    },
}

COMMAND_TEXTS.update(
    {
        "jass.name": {"en": "jass", "de": "jass"},
        "jass.description": {"en": "Play Schieber", "de": "Schieber spielen"},
        "jass.new.name": {"en": "new", "de": "neu"},
        "jass.new.description": {
            "en": "Open a new table in this channel",
            "de": "Einen neuen Tisch in diesem Kanal eröffnen",
        },
        "jass.new.preset.name": {"en": "preset", "de": "variante"},
        "jass.new.preset.description": {"en": "Rules preset", "de": "Regel-Variante"},
        "jass.new.target.name": {"en": "target", "de": "ziel"},
        "jass.new.target.description": {"en": "Points to win", "de": "Punkte zum Sieg"},
        "jass.new.computers.name": {"en": "computer_players", "de": "computer"},
        "jass.new.computers.description": {
            "en": "Computer players to seat now (0-3)",
            "de": "Computer-Spieler, die gleich Platz nehmen (0-3)",
        },
        "jass.new.level.name": {"en": "level", "de": "stärke"},
        "jass.new.level.description": {
            "en": "How well computer players play (beginner, club, strong)",
            "de": "Wie gut die Computer spielen (beginner, club, strong)",
        },
        "jass.join.name": {"en": "join", "de": "mitspielen"},
        "jass.join.description": {
            "en": "Sit down at the table of this channel",
            "de": "Am Tisch dieses Kanals Platz nehmen",
        },
        "jass.leave.name": {"en": "leave", "de": "aufstehen"},
        "jass.leave.description": {
            "en": "Leave your seat (before the game starts)",
            "de": "Den Platz verlassen (vor dem Spiel)",
        },
        "jass.start.name": {"en": "start", "de": "start"},
        "jass.start.description": {
            "en": "Start the game (host or managers)",
            "de": "Das Spiel starten (Gastgeber oder Verwalter)",
        },
        "jass.settings.name": {"en": "settings", "de": "einstellungen"},
        "jass.settings.description": {
            "en": "Defaults of this server for new tables (managers)",
            "de": "Vorgaben dieses Servers für neue Tische (Verwalter)",
        },
        "jass.table.name": {"en": "table", "de": "tisch"},
        "jass.table.description": {
            "en": "Post the table of this channel again",
            "de": "Den Tisch dieses Kanals neu posten",
        },
        "jass.end.name": {"en": "end", "de": "beenden"},
        "jass.end.description": {
            "en": "End the table of this channel (host or managers)",
            "de": "Den Tisch dieses Kanals beenden (Gastgeber oder Verwalter)",
        },
        "jass.settings.language.name": {"en": "language", "de": "sprache"},
        "jass.settings.language.description": {
            "en": "Language of table messages",
            "de": "Sprache der Tisch-Nachrichten",
        },
        "jass.settings.deck.name": {"en": "deck", "de": "karten"},
        "jass.settings.deck.description": {"en": "Card names on the table", "de": "Kartennamen am Tisch"},
        "jass.settings.timer.name": {"en": "turn_timer", "de": "bedenkzeit"},
        "jass.settings.timer.description": {
            "en": "Seconds per turn before a stand-in plays (0: off)",
            "de": "Sekunden pro Zug, bevor ein Ersatz spielt (0: aus)",
        },
        "jass.cards.name": {"en": "cards", "de": "karten"},
        "jass.cards.description": {
            "en": "Swiss or French card names in your hand",
            "de": "Deutschschweizer oder französische Kartennamen in deiner Hand",
        },
        "jass.cards.deck.description": {
            "en": "Swiss (Eichel, Rose, ...) or French (Ecken, Herz, ...)",
            "de": "Deutschschweizer (Eichel, Rose, ...) oder französisch (Ecken, Herz, ...)",
        },
        "jass.history.name": {"en": "history", "de": "verlauf"},
        "jass.history.description": {
            "en": "The public hand history of the table (JSON lines)",
            "de": "Der öffentliche Spielverlauf des Tisches (JSON-Zeilen)",
        },
    }
)

MESSAGES: dict[str, dict[str, str]] = {
    "rules.unknown": {
        "de": "Dazu habe ich keine Regel gefunden. Versuche z. B. «Weis», «Stöck» oder «Schieben».",
        "en": "I found no rule for that. Try e.g. “Weis”, “Stöck” or “Schieben”.",
    },
    "rules.source": {"de": "Regel {section}", "en": "Rule {section}"},
    # refusals (GameError codes and the Discord layer's own)
    "err.NOT_YOUR_TURN": {"de": "Du bist nicht am Zug.", "en": "It is not your turn."},
    "err.ILLEGAL_CARD": {
        "de": "Diese Karte darfst du nicht spielen: {reason}",
        "en": "You may not play that card: {reason}",
    },
    "err.WRONG_PHASE": {"de": "Das geht jetzt nicht.", "en": "That is not possible now."},
    "err.SEAT_TAKEN": {"de": "Dieser Platz ist schon besetzt.", "en": "That seat is taken."},
    "err.NOT_SEATED": {"de": "Du sitzt nicht an diesem Tisch.", "en": "You are not seated at this table."},
    "err.ALREADY_SEATED": {"de": "Du sitzt schon an diesem Tisch.", "en": "You already have a seat."},
    "err.TABLE_FULL": {"de": "Der Tisch ist voll.", "en": "The table is full."},
    "err.NOT_HOST": {
        "de": "Das darf nur der Gastgeber (oder wer den Server verwaltet).",
        "en": "Only the host (or a server manager) may do that.",
    },
    "err.SEATS_EMPTY": {
        "de": "Es sind noch Plätze frei: setz dich oder füge Computer hinzu.",
        "en": "Seats are still empty: sit down or add computer players.",
    },
    "err.SCHIEBEN_NOT_ALLOWED": {"de": "Schieben geht nicht mehr.", "en": "You cannot shove now."},
    "err.CONTRACT_NOT_ALLOWED": {
        "de": "Diese Spielart ist an diesem Tisch nicht erlaubt.",
        "en": "That contract is not allowed at this table.",
    },
    "err.NO_STOECK": {"de": "Du hast keine Stöck.", "en": "You have no Stöck."},
    "err.STOECK_NOT_DECISIVE": {"de": "Stöck reichen noch nicht zum Sieg.", "en": "Stöck would not win the game yet."},
    "err.BEDANKEN_NOT_ALLOWED": {
        "de": "An diesem Tisch wird nicht bedankt.",
        "en": "This table does not use Bedanken.",
    },
    "err.NO_SUCH_SEAT": {"de": "Diesen Platz gibt es nicht (1 bis 4).", "en": "There is no such seat (1 to 4)."},
    "err.NOT_A_COMPUTER": {
        "de": "Auf diesem Platz sitzt kein Computer.",
        "en": "No computer player sits in that seat.",
    },
    "err.UNKNOWN_CONTRACT": {"de": "Diese Spielart kenne ich nicht.", "en": "I do not know that contract."},
    "err.BAD_CARD": {"de": "Diese Karte gibt es nicht.", "en": "There is no such card."},
    "err.WEIS_INVALID": {"de": "Diesen Weis hast du nicht.", "en": "You do not hold that Weis."},
    "err.WEIS_NOT_NOW": {
        "de": "Weisen geht nur mit deiner ersten Karte.",
        "en": "You can declare Weis only with your first card.",
    },
    "err.UNKNOWN_LEVEL": {"de": "Diese Computer-Stärke gibt es nicht.", "en": "There is no such computer level."},
    "err.NOT_ALLOWED": {"de": "Das ist nicht erlaubt.", "en": "That is not allowed."},
    "err.BAD_RULES": {
        "de": "Diese Regel-Einstellung geht nicht: {message}",
        "en": "That rule setting is not possible: {message}",
    },
    "err.NOT_MANAGER": {
        "de": "Dafür brauchst du das Recht «Server verwalten».",
        "en": "You need the “Manage Server” permission.",
    },
    "settings.saved": {
        "de": "Gespeichert. Vorgaben für neue Tische: {values}",
        "en": "Saved. Defaults for new tables: {values}",
    },
    "err.OTHER": {"de": "Das geht nicht ({code}).", "en": "That is not possible ({code})."},
    "err.unknown_table": {"de": "Diesen Tisch gibt es nicht (mehr).", "en": "This table does not exist (any more)."},
    "err.stale": {
        "de": "Dieser Knopf gehört zu einer früheren Runde. Öffne «Meine Karten» neu.",
        "en": "This button is from an earlier hand. Open “My cards” again.",
    },
    "err.stale_game": {
        "de": "Dieser Knopf gehört zu einem früheren Spiel. Öffne «Meine Karten» neu.",
        "en": "This button is from an earlier game. Open “My cards” again.",
    },
    "err.not_saved": {
        "de": "Das konnte nicht gespeichert werden, es hat sich nichts geändert. Versuch es gleich nochmals.",
        "en": "That could not be saved, so nothing changed. Please try again in a moment.",
    },
    "err.broken_table": {
        "de": "Tisch {ids} kann nicht gelesen werden und ist beiseitegelegt (für die Betreiber aufbewahrt). Eröffne mit /jass new einen neuen Tisch.",
        "en": "Table {ids} cannot be read and was set aside (kept for the operators). Open a new one with /jass new.",
    },
    "err.unexpected": {
        "de": "Da ist etwas schiefgelaufen; es hat sich nichts geändert.",
        "en": "Something went wrong; nothing was changed.",
    },
    "err.TOO_MANY_TABLES.channel": {
        "de": "In diesem Kanal sind schon {limit} Tische offen. Beendet zuerst einen mit /jass end.",
        "en": "This channel already has {limit} open tables. End one first with /jass end.",
    },
    "err.TOO_MANY_TABLES.user": {
        "de": "Du hast schon {limit} offene Tische eröffnet. Beende zuerst einen mit /jass end.",
        "en": "You already opened {limit} tables that are still open. End one first with /jass end.",
    },
    "err.SEATED_ELSEWHERE": {
        "de": "Du sitzt in diesem Kanal schon an Tisch {table}. Steh dort zuerst auf (/jass leave).",
        "en": "You already sit at table {table} in this channel. Leave it first (/jass leave).",
    },
    "err.STOECK_NOT_NOW": {
        "de": "An diesem Tisch zählen Weis vor Stöck: Stöck kannst du erst nach dem ersten Stich vorweisen.",
        "en": "At this table Weis count before Stöck: you can show Stöck only after the first trick.",
    },
    "err.bad_button": {"de": "Diesen Knopf kenne ich nicht.", "en": "I do not know this button."},
    "err.no_table_here": {"de": "In diesem Kanal ist kein Tisch offen.", "en": "No table is open in this channel."},
    "reason.must_follow_suit": {"de": "Farbe angeben", "en": "you must follow suit"},
    "reason.must_follow_suit_no_trumping": {
        "de": "Farbe angeben (kein Trumpfen an diesem Tisch)",
        "en": "follow suit (no trumping at this table)",
    },
    "reason.no_undertrump": {"de": "Untertrumpfen ist verboten", "en": "no undertrumping"},
    "reason.must_play_trump": {"de": "Trumpf angeben", "en": "you must play trump"},
    "reason.not_in_hand": {"de": "nicht in deiner Hand", "en": "not in your hand"},
    # table texts
    "table.title": {"de": "Tisch {id} · Schieber auf {target}", "en": "Table {id} · Schieber to {target}"},
    "table.lobby": {
        "de": "Setzt euch! Partner sitzen sich gegenüber (Platz 1 & 3 gegen 2 & 4).",
        "en": "Take a seat! Partners sit opposite (seats 1 & 3 against 2 & 4).",
    },
    "table.seat": {"de": "Platz {n}", "en": "Seat {n}"},
    "table.free": {"de": "frei", "en": "free"},
    "table.computer": {"de": "Computer", "en": "Computer"},
    "table.standin": {"de": "(Computer springt ein)", "en": "(computer standing in)"},
    "table.contract": {"de": "Trumpf", "en": "Contract"},
    "table.choosing": {"de": "{name} wählt{shoved}", "en": "{name} is choosing{shoved}"},
    "table.shoved": {"de": " (geschoben)", "en": " (shoved)"},
    "table.by": {
        "de": "{contract} ×{m} · gewählt von {name}{shoved}",
        "en": "{contract} ×{m} · chosen by {name}{shoved}",
    },
    "table.trick": {"de": "Stich {n}", "en": "Trick {n}"},
    "table.last": {"de": "Letzter Stich", "en": "Last trick"},
    "table.weis": {"de": "Weis", "en": "Weis"},
    "table.score": {"de": "Stand", "en": "Score"},
    "table.turn": {"de": "Am Zug: {name}", "en": "To play: {name}"},
    "table.over": {
        "de": "Spiel vorbei: {winner} gewinnen {a} : {b}{extra}",
        "en": "Game over: {winner} win {a} : {b}{extra}",
    },
    "table.draw": {"de": "Unentschieden {a} : {b}", "en": "A draw, {a} : {b}"},
    "table.abandoned": {"de": "Dieser Tisch wurde beendet.", "en": "This table was ended."},
    "table.team": {"de": "{a} & {b}", "en": "{a} & {b}"},
    "table.reminder": {
        "de": "{who}, du bist am Zug! Sonst springt bald ein Computer ein.",
        "en": "{who}, it is your turn! A computer player will stand in soon.",
    },
    "table.created": {"de": "Tisch {id} ist eröffnet.", "en": "Table {id} is open."},
    "table.created_besides": {
        "de": "In diesem Kanal ist auch Tisch {others} offen. Befehle wie /jass join wirken auf den Tisch, an dem du sitzt, sonst auf den neusten.",
        "en": "Table {others} is open in this channel too. Commands such as /jass join act on the table you sit at, else on the newest.",
    },
    "table.reposted": {"de": "Tisch {id} ist unten neu gepostet.", "en": "Table {id} is posted again below."},
    "table.live_again": {
        "de": "Der Bot wurde neu gestartet: dieser Tisch ist wieder live, es geht weiter.",
        "en": "The bot was restarted: this table is live again, play on.",
    },
    "history.file": {"de": "Der öffentliche Verlauf von Tisch {id}.", "en": "The public history of table {id}."},
    "done.joined": {"de": "Du sitzt auf Platz {n} an Tisch {id}.", "en": "You sit in seat {n} at table {id}."},
    "done.left": {"de": "Du hast deinen Platz an Tisch {id} verlassen.", "en": "You left your seat at table {id}."},
    "done.started": {"de": "Tisch {id}: das Spiel beginnt.", "en": "Table {id}: the game starts."},
    "done.ended": {"de": "Tisch {id} ist beendet.", "en": "Table {id} is ended."},
    "table.joined": {"de": "Du sitzt auf Platz {n}.", "en": "You are in seat {n}."},
    "btn.seat": {"de": "Platz {n}", "en": "Seat {n}"},
    "btn.addai": {"de": "Computer hinzufügen", "en": "Add computer player"},
    "btn.start": {"de": "Start", "en": "Start"},
    "btn.cancel": {"de": "Abbrechen", "en": "Cancel"},
    "btn.leave": {"de": "Aufstehen", "en": "Leave"},
    "btn.hand": {"de": "Meine Karten", "en": "My cards"},
    "btn.schieben": {"de": "Schieben", "en": "Schieben"},
    "btn.stoeck": {"de": "Stöck vorweisen", "en": "Show Stöck"},
    "btn.bedanken": {"de": "Bedanken", "en": "Claim the win"},
    "btn.newgame": {"de": "Neues Spiel", "en": "New game"},
    "hand.weis": {
        "de": "Markiere die Weis, die du ansagst, dann spiel deine erste Karte.",
        "en": "Mark the Weis you declare, then play your first card.",
    },
    "weis.sequence": {"de": "Weis {points}: {suit} {low}–{high}", "en": "Weis {points}: {suit} {low}–{high}"},
    "weis.quartet": {"de": "Weis {points}: 4 × {rank}", "en": "Weis {points}: 4 × {rank}"},
    "btn.play_stoeck": {"de": "{card} + Stöck", "en": "{card} + Stöck"},
    "cards.saved.swiss": {
        "de": "Du siehst deine Karten jetzt mit Deutschschweizer Namen (Eichel, Rose, Schelle, Schilte).",
        "en": "Your cards now show Swiss names (Eichel, Rose, Schelle, Schilte).",
    },
    "cards.saved.french": {
        "de": "Du siehst deine Karten jetzt mit französischen Namen (Ecken, Herz, Kreuz, Schaufel).",
        "en": "Your cards now show French names (Diamonds, Hearts, Clubs, Spades).",
    },
    "hand.title": {"de": "Deine Karten", "en": "Your cards"},
    "hand.choose": {"de": "Du wählst den Trumpf.", "en": "You choose the contract."},
    "hand.your_turn": {"de": "Du bist am Zug.", "en": "Your turn."},
    "hand.wait": {"de": "Warte, bis du am Zug bist.", "en": "Wait for your turn."},
    "hand.none": {"de": "Du hast gerade keine Karten.", "en": "You hold no cards right now."},
    "summary.title": {"de": "Spiel {n}: {contract}", "en": "Hand {n}: {contract}"},
    "summary.line": {
        "de": "{team}: {cards} Kartenpunkte, {tricks} → schreiben {written}",
        "en": "{team}: {cards} card points, {tricks} → write {written}",
    },
    "tricks.one": {"de": "{n} Stich", "en": "{n} trick"},
    "tricks.many": {"de": "{n} Stiche", "en": "{n} tricks"},
    "summary.weis": {"de": "Weis zählen für {team}.", "en": "The Weis count for {team}."},
    "summary.stoeck": {"de": "Stöck für {team}.", "en": "Stöck for {team}."},
    "summary.match": {"de": "Match für {team}!", "en": "Match for {team}!"},
    "summary.kontermatsch": {"de": "Kontermatsch für {team}!", "en": "Kontermatsch for {team}!"},
    "summary.totals": {"de": "Stand: {a} : {b}", "en": "Totals: {a} : {b}"},
    "summary.seed": {"de": "Mischung prüfbar: Seed {seed}", "en": "Verifiable shuffle: seed {seed}"},
    "over.berg": {"de": " · Berg: {team}", "en": " · Berg: {team}"},
    "over.schneider": {"de": " · Schneider!", "en": " · Schneider!"},
}


def command_text(key: str) -> Any:
    """A command's name or description for discord.py: the catalogue's English, with its key
    so that the translator (``bot/client.py``) gives Discord the German too."""
    from discord import app_commands  # only the Discord layer calls this

    return app_commands.locale_str(COMMAND_TEXTS[key]["en"], key=key)


def language_of(locale: str | None, fallback: str = "de") -> str:
    """``de`` for German locales, ``en`` for English ones, else ``fallback``."""
    if locale:
        code = str(locale).lower()
        if code.startswith("de"):
            return "de"
        if code.startswith("en"):
            return "en"
    return fallback if fallback in LANGS else "de"


def message(key: str, lang: str, **values: object) -> str:
    text = MESSAGES[key].get(lang) or MESSAGES[key]["en"]
    return text.format(**values)


def refusal_text(err: Exception, lang: str) -> str:
    """The sentence for a refusal (a ``GameError``: its ``code`` and ``facts``), in ``lang``."""
    code = getattr(err, "code", "OTHER")
    facts = {k: v for k, v in getattr(err, "facts", {}).items() if isinstance(v, str | int)}
    try:
        if code == "ILLEGAL_CARD":
            return message("err.ILLEGAL_CARD", lang, reason=message(f"reason.{facts.get('reason')}", lang))
        if code == "TOO_MANY_TABLES":
            return message(f"err.TOO_MANY_TABLES.{facts.get('scope')}", lang, **facts)
        return message(f"err.{code}", lang, **facts)
    except (KeyError, IndexError):
        return message("err.OTHER", lang, code=code)
