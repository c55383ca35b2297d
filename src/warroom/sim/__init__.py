"""Many games at once: simulation, statistics and benchmarks."""
