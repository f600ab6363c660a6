"""Wooden Ships & Iron Men (1981 second edition), Basic Game."""
