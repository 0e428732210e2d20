"""The log-backed core shared by every game: records, log, versions, undo, files, seats."""
