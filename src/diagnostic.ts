/**
 * One typed diagnostic for every problem zot reports without failing: a
 * broken manifest, an extension that did not start, a frame a scope refused,
 * a session line skipped. It is raised as a value and stays one until a
 * renderer (the TUI, the stderr of the headless modes, the RPC stream,
 * `zot ext doctor`) turns its fields into text, so no renderer has to read
 * a prefix back out of a line to know what it is looking at.
 *
 * A base module: both the extension host and the modes import it.
 *
 * @module
 */

/** How bad it is: an error lost something (an extension, a file), a warning may, info did not. */
export type Severity = "error" | "warning" | "info";

/**
 * Where it was raised, which is also how a renderer groups it:
 * - `discovery`: finding extensions and reading their manifests
 * - `trust`: project extensions held back (project not trusted, or changed since pinned)
 * - `load`: starting an extension process (spawn failures; launch notes at info)
 * - `extension`: a loaded extension at run time (ready, registrations, refused frames)
 * - `skills`: skill files and skill bundles
 * - `session`: the session file
 * - `config`: zot's own settings and credential files
 * - `run`: the run itself (flags that do nothing, an extension gone at the end)
 */
export type DiagnosticSource =
  | "discovery"
  | "trust"
  | "load"
  | "extension"
  | "skills"
  | "session"
  | "config"
  | "run";

/** Stable names for what happened, one per kind of problem (scripts may match on them). */
export type DiagnosticCode =
  // discovery and trust
  | "manifest-invalid"
  | "discovery-failed"
  | "extension-skipped"
  | "name-taken"
  | "project-untrusted"
  | "project-held"
  // load
  | "start-failed"
  | "launch-note"
  // extension at run time
  | "ready-timeout"
  | "auto-ready"
  | "disconnected"
  | "stop-failed"
  | "gate-down"
  | "restarting"
  | "crash-loop"
  | "registration-refused"
  | "registration-shadowed"
  | "registration-conflict"
  | "frame-refused"
  | "intercept-reply-ignored"
  | "prompt-hook-failed"
  // skills
  | "skill-shadowed"
  | "skill-invalid"
  // session
  | "session-line-skipped"
  | "session-save-failed"
  | "session-choice"
  // config and run
  | "config-invalid"
  | "no-api-key"
  | "settings-save-failed"
  | "model-unknown"
  | "flag-ignored"
  | "unknown-tool"
  | "extension-stopped"
  | "extension-log-lost";

export interface Diagnostic {
  source: DiagnosticSource;
  severity: Severity;
  code: DiagnosticCode;
  /** What happened, sentence or clause, no final period; never includes the remedy. */
  message: string;
  /** What to do about it, when there is something to do (`run "zot trust"`). */
  remedy?: string;
  /** The extension it is about (manifest name), if any. */
  extension?: string;
  /** The directory it is about, if any. */
  dir?: string;
}

/** The message with its remedy in parentheses: how every renderer words one diagnostic. */
export function diagnosticText(d: Pick<Diagnostic, "message" | "remedy">): string {
  return d.remedy ? `${d.message} (${d.remedy})` : d.message;
}

/**
 * A problem with loading extensions (a broken manifest, a failed start, a project extension held
 * back): shown with the load errors, which stay in view, not as a passing note.
 */
export function isLoadProblem(d: Diagnostic): boolean {
  return (d.source === "discovery" || d.source === "trust" || d.source === "load") &&
    d.severity !== "info";
}

/** Where a diagnostic goes: each mode passes its own renderer. */
export type DiagnosticSink = (diagnostic: Diagnostic) => void;

/** Loading returns values plus diagnostics; expected failures are not thrown. */
export interface Loaded<T> {
  value: T;
  diagnostics: Diagnostic[];
}
