"""The spec table of a game's environment spaces, as markdown (for the docs): the planes'
shape and channels, the globals, the heads of the factored actions and the flat form's size,
all read off a :class:`~hexplay.env.core.GameDriver` of the game's default scenario."""

from __future__ import annotations

from .core import GameDriver
from .factored import HEADS
from .planes import own_offered


def spec_markdown(game: str) -> str:
    """Markdown: a summary table of ``game``'s spaces, then its channels and globals."""
    d = GameDriver(game)
    c, h, w = d.observation_spaces[d.sides[0]]["planes"].shape
    heads = d.factored()
    unit, kind, target = heads.sizes
    rows = [
        "| space | shape / size |",
        "|---|---|",
        f"| planes | {c} x {h} x {w} (channels x rows x columns of the map) |",
        f"| globals | {len(d.globals)} |",
        f"| heads ({', '.join(HEADS)}) | {unit}, {kind}, {target}: "
        f"`Discrete({heads.n})`, one mask of {heads.n} a step |",
        f'| flat form (`actions="flat"`) | `Discrete({d.codec.n})`, one mask of {d.codec.n} |',
    ]
    out = ["\n".join(rows), "", "| channel | what it holds |", "|---|---|"]
    out += [f"| `{ch.name}` | {ch.doc} |" for ch in d.channels]
    out += ["", "| global | what it holds |", "|---|---|"]
    out += [f"| `{ch.name}` | {ch.doc} |" for ch in d.globals]
    out += ["", "Order kinds (the kind head): " + ", ".join(f"`{k}`" for k in d.codec.kinds)]
    offered = own_offered(type(d.encoder))
    if offered is not None and offered.__doc__:
        out += ["", "Orders offered (the masks): " + " ".join(offered.__doc__.split())]
    return "\n".join(out) + "\n"
