/**
 * `kill -9` of zot runs none of zot's code, yet its extensions die with it:
 * the reaper's sentinel sees its pipe from zot close and kills every group
 * still listed (extensions that ignore end of input and every signal but
 * SIGKILL, and children in their groups).
 */

import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { withTimeout } from "../helpers/wait.ts";
import { zotCommand } from "../modes/run_zot.ts";
import { allReady, assertAllGone, stubbornExtensions, type StubbornKind } from "./_stubborn.ts";

const CASES: { name: string; kinds: StubbornKind[]; mode: string[] }[] = [
  { name: "a python extension and its child (--rpc)", kinds: ["python"], mode: ["--rpc"] },
  { name: "a node extension and its child (--rpc)", kinds: ["node"], mode: ["--rpc"] },
  { name: "a sandboxed TypeScript extension (--rpc)", kinds: ["ts"], mode: ["--rpc"] },
  { name: "all three at once during a -p turn", kinds: ["python", "node", "ts"], mode: ["-p"] },
];

for (const c of CASES) {
  Deno.test(`kill -9 of zot ends ${c.name}`, async () => {
    await using z = await tempZot();
    await using llm = await startFakeLlm({ script: [{ hang: true, text: "partial" }] });
    const s = await stubbornExtensions(z.root, z.home, c.kinds);
    const args = c.mode[0] === "-p" ? ["-p", "go"] : c.mode;
    const child = zotCommand([...args, "--base-url", llm.url, ...s.args], z, "piped").spawn();
    const stderr = new Response(child.stderr).text();
    const stdout = new Response(child.stdout).text();
    const pids = await allReady(s);
    child.kill("SIGKILL");
    const status = await withTimeout(child.status, 10_000, "zot to die");
    await Promise.all([stderr, stdout]);
    await child.stdin.close().catch(() => {});
    await assertAllGone(pids, z.root);
    if (status.signal !== "SIGKILL") throw new Error(`zot ended with ${JSON.stringify(status)}`);
  });
}
