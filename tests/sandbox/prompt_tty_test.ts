/**
 * Even with a terminal on stdin, a sandboxed extension can never make Deno
 * ask the user for more permissions: requests and plain accesses are denied
 * at once (`--no-prompt`, `DENO_NO_PROMPT=1`).
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { TmuxSession } from "../helpers/tmux.ts";
import { assertNoLeftoverProcesses, TMUX_SERVER } from "../helpers/procs.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import type { LaunchPlan } from "../../src/extensions/types.ts";

const SPAWN = fileURLToPath(new URL("./_spawn_plan.ts", import.meta.url));

const EXT = `const env = await Deno.permissions.request({ name: "env" });
const read = await Deno.permissions.request({ name: "read", path: "/etc/hostname" });
let direct = "allowed";
try { Deno.readTextFileSync("/etc/hostname"); } catch (e) { direct = e.name; }
console.log("STATES=" + [env.state, read.state, direct].join(","));
`;

/**
 * Each layer holds alone: the plan as made, and the plan with one of the two
 * taken out (so removing either from the runner command is noticed here, by
 * behaviour, and not only by a test of the command line).
 */
const VARIANTS: { name: string; change: (plan: LaunchPlan) => LaunchPlan }[] = [
  { name: "as planned", change: (plan) => plan },
  {
    name: "with --no-prompt alone",
    change: (plan) => {
      const { DENO_NO_PROMPT: _, ...env } = plan.env ?? {};
      return { ...plan, env };
    },
  },
  {
    name: "with DENO_NO_PROMPT alone",
    change: (plan) => ({ ...plan, args: plan.args.filter((a) => a !== "--no-prompt") }),
  },
];

for (const variant of VARIANTS) {
  Deno.test(`permission requests on a terminal are denied without a prompt (${variant.name})`, async () => {
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
    const plan = variant.change(planned.plan);
    const planFile = join(z.root, "plan.json");
    await Deno.writeTextFile(planFile, JSON.stringify(plan));
    const cmd = `'${Deno.execPath()}' run -A '${SPAWN}' '${planFile}'; echo EXIT=$?; read x`;
    {
      await using term = await TmuxSession.start(["sh", "-c", cmd], {
        cwd: z.root,
        width: 150,
        height: 30,
      });
      // A prompt would wait for an answer: then EXIT= never comes and this fails.
      const text = await term.waitFor("EXIT=", "the extension to end without asking", 20_000);
      assertStringIncludes(text, "STATES=denied,denied,NotCapable");
      assertStringIncludes(text, "EXIT=0");
    }
    // The session is gone, and nothing it ran outlives it.
    await assertNoLeftoverProcesses(z.root, { ignore: TMUX_SERVER });
  });
}
