"""Coiffeur's texts: the rows of the Tafel, choosing one (im Zwang), a row scored, the Tafel picture."""

MESSAGES: dict[str, dict[str, str]] = {
    "table.extras_as_joker": {
        "de": "Die Zusatz-Trümpfe (Slalom, Guschti, TUO, Misère) sind hier Joker-Wahlen.",
        "en": "The extra contracts (Slalom, Guschti, TUO, Misère) are Joker choices here.",
    },
    "hand.choose_row": {
        "de": "Im Zwang: du wählst eine offene Zeile deines Teams.",
        "en": "Im Zwang: you choose an open row of your team.",
    },
    "hand.choose_row_or_shove": {
        "de": "Du wählst eine offene Zeile deines Teams – oder schiebst weiter.",
        "en": "You choose an open row of your team – or shove on (Schieben).",
    },
    "summary.row": {
        "de": "{team} füllen Zeile {row} ({row_name} ×{m}) mit {contract}: {parts} = **{written}**",
        "en": "{team} fill row {row} ({row_name} ×{m}) with {contract}: {parts} = **{written}**",
    },
    "summary.row_parts": {"de": "{points} × {m}", "en": "{points} × {m}"},
    "summary.row_misere": {
        "de": "Misère: die Punkte der Gegner zählen",
        "en": "Misère: the opponents' points count",
    },
    "summary.row_konter": {
        "de": "die Gegner machen alle Stiche: die Zeile zählt {written}",
        "en": "the opponents take every trick: the row counts {written}",
    },
    "summary.tafel": {"de": "Coiffeur-Tafel nach Runde {n}", "en": "Coiffeur Tafel after hand {n}"},
    "summary.tafel_final": {"de": "Coiffeur-Tafel am Ende der Partie", "en": "Coiffeur Tafel at the end of the game"},
    "table.row": {"de": "Zeile {row}: {row_name} ×{m}", "en": "Row {row}: {row_name} ×{m}"},
    "table.coiffeur": {"de": "Coiffeur ({rows} Zeilen)", "en": "Coiffeur ({rows} rows)"},
    "table.zwang": {"de": " (im Zwang)", "en": " (im Zwang)"},
    "term.coiffeur_started": {
        "de": "=== Partie {n}: Coiffeur, {rows} Zeilen pro Team ===",
        "en": "=== Game {n}: Coiffeur, {rows} rows per team ===",
    },
    "term.choose_row": {"de": "Wähle eine Zeile: {menu}", "en": "Choose a row: {menu}"},
    "term.choose_as": {"de": "Spielen als: {menu}", "en": "Play it as: {menu}"},
    "term.zwang": {"de": " (im Zwang: du musst wählen)", "en": " (im Zwang: you must choose)"},
    "term.chooses_row": {
        "de": "{who} wählt Zeile {row} ({row_name} ×{m}): {contract}.",
        "en": "{who} chooses row {row} ({row_name} ×{m}): {contract}.",
    },
    "term.chooses_row.you": {
        "de": "Du wählst Zeile {row} ({row_name} ×{m}): {contract}.",
        "en": "You choose row {row} ({row_name} ×{m}): {contract}.",
    },
    "term.row_scored": {
        "de": "Runde {n} vorbei: {team} schreiben {written} in Zeile {row} ({points} × {m}) → Stand {totals}",
        "en": "Hand {n} over: {team} write {written} in row {row} ({points} × {m}) → totals {totals}",
    },
    # /jass stats: its line
    "st.coiffeur_rating": {"de": "Coiffeur", "en": "Coiffeur"},
    # /rules coiffeur: a row's value
    "rl.coiffeur.title": {"de": "Coiffeur · Zeile {row}: {name} ×{m}", "en": "Coiffeur · row {row}: {name} ×{m}"},
    "rl.coiffeur.text": {
        "de": "Nur das ansagende Team schreibt: ({parts}) × {m} = **{points}**. Die Gegner schreiben nichts.",
        "en": "Only the announcing team writes: ({parts}) × {m} = **{points}**. The opponents write nothing.",
    },
    "rl.coiffeur.konter": {
        "de": "Die Gegner haben alle Stiche gemacht (Kontermatsch): die Zeile zählt **{points}**.",
        "en": "The opponents took every trick (Kontermatsch): the row counts **{points}**.",
    },
    "rl.coiffeur.no_row": {
        "de": "Die Tafel hier hat die Zeilen 1 bis {n}.",
        "en": "The Tafel here has rows 1 to {n}.",
    },
    "rl.coiffeur.no_stoeck": {
        "de": "Stöck zählen in dieser Zeile nicht (`coiffeur_stoeck: {rule}`).",
        "en": "Stöck do not count in this row (`coiffeur_stoeck: {rule}`).",
    },
}
