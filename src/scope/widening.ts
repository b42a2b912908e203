/**
 * Coverage and widening: whether a granted entry covers a requested one, and
 * what a scope asks for beyond the one the user granted. A stored grant that
 * still covers the manifest's scope starts without asking; anything more is
 * shown, field by field, and asked again.
 *
 * @module
 */

import type { Scope } from "./scope.ts";

const HOST = String
  .raw`(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])`;
const HOST_PORT_RE = new RegExp(`^(${HOST})(?::(\\d{1,5}))?$`);

const pathCovers = (g: string, p: string) => p === g || g === "/" || p.startsWith(g + "/");

function hostCovers(g: string, p: string): boolean {
  if (g === p) return true;
  const gm = HOST_PORT_RE.exec(g);
  const pm = HOST_PORT_RE.exec(p);
  return !!gm && !!pm && gm[2] === undefined && gm[1] === pm[1];
}

const envCovers = (g: string, p: string) =>
  g === p || (g.endsWith("*") && p.replace(/\*$/, "").startsWith(g.slice(0, -1)));

export const nameCovers = (g: string, p: string) => g === p || g === "*";

/**
 * What `current` asks for beyond `granted`, one entry per widened field,
 * e.g. `["net: +api.example.com:443", "memory: 256 → 512 MB"]`. Empty when
 * the grant still covers everything.
 */
export function scopeWidening(granted: Scope, current: Scope): string[] {
  const out: string[] = [];
  const lists: [string, string[], string[], (g: string, p: string) => boolean][] = [
    ["read", granted.read, current.read, pathCovers],
    ["write", granted.write, current.write, pathCovers],
    ["net", granted.net, current.net, hostCovers],
    ["env", granted.env, current.env, envCovers],
    ["run", granted.run, current.run, nameCovers],
    ["sys", granted.sys, current.sys, nameCovers],
    ["import", granted.import, current.import, hostCovers],
    ["events", granted.events, current.events, nameCovers],
    ["intercept", granted.intercept, current.intercept, nameCovers],
    ["call_tool", granted.callTool, current.callTool, nameCovers],
  ];
  for (const [key, g, c, covers] of lists) {
    const added = c.filter((p) => !g.some((x) => covers(x, p)));
    if (added.length) out.push(`${key}: ${added.map((a) => `+${a}`).join(" ")}`);
  }
  if (current.memory > granted.memory) out.push(`memory: ${granted.memory} → ${current.memory} MB`);
  const flags: [string, boolean, boolean][] = [
    ["system_prompt", granted.systemPrompt, current.systemPrompt],
    ["submit", granted.submit, current.submit],
    ["submit_slash", granted.submitSlash, current.submitSlash],
    ["tool_prompt", granted.toolPrompt, current.toolPrompt],
  ];
  for (const [key, g, c] of flags) if (c && !g) out.push(`${key}: +allowed`);
  return out;
}
