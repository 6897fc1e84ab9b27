"""A guest's ranks when the guest becomes an account (see ``accounts.guest_merge``)."""

from __future__ import annotations

from games.models import Player

from .models import AllTimeRank, DailyRank
from .tasks import schedule_recompute


def move_guest_ranks(guest: Player, account: Player, demoted: list) -> None:
    """The guest's board rows become the account's; a demoted attempt leaves the board.

    The numbers are rewritten by the recompute this schedules (on commit), so
    the board is right at once and exact after the recompute.
    """
    DailyRank.objects.filter(match_id__in=demoted).delete()
    DailyRank.objects.filter(player=guest).update(player=account)
    AllTimeRank.objects.filter(player=guest).delete()  # the account's row is recomputed
    schedule_recompute()
