import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { readBashSandbox } from "../../src/config/bash_sandbox.ts";

Deno.test("bashSandbox: off by default, read when well formed", () => {
  assertEquals(readBashSandbox({}, "c.json"), {
    value: { enabled: false, net: [], loopback: false },
    diagnostics: [],
  });
  const read = readBashSandbox({
    bashSandbox: { enabled: true, net: ["GitHub.com", "*.npmjs.org:443"], loopback: true },
  }, "c.json");
  assertEquals(read.value, {
    enabled: true,
    net: ["github.com", "*.npmjs.org:443"],
    loopback: true,
  });
});

Deno.test("bashSandbox: bad values are ignored with a diagnostic naming the key", () => {
  const read = readBashSandbox({
    bashSandbox: { enabled: "yes", net: ["ok.example", "http://x/", 3] },
  }, "c.json");
  assertEquals(read.value, { enabled: false, net: ["ok.example"], loopback: false });
  assertEquals(read.diagnostics.length, 3);
  assertStringIncludes(read.diagnostics[0], '"bashSandbox.enabled"');
  assertStringIncludes(read.diagnostics[1], '"http://x/"');
  assertStringIncludes(readBashSandbox({ bashSandbox: [] }, "c.json").diagnostics[0], "object");
});

Deno.test("bashSandbox.env: variable names are read, anything else ignored with a diagnostic", () => {
  const read = readBashSandbox({
    bashSandbox: { env: ["NPM_TOKEN", "my_var", "BAD-NAME", "", 7] },
  }, "c.json");
  assertEquals(read.value.env, ["NPM_TOKEN", "my_var"]);
  assertEquals(read.diagnostics.length, 3);
  assertStringIncludes(read.diagnostics[0], '"BAD-NAME" in "bashSandbox.env"');
  const notList = readBashSandbox({ bashSandbox: { env: "NPM_TOKEN" } }, "c.json");
  assertEquals(notList.value.env, undefined);
  assertStringIncludes(notList.diagnostics[0], "not a list of variable names");
});
