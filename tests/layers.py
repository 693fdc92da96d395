"""The layer contract of the project's packages, checked on the source with `ast`.

    engine  <-  {packs, exporters}  <-  {tcstudio, editor}

A package may import only the packages listed for it in LAYERS. `tcstudio` may start the
editor (`tcstudio edit`), so it may import `editor`; the editor never imports the CLI (the
version comes from `engine.version`). Inside the engine, sub-packages are layered too
(ENGINE_LAYERS: base <- content <- rules <- ai <- play). Modules of different packages or
sub-packages must not import each other in a circle. An import inside a function must say
why it is lazy (`# lazy: <why>` above it or its block, or `# lazy-imports: <why>` at the
start of a line of a module whose whole design is deferred loading), so no import hides a
link between modules.

Imports under `if TYPE_CHECKING:` count for the layers (a type is a dependency too) but not
for circles (they never run).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAYERS: dict[str, frozenset[str]] = {
    "engine": frozenset(),
    "packs": frozenset({"engine"}),
    "exporters": frozenset({"engine", "packs"}),
    "tcstudio": frozenset({"engine", "packs", "exporters", "editor"}),
    "editor": frozenset({"engine", "packs", "exporters"}),
}

# Inside the engine, bottom to top: each of these sub-packages may import the ones before it;
# everything else in `engine/` (hexes, model, paths, version, geometry…) is the base and
# imports none of them.
ENGINE_LAYERS = ("engine.content", "engine.rules", "engine.ai", "engine.play")

# The one sanctioned upward read inside the engine: content validation asks the rules'
# registries which ability and variant ids (and scenario trigger and objective kinds) the
# engine knows and plays, so an id that would
# have no effect is refused where it is written ("no silent no-op"). The registries import
# nothing of engine.content, so this adds no circle (the circle check below still runs).
REGISTRY_MODULES = frozenset({"engine.rules.abilities", "engine.rules.variants",
                              "engine.rules.scenario_runtime"})

LAZY_MARK = "# lazy:"
MODULE_LAZY_MARK = "# lazy-imports:"


@dataclass(frozen=True)
class Import:
    """One import statement: who imports what, where, and in which context."""

    source: str
    target: str
    path: Path
    line: int
    in_function: bool
    type_checking: bool
    lazy_reason: bool

    def where(self, root: Path) -> str:
        """`path:line` relative to the project root."""
        return f"{self.path.relative_to(root)}:{self.line}"


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the layered packages under `root` (packages that do not exist yet,
    such as `packs` on an older checkout, are skipped)."""
    modules: dict[str, Path] = {}
    for package in LAYERS:
        folder = root / package
        if not (folder / "__init__.py").is_file():
            continue
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


class _Collector(ast.NodeVisitor):
    def __init__(self, module: str, is_package: bool, path: Path, lines: list[str],
                 known: dict[str, Path]) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.path = path
        self.lines = lines
        self.known = known
        self.depth = 0
        self.type_checking = 0
        self.found: list[Import] = []
        self.module_lazy = any(line.startswith(MODULE_LAZY_MARK) for line in lines)

    def _lazy(self, node: ast.stmt) -> bool:
        if self.module_lazy:
            return True
        if LAZY_MARK in self.lines[node.lineno - 1]:
            return True
        # the comment right above the import, or above the block of imports it starts
        i = node.lineno - 2
        while i >= 0 and self.lines[i].strip().startswith(("#", "from ", "import ")):
            if self.lines[i].strip().startswith(LAZY_MARK):
                return True
            i -= 1
        return False

    def _add(self, node: ast.stmt, target: str) -> None:
        self.found.append(Import(self.module, target, self.path, node.lineno, self.depth > 0,
                                 self.type_checking > 0, self._lazy(node)))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            self.type_checking += 1
            for child in node.body:
                self.visit(child)
            self.type_checking -= 1
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.package.split(".")
            base = base[: len(base) - (node.level - 1)]
            module = ".".join([*base, node.module] if node.module else base)
        else:
            module = node.module or ""
        for alias in node.names:
            # `from pkg import mod` imports the module pkg.mod when there is one.
            sub = f"{module}.{alias.name}"
            self._add(node, sub if sub in self.known else module)


def collect_imports(root: Path = ROOT) -> list[Import]:
    """Every import statement in the layered packages under `root`."""
    known = project_modules(root)
    found: list[Import] = []
    for module, path in known.items():
        text = path.read_text(encoding="utf-8")
        collector = _Collector(module, path.name == "__init__.py", path, text.splitlines(),
                               known)
        collector.visit(ast.parse(text, filename=str(path)))
        found.extend(collector.found)
    return found


def _engine_rank(module: str) -> int:
    """0 for the engine's base, else 1 + the position of its sub-package in ENGINE_LAYERS."""
    part = ".".join(module.split(".")[:2])
    return ENGINE_LAYERS.index(part) + 1 if part in ENGINE_LAYERS else 0


def _engine_violation(source: str, target: str) -> str | None:
    """Why `source` may not import `target` (both in the engine), or None when it may."""
    rank, target_rank = _engine_rank(source), _engine_rank(target)
    if target_rank <= rank:
        return None
    if source.startswith("engine.content.") and target in REGISTRY_MODULES:
        return None
    if rank == 0:
        return f"the engine's base imports none of {', '.join(ENGINE_LAYERS)}"
    below = ", ".join(ENGINE_LAYERS[: rank - 1]) or "only the base"
    return f"{ENGINE_LAYERS[rank - 1]} may import the base and {below}"


def layer_violations(root: Path = ROOT) -> list[str]:
    """Imports that break LAYERS or ENGINE_LAYERS, as `file:line: who imports what`."""
    out = []
    for imp in collect_imports(root):
        top, target_top = imp.source.split(".")[0], imp.target.split(".")[0]
        if target_top not in LAYERS or target_top == top:
            why = _engine_violation(imp.source, imp.target) if top == "engine" else None
            if target_top == "engine" and why:
                out.append(f"{imp.where(root)}: {imp.source} imports {imp.target} ({why})")
            continue
        if target_top not in LAYERS[top]:
            allowed_text = ", ".join(sorted(LAYERS[top])) or "no other package"
            out.append(f"{imp.where(root)}: {imp.source} imports {imp.target} "
                       f"({top} may import {allowed_text})")
    return out


def _package_of(module: str, known: dict[str, Path]) -> str:
    return module if known[module].name == "__init__.py" else module.rpartition(".")[0]


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> project modules it imports when it runs (TYPE_CHECKING imports left out)."""
    known = project_modules(root)
    graph: dict[str, set[str]] = {m: set() for m in known}
    for imp in collect_imports(root):
        if not imp.type_checking and imp.target in known and imp.target != imp.source:
            graph[imp.source].add(imp.target)
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of a directed graph with more than one node
    (Tarjan's algorithm, iterative so deep graphs do not hit the recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return components


def cross_package_cycles(root: Path = ROOT) -> list[list[str]]:
    """Import circles whose modules belong to more than one package or sub-package."""
    known = project_modules(root)
    return [c for c in strongly_connected(import_graph(root))
            if len({_package_of(m, known) for m in c}) > 1]


def hidden_imports(root: Path = ROOT) -> list[str]:
    """Imports inside functions (outside TYPE_CHECKING) without a `# lazy: why` comment."""
    return [f"{imp.where(root)}: {imp.source} imports {imp.target} inside a function"
            for imp in collect_imports(root)
            if imp.in_function and not imp.type_checking and not imp.lazy_reason]
