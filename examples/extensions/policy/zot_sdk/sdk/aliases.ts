/**
 * The camelCase names earlier SDK versions gave to data fields
 * (`call.toolName`, `ext.host.dataDir`, `result.isError`). Data now carries
 * the protocol's own snake_case names; these aliases keep extensions written
 * against the old names working. They are read-only and non-enumerable, so a
 * logged or serialised object shows each field once, under its wire name.
 *
 * @module
 */

/** The object with `A`'s aliases added, each typed as the field it reads. */
export type Aliased<T, A extends Readonly<Record<string, keyof T>>> =
  & T
  & { readonly [K in keyof A]: T[A[K]] };

/** Define each `alias` as a read-only, non-enumerable getter of its `field` on `target`. */
export function withAliases<T extends object, const A extends Readonly<Record<string, keyof T>>>(
  target: T,
  aliases: A,
): Aliased<T, A> {
  for (const [alias, field] of Object.entries(aliases)) {
    if (Object.hasOwn(target, alias)) continue;
    Object.defineProperty(target, alias, {
      get: () => target[field as keyof T],
      enumerable: false,
      configurable: true,
    });
  }
  // The loop above defined every alias the type promises.
  return target as Aliased<T, A>;
}

/** Old names of the tool result fields. */
export const TOOL_RESULT_ALIASES = {
  isError: "is_error",
  activateTools: "activate_tools",
} as const;
