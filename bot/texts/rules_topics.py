"""Answers of ``/rules``: short explanations of Schieber, in German and English.

Each topic cites the section of the project's rules specification it summarises.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Topic:
    key: str
    section: str
    title: dict[str, str]
    text: dict[str, str]
    aliases: tuple[str, ...] = ()


TOPICS: tuple[Topic, ...] = (
    Topic(
        "card-order",
        "§3.1",
        {"de": "Kartenreihenfolge", "en": "Card order"},
        {
            "de": "**Trumpf:** Puur (Under) > Näll (9) > Ass > König > Ober > 10 > 8 > 7 > 6.\n"
            "**Andere Farben und Obenabe:** Ass > König > Ober > Under > 10 > 9 > 8 > 7 > 6.\n"
            "**Undenufe:** umgekehrt, die 6 ist die höchste Karte, das Ass die tiefste.",
            "en": "**Trump:** Puur (Under) > Näll (9) > Ace > King > Ober > 10 > 8 > 7 > 6.\n"
            "**Other suits and Obenabe:** Ace > King > Ober > Under > 10 > 9 > 8 > 7 > 6.\n"
            "**Undenufe:** reversed: the 6 is the highest card, the Ace the lowest.",
        },
        ("order", "reihenfolge", "rang", "rank", "undenufe order"),
    ),
    Topic(
        "card-values",
        "§3.2",
        {"de": "Kartenwerte", "en": "Card values"},
        {
            "de": "**Trumpf:** Puur 20, Näll 14, Ass 11, 10 zählt 10, König 4, Ober 3 (Farbe total 62).\n"
            "**Andere Farben:** Ass 11, 10 zählt 10, König 4, Ober 3, Under 2 (je 30).\n"
            "**Obenabe:** wie andere Farben, dazu die 8 mit 8 Punkten (je 38).\n"
            "**Undenufe:** die 6 zählt 11, das Ass 0, die 8 zählt 8 (je 38).\n"
            "Total immer 152, mit dem letzten Stich (+5) 157, mit Match 257.",
            "en": "**Trump:** Puur 20, Näll 14, Ace 11, 10 is 10, King 4, Ober 3 (suit total 62).\n"
            "**Other suits:** Ace 11, 10 is 10, King 4, Ober 3, Under 2 (30 each).\n"
            "**Obenabe:** as other suits, plus the 8 worth 8 (38 each).\n"
            "**Undenufe:** the 6 is worth 11, the Ace 0, the 8 is 8 (38 each).\n"
            "Always 152 in all, 157 with the last trick (+5), 257 with a Match.",
        },
        ("values", "punkte", "points", "augen", "wert"),
    ),
    Topic(
        "legal-moves",
        "§6",
        {"de": "Was darf ich spielen?", "en": "Which cards may I play?"},
        {
            "de": "Du musst die ausgespielte Farbe **angeben**, darfst aber jederzeit **trumpfen**.\n"
            "Hast du die Farbe nicht, darfst du jede Karte spielen.\n"
            "**Untertrumpfen verboten:** wurde eine Nicht-Trumpf-Farbe ausgespielt und schon "
            "gestochen, darfst du keinen tieferen Trumpf als den höchsten im Stich legen, ausser du "
            "hast nur noch Trümpfe.\n"
            "Wird Trumpf ausgespielt, musst du Trumpf angeben; den **Puur** musst du nie "
            "spielen (ist er dein einziger Trumpf, darfst du abwerfen).\n"
            "Im Spiel zeigt dir der Bot nur die erlaubten Karten an.",
            "en": "You must **follow suit**, but you may **play a trump** at any time.\n"
            "If you cannot follow suit, you may play any card.\n"
            "**No undertrumping:** when a non-trump suit was led and someone has trumped, you "
            "may not play a trump lower than the highest one in the trick, unless you hold "
            "nothing but trumps.\n"
            "When trump is led you must follow with trump; you never have to play the "
            "**Puur** (if it is your only trump you may discard).\n"
            "In a game the bot only lets you click legal cards.",
        },
        ("legal", "angeben", "follow", "untertrumpfen", "undertrump", "trumpfen"),
    ),
    Topic(
        "schieben",
        "§5",
        {"de": "Trumpf wählen und Schieben", "en": "Choosing trump and Schieben"},
        {
            "de": "Die Vorhand wählt den Trumpf (eine Farbe, Obenabe oder Undenufe) oder **schiebt**: "
            "dann muss der Partner wählen und darf nicht zurückschieben.\n"
            "Die Vorhand spielt immer zum ersten Stich aus, auch wenn geschoben wurde.\n"
            "Im ersten Spiel ist Vorhand, wer die **Rosen 7** hat; danach wandert die Vorhand "
            "im Gegenuhrzeigersinn.",
            "en": "Forehand chooses the contract (a trump suit, Obenabe or Undenufe) or **shoves** "
            "(schieben): then the partner must choose and may not shove back.\n"
            "Forehand always leads the first trick, even after shoving.\n"
            "In the first hand the holder of the **Rose 7** is forehand; after that forehand "
            "moves anticlockwise.",
        },
        ("schieben", "gschobe", "shove", "vorhand", "forehand", "trumpf wählen"),
    ),
    Topic(
        "contracts",
        "§5, §9",
        {"de": "Spielarten und Multiplikatoren", "en": "Contracts and multipliers"},
        {
            "de": "Trumpf Eichel oder Rose zählt einfach, Schelle oder Schilte doppelt, Obenabe "
            "dreifach, Undenufe vierfach (Standard, Ziel 2500). Alles wird multipliziert: "
            "Stiche, letzter Stich, Match, Weis und Stöck.\n"
            "Varianten: 1/1/2/2/3/3 (Swisslos), alles einfach auf 1000, aufsteigend 1 bis 6.",
            "en": "Trump Eichel or Rose counts single, Schelle or Schilte double, Obenabe triple, "
            "Undenufe quadruple (standard, target 2500). Everything is multiplied: tricks, "
            "the last trick, Match, Weis and Stöck.\n"
            "Variants: 1/1/2/2/3/3 (Swisslos), all single to 1000, ascending 1 to 6.",
        },
        ("obenabe", "undenufe", "multiplier", "multiplikator", "faktor", "trumpf"),
    ),
    Topic(
        "weis",
        "§10",
        {"de": "Weis", "en": "Weis"},
        {
            "de": "Gewiesen wird mit der ersten Karte. **Blatt** (Folge in einer Farbe): 3 Karten 20, "
            "4 Karten 50, 5 Karten 100, 6: 150, 7: 200, 8: 250, 9: 300.\n"
            "**Vier Gleiche:** vier Under 200, vier Neuner 150, alle anderen 100.\n"
            "Es zählt nur das Team mit dem **höchsten Einzelweis**, dann aber alle seine Weis. "
            "Gleicher Wert: mehr Karten, dann die höhere Karte (Undenufe: die tiefere), "
            "dann Trumpf, dann wer früher im Stich spielt.",
            "en": "Weis are declared with your first card. **Sequences** in one suit: 3 cards 20, "
            "4 cards 50, 5 cards 100, 6: 150, 7: 200, 8: 250, 9: 300.\n"
            "**Four of a kind:** four Unders 200, four Nines 150, any other 100.\n"
            "Only the team with the **best single Weis** scores, but then all of its Weis. "
            "Equal value: more cards wins, then the higher card (Undenufe: the lower), "
            "then trump, then whoever plays earlier in the trick.",
        },
        ("wys", "wyys", "meld", "blatt", "dreiblatt", "vier gleiche", "four of a kind"),
    ),
    Topic(
        "stoeck",
        "§11",
        {"de": "Stöck", "en": "Stöck"},
        {
            "de": "König und Ober der Trumpffarbe in einer Hand sind **Stöck**: 20 Punkte "
            "(mal Multiplikator). Angesagt wird beim Ausspielen der zweiten Karte; der Bot "
            "macht das automatisch. Stöck zählen immer, auch gegen einen Match.\n"
            "Reichen sie zum Sieg, dürfen sie jederzeit vorgewiesen werden. "
            "Keine Stöck bei Obenabe und Undenufe.",
            "en": "King and Ober of trump in one hand are **Stöck**: 20 points (times the "
            "multiplier). They are announced when the second of the two cards is played; "
            "the bot does it for you. Stöck always count, even against a Match.\n"
            "If they win the game they may be shown at any moment. No Stöck in Obenabe "
            "or Undenufe.",
        },
        ("stöck", "stock", "marriage", "könig ober"),
    ),
    Topic(
        "scoring",
        "§8",
        {"de": "Zählen eines Spiels", "en": "Scoring a hand"},
        {
            "de": "Jedes Team schreibt: (Kartenpunkte + 5 für den letzten Stich + 100 für einen "
            "Match + Weis + Stöck) × Multiplikator.\n"
            "**Match:** alle neun Stiche (0 Punkte allein genügt nicht). Ein Match des "
            "Gegners des Trumpfwählers ist ein **Kontermatsch**.",
            "en": "Each team writes (card points + 5 for the last trick + 100 for a Match + Weis "
            "+ Stöck) × multiplier.\n"
            "**Match:** all nine tricks (zero points alone is not enough). A Match by the "
            "team that did not choose trump is a **Kontermatsch**.",
        },
        ("zählen", "score", "match", "matsch", "kontermatsch", "schreiben"),
    ),
    Topic(
        "game-end",
        "§12",
        {"de": "Spielende, Berg und Schneider", "en": "Game end, Berg and Schneider"},
        {
            "de": "Das Spiel endet, sobald ein Team das Ziel erreicht, auch mitten im Spiel.\n"
            "Erreichen beide Teams das Ziel im selben Stich, gilt die **Ausmachregel "
            "Stöck – Weis – Stich**: wer früher in dieser Reihenfolge über das Ziel kommt, "
            "gewinnt.\n"
            "**Berg:** wer zuerst die Hälfte des Ziels erreicht. **Schneider:** die Verlierer "
            "haben weniger als die Hälfte des Ziels.",
            "en": "The game ends the moment a team reaches the target, even in the middle of a "
            "hand.\nIf both teams cross in the same trick, the **Ausmach order Stöck – Weis – "
            "Stich** decides: whoever crosses earlier in that order wins.\n"
            "**Berg:** the first team to reach half the target. **Schneider:** the losers "
            "have less than half the target.",
        },
        ("ausmachen", "ausmachregel", "berg", "bergpreis", "schneider", "schnyder", "ende", "end", "bedanken"),
    ),
    Topic(
        "glossary",
        "§0",
        {"de": "Jass-Wörter", "en": "Jass words"},
        {
            "de": "**Puur:** Trumpf-Under, höchste Karte. **Näll:** Trumpf-Neun. **Bock:** die höchste "
            "noch nicht gespielte Karte einer Farbe. **Vorhand:** wählt Trumpf und spielt aus. "
            "**Stich:** die vier Karten einer Runde. **Match:** alle Stiche. **Weis, Stöck:** "
            "siehe dort. **Bedanken:** das Spiel für gewonnen erklären.",
            "en": "**Puur:** the Under of trump, the highest card. **Näll:** the Nine of trump. "
            "**Bock:** the highest card of a suit still in play. **Vorhand:** forehand, "
            "chooses trump and leads. **Stich:** a trick. **Match:** all tricks. **Weis, "
            "Stöck:** see those topics. **Bedanken:** claiming the win.",
        },
        ("puur", "buur", "bauer", "näll", "nell", "bock", "glossar", "words", "begriffe"),
    ),
)

BY_KEY = {t.key: t for t in TOPICS}


def find_topics(query: str, lang: str = "de") -> list[Topic]:
    """Topics matching ``query`` (key, title or alias), best first; all topics for an empty query."""
    q = query.strip().lower()
    if not q:
        return list(TOPICS)
    scored = []
    for t in TOPICS:
        words = [t.key, t.title["de"].lower(), t.title["en"].lower(), *t.aliases]
        if q in words:
            score = 0
        elif any(w.startswith(q) for w in words):
            score = 1
        elif any(q in w for w in words):
            score = 2
        else:
            continue
        scored.append((score, TOPICS.index(t), t))
    return [t for _, _, t in sorted(scored)]
