/**
 * Credentials that do not announce themselves by the usual words stay out of a sandboxed
 * command: MySQL's `MYSQL_PWD`, a Sentry DSN, a webhook URL, a password in a URL query, a list
 * of signing keys, a `*_PRIVKEY`; and zot's own key is found by its value under any name, also
 * when `bashSandbox.env` names that copy and when it comes from `auth.json`. The last test runs
 * a real sandboxed command.
 *
 * @module
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { credentialReason, sandboxEnv } from "../../src/tools/bash_env.ts";
import { createBashTool } from "../../src/tools/bash.ts";
import type { BashSandbox } from "../../src/tools/bash_sandbox.ts";
import { osConfiner } from "../../src/modes/common/bash_sandbox.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { osSandboxStatus } from "../../src/ossandbox/availability.ts";
import { resultText, testContext } from "./_ctx.ts";

const ZOT_KEY = "sk-ant-api03-zot-test-key-0123456789";

const HIDDEN: Record<string, string> = {
  MYSQL_PWD: "hunter2",
  SENTRY_DSN: "https://abc123publickey@o1.ingest.sentry.io/1",
  SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T0/B0/XXXX",
  DATABASE_URL: "postgres://db.example/app?user=u&password=hunter2",
  PG_CONNINFO: "host=db user=u password=hunter2",
  CALLBACK: "https://example.com/cb?token=abc",
  SIGNING_KEYS: "-----BEGIN PRIVATE KEY-----",
  GITHUB_PRIVKEY: "-----BEGIN OPENSSH PRIVATE KEY-----",
};

const KEPT: Record<string, string> = {
  PWD: "/p",
  OLDPWD: "/q",
  PATH: "/usr/bin",
  SEARCH_URL: "https://example.com/?q=password",
  MONKEYS: "3",
  WEB_HOOKS_ENABLED: "1",
};

Deno.test("credentials under unusual names or in a URL query are withheld", () => {
  const { env, withheld } = sandboxEnv({ ...HIDDEN, ...KEPT });
  assertEquals(env, KEPT);
  assertEquals(withheld, Object.keys(HIDDEN).sort());
  assertEquals(credentialReason("MYSQL_PWD", "x"), "its name has the word PWD");
  assertEquals(credentialReason("SENTRY_DSN", "x"), "its name has the word DSN");
  assertEquals(credentialReason("SIGNING_KEYS", "x"), "its name has the word KEYS");
  assertEquals(credentialReason("SLACK_WEBHOOK_URL", "x"), "its name contains WEBHOOK");
  assertEquals(credentialReason("GITHUB_PRIVKEY", "x"), "its name contains PRIVKEY");
  assertEquals(
    credentialReason("DATABASE_URL", "postgres://h/db?password=p"),
    "its value sets a password, token or secret",
  );
});

Deno.test("zot's key copied under an unmarked name is withheld", () => {
  const { env, withheld } = sandboxEnv({
    ANTHROPIC_API_KEY: ZOT_KEY,
    CLAUDE: ZOT_KEY,
    HEADER: `x-api-key: ${ZOT_KEY}`,
    HOME: "/h",
  });
  assertEquals(env, { HOME: "/h" });
  assertEquals(withheld, ["ANTHROPIC_API_KEY", "CLAUDE", "HEADER"]);
  assertEquals(credentialReason("CLAUDE", ZOT_KEY, [ZOT_KEY]), "its value is zot's provider key");
});

Deno.test("bashSandbox.env cannot pass a copy of zot's key, from the env or auth.json", () => {
  const fromEnv = sandboxEnv({ ANTHROPIC_API_KEY: ZOT_KEY, MY_KEY: ZOT_KEY }, ["MY_KEY"]);
  assert(!Object.values(fromEnv.env).includes(ZOT_KEY), JSON.stringify(fromEnv.env));
  // Only in auth.json: the environment holds no key under zot's names at all.
  const stored = sandboxEnv({ MY_KEY: ZOT_KEY, CLAUDE: ZOT_KEY, APP: "a" }, ["MY_KEY"], [ZOT_KEY]);
  assertEquals(stored.env, { APP: "a" });
  // A variable named in the setting that holds something else still passes.
  const other = sandboxEnv({ MY_KEY: "mine", CLAUDE: ZOT_KEY }, ["MY_KEY"], [ZOT_KEY]);
  assertEquals(other.env, { MY_KEY: "mine" });
});

const available = (await osSandboxStatus()).ok;
const opts = { ignore: !available, sanitizeResources: false, sanitizeOps: false };

Deno.test("a sandboxed command gets no copy of the key stored in auth.json", opts, async () => {
  const project = await Deno.realPath(await Deno.makeTempDir({ prefix: "zot-bashkeys-" }));
  const zotHome = `${project}-zot`;
  await Deno.mkdir(zotHome);
  await Deno.writeTextFile(`${zotHome}/auth.json`, JSON.stringify({ anthropic: ZOT_KEY }));
  const box: BashSandbox = {
    enabled: true,
    net: [],
    loopback: false,
    project,
    zotHome,
    confiner: osConfiner(),
    passEnv: ["CLAUDE"],
    hostEnv: { PATH: "/usr/bin:/bin", CLAUDE: ZOT_KEY, MYSQL_PWD: "hunter2", APP: "visible" },
  };
  try {
    const r = await createBashTool({ sandbox: box }).execute(
      { command: "env" },
      testContext(project),
    );
    const text = resultText(r);
    assert(text.includes("APP=visible"), text);
    assert(!text.includes(ZOT_KEY), text);
    assert(!text.includes("hunter2"), text);
  } finally {
    if (box.tmp) await Deno.remove(box.tmp, { recursive: true }).catch(() => {});
    await Deno.remove(project, { recursive: true });
    await Deno.remove(zotHome, { recursive: true });
    await resetOsSandbox();
  }
});
