"""The rules in passages of one fact each, German and English, in the words Swiss players use: what
``/rules ask`` and ``python -m bot rules`` answer with (``bot/texts/ask.py`` finds them). Each belongs
to a topic of ``rules_topics.py`` (its button opens the whole topic) and, where sources differ, says
which one the bot follows. The topics' own lines are passages too (after these).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .rules_topics import TOPICS


@dataclass(frozen=True)
class Passage:
    topic: str  # the key of the topic it belongs to
    de: str
    en: str
    also: str = ""  # words people ask it with that it does not say itself (searched, never shown)

    def text(self, lang: str) -> str:
        return self.de if lang == "de" else self.en


P = Passage
WRITTEN: tuple[Passage, ...] = (
    # Card values (§3.2)
    P(
        "card-values",
        "Der **Puur** (Trumpf-Under) zählt **20** Punkte, so viel wie keine andere Karte. Ausserhalb vom Trumpf ist ein Under 2 Punkte wert.",
        "The **Puur** (the Under of trump) is worth **20** points, more than any other card. Outside trump an Under is worth 2.",
    ),
    P(
        "card-values",
        "Das **Näll** (die Trumpf-Neun) zählt **14** Punkte. Eine Neun, die nicht Trumpf ist, zählt 0.",
        "The **Näll** (the Nine of trump) is worth **14** points. A Nine that is not trump is worth 0.",
    ),
    P(
        "card-values",
        "Das **Ass** zählt **11** Punkte, in Trumpf, in den andern Farben und in Obenabe; nur in Undenufe zählt es 0.",
        "The **Ace** is worth **11** points, in trump, in the other suits and in Obenabe; only in Undenufe it is worth 0.",
    ),
    P(
        "card-values",
        "Die **Zehn** (das Banner) zählt **10** Punkte, in jeder Spielart.",
        "The **Ten** (the Banner) is worth **10** points in every contract.",
    ),
    P(
        "card-values",
        "Der **König** zählt **4** Punkte, der **Ober** (die Dame) **3** Punkte, in jeder Spielart.",
        "The **King** is worth **4** points, the **Ober** (queen) **3** points, in every contract.",
    ),
    P(
        "card-values",
        "Die **Acht** zählt nur in **Obenabe und Undenufe** etwas: **8** Punkte. Sonst sind 8, 7 und 6 (und Nicht-Trumpf-Neunen) 0 Punkte wert.",
        "The **Eight** counts only in **Obenabe and Undenufe**: **8** points. Otherwise 8, 7 and 6 (and non-trump Nines) are worth 0.",
    ),
    P(
        "card-values",
        "In **Undenufe** zählt die **Sechs 11** Punkte und das Ass 0; die Acht 8, die Zehn 10, König 4, Ober 3, Under 2.",
        "In **Undenufe** the **Six is worth 11** points and the Ace 0; the Eight 8, the Ten 10, King 4, Ober 3, Under 2.",
    ),
    P(
        "card-values",
        "Eine **Trumpffarbe** hat zusammen **62** Punkte (Puur 20, Näll 14, Ass 11, 10, König 4, Ober 3), jede andere Farbe 30.",
        "A **trump suit** holds **62** points in all (Puur 20, Näll 14, Ace 11, 10, King 4, Ober 3), every other suit 30.",
    ),
    P(
        "card-values",
        "Alle Karten zusammen zählen immer **152** Punkte; mit den **5** Punkten für den letzten Stich **157**.",
        "All cards together are always worth **152** points; with the **5** points for the last trick **157**.",
    ),
    P(
        "card-values",
        "Der **letzte Stich** (Letscht) zählt **5** Punkte zusätzlich, mal den Multiplikator.",
        "The **last trick** earns **5** extra points, times the multiplier.",
    ),
    # Card order (§3.1)
    P(
        "card-order",
        "Im **Trumpf** sticht der **Puur** (Under) alles, dann das Näll (9), dann Ass, König, Ober, 10, 8, 7, 6.",
        "In **trump** the **Puur** (Under) beats everything, then the Näll (9), then Ace, King, Ober, 10, 8, 7, 6.",
    ),
    P(
        "card-order",
        "In den andern Farben und in **Obenabe** ist das **Ass** die höchste Karte: Ass, König, Ober, Under, 10, 9, 8, 7, 6.",
        "In the other suits and in **Obenabe** the **Ace** is the highest card: Ace, King, Ober, Under, 10, 9, 8, 7, 6.",
    ),
    P(
        "card-order",
        "In **Undenufe** ist die Reihenfolge umgekehrt: die **Sechs** ist die höchste Karte, das Ass die tiefste.",
        "In **Undenufe** the order is reversed: the **Six** is the highest card, the Ace the lowest.",
    ),
    P(
        "card-order",
        "Jeder Trumpf sticht jede Karte einer andern Farbe; eine Karte, die weder Farbe gibt noch Trumpf ist, gewinnt den Stich nie.",
        "Any trump beats any card of another suit; a card that neither follows suit nor is trump never wins the trick.",
    ),
    P(
        "glossary",
        "Der **Bock** ist die höchste Karte einer Farbe, die noch im Spiel ist (sie macht sicher den Stich, wenn niemand trumpft).",
        "The **Bock** is the highest card of a suit still in play (it takes the trick for sure unless someone trumps).",
    ),
    # Legal moves (§6)
    P(
        "legal-moves",
        "Du musst die ausgespielte Farbe **angeben** (bedienen), wenn du sie hast.",
        "You must **follow suit** when you hold the suit led.",
    ),
    P(
        "legal-moves",
        "**Trumpfen** darfst du jederzeit, auch wenn du die ausgespielte Farbe hast (Schweizer Regel; einige Apps verbieten es, `trump_anytime`).",
        "You may **play a trump** at any time, even when you can follow suit (the Swiss rule; some apps forbid it, `trump_anytime`).",
    ),
    P(
        "legal-moves",
        "Hast du die ausgespielte Farbe nicht, darfst du **jede Karte** spielen: trumpfen oder abwerfen (verwerfen).",
        "If you cannot follow suit you may play **any card**: trump or discard.",
    ),
    P(
        "legal-moves",
        "**Untertrumpfen ist verboten**: hat schon jemand gestochen, darfst du keinen tieferen Trumpf legen, ausser du hast nur noch Trümpfe.",
        "**Undertrumping is not allowed**: once someone has trumped, you may not play a lower trump, unless you hold nothing but trumps.",
    ),
    P(
        "legal-moves",
        "Den **Puur muss man nie** spielen: wird Trumpf ausgespielt und ist der Puur dein einziger Trumpf, darfst du eine andere Karte geben.",
        "You **never have to play the Puur**: when trump is led and the Puur is your only trump, you may play another card.",
    ),
    P(
        "legal-moves",
        "Wird **Trumpf ausgespielt**, musst du Trumpf angeben, wenn du einen hast (den Puur ausgenommen).",
        "When **trump is led** you must follow with trump if you have one (the Puur excepted).",
    ),
    P(
        "legal-moves",
        "Wer die Farbe nicht angibt, obwohl er sie hat, hat **verworfen** (Renonce): der Bot lässt das nicht zu, nur erlaubte Karten sind klickbar.",
        "Failing to follow suit while holding it is a **revoke**: the bot does not allow it, only legal cards can be clicked.",
    ),
    P(
        "legal-moves",
        "**Übertrumpfen** musst du nie: niemand muss einen Stich gewinnen oder höher trumpfen; verboten ist nur das Untertrumpfen.",
        "You never have to **overtrump**: nobody must win a trick or trump higher; only undertrumping is forbidden.",
    ),
    # Schieben, forehand (§5)
    P(
        "schieben",
        "Die **Vorhand** sagt den Trumpf an (eine Farbe, Obenabe oder Undenufe) oder **schiebt** zum Partner.",
        "**Forehand** chooses the contract (a suit, Obenabe or Undenufe) or **shoves** (schieben) to the partner.",
    ),
    P(
        "schieben",
        "Nach dem **Schieben** muss der Partner ansagen; **zurückschieben** ist nicht erlaubt (Schweizer Standard, `allow_schieben_back`).",
        "After **Schieben** the partner must choose; **shoving back** is not allowed (the Swiss standard, `allow_schieben_back`).",
    ),
    P(
        "schieben",
        "Auch wenn geschoben wurde, **spielt die Vorhand** zum ersten Stich aus.",
        "Even after shoving, **forehand leads** the first trick.",
    ),
    P(
        "schieben",
        "In der **ersten Runde** ist Vorhand, wer die **Rosen 7** hat; danach wechselt die Vorhand im Gegenuhrzeigersinn.",
        "In the **first hand** the holder of the **Rose 7** is forehand; after that forehand moves anticlockwise.",
    ),
    P(
        "dealing",
        "Jeder Spieler bekommt **9 Karten**; gespielt wird mit 36 Karten im **Gegenuhrzeigersinn**, die Partner sitzen sich gegenüber.",
        "Each player gets **9 cards**; the game uses 36 cards, play goes **anticlockwise**, partners sit opposite each other.",
    ),
    P(
        "dealing",
        "Gegeben wird im Gegenuhrzeigersinn in **Dreierpaketen**: dreimal 3 Karten für jeden, es bleibt kein Talon. Am Bot mischt und gibt der Computer, nachprüfbar.",
        "Cards are dealt anticlockwise in **packets of three**: three rounds of 3 cards each, no talon. Here the bot shuffles and deals, verifiably.",
    ),
    P("dealing", "Wer den Stich macht, spielt zum nächsten Stich aus.", "Whoever wins a trick leads to the next one."),
    # Contracts, multipliers (§5, §9)
    P(
        "contracts",
        "Multiplikatoren (Standard): **Eichel und Rose ×1, Schelle und Schilte ×2, Obenabe ×3, Undenufe ×4**; gespielt wird auf 2500.",
        "Multipliers (standard): **Eichel and Rose ×1, Schelle and Schilte ×2, Obenabe ×3, Undenufe ×4**; the game goes to 2500.",
    ),
    P(
        "contracts",
        "**Obenabe** heisst: kein Trumpf, das Ass ist die höchste Karte, die Acht zählt 8. Standard-Multiplikator ×3.",
        "**Obenabe** means: no trump, the Ace is the highest card, the Eight is worth 8. Standard multiplier ×3.",
    ),
    P(
        "contracts",
        "**Undenufe** heisst: kein Trumpf, die Sechs ist die höchste Karte und zählt 11, das Ass zählt 0. Standard-Multiplikator ×4.",
        "**Undenufe** means: no trump, the Six is the highest card and worth 11, the Ace is worth 0. Standard multiplier ×4.",
    ),
    P(
        "contracts",
        "Alles wird multipliziert: Stiche, letzter Stich, Match, **Weis und Stöck**.",
        "Everything is multiplied: tricks, the last trick, Match, **Weis and Stöck**.",
    ),
    P(
        "contracts",
        "Andere Multiplikatoren: Swisslos 1/1/2/2/3/3 (Obenabe und Undenufe ×3), «alles einfach» auf 1000, aufsteigend ×1 bis ×6 auf 4000.",
        "Other multipliers: Swisslos 1/1/2/2/3/3 (Obenabe and Undenufe ×3), everything ×1 to 1000, ascending ×1 to ×6 to 4000.",
    ),
    P(
        "game-end",
        "Gespielt wird auf **2500** Punkte (Standard); der Gastgeber kann ein anderes Ziel wählen.",
        "The game goes to **2500** points (standard); the host may choose another target.",
    ),
    # Weis (§10)
    P(
        "weis",
        "Ein **Dreiblatt** (drei Karten in Folge in einer Farbe) zählt **20** Punkte.",
        "A **three-card sequence** (Dreiblatt, three in a row in one suit) is worth **20** points.",
    ),
    P(
        "weis",
        "Ein **Vierblatt** (vier in Folge) zählt **50**, ein **Fünfblatt** (fünf in Folge) **100** Punkte.",
        "A **four-card sequence** (Vierblatt) is worth **50**, a **five-card sequence** (Fünfblatt) **100** points.",
    ),
    P(
        "weis",
        "Längere Folgen: sechs Karten 150, sieben 200, acht 250, alle neun 300 Punkte.",
        "Longer sequences: six cards 150, seven 200, eight 250, all nine 300 points.",
    ),
    P(
        "weis",
        "**Vier Under** (vier Puure) zählen **200** Punkte, **vier Neuner** (vier Näll) **150**.",
        "**Four Unders** (four Jacks) are worth **200** points, **four Nines** **150**.",
    ),
    P(
        "weis",
        "Vier Asse, vier Könige, vier Ober oder vier Zehner zählen je **100** Punkte; vier Sechser, Siebner oder Achter auch 100 (`low_quartets`).",
        "Four Aces, four Kings, four Obers or four Tens are worth **100** each; four Sixes, Sevens or Eights 100 too (`low_quartets`).",
    ),
    P(
        "weis",
        "Nur das Team mit dem **höchsten Weis** schreibt, dann aber alle seine Weis; das andere Team schreibt keinen.",
        "Only the team with the **best single Weis** scores, but then all its Weis; the other team scores none.",
    ),
    P(
        "weis",
        "**Gleicher Weis**: es gewinnt der mit mehr Karten, dann der mit der höheren Karte (Undenufe: der tieferen), dann der im Trumpf, dann wer früher im Stich spielt.",
        "**Equal Weis**: more cards wins, then the higher card (Undenufe: the lower), then the one in trump, then whoever plays earlier in the trick.",
    ),
    P(
        "weis",
        "Eine Folge gilt nach der natürlichen Reihenfolge 6-7-8-9-10-Under-Ober-König-Ass, auch im Trumpf.",
        "A sequence follows the natural order 6-7-8-9-10-Under-Ober-King-Ace, in trump too.",
    ),
    P(
        "weis-when",
        "Weis werden mit der **ersten Karte** angesagt (im ersten Stich) und nach dem ersten Stich gezeigt.",
        "Weis are declared with your **first card** (in the first trick) and shown after the first trick.",
    ),
    P(
        "weis-when",
        "Wer seinen Weis nicht mit der ersten Karte ansagt, kann ihn später nicht mehr weisen.",
        "A Weis not declared with the first card cannot be declared later.",
    ),
    # Stöck (§11)
    P(
        "stoeck",
        "**Stöck** sind König und Ober der Trumpffarbe in einer Hand: sie zählen **20** Punkte, mal den Multiplikator.",
        "**Stöck** are the King and Ober of trump in one hand: worth **20** points, times the multiplier.",
    ),
    P(
        "stoeck",
        "Stöck werden angesagt, wenn man die **zweite** der beiden Karten spielt; der Bot macht das automatisch.",
        "Stöck are announced when the **second** of the two cards is played; the bot does it for you.",
    ),
    P(
        "stoeck",
        "Stöck zählen **immer**, auch gegen einen Match, und auch wenn das andere Team den besseren Weis hat.",
        "Stöck **always** count, even against a Match, and even when the other team has the better Weis.",
    ),
    P(
        "stoeck",
        "In **Obenabe und Undenufe gibt es keine Stöck** (es gibt keinen Trumpf).",
        "There are **no Stöck in Obenabe or Undenufe** (there is no trump).",
    ),
    P(
        "stoeck",
        "Reichen die Stöck zum Sieg, darf man sie jederzeit vorweisen: Stöck zählen beim Ausmachen zuerst.",
        "If the Stöck win the game they may be shown at any moment: Stöck count first when the game is decided.",
    ),
    # Scoring, Match (§8, §11.3)
    P(
        "scoring",
        "Jedes Team schreibt: (Kartenpunkte + 5 für den letzten Stich + 100 für einen Match + Weis + Stöck) × Multiplikator.",
        "Each team writes (card points + 5 for the last trick + 100 for a Match + Weis + Stöck) × the multiplier.",
    ),
    P(
        "kontermatsch",
        "Ein **Match** (alle neun Stiche) zählt **257**: 157 Kartenpunkte und 100 Matchzuschlag, mal den Multiplikator.",
        "A **Match** (all nine tricks) is worth **257**: 157 card points plus the 100 Match bonus, times the multiplier.",
    ),
    P(
        "kontermatsch",
        "Ein **Kontermatsch** ist ein Match des Teams, das nicht angesagt hat; er zählt ebenfalls 257 (mal `kontermatsch_factor`) und gibt 2 Striche.",
        "A **Kontermatsch** is a Match by the team that did not choose trump; it also counts 257 (times `kontermatsch_factor`) and gives 2 Striche.",
    ),
    P(
        "scoring",
        "Für einen Match braucht es **alle neun Stiche**; dass der Gegner 0 Punkte hat, genügt nicht.",
        "A Match needs **all nine tricks**; the opponents having 0 points is not enough.",
    ),
    # Game end (§12)
    P(
        "game-end",
        "Die Partie endet, **sobald ein Team das Ziel erreicht**, auch mitten in einer Runde.",
        "The game ends **the moment a team reaches the target**, even in the middle of a hand.",
    ),
    P(
        "game-end",
        "Erreichen beide Teams das Ziel im selben Stich, entscheidet die **Ausmachregel Stöck – Weis – Stich**: wer in dieser Reihenfolge zuerst darüber kommt, gewinnt.",
        "If both teams cross the target in the same trick, the **Ausmach order Stöck – Weis – Stich** decides: whoever crosses first in that order wins.",
    ),
    P(
        "schneider",
        "Der **Berg** ist die halbe Zielpunktzahl (1250 bei 2500): wer ihn zuerst erreicht, bekommt einen Strich.",
        "The **Berg** is half the target (1250 of 2500): the first team to reach it gets a Strich.",
    ),
    P(
        "schneider",
        "**Schneider** ist, wer bei Spielende weniger als die Hälfte des Ziels hat: die Sieger bekommen zwei Striche mehr.",
        "A team is **Schneider** when it has less than half the target at the end: the winners get two more Striche.",
    ),
    P(
        "striche",
        "Auf der **Jasstafel** zählt ein Strich auf der oberen Linie 100, auf der Schräge 50, auf der unteren Linie 20.",
        "On the **Jasstafel** a stroke on the top line counts 100, on the diagonal 50, on the bottom line 20.",
    ),
    P(
        "striche",
        "**Striche** für Ereignisse: Berg 1, Sieg 2, Match 1, Schneider 2, Kontermatsch 2.",
        "**Striche** for events: Berg 1, win 2, Match 1, Schneider 2, Kontermatsch 2.",
    ),
    P(
        "bedanken",
        "**Bedanken**: glaubt ein Team, das Ziel erreicht zu haben, bedankt es sich; stimmt es, gewinnt es sofort, sonst hat es verloren (`end_mode: bedanken`).",
        "**Bedanken**: a team that believes it has reached the target claims the win; if right it wins at once, if wrong it has lost (`end_mode: bedanken`).",
    ),
    # Glossary
    P(
        "glossary",
        "Die **Vorhand** ist, wer in einer Runde ansagt und zum ersten Stich ausspielt.",
        "**Forehand** (Vorhand) is the player who chooses the contract and leads the first trick of a hand.",
    ),
    P(
        "glossary",
        "Ein **Stich** sind die vier Karten, die reihum je eine gespielt werden; eine Runde hat neun Stiche.",
        "A **trick** (Stich) is the four cards played one by each player in turn; a hand has nine tricks.",
    ),
    P(
        "glossary",
        "**Schieber** ist der Jass zu viert in zwei Teams, in dem die Vorhand den Trumpf dem Partner zuschieben darf.",
        "**Schieber** is the four-player Jass in two teams in which forehand may pass the choice of trump to the partner.",
    ),
    # Variants
    P(
        "differenzler",
        "Im **Differenzler** sagt jeder verdeckt an, wie viele Punkte er macht; Strafpunkte sind der Abstand zwischen Ansage und Ergebnis, das tiefste Total gewinnt.",
        "In **Differenzler** each player secretly predicts their points; the penalty is the gap between prediction and result, the lowest total wins.",
    ),
    P(
        "differenzler",
        "Trifft man im Differenzler die Ansage genau, gibt es **−10** (nicht bei einer Null-Ansage).",
        "Hitting the prediction exactly in Differenzler scores **−10** (not for a zero prediction).",
    ),
    P(
        "molotow",
        "Im **Molotow** will jeder möglichst **wenig** Punkte machen; wer zuerst nicht bedienen kann, bestimmt mit seiner Karte den Trumpf.",
        "In **Molotow** everyone wants to take as **few** points as possible; the first player who cannot follow suit makes that card's suit trump.",
    ),
    P(
        "coiffeur",
        "Im **Coiffeur** spielt jedes Team jede Zeile der Tafel genau einmal; nur das ansagende Team schreibt, Kartenpunkte mal Faktor.",
        "In **Coiffeur** each team plays every row of the Tafel exactly once; only the announcing team writes, card points times the factor.",
    ),
    P(
        "coiffeur",
        "Coiffeur-Faktoren (Standard): Eichel ×1, Rose ×2, Schilte ×3, Schelle ×4, Obenabe ×5, Undenufe ×6, Joker ×7 und ×8.",
        "Coiffeur factors (standard): Eichel ×1, Rose ×2, Schilte ×3, Schelle ×4, Obenabe ×5, Undenufe ×6, Joker ×7 and ×8.",
    ),
    P(
        "extra-contracts",
        "**Slalom**: abwechselnd Obenabe und Undenufe von Stich zu Stich; **Guschti**: Stiche 1–5 in einer Art, 6–9 in der andern.",
        "**Slalom**: Obenabe and Undenufe alternate from trick to trick; **Guschti**: tricks 1–5 in one mode, 6–9 in the other.",
    ),
    P(
        "extra-contracts",
        "**Misère**: man spielt Obenabe, Undenufe oder Slalom, schreibt aber die Punkte, die der Gegner gemacht hat.",
        "**Misère**: you play Obenabe, Undenufe or Slalom, but you write the points the opponents took.",
    ),
    P(
        "differenzler",
        "Ein **Differenzler** hat **12 Runden**; gewonnen hat das tiefste Total der Strafpunkte.",
        "A game of **Differenzler** has **12 hands**; the lowest total of penalty points wins.",
    ),
    P(
        "differenzler",
        "Im Differenzler bleibt jede **Ansage verdeckt**, bis die Runde fertig ist; es gibt keinen Weis und keine Stöck.",
        "In Differenzler every **prediction stays hidden** until the hand is over; there is no Weis and no Stöck.",
    ),
    P(
        "differenzler",
        "Im Differenzler wird der **Trumpf gezogen** (oder die unterste Karte des Gebers aufgedeckt); wer die Farbe nicht hat, darf untertrumpfen.",
        "In Differenzler **trump is drawn** (or the dealer's bottom card is turned up); a player void in the suit led may undertrump.",
    ),
    P(
        "molotow",
        "Ein **Molotow** hat **8 Runden**; jeder spielt für sich, das tiefste Total gewinnt.",
        "A game of **Molotow** has **8 hands**; everyone plays for themselves, the lowest total wins.",
    ),
    P(
        "molotow",
        "**Tischweis** im Molotow: ein Weis, den die Karten eines Stichs bilden, wird dem Stichgewinner angeschrieben; eigene Weis und Stöck zählen als Minuspunkte.",
        "**Tischweis** in Molotow: a Weis formed by a trick's cards is charged to the trick's winner; one's own Weis and Stöck count as minus points.",
    ),
    P(
        "coiffeur",
        "Ein **Joker** im Coiffeur ist eine Farbe, Obenabe oder Undenufe nach Wahl des Ansagenden.",
        "A **Joker** in Coiffeur is a suit, Obenabe or Undenufe of the announcer's choice.",
    ),
    P(
        "coiffeur",
        "Im Coiffeur schiebt die Vorhand **reihum** weiter, auch zum Gegner; haben alle geschoben, muss die Vorhand ansagen (im Zwang).",
        "In Coiffeur forehand shoves **round the table**, to an opponent too; when all four have shoved, forehand must choose (im Zwang).",
    ),
    P(
        "coiffeur",
        "Im Coiffeur schreibt ein Match 257 mal den Faktor der Zeile; ein **Kontermatsch** gibt dem ansagenden Team 0.",
        "In Coiffeur a Match writes 257 times the row's factor; a **Kontermatsch** gives the announcing team 0.",
    ),
    P(
        "extra-contracts",
        "**TUO** (3×3): drei Stiche Trumpf, drei Undenufe, drei Obenabe.",
        "**TUO** (3×3): three tricks trump, three Undenufe, three Obenabe.",
    ),
    P(
        "presets",
        "Die Voreinstellung `tournament`: alles einfach, ohne Weis und Stöck, ein Match zählt 157, feste 12 Runden (eine Passe).",
        "The `tournament` preset: everything ×1, no Weis and no Stöck, a Match counts 157, a fixed 12 hands (a Passe).",
    ),
    P(
        "presets",
        "Die Voreinstellung `app`: wie die verbreiteten Apps: nicht trumpfen, solange man die Farbe angeben kann; Weis vor Stöck beim Ausmachen.",
        "The `app` preset: like the common apps: no trumping while you can follow suit; Weis before Stöck when the game is decided.",
    ),
)


#: Words people ask a passage with that it does not say itself: by the start of its German text.
ALSO: dict[str, str] = {
    "Alle Karten zusammen": "punkte points total total gesamt zusammen runde spiel hand insgesamt altogether sum",
    "Im **Trumpf** sticht": "höchste reihenfolge rang highest order rank best strongest stärkste karte card sticht",
    "**Trumpfen** darfst du": "trumpfen erlaubt allowed obwohl although farbe angeben bedienen follow",
    "Hast du die ausgespielte Farbe nicht": "nicht nicht void spielen play farbe angeben bedienen follow",
    "**Untertrumpfen ist verboten**": "untertrumpfen erlaubt verboten allowed forbidden",
    "Die **Vorhand** sagt": "schieben heisst bedeutet means ansagen wählen choose bestimmen bestimmt wählt trumpf",
    "In der **ersten Runde**": "beginnt erste first spielen game",
    "Jeder Spieler bekommt **9": "richtung direction reihum rechts counterclockwise clockwise uhrzeigersinn geben deal spielen",
    "Alles wird multipliziert": "multiplikator multipliziert multiplied doppelt",
    "Gespielt wird auf **2500**": "ziel ziel target spielen spielen punkte punktzahl partie",
    "Vier Asse, vier Könige": "vier gleiche four kind quartett sechser siebner achter",
    "Nur das Team mit dem **höchsten Weis**": "beide teams both",
    "Weis werden mit der **ersten Karte**": "wann when ansagen declare zeigen show",
    "**Stöck** sind König": "stöck stöck marriage heisst bedeutet means wert worth",
    "Der **König** zählt": "könig king ober queen zählt wert worth punkte points",
    "Eine **Trumpffarbe** hat": "trumpffarbe trumpf punkte total zusammen",
    "Stöck werden angesagt": "wann when ansagen announce",
    "Jedes Team schreibt": "zählen gezählt scored counted runde hand schreiben zählt",
    "Die Partie endet": "ende endet fertig vorbei end over finished spiel game partie gewinnt win winner sieger",
    "Gegeben wird im": "mischen mischt shuffle shuffles geben gibt deal deals dealer geber verteilt",
    "**Gleicher Weis**": "gleich gleichem gleichen gleich hoch beide teams tie equal",
    "Auf der **Jasstafel**": "jasstafel schreiben schreibt tafel strich",
    "Jeder Spieler bekommt": "karten cards jeder each spieler player",
    "In **Obenabe und Undenufe gibt es keine Stöck**": "stöck counted",
    "Coiffeur-Faktoren": "faktoren factors multiplikator zeilen rows",
    "Der **Puur** (Trumpf-Under)": "puur trumpf under jack wert worth",
    "Das **Näll** (die Trumpf-Neun)": "neun nine trumpf trump wert worth",
    "Die **Acht** zählt": "wert worth etwas anything",
}


def _with_also(passage: Passage) -> Passage:
    words = [also for start, also in ALSO.items() if passage.de.startswith(start)]
    return replace(passage, also=" ".join(words)) if words else passage


def _lines(text: str) -> list[str]:
    """A topic's text in passages: its lines, long lines cut at the sentence before a bold heading."""
    out = []
    for line in text.split("\n"):
        out += [p.strip() for p in re.split(r"(?<=[.!?])\s+(?=\*\*)", line) if p.strip()]
    return out


def _from_topics() -> tuple[Passage, ...]:
    out = []
    for topic in TOPICS:
        if "{cmd" in topic.text["de"]:  # texts with command mentions are shown by the topic itself
            continue
        de, en = _lines(topic.text["de"]), _lines(topic.text["en"])
        if len(de) == len(en):
            out += [Passage(topic.key, d, e) for d, e in zip(de, en, strict=True)]
        else:
            out.append(Passage(topic.key, topic.text["de"], topic.text["en"]))
    return tuple(out)


#: Every passage: the written ones first, then the topics' own lines.
PASSAGES: tuple[Passage, ...] = tuple(_with_also(p) for p in WRITTEN) + _from_topics()
assert all(any(p.de.startswith(start) for p in WRITTEN) for start in ALSO), "an ALSO entry names no passage"
