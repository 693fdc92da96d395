"""The `tcstudio` command line. Its version is `engine.version.__version__`."""
