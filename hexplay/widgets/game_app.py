"""GameApp: the game-independent app shell (board, phase controls, order builder, hot seat,
referee view, class turn timer, computer players, results log, record table, replay, win
probability). Each game plugs in a small UI adapter (:mod:`.adapter`) that only describes
(counters, overlays, panels, words); the shell owns the game's course and every gesture:
the set-up (the game's ``default_setup``), the registry's computer players, ``advance``, the
clicks (select, move by the reach query, attack after the odds, an order a click completes),
the keys an adapter declares (:class:`~.adapter.Key`, with the key pad and Next unit), what a
panel's button asks (:attr:`~.adapter.GameUI.requests`), "Same as last turn" and the timer's
defaults (the game's ``repeat_order`` / ``default_orders``).

Secrecy: the board and every panel only ever receive ``game.view(viewer)`` for the side now at
the screen (or ``"referee"`` in referee mode). In a hot-seat game, between two sides' plots (or
turns) every panel is blanked — board, order builder, the game's panels (odds...), log, record
— until the next player asks for his view. Clicks are intents: the engine validates every
order; a click naming a unit the side does not know of is ignored (logged), and the buttons
and fields are guarded widgets (:mod:`.guard`): disabled or hidden ones do nothing.

One click, one pass: board -> app -> engine -> board. An order refreshes the app once (one
view, one ``legal_orders`` for the selected unit); the board's changes of a click go out as one
message and the side panels follow (:meth:`HexBoard.after_answer`).

The app opens on the game's **Briefing** (:mod:`.briefing`; each hot-seat player's too, at his
first turn); the **Rules** card (:mod:`.rules_card`), the turn summary's terms
(:mod:`.summary`) and the briefing are the game's plugin-record parts; the **Save** tab saves
and loads the game (:mod:`.save_load`). The board frames the side's units at the start and
after each turn (with "Follow selected", ``follow_selected``, it also pans to the selected unit
and after its moves, keeping the zoom); selecting a unit brings its reach and targets into view
when they are not; the order builder shows the kinds the unit may not give now disabled, the
rules' reason on hover; the side panel keeps fixed heights (the phase line,
the summary's area, the roster) and the game-over banner lies over the board: nothing moves.

Stable CSS classes: ``hexplay-ready`` (hot-seat hand-over button), ``hexplay-win-probability``
(the gauge), ``hexplay-summary-area``, ``hexplay-follow`` (the follow box),
``hexplay-next-after-attack`` (its box), plus those of
:mod:`.controls`, :mod:`.briefing`, :mod:`.save_load` and the game's panels.
"""

from __future__ import annotations

import contextlib
import html
import logging
from collections.abc import Mapping
from typing import Any

import ipywidgets as W
import traitlets

from ..engine.errors import IllegalOrder
from ..engine.protocol import Order
from . import guard as G
from .adapter import REFEREE, Context, EngineQueries, GameUI, OrderController, pick_unit
from .board import HexBoard
from .briefing import BriefingPanel, generic_briefing
from .controls import PhaseControls, PlotBuilder, ReplaySlider
from .keypad import KeyPad
from .log import RecordTable, ResultsLog
from .review import ReviewPanel
from .roster import Roster
from .rules_card import RulesCard, app_card
from .save_load import SavePanel
from .scenario_picker import ScenarioPicker
from .scenario_picker import new_game as new_scenario_game
from .summary import DEFAULT_TERMS, TurnSummary, summary_markings

log = logging.getLogger("hexplay.widgets")

#: The app's own page styles: tab titles keep their whole width (with six or more tabs in the
#: side panel, Lab's fixed-width tabs cut a six-letter title to five); the tab bar wraps.
APP_CSS = (
    "<style>"
    ".hexplay-tabs > .lm-TabBar .lm-TabBar-content,"
    ".hexplay-tabs > .p-TabBar .p-TabBar-content{flex-wrap:wrap}"
    ".hexplay-tabs > .lm-TabBar,.hexplay-tabs > .p-TabBar{height:auto;min-height:max-content}"
    ".hexplay-tabs > .lm-TabBar .lm-TabBar-tab,"
    ".hexplay-tabs > .p-TabBar .p-TabBar-tab{flex:0 0 auto!important;min-width:0!important;"
    "max-width:none!important;padding:0 10px}"
    ".hexplay-tabs .lm-TabBar-tabLabel,.hexplay-tabs .p-TabBar-tabLabel{overflow:visible}"
    "</style>"
)

#: The side panel's fixed heights: the turn summary's area (its box scrolls inside) and the
#: roster (it scrolls past two rows of unit buttons).
SUMMARY_HEIGHT = "130px"
ROSTER_HEIGHT = "76px"

SELECTION_OVERLAYS = ("los", "visible", "reachable", "route", "highlight")
#: Overlays an adapter returns that are the game's markings (the board's ``markings`` trait).
MARKINGS = ("markings", "regions")


class GameApp(W.VBox):
    """A complete game in one widget, for any game with a UI adapter.

    ``ui``: the adapter class (default: the registry entry's ``ui`` for ``game``).
    ``vs_computer``: the side (or sides) the computer plays, None for humans only;
    ``computer``: the registry's player name for them (None: the game's first named one).
    ``hot_seat``: humans share one screen, blanked between them. ``referee``: everything shown,
    the referee orders for every side. ``timer``: a class turn timer. ``win_probability``: a
    gauge, if the adapter can estimate (refused for two humans in hot seat without a referee,
    where it would summarise positions the side at the screen cannot see). ``scenario``: a
    named scenario of the game's registry entry for a new game (the picker's choice for "New
    game"; :mod:`.scenario_picker`). ``setup``: ``"computer"`` (every side still setting up
    is placed by the game's default set-up, :meth:`~hexplay.engine.protocol.Game.default_setup`)
    or ``"manual"`` (the human sides place their own units: order builder, board clicks).
    ``follow``: the board follows the selected unit (``follow_selected``).
    ``next_after_attack``: an attack given by click that the unit may not give again selects
    the next unit that may attack (``next_after_attack``, :meth:`_next_attacker`).

    Observable state (traitlets, Python-side only: never synced to the page) for cells that
    follow the game (:mod:`.inspectors`): ``selected_unit``, ``hovered`` (after
    :meth:`follow_hover`), ``view`` (the viewer's view), ``armed`` and ``order_odds``
    (the attack being built), ``los_trace`` (the LOS trace the board shows), ``events``
    (the last turn's).
    """

    #: The unit selected on the board (None: none).
    selected_unit = traitlets.Any(None)
    #: The hex under the pointer (only once :meth:`follow_hover` turned hover messages on).
    hovered = traitlets.Any(None)
    #: The view of the side at the screen (``game.view(viewer)``; empty at a hand-over).
    view = traitlets.Dict()
    #: The attack whose odds are shown (a second click gives it), None if none.
    armed = traitlets.Any(None)
    #: The last look at an enemy or the attack being built: unit, target, the armed order's
    #: kind and label (None for a look) and the panel (tab) showing the odds; None after a
    #: new selection or when the armed attack is given or dropped.
    order_odds = traitlets.Any(None)
    #: The LOS trace the board draws (the board's ``los`` overlay), None if none.
    los_trace = traitlets.Any(None)
    #: The last turn's events as the viewer may know them (the turn summary's).
    events: traitlets.List[dict[str, Any]] = traitlets.List()
    #: The board keeps the selected unit in view: it pans (keeping the zoom) at a selection
    #: and after the unit moved; off, the view frames the side's units at the start and after
    #: each turn, and a selection only brings the unit's reach and targets into view when
    #: they are not (:meth:`_follow`). The "Follow selected" box under the board sets it too.
    follow_selected = traitlets.Bool(False)
    #: After an attack given by click that the unit may not give again, the next own unit that
    #: may attack and has not this turn is selected (:meth:`_next_attacker`): a line of ships
    #: fires with two clicks each, the odds and the order. The "Next after attack" box under
    #: the board sets it.
    next_after_attack = traitlets.Bool(True)

    def __init__(
        self,
        game: Any = None,
        ui: type[GameUI] | None = None,
        seed: int = 0,
        vs_computer: str | tuple[str, ...] | None = None,
        computer: str | None = None,
        hot_seat: bool = True,
        referee: bool = False,
        timer: bool = False,
        board_height: str = "",
        win_probability: bool | None = False,
        win_probability_n: int = 40,
        scenario: str | None = None,
        setup: str = "computer",
        follow: bool = False,
        next_after_attack: bool = True,
    ) -> None:
        if setup not in ("computer", "manual"):
            raise ValueError(f"setup must be 'computer' or 'manual', not {setup!r}")
        if ui is None:
            ui = _registered_ui(game)
        if game is None or isinstance(game, str):  # a registered game's name: a new game
            if game is None:
                raise ValueError("give game= (a game or a registered game's name)")
            game = new_scenario_game(str(game), seed, scenario)
        self.game = game
        self.setup = setup
        self.ui = ui()
        self.ui.requests.connect(self._on_request)
        self.sides = tuple(game.info.sides)
        comp = (vs_computer,) if isinstance(vs_computer, str) else tuple(vs_computer or ())
        bad = [s for s in comp if s not in self.sides]
        if bad:
            raise ValueError(f"vs_computer must name sides of {list(self.sides)}, not {bad}")
        if win_probability and not comp and not referee:
            raise ValueError(
                "win_probability needs referee=True or a computer opponent: the estimate uses "
                "the true state and would reveal hidden enemies to the side plotting"
            )
        self.seed = seed
        self.vs_computer = comp[0] if len(comp) == 1 else (comp or None)
        self.computer_name = computer
        self.hot_seat = hot_seat
        self.referee = referee
        self.humans = [s for s in self.sides if s not in comp]
        self.computers: dict[str, Any] = {}
        self._make_computers()
        self._start_game(game)
        # the screen goes to a human side that must act now (alternating: the side to move)
        self.plotting_side: str = self._first_side()
        self.handover = False  # hot seat: every panel blank until the next player is ready
        self.units_by_id: dict[str, dict[str, Any]] = {}
        self._board_counters: list[dict[str, Any]] = []
        self.view = {}
        self.selected_unit = None
        #: The attack whose odds are shown: a second click on its target (or Attack) gives it.
        self.armed = None
        #: Clicks that became no order (each said, with its reason, in ``click_status``).
        self.refusals = 0
        self.click_text = ""
        self.views_pulled = 0  # game.view calls (the one-pass test counts them)
        self._odds_tab: str | None = None  # the tab an adapter showed during a look

        self.board = HexBoard(game.map, height=board_height)
        self.board.set_style(self.ui.style(game))
        self.board.fit_units = bool(getattr(self.ui, "fit_units", False))
        self.board.counter_scale = float(getattr(self.ui, "counter_scale", 1.0))
        self.controls = PhaseControls(sides=list(self.sides), show_side_picker=referee, timer=timer)
        if not self._simultaneous:  # orders act at once, nothing is plotted: End turn
            self.controls.end_plot.description = "End turn"
            self.controls.end_plot.tooltip = "end your turn: the other side's turn begins"
        self.orders = OrderController(
            game=lambda: self.game,
            side=lambda: self.plotting_side,
            units=lambda: self.units_by_id,
            plotted=self._plotted,
            titles=self.ui.order_titles,
        )
        self._queries = EngineQueries(self.orders)  # (what a Context gives an adapter)
        self.roster_rows: dict[str, dict[str, Any]] = {}
        self._events: list[Mapping[str, Any]] | None = None  # the viewer's, at the last refresh
        self.builder = PlotBuilder(self.orders)
        self.results = ResultsLog(describe=self.ui.describe_event)
        self.record = RecordTable()
        self.replay = ReplaySlider(on_turn=self.show_turn)
        self.replay.layout.display = "none"
        self.ready = G.Button(
            description="",
            button_style="info",
            icon="eye",
            layout=W.Layout(width="100%", height="56px"),
        )
        self.ready.add_class("hexplay-ready")
        self.handover_text = W.HTML()
        self.handover_box = W.VBox([self.handover_text, self.ready])
        self.handover_box.add_class("hexplay-handover")
        self.handover_box.layout.display = "none"
        self.summary = TurnSummary(
            describe=self.ui.describe_event, terms=self._part("summary") or DEFAULT_TERMS
        )
        self.roster = Roster(on_pick=self.click_unit)
        #: Orders the app gave for each side, by turn ("same as last turn" repeats them).
        self.orders_given: dict[tuple[str, int], list[Any]] = {}
        self.winprob = self._make_gauge(win_probability, win_probability_n)
        self.scenario_picker = ScenarioPicker(game, scenario)  # read by "New game"
        #: The adapter's keys (:attr:`~.adapter.GameUI.keys`) on a key pad, with Next unit.
        self.keypad = KeyPad(self.ui.keys, self.ui.key_rows)
        self.keypad.on_key = self.press
        self.keypad.next_unit.on_click(lambda _b: self.select_next())
        if self.ui.keys:
            self.board.on_key(lambda ev: self.press(str(ev.get("key"))))

        self.click_status = W.HTML(layout=W.Layout(flex="1 1 auto"))
        self.click_status.add_class("hexplay-click-status")
        self._followed: tuple[str, str] | None = None  # (unit, hex) the board was last asked
        self._marks_asked: tuple[Any, ...] | None = None  # the last selection's follow
        self.follow_box = self._option_box(
            "follow_selected",
            follow,
            "Follow selected",
            "keep the selected unit in view (the board pans to it, keeping the zoom)",
            "hexplay-follow",
        )
        self.next_box = self._option_box(
            "next_after_attack",
            next_after_attack,
            "Next after attack",
            "after an attack, select the next unit that may still attack this turn",
            "hexplay-next-after-attack",
        )
        self.board.on_click(self._on_board_click)
        self.board.observe(self._on_overlays, names="overlays")
        self.builder.attack.on_click(lambda _b: self.attack_armed())
        self.builder.on_change = self._after_plot_change
        self.builder.on_order = self._remember_order
        self.builder.on_path = self._show_pending_path
        self.controls.end_plot.on_click(lambda _b: self.end_plot())
        self.controls.resolve.on_click(lambda _b: self.resolve())
        self.controls.new_game.on_click(lambda _b: self.controls.ask_new_game(self.over))
        self.controls.new_game_yes.on_click(lambda _b: self.new_game())
        self.builder.same.on_click(lambda _b: self.same_as_last_turn())
        self.controls.side.observe(self._on_side_pick, names="value")
        self.ready.on_click(lambda _b: self.take_over())
        if self.controls.timer is not None:
            self.controls.timer.on_expire = self._timer_expired

        parts = self.ui.panels()
        above = [w for t, w in parts if t is None]
        pages = [("Plot", self.builder), *((t, w) for t, w in parts if t is not None)]
        pages += [("Log", self.results), ("Record", self.record)]
        self.review = ReviewPanel(self)
        self.rules = RulesCard(self._game_card(), self._app_card())
        self.briefing = BriefingPanel()
        self.save_panel = SavePanel(
            lambda: self.game, self.load_game, lambda: not (self.handover and not self.referee)
        )
        pages += [("Review", self.review), ("Rules", self.rules), ("Briefing", self.briefing)]
        pages += [("Save", self.save_panel)]
        self.tabs = G.Tab(children=[w for _t, w in pages])
        self.tabs.add_class("hexplay-tabs")
        for i, (t, _w) in enumerate(pages):
            self.tabs.set_title(i, t)
        self.tab_index = {t: i for i, (t, _w) in enumerate(pages)}
        self.tabs.selected_index = self.tab_index["Briefing"]  # what the game is, first
        #: Sides whose player was shown the briefing (hot seat: each at his first turn).
        self.briefed: set[str] = {self.plotting_side} if not self.handover else set()
        self.tabs.observe(self._on_tab, names="selected_index")
        for i, w in enumerate(self.tabs.children):  # panels in hidden tabs wait until shown
            hidden = getattr(w, "on_hidden", None)
            if hidden is not None and i != self.tabs.selected_index:
                hidden()
        # a stable layout: the summary's box and the roster keep fixed heights (they scroll),
        # so a turn's results never push the roster and the tabs down the page
        self.summary_area = W.Box([self.summary], layout=W.Layout(height=SUMMARY_HEIGHT))
        self.summary_area.add_class("hexplay-summary-area")
        self.roster.layout.height = ROSTER_HEIGHT
        self.roster.layout.overflow = "auto"
        panel: list[W.Widget] = [
            self.controls,
            self.scenario_picker,
            self.handover_box,
            self.summary_area,
        ]
        if self.winprob is not None:
            panel.append(self.winprob)
        self.style = W.HTML(APP_CSS, layout=W.Layout(display="none"))
        side_panel = W.VBox(
            [*panel, self.roster, *above, self.keypad, self.tabs, self.style],
            layout=W.Layout(width="42%", min_width="360px"),
        )
        side_panel.add_class("hexplay-side-panel")
        under_board = W.HBox(
            [self.click_status, self.follow_box, self.next_box],
            layout=W.Layout(align_items="flex-start"),
        )
        board_box = W.VBox([self.board, under_board, self.replay], layout=W.Layout(width="58%"))
        super().__init__(
            [W.HBox([board_box, side_panel], layout=W.Layout(width="100%", flex_flow="row wrap"))]
        )
        self._guard = G.TreeGuard(self)  # the page's messages checked at every widget
        self.refresh()
        self.rules.show(self._game_card(), self._app_card())  # (the reach's unit known now)
        self.update_win_probability()
        self._computer_first()
        # panels a click or key fills after the board's answer may make widgets: guarded then
        self.board.on_click(lambda _ev: self.board.after_answer(self.guard_widgets))
        self.board.on_key(lambda _ev: self.board.after_answer(self.guard_widgets))
        self.guard_widgets()
        self.frame_units()

    def guard_widgets(self, force: bool = False) -> int:
        """Guard every widget of the app against the page's messages (:class:`.guard.TreeGuard`:
        display widgets take no state from the page; buttons in a hidden row do nothing).
        The app calls it after building, every refresh, tab change and click; it walks the
        tree only when it may have changed. Returns the number of widgets newly guarded."""
        guard = getattr(self, "_guard", None)
        return 0 if guard is None else guard(force)  # (None: still building)

    def frame_units(self) -> None:
        """The board frames every unit of the side at the screen (all units for the referee;
        nothing during a hand-over), none under the board's buttons: at the start, after each
        turn, at a hand-over's end and a new game (◎ does it again)."""
        if self.handover and not self.referee:
            return
        self.board.frame_side(None if self.referee else self.plotting_side)

    def _follow(self, force: bool = False, marks: bool = False) -> None:
        """The board keeps the selected unit in view. ``marks`` (a selection): its reach and
        targets as marked on the board come into view with it (a student sees every hex a
        click may give); without ``follow_selected`` only for a unit in view (one selected
        off the view leaves the view where it is). With ``follow_selected``, asked again at a
        selection (``force``) or when the unit's hex changed since it was last asked."""
        unit = self.selected_unit
        hex_ = (self.units_by_id.get(unit) or {}).get("hex") if unit is not None else None
        if marks and hex_ is not None and unit is not None:
            on = self.follow_selected
            asked = (unit, str(hex_), on, self._state_key())
            if asked == self._marks_asked:  # the same selection again: asked already
                return
            self._marks_asked = asked
            self._followed = (unit, str(hex_)) if on else None
            self.board.follow_unit(unit, marks=True, if_seen=not on)
            return
        if not self.follow_selected or unit is None:
            self._followed = None
            return
        if hex_ is None or (not force and self._followed == (unit, hex_)):
            return
        self._followed = (unit, str(hex_))
        self.board.follow_unit(unit)

    def _state_key(self) -> tuple[Any, ...]:
        """Equal while the game has not changed (its command log is as long, the same turn
        and phase): the reach and targets a selection marks are the same."""
        g = self.game
        log = getattr(getattr(g, "commands", None), "commands", None)
        return (id(g), None if log is None else len(log), g.turn, str(g.phase))

    @traitlets.observe("follow_selected")
    def _on_follow(self, change: dict[str, Any]) -> None:
        if hasattr(self, "board"):  # (set in __init__ before the rest of the app)
            self._follow(force=True)

    # --- set-up ---------------------------------------------------------------------------------
    def _part(self, name: str) -> Any:
        """The game's plugin-record part ``name`` (None: the game declares none)."""
        from ..registry import game_entry

        try:
            return game_entry(self.game.info.name).part(name)
        except KeyError:  # a game not in the registry: the generic defaults
            return None

    def _game_card(self) -> str:
        """The game's rules card (its plugin record's ``rules`` part, from its own tables)."""
        card = self._part("rules")
        try:
            return "" if card is None else str(card(self.game))
        except Exception as e:  # (a remote seat's game holds less): the app's card alone
            log.warning("hexplay: no rules card for %s: %s", self.game.info.name, e)
            return ""

    def _briefing_html(self) -> str:
        """The briefing for the side at the screen (its record's ``briefing`` part, else the
        generic one from the game's info)."""
        make = self._part("briefing")
        if make is not None:
            try:
                return str(make(self.game, self.viewer))
            except Exception as e:  # (a remote seat's game holds less): the generic one
                log.warning("hexplay: no briefing for %s: %s", self.game.info.name, e)
        return generic_briefing(self.game, self.viewer, self.game.turn_limit)

    def _show_briefing(self) -> None:
        """Refresh the Briefing tab (blank at a hand-over; made when the tab is on screen)."""
        if self.handover and not self.referee:
            self.briefing.blank()
        else:
            self.briefing.update(self._briefing_html)

    def _app_card(self) -> str:
        """How the app is played, in the game's declared kinds and its reach's cost unit."""
        info = self.game.info
        unit = ""
        with contextlib.suppress(Exception):
            own = [u for u, v in self.units_by_id.items() if v.get("side") == self.plotting_side]
            if own:
                unit = self.orders.reach(own[0]).cost_unit
        return app_card(getattr(info, "move_kinds", ()), getattr(info, "attack_kinds", ()), unit)

    def _option_box(self, trait: str, value: bool, label: str, tip: str, css: str) -> Any:
        """A box under the board for the app's option ``trait`` (set to ``value``, linked both
        ways), its CSS class ``css``."""
        box = G.Checkbox(
            value=bool(value),
            description=label,
            indent=False,
            tooltip=tip,
            layout=W.Layout(width="auto", flex="0 0 auto"),
        )
        box.add_class(css)
        setattr(self, trait, bool(value))
        W.link((box, "value"), (self, trait))
        return box

    def _first_side(self) -> str:
        """The human side that must act now (alternating: the side to move), else the first."""
        acting = [s for s in _to_act(self.game) if s in self.humans]
        return (acting or self.humans or list(self.sides))[0]

    def _computer_first(self) -> None:
        """A game that starts with only computer sides to act (an alternating game whose first
        mover the computer plays): they act now, and the screen goes to the human next."""
        sides = _to_act(self.game)
        if self.humans and sides and not self.over and not set(sides) & set(self.humans):
            self._proceed()

    def _make_computers(self) -> None:
        self.computers = {}
        for i, side in enumerate(s for s in self.sides if s not in self.humans):
            try:
                self.computers[side] = self._player(self.computer_name, side, self.seed + i)
            except Exception as e:  # no player: the side is submitted as it stands
                log.warning("hexplay: no computer player for %s: %s", side, e)
                self.computers[side] = None

    def _player(self, name: str | None, side: str, seed: int) -> Any:
        """The registry's computer player ``name`` for ``side`` (None: the game's first named
        one that is not the random player)."""
        from ..registry import game_entry

        try:
            entry = game_entry(self.game.info.name)
        except KeyError:  # a game not registered (a test's own): the random player
            from ..ai.random import RandomPlayer

            return RandomPlayer(side, seed)
        if name is None:
            name = next((n for n in entry.player_names() if n != "random"), "random")
        return entry.player(name, side, seed=seed)

    def _start_game(self, game: Any) -> None:
        """Finish a game still in its set-up (every side the app does not leave to a human's
        own placements gets the game's default set-up, in the order of its sides), then let
        the computers act until a human must (the first side rolled may be the computer's)."""
        done: set[str] = set()
        for _ in range(len(self.sides) + 1):
            moved = False
            for side in self.sides:
                if str(getattr(game, "phase", "")) != "setup" or side in done:
                    continue
                if side not in _to_act(game):
                    continue
                done.add(side)
                try:
                    if self.setup == "manual" and side in self.humans:
                        game.default_setup(side, units=False)  # (choices his placements need)
                        continue
                    game.default_setup(side)
                except IllegalOrder:  # no default set-up: the side's player places its units
                    continue
                game.submit(side)
                moved = True
            if not moved:
                break
        self._computers_first(game)

    def _computers_first(self, game: Any) -> None:
        """The computers act (and submit) while no human side may: an alternating game whose
        first turn is a computer's is played up to the human's turn before it is shown."""
        for _ in range(10_000):
            sides = _to_act(game)
            if game.over or not sides or any(s in self.humans for s in sides):
                return
            for s in sides:
                c = self.computers.get(s)
                if c is not None:
                    c.act(game)
                if not game.over and s in _to_act(game):
                    game.submit(s)

    def _advance(self, game: Any) -> list[dict[str, Any]]:
        """Resolve the turn (every side has submitted): the protocol's ``advance``."""
        return list(game.advance() or [])

    def _estimate(self, game: Any, n: int, seed: int) -> Any:
        """The win-probability gauge's estimate (:func:`hexplay.analysis.winprob.win_probability`:
        the computer players finish ``n`` copies of the game)."""
        from ..analysis.winprob import win_probability

        return win_probability(game, n=n, seed=seed, tactics=None)

    def context(self, selected: str | None | bool = True) -> Context:
        """What an adapter may read now (:class:`~.adapter.Context`); ``selected`` a unit
        (None: none), True: the selection now."""
        return Context(
            game=self.game,
            view=self.view,
            side=self.plotting_side,
            viewer=self.viewer,
            selected=self.selected_unit if selected is True else selected,  # type: ignore[arg-type]
            units=self.units_by_id,
            orders=self._queries,
        )

    def _plotted(self, unit: str) -> list[str]:
        """The unit's plotted orders in words (the roster row's, :meth:`GameUI.roster`)."""
        p = (self.roster_rows.get(unit) or {}).get("plotted") or ""
        return list(p) if isinstance(p, list | tuple) else ([p] if p else [])

    def _selectable(self, u: Any) -> bool:
        """A counter the side at the screen may select: its own, not faded, and not marked
        ``selectable: False`` by the adapter (a killed man)."""
        return (
            u.get("side") == self.plotting_side
            and not u.get("stale")
            and u.get("selectable", True) is not False
        )

    def _make_gauge(self, on: bool | None, n: int) -> Any:
        gauge = self.ui.gauge_class
        if not on or gauge is None:
            return None
        g = gauge(n=n, seed=self.seed, layout=W.Layout(width="100%"))
        g.add_class("hexplay-win-probability")
        g.figure.layout.height = "140px"
        return g

    @property
    def viewer(self) -> str:
        return REFEREE if self.referee else self.plotting_side

    @property
    def over(self) -> bool:
        return bool(getattr(self.game, "over", False))

    # --- refresh --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Pull the viewer's view from the engine (once) and push it to every panel."""
        g = self.game
        over = self.over
        if self.handover and not self.referee:
            self.blank()
        else:
            self.view = dict(g.view(self.viewer))
            self.views_pulled += 1
            side = None if self.referee else self.plotting_side
            self._set_counters(self.view, side or REFEREE)
            if self.selected_unit is not None and self.selected_unit not in self.units_by_id:
                self.selected_unit = None  # gone (eliminated, taken back)
                self.builder.set_unit(None, refresh=False)
            ctx = self.context()
            rec = self.ui.record(self.view, self.viewer, ctx)
            self._events = rec.events
            if rec.events is not None:
                self.summary.show(rec.events, int(getattr(g, "turn", 0)), over)
                self.events = list(self.summary.events)
            with self.board.hold_sync():  # one message: units and overlays together
                self.board.units = self._board_counters
                keep = {
                    k: v
                    for k, v in self.board.overlays.items()
                    if k == "los" or (k == "route" and self.builder.pending)
                }
                self._show_overlays(ctx, keep)
                self._follow()  # (the selected unit moved: in view again, same message)
            self.ui.refresh_panels(self.view, side, ctx)
            rows = self.ui.roster(self.view, side or REFEREE, ctx)
            self.roster_rows = {r["id"]: r for r in rows}
            self.builder.refresh()
            self.roster.set_rows(rows, self.selected_unit)
            if rec.events is not None:
                self.results.set_events(rec.events)
            self.record.set_rows(list(rec.rows), columns=rec.columns, summary=rec.summary)
        self._show_briefing()
        turn = int(getattr(g, "turn", 0))
        extra = (
            "" if self.handover and not self.referee else self.ui.status(self.view, self.context())
        )
        if over:
            who = getattr(g, "winner", None)
            won = f"<b>{html.escape(str(who))}</b> wins" if who else "a draw"
            extra += f" · game over: {won}"
        self.controls.set_status(
            turn,
            self.game.turn_limit,
            str(getattr(g, "phase", "")),
            None if self.referee else self.plotting_side,
            extra,
            over,
        )
        self.controls.end_plot.disabled = over or self.handover
        self.controls.resolve.layout.display = "" if (self.referee or over) else "none"
        self.controls.resolve.disabled = over
        self.handover_box.layout.display = "" if self.handover else "none"
        self.summary_area.layout.display = "none" if self.handover else ""
        self.tabs.layout.display = "none" if self.handover else ""  # a clear hand-over screen
        self.ready.description = f"I am the {self.plotting_side}: show my map"
        self.handover_text.value = self._handover_html() if self.handover else ""
        notice = self._game_over_notice() if over else {}
        if notice != self.board.notice:
            self.board.notice = notice
        self.builder.same.layout.display = "" if self._has_last_orders() else "none"
        if over:
            self.replay.layout.display = ""
            self.replay.set_range(turn)
        self.guard_widgets()  # (a widget a panel made for this view)

    def _set_counters(self, view: Any, side: str) -> None:
        """The adapter's counters of ``view``: every unit the side may select by id, those
        with a hex for the board."""
        counters = self.ui.counters(view, side, self.context(None))
        self.units_by_id = {u["id"]: u for u in counters}
        self._board_counters = [u for u in counters if u.get("hex") is not None]

    def _show_overlays(self, ctx: Context, keep: dict[str, Any]) -> None:
        """The adapter's overlays for ``ctx`` (its view's, the selection's), with the game's
        markings in their own trait and the turn summary's hits added; ``keep``: overlays of
        the board that stay (a LOS trace, the path being clicked). Only traits that changed
        are sent."""
        ov = dict(keep)
        ov.update(self.ui.overlays(self.view, ctx.viewer, ctx) or {})
        marks = {k: ov.pop(k) for k in MARKINGS if k in ov}
        hits = summary_markings(self._marked_events(self._events), self.summary.terms)
        if hits:
            marks["markings"] = [*marks.get("markings", []), *hits]
        if ctx.selected is not None:
            ov = self._marks(ctx.selected, ov)
        if ov != self.board.overlays:
            self.board.overlays = ov
        if marks != self.board.markings:
            self.board.markings = marks

    def _marked_events(self, events: list[Mapping[str, Any]] | None) -> list[Mapping[str, Any]]:
        """The events whose hits the board marks: the summary's turn, and under alternating
        turns also this turn's so far (the side's own attacks, marked as they are made)."""
        out: list[Mapping[str, Any]] = list(self.summary.events)
        turn = int(getattr(self.game, "turn", 0))
        if events and not self._simultaneous and self.summary.turn != turn:
            out += [e for e in events if int(e.get("turn", 0)) == turn]
        return out

    def _handover_html(self) -> str:
        """The hand-over screen's words: whose turn it is, and that the other looks away."""
        others = [s for s in self.humans if s != self.plotting_side]
        away = f"The {html.escape(', '.join(others))} looks away. " if others else ""
        turn = int(getattr(self.game, "turn", 0))
        return (
            "<div style='font-size:18px;padding:10px;border:3px solid #2f5fa8;"
            "border-radius:8px;background:#eef3fb;text-align:center'>"
            f"<b>Turn {turn}: pass the screen to the {html.escape(self.plotting_side)}</b><br>"
            f"<span style='font-size:14px'>{away}Press the button below when ready: "
            "your map, the last turn's results and your orders appear.</span></div>"
        )

    def _game_over_notice(self) -> dict[str, Any]:
        """The board's game-over notice (over the map: it moves nothing on the page): who won,
        why, and where to go through the game again."""
        g = self.game
        who = getattr(g, "winner", None)
        why = getattr(g, "win_reason", None) or getattr(g, "reason", None)
        if why is None:
            with contextlib.suppress(Exception):
                why = g.outcome().get("reason")
        won = f"the {who} wins" if who else "a draw"
        lines = [str(why)] if why else []
        lines.append("Use the replay below the board or the Review tab to go through the game.")
        title = f"Game over after turn {getattr(g, 'turn', '?')}: {won}"
        return {"title": title, "lines": lines, "kind": "over"}

    def blank(self) -> None:
        """Hand-over: nobody's information anywhere (board, builder, panels, log, record)."""
        self.view = {}
        self.units_by_id = {}
        self.selected_unit = None
        with self.board.hold_sync():
            self.board.units = []
            self.board.clear_overlays()
            self.board.markings = {}
            self.board.selected = None
            if (self.board.follow or {}).get("unit") is not None:  # (no unit named: the page
                self.board.follow = {"seq": self.board.follow.get("seq", 0)}  # stays put)
        self.builder.blank()
        self._disarm()
        self.save_panel.clear()
        self.summary.clear()
        self.events = []
        self.roster.set_rows([])
        self.roster_rows = {}
        self.ui.refresh_panels(None, None, self.context(None))
        self.results.set_events([])
        self.record.set_rows([])
        # (the phase message stays: it is the hand-over's own, e.g. "turn resolved; now turn 3")

    # --- intents --------------------------------------------------------------------------------
    def _on_board_click(self, ev: dict[str, Any]) -> None:
        """A click, one gesture per intent in every game (the engine judges each order):

        - a target or path for the order being built (the order builder's);
        - an own unit: select it (its reach and targets marked);
        - with a unit selected, a hex of its reach (the game's reach query): the move order
          there, along the reach path;
        - an enemy it can attack (an order of the game's ``attack_kinds`` that lists it): the
          odds first (the adapter's :meth:`~.adapter.GameUI.inspect`), a second click on it (or
          the Attack button) gives the order;
        - a hex or unit that only one other order of the unit takes (e.g. supply): that order;
        - anything else: the reason it is no order (the engine's refusal, its rule named) in
          the status line by the board; shift-click only looks.

        ``ev["occupant"]`` (a man aboard the vehicle clicked) is more specific than
        ``ev["unit"]``. A unit the viewing side does not know of is ignored with a warning."""
        if self.handover or self.over:
            return
        hex_, unit, occupant = ev.get("hex"), ev.get("unit"), ev.get("occupant")
        if unit is not None and unit not in self.units_by_id:
            G.warn(self.board, f"unit {unit!r} is not in the {self.viewer}'s view")
            return
        if occupant is not None and occupant not in self.units_by_id:
            occupant = None  # not in this side's view: the counter is meant
        if self.builder.handle_click(hex_, unit, occupant):
            return
        picked = occupant or unit
        setup = str(getattr(self.game, "phase", "")) == "setup"
        if setup and picked is None and hex_ is not None:
            # a side-wide order this hex completes (a placement); one the hex cannot take is
            # given all the same when it is the only one: the engine says why not
            side_wide = self._other_order(None, hex_, None) or self._other_order(
                None, hex_, None, judge=True
            )
            if side_wide is not None:
                self._give([side_wide])
                return
        mine = picked is not None and self._selectable(self.units_by_id[picked])
        if picked is not None and (mine or self.referee):
            self.armed = None
            self.select(picked)
            # the words follow the board's answer, as the panels do (a message fewer before it)
            self.board.after_answer(
                lambda: self.say_click(self._selected_words(picked), error=False)
            )
            return
        sel = self.selected_unit
        if sel is None:
            if picked is not None:
                self.refuse("orders", f"{picked} is not one of the {self.plotting_side}'s units")
            elif hex_ is not None:
                self.board.selected = hex_
                self.say_click(f"{hex_}: select one of your units first", error=False)
            return
        if bool(ev.get("shift")) or picked == sel:  # shift: look only
            self.inspect(sel, picked or hex_)
            return
        self.gesture(sel, hex_, unit, occupant)

    # --- the gestures (game-independent: the game's kinds, reach and legal orders) -------------
    def say_click(self, text: str, error: bool = True) -> None:
        """The status line by the board: what the last click did, or why it is no order."""
        self.click_status.value = (
            f"<span style='color:{'#b8322a' if error else '#2b5d2b'}'>{html.escape(text)}</span>"
            if text
            else ""
        )
        self.click_text = text

    def _selected_words(self, unit: str) -> str:
        """What the status line says of a selection: where it can go and what it can attack."""
        r = self.orders.reach(unit)
        marks = self.board.overlays.get("highlight") or ()
        bits = [f"{unit} selected"]
        if r:
            left = "" if r.left is None else f", {r.left:g} {r.cost_unit} left"
            bits.append(f"{len(r)} hexes in reach{left}")
        if marks:
            bits.append(f"{len(marks)} target hex(es) marked")
        return " · ".join(bits)

    def refuse(self, rule: str, message: str) -> None:
        """Say why a click is no order: ``rule: message`` (the engine's words when it judged)."""
        self.refusals += 1
        self.say_click(f"{rule}: {message}" if rule else message)

    def _give(self, orders: list[Any]) -> bool:
        """Give ``orders`` in turn (one, or one per step); the first refusal stops and is said
        (steps already taken stay: each is a whole order). True if any went through."""
        done: list[str] = []
        for o in orders:
            try:
                result = self.builder.give(o)
            except IllegalOrder as e:
                after = f" (after {', '.join(done)})" if done else ""
                self.refuse(e.rule, f"{e.message}{after}")
                return bool(done)
            except Exception as e:  # a malformed value: the engine's words
                self.refuse("order", str(e))
                return bool(done)
            done.append(self.ui.describe_result(o, result))
        self.say_click("; ".join(done), error=False)
        if self.selected_unit is not None and self.selected_unit not in self.units_by_id:
            self.selected_unit = None  # gone (eliminated)
            self.builder.set_unit(None)
        return True

    def _attack_for(
        self, sel: str, hex_: str | None, unit: str | None, occupant: str | None
    ) -> Any:
        """(legal order, need, value) of the first ``attack_kinds`` order of ``sel`` that takes
        the click (a unit need: the unit clicked, else a living man aboard it, else one in the
        hex: :func:`~.adapter.pick_unit`; a hex need: the hex)."""
        kinds = tuple(getattr(self.game.info, "attack_kinds", ()) or ())
        c = self.orders
        for lo in c.engine_legal_orders(sel):
            if lo.kind not in kinds:
                continue
            need = next((n for n in lo.needs if not n.optional), None)
            if need is None or need.kind not in ("unit", "hex"):
                continue
            value = (
                hex_
                if need.kind == "hex"
                else pick_unit(need, None, unit, occupant, self.units_by_id)
            )
            if value is not None and need.accepts(value):
                return lo, need, value
        return None

    def gesture(
        self, sel: str, hex_: str | None, unit: str | None, occupant: str | None = None
    ) -> None:
        """The board click on ``hex_`` / ``unit`` with ``sel`` selected (see the click's doc)."""
        side = self.plotting_side
        c = self.orders
        target = occupant or unit
        enemy = unit is not None and self.units_by_id[unit].get("side") != side
        if hex_ is None and unit is not None:
            hex_ = self.units_by_id[unit].get("hex")
        # move: a hex of the unit's reach (a hex with an enemy in it is the enemy's)
        r = c.reach(sel)
        if hex_ is not None and not enemy and hex_ in r:
            self.armed = None
            self.builder.arm(None)
            self._give(r.move_order(side, hex_))
            return
        # attack: odds first, a second click (or the Attack button) gives it
        hit = self._attack_for(sel, hex_, unit, occupant) if (enemy or target) else None
        if hit is not None:
            lo, need, value = hit
            if need.kind == "unit":
                target = value
            order = lo.complete(**{need.name: value})
            if self.armed is not None and self.armed == order:
                self.armed = None
                self.builder.arm(None)
                if self._give([order]):
                    self._next_attacker(sel, order.kind)
                return
            self.armed = order
            self.builder.arm(order)
            self.inspect(sel, target or hex_)
            self.say_click(
                f"{sel} {lo.kind} at {value}: odds shown; click it again (or Attack) to order",
                error=False,
            )
            return
        # another order that takes exactly this click (e.g. supply from a unit, decontaminate)
        other = self._other_order(sel, hex_, target, unit, occupant)
        if other is not None:
            self._give([other])
            return
        self.inspect(sel, target or hex_)
        self._why_not(sel, hex_, target if enemy else None, r)

    def _next_attacker(self, after: str, kind: str) -> None:
        """With ``next_after_attack``, once ``after`` may not attack an enemy in sight with
        ``kind`` again (the attack it was just given: a man who may fire again keeps the
        selection, for a second shot or his move; a ship that has fired its guns moves on,
        whatever torpedoes it has): select the next own unit (by id, round the side) that may
        attack one (:meth:`_may_attack`) and has not attacked this turn (no order of the
        game's ``attack_kinds``, nor one carrying one, given by the app). The words of the
        attack stay, naming it. Nothing changes when no unit is left to attack."""
        if not self.next_after_attack or self.handover or self.over:
            return
        if self._may_attack(after, (kind,)):
            return
        kinds = tuple(getattr(self.game.info, "attack_kinds", ()) or ())
        key = (self.plotting_side, int(getattr(self.game, "turn", 0)))
        fired = {
            o.unit
            for o in self.orders_given.get(key, [])
            if o.kind in kinds or any((o.args or {}).get(k) for k in kinds)
        }
        own = sorted(k for k, u in self.units_by_id.items() if self._selectable(u))
        ring = [k for k in own if k > after] + [k for k in own if k <= after]
        at = self._foes_in_sight()
        for k in ring:
            if k not in fired and self._may_attack(k, at=at):
                said = self.click_text
                self.select(k, keep_tab=True)  # (the odds stay on screen: an attack comes next)
                self.say_click(f"{said}; next: {k}" if said else f"next: {k}", error=False)
                return

    def _foes_in_sight(self) -> dict[str, set[str]]:
        """The enemies the side sees now, by what an attack's need takes: ``unit`` (their ids)
        and ``hex`` (their hexes)."""
        side = self.plotting_side
        foes = {
            u: v["hex"]
            for u, v in self.units_by_id.items()
            if v.get("side") not in (side, None) and v.get("hex") and not v.get("stale")
        }
        return {"unit": set(foes), "hex": set(foes.values())}

    def _may_attack(
        self,
        unit: str,
        kinds: tuple[str, ...] | None = None,
        at: dict[str, set[str]] | None = None,
    ) -> bool:
        """``unit`` has an order of the game's ``attack_kinds`` (or of ``kinds``) listing an
        enemy in sight (its id, or its hex for an attack on a hex; ``at``: those of
        :meth:`_foes_in_sight`, found once by a caller asking for many units)."""
        if unit not in self.units_by_id:
            return False
        if at is None:
            at = self._foes_in_sight()
        if kinds is None:
            kinds = tuple(getattr(self.game.info, "attack_kinds", ()) or ())
        try:
            legal = self.orders.engine_legal_orders(unit)
        except Exception:
            return False
        for lo in legal:
            need = next((n for n in lo.needs if not n.optional), None)
            if lo.kind not in kinds or need is None:
                continue
            if any(o in at.get(need.kind, ()) for o in need.options):
                return True
        return False

    def _other_order(
        self,
        sel: str | None,
        hex_: str | None,
        target: str | None,
        unit: str | None = None,
        occupant: str | None = None,
        judge: bool = False,
    ) -> Any:
        """The one order of ``sel`` (None: a side-wide one) besides moves and attacks whose
        single need the click fills (a unit or a hex it lists; the other needs choices the
        adapter's panels hold, :attr:`~.adapter.GameUI.choices`), else None. ``judge``: the
        click need not be one the need lists (the engine will say why not)."""
        info = self.game.info
        skip = {*getattr(info, "move_kinds", ()), *getattr(info, "attack_kinds", ())}
        found = []
        c = self.orders
        try:
            legal = [lo for lo in c.engine_legal_orders(sel) if sel is not None or lo.unit is None]
        except Exception:
            return None
        chosen = self.ui.choices
        for lo in legal:
            req = [n for n in lo.needs if not n.optional]
            fill = [n for n in req if n.kind in ("unit", "hex")]
            rest = [n for n in req if n not in fill]
            if lo.kind in skip or len(fill) != 1 or any(n.name not in chosen for n in rest):
                continue
            n = fill[0]
            value = hex_ if n.kind == "hex" else (c.pick(n, hex_, unit, occupant) or target)
            if value is None or not (judge or n.accepts(value)):
                continue
            args = {m.name: chosen[m.name].value for m in rest}
            found.append(Order(lo.side, lo.kind, lo.unit, {**lo.args, n.name: value, **args}))
        return found[0] if len(found) == 1 else None

    def _why_not(self, sel: str, hex_: str | None, enemy: str | None, r: Any) -> None:
        """Say why the click is no order: the engine's refusal of the order it would be (a move
        there, or an attack on the enemy), asked of the rules (a refused order changes
        nothing; one the rules accept is given)."""
        side = self.plotting_side
        info = self.game.info
        kinds = getattr(info, "attack_kinds", ()) if enemy else getattr(info, "move_kinds", ())
        legal = {lo.kind: lo for lo in self.orders.engine_legal_orders(sel)}
        kind = next((k for k in kinds if k in legal), None) or (kinds[0] if kinds else None)
        if kind is None:
            self.refuse("orders", f"{self.game.info.title} has no order a click gives")
            return
        lo = legal.get(kind)
        need = next((n for n in lo.needs if not n.optional), None) if lo else None
        name: str
        value: Any  # an enemy id, a hex, or a path of hexes: what the need takes
        if enemy:
            if need is None:  # the unit has no such order now: what the side's attacks take
                need = self._attack_need(kind, kinds)
            name, value = (need.name if need else "target"), enemy
            if need is not None and need.kind == "hex":
                value = hex_
        else:
            if hex_ is None:
                self.refuse("orders", f"{sel}: click a hex or a unit")
                return
            name = need.name if need is not None else (getattr(r, "need", None) or "path")
            kind_of = need.kind if need is not None else "path"
            here = self.units_by_id.get(sel, {}).get("hex")
            near = here is not None and _distance(self.game.map, here, hex_) == 1
            if lo is not None and (kind_of == "int" or need is None or not near):
                left = "" if r.left is None else f" with the {r.left:g} {r.cost_unit} left"
                self.refuse(
                    lo.rule or kind,
                    f"{sel} cannot reach {hex_}{left} ({kind}: {len(r)} hexes in reach)",
                )
                return
            value = [hex_] if kind_of == "path" else hex_
        order = Order(side, kind, sel, {name: value})
        try:
            self.orders.order(order)
        except IllegalOrder as e:
            self.refuse(e.rule, e.message)
            return
        except Exception as e:
            self.refuse(kind, str(e))
            return
        # the rules took it (a legal order the click's reading missed): as given
        self.builder.last_order = order
        self._remember_order(order)
        self.builder._plot_changed()
        self.say_click(f"ordered: {order.label()}", error=False)

    def _attack_need(self, kind: str, kinds: tuple[str, ...]) -> Any:
        """What an attack of ``kind`` takes (its first required need: a unit or a hex), read
        from another unit's legal order of that kind, else of another of ``kinds``; None if no
        unit of the side may attack now."""
        found: dict[str, Any] = {}
        for u, v in self.units_by_id.items():
            if not self._selectable(v):
                continue
            for lo in self.orders.engine_legal_orders(u):
                need = next((n for n in lo.needs if not n.optional), None)
                if lo.kind in kinds and need is not None:
                    found.setdefault(lo.kind, need)
            if kind in found:
                return found[kind]
        return next(iter(found.values()), None)

    # --- what a panel's buttons ask (the adapter's requests), keys, Next unit -----------------
    def _on_request(self, kind: str, value: Any) -> None:
        """A panel's button asked: ``select`` a unit (as a click on its counter) or ``give``
        an order (the engine judges; the status line by the board says what it did)."""
        if kind == "select":
            self.click_unit(str(value))
        elif kind == "give" and not (self.handover or self.over):
            self._give([value])

    def give_order(self, order: Order) -> tuple[bool, Any]:
        """Give ``order`` for the side at the screen: ``(True, what the game returned)`` or
        ``(False, the refusal's words)``; the app refreshes once."""
        if self.handover or self.over:
            return False, "no order now"
        try:
            result = self.builder.give(order)
        except Exception as e:  # IllegalOrder: the engine's words (shown in the builder)
            return False, str(e)
        if self.selected_unit is not None and self.selected_unit not in self.units_by_id:
            self.selected_unit = None  # gone (eliminated)
            self.builder.set_unit(None)
        return True, result

    def _acting_unit(self) -> str | None:
        """The selected unit if the side at the screen may order it now (else says why)."""
        if self.handover or self.over:
            return None
        unit = self.selected_unit
        u = self.units_by_id.get(unit or "")
        if unit is None or u is None or not (self._selectable(u) or self.referee):
            self.refuse("orders", "select one of your units first (or press Next unit)")
            return None
        return unit

    def press(self, key: str | int) -> None:
        """A key of the adapter's (:class:`~.adapter.Key`) for the selected unit: a
        direction's first legal order of the key's kinds that takes the neighbouring hex,
        given at once; a key without direction: the unit's one order of its kinds (its target
        asked in the order builder), or the Plot tab when there are several."""
        spec = self.ui.keys.get(str(key))
        if spec is None:
            return
        unit = self._acting_unit()
        if unit is None:
            return
        c = self.orders
        legal = [lo for lo in c.engine_legal_orders(unit) if lo.kind in spec.kinds]
        if spec.direction is None:
            kinds = sorted({lo.kind for lo in legal}, key=spec.kinds.index)
            if not legal:
                self.refuse("orders", f"{unit} has no {spec.title} it may use now")
            elif len(kinds) > 1:
                self.say_click(f"{unit}: choose {' or '.join(kinds)} on the Plot tab", False)
                self.build_order(unit, None)
            elif legal[0].needs:
                self.build_order(unit, legal[0])
                self.say_click(f"{unit} {legal[0].kind}: click the target hex", error=False)
            else:
                self._give([legal[0].complete()])
            return
        here = self.units_by_id[unit].get("hex")
        to = _neighbour(self.game.map, here, spec.direction) if here else None
        if to is None:
            self.refuse("movement", f"key {key} ({spec.title}) leads off the map")
            return
        for kind in spec.kinds:
            for lo in legal:
                need = next((n for n in lo.needs if not n.optional), None)
                if lo.kind != kind or need is None or need.kind not in ("hex", "unit"):
                    continue
                value = to if need.kind == "hex" else c.pick(need, to, None, None)
                if value is not None and need.accepts(value):
                    self._give([lo.complete(**{need.name: value})])
                    return
        enemy = next(
            (
                k
                for k, v in self.units_by_id.items()
                if v.get("hex") == to and not self._selectable(v)
            ),
            None,
        )
        self._why_not(unit, to, enemy, c.reach(unit))

    def select_next(self) -> None:
        """Select the next own unit (by id) that may still give an order now."""
        if self.handover or self.over:
            return
        c = self.orders
        own = sorted(k for k, u in self.units_by_id.items() if self._selectable(u))
        ready = [k for k in own if c.engine_legal_orders(k)]
        if not ready:
            self.say_click("no unit may act any more: end the turn", error=False)
            return
        cur = self.selected_unit
        nxt = next((k for k in ready if cur is None or k > cur), ready[0])
        self.click_unit(nxt)

    def show_tab(self, title: str) -> None:
        if title in self.tab_index:
            self._odds_tab = title
            self.tabs.selected_index = self.tab_index[title]

    def build_order(self, unit: str, lo: Any) -> None:
        """Start legal order ``lo`` of ``unit`` in the order builder (its needs asked there;
        None: the builder offers the unit's orders)."""
        self.builder.set_unit(unit)
        if lo is not None:
            self.builder.start(lo)
        self.tabs.selected_index = 0

    def _disarm(self) -> None:
        """No attack waiting, nothing said about the last click (a new side or turn)."""
        self.armed = None
        self.order_odds = None
        self.builder.arm(None)
        self.say_click("")

    def attack_armed(self) -> None:
        """The Attack button: give the attack whose odds are shown (the second click's order)."""
        if self.armed is None or self.handover or self.over:
            self.refuse("orders", "select a unit, then click an enemy to see the odds first")
            return
        order, self.armed = self.armed, None
        self.builder.arm(None)
        if self._give([order]):
            self._next_attacker(str(order.unit), order.kind)

    def click_unit(self, unit: str) -> None:
        """A click on a unit that has no counter (a panel button): as a click on its counter."""
        if unit not in self.units_by_id:
            G.warn(self.board, f"unit {unit!r} is not in the {self.viewer}'s view")
            return
        self._on_board_click({"hex": None, "unit": unit, "occupant": None})

    def select(self, unit: str, keep_tab: bool = False) -> None:
        """Select a unit of the side at the screen: the board first, then its panels (the Plot
        tab shown, unless ``keep_tab``)."""
        u = self.units_by_id.get(unit)
        if u is None:
            return
        if self.referee and u.get("side") in self.sides and u["side"] != self.plotting_side:
            self.plotting_side = u["side"]
            self.controls.side.value = u["side"]
        self.selected_unit = unit
        self.armed = None
        self.order_odds = None  # (a look at an enemy ends with a new selection)
        self.builder.arm(None)
        with self.board.hold_sync():  # the adapter's overlays for the selection, one message
            self.board.selected = unit
            self._show_overlays(self.context(), {})
            self._follow(force=True, marks=True)  # its reach and targets in view with it
        self.board.after_answer(lambda: self._select_panels(unit, keep_tab))

    def _marks(self, unit: str, ov: dict[str, Any]) -> dict[str, Any]:
        """The selection's overlays: the adapter's, with the unit's reach (the reach query's
        costs) and its attack targets (hexes of what its ``attack_kinds`` orders list) marked
        where the adapter gives none."""
        u = self.units_by_id.get(unit) or {}
        if u.get("side") != self.plotting_side and not self.referee:
            return ov
        c = self.orders
        if "reachable" not in ov:
            r = c.reach(unit)
            if r:
                ov["reachable"] = r.costs()
        if "highlight" not in ov:
            kinds = tuple(getattr(self.game.info, "attack_kinds", ()) or ())
            hexes: set[str] = set()
            with contextlib.suppress(Exception):
                for lo in c.engine_legal_orders(unit):
                    need = next((n for n in lo.needs if not n.optional), None)
                    if lo.kind not in kinds or need is None:
                        continue
                    for o in need.options:
                        h = (self.units_by_id.get(o) or {}).get("hex") if need.kind == "unit" else o
                        if isinstance(h, str):
                            hexes.add(h)
            if hexes:
                ov["highlight"] = sorted(hexes)
        return ov

    def _select_panels(self, unit: str, keep_tab: bool = False) -> None:
        if self.units_by_id.get(unit) is None or self.selected_unit != unit:
            return  # selected something else meanwhile
        self.builder.set_unit(unit)
        self.roster.select(unit)
        side = None if self.referee else self.plotting_side
        self.ui.refresh_panels(self.view, side, self.context())
        if not keep_tab:
            self.tabs.selected_index = 0

    def inspect(self, unit: str, target: str | None, switch: bool = True) -> None:
        """A look from ``unit`` at ``target``: the adapter's panels, its overlays drawn, and
        (``switch``) the panel it names brought on screen."""
        if target is not None and unit in self.units_by_id:
            self._odds_tab = None  # (the tab the adapter shows the look in)
            ov = self.ui.inspect(unit, target, self.context())
            if isinstance(ov, dict) and isinstance(ov.get("tab"), str):
                self._odds_tab = ov["tab"]
            self._draw(ov, switch)
            a = self.armed  # (the armed attack's only if the look is at its target)
            if a is not None and (a.unit != unit or target not in a.args.values()):
                a = None
            if self._odds_tab is not None or a is not None:
                self.order_odds = {
                    "unit": unit,
                    "target": target,
                    "kind": getattr(a, "kind", None),
                    "order": a.label() if a is not None else None,
                    "panel": self._odds_tab,
                }

    def _draw(self, ov: Any, switch: bool = True) -> None:
        """Overlays an adapter returned for a look (``los``: a LOS trace or its dict; ``tab``:
        the panel to show)."""
        for k, v in (ov or {}).items():
            if k == "tab":
                if switch:
                    self.show_tab(v)
            elif k == "los":
                self.board.show_los(v)
            else:
                self.board.set_overlay(k, v)

    # --- observable state (for cells that follow the game: :mod:`.inspectors`) ---------------
    @traitlets.observe("armed")
    def _on_armed(self, change: dict[str, Any]) -> None:
        if change["new"] is None:
            self.order_odds = None

    def _on_overlays(self, change: dict[str, Any]) -> None:
        self.los_trace = (change["new"] or {}).get("los")

    def follow_hover(self) -> None:
        """Turn the board's hover messages on: ``hovered`` follows the pointer's hex."""
        if not getattr(self, "_follows_hover", False):
            self._follows_hover = True
            self.board.on_hover(lambda ev: setattr(self, "hovered", ev.get("hex")))

    def _on_tab(self, change: dict[str, Any]) -> None:
        """A tab came on screen: panels that draw charts do so now (never in a hidden tab); the
        tab that left tells its panel (``on_hidden``: it stops sending what nobody sees)."""
        old = change.get("old")
        if isinstance(old, int) and 0 <= old < len(self.tabs.children) and old != change.get("new"):
            hidden = getattr(self.tabs.children[old], "on_hidden", None)
            if hidden is not None:
                hidden()
        i = change.get("new")
        if isinstance(i, int) and 0 <= i < len(self.tabs.children):
            shown = getattr(self.tabs.children[i], "on_shown", None)
            if shown is not None:
                shown()
        self.guard_widgets()

    def _after_plot_change(self) -> None:
        self.controls.say("")  # an order went through: an old refusal no longer applies
        self.refresh()
        done, self.builder.last_order = self.builder.last_order, None
        kinds = tuple(getattr(self.game.info, "attack_kinds", ()) or ())
        if done is not None and done.kind in kinds and done.unit is not None:
            # the odds panel follows plotting: the attack just given is looked at (no switch)
            target = next((v for v in done.args.values() if isinstance(v, str)), None)
            self.inspect(done.unit, target, switch=False)

    def _show_pending_path(self, unit: Any, path: list[str], cost: float | None) -> None:
        """Draw the path being clicked (overlay ``route``: dashed, with its cost in the game's
        reach unit)."""
        ov = dict(self.board.overlays)
        u = self.units_by_id.get(unit) if unit is not None else None
        if path and u is not None:
            start = [u["hex"]] if u.get("hex") else []
            ov["route"] = {
                "unit": unit,
                "side": self.plotting_side,
                "hexes": [*start, *path],
                "label": f"{cost:g} {self._cost_unit(unit)}".strip() if cost is not None else "",
            }
        else:
            ov.pop("route", None)
        self.board.overlays = ov

    def _cost_unit(self, unit: str) -> str:
        """The unit the game's reach counts ``unit``'s moves in (its own word: AP, MP...)."""
        try:
            return str(self.orders.reach(unit).cost_unit or "")
        except Exception:
            return ""

    def _remember_order(self, order: Any) -> None:
        key = (self.plotting_side, int(getattr(self.game, "turn", 0)))
        self.orders_given.setdefault(key, []).append(order)

    def _last_orders(self) -> list[Any]:
        turn = int(getattr(self.game, "turn", 0))
        return list(self.orders_given.get((self.plotting_side, turn - 1), []))

    def _has_last_orders(self) -> bool:
        return bool(self._last_orders()) and not (self.handover or self.over)

    def same_as_last_turn(self) -> tuple[int, int]:
        """Give again last turn's orders of every unit that has none yet this turn (the rules
        judge each: a refused one is skipped and counted). Returns (given, refused)."""
        if self.handover or self.over:
            return 0, 0
        turn = int(getattr(self.game, "turn", 0))
        done = {o.unit for o in self.orders_given.get((self.plotting_side, turn), [])}
        given = refused = 0
        again: list[Any] = []
        why: list[str] = []
        c = self.orders
        for last in self._last_orders():
            if last.unit in done or c is None:
                continue
            try:
                o = self.game.repeat_order(last, again)  # e.g. a man keeps going
                if o is None:
                    continue
                c.order(o)
            except Exception as e:  # IllegalOrder (the rules' words)
                refused += 1
                why.append(str(e))
                continue
            self._remember_order(o)
            again.append(o)
            given += 1
        self.refresh()
        skipped = f", {refused} no longer legal (left out: {'; '.join(why)})" if refused else ""
        self.controls.say(f"same as last turn: {given} order(s) given again{skipped}")
        return given, refused

    def _on_side_pick(self, change: dict[str, Any]) -> None:
        if self.referee and change["new"] != self.plotting_side:
            self.plotting_side = change["new"]
            self.selected_unit = None
            self.builder.set_unit(None, refresh=False)
            self.refresh()

    # --- the sequence of play -------------------------------------------------------------------
    def submitted(self, side: str) -> bool:
        return side not in _to_act(self.game)

    def end_plot(self) -> bool:
        """End the side's plot (or turn); let the computer act; hand over, or resolve. False
        (the reason said) when the rules refuse the plot as it stands."""
        if self.handover and not self.referee:
            self.controls.say("hand-over: the next player takes the screen first", error=True)
            return False
        if self.over:
            return False
        side = self.plotting_side
        try:
            self.game.submit(side)
        except Exception as e:
            self.controls.say(str(e), error=True)
            return False
        if self.controls.timer is not None:
            self.controls.timer.stop()
        self.controls.say(f"{side} {'plot submitted' if self._simultaneous else 'turn ended'}")
        self.selected_unit = None
        self.builder.set_unit(None, refresh=False)
        self._disarm()
        self._proceed(previous=side)
        return True

    @property
    def _simultaneous(self) -> bool:
        info = getattr(self.game, "info", None)
        return getattr(info, "turns", "simultaneous") == "simultaneous"

    def _proceed(self, previous: str | None = None) -> None:
        """Run the computers and the turn resolution until a human must act; then hand the
        screen to that human (blanked first in hot seat when the side changes)."""
        g = self.game
        resolved = False
        idle: set[str] = set()
        for _ in range(10_000):  # a bound: each pass submits a side or resolves a turn
            if self.over:
                break
            sides = _to_act(g)
            if not sides:
                self._advance(g)
                resolved = True
                continue
            humans = [s for s in sides if s in self.humans]
            for h in list(humans):
                if not self._can_act(h):  # nothing left to order: no End plot to click
                    with contextlib.suppress(Exception):
                        g.submit(h)
                        idle.add(h)
                        humans.remove(h)
            if humans:
                break
            if idle and not [s for s in _to_act(g) if s not in self.humans]:
                continue
            for s in sides:
                self._computer_plays(s)
        sides = _to_act(g) if not self.over else ()
        nxt = next((s for s in sides if s in self.humans), self.humans[0] if self.humans else "")
        others = [h for h in self.humans if h != nxt and h not in idle]
        changed = nxt != self.plotting_side or (resolved and bool(others))
        self.plotting_side = nxt or self.plotting_side
        if resolved:
            words = f"turn resolved; now turn {getattr(g, 'turn', '?')}"
            if idle:
                words += (
                    f" ({', '.join(sorted(idle))}: no unit able to act, "
                    "plot submitted automatically)"
                )
            self.controls.say(words)
            self.board.clear_overlays()
            self._disarm()
        if self.referee:
            self.controls.side.value = self.plotting_side
        elif self.hot_seat and len(self.humans) > 1 and changed and not self.over:
            self.handover = True
        self.refresh()
        if resolved:
            self.update_win_probability()
        if resolved or changed or previous is not None:  # (a turn ended: the units moved)
            self.frame_units()
        if not self.handover:
            self._restart_timer()

    def _can_act(self, side: str) -> bool:
        """Has ``side`` any legal order now? (True when the game cannot say.)"""
        try:
            return bool(self.game.legal_orders(side))
        except Exception:
            return True

    def _restart_timer(self) -> None:
        t = self.controls.timer
        if t is not None and t.armed and not self.over:
            t.begin()

    def _computer_plays(self, side: str) -> None:
        """The computer player of ``side`` acts from its own view and submits."""
        if side not in _to_act(self.game):
            return
        try:
            c = self.computers.get(side)
            if c is not None:
                c.act(self.game)
            if side in _to_act(self.game):
                self.game.submit(side)
        except Exception as e:
            self.controls.say(f"computer ({side}) could not act: {e}", error=True)
            if side in _to_act(self.game):
                self.game.submit(side)

    def take_over(self) -> None:
        """Hot seat: the next player is at the screen; show his view."""
        if not self.handover:
            return
        self.handover = False
        self.refresh()
        self.frame_units()
        if self.plotting_side not in self.briefed:  # a player's first turn: his briefing
            self.briefed.add(self.plotting_side)
            self.tabs.selected_index = self.tab_index["Briefing"]
        self._restart_timer()

    def resolve(self) -> None:
        """Referee: resolve the turn once every human side has ended its plot (the computers
        then act); refused, changing nothing, while a human side is still plotting."""
        if not (self.referee or self.over) or self.over:
            return
        waiting = [s for s in _to_act(self.game) if s in self.humans]
        if waiting:
            self.controls.say(f"{', '.join(waiting)} must end the plot first", error=True)
            return
        self._proceed()

    def update_win_probability(self) -> Any:
        """Re-estimate on the gauge (no-op without one); from the true state: shown only to
        the referee or against the computer, and only after a turn, before anyone plots."""
        if self.winprob is None:
            return None
        try:
            est = self._estimate(self.game, self.winprob.n, self.winprob.seed)
            if est is not None:
                self.winprob.show(est)
            return est
        except Exception as e:  # the gauge must never break the game
            self.winprob.label.value = f"<i>no estimate: {html.escape(str(e))}</i>"
            return None

    def new_game(self) -> None:
        self.controls.confirm_row.layout.display = "none"
        self.orders_given.clear()
        self.seed += 1
        self.game = new_scenario_game(
            self.scenario_picker.game_name,
            self.seed,
            self.scenario_picker.scenario,
            default=type(self.game),
        )
        self._make_computers()
        self._start_game(self.game)
        self.board.set_style(self.ui.style(self.game))
        self.plotting_side = self._first_side()
        # hot seat: blank first when the side to act is not the first human's
        first = self.humans[0] if self.humans else self.plotting_side
        self.handover = (
            not self.referee
            and self.hot_seat
            and len(self.humans) > 1
            and self.plotting_side != first
        )
        self._show_fresh()
        if self.winprob is not None:
            self.winprob.reset()
            self.update_win_probability()
        self._computer_first()
        self._reset_panels()

    def _show_fresh(self) -> None:
        """A game just started or loaded on screen: the referee's side selector on the side to
        act, no selection, no armed order, no replay, the board's overlays cleared, then every
        panel refreshed from the new game's view."""
        if self.referee:
            self.controls.side.value = self.plotting_side
        self.selected_unit = None
        self.builder.set_unit(None, refresh=False)
        self._disarm()
        self.replay.layout.display = "none"
        self.__dict__.pop("_replay_cache", None)
        self.board.clear_overlays()
        self.refresh()

    def load_game(self, game: Any) -> None:
        """Go on with ``game`` (a loaded save of this app's game, replayed through the rules):
        its computer players, the side to act at the screen, every panel anew; the computers
        act at once if it is their move."""
        self.controls.confirm_row.layout.display = "none"
        self.orders_given.clear()
        self.game = game
        self._make_computers()
        self._start_game(game)
        self.plotting_side = self._first_side()
        self.handover = False
        self._show_fresh()
        self._computer_first()  # the computers' move: they act, then the screen is the human's
        self._reset_panels()
        self.tabs.selected_index = self.tab_index["Save"]  # (its message says what loaded)

    def _reset_panels(self) -> None:
        """A new game: nothing of the last one stays on screen (the phase line, the click
        line, the review, the rules card of the old scenario), the view frames the new units
        and the Briefing tab is on screen."""
        self.controls.say("")
        self.say_click("")
        self.review.turns = []
        self.review.link.value = ""
        self.review.body.value = "<i>the review opens when the game is over</i>"
        self.rules.show(self._game_card(), self._app_card())
        self.tabs.selected_index = self.tab_index["Briefing"]
        self.briefed = {self.plotting_side} if not self.handover else set()
        self.frame_units()

    def _timer_expired(self) -> None:
        """Time is up: the plot is submitted as it stands; if the rules refuse it (e.g. a
        moving vehicle with nothing plotted), the adapter's defaults are given first."""
        if self.handover or self.over:
            return
        side = self.plotting_side
        done = self.end_plot()
        if not done:
            for o in self.game.default_orders(side):
                with contextlib.suppress(Exception):
                    self.orders.order(o)
            done = self.end_plot()
        if not done:  # still refused: say so, the timer stops
            self.controls.say(
                f"time is up, but the {side}'s plot is refused: " + self.controls.message_text,
                error=True,
            )
        else:
            self.controls.say(f"time is up: the {side}'s plot was submitted as it stood")

    # --- replay ---------------------------------------------------------------------------------
    def show_turn(self, turn: int) -> None:
        """Show the end-of-turn state of ``turn`` of a finished game on the board."""
        if not self.over:
            return
        frame = self.replay_view(turn)
        if frame is None:
            return
        counters = self.ui.counters(frame, REFEREE, self.context(None))
        self.board.units = [u for u in counters if u.get("hex") is not None]
        self.board.clear_overlays()
        self.results.set_events([e for e in frame.get("events", []) if e.get("turn", 0) <= turn])

    def replay_view(self, turn: int) -> dict[str, Any] | None:
        """Referee view of the end of ``turn`` (the final state at the end), by replaying the
        game's commands on a copy (the record module's rewind)."""
        cache = self.__dict__.setdefault("_replay_cache", {})
        if turn in cache:
            return cache[turn]
        g = self.game
        try:
            if turn >= int(getattr(g, "turn", 0)):
                v = g.view(REFEREE)
            else:
                v = g.copy().rewind(max(1, turn + 1)).view(REFEREE)
        except Exception as e:
            self.controls.say(str(e), error=True)
            return None
        cache[turn] = v
        return v


def _to_act(game: Any) -> tuple[str, ...]:
    return tuple(game.to_act())


def _distance(m: Any, a: str, b: str) -> int | None:
    """Hexes between two labels of map ``m`` (None if it cannot say)."""
    try:
        return int(m.distance(a, b))
    except Exception:
        return None


def _neighbour(m: Any, label: str, direction: int) -> str | None:
    """The label of the hex next to ``label`` on map ``m`` in hexside ``direction`` (None:
    off the map)."""
    try:
        h = m.hex(label).neighbor(int(direction))
        return m.label(h) if m.contains(h) else None
    except Exception:
        return None


def _registered_ui(game: Any) -> type[GameUI]:
    """The adapter class of ``game``'s registry entry (the plain :class:`GameUI` if none)."""
    from ..registry import game_entry, resolve

    if game is None:
        raise ValueError("give game= or ui=")
    name = game if isinstance(game, str) else game.info.name
    ref = game_entry(name).ui
    return GameUI if ref is None else resolve(ref)
