"""Play-testing from the editor, the clear check, and publishing.

    play_level(editor)   the current level alone, as a one-level map, in the real play screen
    play_here(editor)    the current level from the cursor's cell, with chosen health, gold, items
    play_map(editor)     the whole map from its first level
    publish(editor)      export the map and its clear, if the clear still replays on it
    after_save(editor)   keep a clear made before the map had a file, now that it has one

A *clear* is a won run of the whole map, recorded against the map id of what was played. It is
kept on the editor screen (`editor.clear_run`) and beside the map file as `<stem>.clear.json`.
Publishing never trusts a flag: it replays the kept run on the current document, so any edit
that changes play (the map id) refuses it, while titles, stories and par do not.

The functions above the UI section take documents and runs only, so tests can call them directly.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from app.games.cardrogue.editor.templates import slug
from app.player import player_name
from app.words import counted, plural
from engine.cardrogue import MapSpec, Run, Verified, read_run, record_run, share_code, verify_run
from engine.cardrogue.maps import check_document, copy_schema, save_map
from engine.core import MAP_HASH_MISMATCH, RunError, save_run
from services import clock
from services.runfiles import clear_path

NOT_CLEARED = ("Play the whole map to the end first (shift+p): publishing needs a clear of "
               "this exact map.")
CHANGED = ("Play the whole map to the end first: the map changed since your clear (an edit "
           "that changes play needs a new clear).")


class PublishRefused(Exception):
    """Why a map cannot be published, in a sentence for the author."""


# ---------------------------------------------------------------------- documents and runs

def read_clear(map_path: str | Path | None) -> Run | None:
    """The clear kept beside a map file, None if there is none. Raises RunError for a file
    that is there but is not a readable run."""
    if map_path is None or not clear_path(map_path).exists():
        return None
    return read_run(clear_path(map_path))


def level_document(document: dict[str, Any], index: int) -> dict[str, Any]:
    """A one-level map of level `index`: the map's own fields (seed, title) with that level only.
    Nothing carries over from earlier levels, so the level's own health, gold and items apply.
    For a one-level map this is the same map, with the same id."""
    single = copy.deepcopy(document)
    single["levels"] = [copy.deepcopy(document["levels"][index])]
    return single


def start_moved(document: dict[str, Any], index: int, cell: tuple[int, int],
                fields: dict[str, Any]) -> dict[str, Any]:
    """The one-level map of level `index` with its start tile moved to `cell` and `fields`
    (health, gold, items; None: the level's default) set. PublishRefused says why the hero
    cannot start on `cell`: only a plain path tile, or the start itself, is free to stand on."""
    from app.games.cardrogue.editor.cards import card_name, entry_card
    from app.games.cardrogue.editor.grids import BUILT_IN, blank
    from app.games.cardrogue.editor.model import MapModel

    model = MapModel(level_document(document, index))
    row, col = cell
    glyph = model.glyph(0, row, col)
    if blank(glyph):
        raise PublishRefused("There is no card on this cell; the hero can start only on a "
                             "path tile (.).")
    if glyph not in ("@", "."):
        card = BUILT_IN.get(glyph) or entry_card(model.legend(0).get(glyph)) or glyph
        raise PublishRefused(f"This cell holds a {card_name(card)}; the hero can start only "
                             "on an empty path tile (.).")
    width, height = model.size(0)
    for r in range(height):
        for c in range(width):
            if model.glyph(0, r, c) == "@":
                model.set_glyph(0, r, c, ".")
    model.set_glyph(0, row, col, "@")
    for key, value in fields.items():
        model.set_field(0, key, value)
    return model.document


def spec_of(document: dict[str, Any]) -> MapSpec:
    """The playable MapSpec of a document; PublishRefused names the first error if it has any."""
    report = check_document(copy.deepcopy(document), "<editor>")
    if report.errors or report.spec is None:
        count = len(report.errors)
        first = report.errors[0].message if report.errors else "the map cannot be built"
        raise PublishRefused(f"The map has {count} error{'s' if count != 1 else ''} "
                             f"(the Problems panel lists them); the first: {first}")
    return report.spec


def check_clear(document: dict[str, Any], run: Run | None) -> str | None:
    """None if `run` is a win of exactly this document's gameplay, else why it is not."""
    try:
        _verify_clear(document, run)
    except PublishRefused as refusal:
        return str(refusal)
    return None


def _verify_clear(document: dict[str, Any], run: Run | None) -> Verified:
    if run is None:
        raise PublishRefused(NOT_CLEARED)
    spec = spec_of(document)
    try:
        verified = verify_run(run, spec)
    except RunError as error:
        if error.code == MAP_HASH_MISMATCH:
            raise PublishRefused(CHANGED) from None
        raise PublishRefused(f"Your kept clear no longer replays ({error.message}); play the "
                             "whole map to the end again.") from None
    if not verified.won:
        raise PublishRefused(NOT_CLEARED)
    return verified


def publish_files(document: dict[str, Any], run: Run | None,
                  folder: str | Path) -> tuple[Path, str]:
    """Write `<slug>-<share code>.toml`, its `.clear.json` and the map schema into `folder`;
    returns the map's path and its share code. Raises PublishRefused unless `run` clears this
    exact document, and OSError if a file cannot be written."""
    verified = _verify_clear(document, run)
    code = share_code(verified.map_id)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    map_path = folder / f"{slug(str(document.get('title') or ''))}-{code}.toml"
    # The clear first: a map published without its clear would be worse than a stray clear.
    save_run(clear_path(map_path), verified.run)
    # The schema travels with the published files, so the map's `#:schema` line points at a
    # file beside it rather than into this installation.
    save_map(document, map_path, schema=copy_schema(folder).name)
    return map_path, code


def set_pars(model, level_moves: list[int] | tuple[int, ...],
             earlier: list[int] | tuple[int, ...] = ()) -> list[int]:
    """Give each level without a par its moves from the clear, as one undo step; a par that
    an `earlier` clear set (still equal to its moves there) follows the new clear too. Returns
    the indices of the levels whose par changed."""
    def follows(index: int) -> bool:
        par = model.field(index, "par")
        return par is None or (index < len(earlier) and par == earlier[index])

    changed = [i for i in range(min(model.level_count, len(level_moves)))
               if follows(i) and model.field(i, "par") != level_moves[i]]
    model.begin_stroke()
    for index in changed:
        model.set_field(index, "par", level_moves[index])
    model.end_stroke()
    return changed


def proved_pars(editor) -> dict[int, int]:
    """The levels whose fewest moves the editor's solver has proved for their content now
    (see app/games/cardrogue/editor/par.py), by index."""
    from app.games.cardrogue.editor.par import level_key

    if not editor.pars:
        return {}
    found = {}
    document = editor.model.document
    for index in range(editor.model.level_count):
        outcome = editor.pars.get(level_key(document, index))
        if outcome is not None and outcome.proved_moves is not None:
            found[index] = outcome.proved_moves
    return found


def set_proved_pars(editor) -> list[int]:
    """Give each level without a par its proved optimum, when the solver knows one, as one
    undo step. Returns the indices of the levels that got one."""
    proved, model = proved_pars(editor), editor.model
    missing = [i for i in sorted(proved) if model.field(i, "par") is None]
    model.begin_stroke()
    for index in missing:
        model.set_field(index, "par", proved[index])
    model.end_stroke()
    return missing


# ---------------------------------------------------------------------- the editor's keys

def play_level(editor) -> None:
    """Play-test the level under the cursor, alone."""
    index = editor.canvas.level
    try:
        spec = spec_of(level_document(editor.model.document, index))
    except PublishRefused as refusal:
        editor.notify(str(refusal).replace("The map has", "This level has", 1),
                      title="Cannot play this level", severity="error", markup=False)
        return
    _play(editor, spec)


def play_here(editor) -> None:
    """Play-test the current level from the cursor's cell, after a form for the hero's
    starting health, gold and items."""
    from app.games.cardrogue.editor.forms import PlayFromHereScreen

    index, cell = editor.canvas.level, editor.canvas.cursor
    try:
        start_moved(editor.model.document, index, cell, {})
    except PublishRefused as refusal:
        editor.notify(str(refusal), title="Cannot start here", severity="error", markup=False)
        return

    def chosen(fields: dict[str, Any] | None) -> None:
        if fields is None:
            return
        try:
            spec = spec_of(start_moved(editor.model.document, index, cell, fields))
        except PublishRefused as refusal:
            editor.notify(str(refusal).replace("The map has", "This level has", 1),
                          title="Cannot start here", severity="error", markup=False)
            return
        _play(editor, spec)

    editor.app.push_screen(PlayFromHereScreen(editor.model, index), chosen)


def play_map(editor) -> None:
    """Play-test the whole map from its first level."""
    try:
        spec = spec_of(editor.model.document)
    except PublishRefused as refusal:
        editor.notify(str(refusal), title="Cannot play the map", severity="error", markup=False)
        return
    _play(editor, spec)


def publish(editor) -> None:
    """Export the map with its clear into the exports folder, or say why not."""
    from services.paths import exports_dir

    # Pars change no play, so the clear still counts after them.
    filled = set_proved_pars(editor) if _still_clears(editor) is not None else []
    if filled:
        editor.update_views()
    try:
        run = kept_clear(editor)
        path, code = publish_files(editor.model.document, run, exports_dir())
    except PublishRefused as refusal:
        editor.notify(str(refusal), title="Not published", severity="error", markup=False)
        return
    except RunError as error:
        editor.notify(f"Your kept clear cannot be read ({error.message}); play the whole map to "
                      "the end again.", title="Not published", severity="error", markup=False)
        return
    except OSError as error:
        editor.notify(f"Could not write the published files: {error.strerror or error}",
                      title="Not published", severity="error", markup=False)
        return
    assert run is not None  # publish_files refuses a map without its clear
    moves = run.claimed.get("moves")
    note = f"{path}\nShare code {code}. Your record: {counted(moves, 'move')}."
    if filled:
        note += "\nProved par set for " + ", ".join(editor.model.level_id(i) for i in filled) + "."
    editor.notify(note, title="Published", markup=False, timeout=10)
    upload(editor, path, run)


def upload(editor, map_path: Path, run: Run) -> None:
    """When a community server is set, publish the exported map and its clear there too (in a
    worker thread), and say what the server answered."""
    import json

    from engine.core import shown
    from services import community

    try:
        server = community.server_url(None)
    except community.CommunityError:
        return  # no server set: the exported files are the whole of publishing
    text = map_path.read_text(encoding="utf-8")
    clear = json.loads(run.to_json())
    name = player_name()

    def send() -> None:
        client = community.Client(server)
        try:
            community.login_or_register(client, name)
            answer = client.publish(text, clear)
        except community.CommunityError as exc:
            editor.app.call_from_thread(
                editor.notify, shown(f"{server} did not take the map: {exc.message}"),
                title="Not published on the server", severity="error", markup=False, timeout=10)
            return
        editor.app.call_from_thread(
            editor.notify, shown(f"Published on {server} as {answer.get('share_code', '?')}."),
            title="Published on the server", markup=False, timeout=10)

    editor.run_worker(send, thread=True, group="publish", exclusive=True)


def kept_clear(editor) -> Run | None:
    """The clear made in this editor session, else the one kept beside the map file."""
    run = editor.clear_run
    return run if run is not None else read_clear(editor.path)


def after_save(editor) -> None:
    """Call after the map is saved: a clear made while the map had no file gets kept beside it."""
    run = editor.clear_run
    if run is not None and editor.path is not None:
        _keep_beside(editor, run)


def _still_clears(editor) -> Run | None:
    """The kept clear if it still clears the current content, else None."""
    try:
        run = kept_clear(editor)
    except RunError:
        return None
    return run if run is not None and check_clear(editor.model.document, run) is None else None


def _keep_beside(editor, run: Run) -> None:
    try:
        save_run(clear_path(editor.path), run)
    except OSError as error:
        editor.notify(f"Could not keep the clear beside the map: {error.strerror or error}. "
                      "It stays in the editor until you leave.", severity="warning",
                      markup=False)


def _play(editor, spec: MapSpec) -> None:
    """Choose the hero as a player would, then open the play screen over the editor."""
    from app.games.cardrogue.launch import choose_hero

    choose_hero(editor.app, spec, lambda hero: _start(editor, spec, hero))


def _start(editor, spec: MapSpec, hero: str | None) -> None:
    from app.games.cardrogue.screens.play import PlayTestScreen
    from app.games.cardrogue.session import Session

    try:
        session = Session(spec, hero, player_name(), editor.path)
    except ValueError as error:
        editor.notify(str(error), title="This map cannot start", severity="error", markup=False)
        return
    identity = session.map_id
    screen = PlayTestScreen(session, lambda won: _won(editor, won.game, identity))
    editor.app.push_screen(screen)
    screen.show_story()


def _won(editor, game, identity: str) -> None:
    """A play-test was won: a clear if it replays on the current map, else just a level won."""
    run = record_run(game, identity=identity, recorded=clock.stamp())
    if check_clear(editor.model.document, run) is not None:
        editor.notify(f"Level won in {plural(game.moves, 'move')}. Only the whole map played "
                      "to the end "
                      "(shift+p) counts as a clear.", markup=False)
        return
    best = _still_clears(editor)
    if best is not None and best.claimed.get("moves", game.moves + 1) <= game.moves:
        # The record is the author's best clear of this content, not the latest one.
        editor.notify(f"Cleared again in {plural(game.moves, 'move')}; your record stays "
                      f"{counted(best.claimed['moves'], 'move')}.", title="Cleared", markup=False)
        return
    editor.clear_run = run
    if editor.path is not None:
        _keep_beside(editor, run)
    earlier = best.claimed.get("level_moves") if best is not None else None
    if not isinstance(earlier, tuple):  # a run's lists of figures are read as tuples
        earlier = ()
    # A level's proved optimum, when the solver knows it, makes a better par than this clear.
    level_moves = list(game.level_moves)
    for index, moves in proved_pars(editor).items():
        if index < len(level_moves):
            level_moves[index] = moves
    filled = set_pars(editor.model, level_moves, earlier)
    editor.update_views()
    message = (f"Cleared in {plural(game.moves, 'move')}: your record. The map can be published "
               "(ctrl+e).")
    if filled:
        names = ", ".join(editor.model.level_id(i) for i in filled)
        message += f"\nPar set for {names}."
    editor.notify(message, title="Cleared", markup=False, timeout=10)
