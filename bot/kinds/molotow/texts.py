"""Molotow's texts: trump still open, points taken with Weis and Stöck, the score pad."""

MESSAGES: dict[str, dict[str, str]] = {
    "mo.pad_legend": {
        "de": "klein: Punkte ± Weis/Stöck · gross: die Runde",
        "en": "small: points ± Weis/Stöck · large: the hand's score",
    },
    "table.molotow": {"de": "Molotow, {hands} Runden", "en": "Molotow, {hands} hands"},
    "mo.trump_open": {"de": "Trumpf: noch offen (Obenabe)", "en": "Trump: not fixed yet (Obenabe)"},
    "mo.totals": {"de": "Total (tief ist gut)", "en": "Totals (low is good)"},
    "mo.over": {
        "de": "🏆 **{winner}** gewinnt mit den wenigsten Punkten. {places}",
        "en": "🏆 **{winner}** wins with the fewest points. {places}",
    },
    "mo.line": {
        "de": "{name}: {points} Punkte, Weis und Stöck {extra} → {score} · total {total}",
        "en": "{name}: {points} points, Weis and Stöck {extra} → {score} · total {total}",
    },
    "mo.summary": {"de": "Runde {n} ist fertig ({trump})", "en": "Hand {n} is over ({trump})"},
    "mo.pad": {"de": "Molotow nach Runde {n}", "en": "Molotow after hand {n}"},
    "mo.pad_final": {"de": "Molotow: Schlussstand", "en": "Molotow: final"},
    # /jass stats: its line
    "st.molotow": {"de": "Molotow", "en": "Molotow"},
    "st.molotow_value": {
        "de": "{games} Partien, {wins} gewonnen · {score:.1f} Punkte pro Runde",
        "en": "{games} games, {wins} won · {score:.1f} points per hand",
    },
}
