"""Where each local name of the rules lives while a function or block is being lowered."""
from __future__ import annotations

from typing import Optional

from ..ir import exprs as x
from ..ir.program import LocalInfo
from ..ir.types import Type


class Locals:
    """The local slots of one function or block, handed out in order. In a block, names the
    rules bind (and the compiler's own counters) live in the frame; temporaries do not."""

    def __init__(self, in_block: bool):
        self.in_block = in_block
        self.infos: list[LocalInfo] = []

    def add(self, name: str, t: Type, frame: Optional[bool] = None) -> int:
        keep = self.in_block if frame is None else (frame and self.in_block)
        self.infos.append(LocalInfo(name, t, keep))
        return len(self.infos) - 1

    def temp(self, name: str, t: Type) -> int:
        return self.add(name, t, frame=False)

    def frozen(self) -> tuple:
        return tuple(self.infos)


class Scope:
    """Names bound by the rules, chained to the enclosing block's; each maps to a local slot.
    `fixed` names stand for a value known while compiling (a statistic's member, say)."""

    def __init__(self, locals_: Locals, parent: Optional["Scope"] = None):
        self.locals = locals_
        self.parent = parent
        self.names: dict[str, int] = {}
        self.fixed: dict[str, object] = {}

    def bind(self, name: str, t: Type, frame: Optional[bool] = None) -> int:
        slot = self.locals.add(name, t, frame)
        self.names[name] = slot
        return slot

    def temp(self, name: str, t: Type) -> int:
        """A slot that never outlives the statement it is made for."""
        slot = self.locals.temp(name, t)
        self.names[name] = slot
        return slot

    def lookup(self, name: str) -> Optional[int]:
        scope: Optional[Scope] = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return None

    def lookup_fixed(self, name: str):
        scope: Optional[Scope] = self
        while scope is not None:
            if name in scope.fixed:
                return True, scope.fixed[name]
            if name in scope.names:
                return False, None
            scope = scope.parent
        return False, None

    def child(self) -> "Scope":
        return Scope(self.locals, self)

    def local(self, name: str) -> x.Local:
        """The local a bound name lives in (the name must be bound)."""
        slot = self.lookup(name)
        assert slot is not None  # callers look names up first
        return x.Local(slot, type=self.type_of(slot))

    def type_of(self, slot: int) -> Type:
        return self.locals.infos[slot].type
