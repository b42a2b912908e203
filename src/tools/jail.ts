/**
 * The `/jail` path policy shared by the file tools and bash. The policy is a
 * mutable object handed to `createBuiltinTools`, so `/jail` and `/unjail`
 * switch it at runtime without rebuilding the tools.
 *
 * @module
 */

import type { ToolResult } from "../model/types.ts";
import { textContent } from "../protocol/content.ts";
import { realPathLenient } from "./paths.ts";
import { isInside } from "../path_inside.ts";

import type { JailPolicy } from "./jail_policy.ts";

export { createJail, type JailPolicy } from "./jail_policy.ts";

/** The exact refusal text of the reference host. */
export function jailMessage(path: string, root: string): string {
  return `jailed: path "${path}" is outside sandbox root "${root}" (use /unjail to disable)`;
}

/** A `blocked` policy refusal result. */
export function jailRefusal(path: string, root: string): ToolResult {
  return {
    content: textContent(jailMessage(path, root)),
    isError: true,
    outcome: "blocked",
    details: { source: "policy" },
  };
}

export { isInside };

/**
 * Refusal for `absPath` (already resolved against the cwd) under `policy`,
 * or undefined when allowed. Symlinks are resolved on both sides, so a link
 * inside the root that points outside it is refused. `shown` is the path as
 * the model wrote it, for the message.
 */
export async function checkJail(
  policy: JailPolicy | undefined,
  absPath: string,
  shown: string,
): Promise<ToolResult | undefined> {
  const root = policy?.root;
  if (root === undefined) return undefined;
  const realRoot = await realPathLenient(root);
  const real = await realPathLenient(absPath);
  return isInside(realRoot, real) ? undefined : jailRefusal(shown, root);
}
