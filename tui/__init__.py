"""Overtable's Textual app: screens per game, shared widgets, the CLI."""
