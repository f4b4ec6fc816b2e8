"""A game's rules reference as searchable terms: each game writes its own `Term`s, in our own
words, and the help screen (app/screens/rules.py) searches them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Term:
    name: str
    text: str
    aliases: tuple[str, ...] = ()
    see: tuple[str, ...] = ()

    def matches(self, query: str) -> bool:
        """Whether every word of `query` appears in the name, an alias or the text."""
        words = query.casefold().split()
        if not words:
            return True
        haystack = " ".join((self.name, *self.aliases, self.text)).casefold()
        return all(word in haystack for word in words)

    def rank(self, query: str) -> int:
        """Lower is better: a match in the name comes before one in the text."""
        q = query.casefold().strip()
        names = [self.name.casefold(), *(a.casefold() for a in self.aliases)]
        if any(n == q for n in names):
            return 0
        if any(n.startswith(q) for n in names):
            return 1
        if any(q in n for n in names):
            return 2
        return 3


def search(query: str, terms: Sequence[Term], *, by_name: bool = False) -> list[Term]:
    """The entries of `terms` matching every word of `query`, names before texts. Ties (and an
    empty query's whole list) keep the order of `terms`, or go alphabetically with `by_name`."""
    found = [term for term in terms if term.matches(query)]
    if not query.strip():
        if by_name:
            found.sort(key=lambda term: term.name.casefold().lstrip("+−-"))
        return found
    if by_name:
        found.sort(key=lambda term: term.name.casefold())
    found.sort(key=lambda term: term.rank(query))
    return found
