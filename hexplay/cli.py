"""``hexplay`` command line: batch games and parameter sweeps outside notebooks.

Examples::

    hexplay games                 # the registered games: sides, players, how batches play
    hexplay serve --new GAME              # a table server; prints one link per seat
    hexplay simulate --game GAME -n 500 --seed 1 --set scenario.turn_limit=12 \\
        --set SIDE.player=random -o games.parquet
    hexplay worst-case --game GAME --set scenario.KEY=VALUE --candidates 16 \\
        --rung-games 20,40,80 --final-games 400 --workers 2
    hexplay worst-case --side SIDE --set OTHER_SIDE.KNOB=VALUE   # another side's search
    hexplay enough --game GAME --param KEY --threshold 0.10 --bound upper --levels 3,4,5,6,7 \
        --search-iterations 8 -o enough.json --svg enough.svg
    hexplay sweep --game GAME -n 200 --param scenario.KEY=3..7 --param scenario.OTHER=1,2,3 \\
        --workers 2 -o games.parquet --summary summary.csv

``--game`` names a registered game (default: the first registered one, see ``hexplay games``).
Parameter keys are ``scenario.<name>`` or ``<side>.<knob>`` with the game's sides
(``<side>.player=<name>`` picks a registered computer player; ``scenario.name=<name>`` one of
the game's registered scenarios; a game's analysis description documents its own parameters).
Values are JSON when they parse (``3``, ``true``, ``"rifle"``, ``[1,2]``), else text. In
``--param``, ``a,b,c`` lists values, ``lo..hi`` is an inclusive integer range, ``lo~hi`` a
uniform real range (``--sample`` only). Outputs: ``.csv``, ``.parquet`` (or ``.pq``), or ``-``
for CSV on stdout. ``worst-case`` runs the searches a game's analysis description declares
(``AnalysisSpec.searches``: the side searched -> its search; else the shared race over its
declared search space, ``AnalysisSpec.spaces``). ``enough`` answers "how much protection is
enough" for one of the game's declared protection parameters
(:func:`hexplay.analysis.protection.enough_protection`): the smallest level meeting the
threshold against the default attack, the worst attack found and (``--search-iterations``)
the search player seeded with it; ``-o`` keeps the whole answer as JSON, ``--svg`` the plot.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def _kv(text: str) -> tuple[str, str]:
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    return key.strip(), value


def write_table(df, out: str) -> None:
    """Write ``df`` by the extension of ``out`` (``-`` = CSV on stdout)."""
    if out == "-":
        df.to_csv(sys.stdout, index=False)
        return
    path = Path(out)
    suffix = path.suffix.lower()
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    if suffix in (".parquet", ".pq"):
        df.to_parquet(path, index=False)
    elif suffix == ".csv":
        df.to_csv(path, index=False)
    else:
        raise SystemExit(f"hexplay: unknown output format {suffix!r} (use .csv or .parquet)")


def _set_option(p: argparse.ArgumentParser, help: str) -> None:
    """The repeatable ``--set KEY=VALUE`` option (into ``sets``), with its own ``help``."""
    p.add_argument(
        "--set", dest="sets", action="append", type=_kv, default=[], metavar="KEY=VALUE", help=help
    )


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("-n", "--games", type=int, default=100, help="games (per point)")
    p.add_argument("--seed", type=int, default=0, help="base seed; game i uses seed+i")
    p.add_argument(
        "--game",
        default=None,
        help="registered game (default: the first registered; see: hexplay games)",
    )
    p.add_argument(
        "--runner", default=None, help="game runner 'module:function' (default: the game's)"
    )
    p.add_argument("-o", "--out", default=None, help="games table (.csv, .parquet or -)")
    p.add_argument("--summary", default=None, help="also write the per-point summary here")
    p.add_argument("--scenario", default=None, help="base scenario JSON file")


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="hexplay", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the registered games, their sides and players")
    sub.add_parser("serve", help="start a table: each side plays from its own browser")

    sim = sub.add_parser("simulate", help="play N games at one parameter point")
    _common(sim)
    _set_option(sim, "a scenario or tactic parameter (repeatable)")
    sim.add_argument("--records", action="store_true", help="keep each game's full JSON record")

    sw = sub.add_parser("sweep", help="a grid or random sample of parameter points on Dask")
    _common(sw)
    sw.add_argument(
        "--param",
        dest="params",
        action="append",
        type=_kv,
        default=[],
        metavar="KEY=VALUES",
        help="a swept parameter: a,b,c | lo..hi | lo~hi (repeatable)",
    )
    sw.add_argument("--sample", type=int, default=None, help="random points instead of a grid")
    sw.add_argument("--sample-seed", type=int, default=0)
    sw.add_argument("--workers", type=int, default=None, help="local cluster workers (all cores)")
    sw.add_argument("--scheduler", default=None, help="existing Dask scheduler address, or sync")
    sw.add_argument("--chunk-size", type=int, default=None)
    sw.add_argument("--checkpoint", default=None, help="directory keeping finished chunks")
    sw.add_argument("--independent-seeds", action="store_true", help="no common random numbers")
    sw.add_argument("--no-progress", action="store_true")

    wc = sub.add_parser("worst-case", help="the adversary's best response to a defence (Dask)")
    wc.add_argument("--game", default=None, help="registered game (default: the first registered)")
    _set_option(wc, "a scenario.* parameter, or a knob of the side not searched (repeatable)")
    wc.add_argument(
        "--side",
        default=None,
        help="whose knobs are searched, against the other side's knobs given by --set "
        "(default: the first side the game's analysis description has a search for)",
    )
    _search_options(wc)
    wc.add_argument("--seed", type=int, default=0)
    wc.add_argument("--workers", type=int, default=None, help="local cluster workers (all cores)")
    wc.add_argument("--scheduler", default=None, help="existing Dask scheduler address, or sync")
    wc.add_argument("-o", "--out", default=None, help="the two figures (.csv, .parquet or -)")

    en = sub.add_parser("enough", help="how much of a protection parameter is enough (Dask)")
    en.add_argument("--game", default=None, help="registered game (default: the first registered)")
    en.add_argument("--param", required=True, help="a protection parameter the game declares")
    en.add_argument("--levels", default=None, help="levels to test, in order of more protection")
    en.add_argument("--threshold", type=float, required=True, help="on P(reported side wins)")
    en.add_argument("--bound", choices=("upper", "point"), default="upper")
    _set_option(en, "a scenario.* parameter, or a knob of the protecting side (repeatable)")
    _search_options(en)
    en.add_argument("--search-iterations", type=int, default=0, help="seeded search curve")
    en.add_argument("--search-games", type=int, default=None, help="its fresh games")
    en.add_argument("--found", default=None, help="JSON file of found knob sets (warm starts)")
    en.add_argument("--seed", type=int, default=0)
    en.add_argument("--workers", type=int, default=None, help="local cluster workers (all cores)")
    en.add_argument("--scheduler", default=None, help="existing Dask scheduler address, or sync")
    en.add_argument("-o", "--out", default=None, help="the answer as JSON")
    en.add_argument("--svg", default=None, help="the three curves as an SVG file")
    return ap


def _search_options(p: argparse.ArgumentParser) -> None:
    from .analysis.worstcase import BUDGET, CANDIDATES, FINAL_GAMES, RUNGS

    p.add_argument("--candidates", type=int, default=CANDIDATES, help="knob sets searched")
    p.add_argument(
        "--rung-games",
        default=",".join(map(str, RUNGS)),
        help="games per surviving candidate of the first rungs",
    )
    p.add_argument("--budget", type=int, default=BUDGET, help="games of each search's race")
    p.add_argument("--final-games", type=int, default=FINAL_GAMES, help="fresh games a figure")


def _rungs(text: str) -> list[int]:
    try:
        rungs = [int(x) for x in str(text).split(",") if x.strip()]
    except ValueError:
        rungs = []
    if not rungs:
        raise SystemExit(
            f"hexplay: --rung-games takes games per rung, integers like 40,80; not {text!r}"
        )
    return rungs


def _enough(args: argparse.Namespace) -> int:
    from .analysis.grid import parse_value, split_point
    from .analysis.protection import enough_protection

    spec = _spec(args.game)
    point: dict[str, Any] = {k: parse_value(v) for k, v in args.sets}
    try:
        scenario, tactics = split_point(point, spec.sides)
    except ValueError as e:
        raise SystemExit(f"hexplay: {e}") from None
    if tactics.get(spec.win_side):
        raise SystemExit(f"hexplay: enough searches the {spec.win_side}'s knobs; do not set them")
    fixed = next((k for s, k in tactics.items() if s != spec.win_side and k), {})
    levels = None
    if args.levels:
        levels = [parse_value(x) for x in args.levels.split(",") if x.strip()]
    search = None
    if args.search_iterations:
        search = {"iterations": args.search_iterations}
    try:
        r = enough_protection(
            args.game, args.param, args.threshold, levels=levels, bound=args.bound,
            scenario=scenario, fixed=fixed, candidates=args.candidates,
            games=_rungs(args.rung_games), budget=args.budget, final_games=args.final_games,
            search=search, search_games=args.search_games, seed=args.seed, found=args.found,
            scheduler=args.scheduler, n_workers=args.workers,
        )  # fmt: skip
    except ValueError as e:
        raise SystemExit(f"hexplay: {e}") from None
    if args.out:
        r.save(args.out)
    if args.svg:
        Path(args.svg).write_text(r.svg())
    import pandas as pd

    with pd.option_context("display.width", 160, "display.max_columns", 30):
        print(r.table().drop(columns="knobs").to_string(index=False))
    for curve, level in r.answers.items():
        print(f"enough {args.param} ({curve}): {level}")
    return 0


def _worst_case(args: argparse.Namespace) -> int:
    from .analysis.grid import parse_value, split_point
    from .registry import games, resolve

    spec = _spec(args.game)
    searches = dict(spec.searches) or dict.fromkeys(spec.spaces, "")
    if not searches:
        able = [g for g in games() if _spec(g).searches or _spec(g).spaces]
        raise SystemExit(
            f"hexplay: {args.game} has no worst-case search (its analysis description declares "
            f"none); games with one: {', '.join(able) or 'none'}"
        )
    searched = args.side or next(iter(searches))
    if searched not in searches:
        raise SystemExit(
            f"hexplay: worst-case --side {searched}: {args.game} searches {', '.join(searches)}"
        )
    point: dict[str, Any] = {k: parse_value(v) for k, v in args.sets}
    try:
        scenario, tactics = split_point(point, spec.sides)
    except ValueError as e:
        raise SystemExit(f"hexplay: {e}") from None
    fixed = [s for s in spec.sides if s != searched]
    if tactics.get(searched):
        raise SystemExit(
            f"hexplay: worst-case --side {searched} searches the {searched}'s knobs; "
            f"set {', '.join(f'{s}.*' for s in fixed)} only"
        )
    if searches[searched]:
        search = resolve(searches[searched])
    else:
        from functools import partial

        from .analysis.worstcase import best_response

        search = partial(best_response, args.game, searched)
    other = (tactics.get(fixed[0]) if fixed else None) or {}
    rungs = _rungs(args.rung_games)
    try:
        result = search(
            scenario,
            other,
            candidates=args.candidates,
            games=rungs,
            budget=args.budget,
            final_games=args.final_games,
            seed=args.seed,
            scheduler=args.scheduler,
            n_workers=args.workers,
        )
    except ValueError as e:
        raise SystemExit(f"hexplay: {e}") from None
    table = result.table()
    if args.out:
        write_table(table, args.out)
    if args.out != "-":
        import pandas as pd

        with pd.option_context("display.width", 160, "display.max_columns", 30):
            print(table.to_string(index=False))
        print(f"{result.label}: {result.best.knobs}")
        if getattr(result, "race", None) is not None:
            s = result.summary()
            print(
                f"searched {s['candidates']} candidates in {s['games']} games; "
                f"{s['excluded_by_bound']} excluded by the paired bound (largest gap upper "
                f"bound {s['excluded_upper']:.3f}), {s['unresolved']} not excluded"
            )
    return 0


def _simulate(args: argparse.Namespace) -> tuple[Any, Any]:
    from .analysis.batch import run_batch
    from .analysis.grid import parse_value, split_point
    from .analysis.stats import summarize

    point: dict[str, Any] = {k: parse_value(v) for k, v in args.sets}
    if args.scenario:
        point["scenario.file"] = str(Path(args.scenario).resolve())
    scenario, tactics = split_point(point, _spec(args.game).sides)
    games = run_batch(
        args.games,
        scenario,
        tactics,
        seed=args.seed,
        runner=args.runner,
        records=args.records,
        game=args.game,
    )
    secs = games.attrs.get("seconds", 0.0)
    print(
        f"hexplay: {len(games)} games in {secs:.2f} s ({len(games) / max(secs, 1e-9):,.0f}/s)",
        file=sys.stderr,
    )
    return games, summarize(games, game=args.game)


def _sweep(args: argparse.Namespace) -> tuple[Any, Any]:
    from .analysis.grid import parse_values
    from .analysis.stats import summarize
    from .analysis.sweep import sweep

    spec: dict[str, Any] = {k: parse_values(v, k) for k, v in args.params}
    if args.scenario:
        spec["scenario.file"] = [str(Path(args.scenario).resolve())]
    summary, games = sweep(
        spec,
        args.games,
        sample=args.sample,
        sample_seed=args.sample_seed,
        runner=args.runner,
        game=args.game,
        seed=args.seed,
        common_seeds=not args.independent_seeds,
        scheduler=args.scheduler,
        n_workers=args.workers,
        chunk_size=args.chunk_size,
        progress="none" if args.no_progress else "text",
        checkpoint=args.checkpoint,
    )
    a = games.attrs
    secs = a.get("seconds", 0.0)
    played = a.get("games_played", len(games))
    print(
        f"hexplay: {played} games in {secs:.2f} s ({played / max(secs, 1e-9):,.0f}/s) on "
        f"{a.get('workers', 1)} worker(s)",
        file=sys.stderr,
    )
    if not a.get("complete", True):
        print("hexplay: interrupted; writing the partial results", file=sys.stderr)
    return games, summarize(games, game=args.game)


def _spec(game: str):
    from .analysis.games import spec_of

    try:
        return spec_of(game)
    except KeyError as e:
        raise SystemExit(f"hexplay: {e.args[0]}") from None


def _default_game() -> str:
    """The first registered game: the registry's first shipped one, else its first."""
    from .registry import SHIPPED, games

    registered = games()
    if not registered:
        raise SystemExit("hexplay: no game is registered")
    return next((g for g in SHIPPED if g in registered), registered[0])


def _list_games() -> int:
    from .registry import game_entry, games

    for name in games():
        e = game_entry(name)
        spec = _spec(name)
        print(
            f"{name}: {e.title} ({e.info.turns}); sides {', '.join(e.info.sides)}; "
            f"players {', '.join(e.player_names())}; reports {spec.p_column}"
        )
        if spec.notes:
            print(f"  {spec.notes}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["serve"]:  # the table server has its own options (hexplay serve --help)
        try:
            import tornado  # noqa: F401  (the server's one extra dependency)
        except ImportError:
            print("hexplay serve needs tornado: pip install 'hexplay[serve]'", file=sys.stderr)
            return 2
        from .serve.cli import main as serve_main

        return serve_main(argv[1:])
    args = build_parser().parse_args(argv)
    if args.command == "games":
        return _list_games()
    if args.game is None:
        args.game = _default_game()
    if args.command == "worst-case":
        _spec(args.game)
        return _worst_case(args)
    if args.command == "enough":
        return _enough(args)
    _spec(args.game)
    try:
        games, summary = _simulate(args) if args.command == "simulate" else _sweep(args)
    except ValueError as e:  # a parameter the game does not have
        raise SystemExit(f"hexplay: {e}") from None
    if args.out:
        write_table(games, args.out)
    if args.summary:
        write_table(summary, args.summary)
    if args.out != "-" and args.summary != "-":
        import pandas as pd

        with pd.option_context("display.width", 160, "display.max_columns", 30):
            print(summary.to_string(index=False))
    complete = games.attrs.get("complete", True)
    return 0 if complete else 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
