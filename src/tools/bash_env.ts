/**
 * The environment of a sandboxed `bash` command: zot's own, minus every variable that looks like
 * a credential. The sandbox hides the files credentials live in; without this, the tokens the
 * user exported (`GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`, a database URL with its password...)
 * would be one `env` away, ready to be sent to an allowed host or written into the project.
 *
 * A variable is withheld when
 * - its name contains `TOKEN`, `SECRET`, `PASSWORD`, `PASSWD`, `PASSPHRASE`, `CREDENTIAL`,
 *   `APIKEY`, `API_KEY`, `ACCESS_KEY`, `PRIVATE_KEY`, `PRIVKEY`, `WEBHOOK` or `COOKIE` (any
 *   case);
 * - one of the `_`-separated words of its name is `AUTH`, `SESSION`, `PASS`, `PAT`, `KEY`,
 *   `KEYS`, `DSN` or `PWD` (so `SSH_AUTH_SOCK`, `DB_PASS`, `MYSQL_PWD` and `SENTRY_DSN` go,
 *   while `GIT_AUTHOR_NAME`, `PATH` and the shell's own `PWD` and `OLDPWD` stay);
 * - it is zot's own provider key, the ssh agent's socket (`SSH_AUTH_SOCK`: the agent would sign
 *   for the command) or the GnuPG agent's (`GPG_AGENT_INFO`);
 * - its value holds a URL with a password (`postgres://user:pass@host/db`, `redis://:pass@h`)
 *   or a `password=`, `pwd=`, `token=` or `secret=` setting (`?password=...`, a libpq
 *   `host=h password=p` string);
 * - its value holds one of zot's own keys, whatever its name (`CLAUDE=sk-ant-...` copied by a
 *   wrapper script): names are a guess, the key itself is known.
 *
 * The `bashSandbox.env` setting passes named variables on purpose; zot's own provider keys never
 * pass, whatever it says, neither by their names nor under another one.
 *
 * @module
 */

import { ZOT_KEY_NAMES } from "../config/key_env.ts";

/** Parts of a name that mark a credential wherever they occur in it. */
export const CREDENTIAL_NAME_PARTS: readonly string[] = [
  "TOKEN",
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "PASSPHRASE",
  "CREDENTIAL",
  "APIKEY",
  "API_KEY",
  "ACCESS_KEY",
  "PRIVATE_KEY",
  "PRIVKEY",
  "WEBHOOK",
  "COOKIE",
];

/** Words of a name (split at `_`) that mark a credential; too short to match inside words. */
export const CREDENTIAL_NAME_WORDS: readonly string[] = [
  "AUTH",
  "SESSION",
  "PASS",
  "PAT",
  "KEY",
  "KEYS",
  "DSN",
  "PWD",
];

/** Names made of a credential word that are no credential: the shell's working directories. */
const NOT_CREDENTIALS: readonly string[] = ["PWD", "OLDPWD"];

/** Variables that hand out signing power rather than hold a secret: agents' sockets. */
export const AGENT_ENV: readonly string[] = ["SSH_AUTH_SOCK", "GPG_AGENT_INFO"];

/** zot's own provider keys: never in a sandboxed command, not even when named in the setting. */
export const ZOT_KEY_ENV: readonly string[] = ZOT_KEY_NAMES;

/** `scheme://user:password@` anywhere in a value (the user may be empty, as Redis has it). */
const URL_WITH_PASSWORD = /[a-z][a-z0-9+.-]*:\/\/[^\s/@:]*:[^\s/@]+@/i;

/**
 * A secret setting inside a value: a URL query (`?password=p`, `&token=t`) or a connection
 * string (`host=h password=p`), with a value after the `=`.
 */
const SECRET_SETTING =
  /(?:^|[?&;\s])(?:password|passwd|pwd|pass|token|access_token|secret|api_?key)=[^&;\s]/i;

/** Keys shorter than this are compared whole: a short one would match inside ordinary values. */
const MIN_KEY_IN_VALUE = 16;

/**
 * Why `name=value` is withheld from a sandboxed command, or undefined when it is not.
 * `zotKeys` are zot's own keys (from the environment and `auth.json`), found under any name.
 */
export function credentialReason(
  name: string,
  value: string,
  zotKeys: readonly string[] = [],
): string | undefined {
  if (ZOT_KEY_ENV.includes(name)) return "zot's provider key";
  if (holdsKey(value, zotKeys)) return "its value is zot's provider key";
  if (AGENT_ENV.includes(name)) return "an agent that signs for you";
  const upper = name.toUpperCase();
  const part = CREDENTIAL_NAME_PARTS.find((p) => upper.includes(p));
  if (part) return `its name contains ${part}`;
  const words = upper.split(/[^A-Z0-9]+/);
  const word = CREDENTIAL_NAME_WORDS.find((w) => words.includes(w));
  if (word && !NOT_CREDENTIALS.includes(upper)) return `its name has the word ${word}`;
  if (URL_WITH_PASSWORD.test(value)) return "its value is a URL with a password";
  if (SECRET_SETTING.test(value)) return "its value sets a password, token or secret";
  return undefined;
}

/** Whether `value` holds one of `keys` (a long key anywhere in it, a short one as all of it). */
function holdsKey(value: string, keys: readonly string[]): boolean {
  return keys.some((key) =>
    key !== "" && (key.length >= MIN_KEY_IN_VALUE ? value.includes(key) : value === key)
  );
}

/** zot's keys as `env` holds them under their own names, with `stored` (from `auth.json`). */
export function zotKeysIn(env: Record<string, string>, stored: readonly string[] = []): string[] {
  const keys = ZOT_KEY_ENV.map((name) => env[name]?.trim() ?? "");
  return [...new Set([...keys, ...stored.map((k) => k.trim())])].filter((k) => k !== "");
}

export interface SandboxEnv {
  /** What the command gets. */
  env: Record<string, string>;
  /** Names withheld, sorted. */
  withheld: string[];
}

/**
 * `env` without the credentials; `pass` names variables to keep anyway (the `bashSandbox.env`
 * setting), except zot's own keys, under their names or any other. `stored` are the keys in
 * `auth.json`; those in `env` under their own names are found without it.
 */
export function sandboxEnv(
  env: Record<string, string>,
  pass: readonly string[] = [],
  stored: readonly string[] = [],
): SandboxEnv {
  const kept: Record<string, string> = {};
  const withheld: string[] = [];
  const zotKeys = zotKeysIn(env, stored);
  for (const [name, value] of Object.entries(env)) {
    const reason = credentialReason(name, value, zotKeys);
    // Never zot's keys: neither by their names nor copied under a name of the user's choosing.
    const passed = pass.includes(name) && !ZOT_KEY_ENV.includes(name) && !holdsKey(value, zotKeys);
    if (reason === undefined || passed) kept[name] = value;
    else withheld.push(name);
  }
  return { env: kept, withheld: withheld.sort() };
}

/**
 * The note for a failed sandboxed command that names a withheld variable (in the command or in
 * its output), or undefined: a command that fails for want of a token says why, and how to pass
 * it.
 */
export function withheldNote(
  script: string,
  output: string,
  withheld: readonly string[],
): string | undefined {
  const named = withheld.filter((name) => mentions(script, name) || mentions(output, name));
  if (named.length === 0) return undefined;
  const list = named.map((n) => `"${n}"`).join(", ");
  return `The sandbox withheld ${list} from this command's environment (it looks like a ` +
    `credential). To pass a variable on purpose, the user adds its name to "bashSandbox.env" ` +
    `in config.json`;
}

/** Whether `text` names `name` as a whole word (`$GITHUB_TOKEN`, `GITHUB_TOKEN=`). */
function mentions(text: string, name: string): boolean {
  let at = text.indexOf(name);
  while (at !== -1) {
    const before = text[at - 1] ?? "";
    const after = text[at + name.length] ?? "";
    if (!/[A-Za-z0-9_]/.test(before) && !/[A-Za-z0-9_]/.test(after)) return true;
    at = text.indexOf(name, at + 1);
  }
  return false;
}
