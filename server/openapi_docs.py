"""Struct docstrings as the descriptions of their OpenAPI schemas.

Litestar's own msgspec plugin leaves a struct's docstring out of the document, so a client
developer reading /schema would see every command's fields but not what the command does.
This plugin runs Litestar's and adds the description."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING

import msgspec

# Litestar exports no public name for its struct schema plugin; tests/e2e/test_openapi.py
# fails if a Litestar upgrade moves it or its descriptions stop appearing.
from litestar._openapi.schema_generation.plugins.struct import StructSchemaPlugin
from litestar.openapi.spec import Reference
from litestar.plugins import OpenAPISchemaPlugin

if TYPE_CHECKING:
    from litestar._openapi.schema_generation import SchemaCreator
    from litestar.openapi.spec import Schema
    from litestar.typing import FieldDefinition


def struct_description(struct: type) -> str | None:
    """The struct's own docstring, or the nearest one of the structs it extends (a command as the
    API takes it extends the domain's command)."""
    for cls in struct.__mro__:
        if cls in (msgspec.Struct, object) or cls.__name__.startswith("_"):
            continue
        doc = cls.__dict__.get("__doc__")
        if doc:
            return inspect.cleandoc(doc)
    return None


class DocumentedStructs(OpenAPISchemaPlugin):
    def __init__(self) -> None:
        self._structs = StructSchemaPlugin()

    def is_plugin_supported_field(self, field_definition: FieldDefinition) -> bool:
        return self._structs.is_plugin_supported_field(field_definition)

    def to_openapi_schema(self, field_definition: FieldDefinition, schema_creator: SchemaCreator) -> Schema:
        schema = self._structs.to_openapi_schema(field_definition, schema_creator)
        _default_the_tag(schema, field_definition.type_)
        if schema.description is None:
            schema.description = struct_description(field_definition.type_)
        if getattr(field_definition.type_, "__struct_config__", None) is not None and \
                field_definition.type_.__struct_config__.forbid_unknown_fields:
            # msgspec refuses a field the struct does not have: the schema says so.
            schema.additional_properties = False
        return schema


def _default_the_tag(schema: Schema, struct: type) -> None:
    """A tagged struct's tag (a command's `type`) is also its default, so that a generated client
    fills it in itself (openapi-python-client: `type_: Literal["roll"] = "roll"`) rather than
    each caller writing it by hand. It stays required: the server needs it to tell commands apart."""
    config = getattr(struct, "__struct_config__", None)
    if config is None or config.tag is None or not isinstance(schema.properties, dict):
        return
    tag = schema.properties.get(config.tag_field)
    if tag is not None and not isinstance(tag, Reference):
        tag.default = config.tag
