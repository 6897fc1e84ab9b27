"""Every table sentence, word for word, for each kind of subject and result.

The subject is the human ("You"), a computer player by name, or the picker's
side; each kind has its own whole sentence, so the verb agrees ("You win",
"Dale wins", "Dale and Ann win") and no line is said twice.
"""

from __future__ import annotations

import html as html_text
import re
from types import SimpleNamespace

import pytest
from moves import hand_over, play_until

from games import sentences
from games.services import load_table
from games.table import Seat, _contract_line, _event, _result, hand_summary
from rules_engine.actions import Action
from rules_engine.result import HandResult

YOU = sentences.Who("You", is_you=True)
DALE = sentences.Who("Dale", is_you=False)
ANNA = sentences.Who("Anna", is_you=False)

#: Phrases no sentence of the table may contain: a verb that disagrees with its subject.
DISAGREEING = re.compile(
    r"\bYou (wins|plays|is|has|takes|pays)\b|\balone win\b|\byou (wins|is)\b", re.IGNORECASE
)


def seats(human: int = 0) -> list[Seat]:
    """Five seats as the table names them: "You" in ``human``'s, the computers by name."""
    names = {0: "You", 1: "Anna", 2: "Ben", 3: "Clara", 4: "Dale"}
    return [
        Seat(seat=s, offset=s, name=names[s], label=names[s], level="", position="",
             cards_left=0, score=0, is_human=s == human)
        for s in range(5)
    ]  # fmt: skip


def result_of(result: HandResult, buried=("7C", "8C")) -> dict:
    """The end-of-hand summary the table shows the human (seat 0) for ``result``."""
    return _result(SimpleNamespace(result=result, seat=0, buried=buried), seats())


def called(picker, partner, points, tricks, scores) -> HandResult:
    return HandResult(True, "called", picker, partner, "AH", points, tricks, scores)


def alone(picker, points, tricks, scores) -> HandResult:
    return HandResult(True, "alone", picker, None, None, points, tricks, scores)


# -- what just happened, and whose turn ------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "card", "yours", "theirs"),
    [
        ("deal", "", "You deal.", "Dale deals."),
        ("pass", "", "You passed.", "Dale passed."),
        ("pick", "", "You picked up the blind.", "Dale picked up the blind."),
        ("bury", "", "You buried two cards.", "Dale buried two cards."),
        ("call", "ace of hearts", "You called the ace of hearts.",
         "Dale called the ace of hearts."),
        ("alone", "", "You play alone.", "Dale plays alone."),
        ("unknown", "", "You set a card aside: the unknown.",
         "Dale set a card aside: the unknown."),
        ("play", "queen of clubs", "You played the queen of clubs.",
         "Dale played the queen of clubs."),
        ("play_face_down", "", "You played a face-down card.", "Dale played a face-down card."),
        ("take", "", "You took the trick.", "Dale took the trick."),
        ("take_last", "", "You took the last trick.", "Dale took the last trick."),
    ],
)  # fmt: skip
def test_each_event_has_a_sentence_for_you_and_one_for_a_named_player(kind, card, yours, theirs):
    assert sentences.event_sentence(kind, YOU, card) == yours
    assert sentences.event_sentence(kind, DALE, card) == theirs


def test_a_face_down_card_is_played_without_an_article_glued_to_it():
    view = SimpleNamespace(
        actions=((4, Action("play")),),
        phase="play",
        tricks=(),
        trick=SimpleNamespace(cards=(None,)),
    )
    assert _event(view, seats()) == "Dale played a face-down card."


def test_whose_turn_to_play_agrees_with_its_subject():
    assert sentences.to_play_status(DALE) == "Dale to play"
    assert sentences.to_play_status(YOU) == "Your turn to play"


# -- the contract -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("picker", "partner", "is_alone", "expected"),
    [
        (YOU, None, True, "You picked and play alone."),
        (DALE, None, True, "Dale picked and plays alone."),
        (YOU, None, False, "You picked and called the ace of hearts."),
        (DALE, None, False, "Dale picked and called the ace of hearts."),
        (YOU, DALE, False, "You picked and called the ace of hearts; Dale is your partner."),
        (DALE, YOU, False, "Dale picked and called the ace of hearts; you are the partner."),
        (DALE, ANNA, False, "Dale picked and called the ace of hearts; Anna is the partner."),
    ],
)
def test_the_contract_line_for_each_picker_and_partner(picker, partner, is_alone, expected):
    card = "" if is_alone else "ace of hearts"
    assert sentences.contract_sentence(picker, alone=is_alone, card=card, partner=partner) == (
        expected
    )


def test_while_the_picker_buries_the_contract_line_does_not_repeat_the_pick():
    """The old page said "You picked" over "You picked up the blind."."""
    view = SimpleNamespace(contract=None, picker=0, partner=None, called=None)
    assert _contract_line(view, seats()) == ""
    picked = SimpleNamespace(
        actions=((0, Action("pick")),), phase="bury", tricks=(), trick=None, dealer=4
    )
    assert _event(picked, seats()) == "You picked up the blind."


def test_the_contract_line_of_a_called_game_names_a_partner_once_known():
    view = SimpleNamespace(contract="called", picker=4, partner=0, called="AH")
    assert _contract_line(view, seats()) == (
        "Dale picked and called the ace of hearts; you are the partner."
    )


# -- the result --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("picker", "partner", "wins", "loses"),
    [
        (YOU, None, "Playing alone, you win with 74 of 120 points.",
         "The defenders win: playing alone, you took only 74 of 120 points."),
        (DALE, None, "Playing alone, Dale wins with 74 of 120 points.",
         "The defenders win: playing alone, Dale took only 74 of 120 points."),
        (YOU, DALE, "You and Dale win with 74 of 120 points.",
         "The defenders win: you and Dale took only 74 of 120 points."),
        (DALE, YOU, "Dale and you win with 74 of 120 points.",
         "The defenders win: Dale and you took only 74 of 120 points."),
        (DALE, ANNA, "Dale and Anna win with 74 of 120 points.",
         "The defenders win: Dale and Anna took only 74 of 120 points."),
    ],
)  # fmt: skip
def test_the_picker_sides_headline_for_each_kind_of_side(picker, partner, wins, loses):
    assert sentences.side_wins(picker, partner, 74) == wins
    assert sentences.side_loses(picker, partner, 74) == loses


def test_the_leaster_headline_agrees_with_the_winner_and_the_number():
    assert sentences.leaster_winner(YOU, 17) == "Leaster: you win with 17 points."
    assert sentences.leaster_winner(DALE, 17) == "Leaster: Dale wins with 17 points."
    assert sentences.leaster_winner(YOU, 1) == "Leaster: you win with 1 point."
    assert sentences.leaster_winner(DALE, 0) == "Leaster: Dale wins with 0 points."


def test_what_you_receive_or_pay_is_one_point_or_several():
    assert sentences.your_payment(1) == "You receive 1 point."
    assert sentences.your_payment(4) == "You receive 4 points."
    assert sentences.your_payment(-1) == "You pay 1 point."
    assert sentences.your_payment(-12) == "You pay 12 points."
    assert sentences.your_payment(0) == "You neither receive nor pay."


def test_each_sides_card_points_in_whole_sentences():
    assert sentences.side_points_sentence(74, 5) == (
        "The picker's side took 74 points, the bury's 5 included."
    )
    assert sentences.side_points_sentence(74, 0) == "The picker's side took 74 points."
    assert sentences.defender_points_sentence(46) == "The defenders took 46 points."
    assert sentences.defender_points_sentence(1) == "The defenders took 1 point."


def test_dale_alone_winning_is_a_whole_sentence_and_you_pay_once():
    """The old page said "Dale alone win with 94 of 120 points." and "You pay 4." twice."""
    summary = result_of(
        alone(4, (0, 10, 10, 6, 94), (0, 1, 1, 1, 3), (-2, -2, -2, -2, 8)), buried=()
    )
    assert summary["headline"] == "Playing alone, Dale wins with 94 of 120 points."
    assert summary["you"] == "You pay 2 points."
    assert summary["side_line"] == "The picker's side took 94 points."
    assert summary["defender_line"] == "The defenders took 26 points."
    assert summary["notes"] == ["Schneider: the defenders took 29 points or fewer."]


def test_a_leaster_you_win_says_you_win():
    """The old page said "Leaster: You wins with 17 points."."""
    summary = result_of(
        HandResult(True, "leaster", None, None, None, (17, 30, 25, 28, 20), (1, 2, 1, 1, 1),
                   (4, -1, -1, -1, -1))
    )  # fmt: skip
    assert summary["headline"] == "Leaster: you win with 17 points."
    assert summary["you"] == "You receive 4 points."


def test_a_leaster_with_a_tie_says_nobody_wins():
    summary = result_of(
        HandResult(True, "leaster", None, None, None, (20, 30, 20, 28, 22), (1, 2, 1, 1, 1),
                   (0, 0, 0, 0, 0))
    )  # fmt: skip
    assert summary["headline"] == "Leaster: a tie for the fewest points, so nobody wins."
    assert summary["you"] == "You neither receive nor pay."


def test_you_as_the_partner_of_a_plain_win_receive_one_point():
    summary = result_of(called(4, 0, (30, 10, 10, 20, 50), (2, 1, 1, 1, 1), (1, -1, -1, -1, 2)))
    assert summary["headline"] == "Dale and you win with 80 of 120 points."
    assert summary["you"] == "You receive 1 point."
    assert summary["notes"] == []


def test_schwarz_and_schneider_are_named_for_either_side():
    no_defender_trick = result_of(
        called(0, 4, (70, 0, 0, 0, 50), (3, 0, 0, 0, 3), (6, -3, -3, -3, 3))
    )
    assert no_defender_trick["headline"] == "You and Dale win with 120 of 120 points."
    assert no_defender_trick["notes"] == ["Schwarz: the defenders took no trick."]
    no_picker_trick = result_of(
        called(0, 4, (2, 40, 40, 38, 0), (0, 2, 2, 2, 0), (-12, 6, 6, 6, -6))
    )
    assert no_picker_trick["headline"] == (
        "The defenders win: you and Dale took only 2 of 120 points."
    )
    assert no_picker_trick["notes"] == ["Schwarz: the picker's side took no trick."]
    assert no_picker_trick["you"] == "You pay 12 points."
    schneider = result_of(called(1, 2, (40, 10, 10, 30, 30), (2, 1, 1, 1, 1), (2, -4, -2, 2, 2)))
    assert schneider["headline"] == ("The defenders win: Anna and Ben took only 20 of 120 points.")
    assert schneider["notes"] == ["Schneider: the picker's side took 30 points or fewer."]


def test_the_score_sheet_label_names_you_in_lower_case_after_a_name():
    names = ["You", "Anna", "Ben", "Clara", "Dale"]
    assert hand_summary({"contract": "called", "picker": 4, "partner": 0}, names, 0) == (
        "Dale with you"
    )
    assert hand_summary({"contract": "called", "picker": 0, "partner": 4}, names, 0) == (
        "You with Dale"
    )
    assert hand_summary({"contract": "called", "picker": 1, "partner": 4}, names, 0) == (
        "Anna with Dale"
    )
    assert hand_summary({"contract": "alone", "picker": 0, "partner": None}, names, 0) == (
        "You alone"
    )
    assert hand_summary({"contract": "leaster"}, names, 0) == "Leaster"


# -- the whole set, and a real page ----------------------------------------------------------------


def every_sentence() -> list[str]:
    """Every sentence the builders make, for every subject kind and result kind."""
    who = [YOU, DALE]
    sides = [(YOU, None), (DALE, None), (YOU, DALE), (DALE, YOU), (DALE, ANNA)]
    said = [sentences.event_sentence(k, w, "ace of hearts") for k in sentences.EVENTS for w in who]
    said += [sentences.deciding_status(p, w, live=live) for p in sentences.DECIDING for w in who
             for live in (True, False)]  # fmt: skip
    said += [sentences.to_play_status(w) for w in who]
    said += [sentences.side_wins(p, q, n) for p, q in sides for n in (61, 120)]
    said += [sentences.side_loses(p, q, n) for p, q in sides for n in (0, 60)]
    said += [sentences.contract_sentence(p, alone=q is None, card="ace of hearts", partner=q)
             for p, q in sides]  # fmt: skip
    said += [sentences.leaster_winner(w, n) for w in who for n in (1, 17)]
    said += [sentences.your_payment(n) for n in (-6, -1, 0, 1, 4)]
    return said


def test_no_sentence_has_a_verb_that_disagrees_with_its_subject():
    said = every_sentence()
    assert len(said) > 60
    assert [s for s in said if DISAGREEING.search(s)] == []
    # The check itself catches the sentences the old page made.
    for wrong in ("Leaster: You wins with 17 points.", "Dale alone win with 94 of 120 points.",
                  "You is deciding whether to pick", "You plays alone."):  # fmt: skip
        assert DISAGREEING.search(wrong)


def page_lines(html: str) -> list[str]:
    """The text of each paragraph and heading of the table page, as a reader sees it (the
    live region, which only speaks changes, aside)."""
    html = re.sub(r'<p id="announcer".*?</p>', "", html, flags=re.S)
    return [
        html_text.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", m))).strip()
        for m in re.findall(r"<(?:p|h2)\b[^>]*>(.*?)</(?:p|h2)>", html, re.S)
    ]


def expected_headline(result, names: list[str], human: int) -> str:
    """What the headline must say, from the hand's facts (independent of the builder)."""
    if result.contract == "leaster":
        winner = next(s for s in range(5) if result.scores[s] > 0)
        subject = "you win" if winner == human else f"{names[winner]} wins"
        return f"Leaster: {subject} with {result.points[winner]} points."
    side = [result.picker] + ([result.partner] if result.partner is not None else [])
    points = sum(result.points[s] for s in side)
    who = ["you" if s == human else names[s] for s in side]
    if len(side) == 1:
        if points >= 61:
            verb = "win" if side == [human] else "wins"
            return f"Playing alone, {who[0]} {verb} with {points} of 120 points."
        return f"The defenders win: playing alone, {who[0]} took only {points} of 120 points."
    pair = f"{who[0]} and {who[1]}"
    if points >= 61:
        return f"{pair[0].upper()}{pair[1:]} win with {points} of 120 points."
    return f"The defenders win: {pair} took only {points} of 120 points."


@pytest.mark.django_db
#: The dealer of the first hand: the human is a defender (1, 3, 4) or the partner (2), and
#: in each case a computer player picks; the headline and payment differ with each.
@pytest.mark.parametrize("dealer", [1, 2, 3, 4])
def test_a_finished_hand_on_the_table_page_says_each_thing_once(client, guest, new_match, dealer):
    match = play_until(new_match(seed=bytes([dealer]) + bytes(31)), guest, hand_over)
    result = load_table(match).state.result()
    names = ["You", "Anna", "Ben", "Clara", "Dale"]
    names = [names[(s - match.human_seat) % 5] for s in range(5)]
    html = client.get(f"/play/{match.pk}/").content.decode()
    lines = [line for line in page_lines(html) if line]

    mine = result.scores[match.human_seat]
    payment = sentences.your_payment(mine)
    assert payment.startswith("You receive " if mine > 0 else "You pay " if mine < 0 else "You ")
    # Said once, in the result: not again in the status line.
    assert [line for line in lines if payment in line] == [payment]
    assert "The hand is over." in lines
    assert expected_headline(result, names, match.human_seat) in lines
    repeated = {line for line in lines if lines.count(line) > 1}
    assert repeated == set()
    assert [line for line in lines if DISAGREEING.search(line)] == []
