/**
 * The examples through the real `zot` CLI in print mode (`zot -p … --ext
 * <example>`), with a scripted fake model: the model's tool call really
 * reaches the sandboxed extension, and its answer really reaches the model.
 */
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { EXAMPLES } from "./harness.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

async function zotPrint(
  z: { cwd: string; home: string },
  args: string[],
  env: Record<string, string> = {},
) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", "--config", `${ROOT}deno.json`, `${ROOT}main.ts`, ...args],
    cwd: z.cwd,
    env: { ZOT_HOME: z.home, ANTHROPIC_API_KEY: "test-key", NO_COLOR: "1", ...env },
    stdin: "null",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test("cli: zot -p --ext weather runs the sandboxed tool for the model", async () => {
  await using z = await tempZot();
  const weather = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () =>
      Response.json({ current_condition: [{ temp_C: "21", weatherDesc: [{ value: "Sunny" }] }] }),
  );
  try {
    await using llm = await startFakeLlm({
      script: [
        { toolCalls: [{ name: "weather", args: { city: "Lisbon" } }] },
        { text: "Sunny and 21°C." },
      ],
    });
    const r = await zotPrint(z, [
      "-p",
      "weather in Lisbon?",
      "--base-url",
      llm.url,
      "--ext",
      `${EXAMPLES}weather`,
    ], { WEATHER_URL: `http://127.0.0.1:${weather.addr.port}` });
    assertEquals([r.code, r.stdout], [0, "Sunny and 21°C.\n"], r.stderr);
    assertStringIncludes(JSON.stringify(llm.requests[1].body), "Lisbon: 21°C, sunny");
  } finally {
    await weather.shutdown();
  }
});

Deno.test("cli: zot -p --ext guard refuses the model's dangerous bash before it runs", async () => {
  await using z = await tempZot();
  const marker = `${z.root}/should-not-exist`;
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "bash", args: { command: `sudo touch ${marker}` } }] },
      { text: "I will ask first." },
    ],
  });
  const r = await zotPrint(z, ["-p", "go", "--base-url", llm.url, "--ext", `${EXAMPLES}guard`]);
  assertEquals([r.code, r.stdout], [0, "I will ask first.\n"], r.stderr);
  assertStringIncludes(
    JSON.stringify(llm.requests[1].body),
    'guard refused: the command matches the danger pattern \\"sudo\\"',
  );
  const exists = await Deno.stat(marker).then(() => true, () => false);
  assertEquals(exists, false);
});

Deno.test("cli: zot -p --ext policy redacts the answer, adds the house rule, keeps the transcript", async () => {
  await using z = await tempZot();
  const key = "sk-ant-0123456789abcdefXYZ";
  await using llm = await startFakeLlm({
    script: [{ text: `Your key is ${key}.` }, { text: "You said it before." }],
  });
  const r = await zotPrint(z, [
    "-p",
    "what is my key?",
    "--base-url",
    llm.url,
    "--ext",
    `${EXAMPLES}policy`,
  ]);
  assertEquals([r.code, r.stdout], [0, "Your key is [redacted].\n"], r.stderr);
  const system = JSON.stringify((llm.requests[0].body as { system?: unknown }).system);
  assertStringIncludes(system, "You are zot");
  assertStringIncludes(
    system,
    "House rule: never print credentials; refer to them by their name.",
  );
  // The session keeps what the model said: the next prompt's request carries the key.
  const again = await zotPrint(z, [
    "-c",
    "-p",
    "again",
    "--base-url",
    llm.url,
    "--ext",
    `${EXAMPLES}policy`,
  ]);
  assertEquals([again.code, again.stdout], [0, "You said it before.\n"], again.stderr);
  assertStringIncludes(JSON.stringify(llm.requests[1].body), key);
});

Deno.test("cli: zot -p --ext toolbox: the deferred tool appears after activation and reads through call_tool", async () => {
  await using z = await tempZot();
  await Deno.writeTextFile(`${z.cwd}/three.txt`, "one\ntwo\nthree\n");
  await using llm = await startFakeLlm({
    script: [
      { toolCalls: [{ name: "toolbox_open", args: {} }] },
      { toolCalls: [{ name: "count_lines", args: { path: "three.txt" } }] },
      { text: "Three lines." },
    ],
  });
  const r = await zotPrint(z, [
    "-p",
    "count",
    "--base-url",
    llm.url,
    "--ext",
    `${EXAMPLES}toolbox`,
  ]);
  assertEquals([r.code, r.stdout], [0, "Three lines.\n"], r.stderr);
  const tools = (n: number) =>
    ((llm.requests[n].body as { tools?: { name: string }[] }).tools ?? []).map((t) => t.name);
  assertEquals([tools(0).includes("toolbox_open"), tools(0).includes("count_lines")], [
    true,
    false,
  ]);
  assertEquals(tools(1).includes("count_lines"), true);
  assertStringIncludes(JSON.stringify(llm.requests[2].body), "three.txt: 3 line(s)");
});
