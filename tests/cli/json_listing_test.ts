/**
 * Every `--json` listing prints one JSON object whose keys, at every depth,
 * are snake_case: `zot ext list --json`, `zot ext doctor --json` (static and
 * after a live start) and `zot --list-models --json`.
 *
 * @module
 */

import { fileURLToPath as fromFileUrl } from "node:url";
import { join } from "node:path";
import { assert, assertEquals } from "../helpers/assert.ts";
import { processesMatching } from "../helpers/procs.ts";
import { tempZot } from "../helpers/tmp.ts";
import { zot, type ZotEnv } from "./ext/run_zot.ts";

const FIXTURES = fromFileUrl(new URL("../fixtures/manage/", import.meta.url));
const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** Every key of every object inside `value` that is not snake_case, as a path. */
function badKeys(value: unknown, at = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => badKeys(v, `${at}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(SNAKE.test(k) ? [] : [`${at}.${k}`]),
    ...badKeys(v, `${at}.${k}`),
  ]);
}

/** Runs zot, checks stdout is exactly one JSON object with snake_case keys, returns it. */
async function oneObject(z: ZotEnv, ...args: string[]): Promise<Record<string, unknown>> {
  const r = await zot(z, ...args);
  assert(r.code === 0 || r.code === 1, r.stdout + r.stderr);
  const value = JSON.parse(r.stdout);
  assert(value !== null && typeof value === "object" && !Array.isArray(value), r.stdout);
  assertEquals(badKeys(value), [], `${args.join(" ")}: ${r.stdout}`);
  return value;
}

async function copyFixture(name: string, to: string): Promise<string> {
  const dest = join(to, name);
  await Deno.mkdir(dest, { recursive: true });
  for await (const e of Deno.readDir(join(FIXTURES, name))) {
    await Deno.copyFile(join(FIXTURES, name, e.name), join(dest, e.name));
  }
  return dest;
}

Deno.test("--json listings: one object each, snake_case keys at every depth", async () => {
  await using z = await tempZot();
  await Deno.mkdir(z.paths.extensions, { recursive: true });
  // Counted frames (unknown_type, late_replies), a broken manifest, a failed start's stderr.
  await copyFixture("doctor-py", z.paths.extensions);
  const broken = join(z.paths.extensions, "broken");
  await Deno.mkdir(broken);
  await Deno.writeTextFile(join(broken, "extension.json"), `{"name": "broken", "exec": `);

  const list = await oneObject(z, "ext", "list", "--json");
  assertEquals(Object.keys(list), ["extensions", "skipped"]);

  const live = await oneObject(z, "ext", "doctor", "--json");
  assertEquals(Object.keys(live), ["extensions", "load_errors", "os_sandbox"]);
  const rows = live.extensions as Record<string, unknown>[];
  const py = rows.find((r) => r.name === "doctor-py")!;
  assertEquals(py.frames, { malformed: 1, invalid: 1, unknown_type: 1, late_replies: 1 });
  assertEquals(typeof py.stderr_quoted, "boolean");
  assertEquals(Object.hasOwn(py, "stderrQuoted") || Object.hasOwn(py, "malformedFrames"), false);
  await oneObject(z, "ext", "doctor", "--json", "--static");

  const models = await oneObject(z, "--list-models", "--json");
  assertEquals(Object.keys(models), ["models"]);
  const first = (models.models as Record<string, unknown>[])[0];
  assertEquals(Object.keys(first), ["id", "provider", "context_window", "max_output"]);
  assertEquals(processesMatching(z.root), []);
});
