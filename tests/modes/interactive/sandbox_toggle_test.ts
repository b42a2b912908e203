/**
 * `/sandbox` in the TUI: switches bash into the OS sandbox and back, shows `sandbox` on the
 * status line while on, and refuses to switch on (saying why and what to install) where the OS
 * sandbox cannot run, so the status line never claims a sandbox that is not there.
 */
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { startFakeLlm } from "../../helpers/fake_llm.ts";
import { until } from "../../helpers/wait.ts";
import { defaultFlags } from "../../../src/modes/common/flags.ts";
import { createInteractiveSetup } from "../../../src/modes/common/setup.ts";
import { App } from "../../../src/modes/interactive/app.ts";
import { MemoryTerminal, stripAnsi } from "../../../src/tui/mod.ts";

async function withApp(fn: (app: App, terminal: MemoryTerminal) => Promise<void>) {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ text: "ok" }] });
  const flags = { ...defaultFlags(), baseUrl: llm.url, noExt: true, noSession: true };
  const env = (name: string) =>
    ({ ZOT_HOME: z.home, ANTHROPIC_API_KEY: "k", HOME: z.home } as Record<string, string>)[name];
  const setup = await createInteractiveSetup(flags, undefined, { cwd: z.cwd, env });
  const terminal = new MemoryTerminal(100, 30, { keep: false });
  const app = new App(setup, terminal, { color: false });
  const done = app.run();
  await app.started;
  try {
    await fn(app, terminal);
  } finally {
    terminal.type("/exit");
    terminal.key("\r");
    await done;
    await setup.shutdown();
  }
}

const statusLine = (app: App) => stripAnsi(app.screen.status.render(100).join("\n"));
/** The info row alone (model, directory, cost, jail, sandbox, confirm mode). */
const infoRow = (app: App) => stripAnsi(app.screen.status.render(100).at(-1) ?? "");

Deno.test("/sandbox switches bash into the OS sandbox and back, shown on the status line", async () => {
  await withApp(async (app, terminal) => {
    const box = app.ctx.setup.bashSandbox;
    assertEquals(box.enabled, false);
    assert(!infoRow(app).includes("sandbox"), infoRow(app));
    // A confiner that is available; what it confines is tested with the bash tool itself.
    box.confiner = { status: () => Promise.resolve({ ok: true }), confine: box.confiner!.confine };
    terminal.type("/sandbox");
    terminal.key("\r");
    await until(() => box.enabled, 5_000, "the sandbox on");
    await until(() => infoRow(app).includes("unjailed · sandbox · yolo"), 5_000, "the info row");
    terminal.type("/sandbox");
    terminal.key("\r");
    await until(() => !box.enabled, 5_000, "the sandbox off");
    assertEquals(app.screen.status.info.sandboxed, false);
    assert(!infoRow(app).includes("sandbox"), infoRow(app));
  });
});

Deno.test("/sandbox says which variables it withholds, and how to pass one", async () => {
  await withApp(async (app, terminal) => {
    const box = app.ctx.setup.bashSandbox;
    box.confiner = { status: () => Promise.resolve({ ok: true }), confine: box.confiner!.confine };
    box.hostEnv = { LANG: "C.UTF-8", GITHUB_TOKEN: "t", DATABASE_URL: "postgres://u:p@h/d" };
    terminal.type("/sandbox");
    terminal.key("\r");
    await until(() => box.enabled, 5_000, "the sandbox on");
    const chat = () => stripAnsi(app.screen.transcript.render(100).join("\n"));
    await until(() => chat().includes("withheld:"), 5_000, "the environment line");
    assertStringIncludes(chat(), "withheld: DATABASE_URL, GITHUB_TOKEN;");
    assertStringIncludes(chat(), '"bashSandbox.env"');
    assert(!chat().includes("LANG"), chat());
  });
});

Deno.test("/sandbox where the OS sandbox cannot run stays off and says what to install", async () => {
  await withApp(async (app, terminal) => {
    const box = app.ctx.setup.bashSandbox;
    box.confiner = {
      status: () =>
        Promise.resolve({
          ok: false,
          reason: '"bwrap" not found on PATH',
          remedy: "apt install bubblewrap socat ripgrep",
        }),
      confine: () => Promise.reject(new Error("not called")),
    };
    terminal.type("/sandbox");
    terminal.key("\r");
    await until(
      () => statusLine(app).includes("Cannot turn the sandbox on"),
      5_000,
      "the refusal",
    );
    assertStringIncludes(statusLine(app), "apt install bubblewrap");
    assertEquals(box.enabled, false);
    assertEquals(app.screen.status.info.sandboxed ?? false, false);
  });
});
