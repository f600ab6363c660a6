"""The Tournament Edition's Optional Rules, one module a rule."""
