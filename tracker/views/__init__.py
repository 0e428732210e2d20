"""Thin views: validate a form, call one service, render one template (or its partial)."""
