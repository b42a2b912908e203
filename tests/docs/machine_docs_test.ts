/**
 * docs/json.md and docs/rpc.md name every event and command the code has, and nothing else. The
 * lists come from the code: the records below are typed by the unions the JSON and RPC modes
 * write and parse, so a new event or command fails to compile here until it is added, and then
 * fails the test until it is documented.
 */

import { fileURLToPath } from "node:url";
import { assert, assertEquals } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { jsonLinesOf, runZot } from "../modes/run_zot.ts";
import type { ClientEvent } from "../../src/modes/common/client_events.ts";
import type { ToolUseEvent } from "../../src/modes/json/tool_use.ts";
import type { RpcExtEvent } from "../../src/modes/rpc/ui.ts";
import { parseCommand, RPC_COMMAND_TYPES } from "../../src/modes/rpc/commands.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => Deno.readTextFile(`${ROOT}${path}`);

const CLIENT_EVENTS: Record<ClientEvent["type"], true> = {
  turn_start: true,
  user_message: true,
  assistant_start: true,
  text_delta: true,
  tool_call: true,
  tool_progress: true,
  tool_result: true,
  assistant_message: true,
  usage: true,
  turn_end: true,
  done: true,
  error: true,
  compact_done: true,
};
const TOOL_USE_EVENTS: Record<ToolUseEvent["type"], true> = {
  tool_use_start: true,
  tool_use_args: true,
  tool_use_end: true,
};
const EXT_EVENTS: Record<RpcExtEvent["type"], true> = {
  ext_notify: true,
  ext_display: true,
  ext_clear_notes: true,
};

const JSON_EVENTS = [...Object.keys(CLIENT_EVENTS), ...Object.keys(TOOL_USE_EVENTS)];
const RPC_EVENTS = [...Object.keys(CLIENT_EVENTS), ...Object.keys(EXT_EVENTS)];

/** The names of the "### `name`" headings in the "## <section>" of a markdown text. */
function namedHeadings(text: string, section: string): string[] {
  const start = text.indexOf(`\n## ${section}\n`);
  assert(start >= 0, `no "## ${section}" section`);
  const rest = text.slice(start + 1);
  const end = rest.indexOf("\n## ", 1);
  const body = end < 0 ? rest : rest.slice(0, end);
  return [...body.matchAll(/^### `([a-z_]+)`$/gm)].map((m) => m[1]);
}

/** The types of the lines in the doc's `jsonl` examples (every line must parse). */
function exampleTypes(text: string): string[] {
  const blocks = [...text.matchAll(/^```jsonl\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  assert(blocks.length > 0, "no jsonl example");
  return blocks.flatMap((b) => b.split("\n").filter((l) => l !== "")).map((l) =>
    JSON.parse(l).type
  );
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

Deno.test("docs: docs/json.md documents every --json event type, and no other", async () => {
  const doc = await read("docs/json.md");
  assertEquals(sorted(namedHeadings(doc, "Events")), sorted(JSON_EVENTS));
  for (const type of exampleTypes(doc)) assert(JSON_EVENTS.includes(type), `example ${type}`);
});

Deno.test("docs: docs/rpc.md documents every RPC command and event, and no other", async () => {
  const doc = await read("docs/rpc.md");
  assertEquals(sorted(namedHeadings(doc, "Commands")), sorted(RPC_COMMAND_TYPES));
  assertEquals(sorted(namedHeadings(doc, "Events")), sorted(RPC_EVENTS));
  const lines = [...RPC_EVENTS, ...RPC_COMMAND_TYPES, "response"];
  for (const type of exampleTypes(doc)) assert(lines.includes(type), `example ${type}`);
});

Deno.test("docs: the RPC command list is what the parser accepts", () => {
  const fields = { message: "m", model: "m", reasoning: "high", id: 1 };
  for (const type of RPC_COMMAND_TYPES) {
    const parsed = parseCommand(JSON.stringify({ type, ...fields }));
    assert(parsed.ok, `${type}: ${JSON.stringify(parsed)}`);
  }
  // Probed with names near the real ones: the parser knows no command the list lacks.
  for (const type of ["prompts", "Prompt", "get_stat", "exit", "shutdown", "steer"]) {
    assertEquals(parseCommand(JSON.stringify({ type, ...fields })).ok, false, type);
  }
});

Deno.test("docs: every line of a real --json run with a tool call is a documented event", async () => {
  await using z = await tempZot();
  await using llm = await startFakeLlm({
    script: [
      { text: "Listing.", toolCalls: [{ name: "bash", args: { command: "echo hi" } }] },
      { text: "Done." },
    ],
  });
  const r = await runZot(["--json", "what is here?", "--base-url", llm.url, "--no-ext"], z);
  assertEquals(r.code, 0, r.stderr);
  const documented = namedHeadings(await read("docs/json.md"), "Events");
  const seen = sorted(jsonLinesOf(r.stdout).map((e) => String(e.type)));
  assertEquals(seen.filter((t) => !documented.includes(t)), []);
  // The run shows most of the stream: a change in what zot writes shows here too.
  assertEquals(seen.length, JSON_EVENTS.length - ["error", "compact_done"].length);
});
