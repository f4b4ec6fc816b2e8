"""`cardrogue server`, `cardrogue server admin ...` and `cardrogue worker` (see
app/cli/cardrogue.py).

    cardrogue server [--host 127.0.0.1] [--port 8765] [--database URL] [--workers]
                     [--per-address N/SECONDS] [--per-token N/SECONDS]
                     [--waiting-per-player N] [--header-timeout S] [--body-timeout S] [--connections-per-address N]
                     [--max-actions N] [--max-seconds S]
    cardrogue server admin moderator NAME [--database URL]   a moderator and their token
    cardrogue server admin ban NAME --why TEXT                ban a player from every board
    cardrogue server admin hide MAP --why TEXT                hide a map (id or share code)
    cardrogue worker --database URL [--concurrency N] [--max-actions N] [--max-seconds S]
                                                              verify queued runs

Without --database the server keeps an SQLite file in the data folder and verifies runs in its
own process. The limits' defaults are in server/defaults.py. Like app/cli/runs.py, this module
imports only argparse (and those plain numbers) at startup: FastAPI,
SQLAlchemy and uvicorn load when a command runs, and a missing `server` extra is one line.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

PROG = "cardrogue"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
DATABASE_FILE = "server.db"
EXIT_OK, EXIT_BAD, EXIT_USAGE = 0, 1, 2


def _err(command: str, message: str) -> None:
    from engine.core.safe_text import shown

    print(shown(f"{PROG} {command}: {message}"), file=sys.stderr)


def _database_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database", metavar="URL",
                        help="sqlite:///FILE or postgresql://USER@HOST/NAME (default: an "
                             f"SQLite file, {DATABASE_FILE}, in the data folder)")


def _positive(kind: type) -> Any:
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not 0 < value < float("inf"):
            raise argparse.ArgumentTypeError(f"{text!r}: give a number above 0")
        return value

    return parse


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text[:60]!r}: give a whole number, 0 or more")
    return value


def _budget_arguments(parser: argparse.ArgumentParser) -> None:
    """The budget of one replay: on the server it bounds map clears (and runs, when it verifies
    them itself); on a worker, the runs it verifies."""
    from server.defaults import MAX_ACTIONS, MAX_SECONDS

    parser.add_argument("--max-actions", type=_positive(int), default=None, metavar="N",
                        help="refuse runs of more actions than this as too_large, unreplayed "
                             f"(default {MAX_ACTIONS:,})")
    parser.add_argument("--max-seconds", type=_positive(float), default=None, metavar="S",
                        help="stop a replay that runs longer and refuse it as too_slow "
                             f"(default {MAX_SECONDS:g})")


def _budget(args: argparse.Namespace) -> Any:
    """The replay budget the options ask for (the defaults for those not given)."""
    from dataclasses import replace

    from server.verification import Budget

    budget = Budget()
    if args.max_actions is not None:
        budget = replace(budget, actions=args.max_actions)
    if args.max_seconds is not None:
        budget = replace(budget, seconds=args.max_seconds)
    return budget


def _rate(text: str) -> Any:
    from server.limits import Rate

    try:
        return Rate.parse(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give N/SECONDS, e.g. 600/60 "
                                         "(0: no limit)") from None


def _network(text: str) -> str:
    import ipaddress

    try:
        return str(ipaddress.ip_network(text.strip(), strict=False))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is not an address or a network "
                                         "(e.g. 127.0.0.1 or 10.0.0.0/8)") from None


def add_server_arguments(parser: argparse.ArgumentParser) -> None:
    from server.defaults import PER_ADDRESS, PER_TOKEN

    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"the address to listen on (default {DEFAULT_HOST})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the port to listen on (default {DEFAULT_PORT})")
    _database_argument(parser)
    parser.add_argument("--workers", action="store_true",
                        help="leave verification to `cardrogue worker` processes on the same "
                             "database instead of verifying in this one")
    parser.add_argument("--per-address", type=_rate, default=None, metavar="N/SECONDS",
                        help="requests one address may make, per SECONDS (default "
                             f"{PER_ADDRESS[0]}/{PER_ADDRESS[1]:g}; 0: no limit)")
    parser.add_argument("--per-token", type=_rate, default=None, metavar="N/SECONDS",
                        help="requests one token may make, per SECONDS (default "
                             f"{PER_TOKEN[0]}/{PER_TOKEN[1]:g}; 0: no limit)")
    parser.add_argument("--trusted-proxy", type=_network, action="append", default=[],
                        metavar="ADDRESS",
                        help="a reverse proxy in front of the server (an address or a network, "
                             "e.g. 10.0.0.0/8; may be given more than once): the client's "
                             "address is read from X-Forwarded-For only on connections from "
                             "these (default: from none)")
    from server.defaults import BODY_SECONDS, CONNECTIONS_PER_ADDRESS, HEADER_SECONDS

    parser.add_argument("--header-timeout", type=_positive(float), default=HEADER_SECONDS,
                        metavar="S", help="close a connection whose request's headers take "
                        f"longer than this, with 408 (default {HEADER_SECONDS:g})")
    parser.add_argument("--body-timeout", type=_positive(float), default=BODY_SECONDS,
                        metavar="S", help="close a connection whose request's body takes "
                        f"longer than this after its headers (default {BODY_SECONDS:g})")
    from server.defaults import WAITING_PER_PLAYER

    parser.add_argument("--waiting-per-player", type=_count, default=WAITING_PER_PLAYER,
                        metavar="N", help="runs one player may have waiting for verification; "
                        f"the next is answered 429 (default {WAITING_PER_PLAYER}; 0: no cap)")
    parser.add_argument("--connections-per-address", type=_count,
                        default=CONNECTIONS_PER_ADDRESS, metavar="N",
                        help="connections one client address may hold open at once; the next "
                             f"is answered 503 (default {CONNECTIONS_PER_ADDRESS}; 0: no cap; "
                             "a --trusted-proxy is not capped)")
    _budget_arguments(parser)
    admin = parser.add_subparsers(title="administration", metavar="admin", dest="server_command")
    admin_parser = admin.add_parser("admin", help="manage the server's players and maps",
                                    description="manage the server's players and maps")
    actions = admin_parser.add_subparsers(title="actions", metavar="ACTION", dest="admin_action",
                                          required=True)
    moderator = actions.add_parser("moderator", help="make NAME a moderator (registering it if "
                                   "need be) and print a new token for it")
    moderator.add_argument("name", metavar="NAME")
    _database_argument(moderator)
    ban = actions.add_parser("ban", help="ban a player: their entries leave every board")
    ban.add_argument("name", metavar="NAME")
    ban.add_argument("--why", required=True)
    _database_argument(ban)
    hide = actions.add_parser("hide", help="hide a map (by id or share code)")
    hide.add_argument("map", metavar="MAP")
    hide.add_argument("--why", required=True)
    _database_argument(hide)


def database_url(value: str | None) -> str:
    if value:
        return value
    from services.paths import data_dir

    return f"sqlite:///{data_dir() / DATABASE_FILE}"


def _engine(command: str, value: str | None) -> Any:
    """The migrated database, or None after saying why not."""
    try:
        from server.db import DatabaseURLError, connect
    except ImportError as missing:
        _err(command, f"the server needs its extra packages ({missing.name} is missing): "
             "pip install 'cardrogue[server]'")
        return None
    from sqlalchemy.exc import SQLAlchemyError

    from services.paths import DataFolderError

    try:
        return connect(database_url(value))
    except (DatabaseURLError, DataFolderError) as error:
        _err(command, str(error))
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()
        _err(command, f"the database cannot be used: {reason[0] if reason else error}")
    return None


def run_server(args: argparse.Namespace) -> int:
    if getattr(args, "server_command", None) == "admin":
        return run_admin(args)
    if not 0 < args.port < 65536:
        _err("server", f"--port {args.port}: a port is between 1 and 65535")
        return EXIT_USAGE
    problem = _cannot_listen(args.host, args.port)
    if problem:
        _err("server", f"cannot listen on {args.host}:{args.port}: {problem}")
        return EXIT_BAD
    if args.workers and not (args.database or "").startswith("postgres"):
        _err("server", "--workers needs PostgreSQL (--database postgresql://...); with SQLite "
             "the server verifies runs itself")
        return EXIT_USAGE
    engine = _engine("server", args.database)
    if engine is None:
        return EXIT_BAD
    import uvicorn

    from server.app import Settings, create_app
    from server.connections import ConnectionLimits, guarded_protocol

    settings = Settings(database=engine.url.render_as_string(hide_password=False),
                        verify_in_process=not args.workers, queue_jobs=args.workers,
                        budget=_budget(args), waiting_per_player=args.waiting_per_player)
    if args.per_address is not None:
        settings.per_address = args.per_address
    if args.per_token is not None:
        settings.per_token = args.per_token
    app = create_app(settings, engine=engine)
    where = "SQLite" if engine.dialect.name == "sqlite" else "PostgreSQL"
    verifying = "by workers" if args.workers else "in this process"
    print(f"{PROG} server: listening on http://{args.host}:{args.port} ({where}; runs verified "
          f"{verifying}); Ctrl+C stops it", flush=True)
    try:
        # uvicorn's own proxy-header handling, trusting only the configured proxies: its
        # default trusts X-Forwarded-For from loopback, which let any local client pick the
        # address its requests are counted under.
        trusted = list(args.trusted_proxy)
        limits = ConnectionLimits(header_seconds=args.header_timeout,
                                  body_seconds=args.body_timeout,
                                  per_address=args.connections_per_address,
                                  exempt=frozenset(trusted))
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                    proxy_headers=bool(trusted), forwarded_allow_ips=trusted or None,
                    http=guarded_protocol(limits))
    finally:
        engine.dispose()
    return EXIT_OK


def _cannot_listen(host: str, port: int) -> str | None:
    """Why the server could not listen there (a port in use, an address not ours), if so:
    said in our words before uvicorn starts, rather than in its log."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        with socket.socket(infos[0][0], socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(infos[0][4])
    except OSError as error:
        return error.strerror or str(error)
    return None


def run_admin(args: argparse.Namespace) -> int:
    engine = _engine("server admin", args.database)
    if engine is None:
        return EXIT_BAD
    from server import store
    from server.db import writing

    try:
        with writing(engine) as conn:
            if args.admin_action == "moderator":
                from server.app import ApiError, check_name

                try:
                    name = check_name(args.name)
                except ApiError as error:
                    _err("server admin", f"{args.name!r}: {error.message}")
                    return EXIT_BAD
                token = store.new_token_for(conn, name, role="moderator")
                if token is None:
                    token = store.create_player(conn, name, role="moderator")
                store.log(conn, None, "make_moderator", name, "cardrogue server admin")
                print(token)
            elif args.admin_action == "ban":
                target = store.player_by_name(conn, args.name)
                if target is None:
                    _err("server admin", f"no player is named {args.name!r}")
                    return EXIT_BAD
                removed = store.ban_player(conn, target.id, target.name, None, args.why)
                print(f"banned {target.name}; {removed} board entries removed")
            else:
                row = store.map_by_ref(conn, args.map, include_hidden=True)
                if row is None:
                    _err("server admin", f"no map has the id or share code {args.map!r}")
                    return EXIT_BAD
                store.hide_map(conn, row.id, None, args.why)
                print(f"hid {row.share_code} ({row.title})")
    finally:
        engine.dispose()
    return EXIT_OK


def add_worker_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database", metavar="URL", required=True,
                        help="the server's database (postgresql://USER@HOST/NAME)")
    from server.defaults import WORKER_CONCURRENCY

    parser.add_argument("--concurrency", type=int, default=WORKER_CONCURRENCY, metavar="N",
                        help=f"runs verified at once by this worker (default "
                             f"{WORKER_CONCURRENCY})")
    _budget_arguments(parser)
    parser.add_argument("--stalled-after", type=float, default=None, metavar="SECONDS",
                        help="a worker silent this long is taken for dead and its runs are "
                             "verified again (default 30)")


def _worker_engine(url: str) -> Any:
    """As _engine, but a database that does not answer yet is waited for (with the backoff of a
    worker that loses it later), so that workers may be started before PostgreSQL is."""
    try:
        from sqlalchemy.exc import SQLAlchemyError

        from server import queue
        from server.db import connect
    except ImportError:
        return _engine("worker", url)  # says which package is missing
    wait = queue.FIRST_RETRY
    while True:
        try:
            return connect(database_url(url))
        except SQLAlchemyError as error:
            if not queue.unreachable(error):
                return _engine("worker", url)  # says why, in the server's words
            reason = queue.lost_because(error)
        except Exception:  # noqa: BLE001 - a bad URL or data folder: _engine says which
            return _engine("worker", url)
        print(f"{PROG} worker: the database does not answer yet ({reason}); waiting for it",
              file=sys.stderr, flush=True)
        wait = queue.wait_for_database(url, wait)


def run_worker(args: argparse.Namespace) -> int:
    if args.concurrency < 1 or (args.stalled_after is not None and args.stalled_after <= 0):
        _err("worker", "--concurrency and --stalled-after must be positive")
        return EXIT_USAGE
    if args.database.startswith("sqlite"):
        _err("worker", "workers need PostgreSQL; with SQLite the server verifies runs itself")
        return EXIT_USAGE
    try:
        engine = _worker_engine(args.database)
    except KeyboardInterrupt:
        return EXIT_OK
    if engine is None:
        return EXIT_BAD
    from server import queue

    print(f"{PROG} worker: verifying queued runs; Ctrl+C stops it", flush=True)
    try:
        queue.run_workers(engine.url.render_as_string(hide_password=False), engine,
                          concurrency=args.concurrency,
                          stalled_after=args.stalled_after or queue.STALLED_AFTER,
                          budget=_budget(args))
    except KeyboardInterrupt:
        pass
    finally:
        engine.dispose()
    return EXIT_OK
