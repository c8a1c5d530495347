"""The OpenAPI document as the contract a client is generated from: Litestar's document
completed with what Litestar cannot say of msgspec types (issue #16).

- Every event type and the state of every ruleset version, from `server/published_schemas.py`:
  `Envelope` (and `TournamentEnvelope`) a union discriminated on `type`, each variant's `data`
  that event's schema; `GET /state` answers a `BattleState`.
- Every union of tagged structs carries a `discriminator` with its mapping.
- The command unions are components: `BattleCommand` (every command any battle takes, the body
  of `POST /commands` and `/preview`), one per ruleset (`PilgrimageCommand`...: what its latest
  version's battles take) and `TournamentCommand`.

It works on the document as JSON, once per app, for the served `/schema/openapi.json`, the
Swagger page and `chronicle openapi` alike."""

from __future__ import annotations

import copy
from typing import Any

from litestar import Request
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin

from domain.rulesets import LATEST
from server.published_schemas import TAG, commands_of, openapi_components, refs_in, tag_of

Document = dict[str, Any]
COMPONENTS = "#/components/schemas/"
COMMANDS_PATH = "/v1/battles/{battle_id}/commands"
PREVIEW_PATH = "/v1/battles/{battle_id}/preview"
STATE_PATH = "/v1/battles/{battle_id}/state"
TOURNAMENT_COMMANDS_PATH = "/v1/tournaments/{tournament_id}/commands"


def completed(served: Document) -> Document:
    document = copy.deepcopy(served)
    schemas: dict[str, Any] = document["components"]["schemas"]
    _merge(schemas, openapi_components())
    _json_body(document, STATE_PATH, "get", "200")["schema"] = {"$ref": f"{COMPONENTS}BattleState"}
    battle_commands = _name_union(document, schemas, "BattleCommand", [(COMMANDS_PATH, "post"), (PREVIEW_PATH, "post")],
                                  "Any command a battle takes (its ruleset's own only in its battles).")
    _name_union(document, schemas, "TournamentCommand", [(TOURNAMENT_COMMANDS_PATH, "post")],
                "Any command a tournament takes.")
    unions = _ruleset_unions(schemas, battle_commands)
    _discriminate(document, schemas)
    _drop_unreferenced(document, unions)
    return document


def _drop_unreferenced(document: Document, kept: list[str]) -> None:
    """Drop the components nothing refers to any more (Litestar's of a struct a published one
    replaced); `kept` are published for clients though no operation names them."""
    schemas = document["components"]["schemas"]
    reached: set[str] = set(kept)
    todo: list[Any] = [document["paths"], *(schemas[name] for name in kept)]
    while todo:
        for ref in refs_in(todo.pop()):
            name = ref.removeprefix(COMPONENTS)
            if name not in reached and name in schemas:
                reached.add(name)
                todo.append(schemas[name])
    document["components"]["schemas"] = {name: schemas[name] for name in sorted(reached)}


def _merge(schemas: dict[str, Any], published: dict[str, Any]) -> None:
    """Add the published components; one of the same name as a Litestar one is the same struct
    (checked by its fields) or the union the published one makes of it (`Envelope`), and the
    published schema, exact about nulls, unknown fields and each event's data, replaces Litestar's."""
    for name, schema in published.items():
        known = schemas.get(name)
        if known is not None and "properties" in known and "properties" in schema \
                and set(known["properties"]) != set(schema["properties"]):
            raise ValueError(f"two different structs are named {name!r} in the OpenAPI document")
        schemas[name] = schema


def _json_body(document: Document, path: str, method: str, status: str | None = None) -> dict[str, Any]:
    operation = document["paths"][path][method]
    holder = operation["responses"][status] if status else operation["requestBody"]
    content: dict[str, Any] = holder["content"]["application/json"]
    return content


def _name_union(document: Document, schemas: dict[str, Any], name: str, bodies: list[tuple[str, str]],
                description: str) -> dict[str, str]:
    """The request bodies' inline union as a component; returns its members' component names by tag."""
    union: dict[str, Any] | None = None
    for path, method in bodies:
        body = _json_body(document, path, method)
        union = union or body["schema"]
        body["schema"] = {"$ref": COMPONENTS + name}
    assert union is not None and "oneOf" in union, name
    schemas[name] = {**union, "description": description}
    by_tag = {_tag(schemas, member): member["$ref"].removeprefix(COMPONENTS) for member in union["oneOf"]}
    return {tag: member for tag, member in by_tag.items() if tag is not None}


def _ruleset_unions(schemas: dict[str, Any], by_tag: dict[str, str]) -> list[str]:
    names = []
    for ruleset in LATEST.values():
        members = [by_tag[tag_of(command)] for command in commands_of(ruleset)]
        names.append(f"{ruleset.id[:1].upper()}{ruleset.id[1:]}Command")
        schemas[names[-1]] = {
            "description": f"A command a {ruleset.id} battle (version {ruleset.version}) takes: the core and contest "
                           "commands and its own.",
            "oneOf": [{"$ref": COMPONENTS + member} for member in members]}
    return names


def _tag(schemas: dict[str, Any], member: Any) -> str | None:
    """The tag of a `$ref` to a tagged struct's schema, or None."""
    if not isinstance(member, dict) or set(member) != {"$ref"} or not member["$ref"].startswith(COMPONENTS):
        return None
    target = schemas.get(member["$ref"].removeprefix(COMPONENTS), {})
    if TAG not in target.get("required", ()):
        return None
    tag = target.get("properties", {}).get(TAG, {})
    values = [tag["const"]] if "const" in tag else tag.get("enum", [])
    return str(values[0]) if len(values) == 1 else None


def _discriminate(node: Any, schemas: dict[str, Any]) -> None:
    """Every oneOf/anyOf of tagged structs gets its discriminator and mapping."""
    if isinstance(node, list):
        for item in node:
            _discriminate(item, schemas)
        return
    if not isinstance(node, dict):
        return
    for key in ("oneOf", "anyOf"):
        members = node.get(key)
        if isinstance(members, list) and members and "discriminator" not in node:
            tags = [_tag(schemas, m) for m in members]
            if all(tags) and len(set(tags)) == len(tags):
                node["discriminator"] = {"propertyName": TAG,
                                         "mapping": {t: m["$ref"] for t, m in zip(tags, members, strict=True)}}
    for value in node.values():
        _discriminate(value, schemas)


class _Completing:
    """A render plugin's mixin: render the completed document (built once)."""

    _document: tuple[int, Document] | None = None

    def completed_once(self, served: Document) -> Document:
        if self._document is None or self._document[0] != id(served):
            self._document = (id(served), completed(served))
        return self._document[1]


class ContractJson(_Completing, JsonRenderPlugin):
    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return super().render(request, self.completed_once(openapi_schema))


class ContractSwagger(_Completing, SwaggerRenderPlugin):
    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return super().render(request, self.completed_once(openapi_schema))
