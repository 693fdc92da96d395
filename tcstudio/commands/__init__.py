"""Subcommands of `tcstudio`: each module defines `register(subparsers)`.

A subcommand's handler receives the parsed arguments and returns the exit code:
0 success, 1 bad input (reported with its location), 2 could not run.
"""
