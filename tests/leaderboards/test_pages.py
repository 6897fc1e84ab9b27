"""The daily page and the leaderboards, over HTTP."""

import datetime as dt
import re

import pytest
from django.urls import reverse
from factories import PlayerFactory, RankedDailyMatchFactory, UserFactory
from seating import seat_player

from games.daily import ensure_daily, today
from games.models import DailyDeal, Match
from leaderboards.models import DailyRank
from leaderboards.ranking import recompute

pytestmark = pytest.mark.django_db


def test_the_first_visit_of_the_day_creates_the_days_deal(client):
    assert not DailyDeal.objects.exists()
    response = client.get(reverse("leaderboards:daily"))
    assert response.status_code == 200
    assert DailyDeal.objects.filter(date=today()).exists()
    assert 'data-daily-status="not-played"' in response.content.decode()


def test_starting_twice_goes_back_to_the_one_ranked_attempt(client):
    client.force_login(UserFactory())
    first = client.post(reverse("leaderboards:start_daily"))
    second = client.post(reverse("leaderboards:start_daily"), {"score": "120", "ranked": "false"})
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Match.objects.filter(ranked=True).count() == 1
    response = client.get(reverse("leaderboards:daily"))
    assert 'data-daily-status="in-progress"' in response.content.decode()


def test_practice_today_waits_until_the_ranked_attempt_is_done(client):
    client.force_login(UserFactory())
    deal = ensure_daily(today())
    response = client.post(reverse("leaderboards:practice", args=[deal.date.isoformat()]))
    assert response.status_code == 302
    assert not Match.objects.exists()


def test_a_past_day_can_be_practised_and_is_never_ranked(client):
    deal = ensure_daily(today() - dt.timedelta(days=3))
    response = client.post(reverse("leaderboards:practice", args=[deal.date.isoformat()]))
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.daily == deal and match.ranked is False


def test_a_day_without_a_deal_is_not_found(client):
    response = client.post(reverse("leaderboards:practice", args=["1999-01-01"]))
    assert response.status_code == 404


def test_a_guest_nickname_shows_on_the_board_escaped(client):
    deal = ensure_daily(today())
    guest = seat_player(client)
    client.post(reverse("leaderboards:nickname"), {"nickname": "<b>Bold</b> Bob"})
    RankedDailyMatchFactory(player=guest, daily=deal, hand_scores=[1] * 10)
    recompute()
    page = client.get(reverse("leaderboards:board")).content.decode()
    assert "&lt;b&gt;Bold&lt;/b&gt; Bob" in page
    assert "<b>Bold</b>" not in page


def test_a_nickname_too_long_is_refused_and_nothing_changes(client):
    guest = seat_player(client)
    client.post(reverse("leaderboards:nickname"), {"nickname": "x" * 31})
    guest.refresh_from_db()
    assert guest.nickname == ""
    assert guest.display_name.startswith("Guest ")


def test_your_row_is_highlighted_and_your_rank_shown_off_the_first_page(client):
    deal = ensure_daily(today())
    others = [PlayerFactory() for _ in range(60)]
    for n, other in enumerate(others):
        RankedDailyMatchFactory(player=other, daily=deal, hand_scores=[2 if n < 55 else -1] * 10)
    me = PlayerFactory(account=True)
    client.force_login(me.user)
    RankedDailyMatchFactory(player=me, daily=deal, hand_scores=[0] * 10)
    recompute()
    mine = DailyRank.objects.get(player=me)
    assert mine.rank == 56
    first_page = client.get(reverse("leaderboards:board")).content.decode()
    assert f'data-my-rank="{mine.rank}"' in first_page
    second_page = client.get(reverse("leaderboards:board") + "?page=2").content.decode()
    assert f'class="mine" aria-current="true" data-rank="{mine.rank}"' in second_page
    daily_page = client.get(reverse("leaderboards:daily")).content.decode()
    assert 'data-daily-status="finished"' in daily_page
    assert f'aria-current="true" data-rank="{mine.rank}"' in daily_page


def test_the_all_time_board_lists_accounts_only(client):
    deal = ensure_daily(today())
    account = PlayerFactory(account=True, user__username="hana")
    guest = PlayerFactory(nickname="Just A Guest")
    RankedDailyMatchFactory(player=account, daily=deal, hand_scores=[1] * 10)
    RankedDailyMatchFactory(player=guest, daily=deal, hand_scores=[2] * 10)
    recompute()
    page = client.get(reverse("leaderboards:board") + "?board=all-time").content.decode()
    assert "hana" in page and "Just A Guest" not in page


def test_the_boards_read_only_the_precomputed_tables(client, django_assert_max_num_queries):
    deal = ensure_daily(today())
    for n in range(30):
        RankedDailyMatchFactory(player=PlayerFactory(), daily=deal, hand_scores=[n % 3] * 10)
    recompute()
    with django_assert_max_num_queries(8):
        daily = client.get(reverse("leaderboards:board"))
    with django_assert_max_num_queries(8):
        all_time = client.get(reverse("leaderboards:board") + "?board=all-time")
    assert daily.status_code == all_time.status_code == 200
    assert daily.context["page"].paginator.count == 30  # every attempt, read from the board


def test_a_bad_date_says_so_and_shows_today(client):
    response = client.get(reverse("leaderboards:board") + "?date=yesterday")
    assert response.status_code == 200
    assert "not a date" in response.content.decode()


def test_the_home_page_shows_todays_daily_status(client):
    deal = ensure_daily(today())
    me = PlayerFactory(account=True)
    client.force_login(me.user)
    home = reverse("games:home")
    assert 'data-daily-status="not-played"' in client.get(home).content.decode()
    match = RankedDailyMatchFactory(player=me, daily=deal, hand_scores=[1] * 10)
    match.scores = [10, -3, -3, -2, -2]
    match.save()
    recompute()
    page = client.get(home).content.decode()
    assert 'data-daily-status="finished"' in page
    assert "+10, rank 1" in page
    # A finished attempt's status leads to its own summary, not back to the start.
    assert f'href="{reverse("leaderboards:daily_summary", args=[match.pk])}"' in page


def test_the_current_board_is_marked_as_a_tab(client):
    past = ensure_daily(today() - dt.timedelta(days=2))
    today_board = client.get(reverse("leaderboards:board")).content.decode()
    assert 'data-tab="today" aria-current="page"' in today_board
    assert 'data-tab="day"' not in today_board
    day_board = client.get(reverse("leaderboards:board") + f"?date={past.date}").content.decode()
    assert 'data-tab="day" aria-current="page"' in day_board
    assert 'data-tab="today" aria-current' not in day_board
    all_time = client.get(reverse("leaderboards:board") + "?board=all-time").content.decode()
    assert 'data-tab="all-time" aria-current="page"' in all_time
    assert 'data-tab="today" aria-current' not in all_time


def test_your_all_time_row_is_marked_beyond_colour_and_numbers_are_aligned(client):
    deal = ensure_daily(today())
    RankedDailyMatchFactory(player=PlayerFactory(account=True), daily=deal, hand_scores=[2] * 10)
    me = PlayerFactory(account=True)
    client.force_login(me.user)
    RankedDailyMatchFactory(player=me, daily=deal, hand_scores=[0] * 10)
    recompute()
    page = client.get(reverse("leaderboards:board") + "?board=all-time").content.decode()
    mine = page[page.index('class="mine" aria-current="true"') :].split("</tr>")[0]
    assert 'data-rank="2"' in mine and "(you)" in mine
    headers = re.findall(r'<th scope="col"( class="[^"]*")?>', page)
    assert headers.count("") == 1  # the player's name; every other column is numeric
    assert all("num" in h for h in headers if h)
    cells = re.findall(r"<td( class=\"[^\"]*\")?>", mine)
    assert (
        cells
        == [' class="num"', ' class="name"'] + [' class="num"'] * 2 + [' class="num wide-only"'] * 3
    )


def test_the_days_board_aligns_its_numbers_and_marks_your_row(client):
    deal = ensure_daily(today())
    me = PlayerFactory(account=True)
    client.force_login(me.user)
    RankedDailyMatchFactory(player=me, daily=deal, hand_scores=[1] * 10)
    recompute()
    page = client.get(reverse("leaderboards:board")).content.decode()
    mine = page[page.index('class="mine" aria-current="true"') :].split("</tr>")[0]
    assert "(you)" in mine
    assert re.findall(r"<td class=\"([^\"]*)\">", mine) == ["num", "name", "num", "num"]


@pytest.mark.parametrize("game", ["chess", "SCHAFKOPF", "x" * 5000, "schafkopf\x00"])
def test_a_daily_of_a_game_the_site_has_not_is_refused_and_changes_nothing(client, game):
    client.force_login(UserFactory())
    start = client.post(reverse("leaderboards:start_daily"), {"game": game})
    assert start.status_code == 400
    assert "There is no daily deal of that game." in start.content.decode()
    past = ensure_daily(today() - dt.timedelta(days=2))
    practice = client.post(reverse("leaderboards:practice", args=[past.date.isoformat()]),
                           {"game": game})  # fmt: skip
    assert practice.status_code == 400
    assert not Match.objects.exists()
    board = client.get(reverse("leaderboards:board"), {"game": game})
    assert board.status_code == 200  # a bad link: Sheepshead's board, and why
    assert "There is no board of that game" in board.content.decode()


def test_each_game_has_its_own_day_its_own_attempt_and_its_own_board(client):
    me = UserFactory()
    client.force_login(me)
    for game in ("sheepshead", "schafkopf"):
        response = client.post(reverse("leaderboards:start_daily"), {"game": game})
        assert response.status_code == 302
    mine = Match.objects.filter(player__user=me, ranked=True)
    assert sorted(mine.values_list("game", "daily__game")) == [
        ("schafkopf", "schafkopf"), ("sheepshead", "sheepshead")
    ]  # fmt: skip
    page = client.get(reverse("leaderboards:daily")).content.decode()
    assert page.count('data-daily-status="in-progress"') == 2
    other = PlayerFactory(account=True)
    RankedDailyMatchFactory(player=other, daily=ensure_daily(today(), "schafkopf"),
                            hand_scores=[30] * 8)  # fmt: skip
    recompute()
    schafkopf = client.get(reverse("leaderboards:board"), {"game": "schafkopf"}).content.decode()
    sheepshead = client.get(reverse("leaderboards:board")).content.decode()
    assert other.display_name in schafkopf and "+€2.40" in schafkopf
    assert other.display_name not in sheepshead
