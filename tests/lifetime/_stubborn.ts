/**
 * Extensions that will not die politely (they ignore SIGTERM, SIGINT, SIGHUP,
 * `shutdown` and end of input, and some start a child in their own group), set
 * up in a temp root for a zot run, with the pids they record, and a bounded
 * check that every one of them is gone.
 *
 * @module
 */

import { join } from "../../src/path.ts";
import { PYTHON } from "../helpers/python.ts";
import { until } from "../helpers/wait.ts";
import { assertNoLeftoverProcesses } from "../helpers/procs.ts";

const FIXTURES = new URL("../fixtures/lifetime/", import.meta.url).pathname;

export type StubbornKind = "python" | "node" | "ts";

export interface Stubborn {
  /** `--ext <dir>` arguments for zot. */
  args: string[];
  /** How many pids each kind records once ready. */
  expected: number;
  /** The pids recorded so far. */
  pids(): number[];
  /** Which extensions (python, node) received a `shutdown` frame so far. */
  shutdowns(): string[];
}

/** Pids each kind records: the extension and, for python and node, its child. */
const RECORDED: Record<StubbornKind, number> = { python: 2, node: 2, ts: 1 };

/** Extension directories under `root` for `kinds`; `home` is zot's state directory. */
export async function stubbornExtensions(
  root: string,
  home: string,
  kinds: StubbornKind[],
): Promise<Stubborn> {
  const record = join(root, "pids.txt");
  const files = [record];
  const args: string[] = [];
  for (const kind of kinds) {
    const dir = join(root, `stubborn-${kind}`);
    await Deno.mkdir(dir);
    const manifest = (exec: string, extra: string[]) => ({
      name: `stubborn-${kind}`,
      version: "1.0.0",
      exec,
      args: [...extra, record],
    });
    if (kind === "python") {
      await write(join(dir, "extension.json"), manifest(PYTHON, [join(FIXTURES, "stubborn.py")]));
    } else if (kind === "node") {
      await write(join(dir, "extension.json"), manifest("node", [join(FIXTURES, "stubborn.mjs")]));
    } else {
      await Deno.copyFile(join(FIXTURES, "stubborn-ts/main.ts"), join(dir, "main.ts"));
      await Deno.copyFile(
        join(FIXTURES, "stubborn-ts/extension.json"),
        join(dir, "extension.json"),
      );
      files.push(join(home, "extension-data", "stubborn-ts", "pids"));
    }
    args.push("--ext", dir);
  }
  return {
    args,
    shutdowns: () => {
      try {
        return Deno.readTextFileSync(`${record}.shutdown`).split("\n").filter((l) => l !== "");
      } catch {
        return [];
      }
    },
    expected: kinds.reduce((n, k) => n + RECORDED[k], 0),
    pids: () =>
      files.flatMap((f) => {
        try {
          return Deno.readTextFileSync(f).split("\n").filter((l) => l !== "").map(Number);
        } catch {
          return [];
        }
      }),
  };
}

async function write(path: string, value: unknown): Promise<void> {
  await Deno.writeTextFile(path, JSON.stringify(value));
}

/** Resolves once every stubborn extension recorded its pids. */
export async function allReady(s: Stubborn, ms = 30_000): Promise<number[]> {
  await until(() => s.pids().length >= s.expected, ms, `${s.expected} recorded pids`);
  return s.pids();
}

export function alive(pid: number): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // A zombie is dead; only its parent has yet to reap it.
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Every pid gone and nothing under `root` running, within `ms`; else throws naming them. */
export async function assertAllGone(
  pids: number[],
  root: string,
  options: { ms?: number; ignore?: (cmdline: string) => boolean } = {},
): Promise<void> {
  const ms = options.ms ?? 10_000;
  await until(
    () => pids.every((p) => !alive(p)),
    ms,
    `extension processes to end (still alive: ${pids.filter(alive).join(", ")})`,
  ).catch(() => {
    throw new Error(`still alive after ${ms} ms: ${pids.filter(alive).join(", ")}`);
  });
  await assertNoLeftoverProcesses(root, { ms, ignore: options.ignore });
}
