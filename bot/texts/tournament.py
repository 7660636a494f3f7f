"""Texts of tournaments: slash commands and messages, German and English."""

COMMANDS: dict[str, dict[str, str]] = {
    "tournament.name": {"en": "tournament", "de": "turnier"},
    "tournament.description": {"en": "Jass tournaments (Tournament)", "de": "Jassturniere (Tournament)"},
    "tournament.create.name": {"en": "create", "de": "erstellen"},
    "tournament.create.description": {
        "en": "Open an Einzelschieber in this channel (server managers)",
        "de": "Einen Einzelschieber in diesem Kanal eröffnen (Server-Verwaltung)",
    },
    "tournament.create.title.name": {"en": "name", "de": "name"},
    "tournament.create.title.description": {"en": "The tournament's name", "de": "Name des Turniers"},
    "tournament.create.passen.name": {"en": "passen", "de": "passen"},
    "tournament.create.passen.description": {
        "en": "How many Passen (partners and tables drawn anew for each)",
        "de": "Wie viele Passen (Partner und Tische jede Passe neu ausgelost)",
    },
    "tournament.create.hands.name": {"en": "hands", "de": "spiele"},
    "tournament.create.hands.description": {
        "en": "Hands per Passe (usually 8 or 12)",
        "de": "Spiele pro Passe (meist 8 oder 12)",
    },
    "tournament.create.counting.name": {"en": "counting", "de": "wertung"},
    "tournament.create.counting.description": {
        "en": "Which Passen count: all, or all but the worst",
        "de": "Welche Passen zählen: alle, oder alle ausser der schlechtesten",
    },
    "tournament.create.max.name": {"en": "max_players", "de": "max_spieler"},
    "tournament.create.max.description": {
        "en": "At most this many players (0: no limit)",
        "de": "Höchstens so viele Spieler (0: keine Grenze)",
    },
    "tournament.start.name": {"en": "start", "de": "start"},
    "tournament.start.description": {
        "en": "Start the tournament of this channel: Passe 1 is drawn (organiser)",
        "de": "Das Turnier dieses Kanals starten: Passe 1 wird ausgelost (Organisator)",
    },
    "tournament.standings.name": {"en": "standings", "de": "rangliste"},
    "tournament.standings.description": {
        "en": "The standings of this channel's tournament",
        "de": "Die Rangliste des Turniers dieses Kanals",
    },
    "tournament.cancel.name": {"en": "cancel", "de": "absagen"},
    "tournament.cancel.description": {
        "en": "Call off the tournament of this channel (organiser)",
        "de": "Das Turnier dieses Kanals absagen (Organisator)",
    },
    "tournament.drop.name": {"en": "drop", "de": "streichen"},
    "tournament.drop.description": {
        "en": "Take a player out from the next Passe on; a computer takes the seat (organiser)",
        "de": "Einen Spieler ab der nächsten Passe herausnehmen; ein Computer übernimmt (Organisator)",
    },
    "tournament.drop.player.name": {"en": "player", "de": "spieler"},
    "tournament.drop.player.description": {"en": "Who leaves the tournament", "de": "Wer das Turnier verlässt"},
    "tournament.export.name": {"en": "export", "de": "export"},
    "tournament.export.description": {
        "en": "Every player's points per Passe as a CSV file",
        "de": "Die Punkte jedes Spielers pro Passe als CSV-Datei",
    },
    "tournament.info.name": {"en": "info", "de": "info"},
    "tournament.info.description": {
        "en": "What this channel's tournament is and where it stands",
        "de": "Was das Turnier dieses Kanals ist und wo es steht",
    },
}

MESSAGES: dict[str, dict[str, str]] = {
    "tour.title": {"de": "{name} · Einzelschieber", "en": "{name} · Einzelschieber"},
    "tour.about": {
        "de": "{passen} Passen zu {hands} Spielen, Punkte werden zusammengezählt{counting}. Partner und Tische werden vor jeder Passe neu ausgelost; leere Plätze spielen Computer.",
        "en": "{passen} Passen of {hands} hands, points added up{counting}. Partners and tables are drawn anew before each Passe; computers play empty seats.",
    },
    "tour.counting.drop_worst": {
        "de": " (die schlechteste Passe wird gestrichen)",
        "en": " (the worst Passe is struck)",
    },
    "tour.commitment": {
        "de": "Auslosung prüfbar: SHA-256 des Seeds `{commitment}` (der Seed wird beim Start gezeigt)",
        "en": "Verifiable draw: SHA-256 of the seed `{commitment}` (the seed is shown at the start)",
    },
    "tour.count": {"de": "Angemeldet: {n}{limit}", "en": "Signed up: {n}{limit}"},
    "tour.players": {"de": "Spieler", "en": "Players"},
    "tour.btn.join": {"de": "Anmelden", "en": "Join"},
    "tour.btn.leave": {"de": "Abmelden", "en": "Leave"},
    "tour.created": {"de": "Turnier «{name}» ist eröffnet.", "en": "Tournament “{name}” is open."},
    "tour.joined": {"de": "Du bist beim Turnier «{name}» angemeldet.", "en": "You are signed up for “{name}”."},
    "tour.left": {"de": "Du bist vom Turnier «{name}» abgemeldet.", "en": "You have left “{name}”."},
    "tour.started": {
        "de": "«{name}» läuft! Seed der Auslosung: `{seed}`. Jeder Tisch spielt in seinem eigenen Thread.",
        "en": "“{name}” has started! Seed of the draw: `{seed}`. Each table plays in its own thread.",
    },
    "tour.thread": {"de": "{name} · Passe {passe} · Tisch {table}", "en": "{name} · Passe {passe} · Table {table}"},
    "tour.table_intro": {
        "de": "{people}: Passe {passe}, Tisch {table}, {hands} Spiele. Viel Glück!",
        "en": "{people}: Passe {passe}, table {table}, {hands} hands. Good luck!",
    },
    "tour.standings": {"de": "Rangliste nach Passe {passe}", "en": "Standings after Passe {passe}"},
    "tour.final": {"de": "Schlussrangliste · {name}", "en": "Final standings · {name}"},
    "tour.line": {"de": "{rank}. {name}: {total}", "en": "{rank}. {name}: {total}"},
    "tour.you": {"de": "Du: Platz {rank} von {n}", "en": "You: #{rank} of {n}"},
    "tour.tiebreak": {
        "de": "Bei Gleichstand entscheidet die beste einzelne Passe, dann die zweitbeste, und so weiter.",
        "en": "Ties go to the best single Passe, then the second best, and so on.",
    },
    "tour.none": {
        "de": "In diesem Kanal gibt es kein offenes Turnier.",
        "en": "There is no open tournament in this channel.",
    },
    "tour.not_started": {"de": "Das Turnier hat noch nicht begonnen.", "en": "The tournament has not started yet."},
    "tour.info": {
        "de": "«{name}»: {phase}, {n} Spieler, Passe {passe} von {passen}.",
        "en": "“{name}”: {phase}, {n} players, Passe {passe} of {passen}.",
    },
    "tour.phase.signup": {"de": "Anmeldung offen", "en": "sign-up open"},
    "tour.phase.running": {"de": "läuft", "en": "running"},
    "tour.phase.finished": {"de": "beendet", "en": "finished"},
    "tour.phase.cancelled": {"de": "abgesagt", "en": "cancelled"},
    "tour.no_thread": {
        "de": "Ich kann hier keinen Thread eröffnen: mir fehlt die Berechtigung «Öffentliche Threads erstellen» (und «Nachrichten in Threads senden»).",
        "en": "I cannot open a thread here: I need the permission “Create Public Threads” (and “Send Messages in Threads”).",
    },
    "tour.cancelled": {
        "de": "«{name}» ist abgesagt; die Resultate bisher bleiben.",
        "en": "“{name}” is called off; the results so far stay.",
    },
    "tour.dropped": {
        "de": "{who} spielt ab Passe {passe} nicht mehr; ein Computer übernimmt den Platz.",
        "en": "{who} no longer plays from Passe {passe} on; a computer takes the seat.",
    },
    "tour.export": {"de": "Die Resultate von «{name}» als CSV.", "en": "The results of “{name}” as CSV."},
    "tour.err.ALREADY_JOINED": {"de": "Du bist schon angemeldet.", "en": "You are already signed up."},
    "tour.err.NOT_JOINED": {"de": "Du bist nicht angemeldet.", "en": "You are not signed up."},
    "tour.err.NOT_ORGANISER": {
        "de": "Das darf nur, wer das Turnier eröffnet hat.",
        "en": "Only the tournament's organiser may do that.",
    },
    "tour.err.TOO_FEW_PLAYERS": {
        "de": "Zu wenige Spieler: {players} angemeldet, mindestens {needed} nötig.",
        "en": "Too few players: {players} signed up, at least {needed} needed.",
    },
    "tour.err.FULL": {
        "de": "Das Turnier ist voll ({limit} Spieler).",
        "en": "The tournament is full ({limit} players).",
    },
    "tour.err.WRONG_PHASE": {
        "de": "Das geht jetzt nicht: das Turnier ist {phase}.",
        "en": "Not now: the tournament is {phase}.",
    },
    "tour.err.BAD_FORMAT": {
        "de": "1 bis 12 Passen zu 1 bis 48 Spielen, bitte.",
        "en": "1 to 12 Passen of 1 to 48 hands, please.",
    },
    "tour.err.OTHER": {"de": "Das Turnier lehnt das ab.", "en": "The tournament refuses that."},
    "tour.err.NOT_MANAGER": {
        "de": "Turniere eröffnet, wer den Server verwalten darf.",
        "en": "Tournaments are opened by those who may manage the server.",
    },
}
