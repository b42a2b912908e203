// guard: lifecycle events and tool-call interception. Every bash call is
// checked against a list of dangerous patterns before it runs; a match is
// refused with a reason the model sees. Observed events are appended to
// audit.log in the extension's data directory.
import { Extension } from "./zot_sdk/sdk/mod.ts";

/** [pattern, what it is]: each refused with the label in the reason. */
const DANGER: Array<[RegExp, string]> = [
  [/\brm\s+(-\w*\s+)*-\w*(r\w*f|f\w*r)\b/, "rm -rf"],
  [/(^|[;&|]\s*)sudo\b/, "sudo"],
  [/\bdd\b[^;&|]*\bof=\/dev\//, "dd of=/dev/…"],
  [/\bmkfs(\.\w+)?\b/, "mkfs"],
  [/:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/, "fork bomb"],
  [/\bchmod\s+(-\w+\s+)*-R\s+777\b|\bchmod\s+777\s+-R\b/, "chmod -R 777"],
  [/>\s*\/dev\/sd[a-z]\b/, "write to a raw disk"],
];

const ext = new Extension("guard", "1.0.0");

ext.interceptToolCall((call) => {
  if (call.tool_name !== "bash") return;
  const command = typeof call.tool_args.command === "string" ? call.tool_args.command : "";
  const hit = DANGER.find(([re]) => re.test(command));
  if (!hit) return;
  audit({ refused: command, pattern: hit[1] });
  return {
    block: true,
    reason: `guard refused: the command matches the danger pattern "${hit[1]}". ` +
      `Ask the user before running this.`,
  };
});

// Events arrive in order on one pipe; appends are chained to keep that order.
let written: Promise<void> = Promise.resolve();
function audit(entry: Record<string, unknown>): void {
  const line = JSON.stringify({ at: new Date().toISOString(), ...entry }) + "\n";
  written = written.then(() =>
    Deno.writeTextFile(`${ext.host.data_dir}/audit.log`, line, { append: true })
  ).catch((e) => ext.log("cannot write audit.log:", e instanceof Error ? e.message : e));
}

ext.on("session_start", (e) => audit({ event: "session_start", session: e.session_id }));
ext.on("turn_start", (e) => audit({ event: "turn_start", step: e.step }));
ext.on("tool_call", (e) => audit({ event: "tool_call", tool: e.tool_name, args: e.tool_args }));
ext.on("turn_end", (e) => audit({ event: "turn_end", stop: e.stop }));

await ext.run();
