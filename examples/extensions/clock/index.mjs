// clock: the raw protocol in plain Node, no SDK and no dependencies.
//
// Written the way many first extensions are: it registers its commands right
// after hello, without waiting for hello_ack, and never sends ready. The host
// accepts registrations at any time after hello and readies an extension that
// stays silent for a full idle window (250 ms), so this still works; the SDKs
// follow the canonical order instead (hello, hello_ack, registrations, ready).
import process from "node:process";
import { createInterface } from "node:readline";

const startedAt = Date.now();

/** stdout carries frames only, one JSON object per line. */
function send(frame) {
  process.stdout.write(JSON.stringify(frame) + "\n");
}

send({ type: "hello", name: "clock", version: "1.0.0", capabilities: ["commands"] });
send({ type: "register_command", name: "now", description: "show the local time" });
send({
  type: "register_command",
  name: "uptime",
  description: "ask the model about this extension's uptime (optional topic)",
});

function answer(msg) {
  const args = (msg.args ?? "").trim();
  switch (msg.name) {
    case "now": {
      const now = new Date();
      return { action: "display", display: `${now.toLocaleString()} (${now.toISOString()})` };
    }
    case "uptime": {
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      const about = args
        ? ` Relate it to ${args} in one sentence.`
        : " Comment on it in one sentence.";
      return {
        action: "prompt",
        prompt: `The clock extension has been running for ${seconds} s.${about}`,
      };
    }
    default:
      return { action: "noop", error: `clock does not know /${msg.name}` };
  }
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    console.error(`clock: ignoring a line that is not JSON: ${line.slice(0, 80)}`);
    return;
  }
  if (msg.type === "command_invoked") {
    send({ type: "command_response", id: msg.id, ...answer(msg) });
  } else if (msg.type === "shutdown") {
    send({ type: "shutdown_ack" });
    process.exit(0);
  }
});
// The host closed our stdin: it is gone, so are we.
lines.on("close", () => process.exit(0));
