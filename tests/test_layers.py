"""The layers hold: ``bot`` -> ``tables`` -> ``games``, ``storage``, checked over the imports.

The import graph is read from the source with ``ast``: every ``import`` and ``from ... import``
anywhere in a module, the ones inside functions included (a function-local import hides a
dependency and a cycle from a reader, not from Python). Imports under ``if TYPE_CHECKING:``
are left out: they never run, and annotations may name a type of a higher layer.

The rules (README, "Layout"):
- ``games`` imports nothing of ours but ``games``; ``games.core`` (the contract) not even
  ``games.players`` or a game: the games build on the contract, not the reverse.
- ``storage`` imports nothing of ours but ``storage``.
- ``tables`` imports ``games`` and ``storage``.
- ``pictures`` imports ``games``.
- ``settings`` (the operator's configuration) imports ``tables`` and ``storage`` for the
  defaults and bounds it checks, never ``bot`` or ``tischrunde``.
- ``bot`` imports ``tables``, ``games``, ``pictures`` and ``settings``; never ``storage`` (the
  records and types it needs come through ``tables``) and never ``tischrunde``.
- ``tischrunde``, the command line, sits on top and may import any of them.
- No cycle between modules.
- ``bot`` calls no method of the repository: it opens one at start-up and hands it to the
  ``tables`` services, which alone read and write it (issue 21).
- Discord's markup (``<t:...>``, ``<@...>``, ``<#...>``) is written in ``bot`` only: the
  other layers return data (a timestamp, a user id) and the bot formats it.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "storage", "tables", "pictures", "settings", "bot", "tischrunde")
ALLOWED = {
    "games": {"games"},
    "storage": {"storage"},
    "tables": {"tables", "games", "storage"},
    "pictures": {"pictures", "games"},
    "settings": {"settings", "tables", "storage"},
    "bot": {"bot", "tables", "games", "pictures", "settings"},
    "tischrunde": set(PACKAGES),
}
MARKUP = re.compile(r"<(t:|@|#)")


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    line: int
    local: bool
    """Inside a function or class body (hidden from a reader of the module's head)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def our_modules() -> dict[str, Path]:
    modules = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            modules[module_name(path)] = path
    return modules


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of every node under an ``if TYPE_CHECKING:`` block."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in (
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        ):
            hidden.update(id(child) for statement in node.body for child in ast.walk(statement))
    return hidden


def _local(tree: ast.Module) -> set[int]:
    """The ids of every node inside a function or a class."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            inside.update(id(child) for statement in node.body for child in ast.walk(statement))
    return inside


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """Every import of ``module`` that names one of our modules, resolved to the most specific
    module it names (``from . import i18n`` in ``bot.flows`` is ``bot.i18n``).
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden, inside = _type_checking_only(tree), _local(tree)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found = []
    for node in ast.walk(tree):
        if id(node) in hidden or not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            targets = [
                f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in modules else stem
                for alias in node.names
            ]
        for target in targets:
            if target.split(".")[0] in PACKAGES:
                found.append(Import(module, target, node.lineno, id(node) in inside))
    return found


def all_imports() -> list[Import]:
    modules = our_modules()
    return [
        found for module, path in modules.items() for found in imports_of(module, path, modules)
    ]


def test_the_graph_is_read_with_function_local_imports():
    """The graph is not a stub: it holds the bot's flows importing the table service, and an
    import made inside a function is counted (the command line starts the bot from one)."""
    imports = all_imports()
    assert any(i.source == "bot.flows.base" and i.target == "tables.service" for i in imports)
    assert any(i.local and i.source.startswith("tischrunde") for i in imports)


def test_each_layer_imports_only_the_layers_below_it():
    """README "Layout": bot -> tables -> games, storage; no layer imports one above it."""
    wrong = [
        f"{i.source}:{i.line} imports {i.target}"
        for i in all_imports()
        if i.target.split(".")[0] not in ALLOWED[i.source.split(".")[0]]
    ]
    assert wrong == []


def test_the_contract_does_not_import_players_or_games():
    """games.core is the contract the games build on; it imports only games.core."""
    wrong = [
        f"{i.source}:{i.line} imports {i.target}"
        for i in all_imports()
        if i.source.startswith("games.core") and not i.target.startswith("games.core")
    ]
    assert wrong == []


def test_no_import_cycles_even_through_function_local_imports():
    """An import cycle, hidden or not, means two modules cannot be understood (or loaded) one
    without the other."""
    graph = nx.DiGraph()
    for found in all_imports():
        if found.source != found.target:
            graph.add_edge(found.source, found.target)
    cycles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert cycles == []


def test_discord_markup_is_made_in_the_bot_only():
    """tables, storage, games, pictures and settings return data (a timestamp, a user id); the
    bot turns it into ``<t:...>``, ``<@...>`` or ``<#...>``."""
    wrong = []
    for module, path in our_modules().items():
        if module.split(".")[0] in ("bot", "tischrunde"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and MARKUP.search(node.value):
                wrong.append(f"{module}:{node.lineno}: {node.value[:60]!r}")
    assert wrong == []


REPOSITORY_NAMES = frozenset({"repository", "repo"})


def _is_repository(node: ast.AST) -> TypeGuard[ast.expr]:
    """Whether ``node`` is an expression the bot names the repository by: ``repository`` or
    ``repo``, as a name or an attribute, or a call of ``repository_or_fail()``."""
    if isinstance(node, ast.Name):
        return node.id in REPOSITORY_NAMES
    if isinstance(node, ast.Attribute):
        return node.attr in REPOSITORY_NAMES
    if isinstance(node, ast.Call):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        return name == "repository_or_fail"
    return False


def repository_uses(source: str) -> list[str]:
    """Every place ``source`` uses the repository for more than holding it and handing it on.

    Allowed: passing it to a call (a service's constructor, ``close_storage``), comparing it
    (``is None``) and storing it in an attribute named ``repository`` (the bot's own). Anything else, a method called on
    it or a second name made for it (``repo = ...``, which would hide the calls that follow),
    is a use.
    """
    tree = ast.parse(source)
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    uses = []
    for node in ast.walk(tree):
        if not _is_repository(node):
            continue
        parent = parents.get(id(node))
        if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Store):
            continue  # the attribute or parameter being set; its value is checked on its own
        handed_on = isinstance(parent, ast.keyword) or (
            isinstance(parent, ast.Call) and node in parent.args
        )
        kept = isinstance(parent, (ast.Assign, ast.AnnAssign)) and all(
            isinstance(target, ast.Attribute) and target.attr == "repository"
            for target in (parent.targets if isinstance(parent, ast.Assign) else [parent.target])
        )
        if handed_on or kept or isinstance(parent, ast.Compare):
            continue
        uses.append(f"{node.lineno}: {ast.unparse(parent or node)[:80]}")
    return sorted(uses, key=lambda use: int(use.split(":")[0]))


def test_the_repository_check_finds_calls_and_second_names():
    """The check is not a stub: it finds the forms the bot once used to reach storage, and
    lets through holding the repository and handing it to a service."""
    reached = """
async def f(bot, self, url):
    await bot.repository_or_fail().posts(table_id=1)
    await self.bot.repository.set_reminders_off("1", True)
    repo = self.bot.repository_or_fail()
    store = self.bot.repository
    await self.service.repo.log(1)
"""
    assert [use.split(":")[0] for use in repository_uses(reached)] == ["3", "4", "5", "6", "7"]
    held = """
async def f(self, url, repository=None):
    self.repository = repository
    if self.repository is None:
        self.repository = await open_storage(url)
    self.service = TableService(self.repository, clock=time)
    self.members = Members(repo=self.repository)
    await close_storage(self.repository)
"""
    assert repository_uses(held) == []


def test_the_bot_calls_no_repository_method():
    """README "Layout": the bot reaches storage only through the ``tables`` services; it may
    open the repository at start-up and hand it to them, nothing more (issue 21)."""
    wrong = [
        f"{module}:{use}"
        for module, path in our_modules().items()
        if module.split(".")[0] == "bot"
        for use in repository_uses(path.read_text(encoding="utf-8"))
    ]
    assert wrong == []
