"""The program: frozen dataclass nodes, each carrying the source span it came from.
One namespace for the three parts (expressions, statements, declarations): `from dsl import nodes as n`."""
from __future__ import annotations

from .node_decls import *  # noqa: F401,F403 - this module is their one public name
from .node_exprs import *  # noqa: F401,F403
from .node_stmts import *  # noqa: F401,F403
