/**
 * Signals in the headless modes: SIGHUP (the terminal went away) stops zot
 * like SIGTERM does (the turn is aborted, extensions get `shutdown`, exit 1
 * rather than death by the signal), and a second signal during the shutdown
 * exits at once with the shell's status for it. Either way no extension
 * process is left, although these extensions ignore `shutdown`, end of input
 * and every signal but SIGKILL.
 */

import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { until, withTimeout } from "../helpers/wait.ts";
import { zotCommand } from "../modes/run_zot.ts";
import { allReady, assertAllGone, stubbornExtensions, type StubbornKind } from "./_stubborn.ts";

type Mode = "-p" | "--json" | "--rpc";

async function run(mode: Mode, kinds: StubbornKind[], signals: Deno.Signal[]) {
  await using z = await tempZot();
  await using llm = await startFakeLlm({ script: [{ hang: true, text: "partial" }] });
  const s = await stubbornExtensions(z.root, z.home, kinds);
  const modeArgs = mode === "--rpc" ? ["--rpc"] : [mode, "go"];
  const child = zotCommand([...modeArgs, "--base-url", llm.url, ...s.args], z, "piped").spawn();
  const stderr = new Response(child.stderr).text();
  const stdout = new Response(child.stdout).text();
  const pids = await allReady(s);
  if (mode === "--rpc") {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(`{"type":"prompt","id":"1","message":"go"}\n`));
    w.releaseLock();
  }
  await llm.nextRequest(20_000);
  const [first, ...more] = signals;
  child.kill(first);
  if (more.length) {
    // The orderly stop has begun: the extensions that report `shutdown` got it.
    await until(() => s.shutdowns().length > 0, 20_000, "a shutdown frame");
    for (const signal of more) child.kill(signal);
  }
  const status = await withTimeout(child.status, 30_000, "zot to exit");
  await child.stdin.close().catch(() => {});
  const out = { status, stderr: await stderr, stdout: await stdout, shutdowns: s.shutdowns() };
  await assertAllGone(pids, z.root);
  return out;
}

for (const mode of ["-p", "--json", "--rpc"] as const) {
  Deno.test(`SIGHUP in ${mode} stops like SIGTERM: extensions shut down, exit 1, none left`, async () => {
    const r = await run(mode, ["python", "node"], ["SIGHUP"]);
    assertEquals([r.status.code, r.status.signal], [1, null], r.stderr);
    assertEquals(r.shutdowns.toSorted(), ["node", "python"]);
    if (mode === "-p") assertStringIncludes(r.stderr, "terminated (SIGHUP)");
    if (mode === "--json") assertStringIncludes(r.stdout, `{"type":"done"}`);
  });
}

const DOUBLE: { mode: Mode; signals: Deno.Signal[]; code: number; kinds: StubbornKind[] }[] = [
  { mode: "-p", signals: ["SIGTERM", "SIGTERM"], code: 143, kinds: ["python", "node", "ts"] },
  { mode: "--rpc", signals: ["SIGINT", "SIGINT"], code: 130, kinds: ["python", "ts"] },
  { mode: "--json", signals: ["SIGHUP", "SIGHUP"], code: 129, kinds: ["node"] },
  { mode: "-p", signals: ["SIGINT", "SIGTERM"], code: 143, kinds: ["python"] },
];

for (const d of DOUBLE) {
  Deno.test(`${d.signals.join(" then ")} in ${d.mode}: exits ${d.code} at once, no extension process left`, async () => {
    const r = await run(d.mode, d.kinds, d.signals);
    assertEquals([r.status.code, r.status.signal], [d.code, null], r.stderr);
  });
}
