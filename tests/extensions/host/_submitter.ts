/**
 * Sources for the scriptable submitter fixture (tests/fixtures/host/
 * submitter.mjs): as a plain node extension, or copied into a directory as a
 * sandboxed one with a given scope.
 *
 * @module
 */

import { join } from "node:path";
import { HOST_FIXTURES } from "./e2e_helpers.ts";
import type { ExtensionSource, SourceKind } from "../../../src/extensions/types.ts";
import type { ExtToHostFrame } from "../../../src/protocol/frames.ts";
import { manifestOf } from "../../helpers/manifest.ts";

export interface SubmitterScript {
  name: string;
  commands?: string[];
  subscribe?: { events?: string[]; intercept?: string[] };
  on_ready?: ExtToHostFrame[];
  on_command?: Record<string, { frames?: ExtToHostFrame[]; reply?: Record<string, unknown> }>;
  intercept?: Record<string, unknown>;
}

export const SUBMITTER = join(HOST_FIXTURES, "submitter.mjs");

/** The fixture as a plain (unsandboxed) node extension. */
export function plainSubmitter(script: SubmitterScript): ExtensionSource {
  const raw = { name: script.name, exec: "node", args: [SUBMITTER, JSON.stringify(script)] };
  return {
    manifest: { ...raw, language: "javascript", enabled: true, raw },
    dir: HOST_FIXTURES,
    manifestPath: join(HOST_FIXTURES, "extension.json"),
    kind: "global",
  };
}

/**
 * The fixture copied into `dir` as a sandboxed extension with `scope`; its
 * entry is `entry` (any sandboxed extension: `.ts` or `.mjs`, same runner).
 */
export async function sandboxedSubmitter(
  dir: string,
  script: SubmitterScript,
  scope: Record<string, unknown> | undefined,
  options: { kind?: SourceKind; entry?: "main.ts" | "main.mjs" } = {},
): Promise<ExtensionSource> {
  const entry = options.entry ?? "main.mjs";
  await Deno.copyFile(SUBMITTER, join(dir, entry));
  const raw = {
    name: script.name,
    exec: `./${entry}`,
    args: [JSON.stringify(script)],
    ...(scope ? { scope } : {}),
  };
  await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(raw));
  return {
    manifest: manifestOf(raw),
    dir,
    manifestPath: join(dir, "extension.json"),
    kind: options.kind ?? "explicit",
  };
}
