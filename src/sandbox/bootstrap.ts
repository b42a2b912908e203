/**
 * The worker's main module, built as a `data:` URL so it needs no file and
 * no read permission. It fixes the two things a bare worker gets wrong
 * (measured, see docs/sandbox.md): `Deno.exit` in a worker ends only the
 * worker and loses the code, and a finished worker never ends. So it
 * reports `exit`, `done` and `error` to the runner, which ends the process.
 *
 * The entry is loaded with a dynamic `import()` on purpose: a worker's
 * static graph loads with the runner's (full) permissions, so a static
 * import would let an extension import any JSON file on disk. Loaded
 * dynamically, the entry and everything it imports go through the worker's
 * own `read`/`import` checks.
 *
 * `process.argv` is left alone: fixing it means loading Deno's Node
 * compatibility layer in every worker, which costs more than the rest of the
 * runner's startup (measured ~40 ms CPU). Extensions read `Deno.args`.
 *
 * @module
 */

import { WEB_STORAGE_GLOBALS } from "./config.ts";
import { installDeniedRemedy } from "./denied_remedy.ts";

/** Messages the bootstrap posts to the runner. */
export type BootstrapMessage =
  | { __zot: "exit"; code: number }
  | { __zot: "done"; code: number }
  | { __zot: "error"; message: string };

/** Source of the bootstrap for one entry and its argv. */
export function bootstrapSource(entry: string, args: string[]): string {
  return `export {};
const entry = ${JSON.stringify(entry)};
const args = ${JSON.stringify(args)};
const post = (m) => globalThis.postMessage(m);
// No web storage: it needs no permission and is not the extension's own.
for (const name of ${JSON.stringify(WEB_STORAGE_GLOBALS)}) delete globalThis[name];
// A denied permission names the scope entry to add, even in an error the extension catches.
(${installDeniedRemedy.toString()})();
// The worker would otherwise see the runner's argv.
Object.defineProperty(Deno, "args", { value: Object.freeze([...args]), configurable: false });
const realExit = Deno.exit.bind(Deno);
const exit = (code) => {
  const c = typeof code === "number" ? code : (Deno.exitCode ?? 0);
  post({ __zot: "exit", code: c });
  return realExit(c);
};
Object.defineProperty(Deno, "exit", { value: exit, writable: false, configurable: false });
const realClose = globalThis.close.bind(globalThis);
globalThis.close = () => { post({ __zot: "exit", code: Deno.exitCode ?? 0 }); realClose(); };
try {
  const mod = await import(entry);
  if (typeof mod.main === "function") await mod.main();
  post({ __zot: "done", code: Deno.exitCode ?? 0 });
} catch (e) {
  post({ __zot: "error", message: e instanceof Error ? (e.stack ?? String(e)) : String(e) });
}
`;
}

/** The bootstrap as a module URL. */
export function bootstrapUrl(entry: string, args: string[]): string {
  return `data:application/javascript,${encodeURIComponent(bootstrapSource(entry, args))}`;
}
