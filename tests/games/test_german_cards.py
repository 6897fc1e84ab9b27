"""German-suited cards: their names, and the SVG the site draws for them."""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.template import engines
from django.template.loader import render_to_string

from games import german_cards
from games.cards import RANK_LABELS
from games.german_cards import GERMAN_RANK_LABELS, german_card_name
from rules_engine.cards import CODES


class TestNames:
    def test_every_card_has_its_own_german_name(self):
        names = {german_card_name(code) for code in CODES}
        assert len(names) == 32

    @pytest.mark.parametrize(
        ("code", "name"),
        [("QC", "Eichel-Ober"), ("AS", "Gras-Sau"), ("TD", "Schellen-Zehn"), ("7H", "Herz-Sieben")],
    )
    def test_a_card_is_named_suit_then_rank(self, code, name):
        assert german_card_name(code) == name

    @pytest.mark.parametrize("code", ["QX", "1C", "qc", "", "QCX", None])
    def test_a_bad_code_is_refused(self, code):
        with pytest.raises(ValueError, match="is not a card"):
            german_card_name(code)

    def test_every_rank_has_a_corner_label(self):
        assert {code[0] for code in CODES} == set(GERMAN_RANK_LABELS)
        assert GERMAN_RANK_LABELS["Q"] == "O" and GERMAN_RANK_LABELS["J"] == "U"

    def test_the_module_examples_hold(self):
        result = doctest.testmod(german_cards)
        assert result.attempted and not result.failed


@dataclass(frozen=True)
class Face:
    """A face as the table passes it (games.table.Face carries ``german`` too)."""

    code: str
    up: bool
    rank: str
    suit: str
    red: bool
    trump: bool
    german: bool


@dataclass(frozen=True)
class OldFace:
    """A face from before German cards: no ``german`` at all."""

    code: str
    up: bool
    rank: str
    suit: str
    red: bool
    trump: bool


#: card_svg.html as it was before German cards (commit 5e13f97), kept so the French cards
#: can be held to it byte for byte.
FRENCH_TEMPLATE = Path(__file__).parents[1] / "data" / "templates" / "card_svg_french.html"


def draw(face) -> str:
    return render_to_string("games/includes/card_svg.html", {"face": face})


def draw_as_before(face) -> str:
    return engines["django"].from_string(FRENCH_TEMPLATE.read_text()).render({"face": face})


def german_face(code: str, trump: bool = False) -> Face:
    return Face(code, True, GERMAN_RANK_LABELS[code[0]], code[1], code[1] == "H", trump, True)


def sign(suit: str) -> str:
    return render_to_string("games/includes/german_suit.html", {"suit": suit})


def big_sign_top(svg: str) -> float:
    """Where the big sign starts, in card units from the top (the last translate)."""
    return float(re.findall(r"translate\([\d.]+ ([\d.]+)\)", svg)[-1])


class TestFrenchCardsAreUnchanged:
    @pytest.mark.parametrize("trump", [False, True])
    @pytest.mark.parametrize("code", CODES)
    def test_a_french_face_draws_as_before(self, code, trump):
        args = (code, True, RANK_LABELS[code[0]], code[1], code[1] in "HD", trump)
        before = draw_as_before(OldFace(*args))
        assert draw(Face(*args, german=False)) == before
        assert draw(OldFace(*args)) == before

    def test_a_lesson_face_without_german_draws_as_before(self):
        face = {"code": "TH", "up": True, "rank": "10", "suit": "H", "red": True, "trump": True}
        assert draw(face) == draw_as_before(face)

    @pytest.mark.parametrize("german", [False, True])
    def test_a_face_down_card_shows_its_back_in_either_deck(self, german):
        down = Face("", False, "", "", False, False, german)
        assert draw(down) == draw_as_before(down)
        assert draw(None) == draw_as_before(None)


class TestGermanCards:
    @pytest.mark.parametrize("code", CODES)
    def test_a_german_card_shows_its_label_and_its_suit_sign_twice(self, code):
        svg = draw(german_face(code))
        assert f'<g class="gsuit-{code[1]}">' in svg
        assert f'class="card-rank" x="4" y="20">{GERMAN_RANK_LABELS[code[0]]}</text>' in svg
        assert svg.count(sign(code[1])) == 2

    def test_each_suit_has_its_own_sign_and_only_the_heart_is_the_french_one(self):
        signs = {suit: sign(suit) for suit in "CSHD"}
        assert all("<path" in s for s in signs.values()) and len(set(signs.values())) == 4
        for suit, german in signs.items():
            french = render_to_string("games/includes/suit.html", {"suit": suit}).strip()
            assert (french in german) == (suit == "H")

    def test_german_ink_is_not_the_french_or_four_colour_ink(self):
        svg = draw(german_face("QC"))
        assert not re.search(r'ink-(red|black)|[" ]suit-[CSHD]', svg)

    def test_trump_is_marked_with_the_same_band(self):
        trump, plain = draw(german_face("JS", trump=True)), draw(german_face("JS"))
        french = draw_as_before(OldFace("JS", True, "J", "S", False, True))
        band = re.search(r'<path class="trump-band".*?</text>', french).group()
        assert band in trump and "trump-band" not in plain

    @pytest.mark.parametrize("trump", [False, True])
    def test_the_ober_holds_its_sign_high_and_the_unter_low(self, trump):
        ober, unter, king = (big_sign_top(draw(german_face(c, trump))) for c in ("QC", "JC", "KC"))
        assert ober < king < unter

    @pytest.mark.parametrize("trump", [False, True])
    def test_no_sign_reaches_the_trump_band_or_the_card_edge(self, trump):
        for code in CODES:
            svg = draw(german_face(code, trump))
            placed = re.findall(r"translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\)", svg)
            x, y, scale = map(float, placed[-1])
            assert 1 <= x and x + 100 * scale <= 59
            assert 1 <= y and y + 100 * scale <= (66 if trump else 83)


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


class TestGermanInks:
    CSS = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text()

    def test_each_suits_ink_reads_as_text_on_the_light_and_the_dark_card(self):
        card_faces = re.findall(r"\.card-svg \.card-bg \{ fill: (#[0-9a-f]{6});", self.CSS)
        inks = dict(re.findall(r"\.card-svg \.gsuit-([CSHD]) \{ fill: (#[0-9a-f]{6});", self.CSS))
        assert len(card_faces) == 2 and set(inks) == set("CSHD")
        for ink in inks.values():
            assert all(_contrast(ink, face) >= 4.5 for face in card_faces), ink
