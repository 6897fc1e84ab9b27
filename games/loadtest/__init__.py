"""The load test, ``python -m games.loadtest``: the production server under simulated
players playing through HTTP (see ``cli`` for what it measures).

One job a module: ``server`` starts and stops the server, ``database`` empties the
run's own database and Redis, ``client`` speaks HTTP for one player, ``page`` reads
what a page offers, ``player`` plays, ``phases`` runs the players, ``stats`` and
``report`` sum up, ``replay`` checks every stored match afterwards.
"""
