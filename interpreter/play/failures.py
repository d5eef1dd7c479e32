"""A Python error raised inside compiled rules, told as the rules' mistake: which rule, where.

The Python back-end keeps, for every generated line, the span of the rules text it stands for
(PythonGame.error_span); the innermost generated line in the error's traceback says where play
went wrong. A recursion too deep is named by the rules or values that fill the stack. Nothing
here runs while play goes well: it is read only when an error is raised.
"""
from __future__ import annotations

from collections import Counter
from typing import Optional

from rulebook.dsl.nodes import Span

from ..pyback.runtime import RulesRuntimeError

# Errors that compiled rules can raise when they do something the checker cannot rule out (use
# a `none`, say); anything else is let through, as a bug of the engine's.
RULES_FAULTS = (TypeError, IndexError, KeyError, ValueError, AttributeError, ZeroDivisionError,
                RecursionError, OverflowError)


def compiled_frames(compiled, err: BaseException) -> list[tuple[str, int]]:
    """(function name, line) of each generated frame the error passed through, outermost first."""
    frames = []
    tb = err.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == compiled.filename:
            frames.append((code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    return frames


def rules_error(compiled, err: BaseException) -> RulesRuntimeError:
    """The error as a mistake of the rules, placed at the innermost generated line it can."""
    frames = compiled_frames(compiled, err)
    if isinstance(err, RecursionError):
        return _recursion(compiled, [name for name, _ in frames])
    span: Optional[Span] = None
    for _, line in reversed(frames):
        span = compiled.error_span(line)
        if span is not None:
            break
    return RulesRuntimeError(span, _said(err))


def _what(compiled, name: str) -> tuple[str, Optional[Span]]:
    """What a generated function compiles, in words, and where it is written."""
    ir = compiled.ir
    if name[:1] == "f" and name[1:].isdigit() and int(name[1:]) < len(ir.functions):
        fn = ir.functions[int(name[1:])]
        return _words(fn.name), fn.span
    if name[:1] == "b" and "_" in name:
        block = ir.blocks[int(name[1:].split("_")[0])]
        return _words(block.name), block.span
    return "the rules", None


def _words(name: str) -> str:
    """`rule deal` → "rule 'deal'"; `when ping` → "'when ping'" (a trigger is named by its head)."""
    kind, _, rest = name.partition(" ")
    if kind == "when" or not rest:
        return f"'{name}'"
    return f"{kind} '{rest}'"


def _recursion(compiled, frames: list[str]) -> RulesRuntimeError:
    """Which rules or values call themselves over and over: the ones most often on the stack."""
    counts = Counter(frames)
    if not counts:
        return RulesRuntimeError(None, "the rules call themselves without end")
    most = max(counts.values())
    cycle = [name for name in dict.fromkeys(reversed(frames)) if counts[name] >= most - 1]
    named = [_what(compiled, name) for name in cycle]
    what, span = named[-1]
    via = f" (through {', '.join(w for w, _ in named[:-1])})" if len(named) > 1 else ""
    return RulesRuntimeError(span, f"{what} calls itself without end{via}, or too deeply for "
                                   f"Python, with no decision in between")


def _said(err: BaseException) -> str:
    text = str(err)
    if isinstance(err, TypeError) and "NoneType" in text:
        return f"the rules went wrong here: a value is none where it cannot be ({text})"
    if isinstance(err, (IndexError, KeyError)):
        return f"the rules went wrong here: no such item ({type(err).__name__}: {text})"
    return f"the rules went wrong here: {type(err).__name__}: {text}"
