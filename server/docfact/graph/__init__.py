"""The project context graph (networkx) and 1-hop related information."""
