"""Play-time: the state and the machine that runs compiled code, moves and their checks, what a
player sees, placing play at a step, reading a state by name, explicit chance, payoffs."""
