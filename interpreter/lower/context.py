"""What a statement's lowering needs to know about where it stands."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Union

from rulebook.dsl import nodes as n


@dataclass(frozen=True)
class Ctx:
    """loop: None outside loops, "native" inside a loop of straight code, or the label a `break`
    jumps to inside a block. handler: "native" in an event handler that is a function (cancel
    returns True), "flat" in one that is a block. flat: lowering inside a block, where triggers
    that can stop are queued as frames. spans: spans entered since the innermost loop (a break
    must end them)."""

    loop: Optional[Any] = None
    handler: Optional[str] = None
    flat: bool = False
    spans: tuple = ()

    def inside(self, span: Union[n.SpanBlock, n.Allow]) -> "Ctx":
        return Ctx(self.loop, self.handler, self.flat, self.spans + (span,))

    def looping(self, target: Any) -> "Ctx":
        return Ctx(target, self.handler, self.flat, ())
