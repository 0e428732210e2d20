"""Heroes of Barcadia: one table shared by every player's phone (the engine is tracker.rules.barcadia)."""
