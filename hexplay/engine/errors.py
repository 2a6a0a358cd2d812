"""Errors shared by every ruleset: illegal orders and invalid scenarios."""

from __future__ import annotations


class IllegalOrder(ValueError):
    """An order (plot, placement, intent) the rules forbid; nothing was changed.

    ``rule`` names the rule broken (e.g. ``"Table II"``, ``"§4 turn 1"``); ``str(err)`` reads
    ``"<rule>: <message>"``.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


class ScenarioError(ValueError):
    """A scenario that cannot be used; ``field`` names the offending field."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"scenario field {field!r}: {message}")


class SaveError(ValueError):
    """A save (or replayed record) that cannot be loaded; ``where`` names the field or command
    (e.g. ``"commands[12].op"``)."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"save {where}: {message}")
