"""Accounts: sign-up, log-in, a new password and the language to show the app in."""
