"""Everything the bot says in Discord and in the terminal: {key: {lang: text}} (a kind's own texts travel
in its declaration, ``GameKind.texts``; ``bot.texts.MESSAGES`` reads both)."""

from .challenge import MESSAGES as CHALLENGE_MESSAGES
from .individual import MESSAGES as INDIVIDUAL_MESSAGES
from .rules_lookup import MESSAGES as RULES_LOOKUP_MESSAGES
from .stats import MESSAGES as STATS_MESSAGES
from .tournament import MESSAGES as TOURNAMENT_MESSAGES

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
    "err.HINTS_OFF": {
        "de": "An diesem Tisch gibt es keine Tipps (nur an Freundschaftstischen, wenn der Gastgeber sie erlaubt).",
        "en": "This table gives no tips (only friendly tables whose host allowed them).",
    },
    "err.HINTS_NEED_FRIENDLY": {
        "de": "Tipps gibt es nur an Freundschaftstischen: wähle `gewertet: False` dazu.",
        "en": "Tips are for friendly tables only: choose `rated: False` with them.",
    },
    "err.RATINGS_OFF": {
        "de": "Auf diesem Server gibt es keine Wertung (`{cmd.jass.settings} {cmd.jass.settings.ratings:option}:off`): "
        "hier sind alle Tische Freundschaftstische.",
        "en": "This server has ratings turned off (`{cmd.jass.settings} {cmd.jass.settings.ratings:option}:off`): every table here is friendly.",
    },
    "err.BAD_PREDICTION": {
        "de": "Eine Ansage ist eine ganze Zahl von 0 bis 157.",
        "en": "A prediction is a whole number from 0 to 157.",
    },
    "err.ALREADY_PREDICTED": {"de": "Deine Ansage steht schon.", "en": "Your prediction is already in."},
    "err.ROW_NEEDED": {
        "de": "Im Coiffeur sagst du eine Zeile der Tafel an.",
        "en": "In Coiffeur you announce a row of the Tafel.",
    },
    "err.ROW_NOT_OPEN": {
        "de": "Diese Zeile ist für dein Team nicht mehr offen.",
        "en": "That row is no longer open for your team.",
    },
    "err.ROW_CONTRACT": {
        "de": "Diese Zeile wird so nicht gespielt.",
        "en": "That row is not played that way.",
    },
    "err.BAD_CARD": {"de": "Diese Karte gibt es nicht.", "en": "There is no such card."},
    "err.WEIS_INVALID": {"de": "Diesen Weis hast du nicht.", "en": "You do not hold that Weis."},
    "err.WEIS_NOT_NOW": {
        "de": "Weisen geht nur mit deiner ersten Karte.",
        "en": "You can declare Weis only with your first card.",
    },
    "err.UNKNOWN_LEVEL": {"de": "Diese Computer-Stärke gibt es nicht.", "en": "There is no such computer level."},
    "err.NOT_ALLOWED": {"de": "Das ist nicht erlaubt.", "en": "That is not allowed."},
    "err.game_unknown": {
        "de": "Ein Spiel «{game}» kenne ich nicht. Zur Wahl stehen: {games}.",
        "en": "I do not know a game called “{game}”. You can choose: {games}.",
    },
    "err.game_extras": {
        "de": "Im {game} wählt niemand einen Trumpf, also gibt es auch keine Zusatz-Trümpfe: "
        "das Preset «extras» gilt für Schieber und, als Joker-Wahlen, für Coiffeur.",
        "en": "Nobody chooses a contract in {game}, so there are no extra contracts: "
        "the preset “extras” is for Schieber and, as Joker choices, for Coiffeur.",
    },
    "err.BAD_RULES": {
        "de": "Diese Regel-Einstellung geht nicht: {message}",
        "en": "That rule setting is not possible: {message}",
    },
    "err.NOT_MANAGER": {
        "de": "Dafür brauchst du das Recht «Server verwalten».",
        "en": "You need the “Manage Server” permission.",
    },
    "settings.web_on": {
        "de": "Die Webseiten dieses Servers sind eingeschaltet: {url}",
        "en": "This server's web pages are on: {url}",
    },
    "settings.web_on_no_url": {
        "de": "Die Webseiten dieses Servers sind eingeschaltet, aber der Bot hat keine Web-Adresse "
        "(`web.base_url`): frag den Betreiber des Bots.",
        "en": "This server's web pages are on, but the bot has no web address (`web.base_url`): ask the bot's operator.",
    },
    "settings.web_off": {
        "de": "Die Webseiten dieses Servers sind ausgeschaltet (ihre Adresse bleibt, falls du sie wieder einschaltest).",
        "en": "This server's web pages are off (their address stays, should you switch them on again).",
    },
    "web.link": {"de": "Im Web ansehen", "en": "View on the web"},
    "live.open": {"de": "Am Tisch im Browser", "en": "Open the table"},
    "btn.at_table": {"de": "Spielen am Tisch", "en": "Play at the table"},
    "live.link": {
        "de": "Dein Platz am Tisch im Browser (nur für dich, 12 Stunden gültig):",
        "en": "Your seat at the table in the browser (yours only, valid for 12 hours):",
    },
    "live.link_spectator": {"de": "Der Tisch im Browser, zum Zuschauen:", "en": "The table in the browser, to watch:"},
    "live.no_web": {
        "de": "Dieser Bot hat keine Web-Adresse (`web.base_url`).",
        "en": "This bot has no web address (`web.base_url`).",
    },
    "settings.saved": {
        "de": "Gespeichert. Vorgaben für neue Tische: {values}",
        "en": "Saved. Defaults for new tables: {values}",
    },
    "err.OTHER": {"de": "Das geht nicht ({code}).", "en": "That is not possible ({code})."},
    "err.foreign_button": {
        "de": "Dieser Knopf gehört nicht zu dieser Nachricht (oder zu einer älteren): nichts geändert.",
        "en": "This button does not belong to this message (or to an older one): nothing changed.",
    },
    "err.unknown_table": {"de": "Diesen Tisch gibt es nicht (mehr).", "en": "This table does not exist (any more)."},
    "err.stale": {
        "de": "Dieser Knopf gehört zu einer früheren Runde. Öffne «Meine Karten» neu.",
        "en": "This button is from an earlier hand. Open “My cards” again.",
    },
    "err.stale_game": {
        "de": "Dieser Knopf gehört zu einer früheren Partie. Öffne «Meine Karten» neu.",
        "en": "This button is from an earlier game. Open “My cards” again.",
    },
    "err.not_saved": {
        "de": "Das konnte nicht gespeichert werden, es hat sich nichts geändert. Versuch es gleich nochmals.",
        "en": "That could not be saved, so nothing changed. Please try again in a moment.",
    },
    "err.forbidden_channel": {
        "de": "Discord lässt mich in diesem Kanal nicht schreiben, darum zeigt die Tischnachricht von Tisch {id} nichts mehr an. Mir fehlt hier: {missing}. Eine Person, die den Server verwaltet, kann mir das in den Kanaleinstellungen geben; danach bringt {cmd.jass.table} den Tisch zurück.",
        "en": "Discord does not let me write in this channel, so the message of table {id} shows nothing more. I am missing here: {missing}. Someone who manages the server can grant it in the channel settings; then {cmd.jass.table} brings the table back.",
    },
    "perm.view_channel": {"de": "Kanal ansehen", "en": "View Channel"},
    "perm.send_messages": {"de": "Nachrichten senden", "en": "Send Messages"},
    "perm.embed_links": {"de": "Links einbetten", "en": "Embed Links"},
    "perm.attach_files": {"de": "Dateien anhängen", "en": "Attach Files"},
    "perm.read_message_history": {"de": "Nachrichtenverlauf anzeigen", "en": "Read Message History"},
    "perm.unknown": {
        "de": "eine der Berechtigungen Kanal ansehen, Nachrichten senden, Links einbetten, Dateien anhängen",
        "en": "one of the permissions View Channel, Send Messages, Embed Links, Attach Files",
    },
    "err.broken_table": {
        "de": "Tisch {ids} kann nicht gelesen werden und ist beiseitegelegt (für die Betreiber aufbewahrt). Eröffne mit {cmd.jass.new} einen neuen Tisch.",
        "en": "Table {ids} cannot be read and was set aside (kept for the operators). Open a new one with {cmd.jass.new}.",
    },
    "err.unexpected": {
        "de": "Da ist etwas schiefgelaufen; es hat sich nichts geändert.",
        "en": "Something went wrong; nothing was changed.",
    },
    "err.TOO_MANY_TABLES.channel": {
        "de": "In diesem Kanal sind schon {limit} Tische offen. Beende zuerst einen mit {cmd.jass.end}.",
        "en": "This channel already has {limit} open tables. End one first with {cmd.jass.end}.",
    },
    "err.TOO_MANY_TABLES.user": {
        "de": "Du hast schon {limit} offene Tische eröffnet. Beende zuerst einen mit {cmd.jass.end}.",
        "en": "You already have {limit} open tables. End one first with {cmd.jass.end}.",
    },
    "err.SEATED_ELSEWHERE": {
        "de": "Du sitzt in diesem Kanal schon an Tisch {table}. Steh dort zuerst auf ({cmd.jass.leave}).",
        "en": "You already sit at table {table} in this channel. Leave it first ({cmd.jass.leave}).",
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
    "btn.hint": {"de": "Tipp", "en": "Tip"},
    "replay.title": {
        "de": "Wiederholung: {table} · Partie {game}, Runde {hand}",
        "en": "Replay: {table} · game {game}, hand {hand}",
    },
    "replay.contract": {"de": "{name} wählt {contract}.", "en": "{name} chooses {contract}."},
    "replay.card": {"de": "Stich {n}: {name} spielt {card}.", "en": "Trick {n}: {name} plays {card}."},
    "replay.step": {"de": "Schritt {n} von {of}", "en": "Step {n} of {of}"},
    "replay.score": {"de": "Stand: {a} zu {b}", "en": "Score: {a} to {b}"},
    "replay.next_trick": {"de": "Nächster Stich", "en": "Next trick"},
    "replay.err.no_hand": {
        "de": "Hier gibt es keine fertig gespielte Runde zum Nachspielen (eine laufende geht nicht).",
        "en": "There is no finished hand to replay here (a running one cannot be replayed).",
    },
    "replay.err.no_step": {
        "de": "Diesen Schritt hat die Runde nicht: der Knopf ist nicht von hier.",
        "en": "The hand has no such step: that button is not from here.",
    },
    "replay.err.not_yours": {
        "de": "Nachspielen kann, wer am Tisch sass; alle anderen, sobald die Partie vorbei ist.",
        "en": "Those who sat at the table may replay it; everyone else once the game is over.",
    },
    "review.title": {"de": "Rückblick: Partie {game}, Runde {hand}", "en": "Review: game {game}, hand {hand}"},
    "review.trick": {"de": "Stich {n}", "en": "Trick {n}"},
    "review.schieben": {"de": "Schieben", "en": "Schieben (shove)"},
    "review.contract": {"de": "Trumpfwahl", "en": "Contract"},
    "review.weis": {"de": "Weis", "en": "Weis"},
    "review.weis_all": {"de": "alle Weis weisen", "en": "declaring every Weis"},
    "review.weis_none": {"de": "nicht weisen", "en": "declaring none"},
    "review.weis_some": {"de": "nur einen Teil weisen", "en": "declaring only some"},
    "review.line": {
        "de": "**{where}:** {taken} ({taken_value} Punkte erwartet) — besser {best} ({best_value}): **−{loss}**",
        "en": "**{where}:** {taken} ({taken_value} points expected) — better {best} ({best_value}): **−{loss}**",
    },
    "review.reason.take": {
        "de": "{best} hätte den Stich ({points} Punkte bis dahin) genommen: im Schnitt {loss} Punkte mehr.",
        "en": "{best} would have taken the trick ({points} points so far): {loss} points more on average.",
    },
    "review.reason.gift": {
        "de": "Mit {taken} gingen {points} Punkte an die Gegner; {best} war im Schnitt {loss} Punkte besser.",
        "en": "{taken} gave the opponents {points} points; {best} was {loss} points better on average.",
    },
    "review.reason.better": {
        "de": "{best} brachte deinem Team in den Verteilungen im Schnitt {loss} Punkte mehr.",
        "en": "{best} brought your team {loss} points more on average over the deals.",
    },
    "review.reason.contract": {
        "de": "Auf den Verteilungen zu Ende gespielt brachte {best} im Schnitt {loss} Punkte mehr als {taken}.",
        "en": "Played out on the deals, {best} was worth {loss} points more than {taken} on average.",
    },
    "review.reason.weis": {
        "de": "Du hattest {held} Punkte Weis und hast {declared} gewiesen: wer den höchsten Weis hat, schreibt "
        "alle Weis seines Teams, die Gegner keinen. {best}: im Schnitt {loss} Punkte mehr.",
        "en": "You held {held} points of Weis and declared {declared}: the team with the highest Weis writes all "
        "of its Weis, the other none. {best}: {loss} points more on average.",
    },
    "review.clean": {
        "de": "Keiner deiner {n} Entscheide hat im Schnitt einen halben Punkt oder mehr gekostet. Gut gespielt!",
        "en": "None of your {n} decisions cost half a point or more on average. Well played!",
    },
    "review.total": {
        "de": "{n} Entscheide bewertet; zusammen im Schnitt {loss} Punkte liegen gelassen.",
        "en": "{n} decisions reviewed; {loss} points left on the table on average in all.",
    },
    "review.sure": {
        "de": "Grundlage: jede Karte auf {worlds} Verteilungen der Karten, die du nicht sahst, zu Ende gespielt "
        "(wie du sie damals kanntest). Karten und Weis: Punkte vor dem Multiplikator, Trumpfwahl: geschriebene Punkte; "
        "ein Verlust zählt nur, wo eine andere Wahl sicher, über den Zufall der Verteilungen hinaus, besser war.",
        "en": "Based on: each card played out on {worlds} deals of the cards you could not see (as you knew them "
        "then). Cards and Weis: points before the multiplier; contract: written points; a loss counts only where another "
        "choice was surely better, beyond the noise of the deals.",
    },
    "review.err.not_seated": {"de": "Du sitzt nicht an diesem Tisch.", "en": "You are not seated at this table."},
    "review.err.no_hand": {
        "de": "Es gibt noch keine fertig gespielte Runde zum Anschauen (eine laufende geht nicht).",
        "en": "There is no finished hand to review yet (a running one cannot be reviewed).",
    },
    "review.err.other_game": {
        "de": "Der Rückblick kennt vorerst nur Schieber und Coiffeur (nicht Differenzler und Molotow).",
        "en": "The review knows Schieber and Coiffeur only for now (not Differenzler or Molotow).",
    },
    "review.err.not_finished": {
        "de": "Diese Runde ist noch nicht fertig.",
        "en": "That hand is not finished yet.",
    },
    "hint.card": {
        "de": "💡 Tipp: der starke Computer spielte hier **{card}**. Diese Partie ist jetzt als Partie mit Tipp markiert.",
        "en": "💡 Tip: the strong computer would play **{card}** here. This game is now marked as played with a tip.",
    },
    "hint.none": {"de": "Gerade kein Tipp: du bist nicht am Zug.", "en": "No tip right now: it is not your turn."},
    "table.friendly": {"de": "Freundschaftsspiel", "en": "friendly"},
    "table.is_rated": {"de": "Gewertete Partie.", "en": "A rated game."},
    "table.is_friendly": {
        "de": "Freundschaftsspiel: zählt in der Statistik, in keiner Wertung.",
        "en": "A friendly game: it counts in statistics, in nobody's rating.",
    },
    "table.hints_on": {
        "de": "Tipps erlaubt (eine Partie mit Tipp wird markiert).",
        "en": "Tips allowed (a game with a tip is marked).",
    },
    "table.title": {"de": "{name} · Schieber auf {target}", "en": "{name} · Schieber to {target}"},
    "table.title_hands": {
        "de": "{name} · Schieber, {hands:Runde|Runden}",
        "en": "{name} · Schieber, {hands:hand|hands}",
    },
    "table.of": {"de": "{possessive} Tisch", "en": "{possessive} table"},
    "table.plain": {"de": "Jasstisch", "en": "Jass table"},
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
        "de": "{contract} · gewählt von {name}{shoved}",
        "en": "{contract} · chosen by {name}{shoved}",
    },
    "table.trick": {"de": "Stich {n}", "en": "Trick {n}"},
    "table.last_n": {"de": "Stich {n}", "en": "Trick {n}"},
    "table.taken": {"de": "{name} ({points})", "en": "{name} ({points})"},
    "table.weis": {"de": "Weis", "en": "Weis"},
    "table.score": {"de": "Stand", "en": "Score"},
    "table.turn": {"de": "Am Zug: {name}", "en": "To play: {name}"},
    "table.over": {
        "de": "Partie vorbei: {winner} gewinnen {a} : {b}{extra}",
        "en": "Game over: {winner} win {a} : {b}{extra}",
    },
    "table.draw": {"de": "Unentschieden {a} : {b}", "en": "A draw, {a} : {b}"},
    "table.abandoned": {"de": "Dieser Tisch wurde beendet.", "en": "This table was ended."},
    "table.team": {"de": "{a} & {b}", "en": "{a} & {b}"},
    "ping.turn": {"de": "{who}, du bist am Zug (Tisch {id}).", "en": "{who}, it is your turn (table {id})."},
    "ping.deadline": {"de": "Ein Computer springt {when} ein.", "en": "A computer player stands in {when}."},
    "table.reminder": {
        "de": "{who}, du bist am Zug! Sonst springt bald ein Computer ein.",
        "en": "{who}, it is your turn! A computer player will stand in soon.",
    },
    "table.created": {"de": "Tisch {id} ist eröffnet.", "en": "Table {id} is open."},
    "table.created_besides": {
        "de": "In diesem Kanal ist auch Tisch {others} offen. Befehle wie {cmd.jass.join} wirken auf den Tisch, an dem du sitzt, sonst auf den neusten.",
        "en": "Table {others} is open in this channel too. Commands such as {cmd.jass.join} act on the table you sit at, else on the newest.",
    },
    "table.reposted": {"de": "Tisch {id} ist unten neu gepostet.", "en": "Table {id} is posted again below."},
    "table.live_again": {
        "de": "Der Bot wurde neu gestartet: dieser Tisch ist wieder live, es geht weiter.",
        "en": "The bot was restarted: this table is live again, play on.",
    },
    "history.file": {"de": "Der öffentliche Verlauf von Tisch {id}.", "en": "The public history of table {id}."},
    "done.joined": {"de": "Du sitzt auf Platz {n} an Tisch {id}.", "en": "You sit in seat {n} at table {id}."},
    "done.left": {"de": "Du hast deinen Platz an Tisch {id} verlassen.", "en": "You left your seat at table {id}."},
    "done.started": {"de": "Tisch {id}: die Partie beginnt.", "en": "Table {id}: the game starts."},
    "done.ended": {"de": "Tisch {id} ist beendet.", "en": "Table {id} has ended."},
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
    "btn.newgame": {"de": "Neue Partie", "en": "New game"},
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
    "hand.choose_or_shove": {"de": "Du machst Trumpf – oder schiebst.", "en": "You make trump – or shove (Schieben)."},
    "hand.your_turn": {"de": "Du bist am Zug.", "en": "Your turn."},
    "hand.led": {"de": "{suit} ausgespielt", "en": "{suit} led"},
    "hand.turn_of": {"de": "{name} ist am Zug", "en": "{name} to play"},
    "hand.greyed": {"de": "Grau: {reason}.", "en": "Greyed out: {reason}."},
    "hand.none": {"de": "Du hast gerade keine Karten.", "en": "You hold no cards right now."},
    "summary.title": {"de": "Runde {n}: {contract}", "en": "Hand {n}: {contract}"},
    "btn.back": {"de": "Zurück", "en": "Back"},
    "summary.line": {
        "de": "**{team}** ({tricks}): {parts} → schreiben **{written}**",
        "en": "**{team}** ({tricks}): {parts} → write **{written}**",
    },
    "summary.cards": {"de": "{n} Kartenpunkte", "en": "{n} card points"},
    "summary.part.match": {"de": "Match {n}", "en": "Match {n}"},
    "summary.part.kontermatsch": {"de": "Kontermatsch {n}", "en": "Kontermatsch {n}"},
    "summary.part.weis": {"de": "Weis {n}", "en": "Weis {n}"},
    "summary.part.stoeck": {"de": "Stöck {n}", "en": "Stöck {n}"},
    "summary.times": {"de": "{parts} = {base} × {m}", "en": "{parts} = {base} × {m}"},
    "summary.last_trick": {"de": "Letzter Stich: {cards} → {name}", "en": "Last trick: {cards} → {name}"},
    "tricks.one": {"de": "{n} Stich", "en": "{n} trick"},
    "tricks.many": {"de": "{n} Stiche", "en": "{n} tricks"},
    "summary.weis": {"de": "Weis zählen für {team}.", "en": "The Weis count for {team}."},
    "summary.stoeck": {"de": "Stöck für {team}.", "en": "Stöck for {team}."},
    "summary.match": {"de": "Match für {team}!", "en": "Match for {team}!"},
    "summary.kontermatsch": {"de": "Kontermatsch für {team}!", "en": "Kontermatsch for {team}!"},
    "summary.slate": {"de": "Jasstafel nach Runde {n}", "en": "Jasstafel after hand {n}"},
    "summary.final": {"de": "Jasstafel am Ende der Partie", "en": "Jasstafel at the end of the game"},
    "summary.totals": {"de": "Stand: {a} : {b}", "en": "Totals: {a} : {b}"},
    "summary.seed": {"de": "Mischung prüfbar: Seed {seed}", "en": "Verifiable shuffle: seed {seed}"},
    "slate.winner": {"de": "Sieg: {team}", "en": "Winners: {team}"},
    "slate.draw": {"de": "Unentschieden", "en": "A draw"},
    "striche.berg": {"de": "Berg", "en": "Berg"},
    "striche.matsch": {"de": "Match", "en": "Match"},
    "striche.kontermatsch": {"de": "Kontermatsch", "en": "Kontermatsch"},
    "striche.sieg": {"de": "Sieg", "en": "Win"},
    "striche.schneider": {"de": "Schneider", "en": "Schneider"},
    "over.berg": {"de": " · Berg: {team}", "en": " · Berg: {team}"},
    "over.schneider": {"de": " · Schneider!", "en": " · Schneider!"},
}

#: The terminal game (``python -m bot play``); ``.you`` variants address the one person playing.
TERMINAL: dict[str, dict[str, str]] = {
    "term.you_name": {"de": "Du", "en": "You"},
    "term.player_name": {"de": "Spieler {n}", "en": "Player {n}"},
    "term.name": {"de": "{name} (Platz {n})", "en": "{name} (seat {n})"},
    "term.seat_line": {"de": "  Platz {n}: {name}", "en": "  Seat {n}: {name}"},
    "term.and": {"de": " und ", "en": " and "},
    "term.partner": {
        "de": "Dein Partner ist {partner}; ihr spielt gegen {opponents}.",
        "en": "Your partner is {partner}; you play against {opponents}.",
    },
    "term.teams": {"de": "Teams: {a} gegen {b}.", "en": "Teams: {a} against {b}."},
    "profile.classic": {"de": "klassisch: ×1 ×1 ×2 ×2 ×3 ×4", "en": "classic: ×1 ×1 ×2 ×2 ×3 ×4"},
    "profile.swiss_3_3": {"de": "Swisslos: ×1 ×1 ×2 ×2 ×3 ×3", "en": "Swisslos: ×1 ×1 ×2 ×2 ×3 ×3"},
    "profile.ascending": {"de": "aufsteigend: ×1 bis ×6", "en": "ascending: ×1 to ×6"},
    "profile.single": {"de": "alles einfach", "en": "everything ×1"},
    "term.help_hint": {"de": "Tippe ? für Hilfe.", "en": "Type ? for help."},
    "term.help": {
        "de": "So wird gespielt:\n"
        "  Trumpf: tippe die Nummer oder den Namen (z. B. 2 oder rose, oben, unde); s schiebt.\n"
        "  Karten: tippe die Nummer vor einer Karte; * zeigt die Karten, die du spielen darfst.\n"
        "  b erklärt den Sieg (Bedanken, wo der Tisch so spielt); p weist Stöck vor, wenn sie die Partie gewinnen.\n"
        "  ? oder hilfe zeigt dies; q (oder beenden), Strg-C oder Strg-D verlässt die Partie.\n"
        "Die Plätze sind in Spielreihenfolge von 1 bis 4 nummeriert; Partner sitzen sich gegenüber (1 & 3 gegen 2 & 4).",
        "en": "How to play:\n"
        "  Contract: type the number or the name (e.g. 2 or rose, oben, unde); s shoves (Schieben).\n"
        "  Cards: type the number in front of a card; * marks the cards you may play.\n"
        "  b claims the win (Bedanken, where the table plays it); p pre-shows Stöck when it wins the game.\n"
        "  ? or help shows this; q (or quit), Ctrl-C or Ctrl-D leaves the game.\n"
        "Seats are numbered 1 to 4 in playing order; partners sit opposite (1 & 3 against 2 & 4).",
    },
    "term.eof": {
        "de": "Eingabe geschlossen: die Partie bleibt unbeendet.",
        "en": "Input closed: game left unfinished.",
    },
    "term.left": {"de": "Partie verlassen.", "en": "Game left."},
    "term.opt.bedanken": {"de": "  [b] Bedanken (Sieg erklären)", "en": "  [b] Bedanken (claim the win)"},
    "term.opt.preshow": {"de": "  [p] Stöck vorweisen", "en": "  [p] pre-show Stöck"},
    "term.opt.schieben": {"de": "  [s] Schieben", "en": "  [s] Schieben"},
    "term.your_cards": {"de": "Deine Karten: {cards}", "en": "Your cards: {cards}"},
    "term.choose": {"de": "Wähle den Trumpf: {menu}", "en": "Choose the contract: {menu}"},
    "term.options_again": {
        "de": "Bitte tippe eine der Möglichkeiten (? für Hilfe).",
        "en": "Please type one of the options (? for help).",
    },
    "term.you_lead": {"de": "(du spielst aus)", "en": "(you lead)"},
    "term.trick_now": {
        "de": "Stich {n} — {contract} — auf dem Tisch: {cards}",
        "en": "Trick {n} — {contract} — on the table: {cards}",
    },
    "term.playable": {"de": "Deine Karten (* = spielbar): {cards}", "en": "Your cards (* = playable): {cards}"},
    "term.play_prompt": {"de": "Spiel eine Karte [1-{n}]{extra}", "en": "Play a card [1-{n}]{extra}"},
    "term.card_again": {
        "de": "Bitte tippe die Nummer einer Karte (? für Hilfe).",
        "en": "Please type the number of a card (? for help).",
    },
    "term.declare": {"de": "Weis {cards} ({points}) ansagen? [J/n] ", "en": "Declare Weis {cards} ({points})? [Y/n] "},
    "term.announce_stoeck": {"de": "Stöck ansagen? [J/n] ", "en": "Announce Stöck? [Y/n] "},
    "term.no": {"de": "n", "en": "n"},
    "term.game_started": {
        "de": "=== Partie {n}: Schieber auf {target} ({profile}) ===",
        "en": "=== Game {n}: Schieber to {target} ({profile}) ===",
    },
    "term.diff_started": {
        "de": "=== Partie {n}: Differenzler, {hands} Runden, jeder für sich ===",
        "en": "=== Game {n}: Differenzler, {hands} hands, each for themselves ===",
    },
    "term.kind_started": {
        "de": "=== Partie {n}: {kind}, {hands} Runden ===",
        "en": "=== Game {n}: {kind}, {hands} hands ===",
    },
    "term.molotow_started": {
        "de": "=== Partie {n}: Molotow, {hands} Runden, jeder für sich: möglichst wenig Punkte machen ===",
        "en": "=== Game {n}: Molotow, {hands} hands, each for themselves: take as few points as you can ===",
    },
    "term.fixes_trump": {
        "de": "{who} kann nicht bedienen: {suit} ist jetzt Trumpf.",
        "en": "{who} cannot follow suit: {suit} is trump now.",
    },
    "term.fixes_trump.you": {
        "de": "Du kannst nicht bedienen: {suit} ist jetzt Trumpf.",
        "en": "You cannot follow suit: {suit} is trump now.",
    },
    "term.molotow_seat": {
        "de": "{who}: {got} Punkte, Weis/Stöck {extra:+d} → {score} (total {total})",
        "en": "{who}: {got} points, Weis/Stöck {extra:+d} → {score} (total {total})",
    },
    "term.predict": {
        "de": "Trumpf ist {trump}. Wie viele Kartenpunkte machst du (0-157)?",
        "en": "Trump is {trump}. How many card points will you take (0-157)?",
    },
    "term.predict_again": {"de": "Eine Zahl von 0 bis 157, bitte.", "en": "A number from 0 to 157, please."},
    "term.predicts": {"de": "{who} sagt {points} an.", "en": "{who} predicts {points}."},
    "term.predicts.you": {"de": "Du sagst {points} an.", "en": "You predict {points}."},
    "term.predicted": {"de": "{who} hat angesagt (verdeckt).", "en": "{who} has predicted (hidden)."},
    "term.predicted.you": {"de": "Du sagst {points} an.", "en": "You predict {points}."},
    "term.seat_scored": {
        "de": "{who}: {pred} angesagt, {got} gemacht, {penalty} → {total}",
        "en": "{who}: predicted {pred}, took {got}, {penalty} → {total}",
    },
    "term.diff_scored": {"de": "Runde {n} vorbei: {seats}", "en": "Hand {n} over: {seats}"},
    "term.diff_over": {
        "de": "=== Partie vorbei (tiefstes Total gewinnt): {order} ===",
        "en": "=== Game over (the lowest total wins): {order} ===",
    },
    "term.hand_dealt": {
        "de": "--- Runde {n}: Geber {dealer}, Vorhand {forehand} ---",
        "en": "--- Hand {n}: dealer {dealer}, forehand {forehand} ---",
    },
    "term.hand_dealt_rose7": {
        "de": "--- Runde {n}: Vorhand {forehand} (hat die Rose 7) ---",
        "en": "--- Hand {n}: forehand {forehand} (holds the Rose 7) ---",
    },
    "term.commitment": {"de": "(Prüfwert {commitment}…)", "en": "(commitment {commitment}…)"},
    "term.last_card": {"de": "Deine letzte Karte: {card}.", "en": "Your last card: {card}."},
    "term.shoves": {"de": "{who} schiebt.", "en": "{who} shoves (Schieben)."},
    "term.shoves.you": {"de": "Du schiebst.", "en": "You shove (Schieben)."},
    "term.chooses": {"de": "{who} wählt {contract} (×{m}).", "en": "{who} chooses {contract} (×{m})."},
    "term.chooses.you": {"de": "Du wählst {contract} (×{m}).", "en": "You choose {contract} (×{m})."},
    "term.card": {"de": "  {who}: {card}", "en": "  {who}: {card}"},
    "term.weis": {"de": "  {who} weist {points}: {cards}", "en": "  {who} shows Weis {points}: {cards}"},
    "term.weis_value": {
        "de": "  {who} hatte {points} gewiesen (zählt nicht)",
        "en": "  {who} had declared {points} (does not count)",
    },
    "term.weis.you": {"de": "  Du weist {points}: {cards}", "en": "  You show Weis {points}: {cards}"},
    "term.weis_value.you": {
        "de": "  Du hattest {points} gewiesen (zählt nicht)",
        "en": "  You had declared {points} (does not count)",
    },
    "term.weis_scored": {"de": "  Weis: {team} schreiben {points}.", "en": "  Weis: {team} write {points}."},
    "term.stoeck": {"de": "  {who}: Stöck! ({points})", "en": "  {who}: Stöck! ({points})"},
    "term.trick": {
        "de": "  → {who} macht Stich {n} ({points} Punkte)",
        "en": "  → {who} takes trick {n} ({points} points)",
    },
    "term.trick.you": {
        "de": "  → Du machst Stich {n} ({points} Punkte)",
        "en": "  → You take trick {n} ({points} points)",
    },
    "term.berg": {"de": "{team} haben den Berg!", "en": "{team} win the Berg!"},
    "term.hand_scored": {
        "de": "Runde {n} vorbei ({a} : {b}): Kartenpunkte {cards}, Stiche {tricks}; geschrieben {written} → Stand {totals}",
        "en": "Hand {n} over ({a} : {b}): card points {cards}, tricks {tricks}; written {written} → totals {totals}",
    },
    "term.match": {"de": "Match für {team}!", "en": "Match for {team}!"},
    "term.kontermatsch": {"de": "Kontermatsch für {team}!", "en": "Kontermatsch for {team}!"},
    "term.seed": {"de": "(Seed der Runde {n}: {seed})", "en": "(seed of hand {n}: {seed})"},
    "term.bedanken_right": {"de": "{team} bedanken sich — zu Recht!", "en": "{team} claim the win (Bedanken) — right!"},
    "term.bedanken_wrong": {"de": "{team} bedanken sich — zu früh!", "en": "{team} claim the win (Bedanken) — wrong!"},
    "term.winner": {"de": "{team} gewinnen", "en": "{team} win"},
    "term.draw": {"de": "niemand gewinnt (unentschieden)", "en": "nobody wins (a draw)"},
    "term.over": {
        "de": "=== Partie vorbei: {winner}, {totals}{schneider} ===",
        "en": "=== Game over: {winner}, {totals}{schneider} ===",
    },
    "term.schneider": {"de": " — Schneider!", "en": " — Schneider!"},
    "term.bad_seats": {
        "de": "--seats nimmt vier von 'human' oder 'ai', z. B. human,ai,ai,ai",
        "en": "--seats takes four of 'human' or 'ai', e.g. human,ai,ai,ai",
    },
    "term.bad_rule": {"de": "Falsche Regel-Einstellung: {error}", "en": "Bad rule setting: {error}"},
    "term.json_note": {
        "de": "Hinweis: --json gibt den Verlauf aus, wenn die Partie endet.",
        "en": "Note: --json prints the history when the game ends.",
    },
}
MESSAGES.update(TERMINAL)
MESSAGES.update(TOURNAMENT_MESSAGES)
MESSAGES.update(CHALLENGE_MESSAGES)
MESSAGES.update(INDIVIDUAL_MESSAGES)
MESSAGES.update(RULES_LOOKUP_MESSAGES)
MESSAGES.update(STATS_MESSAGES)
