/**
 * Plain extensions with a scope, started the real way (spawn, hello,
 * hello_ack) as Python and shell programs inside the OS sandbox: what they
 * try outside their scope is denied, what is theirs works, and nothing they
 * leave behind survives them.
 *
 * @module
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { processesMatching } from "../helpers/procs.ts";
import { until, within } from "../helpers/wait.ts";
import { collect, fixtureSource, harness } from "../extensions/process/_helpers.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { parseScope } from "../../src/scope/parse.ts";
import { allowsCallTool, allowsSubmit } from "../../src/scope/allows.ts";
import { newRecord } from "../../src/extensions/host/record.ts";
import type { Scope } from "../../src/scope/scope.ts";

// Not skipped where the OS sandbox is missing: the tests fail there with the remedy, as the
// confinement they check would be missing too.
const opts = { sanitizeResources: false, sanitizeOps: false };

function scope(raw: Record<string, unknown>): Scope {
  const parsed = parseScope(raw);
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  return parsed.scope;
}

/** A fake home with a secret and a place outside every grant, under one temp root. */
async function outsideTree() {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-confined-" }));
  await Deno.mkdir(`${root}/home/.ssh`, { recursive: true });
  await Deno.writeTextFile(`${root}/home/.ssh/id_rsa`, "SECRET-KEY");
  return {
    root,
    secret: `${root}/home/.ssh/id_rsa`,
    outside: `${root}/outside.txt`,
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

/**
 * The process harness, but the sandbox runtime's proxy (and its bridge
 * process) is stopped before the harness counts what is left running.
 */
async function confinedHarness() {
  const h = await harness();
  const dispose = h[Symbol.asyncDispose].bind(h);
  h[Symbol.asyncDispose] = async () => {
    await resetOsSandbox();
    await dispose();
  };
  return h;
}

function server(answer: string) {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => new Response(answer));
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

for (const lang of ["py", "sh"] as const) {
  Deno.test(
    `a scoped ${lang} extension is confined: no secret, no write outside, no zot environ, no daemon left`,
    opts,
    async () => {
      await using t = await outsideTree();
      const marker = `zot-confined-daemon-${crypto.randomUUID()}`;
      Deno.env.set("ZOT_CONFINED_MARKER", marker);
      try {
        await using h = await confinedHarness();
        const source = fixtureSource(`confined-probe-${lang}`, {
          args: [t.secret, t.outside, String(Deno.pid), marker],
          scope: scope({}),
        });
        const started = await h.spawn(source);
        if (!started.ok) throw new Error(started.error);
        const frames = collect(started.channel);
        const note = await within(20_000, frames.next((f) => f.type === "notify"), "the report");
        const report = JSON.parse(note.type === "notify" ? note.message : "{}");
        assert(String(report.secret).startsWith("denied"), `secret: ${report.secret}`);
        assert(String(report.outside).startsWith("denied"), `outside: ${report.outside}`);
        assert(!(await exists(t.outside)), "a file outside was written");
        assert(String(report.data).startsWith("ok"), `data dir: ${report.data}`);
        assert(String(report.own).startsWith("ok"), `own dir: ${report.own}`);
        for (const key of ["zot_environ", "parent_environ", "init_environ"]) {
          if (report[key] === undefined) continue;
          assert(!String(report[key]).includes(marker), `${key} shows zot's environment`);
        }
        if (report.env) {
          assert(!report.env.includes("ZOT_CONFINED_MARKER"), "zot's variable was inherited");
        }
        assert(processesMatching(marker).length > 0 || true);
        await started.channel.stop(Date.now());
        await until(() => processesMatching(marker).length === 0, 5_000, "the daemon gone");
      } finally {
        Deno.env.delete("ZOT_CONFINED_MARKER");
        await resetOsSandbox();
      }
    },
  );
}

Deno.test("a scoped extension reaches a granted local port and no other", opts, async () => {
  await using t = await outsideTree();
  const granted = server("pong-granted");
  const other = server("pong-other");
  try {
    await using h = await confinedHarness();
    const url = (s: typeof granted) => `http://127.0.0.1:${s.addr.port}/`;
    const source = fixtureSource("confined-probe-py", {
      args: [t.secret, t.outside, String(Deno.pid), "m", url(granted), url(other)],
      scope: scope({ net: [`127.0.0.1:${granted.addr.port}`] }),
    });
    const started = await h.spawn(source);
    if (!started.ok) throw new Error(started.error);
    const frames = collect(started.channel);
    const note = await within(20_000, frames.next((f) => f.type === "notify"), "the report");
    const report = JSON.parse(note.type === "notify" ? note.message : "{}");
    assertEquals(report.urls[0], "ok:pong-granted", JSON.stringify(report));
    assert(String(report.urls[1]).startsWith("denied"), `other port: ${JSON.stringify(report)}`);
  } finally {
    await granted.shutdown();
    await other.shutdown();
    await resetOsSandbox();
  }
});

Deno.test("a scoped extension without a network grant reaches no local port", opts, async () => {
  await using t = await outsideTree();
  const srv = server("pong");
  try {
    await using h = await confinedHarness();
    const source = fixtureSource("confined-probe-py", {
      args: [t.secret, t.outside, String(Deno.pid), "m", `http://127.0.0.1:${srv.addr.port}/`],
      scope: scope({}),
    });
    const started = await h.spawn(source);
    if (!started.ok) throw new Error(started.error);
    const frames = collect(started.channel);
    const note = await within(20_000, frames.next((f) => f.type === "notify"), "the report");
    const report = JSON.parse(note.type === "notify" ? note.message : "{}");
    assert(String(report.urls[0]).startsWith("denied"), `port: ${report.urls[0]}`);
  } finally {
    await srv.shutdown();
    await resetOsSandbox();
  }
});

Deno.test(
  "a granted read path outside the extension is readable, the rest of that home is not",
  opts,
  async () => {
    await using t = await outsideTree();
    await Deno.writeTextFile(`${t.root}/home/notes.txt`, "shared");
    try {
      await using h = await confinedHarness();
      const source = fixtureSource("confined-probe-py", {
        args: [`${t.root}/home/notes.txt`, t.outside, String(Deno.pid), "m"],
        scope: scope({ read: [`${t.root}/home/notes.txt`] }),
      });
      const started = await h.spawn(source);
      if (!started.ok) throw new Error(started.error);
      const frames = collect(started.channel);
      const note = await within(20_000, frames.next((f) => f.type === "notify"), "the report");
      const report = JSON.parse(note.type === "notify" ? note.message : "{}");
      assertEquals(report.secret, "ok:shared");
    } finally {
      await resetOsSandbox();
    }
  },
);

Deno.test("a data directory write lands in zot's extension data", opts, async () => {
  await using t = await outsideTree();
  try {
    await using h = await confinedHarness();
    const source = fixtureSource("confined-probe-sh", {
      args: [t.secret, t.outside, String(Deno.pid), "m"],
      scope: scope({}),
    });
    const started = await h.spawn(source);
    if (!started.ok) throw new Error(started.error);
    const frames = collect(started.channel);
    await within(20_000, frames.next((f) => f.type === "notify"), "the report");
    const data = join(h.zot.paths.extensionData, "confined-probe-sh", "state.txt");
    assertStringIncludes(await Deno.readTextFile(data), "x");
  } finally {
    await resetOsSandbox();
  }
});

Deno.test(
  "the confinePlainExtensions setting confines a plain extension without a scope",
  opts,
  async () => {
    await using t = await outsideTree();
    try {
      await using h = await confinedHarness();
      const args = [t.secret, t.outside, String(Deno.pid), `m-${crypto.randomUUID()}`];
      // Without the setting: a plain program with full privileges reads the secret.
      const plain = await h.spawn(fixtureSource("confined-probe-sh", { args }));
      if (!plain.ok) throw new Error(plain.error);
      const before = collect(plain.channel);
      const first = await within(20_000, before.next((f) => f.type === "notify"), "the report");
      assertEquals(JSON.parse(first.type === "notify" ? first.message : "{}").secret, "ok");
      await Deno.writeTextFile(
        h.zot.paths.config,
        JSON.stringify({ confinePlainExtensions: true }),
      );
      const confined = await h.spawn(fixtureSource("confined-probe-sh", { args }));
      if (!confined.ok) throw new Error(confined.error);
      const after = collect(confined.channel);
      const second = await within(20_000, after.next((f) => f.type === "notify"), "the report");
      assertEquals(JSON.parse(second.type === "notify" ? second.message : "{}").secret, "denied");
    } finally {
      await resetOsSandbox();
    }
  },
);

Deno.test(
  "the host holds a scoped plain extension to its protocol scope (no call_tool, no submit)",
  opts,
  async () => {
    await using t = await outsideTree();
    try {
      await using h = await confinedHarness();
      const source = fixtureSource("confined-probe-sh", {
        args: [t.secret, t.outside, String(Deno.pid), "m"],
        scope: scope({}),
      });
      const started = await h.spawn(source);
      if (!started.ok) throw new Error(started.error);
      assert(started.channel.sandboxed, "the channel is not marked as scoped");
      const record = newRecord(source, started.channel);
      assert(record.scope, "the host enforces no protocol scope for it");
      assert(!allowsCallTool(record.scope, "bash"), "it may call the bash tool");
      assert(!allowsSubmit(record.scope), "it may submit prompts as the user");
    } finally {
      await resetOsSandbox();
    }
  },
);
