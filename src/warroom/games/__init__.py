"""One folder per game, each with the same shape (see docs/architecture.md)."""
