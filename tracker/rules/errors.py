"""Errors shared by every game's rules: refusals and replay failures."""


class RuleError(Exception):
    """An action the rules refuse; `rule` names the rule, `message` says why in a player's words."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message

    def __reduce__(self):
        return (type(self), (self.rule, self.message))


class ReplayError(Exception):
    """A log could not be replayed: the action at `index` was refused with `error`."""

    def __init__(self, index: int, action, error: RuleError):
        super().__init__(f"action {index} refused: {error}")
        self.index = index
        self.action = action
        self.error = error

    def __reduce__(self):
        return (type(self), (self.index, self.action, self.error))
