"""What a statement's lowering needs to know about where it stands."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from rulebook.dsl import nodes as n


@dataclass(frozen=True)
class Ctx:
    """loop: None outside loops, else whether the innermost loop is one play can stop in (a
    `break` in it leaves the block's instruction, so what holds it is laid out). handler: inside an
    event handler (`cancel` tells the emitter). spans: spans entered since the innermost loop (a
    break must end them)."""

    loop: Optional[bool] = None
    handler: bool = False
    spans: tuple = ()

    def inside(self, span: Union[n.SpanBlock, n.Allow]) -> "Ctx":
        return Ctx(self.loop, self.handler, self.spans + (span,))

    def looping(self, resumable: bool) -> "Ctx":
        return Ctx(resumable, self.handler, ())
