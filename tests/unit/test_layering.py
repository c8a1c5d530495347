"""domain/ is pure: it imports nothing that does I/O (BRIEF: "Shape of the code")."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {"server", "asyncpg", "litestar", "redis", "uvicorn", "httpx", "socket", "random", "secrets",
             "time", "os", "subprocess", "projections"}
# datetime may parse and add times handed in by the server, but never read the clock.
CLOCK_READS = {"now", "utcnow", "today"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_domain_imports_no_io_clock_or_randomness() -> None:
    offenders = {str(path.relative_to(ROOT)): sorted(imported_modules(path) & FORBIDDEN)
                 for path in (ROOT / "domain").rglob("*.py") if imported_modules(path) & FORBIDDEN}
    assert offenders == {}


def test_projections_do_not_touch_the_server() -> None:
    offenders = [str(p) for p in (ROOT / "projections").rglob("*.py")
                 if imported_modules(p) & {"server", "asyncpg", "litestar", "redis"}]
    assert offenders == []


def test_domain_never_reads_the_clock() -> None:
    readers = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in (ROOT / "domain").rglob("*.py")
               for node in ast.walk(ast.parse(path.read_text()))
               if isinstance(node, ast.Attribute) and node.attr in CLOCK_READS]
    assert readers == []
