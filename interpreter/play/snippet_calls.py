"""Rules text written outside the rules files (a scenario's step, a tool's query) compiled against one
game: checked against its program, lowered by a compiler built from the compiled form's naming,
optimised and loaded into its Python back-end — each text once. A Game holds one (`game.snippets`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from rulebook.dsl.errors import RulebookError

from ..pyback.runtime import GameOver, RulesRuntimeError
from .failures import RULES_FAULTS, rules_error
from .machine import State, finish

if TYPE_CHECKING:
    from ..game import Game


class Snippets:
    def __init__(self, game: "Game") -> None:
        self.game = game
        self._found: dict[Any, Any] = {}
        self._made: Any = None  # the compiler, made on first use

    def snippet(self, text: str, params: Optional[dict] = None, statements: bool = False,
                path: str = "<snippet>", line: int = 1, column: int = 1):
        """Compile rules text written outside the rules files, against this game.

        `params` maps names to types as written in rules (`player`, `colour`, `group of board`).
        Gives a function f(state, *values): an expression's value, or statements run on the state
        (they cannot make decisions). Raises RulesError with file:line:column on bad text (the
        text starting at `line` and `column` of `path`).
        """
        params = dict(params or {})
        key = (text, tuple(params.items()), statements)
        found = self._found.get(key)
        if found is None:
            nodes = check_snippet(self.game.program, text, params, statements, path, line, column)
            fn = optimise_snippet(self.game.compiled.ir, self._compiler().lower(nodes, params, statements))
            found = self._guarded(self.game.compiled.load_function(fn),
                                  statements and self.game.compiled.layout.keeps_data())
            self._found[key] = found
        return found

    def _compiler(self):
        """The compiler of this game's snippets, made on first use (from the compiled form's naming:
        a game read back from the disk cache loads the lowering only now)."""
        if self._made is None:
            from ..lower.snippets import SnippetCompiler
            self._made = SnippetCompiler(self.game.compiled.ir, self.game.program)
        return self._made

    def _guarded(self, fn, refreshed: bool = False):
        """A compiled snippet whose errors are the rules' (placed), and whose `end game` ends
        the game as in play. `refreshed`: statements after which the kept totals are worked out
        anew (a snippet's writes keep them only where passes/kinds.py recognises the write)."""
        compiled = self.game.compiled
        game = self.game

        def guarded(S: State, *values):
            compiled.RT.steps = compiled.RT.budget
            try:
                return fn(S, *values)
            except GameOver as over:
                finish(S, over)
            except RulebookError:
                raise
            except RULES_FAULTS as err:
                raise rules_error(compiled, err) from None
            finally:
                if refreshed:
                    game.refresh(S)
        return guarded

    def zone_snippet(self, text: str, params: dict, path: str = "<snippet>", line: int = 1, column: int = 1):
        """Like snippet() for an expression naming one zone: gives (f(state, *values) → the
        zone's slot, the zone's layout)."""
        nodes = check_snippet(self.game.program, text, params, False, path, line, column)
        t = self.game.program.type_of(nodes[0])
        if not (isinstance(t, tuple) and t[0] in ("zone", "pile")):
            raise RulesRuntimeError(nodes[0].span, f"'{text}' is not one zone")
        return self.snippet(text, params, False, path, line, column), self._compiler().zone_of(nodes[0])

    def type_of(self, text: str, params: Optional[dict] = None, path: str = "<snippet>", line: int = 1,
                column: int = 1):
        """The static type of an expression written outside the rules (as snippet() takes it)."""
        nodes = check_snippet(self.game.program, text, dict(params or {}), False, path, line, column)
        return self.game.program.type_of(nodes[0])



def optimise_snippet(ir, fn):
    """passes.optimise_snippet, imported when first asked for (as check_snippet)."""
    from ..passes import optimise_snippet as optimise
    return optimise(ir, fn)


def check_snippet(*args):
    """dsl.snippets.check_snippet, imported when first asked for: the checker and the parser
    are not needed to play a game read back from the disk cache."""
    from rulebook.dsl.snippets import check_snippet as check
    return check(*args)
