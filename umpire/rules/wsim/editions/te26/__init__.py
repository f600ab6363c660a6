"""WS&IM Tournament Edition 2.6."""
