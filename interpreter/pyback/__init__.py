"""The Python back-end: the compiled form as generated Python (everything: scenarios, views, JSON)."""
