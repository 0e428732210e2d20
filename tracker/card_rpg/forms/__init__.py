"""Card RPG forms: input validation only; the rules live in tracker.rules.card_rpg."""
