"""Setting up a Schafkopf game the way players agree on house rules: the form's
fields read into a SchafkopfSetup, the engine's options it gives, the view that
starts the match from the home page, and the choice remembered for next time."""

from __future__ import annotations

import html
import re

import pytest
from django.http import QueryDict
from django.urls import reverse
from factories import PlayerFactory
from seating import seat_player, sign_up

from config import ratelimit
from games import schafkopf_setup
from games.game_kinds import schafkopf_rules
from games.models import Match, Player
from games.schafkopf_setup import (
    DEFAULT,
    TARIFF_PRESETS,
    SchafkopfSetup,
    SetupError,
    format_cents,
)
from games.table import table_url
from rules_engine.options import SCHAFKOPF_DEFAULTS, schafkopf_options

URL = "/play/schafkopf/new"
#: A whole form as the home page posts it, the fastest computer players.
FORM = {
    "computer_level": "beginner",
    "deck": "long",
    "all_pass": "ramsch",
    "tariff": "10/50",
    "rufspiel": "10",
    "solo": "50",
    "rounds": "2",
}
OWN = {**FORM, "tariff": "own", "rufspiel": "30", "solo": "120", "deck": "short"}

LEVEL = "Choose one of the levels offered."
DECK = "Choose the long or the short deck."
ALL_PASS = "Choose what happens when all pass: a Ramsch or a new deal."
TARIFF = "Choose one of the tariffs offered, or your own."
RUFSPIEL = "The Rufspiel's tariff is a whole number of cents from 1 to 1000."
SOLO = "The solo's tariff is a whole number of cents from 1 to 1000."
ROUNDS = "Choose from 1 to 8 rounds."
#: Every kind of bad input: (changes to the form, its message). None leaves a field out.
BAD = [
    ({"computer_level": "random"}, LEVEL),
    ({"computer_level": "Standard"}, LEVEL),
    ({"computer_level": None}, LEVEL),
    ({"deck": "medium"}, DECK),
    ({"deck": None}, DECK),
    ({"all_pass": "skip"}, ALL_PASS),
    ({"all_pass": None}, ALL_PASS),
    ({"tariff": "30/60"}, TARIFF),
    ({"tariff": ""}, TARIFF),
    ({"tariff": None}, TARIFF),
    *[({"tariff": "own", "rufspiel": v}, RUFSPIEL) for v in ("0", "-1", "1001", "abc", None)],
    ({"tariff": "own", "rufspiel": "9" * 5000}, RUFSPIEL),
    ({"tariff": "own", "rufspiel": "1e3"}, RUFSPIEL),
    ({"tariff": "own", "rufspiel": "\u0661\u0662"}, RUFSPIEL),  # Arabic-Indic 12
    *[({"tariff": "own", "solo": v}, SOLO) for v in ("0", "-1", "1001", "abc", "", None)],
    *[({"rounds": v}, ROUNDS) for v in ("0", "9", "x", "-2", "1.5", "", None)],
    ({"rounds": "9" * 5000}, ROUNDS),
]


def form(**changes) -> QueryDict:
    """The form's fields as a QueryDict (as posted), with ``changes``; None leaves one out."""
    data = QueryDict(mutable=True)
    for name, value in {**FORM, **changes}.items():
        if value is not None:
            data[name] = value
    return data


def post_data(data: QueryDict) -> dict:
    return {name: data[name] for name in data}


def page(response) -> str:
    return html.unescape(response.content.decode())


def checked(text: str, name: str) -> list[str]:
    """The values of the radio buttons named ``name`` that are checked."""
    return re.findall(rf'name="{name}" value="([^"]+)"[^>]* checked', text)


def schafkopf_section(text: str) -> str:
    start = text.index('<section class="game" id="schafkopf"')
    return text[start : text.index("</section>", start)]


# -- reading the form ------------------------------------------------------------------


@pytest.mark.parametrize("preset", TARIFF_PRESETS)
def test_each_preset_gives_its_two_rates(preset):
    setup = SchafkopfSetup.from_form(form(tariff=preset, rufspiel="999", solo="1"))
    assert (setup.tariff, setup.rufspiel, setup.solo) == (preset, *TARIFF_PRESETS[preset])


def test_the_usual_presets_are_offered():
    assert TARIFF_PRESETS == {"10/50": (10, 50), "20/50": (20, 50), "50/100": (50, 100)}


def test_an_own_tariff_takes_the_two_typed_rates():
    setup = SchafkopfSetup.from_form(form(**OWN))
    assert setup == SchafkopfSetup(
        level="beginner", short_deck=True, all_pass="ramsch", tariff="own",
        rufspiel=30, solo=120, rounds=2,
    )  # fmt: skip


def test_a_typed_rate_may_have_spaces_around_it_and_be_as_low_or_high_as_offered():
    setup = SchafkopfSetup.from_form(form(tariff="own", rufspiel=" 1 ", solo="1000"))
    assert (setup.rufspiel, setup.solo) == (1, 1000)


def test_every_field_choice_is_read():
    setup = SchafkopfSetup.from_form(form(computer_level="expert", all_pass="redeal", rounds="8"))
    assert (setup.level, setup.all_pass, setup.rounds, setup.short_deck) == (
        "expert", "redeal", 8, False,
    )  # fmt: skip


def test_a_list_of_values_counts_its_last_one_as_a_form_would():
    data = form()
    data.setlist("rounds", ["9", "3"])
    assert SchafkopfSetup.from_form(data).rounds == 3


@pytest.mark.parametrize(("changes", "message"), BAD)
def test_bad_or_missing_input_is_refused_naming_what_is_wrong(changes, message):
    with pytest.raises(SetupError) as refused:
        SchafkopfSetup.from_form(form(**changes))
    assert str(refused.value) == message


def test_a_preset_ignores_the_typed_rates_however_bad():
    setup = SchafkopfSetup.from_form(form(tariff="20/50", rufspiel="abc", solo=None))
    assert (setup.rufspiel, setup.solo) == (20, 50)


def test_a_setup_is_checked_when_made_not_only_when_read():
    for bad in (
        {"level": "random"}, {"short_deck": "yes"}, {"rounds": True}, {"rounds": 9},
        {"tariff": "own"}, {"tariff": "own", "rufspiel": 10, "solo": 1001},
        {"tariff": "10/50", "solo": 60}, {"tariff": 10},
    ):  # fmt: skip
        with pytest.raises(SetupError):
            SchafkopfSetup(**bad)


def test_the_default_is_standard_long_deck_ramsch_10_50_and_two_rounds():
    assert DEFAULT == SchafkopfSetup(
        level="standard", short_deck=False, all_pass="ramsch", tariff="10/50",
        rufspiel=10, solo=50, rounds=2,
    )  # fmt: skip


# -- the engine's options --------------------------------------------------------------


@pytest.mark.parametrize("preset", TARIFF_PRESETS)
def test_every_preset_gives_rules_the_engine_accepts(preset):
    setup = SchafkopfSetup(tariff=preset, short_deck=True, all_pass="redeal")
    rufspiel, solo = TARIFF_PRESETS[preset]
    options = schafkopf_options(schafkopf_rules(setup.rules()))
    assert options["short_deck"] is True and options["all_pass"] == "redeal"
    assert (options["tariff_rufspiel"], options["tariff_solo"]) == (rufspiel, solo)
    assert options["tariff_schneider"] == options["tariff_laufende"] == rufspiel
    assert options["tariff_ramsch"] == rufspiel and options["tariff_schwarz"] == 2 * rufspiel


def test_the_default_setup_plays_the_engines_default_rules():
    assert dict(schafkopf_options(DEFAULT.rules())) == dict(SCHAFKOPF_DEFAULTS)


def test_only_options_the_form_offers_are_in_the_rules():
    rules = SchafkopfSetup.from_form(form(**OWN)).rules()
    assert "jungfrau" not in rules
    assert set(rules) == {
        "short_deck", "all_pass", "tariff_rufspiel", "tariff_solo",
        "tariff_schneider", "tariff_schwarz", "tariff_laufende", "tariff_ramsch",
    }  # fmt: skip
    assert schafkopf_rules(rules) == rules


def test_a_matchs_rules_give_back_the_setup_they_came_from():
    for setup in (DEFAULT, SchafkopfSetup.from_form(form(**OWN))):
        assert SchafkopfSetup.from_rules(setup.rules(), setup.rounds, setup.level) == setup
    with pytest.raises(SetupError):
        SchafkopfSetup.from_rules({"jungfrau": True}, 2)


# -- remembering it, describing it -------------------------------------------------------


def test_a_setup_is_remembered_as_json_and_read_back():
    setup = SchafkopfSetup.from_form(form(**OWN))
    assert setup.to_json() == {
        "level": "beginner", "short_deck": True, "all_pass": "ramsch", "tariff": "own",
        "rufspiel": 30, "solo": 120, "rounds": 2,
    }  # fmt: skip
    assert SchafkopfSetup.from_json(setup.to_json()) == setup


@pytest.mark.parametrize(
    "stored",
    [None, {}, [], "10/50", 3, {"level": 3}, {"level": "random"}, {"rounds": True},
     {"rounds": "2"}, {"short_deck": 1}, {"tariff": "own", "rufspiel": 0, "solo": 50},
     {"tariff": "own"}, {"tariff": "5/10"}],
)  # fmt: skip
def test_anything_unreadable_remembered_gives_the_default(stored):
    assert SchafkopfSetup.from_json(stored) == DEFAULT


def test_a_remembered_preset_has_the_presets_rates_and_unknown_keys_are_ignored():
    stored = {**DEFAULT.to_json(), "tariff": "20/50", "rufspiel": 7, "solo": 7, "future": 1}
    assert SchafkopfSetup.from_json(stored) == SchafkopfSetup(tariff="20/50")


def test_the_house_rules_are_described_in_one_sentence():
    assert DEFAULT.describe() == (
        "Long deck, a Ramsch when all pass, Rufspiel €0.10, solo €0.50, 2 rounds."
    )
    own = SchafkopfSetup(short_deck=True, all_pass="redeal", tariff="own", rufspiel=5,
                         solo=150, rounds=1)  # fmt: skip
    assert own.describe() == (
        "Short deck, a new deal when all pass, Rufspiel €0.05, solo €1.50, 1 round."
    )
    assert format_cents(1000) == "€10.00"


def test_what_a_player_reads_goes_through_gettext(monkeypatch):
    monkeypatch.setattr(schafkopf_setup, "_", lambda text: f"«{text}»")
    monkeypatch.setattr(schafkopf_setup, "ngettext", lambda one, many, n: f"«{many}»")
    described = SchafkopfSetup(short_deck=True).describe()
    assert described.startswith("««Short deck», «a Ramsch when all pass», «Rufspiel")
    assert "«%(count)s rounds»" not in described and "«2 rounds»" in described
    for changes, _message in BAD:
        with pytest.raises(SetupError) as refused:
            SchafkopfSetup.from_form(form(**changes))
        assert str(refused.value).startswith("«")
    fields = schafkopf_setup.form_fields(DEFAULT)
    labels = [label for key in ("decks", "all_pass") for _v, label, _c in fields[key]]
    labels += [words for _v, words, _c in fields["tariffs"]]
    assert all(label.startswith("«") for label in labels)


# -- the view ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_new_visitor_sees_the_default_house_rules_checked(client):
    text = page(client.get("/"))
    section = schafkopf_section(text)
    assert f'action="{reverse("games:new_schafkopf")}"' in section
    assert 'data-action="new-schafkopf"' in section
    assert checked(section, "computer_level") == ["standard"]
    assert 'name="level"' not in section  # that is the Sheepshead form's, on the same page
    assert checked(section, "deck") == ["long"]
    assert checked(section, "all_pass") == ["ramsch"]
    assert checked(section, "tariff") == ["10/50"]
    assert re.findall(r'<option value="(\d)" selected>', section) == ["2"]
    assert 'role="alert"' not in section
    assert not Player.objects.exists()  # looking at the form makes no player


@pytest.mark.django_db
def test_a_new_game_starts_a_schafkopf_match_under_the_house_rules_chosen(client):
    response = client.post(URL, OWN | {"rounds": "3"})
    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table_url(match, 0, 0)
    setup = SchafkopfSetup.from_form(form(**(OWN | {"rounds": "3"})))
    assert (match.game, match.level, match.hand_count) == ("schafkopf", "beginner", 3 * 4)
    assert match.rules == setup.rules()
    assert match.rules["tariff_rufspiel"] == 30 and match.rules["short_deck"] is True
    assert match.player.schafkopf_setup == setup.to_json()


@pytest.mark.django_db
@pytest.mark.parametrize("preset", TARIFF_PRESETS)
def test_each_preset_starts_a_match_with_its_rates(client, preset):
    assert client.post(URL, FORM | {"tariff": preset, "rounds": "1"}).status_code == 302
    match = Match.objects.get()
    rufspiel, solo = TARIFF_PRESETS[preset]
    assert (match.rules["tariff_rufspiel"], match.rules["tariff_solo"]) == (rufspiel, solo)
    assert match.hand_count == 4


@pytest.mark.django_db
def test_the_choice_is_remembered_and_shown_checked_next_time(client):
    client.post(URL, OWN | {"computer_level": "beginner", "all_pass": "redeal", "rounds": "5"})
    section = schafkopf_section(page(client.get("/")))
    assert checked(section, "computer_level") == ["beginner"]
    assert checked(section, "deck") == ["short"]
    assert checked(section, "all_pass") == ["redeal"]
    assert checked(section, "tariff") == ["own"]
    assert 'name="rufspiel" value="30"' in section and 'name="solo" value="120"' in section
    assert re.findall(r'<option value="(\d)" selected>', section) == ["5"]
    # The Sheepshead form keeps its own default.
    assert re.search(r'name="level" value="standard" checked', page(client.get("/")))


@pytest.mark.django_db
def test_a_second_game_remembers_the_newer_choice_for_the_same_player(client):
    client.post(URL, OWN)
    client.post(URL, FORM | {"tariff": "50/100", "rounds": "1"})
    player = Player.objects.get()
    assert Match.objects.filter(player=player).count() == 2
    assert SchafkopfSetup.from_json(player.schafkopf_setup) == SchafkopfSetup(
        level="beginner", tariff="50/100", rounds=1
    )


@pytest.mark.django_db
@pytest.mark.parametrize(("changes", "message"), BAD, ids=lambda v: repr(v)[:40])
def test_bad_input_is_a_400_home_page_with_the_message_and_creates_nothing(
    client, changes, message
):
    response = client.post(URL, post_data(form(**changes)))
    assert response.status_code == 400
    section = schafkopf_section(page(response))
    assert f'<p class="message" role="alert" id="schafkopf-message">{message}</p>' in section
    assert 'data-action="new-game"' in page(response)  # the Sheepshead form is still there
    assert not Match.objects.exists()
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_a_refused_form_keeps_what_was_right_and_marks_what_was_wrong(client):
    guest = seat_player(client, PlayerFactory(schafkopf_setup=SchafkopfSetup(
        tariff="50/100").to_json()))  # fmt: skip
    response = client.post(URL, OWN | {"rufspiel": "1001", "all_pass": "redeal"})
    section = schafkopf_section(page(response))
    assert checked(section, "deck") == ["short"] and checked(section, "all_pass") == ["redeal"]
    assert checked(section, "tariff") == ["own"]
    assert re.search(r'name="rufspiel" value="1001"[^>]*aria-invalid="true"', section)
    assert 'name="solo" value="120"' in section
    section = schafkopf_section(page(client.post(URL, OWN | {"rufspiel": "x", "rounds": "0"})))
    assert re.search(r'name="rufspiel" value="50"', section)  # not a number: the remembered
    assert re.findall(r'<option value="(\d)" selected>', section) == ["2"]
    guest.refresh_from_db()
    assert guest.schafkopf_setup == SchafkopfSetup(tariff="50/100").to_json()
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_the_new_schafkopf_game_is_only_started_by_post(client):
    assert client.get(URL).status_code == 405
    assert client.head(URL).status_code == 405
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_new_schafkopf_game_shares_the_new_game_rate_limit(client, monkeypatch):
    monkeypatch.setattr(ratelimit, "clock", lambda: 1_800_000_000 - 1_800_000_000 % 3600 + 1)
    tightest = min(ratelimit.limits_for("new-game"), key=lambda limit: limit.count)
    for _ in range(tightest.count):
        ratelimit.hit("new-game", "127.0.0.1")
    response = client.post(URL, FORM)
    assert response.status_code == 429
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_guest_who_signs_up_keeps_the_house_rules_chosen(client, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    client.post(URL, OWN)
    assert sign_up(client, "schafkopfer").status_code == 302
    account = Player.objects.get(user__username="schafkopfer")
    chosen = SchafkopfSetup.from_form(form(**OWN))
    assert SchafkopfSetup.from_json(account.schafkopf_setup) == chosen
    assert checked(schafkopf_section(page(client.get("/"))), "tariff") == ["own"]


@pytest.mark.django_db
@pytest.mark.parametrize("hostile", ["a\x00b", "x" * 100_000, "\u00b2", "<script>", ["2", "x"]])
def test_hostile_values_in_any_field_are_a_400_never_a_server_error(client, hostile):
    for name in FORM:
        response = client.post(URL, FORM | {"tariff": "own", name: hostile})
        assert response.status_code == 400, name
        assert "<script>" not in schafkopf_section(response.content.decode())
    assert not Match.objects.exists()
