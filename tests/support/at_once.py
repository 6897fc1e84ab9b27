"""Run one call from several threads released together: two tabs, two processes."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connection


def at_once[T](call: Callable[[], T], times: int = 2) -> list[T | Exception]:
    """What each of ``times`` simultaneous calls returned or raised, in finishing order.

    Each thread waits at a barrier so that the calls really overlap, and closes its
    own database connection at the end (use with ``django_db(transaction=True)``).
    """
    barrier = threading.Barrier(times)
    outcomes: list[T | Exception] = []

    def one() -> None:
        barrier.wait()
        try:
            outcomes.append(call())
        except Exception as error:  # the caller asserts which errors it expects
            outcomes.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=one) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes
