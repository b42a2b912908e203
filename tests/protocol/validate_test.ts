import { assert, assertEquals } from "../helpers/assert.ts";
import { parseExtToHost, parseHostToExt } from "../../src/protocol/validate.ts";

Deno.test("parseExtToHost accepts the quick-start hello", () => {
  const r = parseExtToHost(
    '{"type":"hello","name":"hello-py","version":"1.0.0","capabilities":["commands"]}',
  );
  assert(r.ok);
  assertEquals(r.frame, {
    type: "hello",
    name: "hello-py",
    version: "1.0.0",
    capabilities: ["commands"],
  });
});

Deno.test("parseExtToHost names the bad field", () => {
  const r = parseExtToHost('{"type":"notify","level":"info","message":42}');
  assert(!r.ok);
  assertEquals(r.kind, "invalid");
  assertEquals(r.error, 'invalid "notify" frame: field "message" must be a string');
});

Deno.test("parseExtToHost tells malformed JSON from unknown types", () => {
  const bad = parseExtToHost("not json");
  assert(!bad.ok);
  assertEquals(bad.kind, "malformed");
  const unknown = parseExtToHost('{"type":"teleport"}');
  assert(!unknown.ok);
  assertEquals(unknown.kind, "unknown_type");
});

Deno.test("parseExtToHost keeps system_prompt raw so null and empty differ", () => {
  const a = parseExtToHost('{"type":"event_intercept_response","id":"1","system_prompt":""}');
  const b = parseExtToHost('{"type":"event_intercept_response","id":"1","system_prompt":null}');
  const c = parseExtToHost('{"type":"event_intercept_response","id":"1"}');
  assert(a.ok && b.ok && c.ok);
  assert(a.frame.type === "event_intercept_response" && a.frame.system_prompt === "");
  assert(b.frame.type === "event_intercept_response" && b.frame.system_prompt === null);
  assert(c.frame.type === "event_intercept_response" && !("system_prompt" in c.frame));
});

Deno.test("parseHostToExt maps unknown panel keys to unknown", () => {
  const r = parseHostToExt('{"type":"panel_key","panel_id":"p","key":"f13"}');
  assert(r.ok && r.frame.type === "panel_key");
  assertEquals(r.frame.key, "unknown");
});

Deno.test("parseExtToHost types every tool_result block and keeps unknown ones in place", () => {
  const r = parseExtToHost(JSON.stringify({
    type: "tool_result",
    id: "1",
    content: [
      { type: "text", text: "hi" },
      { type: "audio", data: "x" },
      "not a block",
      { type: 5 },
      { type: "text", text: 7 },
      { type: "image", mime_type: "image/png", data: "aGk=" },
      { type: "image", mime_type: 1 },
    ],
  }));
  assert(r.ok && r.frame.type === "tool_result");
  assertEquals(r.frame.content, [
    { type: "text", text: "hi" },
    { type: "unknown", sent_type: "audio" },
    { type: "unknown", sent_type: "" },
    { type: "unknown", sent_type: "" },
    { type: "text", text: "" },
    { type: "image", mime_type: "image/png", data: "aGk=" },
    { type: "image", mime_type: "", data: "" },
  ]);
});

Deno.test("parseExtToHost refuses tool_result content that is not an array", () => {
  const r = parseExtToHost('{"type":"tool_result","id":"1","content":{"type":"text"}}');
  assert(!r.ok);
  assertEquals(r.error, 'invalid "tool_result" frame: field "content" must be an array');
});
