/**
 * Error text for what handlers throw. Inside zot's sandbox a denied
 * permission throws Deno's `NotCapable`, whose message ends "run again with
 * the --allow-net flag": advice for someone starting Deno, which an extension
 * author cannot follow. The remedy is the manifest's `scope`, so that is
 * what the message names instead.
 *
 * @module
 */

const DENIED = /^Requires (\w+) access(?: to (.+?))?, run again with the --allow-\w+ flag$/;

/** The message of `e`, with a denied permission's remedy pointing at `scope`. */
export function errorMessage(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const m = e.name === "NotCapable" ? DENIED.exec(e.message) : null;
  if (!m) return e.message;
  const [, kind, what] = m;
  const denied = `Requires ${kind} access${what ? ` to ${what}` : ""}`;
  if (kind === "ffi") return `${denied}, which a sandboxed extension never gets`;
  const entry = what ? `add ${what} to` : "list what it needs in";
  return `${denied}, which this extension's scope does not grant ` +
    `(${entry} scope.${kind} in extension.json)`;
}
