"""Names a package exports but imports only when first used (PEP 562).

A package's `__init__` names everything its users may import, so that they import the package,
never the modules inside it. Some of those modules are slow to import and most programs never
need them (the app's start must stay quick), so they are imported on first use:

    __getattr__ = lazy_exports(__name__, {"engine.core.runs": ("Run", "read_run")})

A name may be exported under another name: "loads_toml=loads". A type checker reads the same
names from an `if TYPE_CHECKING:` import block next to it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def lazy_exports(package: str, modules: Mapping[str, Iterable[str]]) -> Callable[[str], Any]:
    """A module `__getattr__` for `package`: each name is fetched from its module on first use,
    then kept in the package, so later lookups cost nothing."""
    home = {}
    for module, names in modules.items():
        for spelling in names:
            public, _, inner = spelling.partition("=")
            home[public] = (module, inner or public)

    def __getattr__(name: str) -> Any:
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, inner = home[name]
        value = getattr(importlib.import_module(module), inner)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


__all__ = ["lazy_exports"]
