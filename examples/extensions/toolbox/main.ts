// toolbox: a deferred tool the model unlocks, which works through call_tool.
// The model first sees only `toolbox_open`; its result activates
// `count_lines`, which asks zot to run the built-in `read` tool (through the
// same guards as the model's own calls) and counts what came back.
import { errorResult, Extension, textResult } from "./zot_sdk/sdk/mod.ts";

const ext = new Extension("toolbox", "1.0.0");

ext.tool({
  name: "toolbox_open",
  description: "Make the toolbox's file tools available (count_lines).",
}, () => textResult("count_lines is now available", { activateTools: ["count_lines"] }));

ext.tool({
  name: "count_lines",
  description: "Count the lines of a text file.",
  schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  // Registered, callable, but not shown to the model until activated.
  deferred: true,
}, async (args, ctx) => {
  if (typeof args.path !== "string") return errorResult('count_lines needs a "path"');
  // ctx.callTool nests the call under this one (parent_id) and aborts with it.
  const read = await ctx.callTool("read", { path: args.path });
  const body = read.content.map((b) => b.type === "text" ? b.text : "").join("");
  if (read.is_error) return errorResult(`cannot read ${args.path}: ${body}`);
  // read numbers its lines ("  1\t…"); a trailing note is not a line of the file.
  const lines = body.split("\n").filter((l) => /^\s*\d+\t/.test(l)).length;
  return textResult(`${args.path}: ${lines} line(s)`);
});

await ext.run();
