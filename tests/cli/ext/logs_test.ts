import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { withTimeout } from "../../helpers/wait.ts";
import { zot, zotCommand } from "./run_zot.ts";

Deno.test("zot ext logs: prints the log named after the manifest; missing log is an error", async () => {
  await using z = await tempZot();
  const missing = await zot(z, "ext", "logs", "todo");
  assertEquals(missing.code, 1);
  assertStringIncludes(
    missing.stderr,
    `no log for "todo" at ${join(z.paths.logs, "ext-todo.log")}`,
  );
  await Deno.mkdir(z.paths.logs, { recursive: true });
  await Deno.writeTextFile(join(z.paths.logs, "ext-todo.log"), "\n[zot] starting todo/1.0\nboom\n");
  const r = await zot(z, "ext", "logs", "todo");
  assertEquals([r.code, r.stdout], [0, "\n[zot] starting todo/1.0\nboom\n"]);
  const bad = await zot(z, "ext", "logs", "../x");
  assertEquals(bad.code, 2);
});

/** Read stdout until it contains `text`; returns everything read so far. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  seen: { text: string },
  text: string,
): Promise<void> {
  const dec = new TextDecoder();
  while (!seen.text.includes(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stdout ended before ${JSON.stringify(text)}: ${seen.text}`);
    seen.text += dec.decode(value, { stream: true });
  }
}

Deno.test("zot ext logs -f: follows appends and truncation, ends on SIGINT", async () => {
  await using z = await tempZot();
  const log = join(z.paths.logs, "ext-todo.log");
  await Deno.mkdir(z.paths.logs, { recursive: true });
  await Deno.writeTextFile(log, "first\n");
  const child = zotCommand(z, ["ext", "logs", "todo", "-f"]).spawn();
  const reader = child.stdout.getReader();
  const seen = { text: "" };
  try {
    await withTimeout(readUntil(reader, seen, "first\n"), 20_000, "the existing log");
    await Deno.writeTextFile(log, "second\n", { append: true });
    await withTimeout(readUntil(reader, seen, "second\n"), 10_000, "the appended line");
    await Deno.writeTextFile(log, "new run\n");
    await withTimeout(readUntil(reader, seen, "new run\n"), 10_000, "the rewritten log");
  } finally {
    child.kill("SIGINT");
    reader.releaseLock();
    await child.stdout.cancel();
  }
  const status = await withTimeout(child.status, 10_000, "zot ext logs -f to exit");
  await child.stderr.cancel();
  assertEquals(status.code, 0);
  assertEquals(seen.text, "first\nsecond\nnew run\n");
});
