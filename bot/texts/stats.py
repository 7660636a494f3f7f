"""Texts of statistics, ratings and leaderboards: slash commands and messages, German and English."""

COMMANDS: dict[str, dict[str, str]] = {
    "jass.stats.name": {"en": "stats", "de": "statistik"},
    "jass.stats.description": {
        "en": "Statistics and rating of a member on this server",
        "de": "Statistik und Wertung eines Mitglieds auf diesem Server",
    },
    "jass.stats.member.name": {"en": "member", "de": "mitglied"},
    "jass.stats.member.description": {
        "en": "Whose statistics (default: yours)",
        "de": "Wessen Statistik (Standard: deine)",
    },
    "jass.leaderboard.name": {"en": "leaderboard", "de": "rangliste"},
    "jass.leaderboard.description": {
        "en": "The server's best Jassers: by rating, wins or points per hand",
        "de": "Die besten Jasser des Servers: nach Wertung, Siegen oder Punkten pro Runde",
    },
    "jass.leaderboard.season.name": {"en": "season", "de": "saison"},
    "jass.leaderboard.season.description": {
        "en": "Which season (default: the current)",
        "de": "Welche Saison (Standard: die laufende)",
    },
    "jass.leaderboard.by.name": {"en": "by", "de": "nach"},
    "jass.leaderboard.by.description": {
        "en": "Ranked by rating, wins or points per hand",
        "de": "Sortiert nach Wertung, Siegen oder Punkten pro Runde",
    },
    "jass.leaderboard.game.name": {"en": "game", "de": "spiel"},
    "jass.leaderboard.game.description": {
        "en": "Which game's ranking: Schieber (default), Coiffeur, Differenzler or Molotow",
        "de": "Die Rangliste welchen Spiels: Schieber (Standard), Coiffeur, Differenzler oder Molotow",
    },
    "jass.season.name": {"en": "season", "de": "saison"},
    "jass.season.description": {"en": "Seasons of the server's ratings", "de": "Saisons der Wertungen des Servers"},
    "jass.season.new.name": {"en": "new", "de": "neu"},
    "jass.season.new.description": {
        "en": "Start a new season: ratings start fresh, statistics stay (managers)",
        "de": "Neue Saison: Wertungen beginnen neu, die Statistik bleibt (Verwaltung)",
    },
    "jass.privacy.name": {"en": "privacy", "de": "privatsphäre"},
    "jass.privacy.description": {
        "en": "Hide yourself from this server's leaderboards (or show yourself again)",
        "de": "Dich in den Ranglisten dieses Servers verbergen (oder wieder zeigen)",
    },
    "jass.privacy.hide.name": {"en": "hide", "de": "verbergen"},
    "jass.privacy.hide.description": {"en": "True: hidden; false: shown", "de": "Ja: verborgen; nein: sichtbar"},
    "jass.forget.name": {"en": "forget-me", "de": "vergiss-mich"},
    "jass.forget.description": {
        "en": "Delete your statistics and ratings here; your name in stored games becomes anonymous",
        "de": "Deine Statistik und Wertung hier löschen; dein Name in gespeicherten Partien wird anonym",
    },
    "jass.forget.confirm.name": {"en": "confirm", "de": "bestätigen"},
    "jass.forget.confirm.description": {"en": "Type FORGET to confirm", "de": "Tippe VERGESSEN zur Bestätigung"},
}

MESSAGES: dict[str, dict[str, str]] = {
    "st.title": {"de": "Statistik · {name}", "en": "Statistics · {name}"},
    "st.none": {
        "de": "{name} hat auf diesem Server noch keine Partie beendet.",
        "en": "{name} has not finished a game on this server yet.",
    },
    "st.rating": {"de": "Wertung", "en": "Rating"},
    "st.rating_value": {
        "de": "**{value}** ± {spread} · Platz {place} · Trend {trend:+d} (letzte {n:Partie|Partien})",
        "en": "**{value}** ± {spread} · #{place} · trend {trend:+d} (last {n:game|games})",
    },
    "st.unranked": {
        "de": "noch nicht in der Rangliste (ab {n} Partien)",
        "en": "not on the leaderboard yet (from {n} games)",
    },
    "st.reference": {
        "de": "Computer: Anfänger {beginner} · Klub {club} · Stark {strong}",
        "en": "Computers: beginner {beginner} · club {club} · strong {strong}",
    },
    "st.games": {"de": "Partien", "en": "Games"},
    "st.games_value": {
        "de": "{games:Partie|Partien}, {wins:Sieg|Siege} ({rate:.0%}), {draws} unentschieden",
        "en": "{games:game|games}, {wins:win|wins} ({rate:.0%}), {draws} drawn",
    },
    "st.hands": {"de": "Pro Runde", "en": "Per hand"},
    "st.hands_value": {
        "de": "{written:.1f} geschriebene Punkte · {cards:.1f} Kartenpunkte · Weis {weis:.1f} · Stöck {stoeck:.1f}",
        "en": "{written:.1f} points written · {cards:.1f} card points · Weis {weis:.1f} · Stöck {stoeck:.1f}",
    },
    "chart.reference": {"de": "Computer «{level}»", "en": "computer “{level}”"},
    "chart.games": {"de": "Partien", "en": "games"},
    "chart.rating": {"de": "Wertung", "en": "rating"},
    "st.matches": {"de": "Match", "en": "Matches"},
    "st.matches_value": {"de": "{made} gemacht, {suffered} erlitten", "en": "{made} made, {suffered} suffered"},
    "st.contracts": {"de": "Angesagt (gemacht)", "en": "Chosen (made)"},
    "st.schieben": {"de": "Geschoben", "en": "Schieben"},
    "st.schieben_value": {"de": "{n} von {of} als Vorhand ({rate:.0%})", "en": "{n} of {of} as forehand ({rate:.0%})"},
    "st.tournaments": {"de": "Turniere", "en": "Tournaments"},
    "st.tournaments_value": {
        "de": "{n:Turnier|Turniere}, {passen:Passe|Passen}, {points} Punkte",
        "en": "{n:tournament|tournaments}, {passen:Passe|Passen}, {points} points",
    },
    "lb.title": {"de": "Rangliste · Saison {season} · {by}", "en": "Leaderboard · season {season} · {by}"},
    "lb.by.rating": {"de": "Wertung", "en": "rating"},
    "lb.by.wins": {"de": "Siege", "en": "wins"},
    "lb.by.points": {"de": "Punkte pro Runde", "en": "points per hand"},
    "lb.by.kind": {"de": "{kind}-Wertung", "en": "{kind} rating"},
    "lb.line": {
        "de": "{rank}. {name}: {value} ({games:Partie|Partien})",
        "en": "{rank}. {name}: {value} ({games:game|games})",
    },
    "lb.empty": {
        "de": "Noch niemand hat {n} Partien beendet.",
        "en": "Nobody has finished {n} games yet.",
    },
    "lb.you": {"de": "Du: Platz {rank} von {n}", "en": "You: #{rank} of {n}"},
    "lb.page": {"de": "Seite {page} von {pages}", "en": "Page {page} of {pages}"},
    "lb.prev": {"de": "Zurück", "en": "Previous"},
    "lb.next": {"de": "Weiter", "en": "Next"},
    "lb.no_page": {"de": "Diese Seite gibt es nicht (1 bis {pages}).", "en": "There is no such page (1 to {pages})."},
    "lb.no_season": {
        "de": "Diese Saison gibt es nicht (1 bis {seasons}).",
        "en": "There is no such season (1 to {seasons}).",
    },
    "season.new": {
        "de": "Saison {season} beginnt: die Wertungen starten neu, die Statistik bleibt.",
        "en": "Season {season} begins: ratings start fresh, statistics stay.",
    },
    "season.not_manager": {
        "de": "Nur wer «Server verwalten» hat, kann eine neue Saison starten.",
        "en": "Only members with “Manage Server” can start a new season.",
    },
    "privacy.hidden": {
        "de": "Du bist in den Ranglisten dieses Servers verborgen. Deine Statistik siehst du weiter.",
        "en": "You are hidden from this server's leaderboards. You still see your statistics.",
    },
    "privacy.shown": {"de": "Du erscheinst wieder in den Ranglisten.", "en": "You appear on the leaderboards again."},
    "privacy.kept": {
        "de": "Was gespeichert bleibt: jede Partie, die du hier gespielt hast, mit deiner Discord-ID und deinem Namen, "
        "deine Statistik und Wertung, deine Kartenwahl. Mit `{cmd.jass.forget}` löschst du deine Statistik, deine "
        "Wertung und deine Einstellungen; in den Partien der anderen bleibt dein Platz vollständig erhalten, aber "
        "als «Anonym» mit einer zufälligen Kennung, die sich nicht auf dich zurückführen lässt. Dieser Platz wird "
        "weder gewertet noch in einer Rangliste gezeigt.",
        "en": "What is kept: every game you played here, with your Discord id and name, your statistics and rating, "
        "your deck choice. `{cmd.jass.forget}` deletes your statistics, rating and settings; the other players' games "
        "stay complete, with your seat as “Anonym” under a random id that cannot be traced back to you. That seat "
        "is never rated or listed.",
    },
    "forget.confirm": {
        "de": "Damit löschst du deine Statistik und Wertung auf diesem Server und machst deinen Namen in allen gespeicherten Partien anonym. Das lässt sich nicht rückgängig machen. Tippe zur Bestätigung `VERGESSEN` ins Feld «bestätigen».",
        "en": "This deletes your statistics and rating on this server and makes your name anonymous in every stored game. It cannot be undone. To confirm, type `FORGET` in the “confirm” option.",
    },
    "forget.seated": {
        "de": "Du sitzt noch an einem offenen Tisch (Tisch {table}); verlasse ihn oder spiel fertig, dann geht es.",
        "en": "You still sit at an open table (table {table}); leave it or finish, then it works.",
    },
    "forget.in_tournament": {
        "de": "Du spielst noch im Turnier «{name}»; nach seinem Ende (oder abgemeldet) geht es.",
        "en": "You still play in “{name}”; once it is over (or you have left it), it works.",
    },
    "forget.done": {
        "de": "Erledigt: deine Statistik, Wertung und Einstellungen sind gelöscht; an {n} Tisch(en) sitzt jetzt "
        "«Anonym» mit einer zufälligen Kennung, ungewertet.",
        "en": "Done: your statistics, rating and settings are deleted; at {n} table(s) your seat is now “Anonym” "
        "under a random id, unrated.",
    },
    "stats.guild_only": {"de": "Statistiken gibt es auf einem Server.", "en": "Statistics are kept per server."},
}
