"""Ramikubic's trainer side: its commands (``cli.py``) and its drill (``drill.py``)."""
