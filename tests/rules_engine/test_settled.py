"""score_is_settled: once it says so, nothing left to play changes a payment."""

from rules_engine.result import score_is_settled


def payment(side_points: int, side_tricks: int, defender_tricks: int) -> int:
    """What each defender receives, from docs/rules.md §2 (negative: pays)."""
    if side_points >= 61:
        return -3 if defender_tricks == 0 else (-2 if 120 - side_points <= 29 else -1)
    return 6 if side_tricks == 0 else (4 if side_points <= 30 else 2)


def test_a_settled_score_stays_the_same_whatever_is_still_played():
    settled_cases = 0
    for side in range(0, 121):
        for defenders in range(0, 121 - side):
            for side_tricks in (0, 1):
                for defender_tricks in (0, 1):
                    if not score_is_settled(side, defenders, side_tricks, defender_tricks):
                        continue
                    settled_cases += 1
                    now = payment(side, side_tricks, defender_tricks)
                    rest = 120 - side - defenders
                    for extra in range(rest + 1):
                        for more_side, more_def in ((0, 0), (1, 0), (0, 1), (1, 1)):
                            later = payment(side + extra, side_tricks + more_side,
                                            defender_tricks + more_def)  # fmt: skip
                            assert later == now, (side, defenders, extra)
    assert settled_cases > 1000


def test_an_open_score_is_not_settled():
    assert not score_is_settled(40, 40, 2, 2)  # nobody has won yet
    assert not score_is_settled(70, 10, 3, 0)  # the defenders may still take no trick
    assert not score_is_settled(70, 20, 3, 1)  # schneider may still happen
    assert score_is_settled(70, 30, 3, 1)
