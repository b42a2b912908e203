/**
 * No silent fallback: where the OS sandbox cannot run (here: bubblewrap is
 * not on PATH), a scoped plain extension refuses to start with the remedy,
 * and runs unconfined only after the user's explicit decision for it.
 *
 * @module
 */

import { assert, assertStringIncludes } from "../helpers/assert.ts";
import { within } from "../helpers/wait.ts";
import { collect, fixtureSource, harness } from "../extensions/process/_helpers.ts";
import { osSandboxStatus, resetOsSandboxStatus } from "../../src/ossandbox/availability.ts";
import { confineCommand, OsSandboxError } from "../../src/ossandbox/confine.ts";
import { setUnconfined } from "../../src/sandbox/unconfined.ts";
import { parseScope } from "../../src/scope/parse.ts";

/** PATH holds only what the probes need, not bwrap; restored (and the cache reset) on dispose. */
async function withoutBwrap() {
  const bin = await Deno.makeTempDir({ prefix: "zot-nobwrap-" });
  for (const tool of ["python3", "sh", "setsid", "sleep", "cat"]) {
    for (const dir of ["/usr/bin", "/bin"]) {
      const path = `${dir}/${tool}`;
      if (await Deno.stat(path).then(() => true, () => false)) {
        await Deno.symlink(path, `${bin}/${tool}`).catch(() => {});
        break;
      }
    }
  }
  const saved = Deno.env.get("PATH");
  Deno.env.set("PATH", bin);
  resetOsSandboxStatus();
  return {
    [Symbol.asyncDispose]: async () => {
      if (saved === undefined) Deno.env.delete("PATH");
      else Deno.env.set("PATH", saved);
      resetOsSandboxStatus();
      await Deno.remove(bin, { recursive: true });
    },
  };
}

const scope = () => {
  const parsed = parseScope({});
  if (!parsed.ok) throw new Error("scope");
  return parsed.scope;
};

Deno.test("without bubblewrap the status says why and what to install", async () => {
  await using _ = await withoutBwrap();
  const status = await osSandboxStatus();
  assert(!status.ok);
  assertStringIncludes(status.reason, `"bwrap"`);
  assertStringIncludes(status.remedy, "apt install bubblewrap socat ripgrep");
});

Deno.test("without the OS sandbox confineCommand refuses instead of running unconfined", async () => {
  await using _ = await withoutBwrap();
  let error: unknown;
  await confineCommand(["true"], {
    readDeny: ["/"],
    readAllow: [],
    write: [],
    netHosts: [],
    loopback: false,
    env: {},
  }, "/").catch((e) => error = e);
  assert(error instanceof OsSandboxError, String(error));
  assertStringIncludes(error.message, "apt install bubblewrap");
});

Deno.test("without the OS sandbox a scoped plain extension does not start, and says how to fix it", async () => {
  await using h = await harness();
  await using _ = await withoutBwrap();
  const source = fixtureSource("confined-probe-sh", {
    args: ["/x", "/y", "1", "m"],
    scope: scope(),
  });
  const started = await h.spawn(source);
  assert(!started.ok, "it started without the OS sandbox");
  assertStringIncludes(started.error, "its scope needs the OS sandbox, which is unavailable");
  assertStringIncludes(started.error, "apt install bubblewrap socat ripgrep");
  assertStringIncludes(started.error, `zot ext unconfined confined-probe-sh`);
});

Deno.test("an allowance for another name in the same directory does not let it run unconfined", async () => {
  await using h = await harness();
  await using _ = await withoutBwrap();
  const source = fixtureSource("confined-probe-sh", {
    args: ["/x", "/y", "1", "m"],
    scope: scope(),
  });
  await setUnconfined(h.zot.paths.home, source.dir, "someone-else", true);
  const started = await h.spawn(source);
  assert(!started.ok, "it started unconfined without the user's decision for it");
});

Deno.test("the user's explicit decision lets it run unconfined, and the start says so", async () => {
  await using h = await harness();
  await using _ = await withoutBwrap();
  const source = fixtureSource("confined-probe-sh", {
    args: ["/etc/hostname", "/nonexistent/x", "1", `m-${crypto.randomUUID()}`],
    scope: scope(),
  });
  await setUnconfined(h.zot.paths.home, source.dir, "confined-probe-sh", true);
  const started = await h.spawn(source);
  if (!started.ok) throw new Error(started.error);
  assertStringIncludes(started.notes.join("\n"), "runs UNCONFINED");
  const frames = collect(started.channel);
  await within(20_000, frames.next((f) => f.type === "notify"), "the report");
});
