"""factory-boy factories for every model the tests build: one place, one way.

Import them as ``from factories import PlayerFactory`` (``tests/support`` is on
pytest's ``pythonpath``). A match built here is a row only; to play one, use
``games.services.start_match`` so that its first hand is dealt by the engine.
"""

from __future__ import annotations

import datetime as dt

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from coach.models import HandAnalysis
from games.daily import DAILY_RULES, daily_seed
from games.game_kinds import seats_of
from games.models import SHEEPSHEAD, DailyDeal, Hand, HandOutcome, Match, Player
from leaderboards.models import AllTimeRank, DailyRank
from tutorials.models import LessonProgress

#: The first day the factories hand out; each new deal takes the next day.
FIRST_DAY = dt.date(2026, 1, 1)
#: Every factory-made account's password unless the test gives one.
PASSWORD = "password"


class UserFactory(factory.django.DjangoModelFactory):
    """An account; its password is ``PASSWORD`` unless given (``password=None``: none)."""

    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def _saved(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class PlayerFactory(factory.django.DjangoModelFactory):
    """A guest (no account) unless ``user`` is given, or ``account=True``."""

    class Meta:
        model = Player

    class Params:
        account = factory.Trait(user=factory.SubFactory(UserFactory))

    user = None


class DailyDealFactory(factory.django.DjangoModelFactory):
    """A day's deal with the seed the site would derive for that date."""

    class Meta:
        model = DailyDeal
        django_get_or_create = ("date", "game")

    date = factory.Sequence(lambda n: FIRST_DAY + dt.timedelta(days=n))
    game = SHEEPSHEAD
    seed = factory.LazyAttribute(lambda deal: daily_seed(deal.date, deal.game))
    first_dealer = factory.LazyAttribute(
        lambda deal: deal.seed[-1] % seats_of(deal.game, dict(DAILY_RULES[deal.game].rules))
    )


class MatchFactory(factory.django.DjangoModelFactory):
    """A match row with no hands: for rankings and lists, not for play."""

    class Meta:
        model = Match

    player = factory.SubFactory(PlayerFactory)
    #: A daily's match plays the daily's game, by the daily's rules.
    game = factory.LazyAttribute(lambda match: match.daily.game if match.daily else SHEEPSHEAD)
    rules = factory.LazyAttribute(lambda match: dict(DAILY_RULES[match.game].rules))
    hand_count = factory.LazyAttribute(lambda match: DAILY_RULES[match.game].hand_count)
    level = "standard"
    seed = factory.Sequence(lambda n: n.to_bytes(32, "big"))
    first_dealer = 0
    scores = factory.LazyAttribute(lambda match: [0] * seats_of(match.game, match.rules))

    class Params:
        #: A daily match: ``MatchFactory(on_daily=True, ranked=True)``.
        on_daily = factory.Trait(daily=factory.SubFactory(DailyDealFactory))


class HandOutcomeFactory(factory.django.DjangoModelFactory):
    """One finished hand's result for a match's player, with the match's daily and rank."""

    class Meta:
        model = HandOutcome

    match = factory.SubFactory(MatchFactory)
    player = factory.SelfAttribute("match.player")
    game = factory.SelfAttribute("match.game")
    number = factory.Sequence(lambda n: n % 10)
    score = 1
    picked = False
    daily = factory.SelfAttribute("match.daily")
    ranked = factory.SelfAttribute("match.ranked")
    finished_at = factory.LazyFunction(timezone.now)


class PlayedMatchFactory(MatchFactory):
    """A match whose hands have been played: one outcome per score in ``hand_scores``.

    ``hand_scores`` defaults to one point in each of the match's hands; the match is
    finished unless ``finished_at=None`` is given. ``hand_scores__picked=True`` (any
    ``hand_scores__`` field) goes to every outcome. The outcomes carry the match's
    daily, rank and finish time, as ``games.services`` would record them.
    """

    class Meta:
        skip_postgeneration_save = True  # the outcomes are rows of their own

    finished_at = factory.LazyFunction(timezone.now)

    @factory.post_generation
    def hand_scores(match, create, extracted, **kwargs):
        if not create:
            return
        scores = extracted if extracted is not None else [1] * match.hand_count
        fields = {"finished_at": match.finished_at or timezone.now()} | kwargs
        for number, score in enumerate(scores):
            HandOutcomeFactory(match=match, number=number, score=score, **fields)


class RankedDailyMatchFactory(PlayedMatchFactory):
    """A finished ranked attempt at a daily deal, on the deal's own cards."""

    daily = factory.SubFactory(DailyDealFactory)
    ranked = True
    seed = factory.LazyAttribute(lambda match: bytes(match.daily.seed))
    first_dealer = factory.SelfAttribute("daily.first_dealer")


class DailyRankFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DailyRank

    match = factory.SubFactory(MatchFactory, on_daily=True, ranked=True)
    daily = factory.SelfAttribute("match.daily")
    player = factory.SelfAttribute("match.player")
    rank = factory.Sequence(lambda n: n + 1)
    score = 0
    skill = 0.0
    finished_at = factory.LazyFunction(timezone.now)


class AllTimeRankFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = AllTimeRank

    player = factory.SubFactory(PlayerFactory, account=True)
    total_skill = 0.0
    days = 1
    average_placement = 1.0
    hands = 10
    points = 0
    best_streak = 1


class FinishedHandFactory(factory.django.DjangoModelFactory):
    """A finished hand's row (its record empty): for what reads results, not for play."""

    class Meta:
        model = Hand

    match = factory.SubFactory(MatchFactory)
    number = factory.Sequence(lambda n: n % 10)
    record = factory.LazyFunction(dict)
    result = factory.LazyAttribute(lambda hand: {"scores": [0] * len(hand.match.scores)})


class HandAnalysisFactory(factory.django.DjangoModelFactory):
    """The coach's analysis of a finished hand: ``decisions`` that cost ``total_cost``."""

    class Meta:
        model = HandAnalysis

    hand = factory.SubFactory(FinishedHandFactory)
    player = factory.SelfAttribute("hand.match.player")
    game = factory.SelfAttribute("hand.match.game")
    verdicts = factory.LazyFunction(list)
    decisions = 4
    fine = 3
    total_cost = 1.0


class LessonProgressFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = LessonProgress

    user = factory.SubFactory(UserFactory)
    lesson = "cards"
    completed_exercises = factory.LazyFunction(list)


def finished_daily_attempt(player, deal, score_each_hand: int, *, ranked: bool, finished_at=None):
    """A finished attempt at a day's deal that scored ``score_each_hand`` in every hand
    (rows only: the match's total is the human's, the other seats' stay 0)."""
    daily = DAILY_RULES[deal.game]
    seats = seats_of(deal.game, dict(daily.rules))
    return PlayedMatchFactory(
        player=player,
        daily=deal,
        ranked=ranked,
        finished_at=finished_at or timezone.now(),
        scores=[score_each_hand * daily.hand_count] + [0] * (seats - 1),
        hand_scores=[score_each_hand] * daily.hand_count,
    )
