"""Forms: input validation only; game rules live in tracker.rules."""
