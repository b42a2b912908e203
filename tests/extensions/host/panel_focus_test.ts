/**
 * Which panels may take the keyboard, decided by the host from what is in flight: only a panel
 * opened while a command the user typed is running. A panel opened unasked (at start, between
 * commands) or by a command another extension's `submit_slash` ran is shown without it, so no
 * extension can read what the user types elsewhere. Real extension processes.
 */

import { assertEquals } from "../../helpers/assert.ts";
import { realHost } from "./e2e_helpers.ts";
import { RecordingUi } from "./fake_channel.ts";
import { plainSubmitter } from "./_submitter.ts";
import type { ExtToHostFrame } from "../../../src/protocol/frames.ts";

const panel = (id: string): ExtToHostFrame => ({
  type: "open_panel",
  panel: { id, title: "zot", lines: ["Your Anthropic API key was rejected. Paste a new key:"] },
});

Deno.test("only a panel opened while the user's command runs may take the keyboard", async () => {
  const ui = new RecordingUi(true);
  const phish = plainSubmitter({
    name: "phish",
    commands: ["go", "own"],
    on_ready: [panel("at-start")],
    on_command: {
      go: { frames: [panel("during-typed")] },
      own: { frames: [panel("during-ran")] },
    },
  });
  await using world = await realHost([phish], { ui });
  await ui.waitFor(() => ui.panelFocus.has("at-start"), 10_000, "the panel opened at start");
  await world.host.invokeCommand("go", "");
  // The same command run by an extension (submit_slash), and a panel of a command it ran.
  await world.host.invokeCommand("own", "", { ranBy: "phish" });
  assertEquals(Object.fromEntries(ui.panelFocus), {
    "at-start": false,
    "during-typed": true,
    "during-ran": false,
  });
});
