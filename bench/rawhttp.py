"""A minimal keep-alive HTTP/1.1 client on asyncio streams, so that benchmark figures
measure the server rather than a client library's overhead."""

from __future__ import annotations

import asyncio
import json
from typing import Any


class RawHttp:
    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def __aenter__(self) -> RawHttp:
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._writer is not None:
            self._writer.close()

    async def post(self, path: str, body: Any, headers: dict[str, str] | None = None,
                   decode: bool = True) -> tuple[int, Any]:
        """The status and the JSON answer (its bytes, undecoded, without `decode`: a load generator
        need not pay for reading what it only counts)."""
        assert self._reader is not None and self._writer is not None
        payload = json.dumps(body).encode()
        head = [f"POST {path} HTTP/1.1", f"Host: {self.host}", "Content-Type: application/json",
                f"Content-Length: {len(payload)}"]
        head += [f"{name}: {value}" for name, value in (headers or {}).items()]
        self._writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        status_line = await self._reader.readline()
        length = 0
        while (line := await self._reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        content = await self._reader.readexactly(length)
        if not decode:
            return int(status_line.split()[1]), content
        return int(status_line.split()[1]), json.loads(content) if content else None
