"""The table pages over HTTP: new game, moves, steps, next hand, finish, replays, permissions."""

from __future__ import annotations

import html
import re

import pytest
from factories import PlayerFactory, UserFactory
from moves import hand_over, play_until

from games.models import Hand, Match, Player
from games.rule_text import rule_text
from games.services import load_table, state_of, submit_action
from rules_engine.settled import may_finish

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def act(client, match, htmx=True, **fields):
    fields.setdefault("version", match.version)
    return client.post(f"/play/{match.pk}/act", fields, **(HTMX if htmx else {}))


def text(response) -> str:
    return response.content.decode()


def newest_hand(match) -> Hand:
    return match.hands.order_by("-number").first()


def humans_turn_to_play(table):
    state = table.state
    return not state.is_over and state.phase_name == "play" and state.turn == 0


# -- the home page and a new game ---------------------------------------------------------


def test_the_home_page_offers_a_new_game_at_standard_level_by_default(client):
    page = text(client.get("/"))
    assert 'action="/play/new"' in page
    assert 'data-action="new-game"' in page
    assert re.search(r'name="level" value="standard" checked', page)
    assert 'value="beginner"' in page and 'value="expert"' in page
    assert 'data-action="continue"' not in page


def test_the_home_page_offers_to_continue_a_match_in_progress(client, new_match):
    match = new_match()
    page = text(client.get("/"))
    assert f'href="/play/{match.pk}/" data-action="continue"' in page


def test_a_new_game_starts_a_match_at_the_chosen_level_and_shows_the_deal_first(client):
    response = client.post("/play/new", {"level": "expert"})
    match = Match.objects.get()
    assert match.level == "expert"
    assert response.status_code == 302
    assert response["Location"] == f"/play/{match.pk}/?hand=1&step=0"
    page = text(client.get(response["Location"]))
    assert 'data-step="0"' in page


def test_a_new_game_needs_no_account_and_remembers_the_guest(client):
    client.post("/play/new", {"level": "beginner"})
    client.post("/play/new", {"level": "beginner"})
    assert Player.objects.count() == 1
    assert Match.objects.filter(player=Player.objects.get()).count() == 2


def test_a_new_game_refuses_a_level_that_is_not_offered(client):
    response = client.post("/play/new", {"level": "random"})
    assert response.status_code == 400
    assert "Choose one of the levels offered." in text(response)
    assert not Match.objects.exists()


def test_a_new_game_is_only_started_by_post(client):
    assert client.get("/play/new").status_code == 405


# -- the table: full page, partial, steps ----------------------------------------------------


def test_the_table_is_a_full_page_and_an_htmx_request_gets_only_the_table(client, new_match):
    match = new_match()
    full = client.get(f"/play/{match.pk}/")
    partial = client.get(f"/play/{match.pk}/", **HTMX)
    assert full.status_code == partial.status_code == 200
    assert "<html" in text(full) and '<section id="table"' in text(full)
    assert "<html" not in text(partial)
    assert text(partial).lstrip().startswith('<section id="table"')
    for response in (full, partial):
        assert "HX-Request" in response["Vary"]
        assert "no-store" in response["Cache-Control"]


def test_an_earlier_step_asks_for_the_next_one_after_the_players_delay(client, new_match, guest):
    match = new_match()
    steps = len(load_table(match).state.actions)
    assert steps > 0  # the computers moved before the human's first turn
    page = text(client.get(f"/play/{match.pk}/?hand=1&step=0", **HTMX))
    assert 'data-step="0"' in page
    assert f'hx-get="/play/{match.pk}/?hand=1&amp;step=1"' in page
    assert 'hx-trigger="load delay:700ms"' in page  # normal speed
    guest.speed = "fast"
    guest.save()
    page = text(client.get(f"/play/{match.pk}/?hand=1&step=0", **HTMX))
    assert 'hx-trigger="load delay:250ms"' in page
    # Nothing says how many moves are still to come.
    assert "data-steps" not in page and f"step={steps}" not in page


def test_the_newest_step_waits_for_the_human_without_polling(client, new_match):
    match = new_match()
    page = text(client.get(f"/play/{match.pk}/", **HTMX))
    steps = len(load_table(match).state.actions)
    assert f'data-step="{steps}" data-live="true"' in page
    assert "hx-trigger" not in page
    assert "Your turn" in page


def test_a_reload_lets_the_computers_make_moves_that_were_never_stored(
    client, new_match, guest, human_move, monkeypatch
):
    match = new_match()
    move = human_move(match)
    # The server stops right after storing the human's move, before the computers move.
    with monkeypatch.context() as patch:
        patch.setattr("games.services.run_computers", lambda match_id: None)
        match = submit_action(match.pk, guest, move, match.version)
    assert load_table(match).state.turn != 0
    page = text(client.get(f"/play/{match.pk}/", **HTMX))
    match.refresh_from_db()
    state = load_table(match).state
    assert state.is_over or state.turn == 0
    assert 'data-live="true"' in page


def test_a_step_past_the_end_or_of_another_hand_shows_the_table_as_it_stands(client, new_match):
    match = new_match()
    steps = len(load_table(match).state.actions)
    for query in ("?hand=1&step=999", "?hand=7&step=0", "?hand=x&step=y", "?step=0"):
        page = text(client.get(f"/play/{match.pk}/{query}", **HTMX))
        assert f'data-step="{steps}"' in page, query


# -- moves -------------------------------------------------------------------------------


def test_a_legal_move_is_applied_and_the_table_shows_the_moment_right_after_it(
    client, new_match, human_move
):
    match = new_match()
    before = len(load_table(match).state.actions)
    response = act(client, match, **human_move(match))
    assert response.status_code == 200
    match.refresh_from_db()
    assert len(load_table(match).state.actions) > before
    assert f'data-step="{before + 1}"' in text(response)
    assert "data-message" not in text(response)


def test_a_legal_move_without_htmx_redirects_to_the_table(client, new_match, human_move):
    match = new_match()
    before = len(load_table(match).state.actions)
    response = act(client, match, htmx=False, **human_move(match))
    assert response.status_code == 302
    assert response["Location"] == f"/play/{match.pk}/?hand=1&step={before + 1}"


def test_an_illegal_move_is_refused_with_the_rule_and_changes_nothing(client, new_match, guest):
    match = play_until(new_match(), guest, humans_turn_to_play)
    state = load_table(match).state
    legal = {a.card for a in state.legal_actions()}
    illegal = [c for c in state.view(0).hand if c not in legal]
    if not illegal:  # every card is playable here: someone else's card is illegal too
        illegal = [c for c in ("QC", "7H", "AS", "TD") if c not in state.view(0).hand][:1]
    record, version = newest_hand(match).record, match.version
    response = act(client, match, action="play", card=illegal[0])
    assert response.status_code == 200
    page = text(response)
    assert 'role="alert"' in page
    message = re.search(r"data-message>([^<]+)<", page).group(1)
    assert message.strip() and "illegal" not in message.lower()
    match.refresh_from_db()
    assert (match.version, newest_hand(match).record) == (version, record)
    plain = act(client, match, htmx=False, action="play", card=illegal[0])
    assert plain.status_code == 400
    assert message in text(plain)


@pytest.mark.parametrize(
    "fields",
    [
        {"action": "fly"},
        {"action": "play", "card": "ZZ"},
        {"action": "bury", "cards": ["QC"]},
        {"action": ""},
        {},
    ],
)
def test_a_malformed_move_is_refused_and_changes_nothing(client, new_match, fields):
    match = new_match()
    record, version = newest_hand(match).record, match.version
    response = act(client, match, **fields)
    assert response.status_code == 200
    assert "data-message" in text(response)
    match.refresh_from_db()
    assert (match.version, newest_hand(match).record) == (version, record)
    assert act(client, match, htmx=False, **fields).status_code == 400


def test_a_stale_page_gets_the_current_table_back_with_a_message(client, new_match, human_move):
    match = new_match()
    stale_version = match.version
    move = human_move(match)
    act(client, match, **move)
    match.refresh_from_db()
    steps = len(load_table(match).state.actions)
    response = act(client, match, version=stale_version, **move)
    assert response.status_code == 200
    page = text(response)
    assert "This table had changed" in page
    assert f'data-step="{steps}"' in page  # the table as it stands now
    assert act(client, match, htmx=False, version=stale_version, **move).status_code == 409


def test_a_double_click_applies_the_move_once(client, new_match, human_move):
    match = new_match()
    move = human_move(match)
    first = act(client, match, **move)
    second = act(client, match, **move)  # same version: the page had not changed yet
    assert "data-message" not in text(first)
    assert "This table had changed" in text(second)
    actions = newest_hand(match).record["actions"]
    mine = [a for a in actions if a["seat"] == 0]
    assert len(mine) == 1


def test_a_move_without_a_version_is_answered_with_the_current_table(client, new_match):
    match = new_match()
    response = client.post(f"/play/{match.pk}/act", {"action": "pass"}, **HTMX)
    assert "out of date" in text(response)
    match.refresh_from_db()
    assert not [a for a in newest_hand(match).record["actions"] if a["seat"] == 0]


def test_moves_are_only_posted(client, new_match):
    match = new_match()
    assert client.get(f"/play/{match.pk}/act").status_code == 405


# -- deciding: picking, bury, call ----------------------------------------------------------


def test_the_picker_chooses_two_cards_to_bury_then_calls_an_ace(client, new_match, picker_seed):
    match = new_match(seed=picker_seed)
    page = text(client.get(f"/play/{match.pk}/", **HTMX))
    assert 'data-action="pick"' in page and 'data-action="pass"' in page
    dealt = load_table(match).state.view(0).hand
    assert all(f'data-card="{code}"' in page for code in dealt)
    page = text(act(client, match, action="pick"))
    match.refresh_from_db()
    assert "Your turn: choose two cards to bury" in page
    assert re.search(r'data-action="bury"[^>]*\sdisabled', page)
    # Choosing is only a way of looking at the table: nothing is stored.
    chosen = text(client.get(f"/play/{match.pk}/?hand=1&step=1&toggle=7C", **HTMX))
    assert re.search(r'data-card="7C"[^>]*aria-pressed="true"', chosen)
    both = text(client.get(f"/play/{match.pk}/?hand=1&step=1&chosen=7C&toggle=8C", **HTMX))
    assert re.search(r'data-card="8C"[^>]*aria-pressed="true"', both)
    assert re.search(r'name="cards" value="7C">\s*<input type="hidden" name="cards" value="8C"',
                     both)  # fmt: skip
    assert not re.search(r'data-action="bury"[^>]*\sdisabled', both)
    # A card that isn't the human's can't be chosen.
    foreign = text(client.get(f"/play/{match.pk}/?hand=1&step=1&chosen=AS&toggle=AH", **HTMX))
    assert 'name="cards"' not in foreign
    page = text(act(client, match, action="bury", cards=["7C", "8C"]))
    assert "Your turn: call a partner or play alone" in page
    assert 'data-action="call" data-card="AS"' in page
    assert 'data-action="call" data-card="AH"' in page
    assert 'data-action="alone"' in page
    match.refresh_from_db()
    act(client, match, action="call", card="AH")
    match.refresh_from_db()
    view = load_table(match).state.view(0)
    assert view.called == "AH" and view.picker == 0
    assert sorted(view.buried) == ["7C", "8C"]


def test_with_only_an_unknown_call_the_picker_chooses_the_card_to_set_aside(client, new_match):
    # Seat 4 deals; the human picks JC KC AS 8H QH KH AH KD and, burying JC KC, has no
    # club left: no normal call and no ten call, so the ace of clubs is called "unknown".
    match = new_match(seed=bytes([4]) + (2).to_bytes(31, "big"))
    act(client, match, action="pick")
    match.refresh_from_db()
    act(client, match, action="bury", cards=["JC", "KC"])
    match.refresh_from_db()
    page = text(act(client, match, action="call", card="AC"))
    match.refresh_from_db()
    assert "Your turn: choose the card to set aside as the unknown" in page
    assert re.search(r'data-action="unknown"[^>]*\sdisabled', page)
    step = len(load_table(match).state.actions)
    chosen = text(client.get(f"/play/{match.pk}/?hand=1&step={step}&toggle=8H", **HTMX))
    assert re.search(r'data-card="8H"[^>]*aria-pressed="true"', chosen)
    assert not re.search(r'data-action="unknown"[^>]*\sdisabled', chosen)
    assert '<input type="hidden" name="card" value="8H">' in chosen
    act(client, match, action="unknown", card="8H")
    match.refresh_from_db()
    view = load_table(match).state.view(0)
    assert view.unknown == "8H" and "8H" not in view.hand
    page = text(client.get(f"/play/{match.pk}/", **HTMX))
    assert re.search(r'data-card="8H".*?<span class="card-note">unknown</span>', page, re.S)


def test_a_dimmed_card_says_which_rule_keeps_it_in_the_hand(client, new_match, guest):
    def must_follow(table):
        if not humans_turn_to_play(table):
            return False
        legal = {a.card for a in table.state.legal_actions()}
        return any(c not in legal for c in table.state.view(0).hand)

    match = play_until(new_match(), guest, must_follow)
    state = load_table(match).state
    legal = {a.card for a in state.legal_actions()}
    page = text(client.get(f"/play/{match.pk}/", **HTMX))
    for code in state.view(0).hand:
        button = re.search(rf'<button [^>]*data-card="{code}"[^>]*>', page).group(0)
        if code in legal:
            assert 'type="submit"' in button and "aria-disabled" not in button
        else:
            assert 'aria-disabled="true"' in button
            assert f'popovertarget="why-{code}"' in button
            reason = re.search(rf'id="why-{code}"[^>]*>([^<]+)<', page).group(1)
            assert html.unescape(reason) == rule_text(state.explain_rule(play_action(code)))


def play_action(code):
    from rules_engine.actions import play

    return play(code)


# -- hand's end, next hand, finish -------------------------------------------------------------


def test_the_end_of_a_hand_shows_points_payments_score_sheet_and_chart(client, new_match, guest):
    match = play_until(new_match(), guest, hand_over)
    result = newest_hand(match).result
    page = text(client.get(f"/play/{match.pk}/", **HTMX))
    assert "data-result" in page
    for score in result["scores"]:
        shown = f"+{score}" if score > 0 else (f"\u2212{-score}" if score < 0 else "0")
        assert f"<td data-payment>{shown}</td>" in page
    if result["contract"] != "leaster":
        side = [result["picker"]] + ([result["partner"]] if result["partner"] is not None else [])
        side_points = sum(result["points"][s] for s in side)
        assert f'data-side-points="{side_points}"' in page
        assert f'data-defender-points="{120 - side_points}"' in page
    assert 'data-hand-row="1"' in page
    assert page.count('class="is-to-come"') == 9  # a line for every hand of the ten
    assert f'href="/play/{match.pk}/hand/1/"' in page
    assert "<svg" in page and "polyline" in page  # the running-score chart
    assert 'data-action="next-hand"' in page


def test_next_hand_deals_the_next_hand_and_shows_it_from_the_deal(client, new_match, guest):
    match = play_until(new_match(), guest, hand_over)
    response = act(client, match, **{"action": "next-hand"})
    match.refresh_from_db()
    assert newest_hand(match).number == 1
    assert 'data-hand="2"' in text(response)
    assert 'data-step="0"' in text(response)


def test_next_hand_is_refused_while_the_hand_is_being_played(client, new_match):
    match = new_match()
    response = act(client, match, **{"action": "next-hand"})
    assert "Finish this hand first." in text(response)
    assert newest_hand(match).number == 0


def test_finish_is_offered_only_for_a_decided_hand_and_plays_it_out(client, guest, new_match):
    # A known match in which the human can tell, in hand 4, that the hand is decided.
    match = new_match(seed=bytes([8]) + bytes(31))

    def decided(table):
        return humans_turn_to_play(table) and may_finish(table.state.view(0))

    refused = act(client, match, action="finish")
    assert "decided yet: play on" in text(refused)
    match.refresh_from_db()
    match = play_until(match, guest, decided)
    page = text(client.get(f"/play/{match.pk}/", **HTMX))
    assert 'data-action="finish"' in page
    before = len(load_table(match).state.actions)
    response = act(client, match, action="finish")
    match.refresh_from_db()
    assert load_table(match).state.is_over
    assert f'data-step="{before + 1}"' in text(response)  # the rest appears card by card


def test_finish_is_not_offered_while_the_hand_is_open(client, new_match):
    match = new_match()
    assert 'data-action="finish"' not in text(client.get(f"/play/{match.pk}/", **HTMX))


def test_the_end_of_the_match_shows_the_standings_and_a_new_game(client, new_match, guest):
    match = play_until(new_match(), guest, lambda t: t.match.is_finished)
    page = text(client.get(f"/play/{match.pk}/", **HTMX))
    assert "data-standings" in page
    assert 'data-action="new-game"' in page
    assert 'data-action="next-hand"' not in page
    assert page.count("data-hand-row=") == 10
    home = text(client.get("/"))
    assert 'data-action="continue"' not in home


# -- the speed ------------------------------------------------------------------------------


def test_the_speed_can_be_changed_on_the_table(client, new_match, guest):
    match = new_match()
    response = client.post(
        f"/play/{match.pk}/speed", {"speed": "slow", "hand": 1, "step": 0}, **HTMX
    )
    guest.refresh_from_db()
    assert guest.speed == "slow"
    page = text(response)
    assert 'hx-trigger="load delay:1200ms"' in page
    assert re.search(r'data-speed="slow" aria-pressed="true"', page)
    client.post(f"/play/{match.pk}/speed", {"speed": "warp"}, **HTMX)
    guest.refresh_from_db()
    assert guest.speed == "slow"


# -- replays -----------------------------------------------------------------------------


def test_a_finished_hand_can_be_replayed_card_by_card_from_any_seat(client, new_match, guest):
    match = play_until(new_match(), guest, hand_over)
    hand = newest_hand(match)
    steps = len(hand.record["actions"])
    start = text(client.get(f"/play/{match.pk}/hand/1/?step=0&seat=2"))
    assert 'data-step="0"' in start and 'data-seat="2"' in start
    dealt = state_of(hand, 0).view(2).hand
    assert all(f'data-card="{c}"' in start for c in dealt)
    assert f"/play/{match.pk}/hand/1/?seat=2&amp;step=1" in start  # next
    middle = text(client.get(f"/play/{match.pk}/hand/1/?step=12&seat=3"))
    assert 'data-action="previous"' in middle and 'data-action="next"' in middle
    end = text(client.get(f"/play/{match.pk}/hand/1/?step={steps}"))
    assert f'data-step="{steps}"' in end
    assert "The deal" in end  # every hand may be shown once the hand is over


def test_a_hand_that_is_not_finished_cannot_be_replayed(client, new_match):
    match = new_match()
    assert client.get(f"/play/{match.pk}/hand/1/").status_code == 404
    assert client.get(f"/play/{match.pk}/hand/2/").status_code == 404


# -- permissions ---------------------------------------------------------------------------


def test_another_players_match_is_not_found(client):
    from games.services import start_match

    owner = PlayerFactory()
    match = start_match(owner, "beginner")
    match = play_until(match, owner, hand_over)
    version = match.version
    for visitor in ("nobody", "guest", "member"):
        if visitor == "guest":
            client.post("/play/new", {"level": "beginner"})  # a guest with a game of their own
        if visitor == "member":
            client.force_login(UserFactory())
        assert client.get(f"/play/{match.pk}/").status_code == 404
        assert client.get(f"/play/{match.pk}/", **HTMX).status_code == 404
        assert client.get(f"/play/{match.pk}/hand/1/").status_code == 404
        move = {"action": "next-hand", "version": version}
        assert client.post(f"/play/{match.pk}/act", move).status_code == 404
        assert client.post(f"/play/{match.pk}/speed", {"speed": "fast"}).status_code == 404
    match.refresh_from_db()
    assert match.version == version


def test_a_match_that_does_not_exist_is_not_found(client, guest):
    assert client.get("/play/00000000-0000-0000-0000-000000000000/").status_code == 404
    assert client.get("/play/not-a-uuid/").status_code == 404


def test_the_four_colour_deck_can_be_chosen_and_is_kept(client, new_match, guest):
    match = new_match()
    page = text(client.get(f"/play/{match.pk}/", **HTMX))
    assert "deck-four" not in page and 'data-action="deck" aria-pressed="false"' in page
    response = client.post(f"/play/{match.pk}/speed", {"deck": "four"}, **HTMX)
    assert response.status_code == 200
    guest.refresh_from_db()
    assert guest.deck == "four"
    page = text(client.get(f"/play/{match.pk}/", **HTMX))
    assert "deck-four" in page and "suit-C" in page
    client.post(f"/play/{match.pk}/speed", {"deck": "rainbow"}, **HTMX)
    guest.refresh_from_db()
    assert guest.deck == "four"  # a bad value changes nothing
