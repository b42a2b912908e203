import { assert, assertEquals } from "../helpers/assert.ts";
import { pythonExe } from "./python.ts";

const SDK = new URL("../../sdk/python/zot_ext.py", import.meta.url).pathname;

Deno.test("python sdk: parses as Python 3.9 and imports only the standard library", async () => {
  const script = `
import ast, sys
src = open(sys.argv[1]).read()
tree = ast.parse(src, feature_version=(3, 9))
mods = set()
for node in ast.walk(tree):
    if isinstance(node, ast.Import):
        mods.update(a.name.split(".")[0] for a in node.names)
    elif isinstance(node, ast.ImportFrom) and node.module:
        mods.add(node.module.split(".")[0])
stdlib = set(sys.stdlib_module_names) | {"__future__"}
extra = sorted(m for m in mods if m not in stdlib)
print("non-stdlib:", extra) if extra else None
sys.exit(1 if extra else 0)
`;
  const out = await new Deno.Command(await pythonExe(), {
    args: ["-c", script, SDK],
    stdin: "null",
  })
    .output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert(out.success, text);
});

Deno.test("python sdk: a second command or tool of the same name raises where it is registered", async () => {
  const script = `
import sys
sys.path.insert(0, ${JSON.stringify(SDK.replace(/\/zot_ext\.py$/, ""))})
from zot_ext import Extension
ext = Extension("dup", "1")
ext.command("Notes", "show notes")(lambda args, ctx: None)
for register in (lambda: ext.command("notes")(lambda a, c: None),
                 lambda: (ext.tool("find", "find")(lambda a, c: ""), ext.tool("find", "again")(lambda a, c: ""))):
    try:
        register()
        out = "accepted"
    except ValueError as e:
        out = f"refused: {e}"
    sys.__stdout__.write(out + "\\n")  # the SDK sends print() to stderr
`;
  const out = await new Deno.Command(await pythonExe(), {
    args: ["-c", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
  assertEquals(text.trim().split("\n"), [
    'refused: command "/notes" is already registered (names match in any case)',
    'refused: tool "find" is already registered',
  ]);
});
