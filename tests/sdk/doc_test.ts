import { assert } from "../helpers/assert.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("sdk: the JSDoc examples type-check and run (deno test --doc src/sdk/)", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["test", "--doc", "--no-prompt", "src/sdk/"],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert(out.success, text);
  // Every @example must have run: "ok | 0 passed" would mean none was found.
  let examples = 0;
  for await (const e of Deno.readDir(`${ROOT}src/sdk`)) {
    if (!e.isFile || !e.name.endsWith(".ts")) continue;
    examples += (await Deno.readTextFile(`${ROOT}src/sdk/${e.name}`)).split("@example").length - 1;
  }
  assert(examples > 0, "src/sdk has no @example to run");
  const passed = Number(/ok \| (\d+) passed/.exec(text)?.[1] ?? 0);
  assert(passed >= examples, `${passed} doc tests passed for ${examples} @examples:\n${text}`);
});
