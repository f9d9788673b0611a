"""The project context graph and 1-hop related information."""
