/**
 * How the headless modes word a diagnostic on stderr, from its fields: load
 * problems as `extension load: …`, launch notes as they are, skills as
 * `zot: skill: …`, the rest as `zot: …`; and an RPC client gets host
 * warnings as `ext_notify` with the diagnostic's code.
 */

import { assertEquals } from "../../helpers/assert.ts";
import type { Diagnostic } from "../../../src/diagnostic.ts";
import { diagnosticLine, lineSink, warning } from "../../../src/modes/common/diagnostics.ts";
import { rpcUi } from "../../../src/modes/rpc/ui.ts";

Deno.test("diagnosticLine: the prefix comes from the source and the code", () => {
  const cases: [Diagnostic, string][] = [
    [
      { source: "load", severity: "error", code: "start-failed", message: "boom" },
      "extension load: boom",
    ],
    [
      {
        source: "trust",
        severity: "warning",
        code: "project-held",
        message: `Not starting project extension "x": new`,
        remedy: `run "zot trust" to review and allow it`,
      },
      `extension load: Not starting project extension "x": new (run "zot trust" to review and allow it)`,
    ],
    [
      { source: "load", severity: "info", code: "launch-note", message: "  read: ." },
      "  read: .",
    ],
    [
      { source: "skills", severity: "error", code: "skill-invalid", message: "Invalid skill a" },
      "zot: skill: Invalid skill a",
    ],
    [warning("run", "unknown-tool", `--tools names "x"`), `zot: --tools names "x"`],
    [
      warning("session", "session-choice", "no earlier session in /p; starting a new one"),
      "zot: no earlier session in /p; starting a new one",
    ],
  ];
  for (const [d, line] of cases) assertEquals(diagnosticLine(d), line);
});

Deno.test("diagnosticLine: a message that looks like a load error is not taken for one", () => {
  const d = warning("config", "config-invalid", "extension load: this is config text");
  assertEquals(diagnosticLine(d), "zot: extension load: this is config text");
});

Deno.test("lineSink writes one line per diagnostic", () => {
  const lines: string[] = [];
  const sink = lineSink((l) => lines.push(l));
  sink(warning("run", "flag-ignored", "a"));
  sink({ source: "discovery", severity: "error", code: "manifest-invalid", message: "/d: b" });
  assertEquals(lines, ["zot: a", "extension load: /d: b"]);
});

Deno.test("RPC: a host warning is an ext_notify that also carries the diagnostic's code", () => {
  const sent: Record<string, unknown>[] = [];
  const ui = rpcUi((e) => sent.push(e));
  ui.warn({
    source: "extension",
    severity: "warning",
    code: "gate-down",
    extension: "guard",
    message: "stopped (exit 1); it checks tool calls, so they are refused until it runs again",
    remedy: `run "/reload-ext" or restart zot`,
  });
  assertEquals(sent, [{
    type: "ext_notify",
    extension: "guard",
    level: "warn",
    message:
      `stopped (exit 1); it checks tool calls, so they are refused until it runs again (run "/reload-ext" or restart zot)`,
    code: "gate-down",
  }]);
});
