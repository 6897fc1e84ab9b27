"""The course and lesson pages, answering exercises, and progress for guests and accounts."""

from __future__ import annotations

import re

import pytest
import schafkopf_answers
from django.contrib.auth import get_user_model
from django.urls import reverse
from factories import LessonProgressFactory, UserFactory

from games.models import Match
from rules_engine.cards import CODES, parse_card
from rules_engine.ranking import SHEEPSHEAD
from tutorials import views
from tutorials.course import course, lesson_by_slug
from tutorials.exercises import call_options, points_answer, trumps_out
from tutorials.models import LessonProgress
from tutorials.progress import SESSION_KEY

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}
PASSWORD = "a-long-and-unusual-passphrase-42"


def answer_url(slug: str, exercise_id: str) -> str:
    return reverse("tutorials:answer", args=[slug, exercise_id])


def exercise(slug: str, exercise_id: str):
    return lesson_by_slug(slug).exercise(exercise_id)


def right_answer(ex) -> dict:
    """The POST that answers an exercise right, worked out from the engine or the data."""
    kind, spec, state = ex.kind, ex.spec, ex.state
    if kind == "winner":
        leader, cards, winner = state.tricks[spec.get("trick", -1)]
        return {"card": CODES[cards[(winner - leader) % 5]]}
    if kind == "legal":
        return {"selected": [a.card for a in state.legal_actions()], "check": "1"}
    if kind == "trumps":
        hand = state.view(ex.seat).hand
        return {"selected": [c for c in hand if SHEEPSHEAD.is_trump(parse_card(c))], "check": "1"}
    if kind == "points":
        return {"number": str(points_answer(ex))}
    if kind == "count_trumps":
        return {"number": str(trumps_out(ex))}
    if kind == "scores":
        return {f"score-{s}": str(v) for s, v in enumerate(state.result().scores)}
    if kind == "play":
        return {"card": spec["answer"][0]}
    if kind == "pick":
        return {"decision": spec["answer"]}
    if kind == "bury":
        return {"selected": spec["answer"][0], "check": "1"}
    if kind == "call":
        first = spec["answer"][0]
        return {"decision": "alone"} if first == "alone" else {"card": first}
    if kind == "choice":
        return {"choice": str(spec["answer"])}
    return schafkopf_answers.right_fields(ex)


def solve(client, slug: str, exercise_id: str):
    response = client.post(
        answer_url(slug, exercise_id), right_answer(exercise(slug, exercise_id)), **HX
    )
    assert response.status_code == 200
    assert 'data-feedback="right"' in response.content.decode(), exercise_id
    return response


def section_of(html: str, ex) -> str:
    match = re.search(rf'<section id="{ex.dom_id}".*?</section>', html, re.S)
    assert match, ex.id
    return match.group(0)


# -- pages -------------------------------------------------------------------------------


def test_the_course_page_lists_the_ten_lessons_and_starts_at_lesson_one(client):
    response = client.get(reverse("tutorials:course"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Learn to play Sheepshead" in html
    assert html.count('class="learn-lesson"') == 10
    for lesson in course():
        assert reverse("tutorials:lesson", args=[lesson.slug]) in html
        assert lesson.title in html
    assert "0 of 10 lessons done" in html
    start = re.search(r'data-continue href="([^"]+)"', html).group(1)
    assert start == reverse("tutorials:lesson", args=["cards"])
    assert "Start with lesson 1" in html


def test_the_pages_link_their_own_stylesheet_and_nothing_remote(client):
    for url in (reverse("tutorials:course"), reverse("tutorials:lesson", args=["tricks"])):
        html = client.get(url).content.decode()
        assert '<link rel="stylesheet" href="/static/css/tutorials.css">' in html
        assert not re.search(r'(?:src|href)="(?:https?:)?//', html)


def test_a_lesson_page_shows_its_text_and_its_exercises(client):
    response = client.get(reverse("tutorials:lesson", args=["tricks"]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Lesson 3: Following suit and who wins a trick" in html
    assert "You must follow suit if you can." in html
    assert html.count('class="exercise"') == 5
    assert "0 of 5 exercises done" in html
    assert reverse("tutorials:lesson", args=["picking"]) in html  # the next lesson


def test_cards_are_buttons_named_like_the_card_with_its_code(client):
    html = client.get(reverse("tutorials:lesson", args=["tricks"])).content.decode()
    ten = re.search(
        r'<button type="submit" class="lc-card[^"]*" name="card" value="TC"[^>]*>', html
    )
    assert ten, "the ten of clubs is a button"
    assert 'data-card="TC"' in ten.group(0)
    assert 'aria-label="ten of clubs"' in ten.group(0)
    queen = re.search(r'<button[^>]*value="QC"[^>]*>', html).group(0)
    assert 'aria-label="queen of clubs"' in queen and 'aria-pressed="false"' in queen


def test_french_cards_are_drawn_as_the_table_draws_them_and_german_cards_by_name(client):
    # DESIGN.md: the site draws its cards as SVG; Schafkopf's German cards keep their names.
    html = client.get(reverse("tutorials:lesson", args=["tricks"])).content.decode()
    ten = re.search(r'<button[^>]*value="TC"[^>]*>(.*?)</button>', html, re.S)
    assert 'class="lc-card is-svg"' in ten.group(0)
    assert '<svg class="card-svg"' in ten.group(1) and 'class="card-rank"' in ten.group(1)
    german = client.get(reverse("tutorials:lesson", args=["schafkopf"])).content.decode()
    german_cards = len(re.findall(r'class="lc-card[^"]*is-german', german))
    drawn_cards = len(re.findall(r'class="lc-card[^"]*is-svg', german))
    assert german_cards and german.count('<svg class="card-svg"') == drawn_cards
    named = r'class="lc-card[^"]*is-german[^"]*"[^>]*aria-label="(Eichel|Gras|Herz|Schellen)-'
    assert re.search(named, german)


def test_a_lesson_draws_its_cards_in_the_deck_chosen_at_the_table(client):
    lesson = reverse("tutorials:lesson", args=["tricks"])
    assert "deck-four" not in client.get(lesson).content.decode()
    client.post("/play/new", {"level": "beginner"})  # a guest player, who has a table
    match = Match.objects.get()
    client.post(f"/play/{match.pk}/speed", {"deck": "four"}, HTTP_HX_REQUEST="true")
    assert 'class="learn lesson deck-four"' in client.get(lesson).content.decode()


def test_an_unknown_lesson_or_exercise_is_not_found(client):
    assert client.get("/learn/no-such-lesson/").status_code == 404
    assert client.post(answer_url("tricks", "no-such-exercise"), {"card": "TC"}).status_code == 404
    assert client.post(answer_url("nothing", "two-trumps"), {"card": "TC"}).status_code == 404


def test_answering_takes_a_post(client):
    assert client.get(answer_url("tricks", "highest-of-the-suit")).status_code == 405


# -- answers ----------------------------------------------------------------------------------


def test_a_right_answer_is_confirmed_and_counted(client):
    response = client.post(answer_url("tricks", "highest-of-the-suit"), {"card": "TC"}, **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html  # only the exercise, for htmx to swap in
    assert html.lstrip().startswith('<section id="ex-highest-of-the-suit"')
    assert 'data-feedback="right"' in html and "Right!" in html
    assert "the ten of clubs is the highest card of clubs, the suit led" in html
    assert 'href="#ex-follow-clubs"' in html  # on to the next exercise
    assert 'id="lesson-progress"' in html and 'hx-swap-oob="true"' in html
    assert "1 of 5 exercises done" in html
    assert "HX-Request" in response["Vary"]
    assert client.session[SESSION_KEY] == {"tricks": ["highest-of-the-suit"]}


def test_a_wrong_answer_is_explained_in_the_words_of_the_rule(client):
    response = client.post(answer_url("tricks", "highest-of-the-suit"), {"card": "AH"}, **HX)
    html = response.content.decode()
    assert 'data-feedback="wrong"' in html
    assert "The ace of hearts does not win this trick." in html
    assert "neither trump nor clubs, the suit led, so it can&#x27;t win this trick" in html
    assert "Try again." in html
    assert SESSION_KEY not in client.session
    # The king of clubs lost to a higher club: the rule names the order, not the winner.
    html = client.post(answer_url("tricks", "highest-of-the-suit"), {"card": "KC"}, **HX)
    assert "A higher card of clubs was played: clubs ranks A 10 K 9 8 7." in html.content.decode()


def test_a_wrong_answer_can_be_tried_again(client):
    client.post(answer_url("tricks", "highest-of-the-suit"), {"card": "9C"}, **HX)
    retry = client.post(answer_url("tricks", "highest-of-the-suit"), {"card": "TC"}, **HX)
    assert 'data-feedback="right"' in retry.content.decode()
    assert client.session[SESSION_KEY] == {"tricks": ["highest-of-the-suit"]}


def test_an_illegal_card_is_refused_with_the_engines_rule(client):
    url = answer_url("tricks", "follow-clubs")
    html = client.post(url, {"selected": ["QC", "AC"], "check": "1"}, **HX).content.decode()
    assert "Not the queen of clubs: you have clubs, so you must follow clubs." in html
    assert "You left out 1 card that may be played." in html
    schmier = answer_url("strategy", "schmier")
    html = client.post(schmier, {"card": "AH"}, **HX).content.decode()
    assert "the partner keeps the called ace until hearts is led" in html
    partner = answer_url("calling", "partner-plays-the-ace")
    html = client.post(partner, {"selected": ["7H"], "check": "1"}, **HX).content.decode()
    assert "hearts is led for the first time: the partner must play the called ace" in html


def test_choosing_a_card_marks_it_and_judges_nothing(client):
    url = answer_url("tricks", "follow-clubs")
    html = client.post(url, {"toggle": "AC"}, **HX).content.decode()
    assert re.search(r'value="AC"[^>]*aria-pressed="true"', html)
    assert re.search(r'value="8C"[^>]*aria-pressed="false"', html)
    assert '<input type="hidden" name="selected" value="AC">' in html
    assert "data-feedback" not in html
    html = client.post(url, {"toggle": "AC", "selected": ["AC"]}, **HX).content.decode()
    assert not re.search(r'aria-pressed="true"', html)
    # A card that is not in the hand can't be chosen.
    html = client.post(url, {"toggle": "QS"}, **HX).content.decode()
    assert 'data-card="QS"' not in html and 'value="QS"' not in html


def test_without_htmx_the_whole_lesson_page_comes_back_with_the_verdict(client):
    response = client.post(answer_url("tricks", "two-trumps"), {"card": "JD"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and "Lesson 3:" in html
    section = section_of(html, exercise("tricks", "two-trumps"))
    assert 'data-feedback="wrong"' in section
    assert "A higher trump was played." in section


def test_each_kind_explains_a_wrong_answer(client):
    cases = [
        ("cards", "count-a-trick", {"number": "30"}, "30 is too high. Count again."),
        ("cards", "count-a-trick", {"number": "x"}, "Type a number."),
        (
            "trump",
            "find-the-trumps",
            {"selected": ["AH", "QS"], "check": "1"},
            "The ace of hearts is a card of hearts, a fail suit.",
        ),
        ("picking", "weak-hand", {"decision": "pick"}, "By the rule of thumb this hand counts 5"),
        ("picking", "dealer-hand", {"decision": "pass"}, "By the rule of thumb this hand counts 8"),
        (
            "picking",
            "what-to-bury",
            {"selected": ["7H", "KS"], "check": "1"},
            "Keep the seven of hearts",
        ),
        (
            "picking",
            "what-to-bury",
            {"selected": ["KS"], "check": "1"},
            "Choose exactly two cards to bury.",
        ),
        (
            "calling",
            "which-ace",
            {"card": "AS"},
            "you need a card of spades in your hand (the hold card) to call the ace of spades",
        ),
        ("calling", "which-ace", {"card": "AC"}, "it is in your hand"),
        ("calling", "ten-call", {"card": "AH"}, "it is in your hand"),
        ("calling", "which-ace", {"decision": "alone"}, "Going alone is always allowed"),
        (
            "scoring",
            "a-plain-win",
            {f"score-{s}": "0" for s in range(5)},
            "That is 61 or more: the picker&#x27;s side wins.",
        ),
        ("leaster", "shed-the-ace", {"card": "QS"}, "A trump could win this trick"),
        ("strategy", "trumps-still-out", {"number": "5"}, "There are 14 trumps"),
        ("history", "official-game", {"choice": "0"}, "five-handed game became the favourite"),
        ("schafkopf", "wenz-trick", {"card": "QC"}, "in this game a suit ranks A 10 K O 9 8 7"),
        (
            "schafkopf",
            "wenz-trumps",
            {"selected": ["QC"], "check": "1"},
            "In this game trump is, from the top: Eichel-Unter, Gras-Unter",
        ),
    ]
    for slug, exercise_id, data, expected in cases:
        html = client.post(answer_url(slug, exercise_id), data, **HX).content.decode()
        assert 'data-feedback="wrong"' in html, exercise_id
        assert expected in html, (exercise_id, html)
    assert SESSION_KEY not in client.session


def test_a_wrong_score_marks_the_amounts_that_are_wrong(client):
    ex = exercise("scoring", "a-plain-win")
    data = right_answer(ex) | {"score-0": "+5", "score-1": "−1"}
    html = client.post(answer_url("scoring", ex.id), data, **HX).content.decode()
    assert "1 amount is not right." in html
    assert re.search(r'name="score-0"[^>]*value="\+5"[^>]*aria-invalid="true"', html)
    assert not re.search(r'name="score-1"[^>]*aria-invalid', html)


def test_every_exercise_of_the_course_can_be_answered_on_the_page(client):
    for lesson in course():
        for ex in lesson.exercises:
            solve(client, lesson.slug, ex.id)
    html = client.get(reverse("tutorials:course")).content.decode()
    assert "10 of 10 lessons done" in html
    assert "You finished the course" in html
    assert "data-continue" not in html


# -- what a page may carry -----------------------------------------------------------------


def visible_cards(ex) -> set[str]:
    """The cards the exercise's seat may see (docs/rules.md §4), plus the call options."""
    if ex.state is None:
        return set(ex.spec.get("cards", ()))
    view = ex.state.view(ex.seat if ex.seat is not None else 0)
    cards = set(view.hand) if ex.seat is not None else set()
    for trick in (*view.tricks, *((view.trick,) if view.trick else ())):
        cards |= {c for c in trick.cards if c}
    cards |= set(getattr(view, "buried", None) or ()) | set(getattr(view, "blind", None) or ())
    if ex.kind == "call":
        cards |= set(call_options(ex))
    return cards


def test_no_page_carries_another_seats_hidden_cards_or_an_answer(client):
    for lesson in course():
        html = client.get(reverse("tutorials:lesson", args=[lesson.slug])).content.decode()
        assert "data-feedback" not in html
        for ex in lesson.exercises:
            section = section_of(html, ex)
            shown = set(re.findall(r'data-card="(\w\w)"', section))
            assert shown <= visible_cards(ex), (ex.id, shown - visible_cards(ex))
            for key in ("right", "wrong"):
                if key in ex.spec:
                    assert ex.spec[key].replace("'", "&#x27;") not in section, ex.id
            for text in ex.spec.get("feedback", {}).values():
                assert text.replace("'", "&#x27;") not in section, ex.id
            # No legal marks or answer hints in the markup.
            assert "is-legal" not in section and "data-answer" not in section


def test_a_finished_trick_shows_no_you_and_a_hand_shows_only_your_cards(client):
    html = client.get(reverse("tutorials:lesson", args=["tricks"])).content.decode()
    first = section_of(html, exercise("tricks", "highest-of-the-suit"))
    assert "is-you" not in first
    follow = section_of(html, exercise("tricks", "follow-clubs"))
    hand = set(re.findall(r'name="toggle" value="(\w\w)"', follow))
    assert hand == {"QC", "8C", "AC", "7H", "KD", "TS"}


# -- progress -------------------------------------------------------------------------------


def test_a_guests_progress_shows_on_the_course_and_lesson_pages(client):
    for ex in lesson_by_slug("cards").exercises:
        solve(client, "cards", ex.id)
    solve(client, "trump", "find-the-trumps")
    html = client.get(reverse("tutorials:course")).content.decode()
    assert "1 of 10 lessons done" in html
    assert re.search(r'data-lesson="cards" data-status="done"', html)
    assert re.search(r'data-lesson="trump" data-status="started"', html)
    assert re.search(r'data-lesson="tricks" data-status="new"', html)
    assert "1 of 5 exercises done" in html
    resume = re.search(r'data-continue href="([^"]+)"', html).group(1)
    assert resume == reverse("tutorials:lesson", args=["trump"]) + "#ex-queen-over-jack"
    assert "Continue: lesson 2, Trump and fail" in html
    lesson = client.get(reverse("tutorials:lesson", args=["trump"])).content.decode()
    assert "1 of 5 exercises done" in lesson
    assert 'class="exercise is-solved"' in section_of(lesson, exercise("trump", "find-the-trumps"))
    assert "data-solved" not in section_of(lesson, exercise("trump", "queen-over-jack"))


def test_solving_an_exercise_twice_counts_it_once(client):
    solve(client, "tricks", "two-trumps")
    solve(client, "tricks", "two-trumps")
    assert client.session[SESSION_KEY] == {"tricks": ["two-trumps"]}


def test_an_accounts_progress_is_saved_in_the_database(client, member):
    lesson = lesson_by_slug("cards")
    solve(client, "cards", lesson.exercises[0].id)
    row = LessonProgress.objects.get(user=member, lesson="cards")
    assert row.completed_exercises == [lesson.exercises[0].id]
    assert row.completed_at is None
    for ex in lesson.exercises[1:]:
        solve(client, "cards", ex.id)
    row.refresh_from_db()
    assert row.completed_exercises == list(lesson.exercise_ids)
    assert row.completed_at is not None
    assert SESSION_KEY not in client.session
    html = client.get(reverse("tutorials:course")).content.decode()
    assert re.search(r'data-lesson="cards" data-status="done"', html)


def test_signing_up_keeps_the_progress_made_as_a_guest(client):
    solve(client, "tricks", "highest-of-the-suit")
    solve(client, "tricks", "follow-clubs")
    response = client.post(
        reverse("accounts:signup"),
        {"username": "bea", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    user = get_user_model().objects.get(username="bea")
    row = LessonProgress.objects.get(user=user)
    assert (row.lesson, row.completed_exercises) == (
        "tricks",
        ["highest-of-the-suit", "follow-clubs"],
    )
    assert SESSION_KEY not in client.session
    html = client.get(reverse("tutorials:lesson", args=["tricks"])).content.decode()
    assert "2 of 5 exercises done" in html


def test_logging_in_adds_a_guests_progress_to_the_accounts(client):
    user = UserFactory(password=PASSWORD)
    LessonProgressFactory(user=user, lesson="tricks", completed_exercises=["two-trumps"])
    solve(client, "tricks", "highest-of-the-suit")
    solve(client, "tricks", "two-trumps")
    solve(client, "cards", "ten-or-king")
    login = {"username": user.username, "password": PASSWORD}
    response = client.post(reverse("accounts:login"), login)
    assert response.status_code == 302
    rows = {row.lesson: row.completed_exercises for row in LessonProgress.objects.filter(user=user)}
    assert rows == {"tricks": ["two-trumps", "highest-of-the-suit"], "cards": ["ten-or-king"]}


def test_a_finished_lesson_done_as_a_guest_is_complete_in_the_account(client):
    for ex in lesson_by_slug("cards").exercises:
        solve(client, "cards", ex.id)
    client.post(
        reverse("accounts:signup"),
        {"username": "dee", "password1": PASSWORD, "password2": PASSWORD},
    )
    row = LessonProgress.objects.get(user__username="dee", lesson="cards")
    assert row.completed_exercises == list(lesson_by_slug("cards").exercise_ids)
    assert row.completed_at is not None


def test_logging_out_leaves_the_accounts_progress_with_the_account(client, member):
    solve(client, "tricks", "two-trumps")
    client.post(reverse("accounts:logout"))
    html = client.get(reverse("tutorials:lesson", args=["tricks"])).content.decode()
    assert "0 of 5 exercises done" in html


# -- the end of the course ----------------------------------------------------------------------


def test_the_last_lesson_ends_with_a_game_against_beginners(client):
    html = client.get(reverse("tutorials:lesson", args=["schafkopf"])).content.decode()
    target = views.play_next()
    assert target["method"] == "post", "a new-game page exists (games:new or games:new_game)"
    form = re.search(
        r'<form method="post" action="([^"]+)" class="learn-play-form">(.*?)</form>', html, re.S
    )
    assert form and form.group(1) == target["url"]
    assert '<input type="hidden" name="level" value="beginner">' in form.group(2)
    assert "csrfmiddlewaretoken" in form.group(2)


def test_without_a_new_game_page_the_course_ends_at_the_home_page(client, monkeypatch):
    monkeypatch.setattr(views, "NEW_GAME_URL_NAMES", ("games:no-such-page",))
    html = client.get(reverse("tutorials:lesson", args=["schafkopf"])).content.decode()
    assert f'href="{reverse("games:home")}" data-action="play-beginners"' in html
    assert "learn-play-form" not in html


def test_lesson_text_and_rule_explanations_go_through_gettext(client, monkeypatch):
    from tutorials import exercises

    def marked(text):
        return f"«{text}»"

    from games import rule_text

    monkeypatch.setattr(views, "_", marked)
    monkeypatch.setattr(exercises, "_", marked)
    monkeypatch.setattr(rule_text, "_", marked)
    html = client.get(reverse("tutorials:lesson", args=["tricks"])).content.decode()
    assert "«Following suit and who wins a trick»" in html
    assert "«You must follow suit if you can." in html
    assert "«Ann led a club. Choose every card you may play, then press Check.»" in html
    url = answer_url("tricks", "follow-clubs")
    html = client.post(url, {"selected": ["QC"], "check": "1"}, **HX).content.decode()
    assert "«You have clubs, so you must follow clubs.»" in html


def test_the_courses_last_form_starts_a_game_against_beginners(client):
    from games.models import Match

    target = views.play_next()
    response = client.post(target["url"], target["fields"])
    assert response.status_code == 302
    assert Match.objects.get().level == "beginner"
