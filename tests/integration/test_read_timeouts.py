"""A client that trickles its request cannot hold a connection, nor a graceful shutdown: its
headers must arrive within the header timeout and its body within the body timeout (408)."""

from __future__ import annotations

import json
import signal
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from server.settings import Settings
from tests.conftest import LiveServer, ServerProcess

GIVE_UP = 20.0  # seconds: a connection still open by then was never going to be closed
TRICKLE = 0.2  # seconds between two trickled bytes


@pytest.fixture(scope="module")
def impatient_server(database_url: str) -> Iterator[LiveServer]:
    with LiveServer(Settings(database_url=database_url, header_timeout=1, body_timeout=1)) as server:
        yield server


def trickle_until_closed(port: int, opening: bytes, drip: bytes) -> bytes:
    """Send `opening`, then `drip` every TRICKLE seconds until the server closes the
    connection; everything the server sent. Fails if it is still open after GIVE_UP seconds."""
    received = b""
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.settimeout(TRICKLE)
        if opening:
            connection.sendall(opening)
        deadline = time.monotonic() + GIVE_UP
        while time.monotonic() < deadline:
            try:
                data = connection.recv(65536)
            except TimeoutError:
                try:
                    connection.sendall(drip)
                except (BrokenPipeError, ConnectionResetError):
                    return received
                continue
            except ConnectionResetError:
                return received
            if not data:
                return received
            received += data
    raise AssertionError(f"the connection was still open after {GIVE_UP} s")


def problem_of(response: bytes) -> tuple[str, dict[str, object]]:
    head, _, body = response.partition(b"\r\n\r\n")
    return head.split(b"\r\n")[0].decode(), json.loads(body)


def test_a_trickled_header_is_answered_408_and_closed(impatient_server: LiveServer) -> None:
    received = trickle_until_closed(impatient_server.port, b"GET /health/live HTTP/1.1\r\nHost: x\r\n", b"X")
    status, body = problem_of(received)
    assert status == "HTTP/1.1 408 Request Timeout" and body["rule"] == "request-timeout"


def test_a_connection_that_never_sends_a_request_is_closed(impatient_server: LiveServer) -> None:
    assert trickle_until_closed(impatient_server.port, b"", b"") == b""


@pytest.mark.parametrize(("path", "opening"), [
    ("/v1/players", b'{"name": '),
    # Commands are read outside Litestar (server/fast_commands.py), under the same timeout.
    ("/v1/battles/00000000-0000-4000-8000-000000000000/commands", b'{"type": '),
])
def test_a_trickled_body_is_answered_408_and_closed(impatient_server: LiveServer, path: str, opening: bytes) -> None:
    head = (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: 100\r\n\r\n").encode()
    status, body = problem_of(trickle_until_closed(impatient_server.port, head + opening, b" "))
    assert status == "HTTP/1.1 408 Request Timeout"
    assert body["rule"] == "request-timeout" and body["status"] == 408


def test_a_trickled_body_does_not_hold_a_graceful_shutdown(database_url: str) -> None:
    node = ServerProcess(database_url)
    node.env["CHRONICLE_BODY_TIMEOUT"] = "2"
    node.start()
    try:
        opening = b"POST /v1/players HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"
        answered: list[bytes] = []
        trickler = threading.Thread(target=lambda: answered.append(trickle_until_closed(node.port, opening, b" ")))
        trickler.start()
        time.sleep(0.5)
        # uvicorn re-raises the signal once its graceful shutdown is done; `signal` waits 20 s at most.
        assert node.signal(signal.SIGTERM) == -signal.SIGTERM
        trickler.join(GIVE_UP)
        assert answered and answered[0].startswith(b"HTTP/1.1 408 ")
    finally:
        node.stop()
