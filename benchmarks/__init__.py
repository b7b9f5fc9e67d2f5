"""Performance benchmarks: `python -m benchmarks` (see docs/performance.md)."""
