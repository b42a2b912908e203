/**
 * `$ZOT_HOME/auth.json`: stored API keys, one per provider:
 * `{"anthropic": {"type": "api_key", "key": "sk-ant-..."}}` (a bare string
 * `{"anthropic": "sk-ant-..."}` is read too). The file is
 * written atomically with mode 0600 (its directory 0700 when created).
 *
 * @module
 */

import { ZotError } from "../errors.ts";
import type { ProviderName } from "./provider_names.ts";
import { readJsonObject, writeJsonAtomic } from "./json_file.ts";

export interface StoredKey {
  type: "api_key";
  key: string;
}

/** Keys by provider id; unknown entries are preserved on write. */
export type AuthFile = Record<string, unknown>;

export interface AuthRead {
  value: AuthFile;
  diagnostics: string[];
}

export function readAuth(path: string): Promise<AuthRead> {
  return readJsonObject(path);
}

/** The stored key of `provider`, if well-formed. */
export function storedKey(auth: AuthFile, provider: ProviderName): string | undefined {
  const entry = auth[provider];
  // `{"anthropic": "sk-…"}` is what people write by hand; take it as meant.
  if (typeof entry === "string") return entry.trim() !== "" ? entry.trim() : undefined;
  if (typeof entry !== "object" || entry === null) return undefined;
  const key = Reflect.get(entry, "key");
  return typeof key === "string" && key !== "" ? key : undefined;
}

/** Longer than any provider's key: a paste that brought more than the key. */
export const MAX_KEY_LENGTH = 4096;

/**
 * What is wrong with `key` as typed or pasted (empty, spaces or control characters, too
 * long), or undefined when it can be stored. A key is one printable word.
 */
export function keyProblem(key: string): string | undefined {
  if (key === "") return "no key entered";
  // deno-lint-ignore no-control-regex
  if (/[\s\x00-\x1f\x7f]/.test(key)) return "the key contains spaces or control characters";
  if (key.length > MAX_KEY_LENGTH) return `the key is longer than ${MAX_KEY_LENGTH} characters`;
  return undefined;
}

async function update(path: string, change: (auth: AuthFile) => void): Promise<void> {
  const { value, diagnostics } = await readAuth(path);
  // Rewriting a file that could not be read would drop the other keys in it.
  if (diagnostics.length > 0) {
    throw new ZotError("credentials", `${diagnostics[0]} before storing a key there`);
  }
  change(value);
  await writeJsonAtomic(path, value, { mode: 0o600, dirMode: 0o700 });
}

/** Store `key` for `provider` (`zot login` and `/login`). */
export function saveApiKey(path: string, provider: ProviderName, key: string): Promise<void> {
  const entry: StoredKey = { type: "api_key", key };
  return update(path, (auth) => {
    auth[provider] = entry;
  });
}

/** Forget `provider`'s key (`zot logout`). */
export function removeApiKey(path: string, provider: ProviderName): Promise<void> {
  return update(path, (auth) => {
    delete auth[provider];
  });
}
