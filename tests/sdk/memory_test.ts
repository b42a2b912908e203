/**
 * Edge cases of the TypeScript SDK over an in-memory transport (the pipe
 * suite in sdk_test.ts covers the rest against real processes).
 */
import { assertEquals, assertRejects, assertThrows } from "../helpers/assert.ts";
import { withTimeout } from "../helpers/wait.ts";
import { display, Extension, type HostInfo } from "../../src/sdk/mod.ts";
import { readLines } from "../../src/protocol/framing.ts";

function memoryHost() {
  const toExt = new TransformStream<Uint8Array, Uint8Array>();
  const fromExt = new TransformStream<Uint8Array, Uint8Array>();
  const writer = toExt.writable.getWriter();
  const lines = readLines(fromExt.readable);
  const enc = new TextEncoder();
  return {
    transport: { readable: toExt.readable, writable: fromExt.writable },
    send: (frame: unknown) => writer.write(enc.encode(JSON.stringify(frame) + "\n")),
    raw: (text: string) => writer.write(enc.encode(text)),
    async next(): Promise<Record<string, unknown> | undefined> {
      const r = await withTimeout(lines.next(), 5000, "a frame");
      return r.done || r.value.kind !== "line" ? undefined : JSON.parse(r.value.line);
    },
    end: () => writer.close(),
  };
}

Deno.test("sdk memory: data_dir falls back to extension_dir; later registrations go out at once", async () => {
  const h = memoryHost();
  const ext = new Extension("mem", "1", { transport: h.transport, capabilities: ["commands"] });
  let seen: HostInfo | undefined;
  ext.onHello((host) => {
    seen = host;
  });
  const running = ext.run();
  assertEquals(await h.next(), {
    type: "hello",
    name: "mem",
    version: "1",
    capabilities: ["commands"],
  });
  await h.send({ type: "hello_ack", protocol_version: 1, cwd: "/p", extension_dir: "/e" });
  assertEquals(await h.next(), { type: "ready" });
  assertEquals([seen?.dataDir, seen?.extensionDir, seen?.capabilities], ["/e", "/e", []]);
  assertEquals(ext.host.cwd, "/p");

  ext.command("late", "registered after ready", () => display("late"));
  assertEquals(await h.next(), {
    type: "register_command",
    name: "late",
    description: "registered after ready",
  });
  ext.on("session_start", () => {});
  assertEquals(await h.next(), { type: "subscribe", events: ["session_start"] });
  ext.interceptTurnStart(() => undefined);
  assertEquals(await h.next(), { type: "subscribe", intercept: ["turn_start"] });
  await assertRejects(() => ext.callTool("read", {}), "host does not support call_tool");
  await h.end();
  await running;
});

Deno.test("sdk memory: an oversize host frame ends the run; frames before hello wait for ready", async () => {
  const h = memoryHost();
  const ext = new Extension("big", "1", { transport: h.transport });
  ext.notify("info", "queued before run");
  const running = ext.run();
  assertEquals((await h.next())?.type, "hello");
  await h.send({ type: "hello_ack", protocol_version: 1 });
  assertEquals(await h.next(), { type: "ready" });
  assertEquals(await h.next(), { type: "notify", level: "info", message: "queued before run" });
  await h.raw("x".repeat(4 * 1024 * 1024 + 10) + "\n");
  await withTimeout(running, 5000, "run to end after an oversize frame");
});

Deno.test("sdk memory: end of input before hello_ack ends run quietly; run twice is refused", async () => {
  const h = memoryHost();
  const ext = new Extension("early", "1", { transport: h.transport });
  const running = ext.run();
  await h.next();
  await h.end();
  await running;
  await assertRejects(() => ext.run(), 'Extension "early" is already running');
  let threw = false;
  try {
    ext.host;
  } catch {
    threw = true;
  }
  assertEquals(threw, true);
});

Deno.test("sdk memory: a second command or tool of the same name is refused where it is registered", () => {
  const h = memoryHost();
  const ext = new Extension("dup", "1", { transport: h.transport });
  ext.command("Notes", "show notes", () => display("a"));
  // The host keeps the first registration: a second handler would silently never run.
  assertThrows(() => ext.command("notes", "again", () => display("b")), "already registered");
  ext.tool({ name: "find", description: "find" }, () => "x");
  assertThrows(
    () => ext.tool({ name: "find", description: "again" }, () => "y"),
    "already registered",
  );
});
