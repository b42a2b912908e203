/**
 * A scope in plain words, for the install prompt, `zot ext grant` and the
 * notes printed for `--ext` runs.
 *
 * @module
 */

import { defaultScope, type Scope, scopeWidening } from "../extensions/scope.ts";

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

function host(h: string): string {
  return /:\d+$/.test(h) && !h.endsWith("]") ? h : `${h} (any port)`;
}

/** One line per capability the scope grants, least privilege first. */
export function describeScope(scope: Scope): string[] {
  const lines = ["read its own directory; read and write its data directory"];
  const add = (label: string, items: string[], fmt: (s: string) => string = (s) => s) => {
    if (items.length) lines.push(`${label}: ${items.map(fmt).join(", ")}`);
  };
  add("read files in", scope.read, place);
  add("read and write files in", scope.write, place);
  add("connect to", scope.net, host);
  add("read environment variables", scope.env);
  add(
    "run programs, and do everything those programs can (outside the sandbox, with your privileges; only zot's keys and state stay hidden)",
    scope.run,
  );
  add("read system information", scope.sys);
  add("load code from", scope.import, host);
  lines.push(`use up to ${scope.memory} MB of memory`);
  add("observe events (they can carry prompts, file contents and command output)", scope.events);
  add("block or rewrite", scope.intercept);
  if (scope.systemPrompt) lines.push("read and replace the system prompt");
  add("call tools", scope.callTool);
  return lines;
}

/** The `--ext` notes: the scope an unstored, explicitly loaded extension runs with. */
export function describeScopeShort(name: string, scope: Scope): string[] {
  return [
    `extension "${name}" runs sandboxed and may:`,
    ...describeScope(scope).map((l) => `  ${l}`),
  ];
}
