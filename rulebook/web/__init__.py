"""`rulebook serve`: a game played in browsers, each seat at its own screen seeing only its own view.

    host.py      the game on the server: position, record, each seat's log, moves and bots
    messages.py  what one seat (or a spectator) is sent: built from that seat's view alone
    tokens.py    the private links: an unguessable token per person's seat, and one to watch
    app.py       the Starlette app: the page, its script, the websocket
    page.py      the page and its script (no framework, nothing fetched from elsewhere)
    command.py   the command: set up or resume a game, print the links, run uvicorn
"""
