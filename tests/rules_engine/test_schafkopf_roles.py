"""Who was what in a finished Schafkopf hand: the role the arena splits its figures by."""

from __future__ import annotations

from rules_engine import SchafkopfHand
from rules_engine.players.schafkopf_playout import play_out
from rules_engine.schafkopf_result import SchafkopfRole


def _finished(n: int, **options) -> list[SchafkopfHand]:
    deals = (SchafkopfHand.from_seed(f"roles-{i}".encode(), i % 4, options) for i in range(n))
    return [play_out(state) for state in deals]


def test_each_seat_s_role_follows_the_result():
    seen = set()
    for final in _finished(60):
        result = final.result()
        roles = [result.role(seat) for seat in range(len(result.scores))]
        seen.update(roles)
        if result.declarer is None:
            assert set(roles) == {SchafkopfRole(result.contract)}
            continue
        assert roles.count(SchafkopfRole.DECLARER) == 1
        assert roles[result.declarer] == SchafkopfRole.DECLARER
        partners = roles.count(SchafkopfRole.PARTNER)
        assert partners == (result.partner is not None)
        assert roles.count(SchafkopfRole.DEFENDER) == len(roles) - 1 - partners
    assert {SchafkopfRole.DECLARER, SchafkopfRole.PARTNER, SchafkopfRole.RAMSCH} <= seen


def test_a_redeal_is_every_seat_s_role_when_all_pass_and_the_option_says_so():
    finals = [f for f in _finished(60, all_pass="redeal") if f.result().declarer is None]
    assert finals
    for final in finals:
        result = final.result()
        roles = {result.role(seat) for seat in range(len(result.scores))}
        assert roles == {SchafkopfRole.REDEAL}
