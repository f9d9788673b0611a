"""Parsing and extraction with tree-sitter: entities, imports, docs, per language."""
