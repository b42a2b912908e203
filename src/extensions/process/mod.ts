/**
 * The extension process layer: one running extension behind the
 * {@linkcode ExtensionChannel} seam. The manager gets {@linkcode spawnExtension}.
 *
 * @module
 */

export { HOST_CAPABILITIES, spawnExtension, startFailureText } from "./spawn.ts";
export { ExtensionConnection } from "./connection.ts";
