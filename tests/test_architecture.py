"""The shape of the house, checked from the source: no import circles (function-local imports
included), no module found by its name at run time, every game folder built alike."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
GAMES = SRC / "warroom" / "games"


def _modules() -> dict[str, Path]:
    out = {}
    for path in SRC.rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports at run time: at the top or inside a function,
    but not under ``if TYPE_CHECKING`` (those never run)."""
    modules = _modules()

    def owner(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        todo: list[ast.AST] = [ast.parse(path.read_text(), str(path))]
        while todo:
            for node in ast.iter_child_nodes(todo.pop()):
                if _is_type_checking(node):
                    continue
                targets: list[str] = []
                if isinstance(node, ast.Import):
                    targets = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    base = node.module or ""
                    if node.level:
                        parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                        base = ".".join([*parts, *([node.module] if node.module else [])])
                    targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
                for target in targets:
                    found = owner(target)
                    if found is not None and found != name:
                        graph[name].add(found)
                todo.append(node)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_circle_through_a_function_local_import() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_itself_back_through_others() -> None:
    assert cycles(import_graph()) == []


def test_no_module_is_found_by_its_name_at_run_time() -> None:
    """Games and bots are found through the registry's entry points, never by building a
    module's name (``f"warroom.games.{game}.bots"``) and importing it."""
    offenders = []
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
                    and ast.unparse(node.func).endswith("import_module")
                    and node.args and isinstance(node.args[0], ast.JoinedStr)):
                offenders.append(f"{name}: {ast.unparse(node)}")
    assert offenders == []


CLIENTS = ("warroom.terminal", "warroom.terminal_live", "warroom.cli", "warroom.server", "warroom.screens")
# the modules every game folder has, each with the same role (docs/architecture.md, "How a game
# plugs in"); a folder may add its own beside them (Kessen's force.py, Kasl's board.py)
EVERY_GAME = {"rules", "state", "core", "views", "text", "positions", "bots", "reference", "summary"}
# the research pair: a game has both (an observation and a fixed action index) or neither
RESEARCH = {"encode", "action_space"}


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_no_game_module_imports_a_client() -> None:
    """The rules are imported by the terminal, the server and the screens, never the other way:
    a game's look lives in ``warroom.screens``, found by its entry point."""
    offenders = sorted(f"{module} imports {target}" for module, targets in import_graph().items()
                       if _within(module, "warroom.games") for target in targets
                       if any(_within(target, client) for client in CLIENTS))
    assert offenders == []


def test_every_game_folder_has_the_same_core_modules() -> None:
    for folder in sorted(p for p in GAMES.iterdir() if (p / "__init__.py").exists()):
        packages = {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}  # LTK's cards/, generals/
        names = {p.stem for p in folder.glob("*.py")} | packages
        assert names >= EVERY_GAME, f"{folder.name} lacks {sorted(EVERY_GAME - names)}"
        assert names & RESEARCH in (set(), RESEARCH), f"{folder.name} has {sorted(names & RESEARCH)} alone"
        assert "screen" not in names, f"{folder.name}: a game's terminal screen is warroom.screens.{folder.name}"


# ----- moves are read through Move ---------------------------------------------------------------
# Action text is taken apart in one place, ``warroom.engine.actions`` (``Move.parse``); anything
# else splitting on "=" is reading move text by hand. These split text that is not a move:
NOT_MOVE_TEXT_SPLITS = {
    "warroom.engine.game",  # ``--option KEY=VALUE``: a configuration pair typed on the command line
    "warroom.server.app",  # a Set-Cookie header's ``name=value``, to show the host its token
}


def splits_on_equals(source: str) -> list[str]:
    """The calls in ``source`` that split a string on "=" (``split``, ``rsplit``, ``partition``,
    ``rpartition``)."""
    return [ast.unparse(node) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("split", "rsplit", "partition", "rpartition")
            and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value == "="]


def test_the_split_finder_finds_a_move_taken_apart_by_hand() -> None:
    found = splits_on_equals('card = whole(action.rsplit("=", 1)[1])\nk, _, v = w.partition("=")\n'
                             'verb = action.split(" ")[0]\n')
    assert sorted(found) == ["action.rsplit('=', 1)", "w.partition('=')"]


def test_no_module_but_the_parser_splits_move_text() -> None:
    offenders = sorted(f"{name}: {call}" for name, path in _modules().items()
                       if name != "warroom.engine.actions" and name not in NOT_MOVE_TEXT_SPLITS
                       for call in splits_on_equals(path.read_text()))
    assert offenders == []


# ----- the server's units meet only through public names ----------------------------------------
SERVER = SRC / "warroom" / "server"


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_reach(source: str) -> list[str]:
    """Where ``source`` (a server module) uses another module's private names: an underscore
    name imported from a ``warroom.server`` module, or an attribute ``x._name`` on anything but
    ``self``/``cls`` that this module does not define itself (so ``manager._commit``,
    ``self.manager._accept``, ``tables._load`` from outside their own module)."""
    tree = ast.parse(source)
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("warroom.server")):
            found += [f"from {node.module} import {a.name}" for a in node.names if _private(a.name)]
        elif (isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in own
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
            found.append(ast.unparse(node))
    return found


def test_the_private_reach_finder_finds_a_manager_s_private_commit_called_from_outside() -> None:
    source = ("from warroom.server.tables import _record\n"
              "async def advance(manager, table):\n"
              "    await manager._commit(table)\n    self.manager._broadcast(table)\n"
              "class Own:\n    def _mine(self): self._x = 1\n    def go(self, other): other._mine(); self._x\n")
    assert sorted(private_reach(source)) == ["from warroom.server.tables import _record", "manager._commit",
                                             "self.manager._broadcast"]


def test_no_server_module_reaches_into_another_s_private_names() -> None:
    offenders = sorted(f"{path.stem}: {use}" for path in SERVER.rglob("*.py")
                       for use in private_reach(path.read_text()))
    assert offenders == []
