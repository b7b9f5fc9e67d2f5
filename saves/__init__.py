"""Journals of matches: `saves.journal` (the format), `saves.match` (a live
match that autosaves) and `saves.store` (where they live; list, delete).

Import the submodules directly; this package imports nothing, so listing
saves does not load every game's rules.
"""
