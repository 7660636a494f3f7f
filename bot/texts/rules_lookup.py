"""Texts of ``/rules`` subcommands: the calculators and where the answer's rules come from."""

COMMANDS: dict[str, dict[str, str]] = {
    "rules.ask.name": {"en": "ask", "de": "frage"},
    "rules.ask.description": {
        "en": "Ask about the rules in your own words, e.g. how much is the Puur worth?",
        "de": "Frag nach den Regeln, wie du sie sagst, z. B. Wie viel zählt der Puur?",
    },
    "rules.question.name": {"en": "question", "de": "frage"},
    "rules.question.description": {
        "en": "Your question, e.g. can I undertrump? / what does a Match in Obenabe write?",
        "de": "Deine Frage, z. B. Darf ich untertrumpfen? / Wie viel gibt ein Match bei Obenabe?",
    },
    "rules.explain.name": {"en": "topic", "de": "thema"},
    "rules.explain.description": {
        "en": "A rule explained, for the rules of the table here",
        "de": "Eine Regel erklärt, für die Regeln des Tischs hier",
    },
    "rules.weis.name": {"en": "weis", "de": "weis"},
    "rules.weis.description": {
        "en": "The Weis in some cards and what each is worth (and which list wins)",
        "de": "Die Weis in einigen Karten und was sie wert sind (und welche Liste gewinnt)",
    },
    "rules.cards.name": {"en": "cards", "de": "karten"},
    "rules.cards.description": {
        "en": "Cards, e.g. rose-7, Rose 7, Herz Dame, Puur (with a contract)",
        "de": "Karten, z. B. rose-7, Rose 7, Herz Dame, Puur (mit Ansage)",
    },
    "rules.against.name": {"en": "against", "de": "gegen"},
    "rules.against.description": {
        "en": "Another list of cards to compare with",
        "de": "Eine andere Kartenliste zum Vergleich",
    },
    "rules.contract.name": {"en": "contract", "de": "ansage"},
    "rules.contract.description": {
        "en": "The contract (trump suit, Obenabe, Undenufe)",
        "de": "Die Ansage (Trumpf, Obenabe, Undenufe)",
    },
    "rules.count.name": {"en": "count", "de": "zählen"},
    "rules.count.description": {
        "en": "Card points of some cards in a contract",
        "de": "Kartenpunkte einiger Karten bei einer Ansage",
    },
    "rules.legal.name": {"en": "legal", "de": "erlaubt"},
    "rules.legal.description": {
        "en": "Which cards of a hand may be played to a trick, and why not",
        "de": "Welche Karten einer Hand auf einen Stich dürfen, und warum nicht",
    },
    "rules.hand.name": {"en": "hand", "de": "hand"},
    "rules.hand.description": {"en": "The cards in your hand", "de": "Die Karten in deiner Hand"},
    "rules.trick.name": {"en": "trick", "de": "stich"},
    "rules.trick.description": {
        "en": "The cards already in the trick, in order",
        "de": "Die Karten schon im Stich, der Reihe nach",
    },
    "rules.score.name": {"en": "score", "de": "schreiben"},
    "rules.score.description": {
        "en": "What a hand writes: card points, contract, Match, Weis, Stöck, multiplier",
        "de": "Was eine Runde schreibt: Kartenpunkte, Ansage, Match, Weis, Stöck, Multiplikator",
    },
    "rules.coiffeur.name": {"en": "coiffeur", "de": "coiffeur"},
    "rules.coiffeur.description": {
        "en": "What a Coiffeur row writes: row, card points of the announcing team, Match, Stöck",
        "de": "Was eine Coiffeur-Zeile schreibt: Zeile, Kartenpunkte des ansagenden Teams, Match, Stöck",
    },
    "rules.row.name": {"en": "row", "de": "zeile"},
    "rules.row.description": {
        "en": "The row of the Tafel here, from 1 (default Tafel: 1 Eichel ×1 … 8 Joker ×8)",
        "de": "Die Zeile der Tafel hier, ab 1 (Standard-Tafel: 1 Eichel ×1 … 8 Joker ×8)",
    },
    "rules.points.name": {"en": "card_points", "de": "kartenpunkte"},
    "rules.points.description": {"en": "The team's card points (0-157)", "de": "Die Kartenpunkte des Teams (0-157)"},
    "rules.match.name": {"en": "match", "de": "match"},
    "rules.match.description": {"en": "All nine tricks", "de": "Alle neun Stiche"},
    "rules.weispoints.name": {"en": "weis", "de": "weis"},
    "rules.weispoints.description": {
        "en": "The team's Weis points (before the multiplier)",
        "de": "Die Weispunkte des Teams (vor dem Multiplikator)",
    },
    "rules.kontermatsch.name": {"en": "kontermatsch", "de": "kontermatsch"},
    "rules.kontermatsch.description": {
        "en": "The Match was made by the team that did not choose trump",
        "de": "Den Match machte das Team, das nicht angesagt hat",
    },
    "rules.stoeck.name": {"en": "stoeck", "de": "stöck"},
    "rules.stoeck.description": {"en": "The team has Stöck", "de": "Das Team hat Stöck"},
}

MESSAGES: dict[str, dict[str, str]] = {
    "rl.here.table": {
        "de": "Für die Regeln von Tisch {id} hier (Voreinstellung {preset}).",
        "en": "For the rules of table {id} here (preset {preset}).",
    },
    "rl.here.server": {
        "de": "Für die Standardregeln dieses Servers (Voreinstellung {preset}).",
        "en": "For this server's default rules (preset {preset}).",
    },
    "rl.here.bot": {
        "de": "Für die Standardregeln des Bots ({preset}).",
        "en": "For the bot's default rules ({preset}).",
    },
    "rl.at_this_table": {"de": "Hier gilt", "en": "Here"},
    "rl.show": {"de": "Im Kanal zeigen", "en": "Show in channel"},
    "rl.shown_by": {"de": "Gezeigt von {who}", "en": "Shown by {who}"},
    "rl.bad_cards": {
        "de": "Das kann ich nicht als Karte lesen: «{part}».",
        "en": "I cannot read this as a card: “{part}”.",
    },
    "rl.needs_trump": {
        "de": "«{part}» gibt es nur mit einer Trumpf-Ansage (Puur, Näll): wähle die Ansage.",
        "en": "“{part}” needs a trump contract (Puur, Näll): choose the contract.",
    },
    "rl.twice": {"de": "Diese Karte steht zweimal: «{part}».", "en": "This card is there twice: “{part}”."},
    "rl.bad_contract": {
        "de": "Diese Ansage kenne ich nicht: «{part}».",
        "en": "I do not know this contract: “{part}”.",
    },
    "rl.weis.title": {"de": "Weis · {contract}", "en": "Weis · {contract}"},
    "rl.weis.none": {"de": "Kein Weis in diesen Karten.", "en": "No Weis in these cards."},
    "rl.weis.line": {"de": "{cards}: **{points}**", "en": "{cards}: **{points}**"},
    "rl.weis.total": {
        "de": "Zusammen {points}, mal {m} geschrieben: {written}.",
        "en": "Together {points}, written ×{m}: {written}.",
    },
    "rl.weis.off": {
        "de": "Hier gelten keine Weis (`weis_enabled: nein`).",
        "en": "Weis do not count here (`weis_enabled: no`).",
    },
    "rl.weis.first_wins": {"de": "Die erste Liste gewinnt den Weis.", "en": "The first list wins the Weis."},
    "rl.weis.second_wins": {"de": "Die zweite Liste gewinnt den Weis.", "en": "The second list wins the Weis."},
    "rl.weis.nobody": {"de": "Keine der Listen hat einen Weis.", "en": "Neither list has a Weis."},
    "rl.count.title": {"de": "Kartenpunkte · {contract}", "en": "Card points · {contract}"},
    "rl.count.text": {
        "de": "{cards}\n= **{points}** Kartenpunkte (ohne die 5 des letzten Stichs; alle Karten zusammen 152).",
        "en": "{cards}\n= **{points}** card points (without the last trick's 5; all cards together 152).",
    },
    "rl.legal.title": {"de": "Erlaubte Karten · {contract}", "en": "Legal cards · {contract}"},
    "rl.legal.trick": {"de": "Im Stich: {cards}", "en": "In the trick: {cards}"},
    "rl.legal.lead": {"de": "Du spielst an: jede Karte ist erlaubt.", "en": "You lead: every card may be played."},
    "rl.legal.yes": {"de": "✅ {card}", "en": "✅ {card}"},
    "rl.legal.no": {"de": "❌ {card}: {reason}", "en": "❌ {card}: {reason}"},
    "rl.score.title": {"de": "Was die Runde schreibt · {contract}", "en": "What the hand writes · {contract}"},
    "rl.ask.computed": {"de": "{what} bei {contract}", "en": "{what} in {contract}"},
    "rl.ask.hand": {"de": "Die Runde", "en": "The hand"},
    "rl.ask.title": {"de": "Regeln: deine Frage", "en": "Rules: your question"},
    "rl.ask.more": {"de": "Meintest du …?", "en": "Did you mean …?"},
    "rl.ask.none": {
        "de": "Dazu habe ich keine Regel gefunden. Vielleicht ist es eines dieser Themen:",
        "en": "I found no rule for that. Perhaps it is one of these topics:",
    },
    "rl.ask.computed_by": {"de": "Gerechnet mit den Regeln hier.", "en": "Computed with the rules here."},
    "rl.score.misere": {
        "de": "Misère: ihr habt {n} Punkte gemacht, ihr schreibt die der Gegner: {other} × {m} = **{points}**.",
        "en": "Misère: you took {n} points, you write your opponents': {other} × {m} = **{points}**.",
    },
    "rl.score.extra": {
        "de": "Kartenwerte nach der Obenabe-Tabelle (157 pro Runde), Faktor wie Undenufe, Misère ×1; keine Stöck.",
        "en": "Card values by the Obenabe table (157 a hand), factor as Undenufe, Misère ×1; no Stöck.",
    },
    "rl.score.text": {
        "de": "{parts} = {base}, mal {m}: **{points}**.",
        "en": "{parts} = {base}, ×{m}: **{points}**.",
    },
    "rl.score.cards": {"de": "{n} Kartenpunkte", "en": "{n} card points"},
    "rl.score.match": {"de": "Matchzuschlag {n}", "en": "Match bonus {n}"},
    "rl.score.kontermatsch": {"de": "(Kontermatsch ×{n})", "en": "(Kontermatsch ×{n})"},
    "rl.score.weis": {"de": "Weis {n}", "en": "Weis {n}"},
    "rl.score.stoeck": {"de": "Stöck 20", "en": "Stöck 20"},
    "rl.score.stoeck_off": {"de": "Stöck zählen hier nicht.", "en": "Stöck do not count here."},
    "rl.score.weis_off": {
        "de": "Weis zählen hier nicht (`weis_enabled: nein`): die {n} Weispunkte sind nicht dabei.",
        "en": "Weis do not count here (`weis_enabled: no`): the {n} Weis points are left out.",
    },
    "rl.score.kontermatsch_needs_match": {
        "de": "Ein Kontermatsch ist ein Match (157 Kartenpunkte) des Teams, das nicht angesagt hat.",
        "en": "A Kontermatsch is a Match (157 card points) by the team that did not choose trump.",
    },
    "rl.too_many": {
        "de": "Das sind mehr als {n} Karten – eine Hand hat höchstens 9, ein Stich vor dir höchstens 3.",
        "en": "That is more than {n} cards – a hand has at most 9, a trick before you at most 3.",
    },
    "rl.score.bad": {
        "de": "Kartenpunkte sind 0 bis 157, ein Match hat 157.",
        "en": "Card points are 0 to 157; a Match has 157.",
    },
}
