"""A small stock package used by the language server tests."""
