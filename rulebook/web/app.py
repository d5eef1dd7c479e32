"""The web table as a Starlette app: `/` the page, `/table.js` its script, `/ws` the websocket.

A browser opens the websocket and sends its token first; from then on it is sent, after every
move made anywhere, the message built for its own seat (host.messages) — never another's. Moves
it sends act for that seat only. The engine runs in a worker thread, one call at a time (an
asyncio lock), so a bot thinking never stops the server from answering.
"""
from __future__ import annotations

import asyncio
import json
import sys
from contextlib import asynccontextmanager
from typing import Optional

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from rulebook.dsl.errors import RulebookError

from .host import Host
from .messages import refusal
from .page import PAGE, POLICY, SCRIPT
from .tokens import Tokens

NOT_OURS = 4403  # the websocket's close code for a token that is not one of this table's
HEADERS = {"Content-Security-Policy": POLICY, "Referrer-Policy": "no-referrer", "Cache-Control": "no-store",
           "X-Content-Type-Options": "nosniff"}


class Table:
    """The connected browsers, each with the seat its token stands for (None: a spectator)."""

    def __init__(self, host: Host, tokens: Tokens):
        self.host = host
        self.tokens = tokens
        self.clients: dict[WebSocket, Optional[int]] = {}
        self.engine: Optional[asyncio.Lock] = None  # made in the server's own event loop

    async def run(self, call, *args):
        """The engine's work, off the event loop and one call at a time. A mistake of the rules
        (a RulebookError, placed in the rules) is said on the server's console, once, and given
        back as a refusal; the position stays as it was (Game.apply puts it back)."""
        assert self.engine is not None
        async with self.engine:
            try:
                return await asyncio.to_thread(call, *args)
            except RulebookError as err:
                text = err.render() if getattr(err, "span", None) else str(err)
                print(f"rulebook: {text}", file=sys.stderr, flush=True)
                return f"the rules failed here, so the game cannot go on this way: {str(err).splitlines()[0]}"

    async def broadcast(self) -> None:
        """Every browser gets its own seat's message."""
        for socket, seat in list(self.clients.items()):
            try:
                await socket.send_json(self.host.messages[seat])
            except (WebSocketDisconnect, RuntimeError, OSError):
                self.clients.pop(socket, None)

    async def bots(self) -> None:
        """Bots move while it is their decision, each move shown everywhere at once (a bot whose
        rules fail stops there: the failure is on the console)."""
        while self.host.bot_to_move():
            moved = await self.run(self.host.bot_step)
            if moved is not True:
                return
            await self.broadcast()

    async def answer(self, socket: WebSocket, seat: Optional[int], text: str) -> None:
        """One message from a browser: a move for its seat, played or refused (to that browser only)."""
        try:
            message = json.loads(text)
        except ValueError:
            message = None
        if not isinstance(message, dict) or message.get("type") not in ("move", "typed"):
            await socket.send_json(refusal("not a message this table understands", self.host.counter))
            return
        if seat is None:
            await socket.send_json(refusal("a spectator watches: the moves are the players'", self.host.counter))
            return
        typed = message["type"] == "typed"
        why = await self.run(self.host.submit, seat, message.get("counter"),
                             message.get("text" if typed else "move"), typed)
        if why:
            await socket.send_json(refusal(why, self.host.counter))
            await socket.send_json(self.host.messages[seat])  # where the game stands now
            return
        await self.broadcast()
        await self.bots()

    async def socket(self, socket: WebSocket) -> None:
        await socket.accept()
        try:
            hello = json.loads(await socket.receive_text())
        except (ValueError, WebSocketDisconnect):
            hello = None
        known, seat = self.tokens.seat_of(hello.get("token") if isinstance(hello, dict) else None)
        if not known:
            await socket.close(NOT_OURS, "This link is not one of this table's: ask the host for yours.")
            return
        self.clients[socket] = seat
        try:
            await socket.send_json(self.host.messages[seat])
            while True:
                await self.answer(socket, seat, await socket.receive_text())
        except WebSocketDisconnect:
            pass
        finally:
            self.clients.pop(socket, None)


def make_app(host: Host, tokens: Tokens) -> Starlette:
    table = Table(host, tokens)

    @asynccontextmanager
    async def lifespan(app):
        table.engine = asyncio.Lock()
        task = asyncio.create_task(table.bots())  # a game whose first decision is a bot's
        yield
        task.cancel()

    async def page(request: Request) -> Response:
        return HTMLResponse(PAGE, headers=HEADERS)

    async def script(request: Request) -> Response:
        return Response(SCRIPT, media_type="text/javascript", headers=HEADERS)

    app = Starlette(routes=[Route("/", page), Route("/table.js", script), WebSocketRoute("/ws", table.socket)],
                    lifespan=lifespan)
    app.state.table = table
    return app
