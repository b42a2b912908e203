/** Install consent, `zot ext grant`, and project trust. */

import { join } from "node:path";
import { assert, assertEquals, assertRejects, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir, tempZot } from "../helpers/tmp.ts";
import { type ConsentIO, installConsent } from "../../src/extensions/consent.ts";
import { installExtension } from "../../src/extensions/manage/install.ts";
import { isProjectTrusted, trustProject, untrustProject } from "../../src/extensions/trust.ts";
import { grantCommand } from "../../src/cli/ext/grant.ts";
import { findGrant } from "../../src/sandbox/grants.ts";
import { planSandboxLaunch } from "../../src/extensions/sandbox_launch.ts";
import type { ExtensionSource } from "../../src/extensions/types.ts";
import { manifestOf } from "../helpers/manifest.ts";

function fakeIO(
  opts: { tty: boolean; answer?: boolean },
): ConsentIO & { lines: string[]; asked: string[] } {
  const lines: string[] = [];
  const asked: string[] = [];
  return {
    lines,
    asked,
    interactive: () => opts.tty,
    ask: (q) => {
      asked.push(q);
      return Promise.resolve(opts.answer ?? false);
    },
    print: (l) => lines.push(l),
  };
}

function source(dir: string, exec: string, scope?: unknown): ExtensionSource {
  const raw: Record<string, unknown> = { name: "weather", exec };
  if (scope !== undefined) raw.scope = scope;
  return {
    manifest: manifestOf(raw),
    dir,
    manifestPath: join(dir, "extension.json"),
    kind: "global",
  };
}

async function writeExt(dir: string, scope?: unknown, exec = "./main.ts"): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  const manifest: Record<string, unknown> = { name: "weather", exec };
  if (scope !== undefined) manifest.scope = scope;
  await Deno.writeTextFile(join(dir, "extension.json"), JSON.stringify(manifest));
  await Deno.writeTextFile(join(dir, "main.ts"), "export {};\n");
}

Deno.test("install consent shows the scope in plain words and stores the grant with --yes", async () => {
  await using z = await tempZot();
  const io = fakeIO({ tty: false });
  const dest = join(z.paths.extensions, "weather");
  await Deno.mkdir(z.paths.extensions, { recursive: true });
  const confirm = installConsent(z.paths, io);
  const res = await confirm(source(z.root, "./main.ts", { net: ["api.example.com:443"] }), {
    destination: dest,
    yes: true,
  });
  assert(res.ok);
  assertStringIncludes(io.lines.join("\n"), "connect to: api.example.com:443");
  assertEquals(io.asked, []);
  // Stored only once the extension is in place.
  assertEquals(await findGrant(z.paths.grants, dest), undefined);
  await res.commit?.(dest);
  assertEquals((await findGrant(z.paths.grants, dest))?.scope?.net, ["api.example.com:443"]);
});

Deno.test("install consent without a terminal and without --yes refuses", async () => {
  await using z = await tempZot();
  const io = fakeIO({ tty: false });
  const res = await installConsent(z.paths, io)(
    source(z.root, "./main.ts", { env: ["WEATHER_*"] }),
    {
      destination: join(z.paths.extensions, "weather"),
      yes: false,
    },
  );
  assert(!res.ok);
  assertStringIncludes(res.reason, "stdin is not a terminal");
});

Deno.test("a plain program is named as unsandboxed and must be agreed to", async () => {
  await using z = await tempZot();
  const io = fakeIO({ tty: true, answer: false });
  const res = await installConsent(z.paths, io)(source(z.root, "./weather"), {
    destination: join(z.paths.extensions, "weather"),
    yes: false,
  });
  assertEquals(res, { ok: false, reason: "you declined" });
  assertStringIncludes(io.lines.join("\n"), "NOT sandboxed");
  assertEquals(io.asked, [`Install "weather" with these permissions?`]);
});

Deno.test("least privilege installs without a question", async () => {
  await using z = await tempZot();
  const io = fakeIO({ tty: false });
  const res = await installConsent(z.paths, io)(source(z.root, "./main.ts"), {
    destination: join(z.paths.extensions, "weather"),
    yes: false,
  });
  assert(res.ok);
  assertEquals(io.asked, []);
});

Deno.test("zot ext install asks, stores the grant, and the extension starts", async () => {
  await using z = await tempZot();
  await using src = await tempDir();
  await writeExt(src.path, { env: ["WEATHER_*"] });
  const io = fakeIO({ tty: true, answer: true });
  const installed = await installExtension(src.path, {
    paths: z.paths,
    confirm: installConsent(z.paths, io),
    log: () => {},
  });
  assertEquals(io.asked.length, 1);
  const res = await planSandboxLaunch(installed.source, {
    paths: z.paths,
    explicit: false,
    hostEnv: {},
  });
  assert(res.ok, res.ok ? "" : res.error);
});

Deno.test("zot ext grant re-approves a widened scope; --revoke forgets it", async () => {
  await using z = await tempZot();
  const dir = join(z.paths.extensions, "weather");
  await writeExt(dir, { net: ["127.0.0.1"] });
  await grantCommand(z.paths, "weather", { yes: true, io: fakeIO({ tty: false }) });
  await writeExt(dir, { net: ["127.0.0.1", "api.example.com:443"] });
  const src = source(dir, "./main.ts", { net: ["127.0.0.1", "api.example.com:443"] });
  const refused = await planSandboxLaunch(src, { paths: z.paths, explicit: false, hostEnv: {} });
  assert(!refused.ok);
  assertStringIncludes(refused.error, "(net: +api.example.com:443)");
  // Without a terminal it refuses, but says first what widened.
  const script = fakeIO({ tty: false });
  await assertRejects(() => grantCommand(z.paths, "weather", { io: script }), "Not granted");
  assertEquals(script.lines[0], "widened since the last grant: net: +api.example.com:443");
  const io = fakeIO({ tty: true, answer: true });
  assertEquals(await grantCommand(z.paths, "weather", { io }), `granted "weather" its scope`);
  assertStringIncludes(
    io.lines.join("\n"),
    "widened since the last grant: net: +api.example.com:443",
  );
  assert((await planSandboxLaunch(src, { paths: z.paths, explicit: false, hostEnv: {} })).ok);
  assertEquals(
    await grantCommand(z.paths, "weather", { revoke: true }),
    `revoked the grant of "weather"`,
  );
  assert(!(await planSandboxLaunch(src, { paths: z.paths, explicit: false, hostEnv: {} })).ok);
});

Deno.test("a grant is pinned to the manifest name: a renamed extension must be granted again", async () => {
  await using z = await tempZot();
  const dir = join(z.paths.extensions, "weather");
  await writeExt(dir, { net: ["127.0.0.1"] });
  await grantCommand(z.paths, "weather", { yes: true, io: fakeIO({ tty: false }) });
  // The same directory now claims another extension's name, and with it that one's data.
  const renamed = source(dir, "./main.ts", { net: ["127.0.0.1"] });
  renamed.manifest = { ...renamed.manifest, name: "todo" };
  const refused = await planSandboxLaunch(renamed, {
    paths: z.paths,
    explicit: false,
    hostEnv: {},
  });
  assert(!refused.ok);
  assertEquals(
    refused.error,
    `Cannot start extension "todo": it changed since you agreed to it (name "weather" -> "todo") (run "zot ext grant todo")`,
  );
});

Deno.test("zot ext grant records a plain program after saying it is not sandboxed", async () => {
  await using z = await tempZot();
  const dir = join(z.paths.extensions, "weather");
  await writeExt(dir, undefined, "./weather");
  const script = fakeIO({ tty: false });
  await assertRejects(() => grantCommand(z.paths, "weather", { io: script }), "Not granted");
  assertStringIncludes(script.lines.join("\n"), "NOT sandboxed");
  assertStringIncludes(script.lines.join("\n"), "full privileges");
  assertEquals(await findGrant(z.paths.grants, dir), undefined);
  const io = fakeIO({ tty: true, answer: true });
  assertEquals(
    await grantCommand(z.paths, "weather", { io }),
    `recorded "weather" as a plain program with your full privileges`,
  );
  assertEquals(io.asked, [`Grant "weather" with these permissions?`]);
  const stored = await findGrant(z.paths.grants, dir);
  assertEquals([stored?.kind, stored?.exec, stored?.name], ["plain", "./weather", "weather"]);
});

Deno.test("project trust is remembered by real path and can be withdrawn", async () => {
  await using z = await tempZot();
  const link = join(z.root, "link");
  await Deno.symlink(z.cwd, link);
  assertEquals(await isProjectTrusted(z.paths.trust, z.cwd), false);
  assertEquals(await trustProject(z.paths.trust, link), z.cwd);
  assertEquals(await isProjectTrusted(z.paths.trust, z.cwd), true);
  assertEquals((await Deno.stat(z.paths.trust)).mode! & 0o777, 0o600);
  assertEquals(await untrustProject(z.paths.trust, z.cwd), true);
  assertEquals(await isProjectTrusted(z.paths.trust, link), false);
});
