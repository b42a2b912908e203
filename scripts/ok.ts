/**
 * `deno task ok`: the one quality gate. A change is done when this passes;
 * CI runs it (after the mutation check). It runs, in order: the format
 * check, the linter, the type check of every entry point, the layer check,
 * the SDK's documentation lint, the markdown check and the test suite.
 *
 * Every step runs even when an earlier one failed, so one run shows
 * everything that is wrong. The last line is the suite's summary,
 * `N passed, M failed, K skipped`, with each check before the tests counted
 * as one more item, so a formatting slip fails the line CI reads.
 *
 * Usage: deno task ok [--skip step,…] [--only step,…] [--list] [-- test args]
 * (`--root <dir>` runs the steps in another checkout)
 *
 * @module
 */

import { fileURLToPath } from "node:url";

/** One step of the gate: a name to skip it by and the command it runs from the repository root. */
export interface Step {
  name: string;
  what: string;
  args: string[];
  /** The step whose output ends with the summary line, counted test by test. */
  isSuite?: boolean;
}

const deno = Deno.execPath();

/** The gate, in the order it runs: cheap checks first, the suite last. */
export const STEPS: readonly Step[] = [
  { name: "fmt", what: "formatting (deno fmt --check)", args: [deno, "fmt", "--check"] },
  { name: "lint", what: "lint (deno lint)", args: [deno, "lint"] },
  {
    name: "check",
    what: "type check of main.ts, src, scripts, tests, examples",
    args: [deno, "run", "-A", "scripts/check.ts"],
  },
  {
    name: "layers",
    what: "import edges only point down",
    args: [deno, "run", "-A", "scripts/check_layers.ts"],
  },
  {
    name: "sdk-docs",
    what: "every public SDK symbol documented (deno doc --lint)",
    args: [deno, "doc", "--lint", "src/sdk/mod.ts"],
  },
  {
    name: "markdown",
    what: "fences balance, relative links resolve",
    args: [deno, "run", "-A", "scripts/check_markdown.ts"],
  },
  {
    name: "tests",
    what: "the test suite",
    args: [deno, "run", "-A", "scripts/test.ts"],
    isSuite: true,
  },
];

const SUMMARY = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/;

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Runs the suite, copying its output except the summary line, which it parses. */
async function runSuite(step: Step, cwd: string, extra: string[]): Promise<Counts> {
  const child = new Deno.Command(step.args[0], {
    args: [...step.args.slice(1), ...extra],
    cwd,
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let pending = "";
  // Each line is held back until the next arrives, so the summary (the last
  // line) is not printed: the gate prints its own summary instead.
  let held: string | undefined;
  const hold = async (line: string) => {
    if (held !== undefined) await Deno.stdout.write(encoder.encode(`${held}\n`));
    held = line;
  };
  for await (const chunk of child.stdout) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) await hold(line);
  }
  if (pending !== "") await hold(pending);
  const last = held ?? "";
  const { code } = await child.status;
  const m = SUMMARY.exec(last.trim());
  if (!m) {
    if (last.trim() !== "") console.log(last);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  const counts = { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3] ?? 0) };
  // A suite that exits non-zero with nothing failed (a crash after the summary) still fails.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

async function runCheck(step: Step, cwd: string): Promise<boolean> {
  const { code } = await new Deno.Command(step.args[0], {
    args: step.args.slice(1),
    cwd,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  return code === 0;
}

function names(flag: string, args: string[]): Set<string> | undefined {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const list = (args[at + 1] ?? "").split(",").filter((s) => s !== "");
  const unknown = list.filter((n) => !STEPS.some((s) => s.name === n));
  if (unknown.length > 0 || list.length === 0) {
    console.error(
      `Unknown step "${unknown[0] ?? ""}" for ${flag} (steps: ${
        STEPS.map((s) => s.name).join(", ")
      })`,
    );
    Deno.exit(2);
  }
  return new Set(list);
}

async function main(argv: string[]): Promise<number> {
  const dash = argv.indexOf("--");
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const testArgs = dash < 0 ? [] : argv.slice(dash + 1);
  if (own.includes("--list")) {
    for (const s of STEPS) console.log(`${s.name.padEnd(9)} ${s.what}`);
    return 0;
  }
  const at = own.indexOf("--root");
  const root = at < 0 ? fileURLToPath(new URL("..", import.meta.url)) : own[at + 1];
  const skip = names("--skip", own) ?? new Set<string>();
  const only = names("--only", own);
  const chosen = STEPS.filter((s) => !skip.has(s.name) && (!only || only.has(s.name)));

  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const verdicts: string[] = [];
  for (const step of chosen) {
    console.log(`\n== ok: ${step.name}: ${step.what}`);
    if (step.isSuite) {
      const c = await runSuite(step, root, testArgs);
      total.passed += c.passed;
      total.failed += c.failed;
      total.skipped += c.skipped;
      verdicts.push(`${step.name}: ${c.failed === 0 ? "ok" : `${c.failed} failed`}`);
    } else {
      const ok = await runCheck(step, root);
      if (ok) total.passed++;
      else total.failed++;
      verdicts.push(`${step.name}: ${ok ? "ok" : "FAILED"}`);
    }
  }
  console.log(`\n== ok: ${verdicts.join(" | ")}`);
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return total.failed === 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
