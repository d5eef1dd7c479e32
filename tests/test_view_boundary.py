"""A view is a boundary (issue 18 item 4): over every game, what a player may not see — the pieces
of hidden zones (redealt), hidden variables, where play stands inside the rules (frames and their
local values), modifiers and what they captured, standing actions, the chance generator — can
change without changing that player's view; and changing anything the view shows changes it."""
from __future__ import annotations

import random

import pytest

import rl_modes
from rulebook.api import load_game
from rulebook.testing import redeal_hidden

# Each shipped game with its first option set, Eriantys in expert mode too, and every test game.
_FIRSTS = {}
for _mode in rl_modes.modes():
    _FIRSTS.setdefault(_mode[0], _mode)
MODES = list(_FIRSTS.values()) + [("eriantys", {"players": 3, "expert": True}, ())] + rl_modes.toy_game_modes()


def positions(game, seed: int, count: int = 8) -> list:
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    seen = []
    while not game.is_terminal(state) and len(seen) < count * 5:
        seen.append(state.copy())
        game.apply(state, game.sample_move(state, rng))
    seen.append(state.copy())  # the end, too
    return seen[::5] + seen[-1:]


def other_value(value):
    """A different value of the same kind (for a slot or a local)."""
    if value is None:
        return 0
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, tuple):
        return value + (value[0],) if value else (0,)
    if isinstance(value, str):
        return value + "?"
    return None


def hidden_only_changes(game, state, viewer: int, rng: random.Random):
    """A copy differing from state in what `viewer` may not see, all of it at once."""
    other = redeal_hidden(game, state, viewer, rng)
    view = game.view(state, viewer)["data"]
    for slot, shown in enumerate(view):
        if isinstance(shown, dict) and shown.get("hidden") is True:  # a hidden variable
            other.data[slot] = other_value(other.data[slot])
    for frame in other.frames:
        frame[2] = [other_value(v) for v in frame[2]]
    other.mods = tuple((m[0], tuple(other_value(v) for v in m[1]), m[2]) for m in other.mods)
    other.allows = tuple((a[0], tuple(other_value(v) for v in a[1]), a[2]) for a in other.allows)
    return other


@pytest.mark.parametrize("mode", MODES, ids=[rl_modes.mode_id(m) for m in MODES])
def test_hidden_things_do_not_change_a_view_and_visible_ones_do(mode: tuple) -> None:
    name, options, mods = mode
    game = load_game(name, options, mods=mods)
    rng = random.Random(18)
    visible_checked = 0
    for state in positions(game, 4):
        for viewer in range(game.player_count):
            view = game.view(state, viewer)
            other = hidden_only_changes(game, state, viewer, rng)
            assert game.view(other, viewer) == view, f"{name}: a hidden change shows in player {viewer}'s view"
            # "chosen" at a secret choice: who has made it, read from the decision and decider alone
            assert set(view) - {"chosen"} == {"data", "decision", "decider", "result"}
            shown = [slot for slot, value in enumerate(view["data"]) if not isinstance(value, dict)]
            for slot in rng.sample(shown, min(6, len(shown))):
                changed = state.copy()
                changed.data[slot] = other_value(changed.data[slot])
                assert game.view(changed, viewer) != view, f"{name}: slot {slot}, visible, is not in the view"
                visible_checked += 1
    assert visible_checked > 0
