"""The rules of Sheepshead and Schafkopf in pure Python.

Never imports Django: the web app, the computer players and the command line
all use it the same way. Start with :class:`SheepsheadHand` or
:class:`SchafkopfHand`, their ``legal_actions()``, ``apply(action)``,
``view(seat)`` and ``result()``.
"""

from .actions import Action
from .errors import IllegalAction, InvalidRecord
from .result import HandResult
from .schafkopf import SchafkopfHand
from .sheepshead import SheepsheadHand

__all__ = [
    "Action",
    "HandResult",
    "IllegalAction",
    "InvalidRecord",
    "SchafkopfHand",
    "SheepsheadHand",
]
