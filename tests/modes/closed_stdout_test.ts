/**
 * A JSON or RPC reader that goes away mid-run (`zot --json … | head -1`, a
 * client that died): the run stops instead of letting tools go on changing
 * files unobserved, and zot exits 141 like git in such a pipe.
 */

import { join } from "../../src/path.ts";
import { assertEquals } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { tempZot } from "../helpers/tmp.ts";
import { withTimeout } from "../helpers/wait.ts";
import { readLines } from "../../src/protocol/framing.ts";
import { zotCommand } from "./run_zot.ts";

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

for (const mode of ["--json", "--rpc"] as const) {
  Deno.test(`${mode}: a reader that closes stdout mid-run stops the run; exit 141`, async () => {
    await using z = await tempZot();
    const gate = join(z.cwd, "gate");
    const mkfifo = await new Deno.Command("mkfifo", { args: [gate] }).output();
    assertEquals(mkfifo.code, 0);
    await using llm = await startFakeLlm({
      script: [
        // Blocks until the test opens the gate, after it stopped reading.
        { toolCalls: [{ name: "bash", args: { command: "cat gate; echo released" } }] },
        { toolCalls: [{ name: "bash", args: { command: "touch second-step" } }] },
        { text: "done" },
      ],
    });
    const args = mode === "--json" ? ["--json", "go"] : ["--rpc"];
    const child = zotCommand([...args, "--base-url", llm.url, "--no-ext"], z, "piped").spawn();
    const stdin = child.stdin.getWriter();
    if (mode === "--rpc") {
      await stdin.write(new TextEncoder().encode(`{"type":"prompt","message":"go"}\n`));
    }
    const stderr = new Response(child.stderr).text();
    const lines = readLines(child.stdout);
    for (;;) {
      const item = await withTimeout(lines.next(), 20_000, "the tool_call line");
      if (item.done) throw new Error(`stdout ended: ${await stderr}`);
      if (item.value.kind === "line" && JSON.parse(item.value.line).type === "tool_call") break;
    }
    await lines.return(undefined);
    await child.stdout.cancel();
    // Opening the gate for writing waits for its reader, `cat gate`; a run that stopped before
    // that command started has none, so the test reads the gate itself once zot has exited.
    let released = false;
    const opened = Deno.writeTextFile(gate, "open\n").then(() => released = true);
    const status = await withTimeout(child.status, 20_000, "zot to exit");
    if (!released) await Promise.all([Deno.readTextFile(gate), opened]);
    await stdin.close().catch(() => {});
    assertEquals(status.code, 141, await stderr);
    assertEquals(llm.requests.length, 1);
    assertEquals(await exists(join(z.cwd, "second-step")), false);
  });
}
