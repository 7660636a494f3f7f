"""Names and descriptions of the slash commands and their options: {key: {lang: text}}.

English is the name Discord shows by default; the translator gives it the German.
"""

from .challenge import COMMANDS as CHALLENGE_COMMANDS
from .rules_lookup import COMMANDS as RULES_LOOKUP_COMMANDS
from .stats import COMMANDS as STATS_COMMANDS
from .tournament import COMMANDS as TOURNAMENT_COMMANDS

COMMAND_TEXTS: dict[str, dict[str, str]] = {
    "rules.name": {"en": "rules", "de": "regeln"},
    "rules.description": {"en": "Look up a Schieber rule", "de": "Eine Schieber-Regel nachschlagen"},
    "rules.topic.name": {"en": "topic", "de": "thema"},
    "rules.topic.description": {
        "en": "What you want to know, e.g. Weis, Stöck, Undenufe",
        "de": "Was du wissen willst, z. B. Weis, Stöck, Undenufe",
    },
    # the Activity's Entry Point command (cogs/entry_point.py): Discord's App Launcher shows it
    "entry.name": {"en": "table", "de": "tisch"},
    "entry.description": {
        "en": "Sit at this channel's Jass table (the Activity)",
        "de": "Am Jasstisch dieses Kanals Platz nehmen (die Aktivität)",
    },
    "choice.level.beginner": {"en": "beginner", "de": "Anfänger"},
    "choice.level.club": {"en": "club", "de": "Klub"},
    "choice.level.strong": {"en": "strong", "de": "stark"},
}

COMMAND_TEXTS.update(TOURNAMENT_COMMANDS)
COMMAND_TEXTS.update(CHALLENGE_COMMANDS)
COMMAND_TEXTS.update(RULES_LOOKUP_COMMANDS)
COMMAND_TEXTS.update(STATS_COMMANDS)

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
        "jass.new.game.name": {"en": "game", "de": "spiel"},
        "jass.new.game.description": {
            "en": "The game (the list offers every game this bot plays; default: Schieber or the preset's)",
            "de": "Das Spiel (die Liste bietet jedes Spiel, das dieser Bot kennt; sonst Schieber oder das des Presets)",
        },
        "jass.replay.name": {"en": "replay", "de": "wiederholung"},
        "jass.replay.description": {
            "en": "Replay a finished hand step by step, in the channel",
            "de": "Eine fertige Runde Schritt für Schritt nachspielen, im Kanal",
        },
        "jass.replay.table.name": {"en": "table", "de": "tisch"},
        "jass.replay.table.description": {
            "en": "The table's id (default: this channel's table)",
            "de": "Die Nummer des Tischs (Standard: der Tisch dieses Kanals)",
        },
        "jass.review.name": {"en": "review", "de": "rueckblick"},
        "jass.review.description": {
            "en": "Your costliest decisions in a finished hand, by the strong computer (private)",
            "de": "Deine teuersten Entscheide einer fertigen Runde, vom starken Computer (privat)",
        },
        "jass.review.hand.name": {"en": "hand", "de": "runde"},
        "jass.review.hand.description": {
            "en": "The hand of the latest game (default: the last finished one)",
            "de": "Die Runde der letzten Partie (Standard: die letzte fertige)",
        },
        "jass.new.rated.name": {"en": "rated", "de": "gewertet"},
        "jass.new.rated.description": {
            "en": "Rated (the default where the server rates) or friendly: counts in statistics, in no rating",
            "de": "Gewertet (Standard, wo der Server wertet) oder Freundschaft: Statistik ja, Wertung nein",
        },
        "jass.new.hints.name": {"en": "hints", "de": "tipps"},
        "jass.new.hints.description": {
            "en": "Allow the Tip button (friendly tables only; a game with a tip is marked)",
            "de": "Tipp-Knopf erlauben (nur am Freundschaftstisch; eine Partie mit Tipp wird markiert)",
        },
        "jass.join.name": {"en": "join", "de": "mitspielen"},
        "jass.join.description": {
            "en": "Sit down at the table of this channel",
            "de": "Am Tisch dieses Kanals Platz nehmen",
        },
        "jass.leave.name": {"en": "leave", "de": "aufstehen"},
        "jass.leave.description": {
            "en": "Leave your seat (before the game starts)",
            "de": "Den Platz verlassen (vor der Partie)",
        },
        "jass.start.name": {"en": "start", "de": "start"},
        "jass.start.description": {
            "en": "Start the game (host or managers)",
            "de": "Die Partie starten (Gastgeber oder Verwalter)",
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
        "jass.settings.pings.name": {"en": "turn_pings", "de": "zug_hinweis"},
        "jass.settings.pings.description": {
            "en": "Mention the player to act in a short new message (on/off)",
            "de": "Wer am Zug ist, in einer kurzen neuen Nachricht erwähnen (ein/aus)",
        },
        "jass.settings.ratings.name": {"en": "ratings", "de": "wertung"},
        "jass.settings.ratings.description": {
            "en": "Rate games on this server (on, the default) or play only friendly tables (off)",
            "de": "Partien auf diesem Server werten (on, Standard) oder nur Freundschaftstische (off)",
        },
        "jass.settings.web.name": {"en": "web", "de": "web"},
        "jass.settings.web.description": {
            "en": "Public web pages of this server: leaderboards, tournaments, replays (on/off)",
            "de": "Öffentliche Webseiten dieses Servers: Ranglisten, Turniere, Nachspielen (on/off)",
        },
        "jass.settings.images.name": {"en": "images", "de": "bilder"},
        "jass.settings.images.description": {
            "en": "Show the table and the Jasstafel as pictures (on/off)",
            "de": "Tisch und Jasstafel als Bilder zeigen (ein/aus)",
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
