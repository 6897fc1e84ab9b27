"""The sign-up form: Django's, with one rule of the boards added."""

from __future__ import annotations

from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from games.models import Player
from leaderboards.nicknames import is_taken


class SignupForm(UserCreationForm):
    """A new user name may not pass for a name someone already shows on the boards."""

    def clean_username(self) -> str:
        username = super().clean_username()
        if username and is_taken(username, Player()):
            raise ValidationError(
                _("That name is someone else's on the board: choose another."), code="taken"
            )
        return username
