// Each sink that prints extension- or manifest-derived text makes it safe itself, even when
// handed text that loading would have refused (the sink must not rely on it).
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { askConsent, type ConsentIO } from "../../src/extensions/consent.ts";
import { stderrUi } from "../../src/extensions/ui.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";
import { renderListTable } from "../../src/extensions/manage/list.ts";
import { renderDoctor } from "../../src/extensions/manage/doctor_render.ts";
import { safeTextSink } from "../../src/extensions/manage/safe_sink.ts";
import { jsonLines } from "../../src/modes/common/output.ts";
import {
  ChoiceDialog,
  DEFAULT_THEME,
  paintOf,
  selectListTheme,
  slashSuggestions,
} from "../../src/tui/mod.ts";
import { assertTerminalSafe, NASTY, NASTY_SAFE } from "./_hostile.ts";
import { scopeOf } from "../helpers/manifest.ts";

function recordingIO(): ConsentIO & { lines: string[]; asked: string[] } {
  const lines: string[] = [];
  const asked: string[] = [];
  return {
    lines,
    asked,
    interactive: () => true,
    ask: (q) => {
      asked.push(q);
      return Promise.resolve(false);
    },
    print: (l) => lines.push(l),
  };
}

function hostileSource(exec: string, scope?: unknown): ExtensionSource {
  const name = `w${NASTY}`;
  return {
    manifest: {
      name,
      exec,
      enabled: true,
      scope: scope === undefined ? undefined : scopeOf(scope),
      raw: {},
    },
    dir: "/exts/w",
    manifestPath: "/exts/w/extension.json",
    kind: "global",
  };
}

Deno.test("sinks: the consent lines and question read exactly as printed, for sandboxed and plain programs", async () => {
  // The attack: a run entry that erases the lines above it, so "your home directory" vanishes.
  const erase = "\x1b[1A\x1b[2K\x1b[1A\x1b[2K";
  const sandboxed = recordingIO();
  await askConsent(
    hostileSource("./main.ts", {
      read: ["${home}", `${"${project}"}/a${erase}`],
      run: [`git${erase}`],
    }),
    { yes: false, io: sandboxed, action: "Install" },
  );
  const shown = sandboxed.lines.join("\n") + sandboxed.asked.join("\n");
  assertTerminalSafe(shown, "consent");
  assertStringIncludes(shown, "your home directory");
  assertStringIncludes(shown, "run programs, and do everything those programs can");
  assertStringIncludes(
    shown,
    "with your privileges; zot's keys and state, and your home beyond this scope, stay hidden): git",
  );
  assertEquals(sandboxed.asked, [`Install "w${NASTY_SAFE}" with these permissions?`]);
  const plain = recordingIO();
  await askConsent(hostileSource(`./x${NASTY}`), { yes: false, io: plain, action: "Install" });
  assertTerminalSafe(plain.lines.join("\n") + plain.asked.join("\n"), "plain consent");
  assertStringIncludes(
    plain.lines[0],
    `runs "./x${NASTY_SAFE}" as a plain program with full privileges, NOT sandboxed`,
  );
});

Deno.test("sinks: headless notes, warnings and displays are made safe whatever writer they reach", () => {
  const lines: string[] = [];
  const ui = stderrUi((l) => lines.push(l));
  ui.notify(`e${NASTY}`, `warn${NASTY}`, `one\n${NASTY}`);
  ui.display("e", NASTY);
  ui.warn({
    source: "extension",
    severity: "warning",
    code: "frame-refused",
    extension: "e",
    message: NASTY,
  });
  for (const line of lines) assertTerminalSafe(line, "note");
  assertEquals(lines, [
    `[e${NASTY_SAFE}] warn${NASTY_SAFE}: one\n${NASTY_SAFE}`,
    `[e] info: ${NASTY_SAFE}`,
    `[e] warn: ${NASTY_SAFE}`,
  ]);
});

Deno.test("sinks: zot ext list and doctor render every line safe and on one line", () => {
  const table = renderListTable([{
    location: "global",
    name: `n${NASTY}`,
    version: `1\n2`,
    enabled: true,
    language: null,
    description: null,
    sandboxed: false,
    dir: `/d/${NASTY}`,
    state: "needs_grant",
    why: `Cannot start extension "n": changed${NASTY}`,
  }]);
  assertTerminalSafe(table, "list table");
  // The header, the row, and the row's reason under the table.
  assertEquals(table.split("\n").length, 4);
  assertStringIncludes(table, `n${NASTY_SAFE}`);
  const doctor = renderDoctor([{
    name: `n${NASTY}`,
    scope: "global",
    dir: `/d/${NASTY}`,
    status: "warning",
    version: null,
    sandboxed: false,
    exec: `./x${NASTY}`,
    log: null,
    errors: [`boom${NASTY}`],
    notes: [],
    commands: [{ name: `c${NASTY}`, state: "active" }],
    tools: [],
    warnings: [`w\nfake line${NASTY}`],
    frames: null,
  }], [`load${NASTY}`]);
  assertTerminalSafe(doctor, "doctor");
  assertStringIncludes(doctor, `  warning: w fake line${NASTY_SAFE}\n`);
  assertStringIncludes(doctor, `  ! load${NASTY_SAFE}`);
});

Deno.test("sinks: TUI dialogs and the / menu draw extension text safe", () => {
  const paint = paintOf(DEFAULT_THEME, { color: false });
  const dialog = new ChoiceDialog(paint, selectListTheme(paint), {
    title: `Answer ${NASTY}?`,
    lines: [`line ${NASTY}`],
    choices: [{ value: "a", label: `yes ${NASTY}`, description: `d ${NASTY}` }],
  });
  const drawn = dialog.render(200).join("\n");
  assertTerminalSafe(drawn, "dialog");
  assertStringIncludes(drawn, `Answer ${NASTY_SAFE}?`);
  assertStringIncludes(drawn, `yes ${NASTY_SAFE}`);
  const menu = slashSuggestions([], [{ name: "x", description: `d\n${NASTY}` }], "");
  assertEquals(menu[0].description, `d ${NASTY_SAFE}`);
});

Deno.test("sinks: JSON lines escape what a terminal would act on; the log printer drops a sequence split across chunks", async () => {
  const written: string[] = [];
  jsonLines((l) => written.push(l))({ text: NASTY });
  assertTerminalSafe(written[0], "json line");
  assertEquals(JSON.parse(written[0]), { text: NASTY });
  let out = "";
  const target = new WritableStream<Uint8Array>({
    write: (c) => void (out += new TextDecoder().decode(c)),
  });
  const sink = safeTextSink(target);
  const writer = sink.getWriter();
  const enc = new TextEncoder();
  for (const part of ["keep\x1b[3", "1mred\x1b]0;ti", `tle\x07 ${NASTY}`, "\x1b"]) {
    await writer.write(enc.encode(part));
  }
  await writer.close();
  assertEquals(out, `keepred ${NASTY_SAFE}`);
});
