"""`cardrogue --plain web` starts each visitor's app in plain mode (issue 34); without the flag
the app starts as usual. The server itself is not started: its options are looked at."""

from __future__ import annotations

import pytest

from app.cli import cardrogue
from app.web import host
from app.web.sessions import app_command


@pytest.mark.parametrize(("flags", "extra"), [(["--plain"], ("--plain",)), ([], ())])
def test_the_visitors_app_is_started_with_plain_mode_as_asked(tmp_path, monkeypatch, flags,
                                                               extra) -> None:
    monkeypatch.setenv("CARDROGUE_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("CARDROGUE_SERVER", raising=False)
    served: list[host.WebOptions] = []
    monkeypatch.setattr(host, "serve", served.append)
    assert cardrogue.main([*flags, "web"]) == 0
    [options] = served
    assert options.command == (*app_command(), *extra)
