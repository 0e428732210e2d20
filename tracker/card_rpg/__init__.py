"""Card RPG – Advanced on the Django side: its records, projections, screens and history."""
