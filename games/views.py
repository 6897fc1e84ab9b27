from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from config import health
from config.ratelimit import rate_limited
from rules_engine.players import LEVELS

from . import services
from .daily import DAILY_GAMES, today
from .game_kinds import seats_of
from .identity import current_player
from .models import (
    DECK_CHOICES,
    GAME_CHOICES,
    LEVEL_CHOICES,
    SCHAFKOPF,
    SCHAFKOPF_DECK_CHOICES,
    SPEED_CHOICES,
    Hand,
    Match,
    Player,
)
from .numbers import parse_int
from .schafkopf_setup import DEFAULT as SETUP_DEFAULT
from .schafkopf_setup import SchafkopfSetup, SetupError
from .schafkopf_setup import form_fields as schafkopf_form_fields
from .services import GameError, StaleMatch
from .table import build_board, replay_board, table_game, table_url

#: The levels a visitor may choose (the engine also has "random", for the arena).
PLAYABLE_LEVELS = [value for value, _label in LEVEL_CHOICES if value in LEVELS]
SPEEDS = [value for value, _label in SPEED_CHOICES]
DECKS = [value for value, _label in DECK_CHOICES]
SCHAFKOPF_DECKS = [value for value, _label in SCHAFKOPF_DECK_CHOICES]


def menu_section_of(match: Match) -> str:
    """The site menu's item for a match's pages: its game's."""
    return "schafkopf" if match.game == SCHAFKOPF else "play"


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    player = current_player(request, create=False)
    in_progress = None
    if player is not None:
        in_progress = player.matches.filter(finished_at__isnull=True, daily=None).first()
    dailies = [daily_status(player, game) for game in DAILY_GAMES]
    return render(
        request,
        "home.html",
        {
            "levels": LEVEL_CHOICES,
            "default_level": "standard",
            "in_progress": in_progress,
            "dailies": dailies,
        },
    )


def daily_status(player: Player | None, game: str) -> dict:
    """Today's daily of ``game`` for this player: not played, in progress, or the score
    (and rank).

    An account's status is its ranked attempt's. A guest only practises: its
    newest attempt today, whose place is shown on the daily page.
    """
    status = {"game": game, "game_name": dict(GAME_CHOICES)[game], "state": "not-played"}
    if player is None:
        return {**status, "practice": True}
    attempts = player.matches.filter(daily__date=today(), daily__game=game)
    if player.user_id:
        attempt = attempts.filter(ranked=True).select_related("daily_rank").first()
    else:
        attempt = attempts.order_by("-created_at").first()
    if attempt is None:
        return {**status, "practice": not player.user_id}
    if not attempt.is_finished:
        return {**status, "state": "in-progress", "practice": not attempt.ranked}
    rank = getattr(attempt, "daily_rank", None) if attempt.ranked else None
    return {
        **status,
        "state": "finished",
        "practice": not attempt.ranked,
        "score": attempt.scores[attempt.human_seat],
        "rank": rank.rank if rank else None,
        # The finished attempt's own summary: score, skill and place on the day.
        "url": reverse("leaderboards:daily_summary", args=[attempt.pk]),
    }


@require_POST
@rate_limited("new-game")
def new_game(request: HttpRequest) -> HttpResponse:
    """Start a ten-hand match against four computer players, then show its table."""
    level = request.POST.get("level") or "standard"
    if level not in PLAYABLE_LEVELS:
        response = render(
            request,
            "home.html",
            {
                "levels": LEVEL_CHOICES,
                "default_level": "standard",
                "message": _("Choose one of the levels offered."),
            },
            status=400,
        )
        return response
    player = current_player(request)
    match = services.start_match(player, level, hints=request.POST.get("hints") == "1")
    # Step 0: the page shows the deal, then each computer move up to the human's turn.
    return redirect(table_url(match, 0, 0), permanent=False)


@require_POST
@rate_limited("new-game")
def new_schafkopf_game(request: HttpRequest) -> HttpResponse:
    """Start a Schafkopf session under the house rules chosen on the home page (kept
    for next time), then show its table; refused rules show the home page again."""
    player = current_player(request, create=False)
    remembered = SchafkopfSetup.from_json(player.schafkopf_setup) if player else SETUP_DEFAULT
    try:
        setup = SchafkopfSetup.from_form(request.POST)
        player = player or current_player(request)
        practice = request.POST.get("hints") == "1"
        match = services.start_match(
            player, setup.level, game="schafkopf", rules=setup.rules(), rounds=setup.rounds,
            hints=practice,
        )  # fmt: skip
    except (SetupError, GameError) as error:
        shown = SchafkopfSetup.refill(request.POST, remembered)
        context = {"levels": LEVEL_CHOICES, "default_level": "standard"}
        context["schafkopf_form"] = schafkopf_form_fields(shown, error, request.POST)
        return render(request, "home.html", context, status=400)
    if not practice:  # the course's practice session leaves the player's own setup be
        player.schafkopf_setup = setup.to_json()
        player.save(update_fields=["schafkopf_setup"])
    return redirect(table_url(match, 0, 0), permanent=False)


# -- the table ----------------------------------------------------------------------


def own_match(request: HttpRequest, match_id) -> tuple[Player, Match]:
    """The match, only for its own player: anyone else gets a 404."""
    player = current_player(request, create=False)
    if player is None:
        raise Http404(_("There is no such game."))
    try:
        return player, services.get_match(match_id, player)
    except GameError as error:
        raise Http404(str(error)) from error


def states_or_404(hand: Hand, step: int | None):
    """``services.states_of``, where a damaged record is a clear 404, not a 500."""
    try:
        return services.states_of(hand, step)
    except GameError as error:
        raise Http404(str(error)) from error


def _wants_partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def _render_table(
    request: HttpRequest,
    player: Player,
    match: Match,
    *,
    hands: list[Hand] | None = None,
    step: int | None = None,
    chosen: list[str] | None = None,
    toggled: str = "",
    message: str = "",
    hint=None,
    status: int = 200,
) -> HttpResponse:
    """The table at display step ``step`` of the newest hand (default: the newest step)."""
    if hands is None:
        hands = list(match.hands.all())
    hand = hands[-1]
    wanted = None if step is None else max(0, step)
    shown, state = states_or_404(hand, wanted)
    if not state.is_over and state.turn != match.human_seat:
        # The computers' moves after the last one stored are missing (the server
        # stopped in between): they are deterministic, so let them move now.
        services.run_computers(match.pk)
        match.refresh_from_db()
        hands = list(match.hands.all())
        hand = hands[-1]
        shown, state = states_or_404(hand, wanted)
    steps = len(state.actions)
    step = steps if wanted is None else min(wanted, steps)
    view = shown.view(match.human_seat)
    board = build_board(
        match,
        hands,
        view,
        state,
        step=step,
        steps=steps,
        speed=player.speed,
        chosen=chosen,
        toggled=toggled,
        deck=player.deck_for(match.game),
    )
    context = {
        "match": match,
        "board": board,
        "message": message,
        "hint": hint,
        "speeds": SPEED_CHOICES,
        "speed": player.speed,
        "deck": player.deck_for(match.game),
        "schafkopf_decks": SCHAFKOPF_DECK_CHOICES,
        "menu_section": menu_section_of(match),
        "levels": LEVEL_CHOICES,
    }
    partial = _wants_partial(request)
    context["partial"] = partial
    template = "games/table.html#table" if partial else "games/table.html"
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_safe
@never_cache
def table(request: HttpRequest, match_id) -> HttpResponse:
    """The table; ``?hand=n&step=s`` shows the newest hand as it stood after s actions.

    ``chosen`` / ``toggle`` carry the cards picked so far for a bury or an
    unknown: choosing is only a way of looking at the table, nothing is stored.
    """
    player, match = own_match(request, match_id)
    step = parse_int(request.GET.get("step"))
    number = parse_int(request.GET.get("hand"))
    hands = list(match.hands.all())
    if number is None or number != hands[-1].number + 1:
        step = None  # another hand than the newest: show the table as it stands
    chosen = request.GET.getlist("chosen")
    toggle = request.GET.get("toggle")
    if toggle:
        chosen = [c for c in chosen if c != toggle] if toggle in chosen else chosen + [toggle]
    return _render_table(
        request, player, match, hands=hands, step=step, chosen=chosen, toggled=toggle or ""
    )


@require_POST
@never_cache
def act(request: HttpRequest, match_id) -> HttpResponse:
    """Apply the human's move; the page then reveals the computers' moves one by one."""
    player, match = own_match(request, match_id)
    kind = request.POST.get("action", "")
    version = parse_int(request.POST.get("version"))
    partial = _wants_partial(request)
    try:
        if version is None:
            raise StaleMatch(_("This page was out of date; here is the table as it stands now."))
        if kind == "next-hand":
            match = services.next_hand(match.pk, player, version)
            first = 0
        elif kind == "finish":
            before = len(services.load_table(match).state.actions)
            match = services.finish_hand(match.pk, player, version)
            first = before + 1
        else:
            data = {
                "action": kind,
                "card": request.POST.get("card", ""),
                "cards": request.POST.getlist("cards"),
                # A Schafkopf declaration's game (read only at a Schafkopf table).
                "contract": request.POST.get("contract", ""),
                "trump": request.POST.get("trump", ""),
                "tout": request.POST.get("tout", ""),
            }
            match = services.submit_action(match.pk, player, data, version)
            first = None
    except StaleMatch as error:
        match.refresh_from_db()
        return _render_table(
            request, player, match, message=str(error), status=200 if partial else 409
        )
    except GameError as error:
        match.refresh_from_db()
        return _render_table(
            request, player, match, message=str(error), status=200 if partial else 400
        )
    hands = list(match.hands.all())
    hand = hands[-1]
    if first is None:
        # Show the table right after the human's own move.
        actions = hand.record["actions"]
        mine = [i for i, a in enumerate(actions) if a["seat"] == match.human_seat]
        first = mine[-1] + 1 if mine else 0
    if not partial:
        return redirect(table_url(match, hand.number, first))
    return _render_table(request, player, match, hands=hands, step=first)


@require_safe
@never_cache
@rate_limited("hint")
def hint(request: HttpRequest, match_id) -> HttpResponse:
    """In a practice match from the course: what the expert would play now, and why."""
    player, match = own_match(request, match_id)
    try:
        advice = services.hint(match.pk, player)
    except GameError as error:
        return _render_table(request, player, match, message=str(error))
    return _render_table(request, player, match, hint=advice)


@require_POST
@never_cache
def speed(request: HttpRequest, match_id) -> HttpResponse:
    """The table's settings: how fast the computer players' moves appear (``speed``)
    and the deck's colours (``deck``); the table stays where it was."""
    player, match = own_match(request, match_id)
    choice = request.POST.get("speed")
    if choice in SPEEDS and choice != player.speed:
        player.speed = choice
        player.save(update_fields=["speed"])
    deck = request.POST.get("deck")
    if deck in DECKS and deck != player.deck:
        player.deck = deck
        player.save(update_fields=["deck"])
    schafkopf_deck = request.POST.get("schafkopf_deck")
    if schafkopf_deck in SCHAFKOPF_DECKS and schafkopf_deck != player.schafkopf_deck:
        player.schafkopf_deck = schafkopf_deck
        player.save(update_fields=["schafkopf_deck"])
    step = parse_int(request.POST.get("step"))
    number = parse_int(request.POST.get("hand"))
    current = match.hands.order_by("-number").values_list("number", flat=True).first()
    if number is None or number != (current or 0) + 1:
        step = None
    if not _wants_partial(request):
        hand_number = current or 0
        return redirect(
            table_url(match, hand_number, step)
            if step is not None
            else reverse("games:table", args=[match.pk])
        )
    return _render_table(request, player, match, step=step)


# -- replays --------------------------------------------------------------------------


@require_safe
@never_cache
def replay(request: HttpRequest, match_id, number: int) -> HttpResponse:
    """A finished hand, card by card, from any seat (``?seat=``, ``?step=``).

    It opens at the start (the deal, step 0), so Next walks through the hand.
    """
    player, match = own_match(request, match_id)
    hand = Hand.objects.filter(match=match, number=number - 1).first()
    if hand is None or hand.result is None:
        raise Http404(_("This hand isn't finished yet: it can be replayed once it is over."))
    wanted = max(0, parse_int(request.GET.get("step"), 0))
    shown, final = states_or_404(hand, wanted)
    steps = len(final.actions)
    step = min(wanted, steps)
    seat = parse_int(request.GET.get("seat"), match.human_seat)
    if not 0 <= seat < seats_of(match.game, match.rules):
        seat = match.human_seat
    view = shown.view(seat)
    earlier = Hand.objects.filter(match=match, number__lt=hand.number).order_by("number")
    deck = player.deck_for(match.game)
    board = replay_board(match, hand, list(earlier), view, step=step, steps=steps, deck=deck)
    base = reverse("games:replay", args=[match.pk, number])
    context = {
        "match": match,
        "menu_section": menu_section_of(match),
        "hand": hand,
        "board": board,
        "seat": seat,
        "seat_links": [
            {
                "seat": s.seat,
                "name": s.name,
                "url": f"{base}?seat={s.seat}&step={step}",
                "current": s.seat == seat,
            }
            for s in board.seats
        ],  # fmt: skip
        "previous_url": f"{base}?seat={seat}&step={step - 1}" if step > 0 else "",
        "next_url": f"{base}?seat={seat}&step={step + 1}" if step < steps else "",
        "start_url": f"{base}?seat={seat}&step=0",
        "end_url": f"{base}?seat={seat}&step={steps}",
        "all_hands": _all_hands(match, view, board, deck) if step == steps else [],
    }
    template = "games/replay.html#replay" if _wants_partial(request) else "games/replay.html"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _all_hands(match, view, board, deck: str):
    """Once a hand is over, every dealt hand and the blind may be shown."""
    if view.hands is None:
        return []
    game = table_game(match)
    face, key = game.faces(view, deck), game.sort_key(view)
    rows = [
        {"name": board.seats[s].name, "cards": [face(c) for c in sorted(view.hands[s], key=key)]}
        for s in range(len(board.seats))
    ]
    if getattr(view, "blind", None):
        rows.append({"name": _("Blind"), "cards": [face(c) for c in sorted(view.blind, key=key)]})
    return rows


# -- health ---------------------------------------------------------------------------


@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """For load balancers and uptime checks: the process answers, and reaches the
    database and the broker (503 when either is down)."""
    answer = health.report()
    return JsonResponse(answer, status=200 if answer["status"] == "ok" else 503)
