"""docs/architecture.md §2: what each layer may import, and what the code cites exists."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# bot/rules: pure. No project imports, no I/O, clock, randomness or asyncio.
RULES_ALLOWED = {
    "__future__",
    "re",
    "collections",
    "dataclasses",
    "enum",
    "typing",
    "hashlib",
    "itertools",
    "functools",
    "math",
    "numpy",
}


def imports_of(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
    return found


def test_rules_module_imports_only_pure_stdlib():
    files = sorted((ROOT / "bot" / "rules").glob("*.py"))
    assert files
    for path in files:
        for module, level in imports_of(path):
            if level:  # relative import inside bot.rules
                continue
            top = module.split(".")[0]
            assert top in RULES_ALLOWED, f"{path.name} imports {module}"


def test_rules_module_uses_no_global_randomness_or_clock():
    for path in (ROOT / "bot" / "rules").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in ("import random", "import time", "datetime", "open(", "print("):
            assert word not in text, f"{path.name} uses {word}"


def test_pure_layers_do_not_touch_discord_or_storage():
    for layer in ("game", "ai", "rules"):
        for path in sorted((ROOT / "bot" / layer).glob("*.py")):
            for module, level in imports_of(path):
                top = module.split(".")[0]
                assert top not in ("discord", "aiosqlite", "sqlite3", "asyncio"), f"{path} imports {module}"
                assert not module.startswith(("bot.storage", "bot.services")), f"{path} imports {module}"
                if level >= 2 or (level == 1 and module.startswith("storage")):
                    raise AssertionError(f"{path} reaches outside its package: {module}")


def test_sql_only_in_storage():
    words = ("SELECT ", "INSERT INTO", "UPDATE tables", "CREATE TABLE", "DELETE FROM")
    for path in [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]:
        if "storage" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for word in words:
            assert word not in text, f"{path} holds SQL ({word.strip()})"


def test_the_product_never_imports_research():
    for package in ("bot", "cogs"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for module, _ in imports_of(path):
                assert module.split(".")[0] not in ("research", "benchmarks"), f"{path} imports {module}"


def test_the_shipped_package_holds_no_research_code():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    assert all(not pattern.startswith(("research", "benchmarks", "tests")) for pattern in include)
    assert not (ROOT / "bot" / "ai" / "arena.py").exists()


def test_every_document_the_code_cites_is_in_the_repository():
    import re

    cited = set()
    for folder in ("bot", "cogs", "tests", "benchmarks", "research"):
        for path in (ROOT / folder).rglob("*.py"):
            cited |= set(
                re.findall(
                    r"\b((?:docs|research|benchmarks|bot|cogs)/[\w/.-]+\.(?:md|py|npz))",
                    path.read_text(encoding="utf-8"),
                )
            )
            for outside in ("RULES" + ".md", "DESIGN" + ".md"):  # the briefs outside the repository
                assert not re.search(rf"(?<!docs/){outside}", path.read_text(encoding="utf-8")), path
    assert cited
    for name in sorted(cited):
        assert (ROOT / name).exists(), name


def test_every_section_the_code_cites_exists():
    """``docs/rules.md §10.2`` in a docstring names a heading of that document (issue 40, item 5:
    code cited §4.3 and §11.4, which did not exist)."""
    import re

    cited: set[tuple[str, str]] = set()
    for folder in ("bot", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            cited |= set(re.findall(r"\b(docs/[\w-]+\.md) §([0-9]+(?:\.[0-9]+)*)", text))
    assert len(cited) > 10
    for doc, section in sorted(cited):
        headings = [line for line in (ROOT / doc).read_text(encoding="utf-8").splitlines() if line.startswith("#")]
        numbers = {n for h in headings for n in re.findall(r"(?<![\d.])(\d+(?:\.\d+)*)\.?(?=\s)", h)}
        assert section in numbers, f"{doc} §{section}: no such heading"


def test_the_architecture_names_every_module():
    """Issue 40, item 5: docs/architecture.md names every module of bot/ and cogs/ in one line."""
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    lines = {line.split()[0] for line in doc.splitlines() if line.startswith(("bot/", "cogs/"))}
    for package in ("bot", "cogs"):
        for path in sorted((ROOT / package).rglob("*.py")):
            assert str(path.relative_to(ROOT)) in lines, path


def test_cogs_reach_the_services_only_through_their_methods():
    """Issue 40, item 1: a census of cogs/. A cog calls a service's methods and nothing else of
    it (no attribute read, no storage, store or live tables), reads nobody's private attributes,
    imports neither bot.storage nor the live Table (it gets TableSnapshot and views)."""
    import re

    service = re.compile(
        r"^(?:(?:self|jass|bot|self\.bot|interaction\.client)\.)?service$"
        r"|^(?:self\.bot|bot|interaction\.client)\.(?:tournaments|challenges|stats|services)$"
    )
    # The table service's get() hands out the live Table; cogs call table() (a snapshot) instead.
    table_service = re.compile(r"^(?:self\.bot|bot|jass|interaction\.client)\.service$")
    holds_table_service = {"jass.py", "table_messages.py", "hand_messages.py"}  # their self.service
    found: list[str] = []
    for path in sorted((ROOT / "cogs").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        where = f"{path.name}:"
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                base = ast.unparse(node.value)
                parent = parents.get(node)
                if service.match(base) and not (isinstance(parent, ast.Call) and parent.func is node):
                    found.append(f"{where}{node.lineno} reads {base}.{node.attr}")
                live = table_service.match(base) or (base == "self.service" and path.name in holds_table_service)
                if live and node.attr == "get":
                    found.append(f"{where}{node.lineno} gets the live Table: {base}.get")
                if node.attr in ("storage", "store", "tables", "_storage", "_store", "_tables"):
                    found.append(f"{where}{node.lineno} {ast.unparse(node)}")
                # cogs/rest.py is the one place that reads discord.py's HTTP client (tests/discord/test_rest.py)
                discord_py = path.name == "rest.py" and base in ("http", "limit")
                private = node.attr.startswith("_") and not node.attr.startswith("__")
                if private and base not in ("self", "cls") and not discord_py:
                    found.append(f"{where}{node.lineno} private {ast.unparse(node)}")
            elif isinstance(node, ast.ImportFrom | ast.Import):
                module = node.module or "" if isinstance(node, ast.ImportFrom) else ""
                names = [alias.name for alias in node.names]
                if module.startswith("bot.storage") or any(n.startswith("bot.storage") for n in names):
                    found.append(f"{where}{node.lineno} imports bot.storage")
                if module == "bot.game.table" or (module == "bot.game" and "Table" in names):
                    found.append(f"{where}{node.lineno} imports the live Table")
    assert not found, "\n".join(found)


def test_the_census_of_cogs_can_fail(tmp_path, monkeypatch):
    """The census above finds what it is for (a cog written the old way)."""
    bad = tmp_path / "cogs"
    bad.mkdir()
    (bad / "jass.py").write_text(
        "from bot.game import Table\n"
        "async def f(self):\n"
        "    x = self.service.storage\n"
        "    y = self.bot.tournaments.rules\n"
        "    z = self.messages._where\n"
        "    return await self.service.get('t')\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    try:
        test_cogs_reach_the_services_only_through_their_methods()
    except AssertionError as err:
        text = str(err)
    else:
        raise AssertionError("the census found nothing in a bad cog")
    findings = ("reads self.service.storage", "reads self.bot.tournaments.rules", "private self.messages._where",
                "imports the live Table", "gets the live Table: self.service.get")  # fmt: skip
    for finding in findings:
        assert finding in text, text


def _project_imports(path: Path) -> list[str]:
    """The absolute module names a file imports (relative ones resolved inside ``bot``)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out = []
    for module, level in imports_of(path):
        if level:
            base = package.split(".")[: len(package.split(".")) - level + 1]
            module = ".".join([*base, module] if module else base)
        out.append(module)
    return out


def test_the_web_layer_is_fenced():
    """Issue 63, item 6: bot/web talks to the services like cogs/ does; no Discord, no cogs, and the
    database only where it is opened (process.py) and for the site's type (pages.py)."""
    files = sorted((ROOT / "bot" / "web").rglob("*.py"))
    assert files
    for path in files:
        for module in _project_imports(path):
            top = module.split(".")[0]
            assert top not in ("discord", "cogs", "aiosqlite", "asyncpg", "sqlite3"), f"{path} imports {module}"
            if module.startswith("bot.storage"):
                assert path.name in ("process.py", "pages.py"), f"{path} imports {module}"


def test_the_terminal_is_fenced():
    """Issue 63, item 6: the terminal game needs neither Discord, nor the web, nor a database."""
    files = sorted((ROOT / "bot" / "terminal").rglob("*.py"))
    assert files
    for path in files:
        for module in _project_imports(path):
            top = module.split(".")[0]
            assert top not in ("discord", "cogs", "aiohttp", "aiosqlite", "asyncpg", "sqlite3"), f"{path}: {module}"
            assert not module.startswith(("bot.web", "bot.services", "bot.storage")), f"{path} imports {module}"


KIND_PARTS_MAY_IMPORT = {
    # each module of a kind's package: the project packages it may import (besides the standard library)
    "__init__.py": ("bot.rules",),
    "rules.py": ("bot.rules",),
    "texts.py": (),
    "engine.py": ("bot.rules", "bot.game", "bot.kinds"),
    "players.py": ("bot.rules", "bot.game", "bot.ai", "bot.kinds"),
    "terminal.py": ("bot.rules", "bot.game", "bot.terminal", "bot.texts", "bot.kinds"),
    "web.py": ("bot.rules", "bot.game", "bot.web", "bot.texts", "bot.kinds"),
    "pictures.py": ("bot.rules", "bot.render", "bot.kinds"),
    "presenter.py": (
        "bot.rules",
        "bot.game",
        "bot.texts",
        "bot.render",
        "bot.stats",
        "bot.kinds",
        "cogs",
        "discord",
        "bot.client",
    ),  # the bot's type, for type checking only
}


def test_each_kind_is_one_package_layered_inside():
    """Issue 63, item 1: a kind's package holds its parts by name; its rules and declaration import
    nothing of the project but bot.rules, its presenter is the only part that imports discord, and
    no other part reaches a layer above its own."""
    packages = [p for p in sorted((ROOT / "bot" / "kinds").iterdir()) if (p / "__init__.py").exists()]
    assert {p.name for p in packages} >= {"schieber", "coiffeur", "differenzler", "molotow"}
    found = []
    for package in packages:
        assert (package / "engine.py").exists(), f"{package.name} has no engine.py"
        for path in sorted(package.glob("*.py")):
            allowed = KIND_PARTS_MAY_IMPORT.get(path.name)
            if allowed is None:
                found.append(f"{package.name}/{path.name}: not a part a kind may hold")
                continue
            for module, level in imports_of(path):
                if level:
                    continue  # within the package
                top = module.split(".")[0]
                if top in ("bot", "cogs", "discord"):
                    project = module if top != "bot" else ".".join(module.split(".")[:2])
                    if project.startswith("bot.kinds") and not module.startswith(f"bot.kinds.{package.name}"):
                        if module != "bot.kinds":
                            found.append(f"{package.name}/{path.name} imports another kind: {module}")
                    elif not any(project == a or project.startswith(a + ".") or module.startswith(a) for a in allowed):
                        found.append(f"{package.name}/{path.name} imports {module}")
    assert not found, "\n".join(found)


#: Shared modules allowed to import a kind's package: none (``/rules coiffeur`` is the Coiffeur
#: presenter's own ``RULES_COMMANDS`` now, added to /rules when the rules cog loads).
KIND_IMPORTS_ALLOWED: set[tuple[str, str]] = set()


def test_no_shared_module_names_a_kind_package():
    """Shared code asks the registry; only bot/kinds/__init__.py lists the kinds' packages."""
    found = []
    for package in ("bot", "cogs"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.is_relative_to(ROOT / "bot" / "kinds"):
                continue
            for module, _ in imports_of(path):
                if (
                    module.startswith("bot.kinds.")
                    and (str(path.relative_to(ROOT)), module) not in KIND_IMPORTS_ALLOWED
                ):
                    found.append(f"{path.relative_to(ROOT)} imports {module}")
    assert not found, "\n".join(found)


def kind_writes(paths: list[Path]) -> list[str]:
    """Every assignment to a field of the table (``table.x = …``, ``table.x[k] += …``) in ``paths``."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, ast.AugAssign | ast.AnnAssign) else []  # fmt: skip
            for target in targets:
                for part in ast.walk(target):
                    if (
                        isinstance(part, ast.Attribute)
                        and isinstance(part.value, ast.Name)
                        and part.value.id == "table"
                    ):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} table.{part.attr}")
    return found


def test_a_kind_never_writes_the_table():
    """Issue 63, item 3: engines decide and return events or a Step; the table applies them
    (48 assignments to the table's fields in the engines before)."""
    engines = [*(ROOT / "bot" / "game" / "kinds").glob("*.py"), *(ROOT / "bot" / "kinds").glob("*/engine.py"),
               ROOT / "tests" / "kinds" / "toy" / "engine.py"]  # fmt: skip
    assert len(engines) >= 9
    assert kind_writes(engines) == []


def test_the_count_of_table_writes_can_fail(tmp_path):
    bad = tmp_path / "engine.py"
    bad.write_text("def dealt(self, table):\n    table.phase = 1\n    table.counters['x'][0] += 1\n", encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert kind_writes([bad]) == ["engine.py:2 table.phase", "engine.py:3 table.counters"]
    finally:
        ROOT = saved


COGS = {"jass", "history", "settings", "ranking", "tournament", "challenge", "rules"}  # the extensions


def test_cogs_are_peers():
    """Issue 63, item 5: no cog imports another (they talk through the services and the bot's
    events); every extension the bot loads is one of them, and /jass is split by concern."""
    from bot.client import EXTENSIONS

    assert {e.removeprefix("cogs.") for e in EXTENSIONS} == COGS
    found = []
    for name in sorted(COGS):
        path = ROOT / "cogs" / f"{name}.py"
        for module, level in imports_of(path):
            target = module.removeprefix("cogs.") if not level else module
            if (level == 1 or module.startswith("cogs.")) and target.split(".")[0] in COGS:
                found.append(f"cogs/{name}.py imports {module}")
        text = path.read_text(encoding="utf-8")
        if "get_cog(" in text:
            found.append(f"cogs/{name}.py looks another cog up")
    assert not found, "\n".join(found)
    tree = ast.parse((ROOT / "cogs" / "jass.py").read_text(encoding="utf-8"))
    [jass] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Jass"]
    methods = [n for n in jass.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    assert len(methods) < 45  # 55 before the split
