// Frames nested past MAX_FRAME_DEPTH are invalid at the boundary, whatever their type, so deep
// tool arguments or schemas never reach anything that walks them recursively.
import { assert, assertEquals } from "../helpers/assert.ts";
import { deeperThan, parseExtToHost } from "../../src/protocol/validate.ts";
import { MAX_FRAME_DEPTH } from "../../src/protocol/limits.ts";

/** `levels` objects nested in each other, as JSON text. */
const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${"}".repeat(levels - 1)}`;

Deno.test("frame depth: deep arguments, schemas and results are invalid frames, for every type", () => {
  const deep = nested(200_000);
  const frames = [
    `{"type":"register_tool","name":"t","schema":${deep}}`,
    `{"type":"command_response","id":"1","action":"tool","tool_name":"t","tool_args":${deep}}`,
    `{"type":"call_tool","id":"1","name":"read","args":${deep}}`,
    `{"type":"event_intercept_response","id":"1","modified_args":${deep}}`,
    `{"type":"tool_result","id":"1","content":[],"x":[${deep}]}`,
  ];
  for (const line of frames) {
    const parsed = parseExtToHost(line);
    assert(!parsed.ok, line.slice(0, 40));
    assertEquals(parsed.kind, "invalid");
    assert(parsed.error.endsWith(`frame: nested deeper than ${MAX_FRAME_DEPTH} levels`));
  }
});

Deno.test("frame depth: the limit counts the frame itself; one level less is accepted", () => {
  // The frame is level 1 and args level 2, so args may hold MAX_FRAME_DEPTH - 1 levels.
  const at = `{"type":"call_tool","id":"1","name":"read","args":${nested(MAX_FRAME_DEPTH - 1)}}`;
  assertEquals(parseExtToHost(at).ok, true);
  const over = `{"type":"call_tool","id":"1","name":"read","args":${nested(MAX_FRAME_DEPTH)}}`;
  assertEquals(parseExtToHost(over).ok, false);
  // Arrays count like objects.
  assertEquals(deeperThan(JSON.parse("[[[]]]"), 3), false);
  assertEquals(deeperThan(JSON.parse("[[[[]]]]"), 3), true);
  assertEquals(deeperThan("text", 0), false);
});

Deno.test("frame depth: measuring 1,000,000 levels does not recurse", () => {
  const value = JSON.parse(nested(1_000_000));
  assertEquals(deeperThan(value, 64), true);
  assertEquals(deeperThan(value, 1_000_000), false);
});
