/**
 * Which variables a sandboxed `bash` command does not get: names that look like credentials,
 * zot's own keys, agents' sockets and URLs with a password; the `bashSandbox.env` setting passes
 * named ones (never zot's keys); a failed command that names a withheld variable says so.
 *
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { credentialReason, sandboxEnv, withheldNote } from "../../src/tools/bash_env.ts";

const WITHHELD = {
  GITHUB_TOKEN: "ghp_x",
  GH_TOKEN: "ghp_y",
  AWS_SECRET_ACCESS_KEY: "aws-s",
  AWS_SESSION_TOKEN: "aws-t",
  AWS_ACCESS_KEY_ID: "AKIA",
  NPM_TOKEN: "npm",
  HF_TOKEN: "hf",
  MY_SERVICE_PASSWORD: "pw",
  AZURE_CLIENT_SECRET: "az",
  PGPASSWORD: "pw",
  DB_PASS: "pw",
  MYSQL_PWD_FILE_passwd: "x",
  STRIPE_API_KEY: "sk",
  SENDGRIDAPIKEY: "sg",
  SIGNING_KEY: "k",
  GITLAB_PAT: "glpat",
  OP_SESSION_abc: "s",
  DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/0/bus",
  SSH_AUTH_SOCK: "/tmp/ssh-x/agent.1",
  GPG_AGENT_INFO: "/run/gpg:0:1",
  ANTHROPIC_API_KEY: "sk-ant",
  OPENAI_API_KEY: "sk-oai",
  GOOGLE_APPLICATION_CREDENTIALS: "/k.json",
  github_token: "lower-case too",
  DATABASE_URL: "postgres://u:p@h/db",
  REDIS_URL: "redis://:secretpw@cache:6379/0",
  PIP_EXTRA_INDEX_URL: "https://pypi.org/simple https://me:tok@private.example/simple",
};

const KEPT = {
  PATH: "/usr/bin:/bin",
  LANG: "C.UTF-8",
  MY_SETTING: "on",
  HOME: "/home/u",
  PWD: "/p",
  GIT_AUTHOR_NAME: "Ann",
  KEYBOARD_LAYOUT: "us",
  PUBLIC_URL: "https://example.com:8443/app",
  SSH_URL: "ssh://git@github.com/o/r",
  PATCH_LEVEL: "2",
};

Deno.test("credentials are withheld by name, by value, and zot's keys and agents always", () => {
  const { env, withheld } = sandboxEnv({ ...WITHHELD, ...KEPT });
  assertEquals(env, KEPT);
  assertEquals(withheld, Object.keys(WITHHELD).sort());
});

Deno.test("each withheld variable says why", () => {
  assertEquals(credentialReason("GITHUB_TOKEN", "x"), "its name contains TOKEN");
  assertEquals(credentialReason("SSH_AUTH_SOCK", "/s"), "an agent that signs for you");
  assertEquals(credentialReason("ANTHROPIC_API_KEY", "k"), "zot's provider key");
  assertEquals(credentialReason("DB_PASS", "x"), "its name has the word PASS");
  assertEquals(credentialReason("CONN", "mysql://a:b@h/d"), "its value is a URL with a password");
  assertEquals(credentialReason("GIT_AUTHOR_EMAIL", "a@b"), undefined);
});

Deno.test("bashSandbox.env passes named variables, but never zot's own keys", () => {
  const { env, withheld } = sandboxEnv(
    { NPM_TOKEN: "n", GITHUB_TOKEN: "g", ANTHROPIC_API_KEY: "k", OPENAI_API_KEY: "o" },
    ["NPM_TOKEN", "ANTHROPIC_API_KEY", "OPENAI_API_KEY"],
  );
  assertEquals(env, { NPM_TOKEN: "n" });
  assertEquals(withheld, ["ANTHROPIC_API_KEY", "GITHUB_TOKEN", "OPENAI_API_KEY"]);
});

Deno.test("a failed command naming a withheld variable is told why and how to pass it", () => {
  const note = withheldNote('curl -H "Authorization: $GITHUB_TOKEN" x', "", ["GITHUB_TOKEN"]);
  assert(note);
  assertStringIncludes(note, '"GITHUB_TOKEN"');
  assertStringIncludes(note, '"bashSandbox.env"');
  assertStringIncludes(
    withheldNote("make", "error: NPM_TOKEN is not set", ["NPM_TOKEN"]) ?? "",
    '"NPM_TOKEN"',
  );
  // A name inside a longer word is not a mention.
  assertEquals(withheldNote("echo $GITHUB_TOKENS", "", ["GITHUB_TOKEN"]), undefined);
  assertEquals(withheldNote("ls", "ls: x: No such file", ["GITHUB_TOKEN"]), undefined);
});
