"""Judges: static rules per criterion, the LLM judge adapter, merging and scoring."""
