"""The table's page and its script: plain HTML and JavaScript, no framework, nothing fetched from
anywhere but this server. The seat's token is in the link's fragment (`#seat=…`), which a browser
never sends in a request, so it stays out of the server's and any proxy's logs; the script hands
it over on the websocket. Every text from the game is set as text; the board's SVG pictures come
from rulebook.display.svg, which escapes every text it draws, and the page's policy runs no
script but this one."""
from __future__ import annotations

# The page's Content-Security-Policy: scripts only from this server (so none inside a picture or a
# text could ever run), connections only back to it, pictures only inline.
POLICY = ("default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; "
          "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>Rulebook table</title>
<style>
body { font-family: Helvetica, Arial, sans-serif; margin: 0; background: #f4f1ea; color: #222; }
header { padding: 10px 16px; background: #2f3b2f; color: #fff; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
header h1 { font-size: 18px; margin: 0; }
#turn { font-weight: bold; }
#turn.yours { background: #ffe9a8; color: #222; padding: 2px 8px; border-radius: 4px; }
#result { background: #fff; color: #2f3b2f; padding: 2px 8px; border-radius: 4px; font-weight: bold; }
#result:empty, #notice:empty { display: none; }
#notice { padding: 8px 16px; background: #f6d0c8; }
main { display: flex; gap: 12px; padding: 12px; align-items: flex-start; flex-wrap: wrap; }
#board { background: #fff; border: 1px solid #cfc8b8; line-height: 0; flex: 0 0 auto; }
#board svg { display: block; }
aside { display: flex; flex-direction: column; gap: 8px; min-width: 300px; max-width: 460px; flex: 1; }
section { background: #fff; border: 1px solid #cfc8b8; padding: 8px; }
section h2 { font-size: 14px; margin: 0 0 6px 0; }
#moves { max-height: 40vh; overflow-y: auto; display: flex; flex-direction: column; gap: 3px; }
#moves button { text-align: left; font-size: 13px; padding: 3px 6px; cursor: pointer; }
#moves button:hover { background: #ffe9a8; }
#log { max-height: 40vh; overflow-y: auto; font-size: 12px; margin: 0; padding-left: 4px; list-style: none; white-space: pre-wrap; }
input[type=text] { width: 100%; box-sizing: border-box; font-size: 13px; padding: 3px; margin-bottom: 4px; }
#players { font-size: 13px; }
</style></head>
<body>
<header><h1 id="title">Rulebook table</h1><span id="you"></span><span id="turn"></span><span id="result"></span>
<span id="link"></span></header>
<div id="notice"></div>
<main><div id="board"></div>
<aside>
  <section id="decide" hidden><h2>Your decision</h2>
    <input type="text" id="search" placeholder="search the moves" aria-label="search the moves">
    <div id="moves"></div>
    <form id="typed-form"><input type="text" id="typed" placeholder="or type a move: its number, its text, or its start"
      aria-label="type a move"></form>
  </section>
  <section><h2>Players</h2><div id="players"></div></section>
  <section><h2>Log</h2><ul id="log"></ul></section>
</aside></main>
<script src="table.js"></script>
</body></html>
"""

SCRIPT = r"""
"use strict";
const token = new URLSearchParams(location.hash.slice(1)).get("seat") || "";
const $ = id => document.getElementById(id);
let socket = null, current = null, closedForGood = false;

function notice(text) { $("notice").textContent = text || ""; }

function show(message) {
  if (!current || current.counter !== message.counter) $("search").value = "";  // a new decision: all its moves
  current = message;
  document.body.dataset.counter = message.counter;  // where the game stands, for a test to wait on
  document.title = message.title + (message.you ? " — " + message.you : " — watching");
  $("title").textContent = message.title;
  $("you").textContent = message.you ? "You are " + message.you : "Watching (what everyone sees)";
  const turn = $("turn");
  turn.textContent = message.result ? "" : (message.yours ? "Your decision" : message.turn + " to decide");
  turn.className = message.yours ? "yours" : "";
  $("result").textContent = message.result ? "Game over: " + message.result : "";
  $("board").innerHTML = message.board.join("");
  $("players").textContent = message.players.map(p => p.name + " (" + p.seat + ")").join(", ");
  const log = $("log");
  log.textContent = "";
  message.log.forEach(line => { const li = document.createElement("li"); li.textContent = line; log.appendChild(li); });
  log.scrollTop = log.scrollHeight;
  $("decide").hidden = !message.yours;
  const moves = $("moves");
  moves.textContent = "";
  message.moves.forEach((text, i) => {
    const button = document.createElement("button");
    const note = message.notes[i];  // what the move would do here (display.yaml's move notes)
    button.textContent = (i + 1) + "  " + text + (note ? " (" + note + ")" : "");
    button.dataset.move = text;
    button.addEventListener("click", () => send({type: "move", move: text}));
    moves.appendChild(button);
  });
  filter();
}

function filter() {
  const words = $("search").value.toLowerCase().split(/\s+/).filter(w => w);
  Array.from($("moves").children).forEach(b => {
    const text = b.textContent.toLowerCase();
    b.hidden = !words.every(w => text.includes(w));
  });
}

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN || !current) return;
  message.counter = current.counter;
  socket.send(JSON.stringify(message));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws");
  socket.onopen = () => { socket.send(JSON.stringify({type: "hello", token: token})); };
  socket.onmessage = event => {
    const message = JSON.parse(event.data);
    if (message.type === "state") { notice(""); show(message); }
    else if (message.type === "refused") notice(message.why);
  };
  socket.onclose = event => {
    if (event.code === 4403) { closedForGood = true; notice(event.reason || "This link is not one of this table's."); return; }
    if (!closedForGood) { notice("Lost the connection to the table; trying again…"); setTimeout(connect, 1000); }
  };
}

$("search").addEventListener("input", filter);
window.addEventListener("hashchange", () => location.reload());  // another seat's link opened in this tab
$("typed-form").addEventListener("submit", event => {
  event.preventDefault();
  const text = $("typed").value;
  // Enter in an empty field plays the only legal move, as at the terminal
  if (text.trim() || (current && current.moves.length === 1)) { send({type: "typed", text: text}); $("typed").value = ""; }
});
connect();
"""
