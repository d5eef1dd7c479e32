"""The research adapters pass the ecosystems' own tests on every shipped game, option set and a mod:
PettingZoo's api_test and seed_test, OpenSpiel's random_sim_test (with serialisation), its MCTS
bot, and a checked-in playthrough per game (issue 16). Needs the `rl` extra (CI installs it)."""
from __future__ import annotations

import json
import pickle
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

from rl_modes import MOD, ROOT, mode_id, modes, toy_game_modes
from rulebook.api import shipped_games

pettingzoo_test = pytest.importorskip("pettingzoo.test")
pyspiel = pytest.importorskip("pyspiel")

from absl import flags  # noqa: E402
from open_spiel.python.algorithms import generate_playthrough, mcts  # noqa: E402

from rulebook.adapters.openspiel import load  # noqa: E402
from rulebook.adapters.pettingzoo import rulebook_env  # noqa: E402

MODES = modes()
PLAYTHROUGHS = ROOT / "tests" / "playthroughs"


def env_for(mode):
    name, options, mods = mode
    return rulebook_env(name, mods=mods, **options)


def spiel_for(mode, **extra):
    name, options, mods = mode
    return load(name, mods=mods, **options, **extra)


# ---------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_pettingzoo_api_and_seed_tests_pass(mode):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice (dict observations, as in its own board games)
        pettingzoo_test.api_test(env_for(mode), num_cycles=1000)
        pettingzoo_test.seed_test(lambda: env_for(mode), num_cycles=100)


def test_pettingzoo_masks_only_the_legal_moves_of_the_agent_to_act():
    env = rulebook_env("eriantys", players=3, expert=True)
    env.reset(seed=3)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    assert mask.sum() == len(env.game.legal_moves(env.state)) > 0
    assert all(env.observe(a)["action_mask"].sum() == 0 for a in env.agents if a != agent)
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)


def test_pettingzoo_cuts_a_long_game_off_as_a_draw():
    env = rulebook_env("eriantys", players=2, max_game_length=5)
    env.reset(seed=1)
    for _ in range(5):
        agent = env.agent_selection
        env.step(env.action_space(agent).sample(env.observe(agent)["action_mask"]))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert all(env.rewards[a] == 0 for a in env.agents)


@pytest.mark.parametrize("mode", toy_game_modes(), ids=mode_id)
def test_both_adapters_pass_their_tests_on_the_engine_test_games(mode):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.api_test(env_for(mode), num_cycles=200)
    pyspiel.random_sim_test(spiel_for(mode), num_sims=2, serialize=True, verbose=False)


# ---------------------------------------------------------------- OpenSpiel
TIMED = ("eriantys", {"players": 3, "expert": True}, ())


@pytest.mark.parametrize("mode", [m for m in MODES if m != TIMED], ids=mode_id)
def test_openspiel_random_sim_test_passes_with_explicit_chance(mode):
    pyspiel.random_sim_test(spiel_for(mode), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", shipped_games())
def test_openspiel_random_sim_test_passes_with_sampled_chance(name):
    pyspiel.random_sim_test(load(name, chance="sampled"), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("adapter", ["pettingzoo", "openspiel", "pettingzoo_parallel"])
def test_the_readme_examples_run(adapter):
    """The README's five-line examples, as written. The OpenSpiel one is the issue's timed case
    (random_sim_test, 3 simulations, Eriantys 3 players expert: under 10 s; measured by
    benchmarks/adapters.py, not asserted)."""
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    example = next(b for b in blocks if f"rulebook.adapters.{adapter} " in b)
    assert len(example.strip().splitlines()) == 5
    exec(compile(example, f"README.md ({adapter} example)", "exec"), {})


def test_openspiel_loads_reuse_one_compiled_game():
    first = load("eriantys", players=3, expert=True)
    again = pyspiel.load_game("rulebook_eriantys(players=3,expert=True)")
    modded = spiel_for(MOD)
    assert first.rules is again.rules
    assert modded.rules is spiel_for(MOD).rules and modded.rules is not first.rules
    assert str(pyspiel.load_game(str(first))) == str(first)


def test_openspiel_state_attributes_are_plain_picklable_data():
    game = load("septachroma", variant="B+C")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[0])
    attributes = state.__dict__
    assert set(attributes) == {"engine", "played", "seen"}
    assert pickle.loads(pickle.dumps(attributes))["engine"] == state.engine
    assert state.engine.to_json() is not None and isinstance(state.seen, tuple)


def test_openspiel_information_is_imperfect_and_views_hide_the_bag():
    game = load("eriantys", players=2)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    one, other = state.observation_string(0), state.observation_string(1)
    assert one == other and '{"hidden":' in one
    assert state.information_state_string(0).endswith(one)


def test_openspiel_mcts_bot_plays_a_game_to_the_end():
    game = load("septachroma")
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=2, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                       random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice([o for o, _ in outcomes], p=[p for _, p in outcomes]))
        else:
            state.apply_action(bot.step(state))
    assert sorted(state.returns()) == [-1.0, 1.0]


@pytest.mark.parametrize("name", shipped_games())
def test_the_checked_in_playthrough_replays_exactly(name):
    path = PLAYTHROUGHS / f"rulebook_{name}.txt"
    assert path.exists(), f"no playthrough for {name}: write it with python -m rulebook.adapters.playthroughs"
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()  # the playthrough reader reads an absl flag (its default)
    original, replayed = generate_playthrough.replay(str(path))
    # A change to the game's rules changes its playthrough: look at the difference, then write it
    # anew with python -m rulebook.adapters.playthroughs tests/playthroughs GAME
    assert original == replayed


def test_both_adapters_share_one_compiled_game_per_options():
    spiel = load("septachroma", variant=["A", "C"], chance="sampled")  # the seeded generator, as in PettingZoo
    env = rulebook_env("septachroma", variant="A,C")
    assert env.game is spiel.rules is load("septachroma", players=2, variant="A+C", chance="sampled").rules
    assert rulebook_env("septachroma").game is not env.game
    assert load("septachroma", variant="A+C").rules.chance == "explicit"


# ---------------------------------------------------------------- secrets at the edges (issue 25 items 4, 5)
def _played(game, steps: int, seed: int = 5):
    """A pyspiel state some random moves (and chance outcomes) in."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    return state


def test_openspiel_states_travel_as_json_and_a_pickle_is_refused():
    game = load("ephyran", players=2)
    state = _played(game, 60)
    text = state.serialize()
    again = game.deserialize_state(text)
    assert str(again) == str(state) and again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)

    ran = []

    class Payload:
        def __reduce__(self):
            return (ran.append, ("unpickled",))

    import base64
    pickled = "history=\nmove_number=0\n__dict__=" + base64.b64encode(pickle.dumps({"engine": Payload()})).decode()
    header, body = text.split("\n", 1)
    forged = json.loads(body)
    forged["history"][-1][1] += 1  # a different last move than the state shows
    for bad in (pickled, pickle.dumps(Payload()).decode("latin-1"), header + "\n" + json.dumps(forged),
                header + "\n[]", header + "\n{not json"):
        with pytest.raises(ValueError):
            game.deserialize_state(bad)
    assert ran == []


def test_openspiel_public_observer_carries_no_private_move_text():
    """Every player's public observation is the same: their own (private) moves are not in it."""
    game = load("ephyran", players=2)
    public = game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    private = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    rng = np.random.RandomState(3)
    state, differed = game.new_initial_state(), 0
    while not state.is_terminal():
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
        assert public.string_from(state, 0) == public.string_from(state, 1)
        differed += state.seen[0] != state.seen[1]  # a move one player read in full, the other in public
    assert differed  # the game had private move texts to leak


def test_pettingzoo_reset_without_a_seed_is_a_new_game():
    first, second = rulebook_env("eriantys", players=2), rulebook_env("eriantys", players=2)
    first.reset()
    second.reset()
    assert first.state.to_json() != second.state.to_json()
    first.reset(seed=4)
    second.reset(seed=4)
    assert first.state.to_json() == second.state.to_json()


def test_pettingzoo_render_shows_a_spectator_unless_a_seat_is_named():
    from rulebook.testing import redeal_hidden

    import random

    env = rulebook_env("ephyran", players=2)
    env.reset(seed=2)
    for _ in range(12):
        agent = env.agent_selection
        env.step(env.action_space(agent).sample(env.observe(agent)["action_mask"]))
    shown = env.render()
    env.state = redeal_hidden(env.game, env.state, None, random.Random(1))  # what nobody may see, changed
    assert env.render() == shown and ": " not in shown.splitlines()[-1]  # no legal moves listed
    mover = env.agent_selection
    seated = rulebook_env("ephyran", players=2, render_seat=mover)
    seated.reset(seed=2)
    seated.state, seated._legal = env.state, env.moves.legal(env.state)
    assert seated.render().splitlines()[-1].startswith(f"{env.game.player_names[env.possible_agents.index(mover)]} to move: ")


def test_pettingzoo_svg_render_draws_the_board_a_spectator_sees_and_rgb_array_says_why_not():
    from rulebook.testing import redeal_hidden

    import random

    env = rulebook_env("ephyran", players=2, render_mode="svg")
    env.reset(seed=2)
    for _ in range(12):
        agent = env.agent_selection
        env.step(env.action_space(agent).sample(env.observe(agent)["action_mask"]))
    picture = env.render()
    assert picture.startswith("<svg") and picture.endswith("</svg>")
    env.state = redeal_hidden(env.game, env.state, None, random.Random(1))  # what nobody may see, changed
    assert env.render() == picture
    with pytest.raises(ValueError, match="rasterizer.*'svg'"):
        rulebook_env("ephyran", players=2, render_mode="rgb_array")


def test_the_parallel_env_renders_the_board_a_spectator_sees():
    from rulebook.adapters.pettingzoo_parallel import rulebook_parallel_env

    env = rulebook_parallel_env("goofspiel", num_cards=4, render_mode="svg")
    observations, _ = env.reset(seed=3)
    assert env.render().startswith("<svg")
    text = rulebook_parallel_env("goofspiel", num_cards=4, render_mode="ansi")
    text.reset(seed=3)
    shown = text.render()
    assert shown.strip() and "<svg" not in shown
    text.step({a: text.action_space(a).sample(observations[a]["action_mask"]) for a in text.agents})
    assert text.render() != shown  # a point card taken: the board changed
    with pytest.raises(ValueError, match="render_mode must be one of"):
        rulebook_parallel_env("goofspiel", num_cards=4, render_mode="rgb_array")
