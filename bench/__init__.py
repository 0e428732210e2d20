"""Benchmarks and reliability drills: engine benchmark, simulated players, crash and load tests."""
