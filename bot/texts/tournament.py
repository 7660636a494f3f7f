"""Texts of tournaments: slash commands and messages, German and English."""

COMMANDS: dict[str, dict[str, str]] = {
    "tournament.name": {"en": "tournament", "de": "turnier"},
    "tournament.description": {"en": "Jass tournaments (Tournament)", "de": "Jassturniere (Tournament)"},
    "tournament.create.name": {"en": "create", "de": "erstellen"},
    "tournament.create.description": {
        "en": "Open a tournament in this channel (server managers or the organiser role)",
        "de": "Ein Turnier in diesem Kanal eröffnen (Server-Verwaltung oder Organisatoren-Rolle)",
    },
    "tournament.create.title.name": {"en": "name", "de": "name"},
    "tournament.create.title.description": {"en": "The tournament's name", "de": "Name des Turniers"},
    "tournament.create.passen.name": {"en": "passen", "de": "passen"},
    "tournament.create.passen.description": {
        "en": "How many Passen (partners and tables drawn anew for each)",
        "de": "Wie viele Passen (Partner und Tische jede Passe neu ausgelost)",
    },
    "tournament.create.hands.name": {"en": "hands", "de": "runden"},
    "tournament.create.hands.description": {
        "en": "Hands per Passe (usually 8 or 12)",
        "de": "Runden pro Passe (meist 8 oder 12)",
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
    "tournament.create.format.name": {"en": "format", "de": "format"},
    "tournament.create.format.description": {
        "en": "Einzelschieber (partners drawn) or Partnerschieber (fixed pairs)",
        "de": "Einzelschieber (Partner ausgelost) oder Partnerschieber (feste Paare)",
    },
    "tournament.create.preset.name": {"en": "preset", "de": "regeln"},
    "tournament.create.preset.description": {
        "en": "The tables' rules (default: tournament, everything single, no Weis, no Stöck)",
        "de": "Die Regeln der Tische (Standard: tournament, alles einfach, ohne Weis und Stöck)",
    },
    "tournament.create.rules.name": {"en": "rules", "de": "abweichungen"},
    "tournament.create.rules.description": {
        "en": "Rule keys that differ, e.g. weis_enabled=on, match_bonus=100",
        "de": "Abweichende Regeln, z. B. weis_enabled=on, match_bonus=100",
    },
    "tournament.create.level.name": {"en": "computers", "de": "computer"},
    "tournament.create.level.description": {
        "en": "Strength of the computer players in empty seats",
        "de": "Stärke der Computer auf leeren Plätzen",
    },
    "tournament.create.timer.name": {"en": "turn_timer", "de": "zugzeit"},
    "tournament.create.timer.description": {
        "en": "Seconds per turn before a stand-in plays (0: none; default: the bot's)",
        "de": "Sekunden pro Zug, bevor ein Ersatz spielt (0: keine; Standard: die des Bots)",
    },
    "tournament.create.checkin.name": {"en": "check_in", "de": "check_in"},
    "tournament.create.checkin.description": {
        "en": "Players must check in before the start",
        "de": "Spieler müssen sich vor dem Start einchecken",
    },
    "tournament.create.next.name": {"en": "next_passe", "de": "naechste_passe"},
    "tournament.create.next.description": {
        "en": "The next Passe at once, or when the organiser presses “Next Passe”",
        "de": "Die nächste Passe sofort, oder wenn der Organisator «Nächste Passe» drückt",
    },
    "tournament.create.break.name": {"en": "break_minutes", "de": "pause_minuten"},
    "tournament.create.break.description": {
        "en": "A break of this many minutes between two Passen (0: none)",
        "de": "So viele Minuten Pause zwischen zwei Passen (0: keine)",
    },
    "tournament.create.late.name": {"en": "late_entry", "de": "nachmeldung"},
    "tournament.create.late.description": {
        "en": "Late entry allowed before this Passe (0: none; Einzelschieber)",
        "de": "Nachmeldung bis vor dieser Passe (0: keine; Einzelschieber)",
    },
    "tournament.create.fill.name": {"en": "fill", "de": "auffüllen"},
    "tournament.create.fill.description": {
        "en": "Einzelschieber not a multiple of 4: computers fill seats, or byes (a bye scores the Passe's average)",
        "de": "Einzelschieber, nicht durch 4 teilbar: Computer füllen auf, oder Freilose (Passe-Durchschnitt)",
    },
    "tournament.create.start.name": {"en": "start_in", "de": "start_in"},
    "tournament.create.start.description": {
        "en": "Start by itself in this many minutes (0: the organiser starts it)",
        "de": "Von selbst in so vielen Minuten starten (0: der Organisator startet)",
    },
    "tournament.join.name": {"en": "join", "de": "anmelden"},
    "tournament.join.description": {
        "en": "Sign up for this channel's tournament (with a partner for a Partnerschieber)",
        "de": "Beim Turnier dieses Kanals anmelden (beim Partnerschieber mit Partner)",
    },
    "tournament.join.partner.name": {"en": "partner", "de": "partner"},
    "tournament.join.partner.description": {
        "en": "Your partner (they confirm)",
        "de": "Dein Partner (bestätigt selbst)",
    },
    "tournament.pause.name": {"en": "pause", "de": "pause"},
    "tournament.pause.description": {
        "en": "No next Passe until resumed; tables in play finish (organiser)",
        "de": "Keine nächste Passe bis zur Fortsetzung; laufende Tische spielen fertig (Organisator)",
    },
    "tournament.resume.name": {"en": "resume", "de": "fortsetzen"},
    "tournament.resume.description": {
        "en": "Go on after a pause (organiser)",
        "de": "Nach einer Pause weiter (Organisator)",
    },
    "tournament.next.name": {"en": "next", "de": "weiter"},
    "tournament.next.description": {
        "en": "Draw and open the next Passe (organiser)",
        "de": "Die nächste Passe auslosen und eröffnen (Organisator)",
    },
    "tournament.replace.name": {"en": "replace", "de": "ersetzen"},
    "tournament.replace.description": {
        "en": "Another member takes over a player's entry from the next Passe (organiser)",
        "de": "Ein anderes Mitglied übernimmt ab der nächsten Passe einen Platz (Organisator)",
    },
    "tournament.replace.old.name": {"en": "player", "de": "spieler"},
    "tournament.replace.old.description": {"en": "Who is replaced", "de": "Wer ersetzt wird"},
    "tournament.replace.new.name": {"en": "by", "de": "durch"},
    "tournament.replace.new.description": {"en": "Who plays on instead", "de": "Wer stattdessen weiterspielt"},
    "tournament.standin.name": {"en": "standin", "de": "ersatz"},
    "tournament.standin.description": {
        "en": "A computer finishes a player's current Passe (organiser)",
        "de": "Ein Computer spielt die laufende Passe eines Spielers fertig (Organisator)",
    },
    "tournament.role.name": {"en": "role", "de": "rolle"},
    "tournament.role.description": {
        "en": "The role that may open tournaments besides the managers (none: only managers)",
        "de": "Die Rolle, die neben der Verwaltung Turniere eröffnen darf (keine: nur die Verwaltung)",
    },
    "tournament.role.role.name": {"en": "role", "de": "rolle"},
    "tournament.role.role.description": {"en": "The organiser role", "de": "Die Organisatoren-Rolle"},
}

MESSAGES: dict[str, dict[str, str]] = {
    "tour.title": {"de": "{name} · {format}", "en": "{name} · {format}"},
    "tour.format.einzel": {"de": "Einzelschieber", "en": "Einzelschieber"},
    "tour.format.pairs": {"de": "Partnerschieber", "en": "Partnerschieber"},
    "tour.line_differenzler": {
        "de": "{rank}. {name}: {total} Differenz · {exact} genau",
        "en": "{rank}. {name}: {total} penalty · {exact} exact",
    },
    "tour.tiebreak.differenzler": {
        "de": "Die kleinste Differenz gewinnt; bei Gleichstand entscheiden die genauen Ansagen.",
        "en": "The lowest penalty wins; ties go to the most exact predictions.",
    },
    "tour.about.pairs": {
        "de": "{passen:Passe|Passen} zu {hands:Runde|Runden}, Punkte werden zusammengezählt{counting}. Feste Paare; in jeder Passe trifft ein Paar auf ein anderes. Wer ohne Partner kommt, wird beim Start zugeteilt.",
        "en": "{passen:Passe|Passen} of {hands:hand|hands}, points added up{counting}. Fixed pairs; in each Passe a pair meets another. Those without a partner are paired at the start.",
    },
    "tour.rules_line": {
        "de": "Regeln: {preset}{overrides} · Computer: {level}{timer}",
        "en": "Rules: {preset}{overrides} · computers: {level}{timer}",
    },
    "tour.timer": {"de": " · Zugzeit {seconds} s", "en": " · {seconds} s per turn"},
    "tour.options.check_in": {"de": "Check-in vor dem Start nötig.", "en": "Check-in needed before the start."},
    "tour.options.manual": {
        "de": "Die nächste Passe startet, wenn der Organisator es sagt.",
        "en": "The next Passe starts when the organiser says so.",
    },
    "tour.options.late": {
        "de": "Nachmeldung bis vor Passe {passe}.",
        "en": "Late entry until before Passe {passe}.",
    },
    "tour.options.byes": {
        "de": "Wer in einer Passe keinen Platz hat, bekommt ein Freilos und den Durchschnitt der Passe.",
        "en": "Whoever has no seat in a Passe gets a bye and the Passe's average.",
    },
    "tour.options.break": {
        "de": "Zwischen den Passen: {minutes:Minute|Minuten} Pause.",
        "en": "Between the Passen: a break of {minutes:minute|minutes}.",
    },
    "tour.break": {
        "de": "Passe {passe} ist fertig. Pause: Passe {next} wird um <t:{at}:t> ausgelost (<t:{at}:R>); der "
        "Organisator kann sie mit «Nächste Passe» früher starten.",
        "en": "Passe {passe} is over. Break: Passe {next} is drawn at <t:{at}:t> (<t:{at}:R>); the organiser can "
        "start it earlier with “Next Passe”.",
    },
    "tour.options.starts": {"de": "Start: <t:{at}:f> (<t:{at}:R>).", "en": "Start: <t:{at}:f> (<t:{at}:R>)."},
    "tour.start_failed": {
        "de": "«{name}» konnte zur Startzeit nicht beginnen: {reason} Der Organisator kann mit {cmd.tournament.start} starten.",
        "en": "“{name}” could not begin at its start time: {reason} The organiser can start it with {cmd.tournament.start}.",
    },
    "tour.waitlist": {"de": "Warteliste: {n}", "en": "Waitlist: {n}"},
    "tour.checked_in": {"de": "eingecheckt: {n}", "en": "checked in: {n}"},
    "tour.pairs_field": {"de": "Paare", "en": "Pairs"},
    "tour.singles_field": {
        "de": "Ohne Partner (beim Start zugeteilt)",
        "en": "Without a partner (paired at the start)",
    },
    "tour.btn.checkin": {"de": "Einchecken", "en": "Check in"},
    "tour.btn.partner": {"de": "Partner bestätigen", "en": "Confirm partner"},
    "tour.btn.next": {"de": "Nächste Passe", "en": "Next Passe"},
    "tour.waitlisted": {
        "de": "«{name}» ist voll: du stehst auf der Warteliste (Platz {n}).",
        "en": "“{name}” is full: you are on the waitlist (place {n}).",
    },
    "tour.checked_in_you": {"de": "Du bist eingecheckt.", "en": "You are checked in."},
    "tour.proposed": {
        "de": "{partner} ist gefragt; das Paar steht, sobald {partner} bestätigt.",
        "en": "{partner} has been asked; the pair stands once {partner} confirms.",
    },
    "tour.ask_partner": {
        "de": "{partner}: {who} möchte mit dir das Turnier «{name}» spielen. Bestätige mit dem Knopf.",
        "en": "{partner}: {who} would like to play “{name}” with you. Confirm with the button.",
    },
    "tour.paired": {"de": "Ihr seid ein Paar: {a} & {b}.", "en": "You are a pair: {a} & {b}."},
    "tour.paused": {
        "de": "«{name}» ist pausiert: die laufenden Tische spielen fertig, die nächste Passe wartet.",
        "en": "“{name}” is paused: tables in play finish, the next Passe waits.",
    },
    "tour.resumed": {"de": "«{name}» geht weiter.", "en": "“{name}” goes on."},
    "tour.next_opened": {"de": "Passe {passe} ist ausgelost.", "en": "Passe {passe} has been drawn."},
    "tour.waiting": {
        "de": "Passe {passe} ist fertig. Die nächste Passe beginnt, wenn der Organisator «Nächste Passe» drückt.",
        "en": "Passe {passe} is over. The next Passe starts when the organiser presses “Next Passe”.",
    },
    "tour.replaced": {
        "de": "{new} übernimmt ab Passe {passe} den Platz von {old}; die laufende Passe spielt ein Computer fertig.",
        "en": "{new} takes over {old}'s place from Passe {passe}; a computer finishes the current Passe.",
    },
    "tour.standin": {
        "de": "Ein Computer spielt für {who}, bis {who} selbst wieder spielt.",
        "en": "A computer plays for {who} until {who} plays again.",
    },
    "tour.no_table": {
        "de": "{who} sitzt gerade an keinem laufenden Tisch.",
        "en": "{who} is not at a table in play right now.",
    },
    "tour.role_set": {
        "de": "Die Rolle <@&{role}> darf jetzt Turniere eröffnen.",
        "en": "The role <@&{role}> may now open tournaments.",
    },
    "tour.role_cleared": {
        "de": "Nur die Server-Verwaltung eröffnet jetzt Turniere.",
        "en": "Only server managers open tournaments now.",
    },
    "tour.bad_rules": {
        "de": "Diese Regel verstehe ich nicht: «{part}» ({reason}).",
        "en": "I cannot use this rule: “{part}” ({reason}).",
    },
    "tour.channel_gone": {
        "de": "Der Turnierkanal ist weg: «{name}» ist abgesagt; die Resultate bisher bleiben.",
        "en": "The tournament channel is gone: “{name}” is called off; the results so far stay.",
    },
    "tour.dropped_mark": {"de": " (ausgeschieden)", "en": " (dropped)"},
    "tour.about": {
        "de": "{passen:Passe|Passen} zu {hands:Runde|Runden}, Punkte werden zusammengezählt{counting}. Partner und Tische werden vor jeder Passe neu ausgelost; leere Plätze spielen Computer.",
        "en": "{passen:Passe|Passen} of {hands:hand|hands}, points added up{counting}. Partners and tables are drawn anew before each Passe; computers play empty seats.",
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
    "tour.started_public": {
        "de": "«{name}» läuft! Seed der Auslosung: `{seed}` – sein SHA-256 ist `{commitment}`, wie bei der "
        "Anmeldung angekündigt: damit lassen sich die Auslosung und jede Verteilung nachprüfen.",
        "en": "“{name}” has started! Seed of the draw: `{seed}` – its SHA-256 is `{commitment}`, as announced "
        "at the sign-up: with it anyone can check the draw and every deal.",
    },
    "tour.seed_line": {
        "de": "Seed der Auslosung: `{seed}` (SHA-256 `{commitment}`)",
        "en": "Seed of the draw: `{seed}` (SHA-256 `{commitment}`)",
    },
    "tour.thread": {"de": "{name} · Passe {passe} · Tisch {table}", "en": "{name} · Passe {passe} · Table {table}"},
    "tour.table_intro": {
        "de": "{people}: Passe {passe}, Tisch {table}, {hands:Runde|Runden}. Viel Glück!",
        "en": "{people}: Passe {passe}, table {table}, {hands:hand|hands}. Good luck!",
    },
    "tour.standings": {"de": "Rangliste nach Passe {passe}", "en": "Standings after Passe {passe}"},
    "tour.final": {"de": "Schlussrangliste · {name}", "en": "Final standings · {name}"},
    "tour.line": {"de": "{rank}. {name}: {total}", "en": "{rank}. {name}: {total}"},
    "tour.per_passe": {"de": " ({points})", "en": " ({points})"},
    "tour.struck": {
        "de": "Durchgestrichen: die Passe, die nicht zählt (Streichresultat).",
        "en": "Struck through: the Passe that does not count (dropped result).",
    },
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
    "tour.state.signup": {"de": "die Anmeldung ist noch offen", "en": "the sign-up is still open"},
    "tour.state.running": {"de": "das Turnier läuft schon", "en": "the tournament is already running"},
    "tour.state.finished": {"de": "das Turnier ist beendet", "en": "the tournament has finished"},
    "tour.state.cancelled": {"de": "das Turnier ist abgesagt", "en": "the tournament has been cancelled"},
    "tour.no_thread": {
        "de": "Ich kann hier keinen Thread eröffnen: mir fehlt die Berechtigung «Öffentliche Threads erstellen» (und «Nachrichten in Threads senden»).",
        "en": "I cannot open a thread here: I need the permission “Create Public Threads” (and “Send Messages in Threads”).",
    },
    "tour.cancelled": {
        "de": "«{name}» ist abgesagt; die Resultate bisher bleiben.",
        "en": "“{name}” is called off; the results so far stay.",
    },
    "tour.member_left": {
        "de": "{who} hat den Server verlassen: ein Computer spielt die laufende Passe fertig, danach keine "
        "weiteren Passen. Die Punkte bleiben.",
        "en": "{who} left the server: a computer finishes the running Passe for them, and they play no later "
        "Passen. Their points stay.",
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
        "de": "Das geht jetzt nicht: {phase}.",
        "en": "Not now: {phase}.",
    },
    "tour.err.BAD_FORMAT": {
        "de": "1 bis 12 Passen zu 1 bis 48 Runden, bitte.",
        "en": "1 to 12 Passen of 1 to 48 hands, please.",
    },
    "tour.err.OTHER": {"de": "Das Turnier lehnt das ab.", "en": "The tournament refuses that."},
    "tour.err.NOT_PLAYING": {
        "de": "Diese Person spielt in diesem Turnier nicht (mehr).",
        "en": "That person does not play in this tournament (any more).",
    },
    "tour.err.NO_CHECK_IN": {
        "de": "Dieses Turnier hat keinen Check-in.",
        "en": "This tournament has no check-in.",
    },
    "tour.err.ALREADY_CHECKED_IN": {"de": "Du bist schon eingecheckt.", "en": "You are checked in already."},
    "tour.err.NOT_PAIRS": {
        "de": "Partner gibt es nur beim Partnerschieber; hier werden sie ausgelost.",
        "en": "Partners are for a Partnerschieber; here they are drawn.",
    },
    "tour.err.OWN_PARTNER": {
        "de": "Du kannst nicht dein eigener Partner sein.",
        "en": "You cannot be your own partner.",
    },
    "tour.err.ALREADY_PAIRED": {
        "de": "Du spielst schon mit {partner}.",
        "en": "You already play with {partner}.",
    },
    "tour.err.PARTNER_TAKEN": {
        "de": "{partner} spielt schon mit jemand anderem.",
        "en": "{partner} already plays with someone else.",
    },
    "tour.err.ALREADY_ASKED": {
        "de": "Du hast {partner} schon gefragt; jetzt muss {partner} bestätigen.",
        "en": "You have asked {partner} already; now {partner} has to confirm.",
    },
    "tour.err.NO_REQUEST": {
        "de": "Niemand hat dich als Partner gefragt.",
        "en": "Nobody has asked you to be their partner.",
    },
    "tour.err.WAITS_FOR_ORGANISER": {
        "de": "Die nächste Passe wartet auf den Organisator.",
        "en": "The next Passe waits for the organiser.",
    },
    "tour.err.IN_BREAK": {
        "de": "Es ist Pause zwischen den Passen.",
        "en": "It is the break between two Passen.",
    },
    "tour.err.BAD_BREAK": {
        "de": "Die Pause zwischen den Passen ist 0 bis 120 Minuten lang.",
        "en": "The break between two Passen is 0 to 120 minutes long.",
    },
    "tour.err.PAUSED": {"de": "Das Turnier ist pausiert.", "en": "The tournament is paused."},
    "tour.err.NOT_PAUSED": {"de": "Das Turnier ist nicht pausiert.", "en": "The tournament is not paused."},
    "tour.err.PASSE_NOT_DONE": {
        "de": "Die Passe läuft noch: {tables} Tisch(e) spielen.",
        "en": "The Passe is still on: {tables} table(s) playing.",
    },
    "tour.err.BAD_LATE_ENTRY": {
        "de": "Nachmeldung geht beim Einzelschieber, bis vor Passe 2 bis {passen}.",
        "en": "Late entry is for an Einzelschieber, until before Passe 2 to {passen}.",
    },
    "tour.err.IN_OTHER_TOURNAMENT": {
        "de": "{who} spielt schon im Turnier «{name}» auf diesem Server; die Tische würden sich überschneiden.",
        "en": "{who} already plays in “{name}” on this server; the tables would overlap.",
    },
    "tour.err.IN_OTHER_TOURNAMENT_SELF": {
        "de": "Du spielst schon im Turnier «{name}» auf diesem Server; die Tische würden sich überschneiden.",
        "en": "You already play in “{name}” on this server; the tables would overlap.",
    },
    "tour.err.UNKNOWN_TOURNAMENT": {
        "de": "Dieses Turnier gibt es nicht mehr.",
        "en": "That tournament no longer exists.",
    },
    "tour.err.NO_SUCH_TABLE": {
        "de": "Diesen Tisch gibt es in dieser Passe nicht.",
        "en": "There is no such table in this Passe.",
    },
    "tour.err.RESULT_TWICE": {
        "de": "Dieser Tisch hat sein Resultat schon.",
        "en": "That table has its result already.",
    },
    "tour.err.BAD_POINTS": {"de": "Diese Punkte sind nicht gültig.", "en": "Those points are not valid."},
    "tour.err.WRONG_SEED": {
        "de": "Der Seed passt nicht zur Verpflichtung.",
        "en": "The seed does not match the commitment.",
    },
    "tour.err.NOT_MANAGER": {
        "de": "Turniere eröffnet, wer den Server verwalten darf.",
        "en": "Tournaments are opened by those who may manage the server.",
    },
}
