"""The Barbarian Vince screens: adventures, the adventure screen, the catalogue and history."""
