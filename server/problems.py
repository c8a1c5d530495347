"""Errors as RFC 9457 problem details. Every problem names a stable `rule` id."""

from __future__ import annotations

from typing import Any

from litestar.plugins.problem_details import ProblemDetailsException


def problem(status: int, rule: str, detail: str, *, headers: dict[str, str] | None = None,
            **extra: Any) -> ProblemDetailsException:
    return ProblemDetailsException(
        status_code=status, title=rule.replace("-", " "), detail=detail, type_=f"urn:chronicle:problem:{rule}",
        headers=headers, extra={"rule": rule, **extra},
    )


def not_found(what: str) -> ProblemDetailsException:
    return problem(404, "not-found", f"no {what}")
