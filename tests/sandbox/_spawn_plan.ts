// Spawns a LaunchPlan saved as JSON with this process's stdio (a terminal
// under tmux), for the "never prompt" test. Exits with the plan's code.
const plan = JSON.parse(await Deno.readTextFile(Deno.args[0]));
const status = await new Deno.Command(plan.command, {
  args: plan.args,
  cwd: plan.cwd,
  env: plan.env,
  clearEnv: plan.clearEnv,
  stdin: "inherit",
  stdout: "inherit",
  stderr: "inherit",
}).output();
Deno.exit(status.code);
