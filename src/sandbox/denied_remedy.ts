/**
 * What a sandboxed extension reads when the sandbox denies it something.
 * Deno's `NotCapable` message ends "run again with the --allow-net flag":
 * advice for whoever starts Deno, which an extension author cannot follow.
 * The remedy is an entry in the manifest's `scope`, so the message names it,
 * including for an error the extension catches and reports itself.
 *
 * Deno builds the error with `new NotCapable(message)`, whose constructor
 * assigns `this.name`; a `name` setter on the class's prototype is the one
 * place that sees every such error before any code can read it. Only the
 * text changes: the permission check already happened outside JavaScript,
 * so nothing here can allow what was denied, and an extension that removes
 * the setter only gets Deno's words back.
 *
 * @module
 */

/**
 * Install the rewrite in the current realm. Self-contained on purpose: the
 * Worker runner inlines its source into the worker's bootstrap
 * (bootstrap.ts), so it may use nothing from outside its own body.
 */
export function installDeniedRemedy(): void {
  const denied = /^Requires (\w+) access(?: to (.+?))?, run again with the --allow-\w+ flag$/;
  const reword = (message: string): string => {
    const m = denied.exec(message);
    if (!m) return message;
    const [, kind, what] = m;
    const head = `Requires ${kind} access${what ? ` to ${what}` : ""}`;
    if (kind === "ffi") return `${head}, which a sandboxed extension never gets`;
    const entry = what ? `add ${what} to` : "list what it needs in";
    return `${head}, which this extension's scope does not grant ` +
      `(${entry} scope.${kind} in extension.json)`;
  };
  const proto = Deno.errors.NotCapable.prototype;
  Object.defineProperty(proto, "name", {
    configurable: true,
    get: () => "NotCapable",
    set(this: Error, value: unknown) {
      Object.defineProperty(this, "name", { value, writable: true, configurable: true });
      const message = typeof this.message === "string" ? reword(this.message) : this.message;
      if (message !== this.message) this.message = message;
    },
  });
}
