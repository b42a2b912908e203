/**
 * What a loader (extension manifests, discovery, skills) or the extension
 * host has to say about one extension, as a value. It sits at the base so
 * that every layer that loads something can return it without importing the
 * layer that renders it.
 *
 * @module
 */

/** What the host or a loader has to say about one extension. */
export interface Diagnostic {
  extension?: string;
  dir?: string;
  level: "error" | "warning" | "info";
  message: string;
}

/** Loading returns values plus diagnostics; expected failures are not thrown. */
export interface Loaded<T> {
  value: T;
  diagnostics: Diagnostic[];
}
