"""What the engines that print an ``awaiting`` object in their state share (Barbarian Vince,
Heroes of Barcadia): the action types it lists are the ones acceptable now."""


def legal_action_types(state: dict) -> list[str]:
    """The action types with at least one acceptable instance now (``awaiting.action``)."""
    return list(state["awaiting"]["action"])
