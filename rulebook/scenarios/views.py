"""The `expect_view` action: what one player's view of the game shows of a zone.

A scenario says what a player sees (`Lisa sees 5 cards in Leo's hand but not which`); the check
reads `game.view(state, viewer)` — the view the engine gives that player — never the state, so a
view that shows more than the sentence says fails it.
"""
from __future__ import annotations

from typing import Any, Optional

from .patterns import Pieces


def _shown(world, step, spec: dict, values: dict) -> tuple:
    """(the zone's layout, what the viewer's view holds for it: a hidden count, counts, or a pile)."""
    params = {name: step.types[name] for name in step.types if name in values}
    zone_fn, layout = world.game.zone_snippet(spec["zone"], params, str(world.vocabulary.path), step.span.line)
    args = [tuple(values[name]) if isinstance(values[name], list) else values[name] for name in params]
    offset = zone_fn(world.state, *args)
    viewer = world.evaluate(step, spec["viewer"], values)
    data = world.game.view(world.state, viewer)["data"]
    shown = data[offset] if layout.ordered else data[offset:offset + layout.kinds]
    return layout, shown


def _hidden_count(layout, shown: Any):
    """The count a view shows of a zone it hides, or None if it shows the pieces."""
    first = shown if layout.ordered else shown[0]
    if isinstance(first, dict) and "hidden" in first:
        return first["hidden"]
    return None


def _describe(world, layout, shown: Any) -> str:
    hidden = _hidden_count(layout, shown)
    if hidden is not None:
        return f"only that it holds {hidden}"
    names = world.game.kind_names[layout.kind]
    if layout.ordered:
        return ", ".join(names[k] for k in reversed(shown)) or "nothing"
    return ", ".join(f"{c} {names[k]}" for k, c in enumerate(shown) if c) or "nothing"


def view_mismatch(world, step, spec: dict, values: dict) -> Optional[str]:
    """None when the view shows what `spec` says; otherwise the failure, in the game's words."""
    layout, shown = _shown(world, step, spec, values)
    hidden = _hidden_count(layout, shown)
    if "hidden" in spec:
        wanted = world.evaluate(step, spec["hidden"], values)
        ok = hidden == wanted
    elif "pieces" in spec:
        pieces: Pieces = values[spec["pieces"]]
        counts = [0] * layout.kinds
        for member, count in pieces.counts.items():
            counts[member] += count
        ok = hidden is None and not layout.ordered and list(shown) == counts
    else:
        wanted_list = list(values[spec["top_down"]])
        ok = hidden is None and layout.ordered and list(reversed(shown)) == wanted_list
    if ok:
        return None
    message = spec.get("message", "the view shows {shown}")
    return world.format(step, message, dict(values, shown=_describe(world, layout, shown)))
