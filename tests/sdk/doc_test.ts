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
  assert(/ok \| \d+ passed/.test(text), text);
});
