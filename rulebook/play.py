"""Play one game with random players, keeping a readable log and a machine-readable record."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, TextIO

from rulebook.interpreter.game import Game


@dataclass
class GameRecord:
    moves: list = field(default_factory=list)  # (player, move text, move json) each
    result: dict = field(default_factory=dict)
    summary: str = ""


def describe_result(game: Game, state) -> dict:
    """Who won and why, in the game's own words (team names and reason come from the rules)."""
    result = game.result(state)
    names = game.player_names if result.by_player else game.team_names
    winners = [names[w] for w in result.winners]
    if not winners or len(game.winning_players(state)) == game.player_count:
        outcome = "a draw"
    elif len(winners) == 1:
        outcome = f"{winners[0]} wins"
    else:
        outcome = " and ".join(winners) + " share the victory"
    return {"winners": winners, "winning_players": [game.player_names[p] for p in game.winning_players(state)],
            "reason": result.reason, "outcome": outcome, "returns": game.returns(state)}


def play_game(game: Game, seed: int, out: Optional[TextIO] = None) -> GameRecord:
    """Random players (seeded like the game) play from setup to the end."""
    record = GameRecord()
    rng = random.Random(seed)

    def log(state, text: str) -> None:
        if out is not None:
            print(text, file=out)

    game.set_log(log)
    # "player 1 (north)": a player and their team, when the game names teams apart from players
    shown = [name if game.team_names[game.team_of(p)] == name else f"{name} ({game.team_names[game.team_of(p)]})"
             for p, name in enumerate(game.player_names)]
    try:
        state = game.new_initial_state(seed)
        while not game.is_terminal(state):
            player = game.current_player(state)
            move = game.sample_move(state, rng)
            name = game.player_names[player]
            record.moves.append({"player": name, "move": str(move), "json": move.to_json()})
            if out is not None:
                print(f"  {shown[player]}: {move}", file=out)
            game.apply(state, move)
    finally:
        game.set_log(None)
    record.result = describe_result(game, state)
    record.summary = f"Game over: {record.result['outcome']} ({record.result['reason']})"
    return record


def write_json_log(path: Path, game: Game, seed: int, options: dict, record: GameRecord) -> None:
    data = {"game": game.title, "version": game.program.version, "seed": seed,
            "options": dict(options, players=game.player_count), "players": list(game.player_names),
            "moves": record.moves, "result": record.result}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
