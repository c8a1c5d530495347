"""Parts of README.md generated from the code, so that they cannot drift from it: the table of
provisional rules (each hosted ruleset's latest version, as GET /v1/rulesets/{id} lists them).

`python -m server.docs` rewrites the generated blocks of README.md in place; a test fails when
README.md differs from what this module generates."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

from domain.rulesets import LATEST
from domain.rulesets.contract import settings_of_rules

README = Path(__file__).resolve().parent.parent / "README.md"
PROVISIONAL = "provisional-rules"


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


BLOCKS = {PROVISIONAL: provisional_rules_table}


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
