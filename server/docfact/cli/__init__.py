"""The command line: argument parsing and reporters."""
