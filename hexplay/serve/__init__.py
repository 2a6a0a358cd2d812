"""The table server: each side plays from its own browser, the server referees.

One process (``hexplay serve``, or :func:`start_table` from a notebook cell) holds many games;
each new game gives one link per seat (each side, and the referee) carrying its own secret
token. The table calls the game API for a seat's side only, keeps every accepted order in SQLite
before acknowledging it, rebuilds every game by replay after a restart, and pushes each page its
own seat's state when it changes. Its modules::

    table.py   the referee: seats, tokens, intents, timer, push (no network)
    store.py   the SQLite file: games, seats, command logs
    app.py     tornado: the JSON/WebSocket API, start_table, serve_forever
    client.py  RemoteGame (a remote seat with a local game's calls), AsyncSeat
    queries.py the named read-only queries a seat's app asks (AP left, odds, reach...), each
               answered for the seat's side only; the default set-up
    wire.py    legal orders and game info as JSON, both ways
    seat_app.py SeatApp: the ordinary app (GameApp + the game's adapter) of one seat, over a
               RemoteGame, in JupyterLab and Voila (notebooks/seat.ipynb)
    panel.py   SeatPanel: a plain fallback seat page for any registered game
    seat_pages.py  the seat pages ``hexplay serve`` starts: Voila on seat.ipynb (shipped here,
               its one cell :func:`~hexplay.serve.seat_app.seat_page`), a child process
    cli.py     ``hexplay serve``
"""

from .app import TableServer, start_table
from .client import AsyncSeat, RemoteGame, TableUnavailable
from .store import Store
from .table import Table, TableError

__all__ = [
    "AsyncSeat",
    "RemoteGame",
    "Store",
    "Table",
    "TableError",
    "TableServer",
    "TableUnavailable",
    "start_table",
]
