/**
 * The environment of a real sandboxed `bash` command (bubblewrap): fake credentials exported to
 * zot (a GitHub token, an AWS secret, a password, a database URL with its password, the ssh
 * agent's socket) are absent inside, ordinary variables are there, a variable named in
 * `bashSandbox.env` is passed, and a command that fails for want of a withheld one says why.
 *
 * @module
 */

import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { createBashTool } from "../../src/tools/bash.ts";
import type { BashSandbox } from "../../src/tools/bash_sandbox.ts";
import { osConfiner } from "../../src/modes/common/bash_sandbox.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { osSandboxStatus } from "../../src/ossandbox/availability.ts";
import { resultText, testContext } from "./_ctx.ts";

const available = (await osSandboxStatus()).ok;
const opts = { ignore: !available, sanitizeResources: false, sanitizeOps: false };

const HOST_ENV: Record<string, string> = {
  PATH: "/usr/local/bin:/usr/bin:/bin",
  LANG: "C.UTF-8",
  MY_SETTING: "setting-value",
  GITHUB_TOKEN: "ghp_FAKE_GITHUB",
  AWS_SECRET_ACCESS_KEY: "FAKE_AWS_SECRET",
  MY_SERVICE_PASSWORD: "FAKE_SERVICE_PW",
  JWT_SECRET: "FAKE_JWT_SECRET",
  DATABASE_URL: "postgres://u:FAKE_DB_PW@h/db",
  SSH_AUTH_SOCK: "/tmp/ssh-FAKE/agent.1",
  NPM_TOKEN: "FAKE_NPM_PASSED",
};

async function sandboxed(more: Partial<BashSandbox> = {}) {
  const project = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bashenv-" }));
  const box: BashSandbox = {
    enabled: true,
    net: [],
    loopback: false,
    project,
    zotHome: `${project}/.zot-home`,
    home: project,
    confiner: osConfiner(),
    hostEnv: HOST_ENV,
    ...more,
  };
  return {
    project,
    bash: createBashTool({ sandbox: box }),
    async [Symbol.asyncDispose]() {
      if (box.tmp) await Deno.remove(box.tmp, { recursive: true }).catch(() => {});
      await Deno.remove(project, { recursive: true });
      await resetOsSandbox();
    },
  };
}

Deno.test("a sandboxed command's environment has no credentials, and the rest", opts, async () => {
  await using t = await sandboxed({ passEnv: ["NPM_TOKEN"] });
  const r = await t.bash.execute({ command: "env" }, testContext(t.project));
  const text = resultText(r);
  for (const name of ["GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "MY_SERVICE_PASSWORD"]) {
    assertEquals(text.includes(name), false, `${name} reached the command:\n${text}`);
  }
  for (
    const value of ["FAKE_GITHUB", "FAKE_AWS_SECRET", "FAKE_JWT", "FAKE_SERVICE_PW", "FAKE_DB_PW"]
  ) {
    assertEquals(text.includes(value), false, `${value} reached the command:\n${text}`);
  }
  assertEquals(text.includes("ssh-FAKE"), false, text);
  assertStringIncludes(text, "LANG=C.UTF-8");
  assertStringIncludes(text, "MY_SETTING=setting-value");
  // Named in "bashSandbox.env": passed on purpose.
  assertStringIncludes(text, "NPM_TOKEN=FAKE_NPM_PASSED");
});

Deno.test("without bashSandbox.env, a token is withheld too", opts, async () => {
  await using t = await sandboxed();
  const r = await t.bash.execute(
    {
      command:
        'echo "npm=${NPM_TOKEN:-unset} db=${DATABASE_URL:-unset} ssh=${SSH_AUTH_SOCK:-unset}"',
    },
    testContext(t.project),
  );
  assertEquals(resultText(r), "npm=unset db=unset ssh=unset");
});

Deno.test("a command that fails without a withheld variable says why", opts, async () => {
  await using t = await sandboxed();
  const r = await t.bash.execute(
    { command: ': "${GITHUB_TOKEN:?is not set}"' },
    testContext(t.project),
  );
  assertEquals(r.isError, true);
  const text = resultText(r);
  assertStringIncludes(text, 'The sandbox withheld "GITHUB_TOKEN"');
  assertStringIncludes(text, '"bashSandbox.env"');
});
