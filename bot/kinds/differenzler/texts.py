"""Differenzler's texts: predictions, the Schätzzettel."""

MESSAGES: dict[str, dict[str, str]] = {
    "table.differenzler": {"de": "Differenzler, {hands} Runden", "en": "Differenzler, {hands} hands"},
    "dz.trump_bottom": {"de": "Trumpf: {suit} (aufgedeckt: {card})", "en": "Trump: {suit} (turned up: {card})"},
    "dz.predictions": {"de": "Ansagen", "en": "Predictions"},
    "dz.totals": {"de": "Differenz total", "en": "Penalty totals"},
    "dz.waiting": {"de": "Es sagen noch an: {names}", "en": "Still to predict: {names}"},
    "dz.over": {
        "de": "🏆 **{winner}** gewinnt mit der kleinsten Differenz. {places}",
        "en": "🏆 **{winner}** wins with the lowest penalty. {places}",
    },
    "dz.your_prediction": {"de": "Deine Ansage: {n}", "en": "Your prediction: {n}"},
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
    # its tournament format (GameKind.formats)
    "tour.format.differenzler": {"de": "Einzel-Differenzler", "en": "Einzel-Differenzler"},
    "tour.about.differenzler": {
        "de": "{passen:Passe|Passen} zu {hands:Spiel|Spielen} Differenzler, jede und jeder für sich: die Differenzen werden zusammengezählt, die kleinste Summe gewinnt. Die Tische werden vor jeder Passe neu ausgelost, so dass man sich möglichst selten wieder trifft; leere Plätze spielen Computer.",
        "en": "{passen:Passe|Passen} of {hands:hand|hands} of Differenzler, everyone for themselves: penalties are added up, the lowest sum wins. Tables are drawn anew before each Passe so that people meet again as rarely as possible; computers play empty seats.",
    },
    # /jass stats: its line
    "st.differenzler": {"de": "Differenzler", "en": "Differenzler"},
    "st.differenzler_value": {
        "de": "{games} Partien, {wins} gewonnen · {penalty:.1f} Differenz pro Runde · {exact} genaue Ansagen",
        "en": "{games} games, {wins} won · {penalty:.1f} penalty per hand · {exact} exact predictions",
    },
}
