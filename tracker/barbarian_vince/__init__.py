"""Barbarian Vince on the log-backed core: adventures, their screens and their history."""
