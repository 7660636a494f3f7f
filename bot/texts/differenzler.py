"""Differenzler's texts, and those of every game of individuals (`ind.*`, `table.kind`): predictions, the Schätzzettel."""

MESSAGES: dict[str, dict[str, str]] = {
    "table.differenzler": {"de": "Differenzler, {hands} Runden", "en": "Differenzler, {hands} hands"},
    "dz.hand_of": {"de": "Runde {n} von {hands}", "en": "Hand {n} of {hands}"},
    "dz.trump": {"de": "Trumpf: {suit}", "en": "Trump: {suit}"},
    "dz.trump_bottom": {
        "de": "Trumpf: {suit} (aufgedeckt: {card})",
        "en": "Trump: {suit} (turned up: {card})",
    },
    "dz.predictions": {"de": "Ansagen", "en": "Predictions"},
    "dz.taken": {"de": "Punkte in dieser Runde", "en": "Points this hand"},
    "dz.totals": {"de": "Differenz total", "en": "Penalty totals"},
    "dz.waiting": {"de": "Es sagen noch an: {names}", "en": "Still to predict: {names}"},
    "dz.waiting_others": {"de": "Die anderen sagen noch an.", "en": "The others are still predicting."},
    "dz.over": {
        "de": "🏆 **{winner}** gewinnt mit der kleinsten Differenz. {places}",
        "en": "🏆 **{winner}** wins with the lowest penalty. {places}",
    },
    "dz.over_tie": {
        "de": "Gleichstand an der Spitze. {places}",
        "en": "A tie for first place. {places}",
    },
    "dz.your_prediction": {"de": "Deine Ansage: {n}", "en": "Your prediction: {n}"},
    "dz.your_points": {"de": "deine Punkte bisher: {n}", "en": "your points so far: {n}"},
    "dz.ask_range": {
        "de": "Wie viele Punkte machst du (0–157)? Wähle zuerst den Bereich. Niemand sieht deine Ansage vor Spielende.",
        "en": "How many points will you take (0–157)? Pick the range first. Nobody sees your prediction before "
        "the hand is over.",
    },
    "dz.ask_number": {"de": "Und jetzt die genaue Zahl:", "en": "And now the exact number:"},
    "dz.summary": {"de": "Runde {n} (Trumpf {suit}) ist fertig", "en": "Hand {n} (trump {suit}) is over"},
    "dz.line": {
        "de": "{name}: angesagt {predicted}, gemacht {made} · Differenz {penalty} · total {total}",
        "en": "{name}: predicted {predicted}, took {made} · penalty {penalty} · total {total}",
    },
    "dz.line_exact": {
        "de": "{name}: angesagt {predicted}, gemacht {made} · genau! {penalty} · total {total}",
        "en": "{name}: predicted {predicted}, took {made} · exact! {penalty} · total {total}",
    },
    "dz.pad": {"de": "Schätzzettel nach Runde {n}", "en": "Score pad after hand {n}"},
    "dz.pad_legend": {
        "de": "klein: Ansage → Punkte · gross: Differenz",
        "en": "small: prediction → points · large: penalty",
    },
    "dz.pad_final": {"de": "Schätzzettel: Schlussstand", "en": "Score pad: final"},
    "dz.pad_winner": {"de": "Sieg: {name}", "en": "Winner: {name}"},
    "dz.pad_tie": {"de": "Gleichstand", "en": "A tie"},
    "ind.summary": {"de": "Runde {n} ist fertig ({trump})", "en": "Hand {n} is over ({trump})"},
    "ind.line": {
        "de": "{name}: {points} Punkte → {score} · total {total}",
        "en": "{name}: {points} points → {score} · total {total}",
    },
    "ind.pad": {"de": "Punkte nach Runde {n}", "en": "Scores after hand {n}"},
    "ind.pad_final": {"de": "Schlussstand", "en": "Final scores"},
    "ind.pad_legend": {"de": "klein: Punkte · gross: die Runde", "en": "small: points · large: the hand"},
    "table.kind": {"de": "{kind}, {hands} Runden", "en": "{kind}, {hands} hands"},
}
