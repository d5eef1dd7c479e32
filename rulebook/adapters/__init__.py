"""Adapters to the research ecosystems: `pettingzoo` (an AEC environment for any game) and
`openspiel` (any game as a pyspiel game). Both need the `rl` extra: pip install 'rulebook-engine[rl]'."""
