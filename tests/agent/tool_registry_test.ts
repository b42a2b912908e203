import { assertEquals } from "../helpers/assert.ts";
import { ToolRegistry } from "../../src/agent/tool_registry.ts";
import { echoTool } from "./fakes.ts";

Deno.test("--tools restricts built-in and extension tools alike", () => {
  const r = new ToolRegistry([echoTool("read"), echoTool("bash")], { allow: ["read", "ext"] });
  r.setExtensionTools([echoTool("ext", { source: "x" }), echoTool("other", { source: "x" })]);
  assertEquals(r.specs().map((s) => s.name), ["ext", "read"]);
});

Deno.test("reload keeps built-ins and the activation of deferred tools still present", () => {
  const r = new ToolRegistry([echoTool("read")]);
  r.setExtensionTools([
    echoTool("weather", { deferred: true }),
    echoTool("gone", { deferred: true }),
  ]);
  assertEquals(r.activate(["weather", "gone", "weather", "unknown", "read"]), ["weather", "gone"]);
  r.setExtensionTools([
    echoTool("weather", { deferred: true }),
    echoTool("gone2", { deferred: true }),
  ]);
  assertEquals(r.specs().map((s) => s.name), ["read", "weather"]);
  assertEquals(r.all().map((t) => t.name), ["read", "weather", "gone2"]);
});
