/** ExtensionLog keeps the end of the extension's stderr, to quote in a start failure. */

import { assertEquals } from "../../helpers/assert.ts";
import { tempDir } from "../../helpers/tmp.ts";
import { ExtensionLog } from "../../../src/extensions/process/log.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("log: the stderr tail is the last lines, across chunks, without zot's own lines, escapes and controls dropped", async () => {
  await using dir = await tempDir();
  const opened = await ExtensionLog.open(`${dir.path}/ext-x.log`);
  if (!opened.ok) throw new Error(opened.error);
  const log = opened.log;
  log.header("x", "1");
  log.stderr(bytes("x".repeat(10_000) + "\nold line\n"));
  log.line("not the extension's");
  log.stderr(bytes('Traceback (most recent call last):\n  File "m'));
  log.stderr(
    bytes("ain.py\", line 3\n\x1b[31mNameError\x1b[0m: name 'x' is not defined\x07\r\n\n"),
  );
  assertEquals(log.stderrTail(3), [
    "Traceback (most recent call last):",
    '  File "main.py", line 3',
    "NameError: name 'x' is not defined",
  ]);
  // Only the last 4 KiB are kept: the long line survives cut, at 300 characters.
  assertEquals(log.stderrTail().slice(0, 2), [`${"x".repeat(300)}…`, "old line"]);
  log.close();
  // Everything still reached the file, zot's line included.
  const text = await Deno.readTextFile(`${dir.path}/ext-x.log`);
  assertEquals(text.includes("[zot] not the extension's"), true);
  assertEquals(text.includes("NameError"), true);
});
