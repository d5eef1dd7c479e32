"""A replay as one self-contained HTML page: the board as SVG at every step, the move list with
what each move caused (the rules' log lines, as the view may read them), a slider and a view
selector; `page.html#move=57` opens at move 57. No server, no network: everything is inside the file.

Only the replay's own viewers are in the page (for a page written `--as Leo`, only Leo's view,
made from Leo's record), every text is escaped, and the data sits in a JSON block whose `<`, `>`
and `&` are written as escapes, so no text from the rules or the record can end it early.
"""
from __future__ import annotations

import json
from html import escape
from pathlib import Path

from rulebook.dsl.errors import RulebookError

from .display.svg import svg_pieces
from .replay import UNVERIFIED, Replay


def page_data(replay: Replay) -> dict:
    """What the page shows: each SVG picture once (the header and each section are pictures of
    their own, most of them the same from one step or view to the next), and per viewer the
    pictures of each step, top to bottom, and the moves."""
    pictures: list[str] = []
    index: dict[str, int] = {}
    viewers = []
    for viewer in replay.viewers:
        steps = []
        for step in range(replay.steps + 1):
            shown = []
            for svg, _ in svg_pieces(replay.scene(step, viewer)):
                if svg not in index:
                    index[svg] = len(pictures)
                    pictures.append(svg)
                shown.append(index[svg])
            steps.append(shown)
        viewers.append({"label": viewer.label, "steps": steps, "moves": replay.moves(viewer),
                        "log": replay.told(viewer)})
    result = replay.record.result
    notes = {step: replay.notes(step) for step in range(replay.steps + 1) if replay.notes(step)}
    return {"title": replay.record.title, "players": list(replay.record.players), "viewers": viewers,
            "pictures": pictures, "result": f"{result['outcome']} ({result['reason']})" if result else None,
            "unverified": None if replay.verified else UNVERIFIED, "notes": notes}


def _script_json(data: dict) -> str:
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def write_page(replay: Replay, path: str) -> None:
    html = render_page(replay)
    try:
        Path(path).write_text(html, encoding="utf-8")
    except OSError as err:
        raise RulebookError(f"cannot write {path}: {err.strerror or err}") from None


def render_page(replay: Replay) -> str:
    data = page_data(replay)
    title = escape(f"{data['title']} — replay")
    return PAGE.replace("%TITLE%", title).replace("%DATA%", _script_json(data))


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>%TITLE%</title>
<style>
body { font-family: Helvetica, Arial, sans-serif; margin: 0; background: #f4f1ea; color: #222; }
header { padding: 10px 16px; background: #2f3b2f; color: #fff; }
header h1 { font-size: 18px; margin: 0; display: inline; }
header span { margin-left: 12px; font-size: 13px; opacity: 0.85; }
#controls { padding: 8px 16px; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; background: #e7e2d6; }
#controls input[type=range] { flex: 1; min-width: 200px; }
main { display: flex; gap: 12px; padding: 12px; align-items: flex-start; }
#board { background: #fff; border: 1px solid #cfc8b8; line-height: 0; }
#moves { max-height: 85vh; overflow-y: auto; min-width: 260px; margin: 0; padding: 6px 8px 6px 40px;
         background: #fff; border: 1px solid #cfc8b8; font-size: 13px; }
#moves li { cursor: pointer; padding: 1px 2px; }
#moves li.current { background: #ffe9a8; }
#moves li.later { color: #999; }
#status { font-size: 13px; }
#moves li .caused, #log div { color: #666; font-size: 12px; padding-left: 10px; }
#log { padding: 0 16px 8px; background: #e7e2d6; }
</style></head>
<body>
<header><h1 id="title"></h1><span id="result"></span><span id="unverified"></span></header>
<div id="controls">
  <button id="first" title="the start">|&#x25C0;</button>
  <button id="back" title="the move before (left arrow)">&#x25C0; back</button>
  <button id="next" title="the next move (right arrow)">next &#x25B6;</button>
  <button id="last" title="the end">&#x25B6;|</button>
  <input id="slider" type="range" min="0" value="0" aria-label="move">
  <span id="status"></span> <span id="notes"></span>
  <label>view <select id="view"></select></label>
</div>
<div id="log" aria-label="what the move caused"></div>
<main><div id="board"></div><ol id="moves"></ol></main>
<script type="application/json" id="data">%DATA%</script>
<script>
"use strict";
const data = JSON.parse(document.getElementById("data").textContent);
const slider = document.getElementById("slider"), select = document.getElementById("view");
const board = document.getElementById("board"), list = document.getElementById("moves");
const status = document.getElementById("status");
let viewer = 0, step = 0;
document.getElementById("title").textContent = data.title;
document.getElementById("unverified").textContent = data.unverified || "";
data.viewers.forEach((v, i) => { const o = document.createElement("option"); o.value = i; o.textContent = v.label; select.appendChild(o); });
function fill() {
  list.textContent = "";
  data.viewers[viewer].moves.forEach((m, i) => {
    const li = document.createElement("li"); li.textContent = m.player + ": " + m.move;
    lines(i + 1).forEach(text => { const d = document.createElement("div"); d.className = "caused"; d.textContent = text; li.appendChild(d); });
    li.addEventListener("click", () => show(i + 1)); list.appendChild(li);
  });
  slider.max = data.viewers[viewer].steps.length - 1;
}
function lines(k) { return (data.viewers[viewer].log || [])[k] || []; }
function fromHash() { const m = /(?:^#|&)move=(\\d+)/.exec(location.hash); return m ? Number(m[1]) : null; }
function show(k) {
  const steps = data.viewers[viewer].steps;
  step = Math.max(0, Math.min(k, steps.length - 1));
  board.innerHTML = steps[step].map(i => data.pictures[i]).join("");
  slider.value = step;
  status.textContent = "after " + step + " of " + (steps.length - 1) + " moves";
  document.getElementById("notes").textContent = (data.notes[step] || []).join("; ");
  const log = document.getElementById("log"); log.textContent = "";
  lines(step).forEach(text => { const d = document.createElement("div"); d.textContent = text; log.appendChild(d); });
  if (fromHash() !== step) { try { history.replaceState(null, "", "#move=" + step); } catch (e) { /* a page without history */ } }
  document.getElementById("result").textContent = (step === steps.length - 1 && data.result) ? "Game over: " + data.result : "";
  Array.from(list.children).forEach((li, i) => { li.className = i + 1 === step ? "current" : (i + 1 > step ? "later" : ""); });
  const current = list.children[step - 1]; if (current) current.scrollIntoView({block: "nearest"});
}
document.getElementById("first").onclick = () => show(0);
document.getElementById("back").onclick = () => show(step - 1);
document.getElementById("next").onclick = () => show(step + 1);
document.getElementById("last").onclick = () => show(data.viewers[viewer].steps.length - 1);
slider.oninput = () => show(Number(slider.value));
select.onchange = () => { viewer = Number(select.value); fill(); show(step); };
document.addEventListener("keydown", e => { if (e.key === "ArrowRight") show(step + 1); if (e.key === "ArrowLeft") show(step - 1); });
window.addEventListener("hashchange", () => { const k = fromHash(); if (k !== null) show(k); });
fill(); show(fromHash() || 0);
</script>
</body></html>
"""
