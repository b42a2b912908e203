/**
 * What an the extension host (mod.ts) is built with, and what loading reports.
 *
 * @module
 */

import type { ToolCaller } from "../../model/types.ts";
import type { ZotPaths } from "../../config/paths.ts";
import type { HostIdentity, SpawnFn } from "../channel.ts";
import type { Diagnostic } from "../../diagnostic.ts";
import type { HostUi } from "../ui.ts";
import type { HostTimeouts } from "./core.ts";
import type { RestartPolicy } from "./restart.ts";
import type { EarlyStart } from "./early.ts";

export interface ExtensionHostOptions {
  spawn: SpawnFn;
  paths: ZotPaths;
  /** What `hello_ack` announces; `identity.cwd` is also the default session cwd. */
  identity: HostIdentity;
  ui?: HostUi;
  /**
   * Built-in slash command names; an extension command with one of these
   * names in any case is shadowed (a diagnostic and a line in its log).
   */
  builtinCommands?: Iterable<string>;
  /** Built-in tool names; extension tools with these names are shadowed. */
  builtinTools?: Iterable<string>;
  toolCaller?: ToolCaller;
  /** Shorter deadlines for tests. */
  timeouts?: Partial<HostTimeouts>;
  /** Session id stamped before any session starts (default: a random runtime id). */
  runtimeSessionId?: string;
  /**
   * An extension that finished its handshake after start-up went on without
   * it (see {@linkcode LoadOptions.joinLate}): joined (ready, its tools and
   * commands registered) or failed with `error`.
   */
  onLateJoin?: (join: LateJoin) => void;
  /** Pauses and limits of supervised restart (tests shorten them, or turn it off). */
  restartPolicy?: RestartPolicy | "never";
}

/** What became of an extension start-up went on without. */
export interface LateJoin {
  name: string;
  /** The start failure when it failed; undefined when it joined. */
  error?: Diagnostic;
}

export interface LoadOptions {
  /**
   * Go on without an extension that has not said hello after
   * HELLO_JOIN_WAIT_MS once the others are ready: it joins late or fails at
   * its own hello timeout (reported through `onLateJoin`).
   */
  joinLate?: boolean;
  /**
   * Spawns the run started before the host existed (early.ts): the first load
   * takes them instead of spawning its sources again.
   */
  started?: EarlyStart;
}

/** What one `load()` call produced. */
export interface LoadReport {
  /** Manifest names loaded, in load order. */
  loaded: string[];
  /** The sources that did not start (`start-failed`). */
  errors: Diagnostic[];
}
