"""Snapshot tests: how the screens look. `snap_compare` is synchronous, so these tests are too.

Update with `pytest tests/app --snapshot-update`, after checking the report.
"""

from app.cardrogue_app import CardRogueApp


def test_title_80x24(snap_compare, app: CardRogueApp) -> None:
    assert snap_compare(app, terminal_size=(80, 24))


def test_title_120x40(snap_compare, app: CardRogueApp) -> None:
    assert snap_compare(app, terminal_size=(120, 40))


def test_help_80x24(snap_compare, app: CardRogueApp) -> None:
    assert snap_compare(app, press=["question_mark"], terminal_size=(80, 24))
