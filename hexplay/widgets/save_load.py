"""Save and resume in the app (the "Save" tab): a class stops a lesson and resumes next week.

**Save game** writes the game's save (:meth:`Game.to_json <hexplay.engine.protocol.Game.to_json>`:
plain JSON, the scenario, the dice and the commands given) as a download link in the panel (a
data URL: no file on the server). **Load game** takes such a file (a file upload, at most
:data:`MAX_SAVE_BYTES`) and replays it through the rules
(:meth:`Game.from_json <hexplay.engine.protocol.Game.from_json>`): a file that is not a save
of this game, or whose commands the rules refuse, is refused with the reason and changes
nothing. The loaded game goes on in the same app (its computer players, its side at the
screen).

A save holds the whole game, both sides' secrets included: it is the teacher's file. The link
is made only when asked and is removed at a hot-seat hand-over (the next player's browser never
holds it).

Stable CSS classes: ``hexplay-save`` (the panel), ``hexplay-save-button``,
``hexplay-save-link``, ``hexplay-load`` (the upload), ``hexplay-save-message``.
"""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from . import guard as G

MAX_SAVE_BYTES = 5_000_000
"""The largest save file the panel loads (a 20-turn game's save is well under 1 MB)."""


def save_text(game: Any) -> str:
    """The game's save as JSON text (what :func:`load_text` reads back)."""
    return json.dumps(game.to_json())


def load_text(game_class: Any, text: str | bytes) -> Any:
    """A game replayed from its save's text (SaveError / ScenarioError / ValueError with the
    reason when it is not a save of ``game_class``'s game or the rules refuse it)."""
    if isinstance(text, bytes):
        if len(text) > MAX_SAVE_BYTES:
            raise ValueError(f"a save is at most {MAX_SAVE_BYTES} bytes, not {len(text)}")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("a save is UTF-8 JSON text") from None
    if len(text) > MAX_SAVE_BYTES:
        raise ValueError(f"a save is at most {MAX_SAVE_BYTES} characters")
    return game_class.from_json(text)


class SavePanel(W.VBox):
    """The Save tab: a save link on request, and a file upload that loads a save.

    ``game()`` gives the game in play; ``on_load(game)`` takes a loaded one (the app starts
    it); ``saveable()`` is False while nobody may save (a hot-seat hand-over)."""

    def __init__(
        self,
        game: Callable[[], Any],
        on_load: Callable[[Any], None],
        saveable: Callable[[], bool] = lambda: True,
    ) -> None:
        self.game = game
        self.on_load = on_load
        self.saveable = saveable
        self.save = G.Button(description="Save game", icon="download")
        self.save.add_class("hexplay-save-button")
        self.save.on_click(lambda _b: self.make_save())
        self.link = W.HTML()
        self.link.add_class("hexplay-save-link")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Load game")
        self.upload.add_class("hexplay-load")
        self.upload.observe(self._on_upload, names="value")
        self.message = W.HTML()
        self.message.add_class("hexplay-save-message")
        help_ = W.HTML(
            "<div style='font-size:13px'>Save the game to a file to go on later (the file "
            "holds both sides' positions: the teacher keeps it). Load a saved file to go on "
            "from where it was: it is replayed through the rules.</div>"
        )
        super().__init__([help_, W.HBox([self.save, self.upload]), self.link, self.message])
        self.add_class("hexplay-save")

    def make_save(self) -> str:
        """Offer the save as a download link; returns its text ("" when refused)."""
        if not self.saveable():
            self.say("no save during a hand-over", error=True)
            return ""
        g = self.game()
        text = save_text(g)
        b64 = base64.b64encode(text.encode()).decode()
        name = f"{g.info.name}_turn{int(getattr(g, 'turn', 0))}.json"
        self.link.value = (
            f"<a download='{html.escape(name)}' href='data:application/json;base64,{b64}'>"
            f"download {html.escape(name)}</a> ({max(1, len(text) // 1024)} kB)"
        )
        self.say("")
        return text

    def clear(self) -> None:
        """Remove the link (a hand-over: the next player's browser never holds the save)."""
        self.link.value = ""
        self.upload.value = ()  # (nor the last file uploaded)
        self.say("")

    def load(self, text: str | bytes) -> bool:
        """Load ``text`` (a save of this game) and hand it to the app; False, with the reason
        shown, if refused (the game in play is unchanged)."""
        try:
            g = load_text(type(self.game()), text)
        except Exception as e:  # SaveError, ScenarioError, ValueError: their words
            self.say(f"not loaded: {e}", error=True)
            return False
        self.on_load(g)
        self.link.value = ""
        self.upload.value = ()
        self.say(f"loaded: turn {int(getattr(g, 'turn', 0))} of a saved game")
        return True

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change.get("new") or ()
        if not files:
            return
        f = files[0]
        content = f.get("content") if isinstance(f, dict) else getattr(f, "content", None)
        if content is None:
            self.say("not loaded: the upload held no file", error=True)
            return
        self.load(bytes(content))

    def say(self, text: str, error: bool = False) -> None:
        colour = "#b8322a" if error else "#2b5d2b"
        self.message.value = (
            f"<span style='color:{colour}'>{html.escape(text)}</span>" if text else ""
        )
