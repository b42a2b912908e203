/**
 * One consent model: a plain extension with a scope is consented to,
 * granted, re-asked on widening and pinned exactly like a sandboxed
 * TypeScript extension, and dropping its scope (to run with full
 * privileges) is a change of kind that waits for the user.
 *
 * @module
 */

import { join } from "node:path";
import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { checkConsent } from "../../src/extensions/consent_check.ts";
import { consentSummary } from "../../src/extensions/consent.ts";
import { identityOf } from "../../src/extensions/identity.ts";
import { readManifest } from "../../src/extensions/manifest.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";
import { saveRecord } from "../../src/sandbox/grants.ts";

async function ext(root: string, fields: Record<string, unknown>): Promise<ExtensionSource> {
  const path = join(root, "probe");
  await Deno.mkdir(path, { recursive: true });
  await Deno.writeTextFile(join(path, "extension.json"), JSON.stringify(fields));
  await Deno.writeTextFile(join(path, "run.sh"), "#!/bin/sh\n", { mode: 0o755 });
  const read = await readManifest(path);
  if (read.status !== "ok") throw new Error(JSON.stringify(read));
  return { ...read.info, dir: path, kind: "global" };
}

Deno.test("a plain program with a scope is its own kind, with its scope in its identity", async () => {
  await using z = await tempZot();
  const source = await ext(z.paths.extensions, {
    name: "probe",
    exec: "./run.sh",
    scope: { net: ["api.example.com"] },
  });
  const id = await identityOf(source);
  assertEquals(id.kind, "confined");
  assertEquals(id.scope?.net, ["api.example.com"]);
  const summary = consentSummary(source, id.scope).join("\n");
  assertStringIncludes(summary, "confined by the OS sandbox");
  assertStringIncludes(summary, "connect to: api.example.com");
});

Deno.test("a scope beyond least privilege waits for a grant, like a sandboxed one", async () => {
  await using z = await tempZot();
  const source = await ext(z.paths.extensions, {
    name: "probe",
    exec: "./run.sh",
    scope: { net: ["api.example.com"] },
  });
  const check = await checkConsent(source, z.paths);
  assert(!check.ok);
  assertStringIncludes(check.why, "its scope has not been granted");
  assertStringIncludes(check.why, `zot ext grant probe`);
});

Deno.test("a widened scope refuses the start until granted again", async () => {
  await using z = await tempZot();
  const first = await ext(z.paths.extensions, { name: "probe", exec: "./run.sh", scope: {} });
  await saveRecord(z.paths.grants, first.dir, { ...await identityOf(first), via: "grant" });
  assert((await checkConsent(first, z.paths)).ok);
  const wider = await ext(z.paths.extensions, {
    name: "probe",
    exec: "./run.sh",
    scope: { read: ["${home}"] },
  });
  const check = await checkConsent(wider, z.paths);
  assert(!check.ok);
  assertStringIncludes(check.why, "its scope widened since you granted it");
});

Deno.test("dropping the scope to run with full privileges is a change of kind", async () => {
  await using z = await tempZot();
  const first = await ext(z.paths.extensions, { name: "probe", exec: "./run.sh", scope: {} });
  await saveRecord(z.paths.grants, first.dir, { ...await identityOf(first), via: "grant" });
  const plain = await ext(z.paths.extensions, { name: "probe", exec: "./run.sh" });
  const check = await checkConsent(plain, z.paths);
  assert(!check.ok);
  assertStringIncludes(check.why, "runs as a plain program confined by the OS sandbox -> ");
});
