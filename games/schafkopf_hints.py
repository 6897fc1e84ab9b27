"""Why the expert's move is good, at a Schafkopf practice table, in one sentence.

The engine's expert chooses the move (from the learner's own view, so a hint
shows nothing the learner may not see); this module gives the reason in the
words of the Schafkopf course (lead trump as the declarer, look for the called
Sau, schmieren, Kontra with a strong hand), through gettext, and names cards
as the table draws them (German or French, as the player chose).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules_engine.cards import CARD_POINTS, parse_card
from rules_engine.players.schafkopf_knowledge import kind_of_view

from .schafkopf_table import declaration_name, faces


def hint_sentence(view, action, deck: str = "german") -> str:
    """One sentence saying why ``action`` is a good move for ``view.seat`` now."""
    face = faces(view, deck)
    if len(view.legal) == 1:
        return _("It is your only legal move.")
    kind = action.kind
    if view.phase == "bidding":
        if kind == "bid":
            return _("Bid: this hand is strong enough to play a game.")
        return _("Pass: this hand is too weak to play a game of its own.")
    if kind == "declare":
        return _("Declare %(game)s: it is the game this hand is strongest in.") % {
            "game": declaration_name(action, face)
        }
    if kind == "kontra":
        return _("Say Kontra: your cards are strong against this game.")
    if kind == "re":
        return _("Say Re: your side is strong enough to double again.")
    if kind == "pass":
        if view.phase == "declaring":
            return _("Pass: no higher game suits this hand.")
        return _("Don't double: your cards are not strong enough for it.")
    return _play_sentence(view, action, face(action.card).name)


def _play_sentence(view, action, name: str) -> str:
    kind = kind_of_view(view)
    ranking = kind.ranking
    c = parse_card(action.card)
    me = view.seat
    side = {view.declarer, view.partner} - {None}
    mine = me in side
    cards = [x for x in (view.trick.cards if view.trick else ()) if x is not None]
    if view.contract == "ramsch":
        if not cards:
            return _(
                "Lead the %(card)s: in a Ramsch you want to take as few points as you can."
            ) % {"card": name}
        return _("Play the %(card)s: in a Ramsch you give away points, you don't take them.") % {
            "card": name
        }
    if not cards:
        if ranking.is_trump(c) and mine:
            return _(
                "Lead the %(card)s: the declaring side leads trump to draw the others' trumps."
            ) % {"card": name}
        if view.called and c >> 3 == parse_card(view.called) >> 3 and not ranking.is_trump(c):
            return _("Lead the %(card)s: leading the called suit looks for the Sau.") % {
                "card": name
            }
        return _("Lead the %(card)s: a plain suit makes the declarer spend trumps.") % {
            "card": name
        }
    indices = [parse_card(x) for x in cards]
    led = ranking.follow_class[indices[0]]
    row = ranking.strength[led]
    best = max(row[x] for x in indices)
    winner = view.trick.seat_of(
        indices.index(next(x for x in indices if row[x] == best)), view.seats
    )
    if row[c] > best:
        return _("Play the %(card)s: it takes this trick.") % {"card": name}
    friends = (winner in side) == mine
    if CARD_POINTS[c] >= 10 and friends:
        return _("Schmier the %(card)s: your side takes this trick, so give it points.") % {
            "card": name
        }
    return _("Play the %(card)s: you can't take this trick, so give away as little as you can.") % {
        "card": name
    }
