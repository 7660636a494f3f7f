"""Every rule key a host can set, in a sentence per language, and how its value reads.

``/rules`` shows one topic per key (what it does, its values, the value here) and, under each
topic, the keys it depends on with their value at the table the question is asked at.
"""

from __future__ import annotations

from typing import Any

KEY_TEXTS: dict[str, dict[str, str]] = {
    "first_forehand": {
        "de": "Wer in der ersten Runde anspielt: `rose7` wer die Rosen-7 hat (Schweizer Brauch), `right_of_dealer` rechts vom Geber (pagat). Danach wandert die Vorhand im Gegenuhrzeigersinn.",
        "en": "Who leads the first hand: `rose7` whoever holds the Rose 7 (Swiss custom), `right_of_dealer` the player right of the dealer (pagat). Then forehand moves counter-clockwise.",
    },
    "french_map": {
        "de": "Welche französische Farbe für welche Schweizer Farbe gezeigt wird (nur Anzeige): `official`, `jass_manual`, `parlett`, `coiffeur`.",
        "en": "Which French suit is shown for which Swiss suit (display only): `official`, `jass_manual`, `parlett`, `coiffeur`.",
    },
    "allow_obe_unde": {
        "de": "Ob Obenabe und Undenufe angesagt werden dürfen (ja) oder nur Trumpffarben (nein).",
        "en": "Whether Obenabe and Undenufe may be chosen (yes) or trump suits only (no).",
    },
    "allow_schieben_back": {
        "de": "Zurückschieben: ob der Partner, dem geschoben wurde, nochmals zurückschieben darf (ja) oder ansagen muss (nein, Schweizer Standard).",
        "en": "Schieben back: whether the partner who was passed to may pass back again (yes) or must choose (no, the Swiss standard).",
    },
    "trump_anytime": {
        "de": "Ob man Trumpf spielen darf, obwohl man die angespielte Farbe hat (ja, Schweizer Regel) oder nur, wenn man sie nicht hat (nein, App-Konvention).",
        "en": "Whether trump may be played while holding the suit led (yes, the Swiss rule) or only when void in it (no, the app convention).",
    },
    "undertrump_when_void": {
        "de": "Untertrumpfen: ob man einen tieferen Trumpf auf einen höheren legen darf, wenn man nur noch Trumpf hat und nicht Trumpf angespielt wurde (ja) oder auch dann nicht (nein).",
        "en": "Undertrumping: whether a lower trump may go on a higher one when you hold only trumps and a non-trump was led (yes) or not even then (no).",
    },
    "puur_exemption": {
        "de": "Ob der Puur nie zugegeben werden muss (ja, der «Puur ist frei») oder wie jede Karte (nein).",
        "en": "Whether the Puur never has to be played to follow trump (yes, the Puur is free) or like any card (no).",
    },
    "undenufe_values": {
        "de": "Kartenwerte bei Undenufe: `modern` (die 6 zählt 11, die 8 zählt 8) oder `legacy` (älteres Zählen).",
        "en": "Card values in Undenufe: `modern` (the 6 counts 11, the 8 counts 8) or `legacy` (the older count).",
    },
    "multiplier_profile": {
        "de": "Multiplikatoren: `classic` (Eichel, Rose ×1; Schelle, Schilte ×2; Obenabe ×3; Undenufe ×4), `swiss_3_3` (Obenabe und Undenufe ×3), `ascending` (×1 bis ×6), `single` (alles einfach).",
        "en": "Multipliers: `classic` (Eichel, Rose ×1; Schelle, Schilte ×2; Obenabe ×3; Undenufe ×4), `swiss_3_3` (Obenabe and Undenufe ×3), `ascending` (×1 to ×6), `single` (everything ×1).",
    },
    "target": {
        "de": "Auf wie viele Punkte gespielt wird (100 bis 1'000'000).",
        "en": "How many points a game is played to (100 to 1,000,000).",
    },
    "match_bonus": {
        "de": "Der Zuschlag für einen Match (alle neun Stiche), vor dem Multiplikator; 0 heisst: ein Match zählt 157.",
        "en": "The bonus for a Match (all nine tricks), before the multiplier; 0 means a Match counts 157.",
    },
    "kontermatsch_factor": {
        "de": "Womit ein Kontermatsch (Match der Gegner der Ansager) multipliziert wird (1 bis 10).",
        "en": "What a Kontermatsch (a Match by the team that did not choose trump) is multiplied by (1 to 10).",
    },
    "weis_enabled": {"de": "Ob Weis gelten.", "en": "Whether Weis count."},
    "weis_mode": {
        "de": "`auto`: der Bot weist für dich; `manual`: du weist selbst mit der ersten Karte.",
        "en": "`auto`: the bot declares your Weis; `manual`: you declare them with your first card.",
    },
    "weis_sequences": {
        "de": "Werte der Folgen: `big` (3 Karten 20, 4 Karten 50, 5 Karten 100, …), `small`, `plus20`.",
        "en": "Sequence values: `big` (3 cards 20, 4 cards 50, 5 cards 100, …), `small`, `plus20`.",
    },
    "low_quartets": {
        "de": "Ob vier Sechser, Siebner, Achter gelten: `always`, `never`, `sixes_in_undenufe_only`.",
        "en": "Whether four 6s, 7s or 8s count: `always`, `never`, `sixes_in_undenufe_only`.",
    },
    "four_nines": {
        "de": "Was vier Neuner zählen: 150, 100 oder 0.",
        "en": "What four Nines count: 150, 100 or 0.",
    },
    "kreuzweis": {
        "de": "Ob eine Karte zu zwei Weis gehören darf (Kreuzweis: ein Vierling und eine Folge mit derselben Karte).",
        "en": "Whether one card may belong to two Weis (a quartet and a sequence sharing a card).",
    },
    "weis_tie_kind": {
        "de": "Wie gleich hohe Weis entschieden werden: `more_cards`, `quartet_first`, `pagat_list`, `height_only`; bei vollem Gleichstand gewinnt, wer näher an der Vorhand sitzt.",
        "en": "How equal Weis are decided: `more_cards`, `quartet_first`, `pagat_list`, `height_only`; on a full tie the player nearer to forehand wins.",
    },
    "stoeck_enabled": {
        "de": "Ob Stöck (König und Ober im Trumpf) 20 Punkte geben.",
        "en": "Whether Stöck (King and Ober of trump) give 20 points.",
    },
    "stoeck_auto": {
        "de": "Ob der Bot die Stöck für dich meldet (ja) oder du selbst (nein).",
        "en": "Whether the bot announces your Stöck (yes) or you do (no).",
    },
    "stoeck_preshow": {
        "de": "Ob Stöck schon vor dem Ausspielen gezeigt werden dürfen, um ein Rennen zum Ziel zu entscheiden.",
        "en": "Whether Stöck may be shown before being played, to decide a race to the target.",
    },
    "ausmach_order": {
        "de": "In welcher Reihenfolge am Schluss gezählt wird, wer zuerst das Ziel erreicht: Stöck, Weis, Stiche (Schweizer Regel) oder Weis vor Stöck (App).",
        "en": "In which order the end is counted, who reaches the target first: Stöck, Weis, tricks (Swiss rule) or Weis before Stöck (app).",
    },
    "end_mode": {
        "de": "`auto`: die Partie endet, sobald ein Team das Ziel erreicht; `bedanken`: wer glaubt, es erreicht zu haben, bedankt sich (wer sich irrt, verliert).",
        "en": "`auto`: the game ends as soon as a team reaches the target; `bedanken`: a team that believes it got there claims it (a wrong claim loses).",
    },
    "berg": {
        "de": "Der Berg (halbes Ziel): `half`, eine Zahl, oder `off`.",
        "en": "The Berg (half the target): `half`, a number, or `off`.",
    },
    "schneider": {
        "de": "Schneider: wer bei Spielende unter dieser Marke steht (`half` des Ziels, eine Zahl, `off`), verliert doppelt (Striche).",
        "en": "Schneider: a team below this mark when the game ends (`half` of the target, a number, `off`) loses double (Striche).",
    },
    "hands_per_game": {
        "de": "Eine feste Zahl Runden statt eines Ziels (0: auf das Ziel), wie eine Turnierpasse.",
        "en": "A fixed number of hands instead of a target (0: to the target), like a tournament Passe.",
    },
    "extra_contracts": {
        "de": "Zusätzliche Spielarten im Schieber: `slalom`, `gusti` (Guschti), `tuo` (3×3), `misere`; leer: keine (Standard). Faktor wie Undenufe, Misère ×1.",
        "en": "Extra contracts in Schieber: `slalom`, `gusti` (Guschti), `tuo` (3×3), `misere`; empty: none (the default). Factor as Undenufe, Misère ×1.",
    },
    "mixed_values": {
        "de": "Kartenwerte in Slalom, Guschti, TUO und Misère: `obenabe` (die Obenabe-Tabelle für alle Stiche, 157 pro Runde) oder `per_trick` (jeder Stich nach seiner Art).",
        "en": "Card values in Slalom, Guschti, TUO and Misère: `obenabe` (the Obenabe table for every trick, 157 a hand) or `per_trick` (each trick by its own mode).",
    },
    "variant_leader": {
        "de": "Wer bei Slalom, Guschti, TUO und Misère im Schieber ausspielt: `forehand` (die Vorhand) oder `maker` (wer angesagt hat).",
        "en": "Who leads Slalom, Guschti, TUO and Misère in Schieber: `forehand` or `maker` (whoever named it).",
    },
    "coiffeur_tafel": {
        "de": "Die Coiffeur-Tafel: `reglement8` (Eichel ×1 … Undenufe ×6, zwei Joker ×7, ×8), `ten` (dazu Slalom ×7, Guschti ×8, Joker ×9, ×10), `jassen_ch` (wie ten, Rose ×1, Eichel ×2).",
        "en": "The Coiffeur Tafel: `reglement8` (Eichel ×1 … Undenufe ×6, two Jokers ×7, ×8), `ten` (plus Slalom ×7, Guschti ×8, Jokers ×9, ×10), `jassen_ch` (as ten, Rose ×1, Eichel ×2).",
    },
    "coiffeur_shove": {
        "de": "Schieben im Coiffeur: `round` (reihum zum nächsten Spieler, einem Gegner; wenn alle geschoben haben, muss die Vorhand) oder `partner` (einmal zum Partner).",
        "en": "Schieben in Coiffeur: `round` (on to the next player, an opponent; when all have shoved, forehand must choose) or `partner` (once, to the partner).",
    },
    "coiffeur_joker_choices": {
        "de": "Als was ein Joker gespielt werden darf: `suits_obe_unde` (eine Farbe, Obenabe oder Undenufe) oder `any` (auch Slalom, Guschti, TUO, Misère).",
        "en": "What a Joker may be played as: `suits_obe_unde` (a suit, Obenabe or Undenufe) or `any` (also Slalom, Guschti, TUO, Misère).",
    },
    "coiffeur_stoeck": {
        "de": "Stöck im Coiffeur (nur für das ansagende Team): `except_joker` (nicht in Joker-Zeilen), `always` oder `off`.",
        "en": "Stöck in Coiffeur (for the announcing team only): `except_joker` (not in Joker rows), `always` or `off`.",
    },
    "differenzler_trump": {
        "de": "Differenzler: wie Trumpf bestimmt wird: `random` (eine Farbe per Zufall, vor dem Geben gezeigt) oder `bottom_card` (die unterste Karte des Gebers wird aufgedeckt).",
        "en": "Differenzler: how trump is fixed: `random` (a suit drawn at random, shown before the deal) or `bottom_card` (the dealer's bottom card is turned up).",
    },
    "differenzler_predictions": {
        "de": "Differenzler: Ansagen `hidden` (verdeckt, bis die Runde vorbei ist) oder `open` (offen, ab Vorhand, der Geber zuletzt).",
        "en": "Differenzler: predictions `hidden` (until the hand is over) or `open` (from forehand on, the dealer last).",
    },
    "differenzler_zero_bonus": {
        "de": "Differenzler: eine genau getroffene Null-Ansage gibt `never` keinen Bonus, mit `needs_zero_trick` −10, wenn man einen Stich ohne Punkte gemacht hat.",
        "en": "Differenzler: an exact zero prediction earns `never` no bonus, with `needs_zero_trick` −10 when the player won a trick worth nothing.",
    },
    "differenzler_stoeck": {
        "de": "Differenzler: Stöck `off` (zählen nicht), `add` (+20 für den Besitzer) oder `add_or_subtract` (±20, was näher an der Ansage ist).",
        "en": "Differenzler: Stöck `off` (do not count), `add` (+20 for the holder) or `add_or_subtract` (±20, whichever is nearer the prediction).",
    },
    "molotow_hand_weis": {
        "de": "Molotow: die Weis auf der Hand zählen für jeden als Minuspunkte (`each_player`) oder gar nicht (`off`).",
        "en": "Molotow: Weis in one's hand count as minus points for everyone who holds them (`each_player`) or not "
        "at all (`off`).",
    },
    "molotow_stoeck": {
        "de": "Molotow: Stöck (−20) für wen Trumpf-König und -Ober hält, wenn Trumpf bestimmt wird: `lenient` (die "
        "Karte, die Trumpf bestimmt, zählt noch), `strict` (beide müssen danach noch in der Hand sein) oder `off`.",
        "en": "Molotow: Stöck (−20) for whoever holds trump King and Ober when trump is fixed: `lenient` (the card "
        "that fixes trump still counts), `strict` (both must still be in the hand after it) or `off`.",
    },
    "molotow_table_weis": {
        "de": "Molotow: ein Weis, den die vier Karten eines Stichs bilden, wird dem Stichgewinner angeschrieben: "
        "`sequence_quartet` (Blätter und Vierlinge), `sequence` (nur Blätter) oder `off`.",
        "en": "Molotow: a Weis formed by a trick's four cards is charged to the trick's winner: `sequence_quartet` "
        "(sequences and four of a kind), `sequence` (sequences only) or `off`.",
    },
    "molotow_double_last": {
        "de": "Molotow: die letzte Runde zählt doppelt.",
        "en": "Molotow: the last hand counts twice.",
    },
    "coiffeur_kontermatsch": {
        "de": "Wenn die Gegner im Coiffeur alle Stiche machen: `zero` (die Zeile zählt 0) oder `negative` (−257 × Faktor, Hausregel).",
        "en": "When the opponents take every trick in Coiffeur: `zero` (the row counts 0) or `negative` (−257 × factor, a house rule).",
    },
}

YES = {"de": "ja", "en": "yes"}
NO = {"de": "nein", "en": "no"}


def value_text(value: Any, lang: str) -> str:
    """A rule value as a reader reads it."""
    if isinstance(value, bool):
        return (YES if value else NO)[lang]
    if isinstance(value, list | tuple):
        return " → ".join(str(v) for v in value)
    return str(value)


def game_key_text(lang: str) -> str:
    """The ``game`` key's text, from the games registered when it is read (a new kind is in it).

    >>> "`molotow`" in game_key_text("en")
    True
    """
    from bot.rules.kinds import KINDS

    games = ", ".join(f"`{name}` ({kind.blurbs[lang]})" if kind.blurbs.get(lang) else f"`{name}`"
                      for name, kind in KINDS.items())  # fmt: skip
    return ("Welches Spiel: " if lang == "de" else "Which game: ") + games + "."


KEY_TEXTS["game"] = {"de": game_key_text("de"), "en": game_key_text("en")}  # as registered at start-up


def key_text(key: str, lang: str) -> str:
    """A rule key's text now (``game``'s names every game registered by then)."""
    return game_key_text(lang) if key == "game" else KEY_TEXTS[key][lang]
