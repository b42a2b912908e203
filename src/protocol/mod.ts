/**
 * The extension wire protocol: frames, validation, framing, limits. A leaf
 * layer with no Deno I/O, shared by the host and the SDK.
 *
 * @module
 */
export * from "./content.ts";
export * from "./events.ts";
export * from "./frames.ts";
export * from "./framing.ts";
export * from "./limits.ts";
export * from "./validate.ts";
