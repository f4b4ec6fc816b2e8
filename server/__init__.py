"""The community server: published challenge maps and verified high scores (docs/server.md).

Headless like services/: FastAPI, SQLAlchemy Core and Alembic, never Textual. The game's rules
are reached only through server/verification.py.
"""
