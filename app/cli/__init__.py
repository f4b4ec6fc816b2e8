"""The `cardrogue` command line (cardrogue.py), free of Textual: the app opens only when a
command needs it, through one lazy import."""
