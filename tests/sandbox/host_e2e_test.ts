/**
 * The whole path through the real host: discovery-shaped source → planLaunch
 * → the sandbox runner → hello/hello_ack → subscribe, with the protocol
 * scope enforced and the data directory announced and writable.
 */

import { join } from "node:path";
import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { realHost } from "../extensions/host/e2e_helpers.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";
import { manifestOf } from "../helpers/manifest.ts";

const EXT = `const enc = new TextEncoder();
const send = (f) => Deno.stdout.writeSync(enc.encode(JSON.stringify(f) + "\\n"));
send({ type: "hello", name: "watcher", capabilities: ["events"] });
let buf = "";
for await (const chunk of Deno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  buf += chunk;
  let nl;
  while ((nl = buf.indexOf("\\n")) >= 0) {
    const msg = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if (msg.type === "hello_ack") {
      await Deno.writeTextFile(msg.data_dir + "/seen.txt", msg.data_dir);
      send({ type: "subscribe", events: ["session_start", "tool_result"] });
      send({ type: "ready" });
    } else if (msg.type === "shutdown") {
      send({ type: "shutdown_ack" });
      Deno.exit(0);
    }
  }
}
`;

Deno.test("a sandboxed extension through the real host: data dir and protocol scope", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(join(dir.path, "main.ts"), EXT);
  const raw = { name: "watcher", exec: "./main.ts", scope: { events: ["session_start"] } };
  await Deno.writeTextFile(join(dir.path, "extension.json"), JSON.stringify(raw));
  const source: ExtensionSource = {
    manifest: manifestOf(raw),
    dir: dir.path,
    manifestPath: join(dir.path, "extension.json"),
    kind: "explicit",
  };
  await using world = await realHost([source]);
  const data = join(world.zot.paths.extensionData, "watcher");
  assertEquals(await Deno.readTextFile(join(data, "seen.txt")), await Deno.realPath(data));
  const messages = world.host.diagnostics().map((d) => d.message).join("\n");
  assertStringIncludes(
    messages,
    `extension "watcher" subscribed to "tool_result" but its scope does not declare it (add it to scope.events)`,
  );
});
