"""WS&IM first edition (1974)."""
