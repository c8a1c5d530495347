"""Named domain errors. The API turns each into a problem response naming the rule."""


class DomainError(Exception):
    """A command the rules refuse. `rule` is a stable id a client can switch on."""

    def __init__(self, rule: str, detail: str, problems: list[str] | None = None) -> None:
        super().__init__(detail)
        self.rule = rule
        self.detail = detail
        self.problems = problems or []


class RuleViolation(DomainError):
    """The command breaks a rule of the game or of the battle's life cycle."""


class NotPermitted(DomainError):
    """The actor may not issue this command (for instance, another player's seat)."""
