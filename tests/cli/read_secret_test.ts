/**
 * The hidden-key reader: editing keys, escape sequences, cancel, and that the terminal is
 * raw (no echo) from before the prompt until after the read, however it ends.
 *
 * @module
 */

import { assertEquals } from "../helpers/assert.ts";
import { readSecret, type SecretIo } from "../../src/cli/read_secret.ts";
import { feedSecret, startSecret } from "../../src/tui/secret_keys.ts";

function feed(...chunks: string[]) {
  return chunks.reduce(feedSecret, startSecret());
}

Deno.test("feedSecret: Enter ends the key; Backspace, Ctrl-U edit; controls are dropped", () => {
  assertEquals(feed("sk-1", "23\r"), { kind: "done", text: "sk-123" });
  assertEquals(feed("ab\x7fc\n"), { kind: "done", text: "ac" });
  assertEquals(feed("wrong\x15right\t\r"), { kind: "done", text: "right" });
  assertEquals(feed("é€\x08\r"), { kind: "done", text: "é" });
});

Deno.test("feedSecret: arrow keys, Alt+x and paste marks never become part of the key", () => {
  assertEquals(feed("k\x1b[A\x1b[1;5Dey\x1bx\r"), { kind: "done", text: "key" });
  assertEquals(feed("\x1b[200~sk-p", "asted\x1b[201~\r"), { kind: "done", text: "sk-pasted" });
  // A sequence split across reads.
  assertEquals(feed("a\x1b", "[", "B", "b\r"), { kind: "done", text: "ab" });
});

Deno.test("feedSecret: Ctrl-C cancels; Ctrl-D cancels an empty key and ends a typed one", () => {
  assertEquals(feed("sk\x03\r"), { kind: "cancelled" });
  assertEquals(feed("\x04"), { kind: "cancelled" });
  assertEquals(feed("sk\x04"), { kind: "done", text: "sk" });
});

function fakeTerminal(chunks: string[]): { io: SecretIo; log: string[] } {
  const log: string[] = [];
  const enc = new TextEncoder();
  const io: SecretIo = {
    stdin: {
      isTerminal: () => true,
      setRaw: (raw) => void log.push(`raw:${raw}`),
      read: (buf) => {
        const next = chunks.shift();
        if (next === undefined) return Promise.resolve(null);
        const bytes = enc.encode(next);
        buf.set(bytes);
        log.push("read");
        return Promise.resolve(bytes.length);
      },
      readable: new ReadableStream(),
    },
    write: (text) => void log.push(`write:${text}`),
  };
  return { io, log };
}

Deno.test("readSecret: raw before the prompt, restored after the read", async () => {
  const { io, log } = fakeTerminal(["sk-", "9\r"]);
  assertEquals(await readSecret("Key: ", io), "sk-9");
  assertEquals(log, ["raw:true", "write:Key: ", "read", "read", "write:\r\n", "raw:false"]);
});

Deno.test("readSecret: end of input cancels an empty key, Ctrl-C cancels, both restore", async () => {
  const closed = fakeTerminal([]);
  assertEquals(await readSecret("Key: ", closed.io), undefined);
  assertEquals(closed.log.at(-1), "raw:false");
  const interrupted = fakeTerminal(["sk\x03"]);
  assertEquals(await readSecret("Key: ", interrupted.io), undefined);
  assertEquals(interrupted.log.at(-1), "raw:false");
});

Deno.test("readSecret: without a terminal the first line of stdin is the key", async () => {
  const io: SecretIo = {
    stdin: {
      isTerminal: () => false,
      setRaw: () => {
        throw new Error("not a terminal");
      },
      read: () => Promise.resolve(null),
      readable: ReadableStream.from([new TextEncoder().encode(" sk-piped \r\nmore\n")]),
    },
    write: () => {},
  };
  assertEquals(await readSecret("Key: ", io), "sk-piped");
});
