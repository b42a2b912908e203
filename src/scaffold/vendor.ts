/**
 * Vendoring the TypeScript SDK into an extension. A sandboxed extension may
 * read only its own directory, so it cannot import the SDK from zot's
 * install; it gets a copy: `<ext>/zot_sdk/sdk/*.ts`,
 * `<ext>/zot_sdk/protocol/*.ts` and the leaf modules of `src/` the protocol
 * imports (`<ext>/zot_sdk/is_record.ts`). They keep the layout of zot's
 * `src/`, so the SDK's `../protocol/…` and the protocol's `../is_record.ts`
 * imports work unchanged.
 *
 * The files are read next to this module (`src/sdk`, `src/protocol`,
 * `src/is_record.ts`); a compiled zot must embed them (`deno compile
 * --include src/sdk --include src/protocol --include src/is_record.ts
 * --include sdk/python`).
 *
 * @module
 */

import { join } from "../path.ts";

/** The SDK's files, listed so a compiled binary needs no directory listing. */
export const SDK_FILES = [
  "aliases.ts",
  "call_tool.ts",
  "calls.ts",
  "errors.ts",
  "events.ts",
  "extension.ts",
  "host_info.ts",
  "interceptors.ts",
  "mod.ts",
  "panels.ts",
  "registry.ts",
  "results.ts",
  "transport.ts",
  "types.ts",
] as const;

/** The protocol files the SDK imports (all but `mod.ts`). */
export const PROTOCOL_FILES = [
  "content.ts",
  "events.ts",
  "frames.ts",
  "framing.ts",
  "limits.ts",
  "validate.ts",
] as const;

/** The leaf modules of `src/` that the protocol imports, copied beside `protocol/`. */
export const BASE_FILES = ["is_record.ts"] as const;

/** Folder inside an extension that holds the vendored SDK. */
export const VENDOR_DIR = "zot_sdk";

const SDK_SRC = new URL("../sdk/", import.meta.url);
const PROTOCOL_SRC = new URL("../protocol/", import.meta.url);
const BASE_SRC = new URL("../", import.meta.url);
const PYTHON_SDK = new URL("../../sdk/python/zot_ext.py", import.meta.url);

/** Every vendored file: path relative to the extension dir → contents. */
export async function sdkFiles(version: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of SDK_FILES) {
    out.set(join(VENDOR_DIR, "sdk", f), await Deno.readTextFile(new URL(f, SDK_SRC)));
  }
  for (const f of PROTOCOL_FILES) {
    out.set(join(VENDOR_DIR, "protocol", f), await Deno.readTextFile(new URL(f, PROTOCOL_SRC)));
  }
  for (const f of BASE_FILES) {
    out.set(join(VENDOR_DIR, f), await Deno.readTextFile(new URL(f, BASE_SRC)));
  }
  out.set(join(VENDOR_DIR, "README.md"), vendorReadme(version));
  return out;
}

/** The Python SDK's single file. */
export function pythonSdk(): Promise<string> {
  return Deno.readTextFile(PYTHON_SDK);
}

function vendorReadme(version: string): string {
  return `# zot_sdk

A copy of the zot extension SDK for TypeScript (zot ${version}): \`sdk/\` is the
SDK, \`protocol/\` the wire types it imports, \`is_record.ts\` a guard they
share. It is vendored because a sandboxed extension may read only its own
directory. Import it with:

\`\`\`ts
import { Extension } from "./zot_sdk/sdk/mod.ts";
\`\`\`

To update it, run \`zot ext new <tmp-name>\` with a newer zot and copy that
extension's \`zot_sdk/\` over this one. Do not edit these files: changes are
lost on update.
`;
}

/** Write (or refresh) the vendored SDK inside `extDir`, replacing any older copy. */
export async function writeVendoredSdk(extDir: string, version: string): Promise<void> {
  await Deno.remove(join(extDir, VENDOR_DIR), { recursive: true }).catch(() => {});
  for (const [rel, content] of await sdkFiles(version)) {
    const path = join(extDir, rel);
    await Deno.mkdir(join(path, ".."), { recursive: true });
    await Deno.writeTextFile(path, content);
  }
}

// `deno run -A src/scaffold/vendor.ts <ext-dir>...` refreshes the copies in
// examples/extensions after an SDK change (a test fails until they match).
if (import.meta.main) {
  const { ZOT_VERSION } = await import("../version.ts");
  for (const dir of Deno.args) await writeVendoredSdk(dir, ZOT_VERSION);
}
