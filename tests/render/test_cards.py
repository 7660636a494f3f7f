"""Card pictures: 72 distinct faces drawn by the project, deterministic, at every size used."""

import hashlib
import re
from pathlib import Path

import pytest

from bot.render.cards import EMOJI_SIZE, all_faces, card_image, card_name, emoji_image, png_bytes, write_gallery
from bot.rules.cards import FRENCH_SUITS

ROOT = Path(__file__).resolve().parents[2]


def pixels(image) -> str:
    return hashlib.sha256(image.tobytes()).hexdigest()


def test_seventy_two_distinct_faces_of_the_right_size():
    faces = all_faces()
    assert len(faces) == 72
    seen = set()
    for card, kind in faces:
        image = card_image(card, 120, kind)
        assert image.height == 120 and 70 <= image.width <= 82, (card, kind, image.size)
        seen.add(pixels(image))
    assert len(seen) == 72, "no two cards look the same"


@pytest.mark.parametrize("height", [32, 120])
def test_drawing_is_deterministic(height):
    for card in (0, 13, 26, 35):
        assert png_bytes(card_image(card, height, "french")) == png_bytes(card_image(card, height, "french"))


def test_emoji_faces_are_square_distinct_and_small_enough_for_discord():
    seen = set()
    for card, kind in all_faces():
        image = emoji_image(card, kind)
        assert image.size == (EMOJI_SIZE, EMOJI_SIZE)
        assert len(png_bytes(image)) < 256 * 1024  # Discord's emoji limit
        seen.add(pixels(image))
    assert len(seen) == 72


def test_names_are_valid_emoji_names_and_follow_the_french_mapping():
    names = {card_name(card, kind) for card, kind in all_faces()}
    assert len(names) == 72
    assert all(re.fullmatch(r"[a-z0-9_]{2,25}", n) for n in names)  # room for a version suffix in 32
    assert card_name(10, "swiss") == "swiss_rose_7"
    # The French face of a card depends on the table's mapping; every mapping uses the same 36 faces.
    for french_map, suits in FRENCH_SUITS.items():
        assert card_name(10, "french", french_map) == f"french_{suits[1]}_7"
        assert {card_name(c, "french", french_map) for c in range(36)} == {n for n in names if n.startswith("french")}


def test_gallery_script_writes_every_card_and_the_page(tmp_path):
    files = write_gallery(tmp_path / "cards", tmp_path / "cards.md", height=40)
    assert len(files) == 72 and all(f.stat().st_size > 0 for f in files)
    page = (tmp_path / "cards.md").read_text(encoding="utf-8")
    assert all(f"(cards/{f.name})" in page for f in files)


def test_the_committed_gallery_shows_all_72_cards():
    page = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    linked = re.findall(r"\((cards/[a-z0-9_]+\.png)\)", page)
    assert len(set(linked)) == 72
    assert all((ROOT / "docs" / link).is_file() for link in linked)
