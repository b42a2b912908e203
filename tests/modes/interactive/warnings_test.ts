/**
 * Where the TUI shows a diagnostic is decided by its fields: load problems
 * stay in the chat as `✖` lines, launch notes are muted text in the transcript, the
 * rest are warning notes from "zot". The text never decides it.
 */

import { assert, assertEquals } from "../../helpers/assert.ts";
import { MemoryTerminal } from "../../../src/tui/mod.ts";
import { Screen } from "../../../src/modes/interactive/screen.ts";
import { showDiagnostics } from "../../../src/modes/interactive/warnings.ts";
import type { Diagnostic } from "../../../src/diagnostic.ts";

function screen(): Screen {
  return new Screen(new MemoryTerminal(100, 24), {
    model: "m",
    cwd: "~",
    costUsd: 0,
    jailed: false,
    yolo: true,
    activity: "",
    queued: 0,
  }, { color: false });
}

const loadError: Diagnostic = {
  source: "discovery",
  severity: "error",
  code: "manifest-invalid",
  message: "/exts/bad: parse manifest: unexpected end",
};

Deno.test("TUI: a load problem is a ✖ line in the chat, not a note", () => {
  const s = screen();
  showDiagnostics(s, [loadError]);
  const lines = s.transcript.render(100).join("\n");
  assert(lines.includes("✖ /exts/bad: parse manifest: unexpected end"), lines);
  assertEquals(s.notes.notes.length, 0);
});

Deno.test("TUI: launch notes go to the transcript, other warnings are warn notes, skills say so", () => {
  const s = screen();
  showDiagnostics(s, [
    {
      source: "load",
      severity: "info",
      code: "launch-note",
      message: `extension "x" runs sandboxed`,
    },
    {
      source: "session",
      severity: "warning",
      code: "session-choice",
      message: "no earlier session",
    },
    { source: "skills", severity: "error", code: "skill-invalid", message: "Invalid skill a" },
  ]);
  assertEquals(s.notes.notes.map((n) => [n.level, n.text]), [
    ["warn", "no earlier session"],
    ["warn", "skill: Invalid skill a"],
  ]);
  const chat = s.transcript.render(100).join("\n");
  assert(chat.includes(`extension "x" runs sandboxed`), chat);
  assert(!chat.includes("✖"), chat);
});

Deno.test("TUI: a warning whose text looks like a load error stays a note", () => {
  const s = screen();
  showDiagnostics(s, [{
    source: "config",
    severity: "warning",
    code: "config-invalid",
    message: "extension load: written in a config file",
  }]);
  assertEquals(s.notes.notes.map((n) => n.text), ["extension load: written in a config file"]);
  assert(!s.transcript.render(100).join("\n").includes("✖"));
});
