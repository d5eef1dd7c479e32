#!/usr/bin/env bash
# Does the Short Game mod (9 islands, 6 towers) really make 2-player Eriantys shorter, and does it
# change who wins? Same seeds and random players on both sides; each difference is tested.
#   bash examples/experiments/short_game_vs_base.sh [GAMES]
set -euo pipefail
cd "$(dirname "$0")/../.."
rulebook compare eriantys --players 2 --b-mod examples/mods/short-game --games "${1:-400}" --seed 1 \
    --json short_game_vs_base.json
