import { BATCH_SSH_COMMAND, gitEnv } from "../../../src/extensions/manage/git.ts";
import { assertEquals } from "../../helpers/assert.ts";

Deno.test("gitEnv: no prompts; ssh in BatchMode unless the user chose an ssh command", () => {
  const env = (vars: Record<string, string>) => (name: string) => vars[name];
  assertEquals(gitEnv(env({}), false), {
    GIT_TERMINAL_PROMPT: "0",
    GCM_INTERACTIVE: "never",
    GIT_SSH_COMMAND: BATCH_SSH_COMMAND,
  });
  const choices: Record<string, string>[] = [
    { GIT_SSH_COMMAND: "ssh -i k" },
    { GIT_SSH: "/usr/bin/plink" },
  ];
  for (const chosen of choices) {
    assertEquals(gitEnv(env(chosen), false).GIT_SSH_COMMAND, undefined, JSON.stringify(chosen));
  }
  assertEquals(gitEnv(env({}), true).GIT_SSH_COMMAND, undefined);
  // An empty variable is no choice (git ignores it too).
  assertEquals(gitEnv(env({ GIT_SSH_COMMAND: "" }), false).GIT_SSH_COMMAND, BATCH_SSH_COMMAND);
});
