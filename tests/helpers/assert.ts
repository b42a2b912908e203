/**
 * Assertions for tests, std-style names over `node:assert` (JSR's @std/assert
 * cannot be fetched here). `assert` narrows types like std's.
 *
 * @module
 */

import nodeAssert from "node:assert/strict";

export function assert(condition: unknown, message?: string): asserts condition {
  nodeAssert.ok(condition, message);
}

export function assertEquals<T>(
  actual: unknown,
  expected: T,
  message?: string,
): asserts actual is T {
  nodeAssert.deepStrictEqual(actual, expected, message);
}

export function assertNotEquals(actual: unknown, expected: unknown, message?: string): void {
  nodeAssert.notDeepStrictEqual(actual, expected, message);
}

export function assertStringIncludes(actual: string, expected: string, message?: string): void {
  if (!actual.includes(expected)) {
    throw new nodeAssert.AssertionError({
      message: message ??
        `Expected ${JSON.stringify(actual)} to include ${JSON.stringify(expected)}`,
      actual,
      expected,
    });
  }
}

export function assertMatch(actual: string, expected: RegExp, message?: string): void {
  nodeAssert.match(actual, expected, message);
}

export async function assertRejects(
  fn: () => Promise<unknown>,
  includes?: string,
): Promise<Error> {
  try {
    await fn();
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    if (includes !== undefined) assertStringIncludes(err.message, includes);
    return err;
  }
  throw new nodeAssert.AssertionError({ message: "Expected the function to reject" });
}

export function assertThrows(fn: () => unknown, includes?: string): Error {
  try {
    fn();
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    if (includes !== undefined) assertStringIncludes(err.message, includes);
    return err;
  }
  throw new nodeAssert.AssertionError({ message: "Expected the function to throw" });
}
