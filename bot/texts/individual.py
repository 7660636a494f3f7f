"""The texts of every game of individuals (``ind.*``, ``table.kind``): a kind without its own words shows these."""

MESSAGES: dict[str, dict[str, str]] = {
    "ind.hand_of": {"de": "Runde {n} von {hands}", "en": "Hand {n} of {hands}"},
    "ind.trump": {"de": "Trumpf: {suit}", "en": "Trump: {suit}"},
    "ind.taken": {"de": "Punkte in dieser Runde", "en": "Points this hand"},
    "ind.waiting_others": {"de": "Die anderen sagen noch an.", "en": "The others are still predicting."},
    "ind.over_tie": {"de": "Gleichstand an der Spitze. {places}", "en": "A tie for first place. {places}"},
    "ind.your_points": {"de": "deine Punkte bisher: {n}", "en": "your points so far: {n}"},
    "ind.pad_winner": {"de": "Sieg: {name}", "en": "Winner: {name}"},
    "ind.pad_tie": {"de": "Gleichstand", "en": "A tie"},
    "ind.summary": {"de": "Runde {n} ist fertig ({trump})", "en": "Hand {n} is over ({trump})"},
    "ind.line": {
        "de": "{name}: {points} Punkte → {score} · total {total}",
        "en": "{name}: {points} points → {score} · total {total}",
    },
    "ind.pad": {"de": "Punkte nach Runde {n}", "en": "Scores after hand {n}"},
    "ind.pad_final": {"de": "Schlussstand", "en": "Final scores"},
    "ind.pad_legend": {"de": "klein: Punkte · gross: die Runde", "en": "small: points · large: the hand"},
    "table.kind": {"de": "{kind}, {hands} Runden", "en": "{kind}, {hands} hands"},
    "ind.totals": {"de": "Total (tief ist gut)", "en": "Totals (low is good)"},
    "ind.over": {
        "de": "🏆 **{winner}** gewinnt mit den wenigsten Punkten. {places}",
        "en": "🏆 **{winner}** wins with the fewest points. {places}",
    },
}
