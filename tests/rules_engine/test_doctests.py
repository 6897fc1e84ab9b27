"""The examples in the engine's docstrings are run, so they stay true."""

import doctest
import importlib
import pkgutil

import pytest

import rules_engine

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(rules_engine.__path__, "rules_engine.")
    if not name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_there_are_examples_to_run():
    attempted = sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES)
    assert attempted >= 5
