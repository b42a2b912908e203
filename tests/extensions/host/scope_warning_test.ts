/**
 * A sandboxed extension loaded with --ext (the author's own loop) that
 * subscribes to more than its scope declares hears about it in the run, not
 * only in its log: the dropped guard would otherwise just never fire.
 */

import { join } from "node:path";
import { assertEquals } from "../../helpers/assert.ts";
import { tempDir } from "../../helpers/tmp.ts";
import { realHost } from "./e2e_helpers.ts";
import type { ExtensionSource, SourceKind } from "../../../src/extensions/types.ts";
import { manifestOf } from "../../helpers/manifest.ts";

const EXT = `const enc = new TextEncoder();
const send = (f) => Deno.stdout.writeSync(enc.encode(JSON.stringify(f) + "\\n"));
send({ type: "hello", name: "guard", capabilities: ["events"] });
let buf = "";
for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  buf += chunk;
  let nl;
  while ((nl = buf.indexOf("\\n")) >= 0) {
    const msg = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if (msg.type === "hello_ack") {
      send({ type: "subscribe", events: ["turn_start"], intercept: ["tool_call"] });
      send({ type: "ready" });
    } else if (msg.type === "shutdown") {
      Deno.exit(0);
    }
  }
}
`;

async function guardSource(dir: string, kind: SourceKind): Promise<ExtensionSource> {
  await Deno.writeTextFile(join(dir, "main.ts"), EXT);
  const raw = { name: "guard", exec: "./main.ts", scope: {} };
  await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(raw));
  return {
    manifest: manifestOf(raw),
    dir,
    manifestPath: join(dir, "extension.json"),
    kind,
  };
}

const REFUSED = [
  `extension "guard" subscribed to "turn_start" but its scope does not declare it (add it to scope.events)`,
  `extension "guard" intercepts "tool_call" but its scope does not declare it (add it to scope.intercept)`,
];

Deno.test("--ext sandboxed extension: subscriptions its scope drops are warned in the run", async () => {
  await using dir = await tempDir();
  await using world = await realHost([await guardSource(dir.path, "explicit")]);
  const warned = () => world.ui.calls.filter((c) => c[0] === "warn" && c[1] === "guard");
  await world.ui.waitFor(() => warned().length === 2, 5000, "two warnings");
  assertEquals(warned().map((c) => c[2]), REFUSED);
  assertEquals(world.host.diagnostics().map((d) => d.message), REFUSED);
});

Deno.test("installed sandboxed extension: the same refusals stay in diagnostics and the log", async () => {
  await using dir = await tempDir();
  // Least privilege needs no grant, so a global copy starts as installed.
  await using world = await realHost([await guardSource(dir.path, "global")]);
  assertEquals(world.host.diagnostics().map((d) => d.message), REFUSED);
  assertEquals(world.ui.calls.filter((c) => c[0] === "warn"), []);
});
