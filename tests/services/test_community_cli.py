"""The community commands (`login`, `publish`, `fetch`, `submit`, `scores --server`) through the
installed `cardrogue` command, against a real server listening on loopback (SQLite, verifying in
its own process), with separate data folders for an author and a player."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.conftest import CHALLENGES, CLEARS
from tests.server.live import LiveServer
from tests.server.sqlite_template import migrated_sqlite
from tests.server.support import slower

CARDROGUE = Path(sys.executable).with_name("cardrogue")
MAP = "shop-economy"


def cardrogue(data: Path, *args: str, server: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "CARDROGUE_DATA_DIR": str(data)}
    env.pop("CARDROGUE_SERVER", None)
    if server is not None:
        env["CARDROGUE_SERVER"] = server
    return subprocess.run([str(CARDROGUE), *args], capture_output=True, text=True, env=env,
                          timeout=120)


def author_map(folder: Path) -> Path:
    """A challenge map with its clear beside it, as the editor leaves them."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{MAP}.toml"
    shutil.copy(CHALLENGES / f"{MAP}.toml", target)
    shutil.copy(CLEARS / f"{MAP}.run.json", folder / f"{MAP}.clear.json")
    return target


def player_run(folder: Path, extra: int = 1) -> Path:
    """The author's clear with `extra` turns ended first: a player's own run, not a copy of
    the clear (the server refuses copies), `extra` moves and turns more."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{MAP}.{extra}.run.json"
    path.write_text(json.dumps(slower(json.loads((CLEARS / f"{MAP}.run.json").read_text()),
                                      extra)))
    return path


def publish(tmp_path: Path, server: LiveServer) -> str:
    author = tmp_path / "author"
    assert cardrogue(author, "login", "Author", "--server", server.url).returncode == 0
    done = cardrogue(author, "publish", str(author_map(tmp_path / "work")), "--server", server.url)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().rsplit(" ", 1)[-1]


def test_login_keeps_an_owner_only_token_and_reuses_it(tmp_path, server):
    data = tmp_path / "data"
    first = cardrogue(data, "login", "Ann", "--server", server.url)
    assert first.returncode == 0, first.stderr
    assert "Registered Ann" in first.stdout
    kept = data / "community.json"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert json.loads(kept.read_text())[server.url]["name"] == "Ann"
    again = cardrogue(data, "login", "Ann", server=server.url)  # the server from the environment
    assert again.returncode == 0 and "kept token" in again.stdout
    taken = cardrogue(tmp_path / "other", "login", "Ann", "--server", server.url)
    assert taken.returncode == 1
    assert "taken" in taken.stderr and "Traceback" not in taken.stderr


def test_publish_then_fetch_by_share_code_into_another_data_folder(tmp_path, server):
    code = publish(tmp_path, server)
    assert len(code) == 9 and code[4] == "-"
    player = tmp_path / "player"
    fetched = cardrogue(player, "fetch", code, "--server", server.url)
    assert fetched.returncode == 0, fetched.stderr
    saved = list((player / "maps").glob("*.toml"))
    assert len(saved) == 1 and code in saved[0].name
    assert saved[0].read_text() == (CHALLENGES / f"{MAP}.toml").read_text()
    # The fetched map is now known locally by its share code.
    assert cardrogue(player, "scores", code).returncode == 0
    missing = cardrogue(player, "fetch", "ZZZZ-ZZZZ", "--server", server.url)
    assert missing.returncode == 1 and "Traceback" not in missing.stderr


def test_publishing_needs_a_login_and_a_clear(tmp_path, server):
    work = tmp_path / "work"
    path = author_map(work)
    nobody = cardrogue(tmp_path / "nobody", "publish", str(path), "--server", server.url)
    assert nobody.returncode == 2 and "log in" in nobody.stderr
    (work / f"{MAP}.clear.json").unlink()
    author = tmp_path / "author"
    cardrogue(author, "login", "Author", "--server", server.url)
    no_clear = cardrogue(author, "publish", str(path), "--server", server.url)
    assert no_clear.returncode == 2 and "no clear" in no_clear.stderr


def test_submit_waits_for_the_verdict_and_the_global_board_shows_the_rank(tmp_path, server):
    code = publish(tmp_path, server)
    player = tmp_path / "player"
    assert cardrogue(player, "login", "Bea", "--server", server.url).returncode == 0
    run = player_run(tmp_path / "runs")
    sent = cardrogue(player, "submit", str(run), "--server", server.url)
    assert sent.returncode == 0, sent.stdout + sent.stderr
    assert "verified, rank 2" in sent.stdout
    board = cardrogue(player, "scores", code, "--server", server.url, "--player", "Bea")
    assert board.returncode == 0, board.stderr
    assert "global leaderboard" in board.stdout
    rows = [line.split() for line in board.stdout.splitlines()[2:]]
    assert ["1", "Author"] in [row[:2] for row in rows] or ["1", "Bea"] in [row[:2] for row in rows]
    assert any(row[1] == "Bea" and row[-1] == "<" for row in rows)
    # --limit keeps the top; the player's own best is said below it, as on the local board.
    top = cardrogue(player, "scores", code, "--server", server.url, "--limit", "1",
                    "--player", "Bea").stdout.splitlines()
    assert top[2].split()[:2] == ["1", "Author"] and len(top) == 4
    moves = json.loads((CLEARS / f"{MAP}.run.json").read_text())["claimed"]["moves"] + 1
    assert top[3].startswith(f"Bea's best: rank 2 of 2, {moves} moves, ")
    nobody = cardrogue(player, "scores", code, "--server", server.url, "--player", "Nobody")
    assert nobody.returncode == 0
    assert nobody.stdout.splitlines()[-1] == "Nobody has no score on this map yet."
    as_json = json.loads(cardrogue(player, "scores", code, "--server", server.url,
                                   "--json").stdout)
    assert as_json["map"]["share_code"] == code
    assert {item["player"] for item in as_json["leaderboard"]["items"]} >= {"Bea"}


def test_a_forged_run_is_refused_with_its_reason(tmp_path, server):
    publish(tmp_path, server)
    player = tmp_path / "player"
    cardrogue(player, "login", "Cid", "--server", server.url)
    doc = json.loads((CLEARS / f"{MAP}.run.json").read_text())
    doc["actions"] = doc["actions"][:-1]
    doc["claimed"] = {}
    forged = tmp_path / "forged.run.json"
    forged.write_text(json.dumps(doc))
    sent = cardrogue(player, "submit", str(forged), "--server", server.url)
    assert sent.returncode == 1, sent.stdout + sent.stderr
    assert "refused" in sent.stdout and "finish" in sent.stdout


def test_runs_wait_in_the_outbox_while_the_server_is_down_and_go_once_it_is_back(
        tmp_path, tmp_path_factory):
    migrated_sqlite(tmp_path / "server.db", tmp_path_factory)
    live = LiveServer(tmp_path / "server.db")
    url = live.url
    player = tmp_path / "player"
    live.start()
    try:
        publish(tmp_path, live)
        assert cardrogue(player, "login", "Dee", "--server", url).returncode == 0
    finally:
        live.stop()
    run = player_run(tmp_path / "runs")
    offline = cardrogue(player, "submit", str(run), "--server", url)
    assert offline.returncode == 2
    assert "wait in the outbox" in offline.stderr and "Traceback" not in offline.stderr
    assert len(list((player / "outbox").glob("*.json"))) == 1
    again = cardrogue(player, "submit", str(run), "--server", url)  # still down: kept once
    assert again.returncode == 2 and len(list((player / "outbox").glob("*.json"))) == 1
    back = LiveServer(tmp_path / "server.db", port=live.port)
    back.start()
    try:
        sent = cardrogue(player, "submit", str(run), "--server", url)
        assert sent.returncode == 0, sent.stdout + sent.stderr
        assert sent.stdout.count("verified") == 1  # sent once, though queued three times
        assert not list((player / "outbox").glob("*.json"))
    finally:
        back.stop()


def test_no_server_and_a_bad_address_are_one_line_errors(tmp_path):
    data = tmp_path / "data"
    none = cardrogue(data, "submit", str(CLEARS / f"{MAP}.run.json"))
    assert none.returncode == 2 and "no community server is set" in none.stderr
    bad = cardrogue(data, "scores", "ABCD-EFGH", "--server", "ftp://example")
    assert bad.returncode == 2 and "http://" in bad.stderr
    data.mkdir()
    (data / "config.toml").write_text('server = "http://127.0.0.1:9"\n')
    down = cardrogue(data, "fetch", "ABCD-EFGH")
    assert down.returncode == 2 and "cannot reach the server at http://127.0.0.1:9" in down.stderr
    for result in (none, bad, down):
        assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_malformed_server_address_is_one_clean_sentence(tmp_path):
    data = tmp_path / "data"
    for address in ("http://[x", "http://host:abc", "http://bold red", "http://[bold red]"):
        result = cardrogue(data, "scores", "ABCD-EFGH", "--server", address)
        assert result.returncode == 2, result.stderr
        assert "the server address is not valid" in result.stderr, result.stderr
        assert "Error" not in result.stderr and "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
    from_env = cardrogue(data, "submit", str(CLEARS / f"{MAP}.run.json"), server="http://[x")
    assert from_env.returncode == 2 and "the server address is not valid" in from_env.stderr


def test_a_replaced_token_asks_for_a_new_login_and_the_outbox_goes_after_it(tmp_path, server):
    publish(tmp_path, server)
    player = tmp_path / "player"
    assert cardrogue(player, "login", "alice", "--server", server.url).returncode == 0
    admin = cardrogue(tmp_path / "admin", "server", "admin", "moderator", "alice", "--database",
                      f"sqlite:///{tmp_path / 'server.db'}")
    assert admin.returncode == 0, admin.stderr
    new_token = admin.stdout.strip()
    sent = cardrogue(player, "submit", str(player_run(tmp_path / "runs")), "--server",
                     server.url)
    assert sent.returncode == 1, sent.stdout + sent.stderr
    assert "your login is not known on this server" in sent.stderr
    assert "could not be reached" not in sent.stderr
    assert len(list((player / "outbox").glob("*.json"))) == 1
    kept = cardrogue(player, "login", "alice", "--server", server.url)  # the dead kept token
    assert kept.returncode == 1 and "kept token" not in kept.stdout
    assert "--token" in kept.stderr
    fixed = cardrogue(player, "login", "alice", "--token", new_token, "--server", server.url)
    assert fixed.returncode == 0, fixed.stderr
    assert "1 run(s) from the outbox sent" in fixed.stdout
    assert not list((player / "outbox").glob("*.json"))
    bogus = cardrogue(player, "login", "alice", "--token", "nonsense", "--server", server.url)
    assert bogus.returncode == 1 and "does not know this token" in bogus.stderr


def test_logging_in_as_another_name_keeps_the_first_token(tmp_path, server):
    data = tmp_path / "data"
    assert cardrogue(data, "login", "Ann", "--server", server.url).returncode == 0
    first_token = json.loads((data / "community.json").read_text())[server.url]["token"]
    other = cardrogue(data, "login", "Bob", "--server", server.url)
    assert other.returncode == 0, other.stderr
    assert "no longer as Ann" in other.stdout and "cardrogue login Ann" in other.stdout
    back = cardrogue(data, "login", "Ann", "--server", server.url)
    assert back.returncode == 0 and "kept token" in back.stdout, back.stdout + back.stderr
    kept = json.loads((data / "community.json").read_text())[server.url]
    assert (kept["name"], kept["token"]) == ("Ann", first_token)
    assert "Bob" in kept["others"]


def test_a_busy_server_is_said_in_words_and_the_run_waits(tmp_path, tmp_path_factory):
    import threading

    import uvicorn

    from server.app import Settings, create_app
    from server.limits import Rate

    migrated_sqlite(tmp_path / "server.db", tmp_path_factory)
    busy = LiveServer(tmp_path / "server.db")  # one request per address, then 429
    config = Settings(database=f"sqlite:///{tmp_path / 'server.db'}",
                      per_address=Rate(1, 600), per_token=Rate(0))
    busy.server = uvicorn.Server(uvicorn.Config(create_app(config), host="127.0.0.1",
                                                port=busy.port, log_level="error"))
    busy.thread = threading.Thread(target=busy.server.run, daemon=True)
    busy.start()
    try:
        player = tmp_path / "player"
        assert cardrogue(player, "login", "Eve", "--server", busy.url).returncode == 0
        sent = cardrogue(player, "submit", str(CLEARS / f"{MAP}.run.json"), "--server",
                         busy.url)
    finally:
        busy.stop()
    assert sent.returncode == 2, sent.stdout + sent.stderr
    assert "the server is busy; try again in " in sent.stderr
    assert "could not be reached" not in sent.stderr and sent.stderr.count("try again") == 1
    assert len(list((player / "outbox").glob("*.json"))) == 1


def test_a_run_that_is_not_the_players_best_names_the_best_rank(tmp_path, server):
    publish(tmp_path, server)
    player = tmp_path / "player"
    assert cardrogue(player, "login", "Bea", "--server", server.url).returncode == 0
    run = player_run(tmp_path / "runs")
    assert "verified, rank 2" in cardrogue(player, "submit", str(run), "--server",
                                           server.url).stdout
    again = player_run(tmp_path / "runs", 2)  # a play of their own again, not better
    sent = cardrogue(player, "submit", str(again), "--server", server.url)
    assert sent.returncode == 0, sent.stdout + sent.stderr
    assert "None" not in sent.stdout
    assert "verified, 29 moves, 10 turns; not better than your best, which stays at rank 2" \
        in sent.stdout


def test_a_refusal_shows_the_servers_explanation(tmp_path, server):
    publish(tmp_path, server)
    player = tmp_path / "player"
    cardrogue(player, "login", "Fay", "--server", server.url)
    doc = json.loads((CLEARS / f"{MAP}.run.json").read_text())
    doc["claimed"]["moves"] = 20
    doc["claimed"]["level_moves"] = [20]
    claims = tmp_path / "claims.run.json"
    claims.write_text(json.dumps(doc))
    sent = cardrogue(player, "submit", str(claims), "--server", server.url)
    assert sent.returncode == 1, sent.stdout + sent.stderr
    line = next(line for line in sent.stdout.splitlines() if "refused" in line)
    code, _, message = line.partition("refused: ")[2].partition(": ")
    assert code == "claims_differ" and "20" in message and "27" in message, line


def test_unreadable_kept_logins_are_refused_not_overwritten(tmp_path, server):
    """Issue 37, finding 6: a damaged community.json held another server's token."""
    data = tmp_path / "data"
    data.mkdir()
    kept = data / "community.json"
    kept.write_text('{"http://other.example": {"name": "Ann", "token": "cr_x"')  # cut short
    before = kept.read_bytes()
    login = cardrogue(data, "login", "Ann", "--server", server.url)
    assert login.returncode != 0
    assert "cannot be read" in login.stderr and "Traceback" not in login.stderr
    assert kept.read_bytes() == before
    # The name was not registered: its token would have been lost.
    assert cardrogue(tmp_path / "else", "login", "Ann", "--server", server.url).returncode == 0


def test_two_logins_at_once_on_one_data_folder_keep_both_tokens(tmp_path, monkeypatch):
    import threading

    from services import community

    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(tmp_path / "data"))
    for round_ in range(12):
        servers = [f"http://s{round_}-{n}.example" for n in range(4)]
        start = threading.Barrier(len(servers))

        def keep(server: str, start: threading.Barrier = start) -> None:
            start.wait()
            community.keep_login(community.Login(server, "Ann", f"cr_{server}"))

        threads = [threading.Thread(target=keep, args=(s,)) for s in servers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for server in servers:
            found = community.stored_login(server)
            assert found is not None and found.token == f"cr_{server}", (round_, server)


def test_a_token_that_cannot_be_kept_is_printed_once(tmp_path, server, monkeypatch, capsys):
    from app.cli.cardrogue import main
    from services import community_tokens

    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(tmp_path / "data"))

    real_write = community_tokens.write_atomic

    def full_disk(path, data, **options):  # the folder takes a small file, not the logins
        if path.name == "community.json":
            raise OSError(28, "No space left on device")
        return real_write(path, data, **options)

    monkeypatch.setattr(community_tokens, "write_atomic", full_disk)  # the logins' writer
    assert main(["login", "Ann", "--server", server.url]) != 0
    err = capsys.readouterr().err
    token = err.split("to keep yourself: ", 1)[1].split(" ", 1)[0]
    assert token.startswith("cr_") and err.count(token) == 1
    monkeypatch.undo()
    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(tmp_path / "data"))
    # The printed token is the name's: it logs in with it.
    assert main(["login", "Ann", "--server", server.url, "--token", token]) == 0


def test_login_makes_its_server_the_default_and_whoami_says_who(tmp_path, server):
    data = tmp_path / "data"
    nowhere = cardrogue(data, "whoami")
    assert nowhere.returncode == 2 and "no community server" in nowhere.stderr
    first = cardrogue(data, "login", "Ann", "--server", server.url)
    assert first.returncode == 0 and "now the default server" in first.stdout
    # No --server and no $CARDROGUE_SERVER from here on: the login's server is the default.
    who = cardrogue(data, "whoami")
    assert who.returncode == 0, who.stderr
    assert who.stdout.splitlines() == ["name: Ann", f"server: {server.url}", "role: player"]
    code = cardrogue(data, "publish", str(author_map(tmp_path / "work")))
    assert code.returncode == 0, code.stderr
    again = cardrogue(data, "login", "Ann")
    assert again.returncode == 0 and "default server" not in again.stdout


def test_whoami_without_a_login_says_how_to_log_in(tmp_path, server):
    result = cardrogue(tmp_path / "data", "whoami", server=server.url)
    assert result.returncode == 1 and "cardrogue login NAME" in result.stderr


def test_the_apps_player_is_the_community_login(tmp_path, server, monkeypatch):
    from app.player import player_name
    from services.settings import load_settings, save_settings

    data = tmp_path / "data"
    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(data))
    monkeypatch.delenv("CARDROGUE_PLAYER", raising=False)
    monkeypatch.delenv("CARDROGUE_SERVER", raising=False)
    save_settings(load_settings().but(player="root"))
    assert player_name() == "root"
    assert cardrogue(data, "login", "fetcher", "--server", server.url).returncode == 0
    assert player_name() == "fetcher"  # local runs and the local board, as on the server


def test_replay_best_and_rank_fetch_a_run_of_the_board_and_its_map(tmp_path, server):
    code = publish(tmp_path, server)
    player = tmp_path / "player"
    assert cardrogue(player, "login", "Bo", "--server", server.url).returncode == 0
    sent = cardrogue(player, "submit", str(player_run(tmp_path / "runs", 3)), "--server",
                     server.url)
    assert sent.returncode == 0, sent.stderr
    watcher = tmp_path / "watcher"
    moves = len(json.loads((CLEARS / f"{MAP}.run.json").read_text())["actions"])
    for flag, want in ((["--best"], moves), (["--rank", "2"], moves + 3)):
        shown = cardrogue(watcher, "replay", code, *flag, "--events", "--server", server.url)
        assert shown.returncode == 0, shown.stderr
        steps = [json.loads(line) for line in shown.stdout.splitlines()]
        assert sum(step["event"] == "action" for step in steps) == want, flag
    saved = sorted(path.name for path in (watcher / "runs" / "downloaded").iterdir())
    assert saved == [f"{code}_run1.run.json", f"{code}_run2.run.json"]
    assert [path.name for path in (watcher / "maps").glob("*.toml")] != []
    missing = cardrogue(watcher, "replay", code, "--rank", "3", "--server", server.url)
    assert missing.returncode == 1 and "no run at rank 3" in missing.stderr
    assert "Traceback" not in missing.stderr
    both = cardrogue(watcher, "replay", code, "--best", "--map", "x.toml", "--server", server.url)
    assert both.returncode == 2 and "leave out --map" in both.stderr


def test_maps_lists_a_servers_maps_filtered_and_sorted(tmp_path, server):
    import httpx2 as httpx

    from tests.server.conftest import challenge
    from tests.server.support import publish as publish_on

    first = publish_on(server, "speed-maze", author="Ann")
    with httpx.Client(base_url=server.url) as client:  # Bo publishes and tags his map
        bo = {"Authorization": "Bearer " + client.post("/api/v1/players",
                                                       json={"name": "Bo"}).json()["token"]}
        text, clear = challenge("poison-race")
        second = client.post("/api/v1/maps", json={"map": text, "clear": clear},
                             headers=bo).json()
        assert client.put(f"/api/v1/maps/{second['id']}/tags", json={"tags": ["poison"]},
                          headers=bo).status_code == 200
    assert cardrogue(tmp_path / "bo", "login", "Bo2", "--server", server.url).returncode == 0
    reader = tmp_path / "reader"
    every = cardrogue(reader, "maps", "--server", server.url, "--sort", "title")
    assert every.returncode == 0, every.stderr
    lines = every.stdout.splitlines()
    assert lines[0].split()[:4] == ["code", "rating", "cleared", "plays"]
    assert [line.split()[0] for line in lines[1:]] == sorted(
        [first["share_code"], second["share_code"]],
        key=lambda code: {first["share_code"]: first["title"],
                          second["share_code"]: second["title"]}[code])
    assert all("100%" in line for line in lines[1:])  # each cleared by its one player
    hard = cardrogue(reader, "maps", "--server", server.url, "--difficulty", "expert", "--json")
    assert hard.returncode == 0 and json.loads(hard.stdout)["items"] == []
    poison = cardrogue(reader, "maps", "--server", server.url, "--tag", "poison")
    assert [line.split()[0] for line in poison.stdout.splitlines()[1:]] == [
        second["share_code"]]
    assert poison.stdout.splitlines()[1].endswith("(Bo) [poison]")
    nothing = cardrogue(reader, "maps", "--server", server.url, "--tag", "maze")
    assert nothing.returncode == 0 and "No maps" in nothing.stdout
    # Unplayed needs a login; a tag outside the vocabulary is refused before asking.
    unplayed = cardrogue(reader, "maps", "--server", server.url, "--unplayed")
    assert unplayed.returncode == 2 and "log in" in unplayed.stderr
    mine = cardrogue(tmp_path / "bo", "maps", "--server", server.url, "--unplayed")
    assert mine.returncode == 0 and len(mine.stdout.splitlines()) == 3  # Bo2 played none
    bad = cardrogue(reader, "maps", "--server", server.url, "--tag", "chess")
    assert bad.returncode == 2 and "invalid choice" in bad.stderr and "Traceback" not in bad.stderr


def test_the_switch_back_hint_can_be_pasted_into_a_shell(tmp_path, server):
    """Found by a tester: a name with a space or a < in it was printed bare in the hint."""
    data = tmp_path / "data"
    assert cardrogue(data, "login", "Ann <Lee>", "--server", server.url).returncode == 0
    other = cardrogue(data, "login", "Bob", "--server", server.url)
    assert other.returncode == 0, other.stderr
    assert "(cardrogue login 'Ann <Lee>' switches back)" in other.stdout


@pytest.mark.parametrize("value", ["0", "101", "-3", "many"])
def test_maps_limit_out_of_range_is_one_clear_line(tmp_path, value):
    """Found by a tester: --limit 0 listed all hundred allowed values."""
    refused = cardrogue(tmp_path, "maps", "--limit", value)  # refused before any server is asked
    assert refused.returncode == 2
    assert f"'{value}' is not a whole number from 1 to 100" in refused.stderr
    assert "choose from" not in refused.stderr and "Traceback" not in refused.stderr


def test_scores_server_without_an_address_uses_the_server_logged_in_to(tmp_path, server):
    code = publish(tmp_path, server)
    player = tmp_path / "player"
    assert cardrogue(player, "login", "Bea", "--server", server.url).returncode == 0
    for args in ((code, "--server"), ("--server", code)):
        board = cardrogue(player, "scores", *args)
        assert board.returncode == 0, board.stderr
        assert f"global leaderboard on {server.url}" in board.stdout
        assert "Author" in board.stdout
    seeded = cardrogue(player, "scores", "seed:7:hard:keys", "--server")
    assert seeded.returncode == 0, seeded.stderr
    assert f"global leaderboard on {server.url}" in seeded.stdout
    nowhere = cardrogue(tmp_path / "nobody", "scores", code, "--server")
    assert nowhere.returncode == 2
    assert nowhere.stderr.strip().splitlines() == [
        "cardrogue scores: no community server is set: choose one in the app's Settings, pass "
        "--server URL, set CARDROGUE_SERVER, or put server = \"URL\" in config.toml in the data "
        "folder"]


def test_publish_with_tags_and_rate_a_cleared_map(tmp_path, server):
    author = tmp_path / "author"
    assert cardrogue(author, "login", "Author", "--server", server.url).returncode == 0
    done = cardrogue(author, "publish", str(author_map(tmp_path / "work")), "--tag", "speed",
                     "--tag", "maze", "--server", server.url)
    assert done.returncode == 0, done.stderr
    code = done.stdout.splitlines()[0].rsplit(" ", 1)[-1]
    assert done.stdout.splitlines()[1] == "Tagged maze, speed"
    wrong = cardrogue(author, "publish", str(author_map(tmp_path / "w2")), "--tag", "easy-peasy",
                      "--server", server.url)
    assert wrong.returncode == 2 and "invalid choice: 'easy-peasy'" in wrong.stderr
    assert "Traceback" not in wrong.stderr

    player = tmp_path / "player"
    assert cardrogue(player, "login", "Bo", "--server", server.url).returncode == 0
    early = cardrogue(player, "rate", code, "4", "hard", "--server", server.url)
    assert early.returncode != 0 and len(early.stderr.strip().splitlines()) == 1
    assert "only a player with a verified clear" in early.stderr
    sent = cardrogue(player, "submit", str(player_run(tmp_path / "runs")), "--server", server.url)
    assert sent.returncode == 0, sent.stderr
    rated = cardrogue(player, "rate", code, "4", "hard", "--server", server.url)
    assert rated.returncode == 0, rated.stderr
    assert rated.stdout.strip() == f"Rated {code}: 4 of 5, hard. The map now has 1 vote(s), " \
        "4.0 stars."
    again = cardrogue(player, "rate", code, "2", "expert", "--server", server.url)
    assert again.stdout.strip().endswith("1 vote(s), 2.0 stars.")  # the vote replaced
    for bad in (["rate", code, "6", "hard"], ["rate", code, "3", "impossible"],
                ["rate", "NOSUCH", "3", "hard"]):
        answer = cardrogue(player, *bad, "--server", server.url)
        assert answer.returncode != 0 and "Traceback" not in answer.stderr, bad
        assert len(answer.stderr.strip().splitlines()) >= 1
