"""Card RPG views: thin, one service call each."""
