"""A small shop package with planted documentation errors."""
