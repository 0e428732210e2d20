"""Every game's rules engine by the id its log files name it with (pure Python, no Django).

This is the one place that knows all the games; a game's own package never imports another's.
"""

from . import barbarian_vince, barcadia, card_rpg

ENGINES = {
    card_rpg.GAME: card_rpg,
    barbarian_vince.GAME: barbarian_vince,
    barcadia.GAME: barcadia,
}


def replay_file(path) -> tuple[int, str]:
    """Replay any game's log file: (0, final state JSON) | (1, refusal) | (2, error line)."""
    from .log import replay_file as replay_with

    return replay_with(path, ENGINES)
