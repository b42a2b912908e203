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

Deno.test("parseExtToHost tells an empty, a null, a wrong and a missing system_prompt apart", () => {
  const frame = (fields: string) => {
    const r = parseExtToHost(`{"type":"event_intercept_response","id":"1"${fields}}`);
    assert(r.ok && r.frame.type === "event_intercept_response");
    const { type: _t, id: _i, ...rest } = r.frame;
    return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  };
  assertEquals(frame(`,"system_prompt":""`), { system_prompt: "", system_prompt_bytes: 2 });
  assertEquals(frame(`,"system_prompt":null`), {
    system_prompt_invalid: true,
    system_prompt_bytes: 4,
  });
  assertEquals(frame(`,"system_prompt":[1]`), {
    system_prompt_invalid: true,
    system_prompt_bytes: 3,
  });
  assertEquals(frame(""), {});
});

Deno.test("parseExtToHost types modified_args: an object, nothing for null, else marked", () => {
  const frame = (args: string) => {
    const r = parseExtToHost(
      `{"type":"event_intercept_response","id":"1","modified_args":${args}}`,
    );
    assert(r.ok && r.frame.type === "event_intercept_response");
    return [r.frame.modified_args, r.frame.modified_args_invalid];
  };
  assertEquals(frame(`{"n":1}`), [{ n: 1 }, undefined]);
  assertEquals(frame("null"), [undefined, undefined]);
  for (const bad of ["[1]", '"x"', "3", "true"]) assertEquals(frame(bad), [undefined, true]);
});

Deno.test("parseExtToHost keeps call_tool args only when they are a JSON object", () => {
  const args = (value: string) => {
    const r = parseExtToHost(`{"type":"call_tool","id":"1","name":"read"${value}}`);
    assert(r.ok && r.frame.type === "call_tool");
    return r.frame.args;
  };
  assertEquals(args(`,"args":{"path":"a"}`), { path: "a" });
  for (const bad of ["", `,"args":null`, `,"args":[1]`, `,"args":"{}"`]) {
    assertEquals(args(bad), undefined);
  }
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
