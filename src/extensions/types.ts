/**
 * Host-side domain types shared by manifest loading, discovery, spawning,
 * the sandbox and the CLI.
 *
 * @module
 */

import { defaultScope, type Scope } from "../scope/scope.ts";
import { isSandboxedExec } from "../sandbox/launch_kind.ts";
import type { McpServer } from "./manifest_mcp.ts";

/** A parsed `extension.json`. Unknown keys are kept in `raw`. */
export interface Manifest {
  name: string;
  version?: string;
  exec?: string;
  args?: string[];
  language?: string;
  description?: string;
  skills?: string[];
  /** Defaults to true. */
  enabled: boolean;
  /** `"never"`: a crash leaves it stopped; by default zot restarts it (host/restart.ts). */
  restart?: "on-failure" | "never";
  /**
   * The scope of an extension that runs sandboxed, parsed at load (an
   * invalid one fails the load). Absent for a plain or passive extension,
   * and where no scope was parsed: least privilege (see {@linkcode sandboxScope}).
   */
  scope?: Scope;
  /** An MCP server instead of a zot protocol program; `exec` is then its command. */
  mcp?: McpServer;
  /** Every key as written, for tools that must keep unknown keys. */
  raw: Record<string, unknown>;
}

/** Where an extension was found. Precedence: explicit > project > global. */
export type SourceKind = "explicit" | "project" | "global";

/** One discovered (or explicitly given) extension directory with a valid manifest. */
export interface ExtensionSource {
  manifest: Manifest;
  /** Absolute extension directory. */
  dir: string;
  manifestPath: string;
  kind: SourceKind;
  /** `theme.json` or `themes/theme.json` exists. */
  themePath?: string;
}

/** What the host or a loader has to say about one extension: the one typed diagnostic. */
export type { Diagnostic, Loaded } from "../diagnostic.ts";

/** True when the bundle is never spawned (theme-only or skill-only). */
export function isPassive(source: ExtensionSource): boolean {
  return !source.manifest.exec;
}

/** The scope a sandboxed `source` runs with: as parsed at load, or least privilege. */
export function sandboxScope(source: ExtensionSource): Scope {
  return source.manifest.scope ?? defaultScope();
}

/**
 * The scope `source` runs with, or undefined for a program with full
 * privileges (a plain one without `scope`) or a passive bundle: a sandboxed
 * one's (least privilege when none is written), a confined one's as written.
 */
export function scopeOf(source: ExtensionSource): Scope | undefined {
  const exec = source.manifest.exec;
  if (!exec) return undefined;
  if (isSandboxedExec(exec)) return sandboxScope(source);
  return source.manifest.scope;
}

/** How to start an extension's process. Built by src/extensions/launch.ts. */
export interface LaunchPlan {
  command: string;
  args: string[];
  cwd: string;
  /** Extra or replacement variables. */
  env?: Record<string, string>;
  /** Start from an empty environment (sandboxed runs). */
  clearEnv?: boolean;
  /** Run under the Deno permission sandbox. */
  sandboxed: boolean;
  /** `hello_ack.data_dir` for this extension. */
  dataDir: string;
  /** Called once the process has ended (an OS-confined one frees its network allowance). */
  release?: () => Promise<void>;
  /** Lines to show the user about how it runs (e.g. the scope for `--ext`). */
  notes?: string[];
}
