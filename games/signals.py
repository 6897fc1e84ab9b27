"""What the games app announces to whoever cares, without knowing who listens.

Results flow one way: ``games`` never imports the apps that read its results
(the leaderboards connect their receivers in their own ``AppConfig.ready``).
"""

from django.dispatch import Signal

#: A match (daily or not, ranked or not) has just finished, inside the transaction that finished
#: it. Arguments: ``match`` (the games.Match). Receivers that queue work should
#: do it with ``transaction.on_commit`` so nothing runs for a rolled-back finish.
match_finished = Signal()

#: A hand has just ended, inside the transaction that recorded its result. Arguments:
#: ``hand`` (the games.Hand) and ``match``. The same on_commit advice as above.
hand_finished = Signal()
