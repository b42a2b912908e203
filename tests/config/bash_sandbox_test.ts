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
