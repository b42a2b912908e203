// The extension log is capped: past the cap it rotates once (`<file>.1`) with a note, so a
// flooding extension cannot fill the disk; `zot ext logs` shows both parts and -f follows on.
import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { PYTHON } from "../../helpers/python.ts";
import { tempDir } from "../../helpers/tmp.ts";
import { until } from "../../helpers/wait.ts";
import {
  ExtensionLog,
  LOG_MAX_BYTES,
  rotatedLogPath,
} from "../../../src/extensions/process/log.ts";
import { catLog } from "../../../src/extensions/manage/logs.ts";
import { followFile } from "../../../src/extensions/manage/follow.ts";
import type { ExtensionSource } from "../../../src/extensions/types.ts";
import { harness } from "./_helpers.ts";

const HOSTILE = new URL("../../fixtures/hostile/hostile.py", import.meta.url).pathname;
const bytes = (text: string) => new TextEncoder().encode(text);

function hostileSource(dir: string, config: Record<string, unknown>): ExtensionSource {
  const args = [HOSTILE, JSON.stringify({ name: "flood", ...config })];
  return {
    manifest: { name: "flood", exec: PYTHON, args, enabled: true, raw: {} },
    dir,
    manifestPath: join(dir, "extension.json"),
    kind: "explicit",
  };
}

async function openLog(path: string, maxBytes?: number): Promise<ExtensionLog> {
  const opened = await ExtensionLog.open(path, { maxBytes });
  if (!opened.ok) throw new Error(opened.error);
  return opened.log;
}

Deno.test("log cap: a real extension writing 5 times the cap leaves two files, each within it", async () => {
  await using h = await harness();
  const result = await h.spawn(
    hostileSource(h.zot.root, { stderr_bytes: 20_000, stderr: "END OF FLOOD\n" }),
    { logMaxBytes: 4096 },
  );
  if (!result.ok) throw new Error(result.error);
  const path = join(h.zot.paths.logs, "ext-flood.log");
  await until(
    () => Deno.readTextFileSync(path).includes("END OF FLOOD"),
    10_000,
    "the end of the flood in the log",
  );
  const current = Deno.readTextFileSync(path);
  const rotated = Deno.readTextFileSync(rotatedLogPath(path));
  assert(Deno.statSync(path).size <= 4096, `log is ${Deno.statSync(path).size} bytes`);
  assert(Deno.statSync(rotatedLogPath(path)).size <= 4096, "the rotated log is within the cap");
  const note = `[zot] log rotated: it reached 4096 bytes; the earlier part is in ${path}.1\n`;
  assert(current.startsWith(note), current.slice(0, 200));
  assertStringIncludes(rotated, "xxxx");
});

Deno.test("log cap: one write larger than the cap is split at a line's end; nothing is lost within two files", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "ext-x.log");
  const log = await openLog(path, 2048);
  // 60 lines of 49 bytes: 2940 bytes in one write, so it must be split near the cap.
  const lines = Array.from(
    { length: 60 },
    (_, i) => `line ${String(i).padStart(2, "0")} ${"-".repeat(40)}\n`,
  );
  log.stderr(bytes(lines.join("")));
  log.close();
  assert(Deno.statSync(path).size <= 2048);
  const rotated = Deno.readTextFileSync(rotatedLogPath(path));
  // The most whole lines that fit: the rotation's note never lands inside a line.
  assertEquals(rotated, lines.slice(0, Math.floor(2048 / 49)).join(""));
  const current = Deno.readTextFileSync(path);
  const note = `[zot] log rotated: it reached 2048 bytes; the earlier part is in ${path}.1\n`;
  assert(current.startsWith(note), current.slice(0, 120));
  assertEquals(rotated + current.slice(note.length), lines.join(""));
});

Deno.test("log cap: a log already over the cap from earlier runs rotates at the first write; the default cap is 10 MiB", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "ext-x.log");
  Deno.writeTextFileSync(path, "old run\n".repeat(600));
  const log = await openLog(path, 4096);
  log.header("x", "1");
  log.close();
  assertStringIncludes(Deno.readTextFileSync(rotatedLogPath(path)), "old run");
  assertStringIncludes(Deno.readTextFileSync(path), "[zot] starting x/1");
  assertEquals(LOG_MAX_BYTES, 10 * 1024 * 1024);
  // Under the default cap, 100 KiB stays in one file.
  const other = join(dir.path, "ext-y.log");
  const big = await openLog(other);
  big.stderr(bytes("y".repeat(100 * 1024)));
  big.close();
  assertEquals(Deno.statSync(other).size, 100 * 1024);
});

Deno.test("log cap: catLog prints the rotated part first; following goes on across rotations", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "ext-x.log");
  const log = await openLog(path, 1024);
  log.stderr(bytes("first\n"));
  const seen = { text: "" };
  const decoder = new TextDecoder();
  const out = new WritableStream<Uint8Array>({
    write(chunk) {
      seen.text += decoder.decode(chunk, { stream: true });
    },
  });
  const stop = new AbortController();
  const notes: string[] = [];
  const following = followFile(path, out, { signal: stop.signal, note: (l) => notes.push(l) });
  try {
    await until(() => seen.text.includes("first\n"), 10_000, "the first line followed");
    // Three rotations' worth, in batches as an extension writes them (each followed before the
    // next: a follower, like tail -F, cannot see a file rotated away before it looked).
    for (let batch = 0; batch < 10; batch++) {
      for (let i = batch * 10; i < batch * 10 + 10; i++) {
        log.stderr(bytes(`n${String(i).padStart(3, "0")} ${"=".repeat(30)}\n`));
      }
      const last = `n${String(batch * 10 + 9).padStart(3, "0")}`;
      await until(() => seen.text.includes(last), 10_000, `${last} followed`);
    }
  } finally {
    stop.abort();
    await following;
    log.close();
  }
  // Every line arrived, in order, none twice.
  const numbers = seen.text.split("\n").filter((l) => /^n\d{3} /.test(l)).map((l) => l.slice(0, 4));
  assertEquals(numbers, Array.from({ length: 100 }, (_, i) => `n${String(i).padStart(3, "0")}`));
  assert(notes.some((n) => n.includes("was replaced")), notes.join("\n"));
  // Printing the log: the rotated part, then the current file.
  const printed = { text: "" };
  await catLog(
    path,
    new WritableStream({ write: (c) => void (printed.text += decoder.decode(c)) }),
  );
  const expected = Deno.readTextFileSync(rotatedLogPath(path)) + Deno.readTextFileSync(path);
  assertEquals(printed.text, expected);
  assert(printed.text.indexOf("n099") > printed.text.indexOf("[zot] log rotated"));
});

Deno.test("log cap: under a path so long that the rotation note fills a file, writing still ends", async () => {
  await using dir = await tempDir();
  // Nested folders: the note quotes the path, and 1,200 characters of it leave no room in 1 KiB.
  let folder = dir.path;
  while (folder.length < 1_200) folder = join(folder, "d".repeat(100));
  await Deno.mkdir(folder, { recursive: true });
  const path = join(folder, "ext-x.log");
  const log = await openLog(path, 1024);
  const lines = Array.from({ length: 400 }, (_, i) => `line ${i}\n`).join("");
  log.stderr(bytes(lines));
  log.close();
  // Nothing of the last write is lost: it ends the current file.
  assertStringIncludes(Deno.readTextFileSync(path), "line 399\n");
});

Deno.test("log cap: a line begun by an earlier write and cut by the rotation leaves the note a line of its own", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "ext-x.log");
  const log = await openLog(path, 1024);
  const writes = ["x".repeat(1000) + "\n", "partial-line-", "y".repeat(11), "rest\n"];
  for (const w of writes) log.stderr(bytes(w));
  log.close();
  const rotated = Deno.readTextFileSync(rotatedLogPath(path));
  const current = Deno.readTextFileSync(path);
  const note = `\n[zot] log rotated: it reached 1024 bytes; the earlier part is in ${path}.1\n`;
  assert(current.startsWith(note), JSON.stringify(current.slice(0, 200)));
  // Nothing lost or added around the note.
  assertEquals(rotated + current.slice(note.length), writes.join(""));
  assert(Deno.statSync(rotatedLogPath(path)).size <= 1024);
});
