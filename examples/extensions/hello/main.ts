// hello: slash commands. /hello [name] asks the model to greet you; /summon
// pushes a note and shows a one-shot message; /where (registered once the
// host said hello) shows the project directory.
import { display, Extension, prompt } from "./zot_sdk/sdk/mod.ts";

const ext = new Extension("hello", "1.0.0");

ext.command(
  "hello",
  "ask the model to greet you",
  (args) => prompt(`Greet ${args || "me"} in one short, friendly sentence.`),
);

ext.command("summon", "push a note, then show a message", () => {
  // Lands in zot's log for this extension: the SDK keeps stdout for frames.
  console.log("summon invoked");
  ext.notify("success", "summoned");
  return display("You rang?");
});

// Registrations that depend on the host are made in onHello: it runs after
// hello_ack and before the SDK announces registrations and sends ready.
ext.onHello((host) => {
  ext.command("where", "show the project directory", () => display(`project: ${host.cwd}`));
});

await ext.run();
