"""A small TCP proxy for fault tests: forwards a loopback port to a server and can cut it.

``with TcpProxy(("127.0.0.1", 5432)) as proxy:`` listens on 127.0.0.1 on a free
port (``proxy.port``) and forwards every connection to the target. ``cut()``
closes every live connection on both sides, as a network failure or a server
restart would; ``refuse()`` also closes each new connection as soon as it is
accepted until ``restore()``. It only listens on loopback, its threads are
daemons, and it shuts itself down after ``lifetime`` seconds at the latest, so
a test that forgets it leaves nothing running.
"""

from __future__ import annotations

import socket
import threading
import time

#: Bytes read from one side before they are written to the other.
CHUNK = 65536
#: How often the accepting thread looks at its deadline (seconds).
TICK = 0.2


class TcpProxy:
    def __init__(self, target: tuple[str, int], lifetime: float = 300.0):
        self.target = target
        self.deadline = time.monotonic() + lifetime
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(TICK)
        self.port = self._listener.getsockname()[1]
        self._lock = threading.Lock()
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._refusing = False
        self._stopped = threading.Event()
        #: Connections forwarded since the start, and those refused or cut.
        self.accepted = 0
        self.refused = 0
        self.cuts = 0
        self._thread = threading.Thread(target=self._accept_loop, daemon=True, name="tcp-proxy")
        self._thread.start()

    # -- control ------------------------------------------------------------------

    def cut(self) -> int:
        """Close every live connection at both ends; return how many were cut."""
        with self._lock:
            pairs, self._pairs = self._pairs, []
            self.cuts += len(pairs)
        for pair in pairs:
            for sock in pair:
                _close(sock)
        return len(pairs)

    def refuse(self) -> None:
        """Cut every live connection and close new ones at once, until ``restore()``."""
        with self._lock:
            self._refusing = True
        self.cut()

    def restore(self) -> None:
        """Forward new connections again."""
        with self._lock:
            self._refusing = False

    @property
    def live(self) -> int:
        with self._lock:
            return len(self._pairs)

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=5)
        _close(self._listener)
        self.cut()

    def __enter__(self) -> TcpProxy:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- forwarding ---------------------------------------------------------------

    def _accept_loop(self) -> None:
        while not self._stopped.is_set() and time.monotonic() < self.deadline:
            try:
                client, _address = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                break
            with self._lock:
                refusing = self._refusing
            if refusing:
                self.refused += 1
                _close(client)
                continue
            try:
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                _close(client)
                continue
            client.settimeout(None)
            server.settimeout(None)
            with self._lock:
                self._pairs.append((client, server))
                self.accepted += 1
            for source, sink in ((client, server), (server, client)):
                threading.Thread(
                    target=self._pump, args=(source, sink), daemon=True, name="tcp-proxy-pump"
                ).start()
        self._stopped.set()
        _close(self._listener)
        self.cut()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        """Copy one direction until either side closes, then close both."""
        try:
            while True:
                data = source.recv(CHUNK)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        with self._lock:
            self._pairs = [p for p in self._pairs if source not in p]
        _close(source)
        _close(sink)


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
