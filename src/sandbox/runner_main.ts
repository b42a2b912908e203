/**
 * Entry of the hidden sandbox-runner mode (filled in by the sandbox work).
 *
 * @module
 */
export function runSandboxRunner(_args: string[]): Promise<number> {
  console.error("zot: sandbox runner not implemented");
  return Promise.resolve(1);
}
