"""A Python error raised inside compiled rules, told as the rules' mistake: which rule, where.

Compiled functions are named by what they compile (R3 a rule, F1 a value, I0_5 an instruction of
a resumable block…); the innermost of them in the error's traceback says where in the rules text
play went wrong. Nothing here runs while play goes well: it is read only when an error is raised.
"""
from __future__ import annotations

from collections import Counter
from typing import Optional

from rulebook.dsl import nodes as n

from .runtime import RulesRuntimeError

COMPILED_FILES = ("<compiled rules of ", "<snippet of ")
# Errors that compiled rules can raise when they do something the checker cannot rule out (use
# a `none`, say); anything else is let through, as a bug of the engine's.
RULES_FAULTS = (TypeError, IndexError, KeyError, ValueError, AttributeError, ZeroDivisionError,
                RecursionError, OverflowError)


def places(compiled) -> dict[str, tuple[str, Optional[n.Span]]]:
    """Compiled function name -> (what it compiles, in words; where it is written)."""
    p = compiled.p
    found: dict[str, tuple[str, Optional[n.Span]]] = {}
    for name, fn in compiled.rule_names.items():
        found[fn] = (f"rule '{name}'", p.rules[name].span)
    for name, fn in compiled.value_names.items():
        found[fn] = (f"value '{name}'", p.values[name].span)
    for t in p.triggers:
        found[compiled.trigger_names[id(t)]] = (f"'when {t.name}'", t.span)
    for i, decl in enumerate(p.invariants):
        found[f"INV{i}"] = (f"invariant '{decl.label}'", decl.span)
    if p.score is not None:
        found["SCORE"] = ("the score", p.score.span)
    for i, ((column, kind), decl) in enumerate(p.codes.items()):
        found[f"DEFAULT_{i}"] = (f"the default of '{column} of {kind}'", decl.span)
    for block in compiled.blocks:
        for pc, span in enumerate(block.spans):
            found[f"I{block.id}_{pc}"] = (block.name, span)
    for fn, (what, span) in compiled.places.items():
        found[fn] = (what, span)
    return found


def compiled_frames(err: BaseException) -> list[str]:
    """The names of the compiled functions the error passed through, outermost first."""
    names = []
    tb = err.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename.startswith(COMPILED_FILES):
            names.append(code.co_name)
        tb = tb.tb_next
    return names


def rules_error(compiled, err: BaseException) -> RulesRuntimeError:
    """The error as a mistake of the rules, placed at the innermost compiled function it can."""
    known = compiled.failure_places()
    frames = [name for name in compiled_frames(err) if name in known]
    if isinstance(err, RecursionError):
        return _recursion(known, frames)
    what, span = known[frames[-1]] if frames else ("the rules", None)
    return RulesRuntimeError(span, f"{_said(err)} (in {what})")


def _recursion(known: dict, frames: list) -> RulesRuntimeError:
    """Which rules or values call themselves over and over: the ones most often on the stack."""
    counts = Counter(name for name in frames if name[0] in "RFT")  # rules, values, triggers
    if not counts:
        return RulesRuntimeError(None, "the rules call themselves without end")
    most = max(counts.values())
    cycle = [name for name in dict.fromkeys(reversed(frames)) if counts.get(name, 0) >= most - 1]
    what, span = known[cycle[-1]]
    via = f" (through {', '.join(known[name][0] for name in cycle[:-1])})" if len(cycle) > 1 else ""
    return RulesRuntimeError(span, f"{what} calls itself without end{via}, or too deeply: "
                                   f"{most:,} calls nested with no decision")


def _said(err: BaseException) -> str:
    text = str(err)
    if isinstance(err, TypeError) and "NoneType" in text:
        return f"a value here is none where it cannot be ({text})"
    if isinstance(err, (IndexError, KeyError)):
        return f"no such item ({type(err).__name__}: {text})"
    return f"{type(err).__name__}: {text}"
