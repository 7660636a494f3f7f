"""Questions about the rules, asked as players ask them ("Wie viel zählt der Puur?", "can I
undertrump?"), answered with the passage that says it (``bot/texts/passages.py``).

A question is cut into words, its Swiss and English spellings folded onto one word each (Buur →
Puur, Wys → Weis, jack → Under …), question words and filler dropped, misspellings corrected
against the passages' words (rapidfuzz), each word stemmed (Snowball, German and English), then
ranked by BM25 (rank-bm25) over both languages' passages at once; the answer is in the reader's
language. The index is built once, on first use.

>>> best = ask("Wie viel zählt der Puur?", "de")
>>> best.passages[0].topic, "20" in best.passages[0].de
('card-values', True)
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
import snowballstemmer
from rank_bm25 import BM25Okapi
from rapidfuzz import fuzz, process

from .passages import PASSAGES, Passage
from .rules_topics import TOPICS, Topic

#: Spellings folded onto the one the passages use (Swiss German, dialect, English, bridge names).
SYNONYMS: dict[str, str] = {
    # cards and suits
    "buur": "puur",
    "bur": "puur",
    "bauer": "puur",
    "buure": "puur",
    "puure": "puur",
    "puurli": "puur",
    "jack": "under",
    "jacks": "under",
    "bube": "under",
    "buben": "under",
    "unter": "under",
    "undere": "under",
    "nell": "näll",
    "nel": "näll",
    "naell": "näll",
    "nall": "näll",
    "nähl": "näll",
    "nello": "näll",
    "queen": "ober",
    "queens": "ober",
    "dame": "ober",
    "damen": "ober",
    "obere": "ober",
    "banner": "zehn",
    "ten": "zehn",
    "tens": "zehn",
    "zehner": "zehn",
    "10": "zehn",
    "zähni": "zehn",
    "king": "könig",
    "kings": "könig",
    "koenig": "könig",
    "konig": "könig",
    "chünig": "könig",
    "könige": "könig",
    "ace": "ass",
    "aces": "ass",
    "asse": "ass",
    "as": "ass",
    "nine": "neun",
    "nines": "neun",
    "neuner": "neun",
    "9": "neun",
    "nüni": "neun",
    "eight": "acht",
    "eights": "acht",
    "achter": "acht",
    "8": "acht",
    "achti": "acht",
    "six": "sechs",
    "sixes": "sechs",
    "sechser": "sechs",
    "6": "sechs",
    "sächsi": "sechs",
    "seven": "sieben",
    "7": "sieben",
    "siebner": "sieben",
    "trump": "trumpf",
    "trumps": "trumpf",
    "trümpfe": "trumpf",
    "trumpfe": "trumpf",
    "trumpfen": "trumpfen",
    "rosen": "rose",
    "rösli": "rose",
    "roses": "rose",
    "herz": "rose",
    "hearts": "rose",
    "schellen": "schelle",
    "schälle": "schelle",
    "kreuz": "schelle",
    "clubs": "schelle",
    "schilten": "schilte",
    "schilt": "schilte",
    "schild": "schilte",
    "schilder": "schilte",
    "schaufel": "schilte",
    "spades": "schilte",
    "eicheln": "eichel",
    "egge": "eichel",
    "ecken": "eichel",
    "diamonds": "eichel",
    # contracts
    "obeabe": "obenabe",
    "obenaben": "obenabe",
    "obenabä": "obenabe",
    "oben": "obenabe",
    "top-down": "obenabe",
    "uneufe": "undenufe",
    "undeufe": "undenufe",
    "unenufe": "undenufe",
    "undenuffe": "undenufe",
    "undenufä": "undenufe",
    "bottom-up": "undenufe",
    "unten": "undenufe",
    "matsch": "match",
    "matches": "match",
    "kontermatch": "kontermatsch",
    "countermatch": "kontermatsch",
    # Weis, Stöck
    "wys": "weis",
    "wyys": "weis",
    "wiis": "weis",
    "wis": "weis",
    "weisen": "weis",
    "wysen": "weis",
    "meld": "weis",
    "meldung": "weis",
    "melds": "weis",
    "declaration": "weis",
    "declarations": "weis",
    "stöckli": "stöck",
    "stock": "stöck",
    "stoeck": "stöck",
    "stöcke": "stöck",
    "marriage": "stöck",
    "dreiblatt": "dreiblatt",
    "drüblatt": "dreiblatt",
    "terz": "dreiblatt",
    "vierblatt": "vierblatt",
    "vierbatt": "vierblatt",
    "fünfblatt": "fünfblatt",
    "füfblatt": "fünfblatt",
    # play
    "zruggschiebe": "zurückschieben",
    "zrugschiebe": "zurückschieben",
    "zurückschiebe": "zurückschieben",
    "stechen": "sticht",
    "gestochen": "sticht",
    "stach": "sticht",
    "beat": "sticht",
    "beats": "sticht",
    "gewinnen": "gewinnt",
    "win": "gewinnt",
    "wins": "gewinnt",
    "winner": "gewinnt",
    "sieger": "gewinnt",
    "überstechen": "übertrumpfen",
    "overtrump": "übertrumpfen",
    "overtrumping": "übertrumpfen",
    "gäh": "geben",
    "gä": "geben",
    "gib": "geben",
    "usgspielt": "ausgespielt",
    "usgspilt": "ausgespielt",
    "usspiele": "ausspielen",
    "spile": "spielen",
    "chunnt": "kommt",
    "zämme": "zusammen",
    "run": "folge",
    "runs": "folge",
    "sequence": "folge",
    "sequences": "folge",
    "best": "höchste",
    "highest": "höchste",
    "strongest": "höchste",
    "stärkste": "höchste",
    "beste": "höchste",
    "card": "karte",
    "cards": "karte",
    "karten": "karte",
    "chärtli": "karte",
    "counted": "zählt",
    "gezählt": "zählt",
    "zählen": "zählt",
    "zählt": "zählt",
    "zahlt": "zählt",
    "fängt": "beginnt",
    "anfangen": "beginnt",
    "beginnen": "beginnt",
    "start": "beginnt",
    "starts": "beginnt",
    "begins": "beginnt",
    "anfängt": "beginnt",
    "afange": "beginnt",
    "faht": "beginnt",
    "gespielt": "spielen",
    "spielt": "spielen",
    "spiele": "spielen",
    "plays": "spielen",
    "play": "spielen",
    "played": "spielen",
    "playing": "spielen",
    "wänn": "wann",
    "when": "wann",
    "kein": "nicht",
    "keine": "nicht",
    "not": "nicht",
    "no": "nicht",
    "cannot": "nicht",
    "can't": "nicht",
    "cant": "nicht",
    "don't": "nicht",
    "doesn't": "nicht",
    "isn't": "nicht",
    "aren't": "nicht",
    "dont": "nicht",
    "nöd": "nicht",
    "nid": "nicht",
    "ned": "nicht",
    "schiebe": "schieben",
    "gschobe": "schieben",
    "geschoben": "schieben",
    "schiebt": "schieben",
    "shove": "schieben",
    "shoving": "schieben",
    "pass": "schieben",
    "passing": "schieben",
    "untertrumpfe": "untertrumpfen",
    "undertrump": "untertrumpfen",
    "undertrumping": "untertrumpfen",
    "undertrumps": "untertrumpfen",
    "letscht": "letzte",
    "letschte": "letzte",
    "last": "letzte",
    "stich": "stich",
    "stiche": "stich",
    "trick": "stich",
    "tricks": "stich",
    "follow": "angeben",
    "bedienen": "angeben",
    "farbe": "farbe",
    "suit": "farbe",
    "suits": "farbe",
    "forehand": "vorhand",
    "lead": "ausspielen",
    "leads": "ausspielen",
    "anspielen": "ausspielen",
    "points": "punkte",
    "point": "punkte",
    "pünkt": "punkte",
    "worth": "zählt",
    "counts": "zählt",
    "count": "zählt",
    "score": "schreiben",
    "scores": "schreiben",
    "written": "schreiben",
    "write": "schreiben",
    "multiplier": "multiplikator",
    "faktor": "multiplikator",
    "factor": "multiplikator",
    "schnyder": "schneider",
    "bergpreis": "berg",
    "mountain": "berg",
    "slate": "jasstafel",
    "tafel": "jasstafel",
    "striche": "strich",
    "strokes": "strich",
    "claim": "bedanken",
    "claiming": "bedanken",
}
#: A figure in a question that means a count of cards ("4 Könige"); in the passages figures stay figures.
QUERY_NUMBERS = {"3": "drei", "4": "vier", "5": "fünf", "6": "sechs"}
#: Question words and filler, in both languages (and Swiss German): they say nothing of the rule.
_FILLER = (
    # German and Swiss German
    "wie viel viele vieli wieviel wievill was wer wem wen wo warum wieso weshalb welche welcher welches",
    "darf dürfen muss müssen mues kann könnte chan cha isch ist sind bin bist gibt gits git hat habe hab han het",
    "hast hätte obwohl obschon wenn werden wird wurde würde darfst musst kannst soll sollte",
    "ich du er sie es man mer mir wir ihr mich dich dein mein meine deine sein seine ein eine einen einem",
    "einer der die das den dem des dä de d s im in am an auf aus bei beim bim mit ohne von vom zu zum zur für",
    "über und oder aber auch noch schon denn dann doch mal eigentlich genau jetzt so als ob bitte überhaupt",
    "bekommt bekommen kriegt kriegen überkommt anzahl number "
    "unterschied zwischen difference between jass jassen funktioniert funktionieren geht passiert bedeutet heisst meint regel regeln",
    # English
    "how much many what who whom where why which whose do does did can could may might must should shall will",
    "would is are was were be been am i you he she it we they me my your his her our their a an the of in on at",
    "to for with from by as and or but if any some please there this that these those get gets got have has had",
    "what's whats it's its i'm getting receive receives "
    "even work works working happen happens happened mean means meaning rule rules",
)
STOPWORDS = frozenset(" ".join(_FILLER).split())
_WORD = re.compile(r"[\w']+", re.UNICODE)
_DE, _EN = snowballstemmer.stemmer("german"), snowballstemmer.stemmer("english")


def _plain(text: str) -> str:
    """Markdown and backticks dropped, ß written ss, lower case."""
    return re.sub(r"[*`_]", "", text).replace("ß", "ss").lower()


def words(text: str) -> list[str]:
    """The words of a question or passage, spellings folded, filler dropped.

    >>> words("Wie viel zählt de Buur bim Obeabe?")
    ['zählt', 'puur', 'obenabe']
    """
    out = []
    for raw in _WORD.findall(_plain(text)):
        word = raw.strip("'-")
        if not word or word in STOPWORDS:
            continue
        out.append(SYNONYMS.get(word, word))
    return out


def _fold(word: str) -> str:
    """Umlauts folded for stemming, so that "zählt" and "zahlt" meet."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def _stems(tokens: list[str]) -> list[str]:
    """Each word stemmed the German and the English way (both kept: the passages of both languages
    are in one index, and a question may mix them)."""
    out = []
    for token in tokens:
        folded = _fold(token)
        de, en = _DE.stemWord(folded), _EN.stemWord(folded)
        out.append(de)
        if en != de:
            out.append(en)
    return out


@dataclass
class _Index:
    passages: tuple[Passage, ...]
    bm25: BM25Okapi
    vocabulary: list[str]
    documents: list[list[str]]  # per passage: its stems
    weights: Any  # per passage: a rule key's own passage counts less than the rules' (it is about a setting)
    bold: list[set[str]]  # per passage: the words it puts in bold (what it defines)
    known: frozenset[str] = field(default_factory=frozenset)


#: A rule key's passage (``key-…`` topics) weighs this much against a passage of the rules.
SETTING_WEIGHT = 0.75
#: A passage that puts a word of the question in bold (defines it) weighs this much more.
DEFINES = 1.25


#: A question that asks what something is.
_DEFINITION = re.compile(r"\b(was\s+(ist|sind|isch|heisst|bedeutet)|what\s+(is|are|does)|wer\s+ist|bedeutet|heisst|"
                         r"mean|means|meaning)\b", re.IGNORECASE)  # fmt: skip


def _defining(tokens: list[str], index: _Index) -> list[int]:
    wanted = set(tokens)
    return [i for i, bold in enumerate(index.bold) if bold & wanted]


@lru_cache(maxsize=1)
def _index() -> _Index:
    documents, vocabulary = [], set()
    topic_words = {t.key: words(" ".join([t.title["de"], t.title["en"], *t.aliases])) for t in TOPICS}
    for p in PASSAGES:
        tokens = words(p.de) + words(p.en) + words(p.also) + topic_words.get(p.topic, [])
        vocabulary.update(tokens)
        documents.append(_stems(tokens))
    vocabulary.update(SYNONYMS.values())
    weights = np.array([SETTING_WEIGHT if p.topic.startswith("key-") or p.topic == "examples" else 1.0
                        for p in PASSAGES])  # fmt: skip
    bold = [set(words(" ".join(b for b in re.findall(r"\*\*(.+?)\*\*", p.de + " " + p.en) if len(b.split()) <= 2)))
            for p in PASSAGES]  # fmt: skip
    return _Index(PASSAGES, BM25Okapi(documents, k1=1.2, b=0.5), sorted(vocabulary), documents, weights, bold,
                  frozenset(vocabulary))  # fmt: skip


def _corrected(token: str, index: _Index) -> str:
    """A word the passages do not know, replaced by the closest one they do (a misspelling)."""
    if token in index.known or token in SYNONYMS or len(token) < 4 or token.isdigit():
        return token
    # Same first letter: a typo is rarely there ("Puuur", "untertrumfen"), and "poker" is no "ober".
    candidates = [w for w in SYNONYMS.keys() | index.known if w[:1] == token[:1]]
    match = process.extractOne(token, candidates, scorer=fuzz.ratio, score_cutoff=80)
    if match is None:
        return token
    return SYNONYMS.get(match[0], match[0])


@dataclass(frozen=True)
class Answer:
    """What a question found: its passages best first (empty: nothing), and the topics nearest."""

    question: str
    passages: list[Passage]
    topics: list[Topic]


#: A passage's score must reach this share of the best one's to be offered as "Meintest du …?".
RELATED = 0.5
#: Below this score nothing is taken to be found.
FOUND = 1.0
#: ... nor where the best passage holds no more than this share of the question's words (stems).
COVERED = 0.5


def ask(question: str, lang: str = "de", limit: int = 4) -> Answer:
    """The passages that answer ``question`` best first (at most ``limit``), in the reader's ``lang``
    (both languages are searched)."""
    index = _index()
    tokens = [QUERY_NUMBERS.get(t, t) for t in (_corrected(t, index) for t in words(question))]
    if not tokens:
        return Answer(question, [], _nearest_topics(question))
    scores = index.bm25.get_scores(_stems(tokens)) * index.weights
    if _DEFINITION.search(question):  # "Was ist X?": the passage that puts X in bold says what it is
        for i in _defining(tokens, index):
            scores[i] *= DEFINES
    ranked = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    best = float(scores[ranked[0]]) if ranked else 0.0
    top = set(index.documents[ranked[0]]) if ranked else set()
    covered = sum(bool(set(_stems([t])) & top) for t in tokens) / len(tokens)  # the question's words it holds
    unknown = any(t not in index.known for t in tokens)
    # "Wo ist der nächste Bahnhof?" shares one word with a rule, and the other is no word of the rules.
    if best < FOUND or covered < COVERED or (covered <= COVERED and unknown):
        return Answer(question, [], _nearest_topics(question))
    chosen: list[Passage] = []
    for i in ranked:
        if len(chosen) >= limit or scores[i] < best * RELATED:
            break
        if all(index.passages[i].text(lang) != c.text(lang) for c in chosen):
            chosen.append(index.passages[i])
    return Answer(question, chosen, [])


def _nearest_topics(question: str, n: int = 3) -> list[Topic]:
    """The topics whose titles are closest to the question (for "nothing found")."""
    titles = {t.key: f"{t.title['de']} {t.title['en']} {' '.join(t.aliases)}" for t in TOPICS
              if not t.key.startswith("key-")}  # fmt: skip
    found = process.extract(question.lower(), titles, scorer=fuzz.token_set_ratio, limit=n)
    keys = [key for _, _, key in found]
    return [t for key in keys for t in TOPICS if t.key == key]


def topic_of(key: str) -> Topic | None:
    return next((t for t in TOPICS if t.key == key), None)
