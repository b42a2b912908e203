/**
 * A scope in plain words, for the install prompt, `zot ext grant` and the
 * notes printed for `--ext` runs.
 *
 * @module
 */

import { defaultScope, type Scope } from "../scope/scope.ts";
import { scopeWidening } from "../scope/widening.ts";
import { hostKind } from "../scope/net_host.ts";

/** True when the scope asks for more than least privilege, so it needs a stored grant. */
export function needsGrant(scope: Scope): boolean {
  return scopeWidening(defaultScope(), scope).length > 0;
}

const PLACES: Record<string, string> = {
  project: "the project directory",
  extension: "its own directory",
  data: "its data directory",
  home: "your home directory",
};

function place(p: string): string {
  const m = /^\$\{([a-z]+)\}(?:\/(.*))?$/.exec(p);
  if (!m) return `"${p}"`;
  return m[2] ? `"${m[2]}" in ${PLACES[m[1]]}` : PLACES[m[1]];
}

/** A granted host, with where it lies in plain words: loopback and private grants look innocent. */
function host(h: string): string {
  const port = /:\d+$/.test(h) && !h.endsWith("]");
  switch (hostKind(h)) {
    case "loopback":
      return port
        ? `${h} (a service on this machine)`
        : `${h} (this machine: every service on it, on any port)`;
    case "private":
      return `${h} (your local network${port ? "" : ", any port"})`;
    case "link-local":
      return `${h} (the link-local network, where cloud metadata services answer${
        port ? "" : "; any port"
      })`;
    case "public":
      return port ? h : `${h} (any port)`;
  }
}

/** One line per capability the scope grants, least privilege first. */
export function describeScope(scope: Scope): string[] {
  const lines = ["read its own directory; read and write its data directory"];
  const add = (label: string, items: string[], fmt: (s: string) => string = (s) => s) => {
    if (items.length) lines.push(`${label}: ${items.map(fmt).join(", ")}`);
  };
  add("read files in", scope.read, place);
  // "your home directory" is not consent to zot's keys: say what stays out of every read grant.
  if (scope.read.length) {
    lines.push(
      "  (zot's keys, conversations, settings and other extensions' data stay unreadable, " +
        "whatever the grant)",
    );
  }
  add("read and write files in", scope.write, place);
  // A write grant outside its own data is a grant over code you will run: say so.
  if (scope.write.some((w) => !w.startsWith("${data}"))) {
    lines.push(
      "  (writing there can change code you later build, run or use git in; zot keeps it out " +
        "of the .git, .zot and HEAD directly in those directories)",
    );
  }
  add("connect to", scope.net, host);
  add("read environment variables", scope.env);
  // "A*" reads as the app's own settings: say that zot's keys are never among them.
  if (scope.env.some((g) => g.endsWith("*"))) {
    lines.push(
      "  (a name ending in * never covers zot's provider keys, such as ANTHROPIC_API_KEY)",
    );
  }
  add(
    "run programs, and do everything those programs can (outside the sandbox, with your privileges; zot's keys and state, and your home beyond this scope, stay hidden)",
    scope.run,
  );
  add("read system information", scope.sys);
  add("load code from", scope.import, host);
  lines.push(`use up to ${scope.memory} MB of memory`);
  add("observe events (they can carry prompts, file contents and command output)", scope.events);
  add("block or rewrite", scope.intercept);
  if (scope.systemPrompt) lines.push("read and replace the system prompt");
  add("call tools", scope.callTool);
  // Acting for you: these run with your authority, so they are spelled out.
  if (scope.submit) {
    lines.push(
      "submit prompts to the model as if you typed them (the model acts on them with your tools)",
    );
  }
  if (scope.submitSlash) {
    lines.push(
      "run its own slash commands as if you typed them (their answers submit prompts only with the submit grant)",
    );
  }
  if (scope.toolPrompt) {
    const tools = scope.callTool.length ? scope.callTool.join(", ") : "none: call_tool lists none";
    lines.push(
      `run tools as you from its commands, before the model answers (asked first when you confirm tool calls): ${tools}`,
    );
  }
  return lines;
}

/** The `--ext` notes: the scope an unstored, explicitly loaded extension runs with. */
export function describeScopeShort(name: string, scope: Scope): string[] {
  return [
    `extension "${name}" runs sandboxed and may:`,
    ...describeScope(scope).map((l) => `  ${l}`),
  ];
}
