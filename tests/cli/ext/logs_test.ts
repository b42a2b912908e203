import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { assertNoLeftoverProcesses } from "../../helpers/procs.ts";
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
  await assertNoLeftoverProcesses(z.root);
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
  await assertNoLeftoverProcesses(z.root);
});

/** Everything a stream has produced so far, and a bounded wait for a text in it. */
function collector(stream: ReadableStream<Uint8Array>) {
  const seen = { text: "", ended: false };
  let wake = () => {};
  const done = (async () => {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      seen.text += chunk;
      wake();
    }
    seen.ended = true;
    wake();
  })();
  const waitFor = (text: string, what: string): Promise<void> =>
    withTimeout(
      (async () => {
        while (!seen.text.includes(text)) {
          if (seen.ended) throw new Error(`stream ended before ${what}: ${seen.text}`);
          await new Promise<void>((r) => wake = r);
        }
      })(),
      10_000,
      what,
    );
  return { seen, done, waitFor };
}

Deno.test("zot ext logs -f: like tail -F, waits for a missing log, reopens one replaced or recreated", async () => {
  await using z = await tempZot();
  const log = join(z.paths.logs, "ext-todo.log");
  const child = zotCommand(z, ["ext", "logs", "todo", "-f"]).spawn();
  const out = collector(child.stdout);
  const err = collector(child.stderr);
  try {
    await err.waitFor(`waiting for ${log} to appear`, "the waiting note");
    await Deno.writeTextFile(log, "one\n");
    await out.waitFor("one\n", "the log once it exists");
    await err.waitFor(`${log} appeared; following it`, "the appeared note");

    // Replaced: a new file renamed over the log (what an editor or a rotation does).
    const fresh = join(z.paths.logs, "fresh.tmp");
    await Deno.writeTextFile(fresh, "two\n");
    await Deno.rename(fresh, log);
    await out.waitFor("two\n", "the replacing file");
    await err.waitFor(`${log} was replaced; following the new file`, "the replaced note");
    await Deno.writeTextFile(log, "three\n", { append: true });
    await out.waitFor("three\n", "an append to the new file");

    // Deleted, then created again.
    await Deno.remove(log);
    await err.waitFor(`${log} was removed; waiting for it to appear again`, "the removed note");
    await Deno.writeTextFile(log, "four\n");
    await out.waitFor("four\n", "the recreated log");
  } finally {
    child.kill("SIGINT");
  }
  const status = await withTimeout(child.status, 10_000, "zot ext logs -f to exit");
  await Promise.all([out.done, err.done]);
  assertEquals(status.code, 0, err.seen.text);
  assertEquals(out.seen.text, "one\ntwo\nthree\nfour\n");
  await assertNoLeftoverProcesses(z.root);
});
