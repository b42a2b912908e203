/**
 * The doctor's text report shows a failed start's stderr lines once: when the
 * start error quotes them (a field says so), not again below it. The text of
 * the error does not decide it.
 */

import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { type DoctorRow, renderDoctor } from "../../../src/extensions/manage/doctor_render.ts";

function row(errors: string[], stderrQuoted?: boolean): DoctorRow {
  const r: DoctorRow = {
    name: "crash",
    scope: "global",
    dir: "/exts/crash",
    status: "error",
    version: null,
    sandboxed: false,
    exec: "./crash.sh",
    log: "/logs/ext-crash.log",
    errors,
    notes: [],
    commands: [],
    tools: [],
    warnings: [],
    frames: null,
    stderr: ["crash: config file missing"],
  };
  if (stderrQuoted) r.stderrQuoted = true;
  return r;
}

const QUOTING =
  "Extension crash failed to start.\nlast stderr lines:\n  crash: config file missing";

Deno.test("doctor: stderr quoted by the start error is not shown twice", () => {
  const out = renderDoctor([row([QUOTING], true)], []);
  assertStringIncludes(out, "    last stderr lines:\n      crash: config file missing");
  assert(!out.includes("stderr (last lines)"), out);
});

Deno.test("doctor: stderr not quoted by the error gets its own block", () => {
  const out = renderDoctor([row(["Extension crash failed to start."])], []);
  assertStringIncludes(out, "  stderr (last lines):\n    | crash: config file missing");
});

Deno.test("doctor: an error whose text merely looks like a quote does not hide the block", () => {
  const out = renderDoctor([row([QUOTING])], []);
  assertEquals(out.split("stderr (last lines)").length, 2, out);
});
