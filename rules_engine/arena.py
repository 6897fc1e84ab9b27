"""``python -m rules_engine.arena``: the name the arena's command is known by.

The arena itself needs the computer players, so it lives with them
(rules_engine/players/arena.py); the engine never imports them. This module
only runs that one as a program, and imports nothing when imported.
"""

import runpy

if __name__ == "__main__":
    runpy.run_module("rules_engine.players.arena", run_name="__main__", alter_sys=True)
