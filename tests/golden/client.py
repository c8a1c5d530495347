"""What a golden script sees of the server: players and battles over plain HTTP, exactly as a
client would use the API (no import of the server's internals)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import httpx

# Refusals a script may meet while it looks for a legal command: the rules (422), a figure or
# seat that is not the player's (403), an open contest (409).
REFUSED = {403, 409, 422}


class Unexpected(AssertionError):
    """The server answered a script with something no legal game produces."""


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


class Api:
    def __init__(self, http: httpx.Client) -> None:
        self.http = http

    def call(self, method: str, path: str, player: Player | None = None, **kwargs: Any) -> httpx.Response:
        """One request; a rate-limited one (429) waits as Retry-After says and goes again."""
        for _ in range(100):
            response = self.http.request(method, path, headers=player.headers if player else None, **kwargs)
            if response.status_code != 429:
                return response
            time.sleep(float(response.headers.get("Retry-After", "1")))
        raise Unexpected(f"{method} {path}: still rate-limited")

    def player(self, name: str) -> Player:
        response = self.call("POST", "/v1/players", json={"name": name})
        _expect(response, 201)
        body = response.json()
        return Player(id=body["id"], name=name, token=body["token"])

    def create(self, creator: Player, ruleset: str, version: str, seats: dict[str, Player],
               **fields: Any) -> Battle:
        response = self.call("POST", "/v1/battles", creator, json={
            "ruleset": ruleset, "ruleset_version": version, "seats": list(seats), **fields})
        _expect(response, 201)
        return Battle(self, response.json()["id"], dict(seats), creator)


@dataclass
class Battle:
    api: Api
    id: str
    seats: dict[str, Player]  # seat name -> the player who holds (or will claim) it
    creator: Player
    sent: list[str] = field(default_factory=list)  # the type of every command accepted

    def claim_all(self, client_seeds: dict[str, str] | None = None) -> None:
        for seat, player in self.seats.items():
            seed = (client_seeds or {}).get(seat)
            response = self.api.call("POST", f"/v1/battles/{self.id}/seats/{seat}", player,
                                     json={"client_seed": seed} if seed else {})
            _expect(response, 201)

    def send(self, who: str | Player, body: dict[str, Any]) -> dict[str, Any]:
        """A command that must be accepted; returns the command's result."""
        response = self._post(who, body)
        _expect(response, 201)
        self.sent.append(body["type"])
        result: dict[str, Any] = response.json()
        return result

    def attempt(self, who: str | Player, body: dict[str, Any]) -> dict[str, Any] | None:
        """A command the rules may refuse (then None, and nothing is recorded)."""
        response = self._post(who, body)
        if response.status_code in REFUSED:
            return None
        _expect(response, 201)
        self.sent.append(body["type"])
        result: dict[str, Any] = response.json()
        return result

    def _post(self, who: str | Player, body: dict[str, Any]) -> httpx.Response:
        player = self.seats[who] if isinstance(who, str) else who
        return self.api.call("POST", f"/v1/battles/{self.id}/commands", player, json=body)

    def state(self, at: int | None = None) -> dict[str, Any]:
        response = self.api.call("GET", f"/v1/battles/{self.id}/state", params={"at": at} if at else None)
        _expect(response, 200)
        state: dict[str, Any] = response.json()
        return state

    @property
    def version(self) -> int:
        return int(self.state()["version"])

    def events(self) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        after: int | None = 0
        while after is not None:
            response = self.api.call("GET", f"/v1/battles/{self.id}/events", params={"after": after, "limit": 1000})
            _expect(response, 200)
            page = response.json()
            events += page["events"]
            after = page["next"]
        return events

    def fork(self, who: Player, at: int) -> Battle:
        response = self.api.call("POST", f"/v1/battles/{self.id}/fork", who, json={"at": at})
        _expect(response, 201)
        return Battle(self.api, response.json()["id"], dict(self.seats), who)


def _expect(response: httpx.Response, status: int) -> None:
    if response.status_code != status:
        raise Unexpected(f"{response.request.method} {response.request.url.path}: {response.status_code} "
                         f"{response.text[:2000]}")
