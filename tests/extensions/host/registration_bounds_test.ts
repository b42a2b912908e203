// Registrations an API cannot take are refused at the boundary, each with a diagnostic naming
// the limit, and never reach a model request; the request (both providers) still succeeds.
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { startFakeLlm } from "../../helpers/fake_llm.ts";
import { PYTHON } from "../../helpers/python.ts";
import { runZot } from "../../modes/run_zot.ts";
import { fake, hostWith } from "./fake_channel.ts";

const HOSTILE = new URL("../../fixtures/hostile/hostile.py", import.meta.url).pathname;

const tool = (name: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: "register_tool", name, description: "t", ...extra });

/** One extension registering every kind of tool the bounds refuse, and 130 good ones. */
function hostileConfig(): Record<string, unknown> {
  const bad = [
    tool("huge", { description: "x".repeat(9000) }),
    tool("fat", { schema: { type: "object", description: "y".repeat(70_000) } }),
    tool("has space"),
    tool("dot.name"),
    tool("n".repeat(65)),
    tool("é"),
    tool("esc\x1b[2J"),
    // Deeper than a schema may be, shallower than a frame may be: the registry refuses it.
    `{"type":"register_tool","name":"deep100","schema":${'{"a":'.repeat(99)}{}${"}".repeat(99)}}`,
  ];
  const good = Array.from({ length: 130 }, (_, i) => tool(`t${String(i).padStart(3, "0")}`));
  return { name: "bounds", deep: 200_000, lines: [...bad, ...good] };
}

async function runWith(provider: "anthropic" | "openai", transport: "sdk" | "fetch") {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "Final." }] });
  const dir = `${z.root}/bounds`;
  await Deno.mkdir(dir);
  await Deno.writeTextFile(
    `${dir}/extension.json`,
    JSON.stringify({
      name: "bounds",
      exec: PYTHON,
      args: [HOSTILE, JSON.stringify(hostileConfig())],
    }),
  );
  const baseUrl = provider === "openai" ? llm.openaiBaseUrl : llm.url;
  const r = await runZot(
    [
      "-p",
      "go",
      "--provider",
      provider,
      "--model",
      "m",
      "--base-url",
      baseUrl,
      "--transport",
      transport,
      "--ext",
      dir,
    ],
    { ...z, env: { OPENAI_API_KEY: "test-key" } },
  );
  assertEquals([r.code, r.stdout], [0, "Final.\n"], r.stderr);
  // The first model request (an unknown Anthropic model's limit is looked up before it).
  const body = llm.requests.find((q) => q.api === provider)!.body as Record<string, unknown>;
  const names = (body.tools as Record<string, unknown>[]).map((t) =>
    String(t.name ?? (t.function as Record<string, unknown>)?.name)
  );
  const ext = names.filter((n) => /^t\d{3}$/.test(n));
  assertEquals(ext.length, 128, "the first 128 good tools, no more");
  for (
    const refused of [
      "deep",
      "deep100",
      "huge",
      "fat",
      "has space",
      "dot.name",
      "é",
      "t128",
      "t129",
    ]
  ) {
    assert(!names.includes(refused), `${refused} reached the model`);
  }
  assert(!names.some((n) => n.startsWith("nnn") || n.includes("\x1b")));
  const log = await Deno.readTextFile(`${z.home}/logs/ext-bounds.log`);
  return log;
}

Deno.test("bounds: a 200,000-deep schema, huge descriptions, bad names and a 129th tool never reach Anthropic", async () => {
  const log = await runWith("anthropic", "sdk");
  // So deep that the frame itself is refused before anything walks it.
  assertStringIncludes(log, `[zot] invalid "register_tool" frame: nested deeper than 256 levels`);
  assertStringIncludes(log, `[zot] tool "deep100" refused: its schema is nested deeper than 64`);
  assertStringIncludes(
    log,
    `[zot] tool "huge" refused: its description is 9000 bytes, over the limit of 8192`,
  );
  assertStringIncludes(log, `[zot] tool "fat" refused: its schema is 70`);
  assertStringIncludes(
    log,
    `[zot] tool "has space" refused: a tool name must match ^[a-zA-Z0-9_-]{1,64}$`,
  );
  assertStringIncludes(log, `[zot] tool "dot.name" refused`);
  assertStringIncludes(
    log,
    `[zot] tool "t128" refused: an extension may register at most 128 tools`,
  );
  // The hostile name is shown escaped, never raw.
  assertStringIncludes(log, `[zot] tool "esc\\u001b[2J" refused`);
  assert(!log.includes("esc\x1b"));
});

Deno.test("bounds: the same extension leaves OpenAI requests (zot's own fetch transport) working", async () => {
  const log = await runWith("openai", "fetch");
  assertStringIncludes(log, `[zot] invalid "register_tool" frame: nested deeper than 256`);
  assertStringIncludes(log, `[zot] tool "t128" refused`);
});

Deno.test("bounds: command names and descriptions are bounded; tools under every limit pass", async () => {
  const ok = { type: "object", properties: { a: { type: "string" } } };
  const a = fake("a", [
    { type: "register_command", name: "bad name" },
    { type: "register_command", name: "/slash" },
    { type: "register_command", name: "x\u202e" },
    { type: "register_command", name: "long", description: "d".repeat(1025) },
    { type: "register_command", name: "grüße-2:go" },
    { type: "register_tool", name: "Fine_tool-1", description: "d".repeat(8192), schema: ok },
    { type: "register_tool", name: "deep64", schema: nest(64) },
    { type: "register_tool", name: "deep65", schema: nest(65) },
  ]);
  const host = await hostWith([a]);
  assertEquals(host.commands().map((c) => c.name), ["grüße-2:go"]);
  assertEquals(host.tools().map((t) => t.name), ["Fine_tool-1", "deep64"]);
  const messages = host.diagnostics().map((d) => d.message);
  assertStringIncludes(messages[0], `command "bad name" refused: a command name is 1 to 64`);
  assertStringIncludes(messages[1], `command "/slash" refused`);
  assertStringIncludes(messages[2], `command "x\\u202e" refused`);
  assertStringIncludes(messages[3], `command "long" refused: its description is 1025 bytes`);
  assertStringIncludes(messages[4], `tool "deep65" refused: its schema is nested deeper than 64`);
  assertEquals(messages.length, 5);
  assertEquals(a.logs, messages);
  await host.stop();
});

Deno.test("bounds: more than 128 commands, and tools past the all-extensions budget, are refused", async () => {
  const commands = Array.from({ length: 130 }, (_, i) => ({
    type: "register_command" as const,
    name: `c${i}`,
  }));
  // 70 tools of 60 KiB each: past the 4 MiB budget for all extensions together.
  const big = { type: "object", description: "z".repeat(60 * 1024) };
  const tools = Array.from({ length: 70 }, (_, i) => ({
    type: "register_tool" as const,
    name: `big${i}`,
    schema: big,
  }));
  const a = fake("a", [...commands, ...tools.slice(0, 35)]);
  const b = fake("b", tools.slice(35));
  const host = await hostWith([a, b]);
  assertEquals(host.commands().length, 128);
  const accepted = host.tools().length;
  assert(accepted >= 60 && accepted < 70, `${accepted} tools accepted`);
  const messages = host.diagnostics().map((d) => d.message);
  assertStringIncludes(
    messages[0],
    `command "c128" refused: an extension may register at most 128`,
  );
  assertStringIncludes(
    messages.at(-1)!,
    "refused: the tools of all extensions together may take at most 4194304 bytes",
  );
  await host.stop();
});

/** `depth` objects, each inside the one before. */
function nest(depth: number): Record<string, unknown> {
  let v: Record<string, unknown> = {};
  for (let i = 1; i < depth; i++) v = { a: v };
  return v;
}
