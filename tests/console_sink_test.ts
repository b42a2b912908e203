import { CONSOLE_LOG_MAX_BYTES, divertConsole } from "../src/console_sink.ts";
import { assert, assertEquals, assertStringIncludes } from "./helpers/assert.ts";
import { tempDir } from "./helpers/tmp.ts";

/** A console of its own, so the test runner's output is never diverted. */
function fakeConsole(): Console {
  const calls: string[] = [];
  const c = { ...console, calls };
  for (const name of ["log", "info", "warn", "error", "debug", "trace", "dir", "table"] as const) {
    c[name] = (...args: unknown[]) => calls.push(`${name}:${args.join(" ")}`);
  }
  return c;
}

const NOW = () => new Date("2026-01-02T03:04:05.000Z");

Deno.test("divertConsole: every console method lands in the log, with time and method", async () => {
  await using dir = await tempDir();
  const logs = `${dir.path}/logs`;
  const c = fakeConsole();
  {
    using _sink = divertConsole({ dir: logs, path: `${logs}/console.log`, console: c, now: NOW });
    c.warn("The model 'x' is deprecated");
    c.log("a", 1, { b: [2] });
    c.error(new Error("boom"));
  }
  const text = await Deno.readTextFile(`${logs}/console.log`);
  assertStringIncludes(text, "2026-01-02T03:04:05.000Z warn: The model 'x' is deprecated\n");
  assertStringIncludes(text, "log: a 1 { b: [ 2 ] }\n");
  assertStringIncludes(text, "error: Error: boom");
});

Deno.test("divertConsole: disposing puts the original methods back; a quiet run makes no file", async () => {
  await using dir = await tempDir();
  const c = fakeConsole();
  const original = c.warn;
  {
    using _sink = divertConsole({ dir: dir.path, path: `${dir.path}/console.log`, console: c });
    assert(c.warn !== original, "diverted while the run goes");
  }
  assertEquals(c.warn, original);
  c.warn("after");
  assertEquals((c as unknown as { calls: string[] }).calls, ["warn:after"]);
  assertEquals([...Deno.readDirSync(dir.path)], []);
});

Deno.test("divertConsole: a library printing in a loop fills at most the bound", async () => {
  await using dir = await tempDir();
  const c = fakeConsole();
  const path = `${dir.path}/console.log`;
  {
    using _sink = divertConsole({ dir: dir.path, path, console: c, maxBytes: 1_000 });
    for (let i = 0; i < 500; i++) c.log("spam ".repeat(10));
  }
  const text = await Deno.readTextFile(path);
  assert(text.length < 1_200, `bounded: ${text.length} bytes`);
  assertStringIncludes(text, "more library output was dropped: over 1000 bytes");
  assert(CONSOLE_LOG_MAX_BYTES >= 64 * 1024, "the default bound leaves room for real warnings");
});

Deno.test("divertConsole: an unwritable log loses the line, never the run", () => {
  const c = fakeConsole();
  using _sink = divertConsole({
    dir: "/proc/zot-no-such",
    path: "/proc/zot-no-such/x.log",
    console: c,
  });
  c.warn("nowhere to go");
  c.warn("still fine");
});

Deno.test("divertConsole: runs after runs keep at most twice the bound on disk (one rotated file)", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/console.log`;
  for (let run = 0; run < 6; run++) {
    const c = fakeConsole();
    using _sink = divertConsole({ dir: dir.path, path, console: c, maxBytes: 1_000 });
    for (let i = 0; i < 100; i++) c.log(`run ${run} `.repeat(10));
  }
  let total = 0;
  for (const entry of Deno.readDirSync(dir.path)) {
    total += Deno.statSync(`${dir.path}/${entry.name}`).size;
  }
  assert(total < 2_400, `bounded across runs: ${total} bytes`);
  assertEquals([...Deno.readDirSync(dir.path)].map((e) => e.name).sort(), [
    "console.log",
    "console.log.1",
  ]);
  assertStringIncludes(await Deno.readTextFile(path), "run 5");
});

Deno.test("divertConsole: terminal escapes in library output never reach the log", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/console.log`;
  const c = fakeConsole();
  {
    using _sink = divertConsole({ dir: dir.path, path, console: c });
    c.warn("\x1b]0;pwned\x07title \x1b[2J cleared \x9b31m red\nnext line");
    c.log({ s: "\x1b[31m" });
  }
  const text = await Deno.readTextFile(path);
  // deno-lint-ignore no-control-regex
  assert(!/[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(text), JSON.stringify(text));
  assertStringIncludes(text, "cleared");
  assertStringIncludes(text, "next line\n");
});
