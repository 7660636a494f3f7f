"""Answers of ``/rules``: short explanations of Schieber, in German and English.

Each topic cites the section of the project's rules specification it summarises (and the
source it follows where the sources differ). ``KEYS`` names the rule keys a topic depends on:
``/rules`` adds their value at the table asked from. One topic per rule key is generated
from ``rule_keys.py``. Search matches keys, titles, aliases, synonyms and the texts' words.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .command_names import expand
from .rule_keys import KEY_TEXTS


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
        ("values", "punkte", "points", "augen", "wert", "letscht", "letzter stich", "last trick"),
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
        (
            "legal",
            "angeben",
            "follow",
            "untertrumpfen",
            "undertrump",
            "trumpfen",
            "nichtfarben",
            "revoke",
            "nicht angeben",
            "renonce",
        ),
    ),
    Topic(
        "schieben",
        "§5",
        {"de": "Trumpf wählen und Schieben", "en": "Choosing trump and Schieben"},
        {
            "de": "Die Vorhand wählt den Trumpf (eine Farbe, Obenabe oder Undenufe) oder **schiebt**: "
            "dann muss der Partner wählen und darf nicht zurückschieben.\n"
            "Die Vorhand spielt immer zum ersten Stich aus, auch wenn geschoben wurde.\n"
            "In der ersten Runde ist Vorhand, wer die **Rosen 7** hat; danach wandert die Vorhand "
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
        (
            "wys",
            "wyys",
            "meld",
            "blatt",
            "dreiblatt",
            "vier gleiche",
            "four of a kind",
            "vier puure",
            "vier buure",
            "vier bauern",
            "vier under",
            "four jacks",
            "vier nell",
            "vier näll",
        ),
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
            "de": "Die Partie endet, sobald ein Team das Ziel erreicht, auch mitten in einer Runde.\n"
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
            "**Stich:** die vier Karten, die reihum je eine gespielt werden (eine Runde hat neun). "
            "**Runde:** ein Spiel mit neun Karten, vom Geben bis zum Schreiben. **Match:** alle Stiche. **Weis, Stöck:** "
            "siehe dort. **Bedanken:** die Partie für gewonnen erklären.",
            "en": "**Puur:** the Under of trump, the highest card. **Näll:** the Nine of trump. "
            "**Bock:** the highest card of a suit still in play. **Vorhand:** forehand, "
            "chooses trump and leads. **Stich:** a trick, one card from each player in turn (nine in a hand). "
            "**Runde:** a hand, from the deal to the scoring. **Match:** all tricks. **Weis, "
            "Stöck:** see those topics. **Bedanken:** claiming the win.",
        },
        ("puur", "buur", "bauer", "näll", "nell", "bock", "glossar", "words", "begriffe"),
    ),
    Topic(
        "bedanken",
        "§12.4",
        {"de": "Bedanken", "en": "Bedanken (claiming the win)"},
        {
            "de": "Mit `end_mode: bedanken` endet die Partie nicht von selbst: ein Team, das glaubt, das Ziel erreicht "
            "zu haben (mit Stöck, Weis und Stichen so weit gezählt), bedankt sich. Stimmt es, gewinnt es sofort; "
            "irrt es sich, hat es verloren. Mit `auto` (Standard) beendet der Bot die Partie selbst, sobald ein Team "
            "das Ziel erreicht. Schweizer Jassregeln kennen das Bedanken; die Apps zählen automatisch.",
            "en": "With `end_mode: bedanken` the game does not end by itself: a team that believes it has reached the "
            "target (counting Stöck, Weis and tricks so far) claims the win. If right, it wins at once; if wrong, it "
            "has lost. With `auto` (the default) the bot ends the game as soon as a team reaches the target. Swiss "
            "rule books know Bedanken; the apps count automatically.",
        },
        ("bedanken", "claim", "bedank", "ende ansagen"),
    ),
    Topic(
        "schneider",
        "§12.6",
        {"de": "Berg und Schneider", "en": "Berg and Schneider"},
        {
            "de": "Der **Berg** ist die halbe Zielpunktzahl: wer ihn zuerst erreicht, bekommt einen Strich. "
            "**Schneider**: wer bei Spielende noch unter der halben Zielpunktzahl steht, ist «Schneider» und "
            "verliert doppelt (zwei Striche mehr für die Sieger). Beides lässt sich abschalten (`berg`, `schneider`).",
            "en": "The **Berg** is half the target: the first team to reach it gets a Strich. **Schneider**: a team "
            'still below half the target when the game ends is "Schneider" and loses double (two more Striche for '
            "the winners). Both can be switched off (`berg`, `schneider`).",
        },
        ("schneider", "berg", "striche"),
    ),
    Topic(
        "kontermatsch",
        "§11.3",
        {"de": "Match und Kontermatsch", "en": "Match and Kontermatsch"},
        {
            "de": "Ein **Match** (alle neun Stiche) zählt 157 Kartenpunkte plus den Matchzuschlag (`match_bonus`, "
            "meist 100): 257, mal den Multiplikator. Ein **Kontermatsch** ist ein Match des Teams, das *nicht* "
            "angesagt hat; er wird zusätzlich mit `kontermatsch_factor` multipliziert. Beispiel: Undenufe ×4, "
            "Match: 4 × 257 = 1028.",
            "en": "A **Match** (all nine tricks) counts 157 card points plus the Match bonus (`match_bonus`, usually "
            "100): 257, times the multiplier. A **Kontermatsch** is a Match by the team that did *not* choose trump; "
            "it is multiplied by `kontermatsch_factor` as well. Example: Undenufe ×4, Match: 4 × 257 = 1028.",
        },
        ("match", "matsch", "kontermatsch", "konter"),
    ),
    Topic(
        "presets",
        "§16",
        {
            "de": "Voreinstellungen ({cmd.jass.new} {cmd.jass.new.preset:option})",
            "en": "Presets ({cmd.jass.new} {cmd.jass.new.preset:option})",
        },
        {
            "de": "`standard`: Schweizer Schieber, 2500 Punkte, klassische Multiplikatoren, Weis und Stöck. "
            "`swisslos`: wie Swisslos-Regeln, Obenabe und Undenufe ×3. `single-1000`: alles einfach auf 1000. "
            "`ascending`: ×1 bis ×6 auf 4000. `tournament`: alles einfach, ohne Weis und Stöck, Match 157, "
            "feste 12 Runden (eine Passe). `app`: wie die verbreiteten Apps: nicht trumpfen, solange man Farbe "
            "geben kann; Weis vor Stöck beim Auszählen.",
            "en": "`standard`: Swiss Schieber, 2500 points, classic multipliers, Weis and Stöck. `swisslos`: like "
            "the Swisslos rules, Obenabe and Undenufe ×3. `single-1000`: everything ×1 to 1000. `ascending`: ×1 to "
            "×6 to 4000. `tournament`: everything ×1, no Weis, no Stöck, a Match is 157, a fixed 12 hands (a Passe). "
            "`app`: like the common apps: no trumping while you can follow suit; Weis before Stöck at the end.",
        },
        ("preset", "voreinstellung", "standard", "swisslos", "app", "tournament", "turnier"),
    ),
    Topic(
        "weis-when",
        "§10.3",
        {"de": "Wann Weis gezeigt werden", "en": "When Weis are shown"},
        {
            "de": "Weis werden mit der ersten Karte angesagt (bei `weis_mode: manual` von dir, sonst vom Bot) und "
            "nach dem ersten Stich gezeigt: erst dann sieht der Tisch, welche Karten es sind, und nur das Team "
            "mit dem besten Weis schreibt (dann alle seine Weis). Stöck zeigt man, wenn man die zweite der beiden "
            "Karten spielt.",
            "en": "Weis are declared with your first card (by you with `weis_mode: manual`, else by the bot) and "
            "shown after the first trick: only then does the table see the cards, and only the team with the best "
            "Weis writes (then all its Weis). Stöck are shown when the second of the two cards is played.",
        },
        ("weisen", "zeigen", "show weis", "declare"),
    ),
    Topic(
        "striche",
        "§12.7",
        {"de": "Striche und Jasstafel", "en": "Striche and the Jasstafel"},
        {
            "de": "Auf der **Jasstafel** schreibt man Punkte als Striche auf das Z: jeder Strich auf der oberen "
            "Linie zählt 100, auf der Schräge 50, auf der unteren Linie 20; was unter 20 bleibt, steht als Zahl "
            "daneben (370 = drei Striche oben, einer auf der Schräge, einer unten, Rest 0). Dazu **Striche** für "
            "Ereignisse: Berg 1, Sieg 2, Match 1, Schneider 2, Kontermatsch 2. Der Bot zeigt die Tafel nach jeder "
            "Runde als Bild.",
            "en": "On the **Jasstafel** points are written as strokes on the Z: each stroke on the top line counts "
            "100, on the diagonal 50, on the bottom line 20; what is left under 20 is written as a number beside "
            "it (370 = three strokes at the top, one on the diagonal, one at the bottom, 0 left). **Striche** count "
            "events besides: Berg 1, win 2, Match 1, Schneider 2, Kontermatsch 2. The bot shows the slate as a "
            "picture after every hand.",
        },
        ("jasstafel", "tafel", "strich", "slate", "z"),
    ),
    Topic(
        "dealing",
        "§4",
        {"de": "Geben und Sitzen", "en": "Dealing and seating"},
        {
            "de": "Vier Spieler, die Partner sitzen sich gegenüber (Plätze 1 und 3, 2 und 4). Jeder bekommt 9 "
            "Karten. Gespielt wird im Gegenuhrzeigersinn. Die Vorhand (wer ansagt und ausspielt) wandert jede "
            "Runde einen Platz weiter; in der ersten Runde hat sie, wer die Rosen-7 hat (`first_forehand`). Der Bot "
            "mischt nachprüfbar: der SHA-256 jeder Runde steht vorher fest, der Seed kommt danach.",
            "en": "Four players, partners sit opposite (seats 1 and 3, 2 and 4). Each gets 9 cards. Play goes "
            "counter-clockwise. Forehand (who chooses and leads) moves one seat each hand; in the first hand it is "
            "whoever holds the Rose 7 (`first_forehand`). The bot shuffles verifiably: each hand's SHA-256 is fixed "
            "before, its seed comes after.",
        },
        ("geben", "deal", "mischen", "shuffle", "sitzen", "seats", "vorhand", "forehand"),
    ),
    Topic(
        "playing-here",
        "bot",
        {"de": "So spielst du mit dem Bot", "en": "How to play with this bot"},
        {
            "de": "`{cmd.jass.new}` eröffnet einen Tisch; setz dich mit den Platz-Knöpfen, leere Plätze füllen Computer. "
            "Auf der Tischnachricht zeigt «Meine Karten» deine Hand privat: nur erlaubte Karten sind klickbar, "
            "Ansage, Schieben, Weis und Stöck ebenfalls per Knopf. Läuft deine Zugzeit ab (Turn-Timer), spielt ein "
            "Ersatz-Computer für dich, bis du wieder klickst. `{cmd.jass.cards}` wählt Schweizer oder französische "
            "Kartennamen, `{cmd.jass.history}` gibt den Verlauf, `{cmd.jass.stats}` deine Statistik.",
            "en": "`{cmd.jass.new}` opens a table; sit down with the seat buttons, computers fill empty seats. On the table "
            'message, "My cards" shows your hand privately: only legal cards are clickable, and so are the contract, '
            "Schieben, Weis and Stöck. When your turn timer runs out, a stand-in computer plays for you until you click "
            "again. `{cmd.jass.cards}` picks Swiss or French card names, `{cmd.jass.history}` gives the history, `{cmd.jass.stats}` "
            "your statistics.",
        },
        ("bot", "buttons", "knöpfe", "timer", "stand-in", "ersatz", "how to play", "anleitung"),
    ),
)

TOPICS = (
    *TOPICS,
    Topic(
        "variants",
        "variants §2, §3",
        {"de": "Varianten", "en": "Variants"},
        {
            "de": "Der Bot spielt zu viert **Schieber**, **Coiffeur**, **Differenzler** und **Molotow** (`{cmd.jass.new}` "
            "mit `{cmd.jass.new.game:option}`). Im Schieber lassen sich **Slalom**, **Guschti**, **TUO** und **Misère** zuschalten "
            "(`extra_contracts`, Standard: aus). Feste Spielzahlen wie im Turnier (`hands_per_game`) und das "
            "Bedanken kennt er auch.",
            "en": "The bot plays **Schieber**, **Coiffeur**, **Differenzler** and **Molotow** for four (`{cmd.jass.new}` "
            "with `{cmd.jass.new.game:option}`). In Schieber, **Slalom**, **Guschti**, **TUO** and **Misère** can be switched on "
            "(`extra_contracts`, off by default). It also knows fixed numbers of hands as in tournaments "
            "(`hands_per_game`) and Bedanken.",
        },
        ("variante", "variant"),
    ),
    Topic(
        "differenzler",
        "variants §4",
        {"de": "Differenzler", "en": "Differenzler"},
        {
            "de": "Jeder spielt für sich. Trumpf wird gezogen (oder die unterste Karte des Gebers wird aufgedeckt); "
            "dann sagt jeder an, wie viele **Kartenpunkte** er machen wird (0–157), verdeckt bis zum Schluss. Kein "
            "Weis, keine Stöck, ein Match zählt 157 ohne Bonus; untertrumpfen ist erlaubt, wer die Farbe nicht hat. "
            "**Strafpunkte** = Abstand zwischen Ansage und Ergebnis; wer genau trifft, erhält −10 (nicht bei einer "
            "Null-Ansage). Nach 12 Runden gewinnt das **tiefste** Total. Beispiel: 55 angesagt, 58 gemacht: 3.",
            "en": "Everyone plays for themselves. Trump is drawn (or the dealer's bottom card is turned up); then "
            "each player predicts the **card points** they will take (0–157), hidden until the end. No Weis, no "
            "Stöck, a Match counts 157 without a bonus; a player void in the suit led may undertrump. **Penalty** = "
            "the gap between prediction and result; an exact hit scores −10 (not for a zero prediction). After 12 "
            "hands the **lowest** total wins. Example: predicted 55, took 58: 3.",
        },
        ("differenzler", "ansage", "prediction", "schätzen", "königsdisziplin"),
    ),
    Topic(
        "molotow",
        "variants §5",
        {"de": "Molotow", "en": "Molotow"},
        {
            "de": "Jeder spielt für sich und will **möglichst wenig** Punkte machen. Es gibt keine Trumpfwahl: "
            "gespielt wird Obenabe, bis jemand nicht bedienen kann; seine Karte macht ihre Farbe zum **Trumpf** "
            "(schon im selben Stich). Danach darf untertrumpfen, wer die Farbe nicht hat. Gezählt wird am Schluss "
            "mit dem Trumpf, der gilt. Eigene Weis und Stöck zählen als **Minuspunkte**; ein Weis, den die Karten "
            "eines Stichs bilden (Tischweis), wird dem Stichgewinner angeschrieben. Nach 8 Runden gewinnt das "
            "**tiefste** Total. Beispiel: 44 Punkte, ein eigener Dreiblatt (20): 24.",
            "en": "Everyone plays for themselves and wants to take **as few** points as possible. There is no "
            "contract: the hand is played as Obenabe until a player cannot follow suit; their card makes its suit "
            "**trump** (already in that trick). From then on a player void in the suit led may undertrump. Cards are "
            "counted at the end with the trump that holds. One's own Weis and Stöck are **minus points**; a Weis "
            "formed by a trick's cards (Tischweis) is charged to the trick's winner. After 8 hands the **lowest** "
            "total wins. Example: 44 points and one's own three-card sequence (20): 24.",
        },
        ("molotow", "farbverrat", "tischweis", "handweis"),
    ),
    Topic(
        "coiffeur",
        "variants §3",
        {"de": "Coiffeur", "en": "Coiffeur"},
        {
            "de": "Zwei feste Teams. Auf der **Tafel** steht jede Spielart als Zeile mit einem Faktor (Standard: "
            "Eichel ×1, Rose ×2, Schilte ×3, Schelle ×4, Obenabe ×5, Undenufe ×6, Joker ×7 und ×8). **Jedes Team "
            "spielt jede Zeile genau einmal.** Die Vorhand sagt eine offene Zeile ihres Teams an oder schiebt "
            "**reihum** weiter (zum Gegner); haben alle geschoben, muss die Vorhand (im Zwang). Wer ansagt, spielt "
            "aus. **Nur das ansagende Team schreibt:** seine Kartenpunkte × Faktor, ein Match 257 × Faktor, ein "
            "Kontermatsch 0. Ein **Joker** ist eine Farbe, Obenabe oder Undenufe nach Wahl. Kein Weis; Stöck nur "
            "in Farb-Zeilen. Nach 2 × Zeilen Runden gewinnt das höhere Total. Beispiel: Obenabe ×5 mit 95 Punkten "
            "schreibt 475.",
            "en": "Two fixed teams. The **Tafel** lists each contract as a row with a factor (by default Eichel ×1, "
            "Rose ×2, Schilte ×3, Schelle ×4, Obenabe ×5, Undenufe ×6, Joker ×7 and ×8). **Each team plays every "
            "row exactly once.** Forehand announces an open row of its team or shoves **round the table** (to an "
            "opponent); when all four have shoved, forehand must choose (im Zwang). Whoever announces leads. "
            "**Only the announcing team writes:** its card points × the factor, a Match 257 × the factor, a "
            "Kontermatsch 0. A **Joker** is a suit, Obenabe or Undenufe of the announcer's choice. No Weis; Stöck "
            "only in suit rows. After 2 × rows hands the higher total wins. Example: Obenabe ×5 with 95 points "
            "writes 475.",
        },
        ("coiffeur", "tafel", "joker", "zeile", "row", "coiffeur schieber"),
    ),
    Topic(
        "extra-contracts",
        "variants §2",
        {"de": "Slalom, Guschti, TUO, Misère", "en": "Slalom, Guschti, TUO, Misère"},
        {
            "de": "Kein Trumpf (ausser bei TUO), die Art wechselt von Stich zu Stich: **Slalom** abwechselnd "
            "Obenabe und Undenufe (Start nach Wahl); **Guschti** Stiche 1–5 in einer Art, 6–9 in der anderen; "
            "**TUO** (3×3) drei Stiche Trumpf, drei Undenufe, drei Obenabe; **Misère** Obenabe, Undenufe oder "
            "Slalom, aber man schreibt die Punkte, die der **Gegner** gemacht hat. Kartenwerte nach der "
            "Obenabe-Tabelle (157 pro Runde, `mixed_values`). Keine Stöck; Weis im Schieber nach der Art des "
            "ersten Stichs. Faktor im Schieber wie Undenufe, Misère ×1.",
            "en": "No trump (except in TUO); the mode changes from trick to trick: **Slalom** alternates Obenabe "
            "and Undenufe (the maker picks the start); **Guschti** plays tricks 1–5 in one mode, 6–9 in the "
            "other; **TUO** (3×3) three tricks trump, three Undenufe, three Obenabe; **Misère** is Obenabe, "
            "Undenufe or Slalom, but you write the points the **opponents** took. Card values by the Obenabe "
            "table (157 a hand, `mixed_values`). No Stöck; Weis in Schieber by the first trick's mode. Factor in "
            "Schieber as Undenufe, Misère ×1.",
        },
        ("slalom", "guschti", "gusti", "tuo", "3x3", "misere", "misère", "zickzack", "quer"),
    ),
    Topic(
        "examples",
        "§11, §10.5, §12.3",
        {"de": "Rechenbeispiele", "en": "Counting examples"},
        {
            "de": "**Match:** Undenufe (×4), ein Team macht alle Stiche: (152 + 5 + 100) × 4 = 1028.\n"
            "**Weis-Vergleich:** Obenabe (×3). Team A hat Dreiblatt (20) und Vierblatt (50), Team B Fünfblatt "
            "(100) und Vierblatt (50). Der beste einzelne Weis ist B's 100: B schreibt (100 + 50) × 3 = 450, "
            "A nichts.\n**Stöck-Rennen:** Ziel 2500, Rose Trumpf. A steht auf 2490 und hat Stöck, B auf 2495 mit "
            "dem besseren Weis. Schweizer Regel (Stöck, Weis, Stiche): A ist mit den Stöck zuerst am Ziel und "
            "gewinnt. App-Reihenfolge (Weis vor Stöck): B gewinnt.",
            "en": "**Match:** Undenufe (×4), one team takes every trick: (152 + 5 + 100) × 4 = 1028.\n"
            "**Weis comparison:** Obenabe (×3). Team A has a Dreiblatt (20) and a Vierblatt (50), team B a "
            "Fünfblatt (100) and a Vierblatt (50). The best single Weis is B's 100: B writes (100 + 50) × 3 = 450, "
            "A nothing.\n**Stöck race:** target 2500, trump Rose. A is on 2490 holding Stöck, B on 2495 with the "
            "better Weis. Swiss rule (Stöck, Weis, tricks): A reaches the target first with the Stöck and wins. App "
            "order (Weis before Stöck): B wins.",
        },
        ("beispiel", "example", "rechnen", "count", "race", "rennen"),
    ),
)

#: Where the sources differ: which rule the bot follows by default, and where the other comes from.
SOURCES: dict[str, dict[str, str]] = {
    "legal-moves": {
        "de": "Quellen: Schweizer Regel und pagat erlauben Trumpf jederzeit; die verbreiteten Apps nicht, solange man Farbe hat (Voreinstellung `app`).",
        "en": "Sources: the Swiss rules and pagat allow trump at any time; the common apps do not while you can follow suit (preset `app`).",
    },
    "game-end": {
        "de": "Quellen: Schweizer Jassregeln zählen am Schluss Stöck, Weis, Stiche; die Apps Weis vor Stöck (Voreinstellung `app`).",
        "en": "Sources: the Swiss rules count Stöck, Weis, tricks at the end; the apps Weis before Stöck (preset `app`).",
    },
    "weis": {
        "de": "Quellen: bei gleich hohen Weis mit gleich viel Punkten gilt nach Schweizer Brauch die längere Folge; pagat und das Schweizer Handbuch kennen andere Listen (`weis_tie_kind`).",
        "en": "Sources: for equal Weis of equal points the Swiss custom prefers the longer sequence; pagat and the Swiss manual have other lists (`weis_tie_kind`).",
    },
    "dealing": {
        "de": "Quellen: Vorhand in der ersten Runde bei der Rosen-7 nach Schweizer Brauch; pagat: rechts vom Geber (`first_forehand`).",
        "en": "Sources: first forehand with the Rose 7 by Swiss custom; pagat: right of the dealer (`first_forehand`).",
    },
    "schieben": {
        "de": "Quellen: Zurückschieben ist nach Schweizer Standard nicht erlaubt; manche Runden spielen es (`allow_schieben_back`).",
        "en": "Sources: Schieben back is not allowed by the Swiss standard; some circles play it (`allow_schieben_back`).",
    },
    "examples": {
        "de": "Quellen: das Stöck-Rennen folgt der Schweizer Reihenfolge, ausser bei der Voreinstellung `app`.",
        "en": "Sources: the Stöck race follows the Swiss order, except with the `app` preset.",
    },
}

#: The rule keys each topic depends on (their value at the table asked from is shown).
KEYS: dict[str, tuple[str, ...]] = {
    "card-values": ("undenufe_values",),
    "legal-moves": ("trump_anytime", "undertrump_when_void", "puur_exemption"),
    "schieben": ("allow_schieben_back",),
    "contracts": ("allow_obe_unde", "multiplier_profile"),
    "weis": ("weis_enabled", "weis_sequences", "low_quartets", "four_nines", "kreuzweis", "weis_tie_kind"),
    "stoeck": ("stoeck_enabled", "stoeck_auto", "stoeck_preshow"),
    "scoring": ("multiplier_profile", "match_bonus", "kontermatsch_factor"),
    "game-end": ("target", "hands_per_game", "end_mode", "ausmach_order"),
    "bedanken": ("end_mode",),
    "schneider": ("berg", "schneider"),
    "kontermatsch": ("match_bonus", "kontermatsch_factor", "multiplier_profile"),
    "weis-when": ("weis_enabled", "weis_mode"),
    "dealing": ("first_forehand",),
    "differenzler": (
        "differenzler_trump",
        "differenzler_predictions",
        "differenzler_zero_bonus",
        "differenzler_stoeck",
    ),
    "molotow": (
        "game",
        "molotow_hand_weis",
        "molotow_stoeck",
        "molotow_table_weis",
        "molotow_double_last",
        "hands_per_game",
    ),
    "coiffeur": ("game", "coiffeur_tafel", "coiffeur_shove", "coiffeur_joker_choices", "coiffeur_stoeck"),
    "extra-contracts": ("extra_contracts", "mixed_values", "variant_leader", "multiplier_profile"),
    "examples": ("multiplier_profile", "match_bonus", "ausmach_order"),
}

#: Other ways people write the same thing (both ways round).
SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("puur", "buur", "bur", "bauer"),
    ("näll", "nell", "nöll"),
    ("stöck", "stöckli", "stoeck"),
    ("bock", "stich"),
    ("obenabe", "obeabe", "obenabä"),
    ("undenufe", "uneufe", "undeufe"),
    ("schieben", "schiebe", "pass"),
    ("weis", "wiis", "weisen"),
)

KEY_TOPICS: tuple[Topic, ...] = tuple(
    Topic(f"key-{key}", "§16", {"de": f"Regel `{key}`", "en": f"Rule `{key}`"}, texts, (key, key.replace("_", " ")))
    for key, texts in KEY_TEXTS.items()
)
for _key in KEY_TEXTS:
    KEYS[f"key-{_key}"] = (_key,)
# Commands named as the reader's Discord client shows them (bot/texts/command_names.py).
TOPICS = tuple(
    replace(t, title={lang: expand(v, lang) for lang, v in t.title.items()},
            text={lang: expand(v, lang) for lang, v in t.text.items()})
    for t in TOPICS + KEY_TOPICS
)  # fmt: skip
BY_KEY = {t.key: t for t in TOPICS}


def _expand(query: str) -> set[str]:
    """The query and its synonyms."""
    out = {query}
    for group in SYNONYMS:
        if any(query == w or (len(query) >= 3 and w.startswith(query)) for w in group):
            out |= set(group)
    return out


def find_topics(query: str, lang: str = "de") -> list[Topic]:
    """Topics matching ``query`` (key, title, alias, a synonym, or words of the text), best first;
    all topics for an empty query."""
    q = query.strip().lower()
    if not q:
        return list(TOPICS)
    scored = []
    for t in TOPICS:
        words = [t.key, t.title["de"].lower(), t.title["en"].lower(), *t.aliases]
        text = (t.text["de"] + " " + t.text["en"]).lower()
        score = None
        for term in _expand(q):
            if term == t.key:  # the topic of its own name first ("Schneider", "Kontermatsch")
                score = -1
            elif term in words:
                score = 0 if score is None else min(score, 0)
            elif any(w.startswith(term) for w in words):
                score = 1 if score is None else min(score, 1)
            elif any(term in w for w in words):
                score = 2 if score is None else min(score, 2)
            elif len(term) >= 3 and term in text:
                score = 3 if score is None else min(score, 3)
        if score is not None:
            scored.append((score, TOPICS.index(t), t))
    return [t for _, _, t in sorted(scored)]
