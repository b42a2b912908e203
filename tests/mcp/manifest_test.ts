/**
 * The `mcp` manifest field: parsed once at load, its command becoming the
 * extension's exec; variables that would change how the server's runtime
 * starts are refused, as are HTTP servers (not supported yet).
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { validateFields } from "../../src/extensions/manifest_fields.ts";
import { parseMcpField, parseNpmCommand } from "../../src/extensions/manifest_mcp.ts";
import { launchKind } from "../../src/sandbox/launch_kind.ts";

Deno.test("MCP manifest: an npm command is a sandboxed exec with a parsed scope", () => {
  const r = validateFields({
    name: "e",
    mcp: { command: "npm:@scope/server@1.2.3", args: ["stdio"] },
    scope: { read: ["${project}/docs"] },
  });
  assert(r.ok);
  assertEquals(r.manifest.exec, "npm:@scope/server@1.2.3");
  assertEquals(r.manifest.args, ["stdio"]);
  assertEquals(r.manifest.mcp?.npm, { name: "@scope/server", version: "1.2.3" });
  assert(r.manifest.scope !== undefined);
  assertEquals(launchKind(r.manifest.exec), "sandboxed");
});

Deno.test("MCP manifest: another command is a plain program", () => {
  const r = validateFields({ name: "e", mcp: { command: "uvx", args: ["mcp-server-git"] } });
  assert(r.ok);
  assertEquals(launchKind(r.manifest.exec), "plain");
  assertEquals(r.manifest.mcp?.npm, undefined);
});

Deno.test("MCP manifest: mcp and exec together are refused", () => {
  const r = validateFields({ name: "e", exec: "./main.ts", mcp: { command: "npm:x@1.0.0" } });
  assert(!r.ok);
  assertStringIncludes(r.problem, `"mcp" replaces "exec"`);
});

for (
  const name of [
    "LD_PRELOAD",
    "DENO_DIR",
    "NODE_OPTIONS",
    "DYLD_INSERT_LIBRARIES",
    "ld_library_path",
    "__ZOT_SANDBOX_RUNNER_CONFIG",
  ]
) {
  Deno.test(`MCP manifest: mcp.env may not set ${name}`, () => {
    const r = parseMcpField({ command: "npm:x@1.0.0", env: { [name]: "/tmp/evil.so" } });
    assert(!r.ok);
    assertStringIncludes(r.problem, `may not set "${name}"`);
  });
}

Deno.test("MCP manifest: ordinary variables pass", () => {
  const r = parseMcpField({ command: "npm:x@1.0.0", env: { API_URL: "http://127.0.0.1" } });
  assert(r.ok);
  assertEquals(r.server.env, { API_URL: "http://127.0.0.1" });
});

Deno.test("MCP manifest: an HTTP server says it is not supported yet", () => {
  for (const raw of [{ url: "https://example.com/mcp" }, { type: "http", command: "x" }]) {
    const r = parseMcpField(raw);
    assert(!r.ok);
    assertStringIncludes(r.problem, "HTTP, which zot does not support yet");
  }
});

Deno.test("MCP manifest: npm commands", () => {
  assertEquals(parseNpmCommand("npm:a"), { name: "a" });
  assertEquals(parseNpmCommand("npm:@s/a@1.0.0"), { name: "@s/a", version: "1.0.0" });
  assertEquals(parseNpmCommand("npx"), undefined);
  assertEquals(parseNpmCommand("npm:../evil"), "invalid");
  assertEquals(parseNpmCommand("npm:a@1.0.0/../../x"), "invalid");
});
