/**
 * Journeys against a fake model server: print and JSON modes keep stdout
 * pure, `--list-models` asks an OpenAI-compatible server behind
 * `--base-url`, and a misspelt `--tools` name lists the real ones.
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { type FakeRequest, startFakeLlm } from "../helpers/fake_llm.ts";
import { journey, shellExtension } from "./zot.ts";

Deno.test("journey: --list-models with an OpenAI-compatible --base-url lists the server's models", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({ models: ["llama-local", "qwen-local"] });
  const r = await j.zot("--list-models", "--provider", "openai", "--base-url", llm.openaiBaseUrl);
  assertEquals(r.code, 0, r.stderr);
  assertStringIncludes(r.stdout, "llama-local");
  assertStringIncludes(r.stdout, "qwen-local");
  assert(!r.stdout.includes("gpt-4o"), r.stdout);
  assertEquals(llm.lookups.map((q) => q.path), ["/v1/models"]);
});

Deno.test("journey: --list-models --json prints one JSON object listing the models", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({ models: ["llama-local"] });
  const known = await j.zot("--list-models", "--json", "--provider", "anthropic");
  assertEquals(known.code, 0, known.stderr);
  const rows: Record<string, unknown>[] = JSON.parse(known.stdout).models;
  assert(rows.length > 0 && rows.every((r) => r.provider === "anthropic"), known.stdout);
  assertEquals(Object.keys(rows[0]), ["id", "provider", "context_window", "max_output"]);
  const served = await j.zot(
    "--list-models",
    "--json",
    "--provider",
    "openai",
    "--base-url",
    llm.openaiBaseUrl,
  );
  assertEquals(served.code, 0, served.stderr);
  assertEquals(JSON.parse(served.stdout).models.map((m: { id: string }) => m.id), ["llama-local"]);
});

Deno.test("journey: a misspelt --tools name lists the tools that exist", async () => {
  await using j = await journey();
  await j.write(shellExtension("demo"), ["demo/main.sh"]);
  await using llm = await startFakeLlm({ script: [{ text: "fine" }] });
  const r = await j.zot(
    "-p",
    "--tools",
    "raed,demo_echo",
    "--ext",
    "./demo",
    "--base-url",
    llm.anthropicBaseUrl,
    "--api-key",
    "x",
    "hi",
  );
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stdout, "fine\n");
  assertStringIncludes(r.stderr, `--tools names "raed", which no tool provides (available: read,`);
  assertStringIncludes(r.stderr, "demo_echo)");
});

Deno.test("journey: -p and --json keep stdout to the answer / JSON lines, notes on stderr", async () => {
  await using j = await journey();
  await j.write(shellExtension("demo"), ["demo/main.sh"]);
  // A project extension in an untrusted project produces a note: it must not reach stdout.
  await j.write(
    Object.fromEntries(
      Object.entries(shellExtension("x")).map(([k, v]) => [`.zot/extensions/${k}`, v]),
    ),
    [".zot/extensions/x/main.sh"],
  );
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "demo_echo", args: { text: "ping" } }] },
      { text: "The answer." },
      { toolCalls: [{ name: "demo_echo", args: { text: "ping" } }] },
      { text: "Again." },
    ],
  });
  const common = ["--ext", "./demo", "--base-url", llm.anthropicBaseUrl, "--api-key", "x"];
  const p = await j.zot("-p", ...common, "use the tool");
  assertEquals(p.code, 0, p.stderr);
  assertEquals(p.stdout, "The answer.\n");
  assertStringIncludes(p.stderr, `run "zot trust"`);
  const json = await j.zot("--json", ...common, "use the tool");
  assertEquals(json.code, 0, json.stderr);
  const lines = json.stdout.trimEnd().split("\n");
  for (const line of lines) assert(typeof JSON.parse(line).type === "string", line);
  assertEquals(JSON.parse(lines.at(-1)!).type, "done");
});

Deno.test("journey: no API key says how to set one, in print and JSON mode", async () => {
  await using j = await journey();
  // All three ways: the environment variable, the flag and `zot login`.
  const text =
    `No API key for provider "anthropic": set ANTHROPIC_API_KEY, pass --api-key, or run "zot login anthropic"`;
  for (const mode of ["-p", "--json"]) {
    const r = await j.zot(mode, "hi");
    assertEquals(r.code, 1);
    assertStringIncludes(r.stderr, text);
    if (mode === "-p") {
      assertEquals(r.stdout, "");
    } else {
      // JSON mode reports it on stdout too, as its one error event.
      const lines = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
      assertEquals(lines.length, 1);
      assertEquals(lines[0].type, "error");
      assertStringIncludes(lines[0].message, text);
    }
  }
  const openai = await j.zot("-p", "--provider", "openai", "hi");
  assertEquals(openai.code, 1);
  assertStringIncludes(
    openai.stderr,
    `set OPENAI_API_KEY, pass --api-key, or run "zot login openai"`,
  );
});

Deno.test("journey: a model error exits 1 with the provider's message", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({
    script: [{ error: { status: 400, message: "no such model" } }],
  });
  const r = await j.zot("-p", "--base-url", llm.anthropicBaseUrl, "--api-key", "x", "hi");
  assertEquals(r.code, 1);
  assertEquals(r.stdout, "");
  assertStringIncludes(r.stderr, "no such model");
});

Deno.test("journey: an OpenAI-compatible --base-url without /v1 gets a 404 that says to add it", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({ script: [{ text: "unreached" }] });
  for (const transport of ["sdk", "fetch"]) {
    const r = await j.zot(
      "-p",
      "--provider",
      "openai",
      "--model",
      "llama3",
      "--base-url",
      llm.url,
      "--transport",
      transport,
      "--api-key",
      "x",
      "hi",
    );
    assertEquals(r.code, 1, r.stderr);
    assertStringIncludes(r.stderr, "OpenAI API error 404");
    assertStringIncludes(
      r.stderr,
      `--base-url (${llm.url}): an OpenAI-compatible server's URL usually ends in /v1`,
    );
  }
});

/** The key a request carried: `x-api-key`, or a bearer token (the SDK transport sends that). */
const keyOf = (r: FakeRequest) => r.headers["x-api-key"] ?? r.headers.authorization ?? "";

Deno.test("journey: a hand-written auth.json with a bare key string is used", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({ script: [{ text: "authed" }, { text: "again" }] });
  await Deno.writeTextFile(`${j.home}/auth.json`, JSON.stringify({ anthropic: "sk-hand-written" }));
  const r = await j.zot("-p", "--base-url", llm.anthropicBaseUrl, "hi");
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stdout, "authed\n");
  assertStringIncludes(keyOf(await llm.request(0)), "sk-hand-written");
  // The documented shape keeps working.
  await Deno.writeTextFile(
    `${j.home}/auth.json`,
    JSON.stringify({ anthropic: { type: "api_key", key: "sk-object" } }),
  );
  assertEquals((await j.zot("-p", "--base-url", llm.anthropicBaseUrl, "hi")).stdout, "again\n");
  assertStringIncludes(keyOf(await llm.request(1)), "sk-object");
});

Deno.test("journey: --max-steps stops a tool loop with exit 1 and says how to continue", async () => {
  await using j = await journey();
  await j.write({ "README.md": "hi\n" });
  const readIt = { toolCalls: [{ name: "read", args: { path: "README.md" } }] };
  await using llm = await startFakeLlm({ script: [readIt, readIt] });
  const r = await j.zot(
    "-p",
    "--max-steps",
    "1",
    "--base-url",
    llm.anthropicBaseUrl,
    "--api-key",
    "x",
    "read it",
  );
  assertEquals(r.code, 1);
  assertEquals(r.stdout, "");
  assertStringIncludes(
    r.stderr,
    "Stopped after 1 step (raise --max-steps to let the agent continue)",
  );
});

Deno.test("journey: zot with no terminal and no prompt is a usage error, not a broken TUI", async () => {
  await using j = await journey();
  const r = await j.zot(); // stdin /dev/null, stdout a pipe
  assertEquals(r.code, 2);
  assertEquals(r.stdout, "");
  assertStringIncludes(
    r.stderr,
    "No prompt for print mode (pass it as an argument or pipe it on stdin)",
  );
});

Deno.test("journey: a prompt piped into plain zot is answered in print mode", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({ script: [{ text: "piped answer" }] });
  const child = j.command("--base-url", llm.anthropicBaseUrl, "--api-key", "x");
  const proc = child.spawn();
  const writer = proc.stdin.getWriter();
  await writer.write(new TextEncoder().encode("what is up\n"));
  await writer.close();
  const out = await proc.output();
  assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
  assertEquals(new TextDecoder().decode(out.stdout), "piped answer\n");
});

Deno.test("journey: an unreachable --base-url says so once, with what to check", async () => {
  await using j = await journey();
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close(); // nothing listens there now
  for (const transport of ["sdk", "fetch"]) {
    const r = await j.zot(
      "-p",
      "--transport",
      transport,
      "--base-url",
      `http://127.0.0.1:${port}`,
      "--api-key",
      "x",
      "hi",
    );
    assertEquals(r.code, 1, transport);
    assertStringIncludes(r.stderr, "Cannot reach the Anthropic API");
    assertStringIncludes(r.stderr, "(check the network and --base-url)");
    const line = r.stderr.split("\n").find((l) => l.includes("Cannot reach")) ?? "";
    const parts = line.split(/[():]/).map((p) => p.trim()).filter((p) => p.length > 12);
    assertEquals(new Set(parts).size, parts.length, `no repeated cause in: ${line}`);
  }
});

Deno.test("journey: an explicit --provider/--model is remembered for the next run", async () => {
  await using j = await journey();
  await using llm = await startFakeLlm({ script: [{ text: "one" }, { text: "two" }] });
  const key = ["--base-url", llm.openaiBaseUrl, "--api-key", "x"];
  const first = await j.zot("-p", "--provider", "openai", "--model", "local-m", ...key, "hi");
  assertEquals(first.code, 0, first.stderr);
  const config = JSON.parse(await Deno.readTextFile(`${j.home}/config.json`));
  assertEquals([config.provider, config.model], ["openai", "local-m"]);
  const second = await j.zot("-p", ...key, "again");
  assertEquals(second.code, 0, second.stderr);
  assertEquals(second.stdout, "two\n");
  const request = await llm.request(1);
  assertEquals(request.path, "/v1/chat/completions");
  assertEquals((request.body as { model: string }).model, "local-m");
});
