"""Nim, a fifth game that exists for the tests only (issue 31): it proves that a game added from
outside the project is offered, played, replayed, verified and ranked by the app, the CLI and
the server, with no line naming it outside tests/nim/. It registers itself through the
`cardrogue.games` and `cardrogue.app_games` entry points, as an installed game would."""
