/**
 * `deno task install [--root DIR]`: installs a global `zot` command that runs
 * this checkout with deno, with exactly the flags zot runs with from source
 * (all permissions: zot narrows them itself for each extension it starts).
 * Without `--root` deno puts it in `$DENO_INSTALL_ROOT/bin`, else
 * `~/.deno/bin`. Run it again after updating the checkout.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { DENO_RUN_FLAGS } from "../src/self_exec.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url)).replace(/[\\/]$/, "");

/** The `deno install` arguments for this checkout, `--root` passed through. */
export function installArgs(args: string[]): string[] | string {
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--root" && args[i + 1]) rest.push("--root", args[++i]);
    else if (args[i].startsWith("--root=")) rest.push(args[i]);
    else return `unknown argument "${args[i]}" (usage: deno task install [--root DIR])`;
  }
  return [
    "install",
    "--global",
    "--force",
    "--name",
    "zot",
    "-A",
    ...DENO_RUN_FLAGS,
    "--config",
    join(ROOT, "deno.json"),
    ...rest,
    join(ROOT, "main.ts"),
  ];
}

if (import.meta.main) {
  const args = installArgs(Deno.args);
  if (typeof args === "string") {
    console.error(`install: ${args}`);
    Deno.exit(2);
  }
  const { code } = await new Deno.Command(Deno.execPath(), { args }).output();
  if (code === 0) console.error(`Installed zot from ${ROOT} (run "zot --version")`);
  Deno.exit(code);
}
