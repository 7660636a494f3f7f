"""Texts of the duplicate challenge: slash commands and messages, German and English."""

COMMANDS: dict[str, dict[str, str]] = {
    "challenge.name": {"en": "challenge", "de": "challenge"},
    "challenge.description": {
        "en": "Duplicate challenges: everyone plays the same cards, alone, before the deadline",
        "de": "Duplicate-Challenges: alle spielen dieselben Karten, allein, bis zum Stichtag",
    },
    "challenge.create.name": {"en": "create", "de": "erstellen"},
    "challenge.create.description": {
        "en": "Open a challenge in this channel (server managers or the organiser role)",
        "de": "Eine Challenge in diesem Kanal eröffnen (Server-Verwaltung oder Organisatoren-Rolle)",
    },
    "challenge.create.title.name": {"en": "name", "de": "name"},
    "challenge.create.title.description": {"en": "The challenge's name", "de": "Name der Challenge"},
    "challenge.create.hands.name": {"en": "hands", "de": "runden"},
    "challenge.create.hands.description": {
        "en": "How many hands (fixed deals)",
        "de": "Wie viele Runden (feste Karten)",
    },
    "challenge.create.level.name": {"en": "computers", "de": "computer"},
    "challenge.create.level.description": {
        "en": "Strength of the partner and the opponents",
        "de": "Stärke von Partner und Gegnern",
    },
    "challenge.create.tries.name": {"en": "tries", "de": "versuche"},
    "challenge.create.tries.description": {
        "en": "1: the first try counts; k: the best of k tries",
        "de": "1: der erste Versuch zählt; k: der beste von k Versuchen",
    },
    "challenge.create.hours.name": {"en": "hours", "de": "stunden"},
    "challenge.create.hours.description": {
        "en": "Open for this many hours (a repeating one: a day or a week)",
        "de": "So viele Stunden offen (eine wiederkehrende: ein Tag oder eine Woche)",
    },
    "challenge.create.repeat.name": {"en": "repeat", "de": "wiederholen"},
    "challenge.create.repeat.description": {
        "en": "Open the next one by itself when this one closes",
        "de": "Die nächste von selbst eröffnen, wenn diese schliesst",
    },
    "challenge.create.preset.name": {"en": "preset", "de": "regeln"},
    "challenge.create.preset.description": {
        "en": "The rules (default: tournament, everything single, no Weis, no Stöck)",
        "de": "Die Regeln (Standard: tournament, alles einfach, ohne Weis und Stöck)",
    },
    "challenge.play.name": {"en": "play", "de": "spielen"},
    "challenge.play.description": {
        "en": "Play this channel's challenge (a private thread of your own)",
        "de": "Die Challenge dieses Kanals spielen (in einem eigenen privaten Thread)",
    },
    "challenge.leaderboard.name": {"en": "leaderboard", "de": "rangliste"},
    "challenge.leaderboard.description": {
        "en": "The leaderboard of this channel's challenge",
        "de": "Die Rangliste der Challenge dieses Kanals",
    },
    "challenge.close.name": {"en": "close", "de": "schliessen"},
    "challenge.close.description": {
        "en": "Close the challenge now and reveal its seed (organiser)",
        "de": "Die Challenge jetzt schliessen und ihren Seed zeigen (Organisator)",
    },
    "challenge.cancel.name": {"en": "cancel", "de": "absagen"},
    "challenge.cancel.description": {
        "en": "Call the challenge off; no more tries (organiser)",
        "de": "Die Challenge absagen; keine Versuche mehr (Organisator)",
    },
}

MESSAGES: dict[str, dict[str, str]] = {
    "ch.title": {"de": "{name} · Duplicate-Challenge", "en": "{name} · duplicate challenge"},
    "ch.about": {
        "de": "{hands:Runde|Runden} mit festen Karten: alle bekommen dieselben Karten auf demselben Platz, mit einem Computer als Partner gegen zwei Computer ({level}). Gespielt wird allein, in einem eigenen privaten Thread, wann du willst bis {deadline}.",
        "en": "{hands:hand|hands} with fixed deals: everyone gets the same cards in the same seat, with a computer partner against two computers ({level}). You play alone, in a private thread of your own, whenever you like until {deadline}.",
    },
    "ch.tries.1": {"de": "Es zählt der erste Versuch.", "en": "The first try counts."},
    "ch.tries.k": {"de": "Es zählt der beste von {k} Versuchen.", "en": "The best of {k} tries counts."},
    "ch.repeat.daily": {"de": "Jeden Tag eine neue.", "en": "A new one every day."},
    "ch.repeat.weekly": {"de": "Jede Woche eine neue.", "en": "A new one every week."},
    "ch.commitment": {
        "de": "Die Karten kommen aus einem geheimen Seed; SHA-256 `{commitment}`. Der Seed wird beim Schluss gezeigt: dann kann jeder die Karten nachrechnen.",
        "en": "The deals come from a secret seed; SHA-256 `{commitment}`. The seed is shown at the close: then anyone can re-derive the deals.",
    },
    "ch.count": {"de": "Gespielt: {n}", "en": "Played: {n}"},
    "ch.btn.play": {"de": "Spielen", "en": "Play"},
    "ch.created": {"de": "Challenge «{name}» ist eröffnet.", "en": "Challenge “{name}” is open."},
    "ch.thread": {"de": "{name} · {who}", "en": "{name} · {who}"},
    "ch.intro": {
        "de": "{who}: deine Challenge «{name}», Versuch {n}: {hands:Runde|Runden}. Die anderen spielen dieselben Karten; zeig sie niemandem bis zum Schluss.",
        "en": "{who}: your challenge “{name}”, try {n}: {hands:hand|hands}. The others play the same cards; show them to nobody until the close.",
    },
    "ch.your_table": {"de": "Dein Tisch: <#{thread}>. Viel Glück!", "en": "Your table: <#{thread}>. Good luck!"},
    "ch.state.running": {"de": "die Challenge läuft", "en": "the challenge is running"},
    "ch.state.finished": {"de": "die Challenge ist geschlossen", "en": "the challenge is closed"},
    "ch.state.cancelled": {"de": "die Challenge ist abgesagt", "en": "the challenge has been cancelled"},
    "ch.state.signup": {"de": "die Challenge ist noch nicht offen", "en": "the challenge is not open yet"},
    "ch.starting": {
        "de": "Dein Versuch wird gerade eröffnet – einen Moment, dein Thread kommt gleich.",
        "en": "Your try is being opened – one moment, your thread is on its way.",
    },
    "ch.no_thread": {
        "de": "Ich kann keinen privaten Thread eröffnen: mir fehlt die Berechtigung «Private Threads erstellen» (und «Nachrichten in Threads senden»). Nichts ist passiert.",
        "en": "I cannot open a private thread: I need the permission “Create Private Threads” (and “Send Messages in Threads”). Nothing happened.",
    },
    "ch.leaderboard": {"de": "Rangliste · {name}", "en": "Leaderboard · {name}"},
    "ch.final": {"de": "Schlussrangliste · {name}", "en": "Final leaderboard · {name}"},
    "ch.line": {"de": "{rank}. {name}: {points}", "en": "{rank}. {name}: {points}"},
    "ch.empty": {"de": "Noch hat niemand fertig gespielt.", "en": "Nobody has finished yet."},
    "ch.you": {"de": "Du: Platz {rank} von {n}", "en": "You: #{rank} of {n}"},
    "ch.left": {"de": "Du hast noch {n} Versuch(e).", "en": "You have {n} try/tries left."},
    "ch.revealed": {
        "de": "«{name}» ist geschlossen. Seed: `{seed}` (SHA-256 `{commitment}`). Runde k wurde aus SHA-256(«Seed:challenge»):k gemischt.",
        "en": "“{name}” is closed. Seed: `{seed}` (SHA-256 `{commitment}`). Hand k was shuffled from SHA-256(“seed:challenge”):k.",
    },
    "ch.closed": {"de": "«{name}» ist geschlossen.", "en": "“{name}” is closed."},
    "ch.cancelled": {"de": "«{name}» ist abgesagt.", "en": "“{name}” is called off."},
    "ch.none": {
        "de": "In diesem Kanal gibt es keine offene Challenge.",
        "en": "There is no open challenge in this channel.",
    },
    "ch.sealed": {
        "de": "Dieser Tisch gehört zu einer offenen Challenge: sein Verlauf kommt nach dem Schluss.",
        "en": "This table belongs to an open challenge: its history comes after the close.",
    },
    "ch.err.TRY_RUNNING": {
        "de": "Dein Versuch läuft noch; spiel ihn in deinem Thread fertig.",
        "en": "Your try is still running; finish it in your thread.",
    },
    "ch.err.NO_TRIES_LEFT": {
        "de": "Du hast deine {tries} Versuch(e) gespielt.",
        "en": "You have played your {tries} try/tries.",
    },
    "ch.err.DEADLINE_PASSED": {"de": "Der Stichtag ist vorbei.", "en": "The deadline has passed."},
    "ch.err.BAD_DEADLINE": {
        "de": "Der Stichtag muss in der Zukunft liegen.",
        "en": "The deadline must be in the future.",
    },
    "ch.err.NO_SUCH_TRY": {"de": "Diesen Versuch gibt es nicht.", "en": "There is no such try."},
}
