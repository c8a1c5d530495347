"""Parts of README.md generated from the code, so that they cannot drift from it: the table of
provisional rules (each hosted ruleset's latest version, as GET /v1/rulesets/{id} lists them)
and the events each ruleset records (from the published JSON Schemas of its events).

`python -m server.docs` rewrites the generated blocks of README.md in place; a test fails when
README.md differs from what this module generates."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from domain.contests import CONTEST_EVENTS
from domain.events import CORE_EVENTS
from domain.rulesets import LATEST
from domain.rulesets.contract import settings_of_rules
from server.published_schemas import BATTLE_EVENTS, tag_of, version_schemas

README = Path(__file__).resolve().parent.parent / "README.md"
PROVISIONAL = "provisional-rules"
EVENTS = "events"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def provisional_rules_table() -> str:
    """Every provisional rule of every hosted ruleset's latest version: its settings and their
    defaults (what `options.provisional.<id>` changes per battle), and how the version reads it."""
    rows = ["| id | ruleset | settings (default) | how this version reads it |", "|---|---|---|---|"]
    for ruleset in sorted(LATEST.values(), key=lambda r: r.id):
        for found in settings_of_rules(ruleset):
            settings = ", ".join(f"`{name}` ({json.dumps(value)})" for name, value in found.defaults.items())
            rows.append(f"| `{found.rule.id}` | {ruleset.id} {ruleset.version} | {settings or '-'} | "
                        f"{_cell(found.rule.summary)} |")
    return "\n".join(rows) + "\n"


def _event_rows(schemas: dict[str, Any], tags: list[str]) -> list[str]:
    """A row per event type: its `data` fields as its published schema has them (`?`: may be
    absent) and what it records (its struct's own description)."""
    defs = schemas["$defs"]
    mapping = schemas["$defs"]["Envelope"]["discriminator"]["mapping"]
    rows = []
    for tag in tags:
        variant = defs[mapping[tag].rpartition("/")[2]]
        data = defs[variant["properties"]["data"]["$ref"].rpartition("/")[2]]
        required = set(data.get("required", ()))
        fields = ", ".join(f"`{name}`" + ("" if name in required else "?") for name in data["properties"]
                           if name != "type")
        described = data.get("description", "")
        said = "" if described.startswith("What a `") else described.split("\n\n")[0]
        rows.append(f"| `{tag}` | {fields or '-'} | {_cell(said) or '-'} |")
    return rows


def events_table() -> str:
    """The events of a battle: those every battle records, then each hosted ruleset's own (its
    latest version's), with the fields of their `data`."""
    head = ["| type | `data` fields | what it records |", "|---|---|---|"]
    latest = sorted(LATEST.values(), key=lambda r: r.id)
    shared = [tag_of(e) for e in (*CORE_EVENTS, *CONTEST_EVENTS)]
    first = version_schemas(latest[0].id, latest[0].version).events
    parts = ["Every battle, whatever its ruleset:\n", *head, *_event_rows(first, shared)]
    for ruleset in latest:
        own = [tag_of(e) for e in ruleset.events if e in BATTLE_EVENTS and tag_of(e) not in shared]
        parts += [f"\n{ruleset.id} {ruleset.version}:\n", *head,
                  *_event_rows(version_schemas(ruleset.id, ruleset.version).events, own)]
    return "\n".join(parts) + "\n"


BLOCKS = {PROVISIONAL: provisional_rules_table, EVENTS: events_table}


def _block(name: str) -> re.Pattern[str]:
    return re.compile(rf"(<!-- generated: {name} -->\n)(.*?)(<!-- end: {name} -->)", re.S)


def generated(text: str) -> str:
    """README text with every generated block made anew."""
    for name, make in BLOCKS.items():
        def made(match: re.Match[str], make: Callable[[], str] = make) -> str:
            return match.group(1) + make() + match.group(3)

        text, found = _block(name).subn(made, text)
        if found != 1:
            raise ValueError(f"README.md needs exactly one block '<!-- generated: {name} -->'")
    return text


def main() -> int:
    README.write_text(generated(README.read_text()))
    print(f"rewrote the generated blocks of {README}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
