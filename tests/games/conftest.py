"""Shared set-up for the table page's tests: a guest at a table, known deals."""

from __future__ import annotations

import pytest
from moves import standard_move
from seating import seat_player

from games.models import Player
from games.services import start_match

#: Seat 4 deals hand 1, so the human (seat 0) decides first; picking, the human holds
#: 7C 8C QC TS 7H TH 8D 9D, and after burying 7C 8C may call AS or AH.
PICKER_SEED = bytes([4]) + bytes(31)
#: Seat 1 deals hand 1: three computer players decide before the human does.
DEALER_1_SEED = bytes([1]) + bytes(31)


@pytest.fixture
def guest(client) -> Player:
    """A guest player whose session is the client's, as the table pages would make."""
    return seat_player(client)


@pytest.fixture
def new_match(guest):
    """A match for the guest: ``new_match(level="beginner", seed=DEALER_1_SEED)``."""

    def make(level: str = "beginner", seed: bytes = DEALER_1_SEED):
        return start_match(guest, level, seed=seed)

    return make


@pytest.fixture
def picker_seed() -> bytes:
    return PICKER_SEED


@pytest.fixture
def human_move():
    """``human_move(match)``: the form fields of a standard player's move in the human's seat."""
    return standard_move
