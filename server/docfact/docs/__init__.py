"""Docstring and comment text: field lists and sentence segments."""
