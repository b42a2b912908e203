/**
 * Even with a terminal on stdin, a sandboxed extension can never make Deno
 * ask the user for more permissions: requests and plain accesses are denied
 * at once (`--no-prompt`, `DENO_NO_PROMPT=1`).
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until } from "../helpers/wait.ts";
import { planSandboxLaunch } from "../../src/sandbox/launch.ts";

const SPAWN = fileURLToPath(new URL("./_spawn_plan.ts", import.meta.url));

const EXT = `const env = await Deno.permissions.request({ name: "env" });
const read = await Deno.permissions.request({ name: "read", path: "/etc/hostname" });
let direct = "allowed";
try { Deno.readTextFileSync("/etc/hostname"); } catch (e) { direct = e.name; }
console.log("STATES=" + [env.state, read.state, direct].join(","));
`;

async function tmux(socket: string, ...args: string[]): Promise<string> {
  const out = await new Deno.Command("tmux", {
    args: ["-L", socket, ...args],
    stdout: "piped",
    stderr: "null",
  })
    .output();
  return new TextDecoder().decode(out.stdout);
}

const hasTmux = (() => {
  try {
    return new Deno.Command("tmux", { args: ["-V"], stdout: "null", stderr: "null" }).outputSync()
      .success;
  } catch {
    return false;
  }
})();

Deno.test({
  name: "permission requests on a terminal are denied without a prompt",
  ignore: !hasTmux,
  async fn() {
    await using z = await tempZot();
    const dir = join(z.root, "ext");
    await Deno.mkdir(dir);
    await Deno.writeTextFile(join(dir, "main.ts"), EXT);
    const planned = await planSandboxLaunch({
      manifest: { name: "asker", exec: "./main.ts", enabled: true, raw: {} },
      dir,
      manifestPath: join(dir, "extension.json"),
      kind: "explicit",
    }, { paths: z.paths, explicit: true, hostEnv: {} });
    if (!planned.ok) throw new Error(planned.error);
    const planFile = join(z.root, "plan.json");
    await Deno.writeTextFile(planFile, JSON.stringify(planned.plan));
    const socket = `zot-prompt-${Deno.pid}`;
    const cmd = `'${Deno.execPath()}' run -A '${SPAWN}' '${planFile}'; echo EXIT=$?; read x`;
    try {
      await tmux(socket, "new-session", "-d", "-s", "t", "-x", "150", "-y", "30", cmd);
      const screen = () => tmux(socket, "capture-pane", "-p", "-t", "t");
      await until(async () => (await screen()).includes("EXIT="), 20_000, "the extension to end")
        .catch(async (e) => {
          throw new Error(`${e.message}; screen:\n${await screen()}`);
        });
      const text = await screen();
      assertStringIncludes(text, "STATES=denied,denied,NotCapable");
      assertStringIncludes(text, "EXIT=0");
    } finally {
      await tmux(socket, "kill-server");
    }
  },
});
