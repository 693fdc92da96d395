"""Safe reading of untrusted files: JSON, ZIP and map packs (Qt-free).

Layer: packs imports only the engine and the standard library; exporters, the CLI and the
editor import packs. Every reader here bounds its work (depth, sizes, counts, digits), keeps
every path it reads from a file inside its folder, and reports bad input as a located error
value instead of letting a RecursionError, zlib.error or UnicodeDecodeError escape.
"""
