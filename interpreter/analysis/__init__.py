"""Analyses of a checked program and its compiled form: what can stop for a decision, which locals
are live, the reach points coverage counts, a walk over the program."""
