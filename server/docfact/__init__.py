"""docfact: find the sentences of docstrings and comments that are no longer true of the code."""

__version__ = "0.1.0"
