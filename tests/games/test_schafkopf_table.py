"""The Schafkopf table page through Django's test client: what it shows and offers."""

import re

import pytest
from moves import play_until
from schafkopf_page import SESSION_SEED
from seating import seat_player

from games.models import Player
from games.services import load_table, start_match

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
CARD_LABEL = re.compile(r'data-card="([2-9TJQKA][CSHD])" aria-label="([^"]+)"')


@pytest.fixture
def session(client):
    player = seat_player(client)
    return player, start_match(player, "beginner", seed=SESSION_SEED, game="schafkopf", rounds=1)


def page(client, match) -> str:
    return client.get(f"/play/{match.pk}/").content.decode()


def test_the_bidding_offers_bid_and_pass_and_german_cards(client, session):
    _player, match = session
    body = page(client, match)
    assert 'data-action="bid"' in body and 'data-action="pass"' in body
    assert 'data-action="declare"' not in body and 'data-action="kontra"' not in body
    labels = dict(CARD_LABEL.findall(body))
    assert len(labels) == 8
    assert all(re.fullmatch(r"(Eichel|Gras|Herz|Schellen)-\w+", name) for name in labels.values())
    assert "<title>Schafkopf: hand 1 of 4" in body


def test_the_first_bidder_is_offered_only_games_it_may_declare(client, session):
    player, match = session
    client.post(f"/play/{match.pk}/act", {"action": "bid", "version": match.version})
    match.refresh_from_db()
    body = page(client, match)
    state = load_table(match).state
    offered = set(re.findall(r'data-action="declare"[^>]*data-contract="(\w+)"', body))
    legal = {a.contract for a in state.legal_actions()}
    assert offered == legal and "rufspiel" in offered
    assert 'data-action="pass"' not in body  # the first bidder must declare


def test_a_declaration_posted_from_the_page_shows_the_contract_line(client, session):
    player, match = session
    client.post(f"/play/{match.pk}/act", {"action": "bid", "version": match.version})
    match.refresh_from_db()
    call = next(a for a in load_table(match).state.legal_actions() if a.contract == "rufspiel")
    fields = {"action": "declare", "contract": "rufspiel", "card": call.card}
    client.post(f"/play/{match.pk}/act", {**fields, "version": match.version})
    match.refresh_from_db()
    body = page(client, match)
    assert "You play a Rufspiel with the" in body
    assert 'data-marker="declarer"' in body


def test_a_refused_declaration_says_why_and_changes_nothing(client, session):
    player, match = session
    client.post(f"/play/{match.pk}/act", {"action": "bid", "version": match.version})
    match.refresh_from_db()
    version = match.version
    response = client.post(
        f"/play/{match.pk}/act",
        {"action": "declare", "contract": "rufspiel", "card": "AH", "version": version},
    )
    assert response.status_code == 400
    assert "never called" in response.content.decode()
    match.refresh_from_db()
    assert match.version == version


def test_the_player_may_draw_the_cards_french_and_it_is_kept(client, session):
    player, match = session
    assert 'data-deck="german" aria-pressed="true"' in page(client, match)
    client.post(f"/play/{match.pk}/speed", {"schafkopf_deck": "four"})
    player = Player.objects.get(pk=player.pk)
    assert (player.schafkopf_deck, player.deck) == ("four", "classic")
    body = page(client, match)
    assert "deck-four" in body and 'data-deck="four" aria-pressed="true"' in body
    assert "queen of" in body or "jack of" in body or "ace of" in body
    client.post(f"/play/{match.pk}/speed", {"schafkopf_deck": "tarot"})
    assert Player.objects.get(pk=player.pk).schafkopf_deck == "four"


def test_a_finished_hand_shows_points_and_money_and_the_sheet(client, session):
    player, match = session
    match = play_until(match, player, lambda table: table.state.is_over)
    body = page(client, match)
    assert "data-result" in body and "€" in body
    result = match.hands.get(number=0).result
    for score in result["scores"]:
        cents = abs(score)
        assert f"€{cents // 100}.{cents % 100:02d}" in body
    assert 'data-action="next-hand"' in body
    replay = client.get(f"/play/{match.pk}/hand/1/?seat=3&step=0")
    assert replay.status_code == 200
    assert client.get(f"/play/{match.pk}/hand/1/?seat=9").status_code == 200  # seat ignored


def test_a_refused_card_is_explained_with_the_cards_the_player_sees(client, session):
    player, match = session
    client.post(f"/play/{match.pk}/act", {"action": "bid", "version": match.version})
    match.refresh_from_db()
    state = load_table(match).state
    declared = next(a for a in state.legal_actions() if a.contract == "rufspiel")
    client.post(
        f"/play/{match.pk}/act",
        {"action": "declare", "contract": "rufspiel", "card": declared.card,
         "version": match.version},
    )  # fmt: skip
    match.refresh_from_db()
    state = load_table(match).state
    held = set(state.view(0).hand)
    missing = next(code for code in ("QC", "QS", "QH", "QD", "JC") if code not in held)
    response = client.post(
        f"/play/{match.pk}/act", {"action": "play", "card": missing, "version": match.version}
    )
    body = response.content.decode()
    assert response.status_code == 400
    assert re.search(r"You don&#x27;t hold the (Eichel|Gras|Herz|Schellen)-(Ober|Unter)", body)


def test_a_reload_lets_the_computers_make_moves_that_were_never_stored(
    client, session, monkeypatch
):
    from moves import standard_move

    from games.services import submit_action

    player, match = session
    with monkeypatch.context() as patch:  # the server stops right after the human's move
        patch.setattr("games.services.run_computers", lambda match_id: None)
        match = submit_action(match.pk, player, standard_move(match), match.version)
    assert load_table(match).state.turn != match.human_seat
    page_now = client.get(f"/play/{match.pk}/", **HTMX).content.decode()
    match.refresh_from_db()
    state = load_table(match).state
    assert state.is_over or state.turn == match.human_seat
    assert 'data-live="true"' in page_now


def test_with_french_cards_chosen_the_sentences_name_french_cards(client, session):
    player, match = session
    client.post(f"/play/{match.pk}/speed", {"schafkopf_deck": "classic"})
    client.post(f"/play/{match.pk}/act", {"action": "bid", "version": match.version})
    match.refresh_from_db()
    body = page(client, match)
    assert "Rufspiel with the ace of" in body and "-Sau" not in body  # the buttons
    call = next(a for a in load_table(match).state.legal_actions() if a.contract == "rufspiel")
    fields = {"action": "declare", "contract": "rufspiel", "card": call.card}
    client.post(f"/play/{match.pk}/act", {**fields, "version": match.version})
    match.refresh_from_db()
    body = page(client, match)
    assert "You play a Rufspiel with the ace of" in body
    assert not re.search(r"(Eichel|Gras|Herz|Schellen)-", body)
