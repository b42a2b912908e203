/**
 * The run flags every mode shares, as parsed by src/cli/run.ts.
 *
 * @module
 */

export type ModeName = "interactive" | "print" | "json" | "rpc";

export interface RunFlags {
  provider?: string;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
  /** `--transport`: zot's own fetch client (default) or the official SDK. */
  transport?: "sdk" | "fetch";
  /** `-e/--ext` paths, in order. */
  ext: string[];
  noExt: boolean;
  /** `--record-ext <file>`: every frame between zot and its extensions, appended there. */
  recordExt?: string;
  /** `--tools a,b`: only these tools. */
  tools?: string[];
  noTools: boolean;
  noSkill: boolean;
  withSkills: boolean;
  /** 0 = unlimited. */
  maxSteps: number;
  /** `--max-tool-calls`: tool calls run per model reply (default: config.json, else 64). */
  maxToolCalls?: number;
  continue: boolean;
  session?: string;
  noSession: boolean;
  /** Text, or `@file`. */
  systemPrompt?: string;
  appendSystemPrompt?: string;
  /** False with `--no-yolo`. */
  yolo: boolean;
  /** `--sandbox` / `--no-sandbox`; undefined follows the `bashSandbox` setting. */
  sandbox?: boolean;
}

export function defaultFlags(): RunFlags {
  return {
    ext: [],
    noExt: false,
    noTools: false,
    noSkill: false,
    withSkills: false,
    maxSteps: 0,
    continue: false,
    noSession: false,
    yolo: true,
  };
}
