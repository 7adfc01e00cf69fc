"""What the firmware imports, followed from ``code.py`` and ``boot.py``.

The bundle step and its test use this to make sure that every module the board
will import is on the CIRCUITPY drive (in the root folder or in ``lib/``) or is
built into CircuitPython, and that nothing else of the project is shipped.

A package of the project (a folder of the first root) is shipped whole once
any of it is imported: the table imports most of its screens by name the
first time they open (``ui.registry.module``), which no import
statement shows. Desktop-only code lives in folders of its own and so is
never part of one.

An import inside ``try: ... except ImportError:`` is optional: a library has
a fallback for it (``typing`` for annotations, MicroPython's C ``framebuf``
before ``adafruit_framebuf``), so a missing one is not an error. One under
``if _TYPING:`` never runs: the firmware's type-only imports, a block
``_TYPING = const(0)`` has the compiler drop.
"""

import ast
import os

# Modules compiled into CircuitPython 9.x/10.x for the RP2040 and RP2350 that
# circuitpython-stubs does not list (it leaves the standard library to typeshed).
CORE_MODULES = frozenset((
    "array", "binascii", "builtins", "collections", "errno", "gc", "io", "json",
    "math", "os", "random", "re", "select", "struct", "sys", "time",
    "micropython", "traceback", "zlib", "hashlib", "locale", "warnings",
))


def board_builtins(stubs_dir=None):
    """Names of the modules CircuitPython provides without a file on the drive.

    Read from circuitpython-stubs (one ``NAME-stubs`` folder per native module)
    plus ``CORE_MODULES``. Libraries that some boards freeze in (``adafruit_*``)
    are left out: the bundle ships them in ``lib/`` so the firmware does not
    depend on how a particular board was built.
    """
    names = set(CORE_MODULES)
    if stubs_dir is None:
        stubs_dir = _find_stubs_dir()
    if stubs_dir:
        for entry in os.listdir(stubs_dir):
            if entry.endswith("-stubs") and not entry.startswith("adafruit_"):
                names.add(entry[: -len("-stubs")])
    return frozenset(names)


def _find_stubs_dir():
    import sysconfig

    purelib = sysconfig.get_paths()["purelib"]
    if os.path.isdir(os.path.join(purelib, "board-stubs")):
        return purelib
    return None


def _is_import_guard(handler):
    """Whether an ``except`` clause catches a failed import."""
    if handler.type is None:
        return True
    names = []
    if isinstance(handler.type, ast.Tuple):
        names = [getattr(elt, "id", "") for elt in handler.type.elts]
    else:
        names = [getattr(handler.type, "id", "")]
    return any(name in ("ImportError", "ModuleNotFoundError", "Exception") for name in names)


def is_type_only(node):
    """Whether ``node`` is the type-only block ``if _TYPING:``."""
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "_TYPING"


class _ImportFinder(ast.NodeVisitor):
    def __init__(self):
        self.found = []  # (module, level, names, guarded, line)
        self._guard_depth = 0

    def visit_Try(self, node):
        guarded = any(_is_import_guard(handler) for handler in node.handlers)
        if guarded:
            self._guard_depth += 1
        for stmt in node.body:
            self.visit(stmt)
        if guarded:
            self._guard_depth -= 1
        for part in node.handlers + node.orelse + node.finalbody:
            self.visit(part)

    def visit_If(self, node):
        if is_type_only(node):
            for part in node.orelse:  # the block itself is compiled away
                self.visit(part)
        else:
            self.generic_visit(node)

    def visit_Import(self, node):
        for alias in node.names:
            self.found.append((alias.name, 0, (), self._guard_depth > 0, node.lineno))

    def visit_ImportFrom(self, node):
        names = tuple(alias.name for alias in node.names)
        self.found.append((node.module or "", node.level, names, self._guard_depth > 0, node.lineno))


def file_imports(path):
    """Every import statement of a Python file: (module, level, names, guarded, line)."""
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), filename=path)
    finder = _ImportFinder()
    finder.visit(tree)
    return finder.found


def find_module(name, roots):
    """The file that ``import name`` loads from the first root that has it, or None."""
    parts = name.split(".")
    for root in roots:
        base = os.path.join(root, *parts)
        for candidate in (base + ".py", base + ".mpy",
                          os.path.join(base, "__init__.py"), os.path.join(base, "__init__.mpy")):
            if os.path.isfile(candidate):
                return candidate
    return None


def _package_of(path, roots):
    """Dotted package name that a module file lives in ('' at a root)."""
    path = os.path.abspath(path)
    for root in roots:
        root = os.path.abspath(root)
        if path.startswith(root + os.sep):
            rel = os.path.relpath(os.path.dirname(path), root)
            if rel == ".":
                return ""
            return rel.replace(os.sep, ".")
    return ""


class Closure:
    """The modules reachable from some entry files.

    ``files``: module name -> file path for every module found on the roots.
    ``builtin``: names resolved as CircuitPython built-ins.
    ``missing``: (module, importing file, line) for required imports found nowhere.
    ``optional_missing``: the same for guarded imports (allowed to be absent).
    """

    def __init__(self):
        self.files = {}
        self.builtin = set()
        self.missing = []
        self.optional_missing = []


def import_closure(entries, roots, builtins):
    """Follow imports from ``entries`` (file paths) through ``roots`` (folders).

    A module is looked up in the roots first, then among ``builtins``. Parent
    packages of a module are part of the closure, as Python imports them first.
    Files in the records of missing imports are named relative to the first root.
    """
    closure = Closure()
    queue = [(os.path.abspath(path), None) for path in entries]
    seen_files = set()
    while queue:
        path, _ = queue.pop()
        if path in seen_files or not path.endswith(".py"):
            continue
        seen_files.add(path)
        # A relative import counts from the package the file is in (for a
        # package's __init__.py that is the package itself).
        here = _package_of(path, roots)
        for module, level, names, guarded, line in file_imports(path):
            if level:
                base = here.split(".") if here else []
                if level > 1:
                    base = base[: len(base) - (level - 1)]
                module = ".".join(base + ([module] if module else []))
            wanted = [module] if module else []
            # `from pkg import name` may name a submodule of a package.
            for name in names:
                if name != "*" and module:
                    sub = module + "." + name
                    if find_module(sub, roots):
                        wanted.append(sub)
            for target in wanted:
                _add(closure, queue, target, roots, builtins, guarded, path, line)
    return closure


def _add(closure, queue, target, roots, builtins, guarded, path, line):
    parts = target.split(".")
    for depth in range(1, len(parts) + 1):
        name = ".".join(parts[:depth])
        if name in closure.files:
            continue
        found = find_module(name, roots)
        if found:
            closure.files[name] = found
            queue.append((os.path.abspath(found), name))
            folder = os.path.dirname(os.path.abspath(found))
            if (os.path.basename(found).startswith("__init__.")
                    and os.path.dirname(folder) == os.path.abspath(roots[0])):
                # A package of the project: all of it (see the module's doc).
                for entry in sorted(os.listdir(folder)):
                    if entry.endswith(".py") and entry != "__init__.py":
                        _add(closure, queue, name + "." + entry[:-3], roots, builtins,
                             guarded, path, line)
        elif parts[0] in builtins:
            closure.builtin.add(parts[0])
            return
        else:
            record = (name, os.path.relpath(path, roots[0]), line)
            if guarded:
                closure.optional_missing.append(record)
            else:
                closure.missing.append(record)
            return
