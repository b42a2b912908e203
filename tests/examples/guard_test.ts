import { assertEquals } from "../helpers/assert.ts";
import { until } from "../helpers/wait.ts";
import { EXAMPLES, load } from "./harness.ts";

Deno.test("example guard: refuses dangerous bash, lets the rest through, audits events", async () => {
  await using env = await load([`${EXAMPLES}guard`]);
  const { host } = env;
  const signal = new AbortController().signal;
  const bash = (command: string) =>
    host.interceptToolCall({ toolId: "t1", toolName: "bash", args: { command } }, signal);
  for (
    const [command, label] of [
      ["rm -rf /", "rm -rf"],
      ["cd /tmp && sudo reboot", "sudo"],
      ["dd if=/dev/zero of=/dev/sda", "dd of=/dev/…"],
      [":(){ :|:& };:", "fork bomb"],
      ["chmod -R 777 /", "chmod -R 777"],
    ]
  ) {
    assertEquals(await bash(command), {
      block: true,
      reason: `guard refused: the command matches the danger pattern "${label}". ` +
        `Ask the user before running this.`,
    }, command);
  }
  for (const command of ["ls -la", "rm notes.txt", "git status"]) {
    const d = await bash(command);
    assertEquals(d.block, false, command);
  }
  const read = await host.interceptToolCall(
    { toolId: "t2", toolName: "read", args: { path: "rm -rf" } },
    signal,
  );
  assertEquals(read.block, false);

  host.startSession({ sessionId: "s1", cwd: env.paths.cwd });
  host.emit({ event: "turn_start", step: 1 });
  host.emit({ event: "tool_call", tool_id: "t3", tool_name: "bash", tool_args: { command: "ls" } });
  host.emit({ event: "turn_end", stop: "tool_use" });
  host.emit({ event: "assistant_message", text: "not subscribed" });
  const log = `${env.paths.extensionData}/guard/audit.log`;
  const lines = async () =>
    (await Deno.readTextFile(log).catch(() => "")).split("\n").filter((l) => l).map((l) =>
      JSON.parse(l)
    );
  await until(async () => (await lines()).length >= 4 + 5, 10_000, "nine audit lines");
  const events = (await lines()).map((l) => l.event ?? `refused ${l.pattern}`);
  assertEquals(events, [
    "refused rm -rf",
    "refused sudo",
    "refused dd of=/dev/…",
    "refused fork bomb",
    "refused chmod -R 777",
    "session_start",
    "turn_start",
    "tool_call",
    "turn_end",
  ]);
});
