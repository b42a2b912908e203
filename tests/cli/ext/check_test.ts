import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assert, assertEquals, assertStringIncludes } from "../../helpers/assert.ts";
import { assertNoLeftoverProcesses } from "../../helpers/procs.ts";
import { PYTHON } from "../../helpers/python.ts";
import { tempZot } from "../../helpers/tmp.ts";
import { zot, type ZotEnv } from "./run_zot.ts";

const EXAMPLES = fileURLToPath(new URL("../../../examples/extensions/", import.meta.url));

interface Finding {
  check: string;
  status: "pass" | "warn" | "fail";
  detail: string;
  remedy?: string;
}

/**
 * One raw-protocol Python extension whose misbehaviour is chosen by `mode`:
 * "good", "junk" (a debug print on stdout), "wrong-id" (replies to another id),
 * "silent" (never answers the command), "ignore-shutdown" (stays up), "late-ready"
 * (keeps talking, sends ready only after the host's grace).
 */
const BROKEN_PY = `
import json, sys, time
MODE = sys.argv[1]
def send(o):
    sys.stdout.write(json.dumps(o) + "\\n"); sys.stdout.flush()
send({"type": "hello", "name": "broken", "version": "1.0.0", "capabilities": ["commands", "tools"]})
sys.stdin.readline()
if MODE == "junk":
    print("debug: starting up", flush=True)
send({"type": "register_command", "name": "go", "description": "does nothing"})
send({"type": "register_tool", "name": "echo_it", "description": "echo",
      "schema": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 3}},
                 "required": ["n"]}})
send({"type": "subscribe", "events": ["turn_start"], "intercept": ["tool_call"]})
if MODE == "late-ready":
    end = time.time() + 3.6
    while time.time() < end:
        send({"type": "notify", "level": "info", "message": "still starting"})
        time.sleep(0.1)
send({"type": "ready"})
for line in sys.stdin:
    f = json.loads(line)
    t = f["type"]
    if t == "command_invoked" and MODE != "silent":
        rid = f["id"] + ("-wrong" if MODE == "wrong-id" else "")
        send({"type": "command_response", "id": rid, "action": "noop"})
    elif t == "tool_call":
        send({"type": "tool_result", "id": f["id"],
              "content": [{"type": "text", "text": json.dumps(f["args"])}]})
    elif t == "event_intercept":
        send({"type": "event_intercept_response", "id": f["id"]})
    elif t == "shutdown" and MODE != "ignore-shutdown":
        send({"type": "shutdown_ack"})
        sys.exit(0)
while MODE == "ignore-shutdown":
    time.sleep(1)
`;

async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const entry of Deno.readDir(from)) {
    if (entry.isDirectory) await copyTree(join(from, entry.name), join(to, entry.name));
    else if (entry.isFile) await Deno.copyFile(join(from, entry.name), join(to, entry.name));
  }
}

async function brokenExtension(z: ZotEnv, mode: string): Promise<string> {
  const dir = join(z.cwd, `broken-${mode}`);
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(join(dir, "main.py"), BROKEN_PY);
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({ name: "broken", version: "1.0.0", exec: PYTHON, args: ["main.py", mode] }),
  );
  return dir;
}

async function check(z: ZotEnv, dir: string) {
  const r = await zot(z, "ext", "check", dir, "--json", "--reply-timeout", "800");
  assertEquals(r.stderr, "", dir);
  const report = JSON.parse(r.stdout) as { findings: Finding[]; failed: number };
  const of = (name: string) => report.findings.find((f) => f.check === name);
  return { code: r.code, report, of };
}

Deno.test("zot ext check: every example extension passes", async () => {
  await using z = await tempZot();
  const names = [...Deno.readDirSync(EXAMPLES)].filter((e) => e.isDirectory).map((e) => e.name);
  assert(names.length >= 8, "the examples are there");
  for (const name of names.sort()) {
    // A copy: a plain example keeps its state in its own directory, and the checkout stays clean.
    const copy = join(z.root, "examples", name);
    await copyTree(join(EXAMPLES, name), copy);
    const { code, report } = await check(z, copy);
    const failed = report.findings.filter((f) => f.status === "fail");
    assertEquals([code, failed], [0, []], name);
    assert(report.findings.some((f) => f.check === "shutdown" && f.status === "pass"), name);
  }
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext check: a well-behaved raw extension passes every step", async () => {
  await using z = await tempZot();
  const { code, of, report } = await check(z, await brokenExtension(z, "good"));
  assertEquals(code, 0);
  assertEquals(report.failed, 0);
  for (const name of ["handshake", "ready", "command /go", "tool echo_it", "frames", "shutdown"]) {
    assertEquals(of(name)?.status, "pass", name);
  }
  // The input came from the schema: the required integer at its minimum.
  assertStringIncludes(of("tool echo_it")!.detail, `{"n":3}`);
  assertEquals(of("event turn_start")?.status, "pass");
  assertEquals(of("intercept tool_call")?.status, "pass");
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext check: each broken fixture fails with the right finding", async () => {
  await using z = await tempZot();
  const cases: [string, string, string][] = [
    ["junk", "frames", "not JSON"],
    ["wrong-id", "command /go", "no reply within 800 ms"],
    ["silent", "command /go", "no reply within 800 ms"],
    ["ignore-shutdown", "shutdown", "SIGTERM"],
    ["late-ready", "ready", "no ready within"],
  ];
  for (const [mode, name, says] of cases) {
    const { code, of } = await check(z, await brokenExtension(z, mode));
    assertEquals(code, 1, mode);
    const finding = of(name);
    assertEquals(finding?.status, "fail", `${mode}: ${JSON.stringify(finding)}`);
    assertStringIncludes(finding!.detail, says, mode);
    assert(finding!.remedy, `${mode} says what to change`);
    if (mode === "wrong-id") {
      assertStringIncludes(of("frames")!.detail, "matched no open request");
    }
  }
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext check: a permission the sandbox refused fails the scope check", async () => {
  await using z = await tempZot();
  const dir = join(z.cwd, "nosy");
  await Deno.mkdir(dir);
  await Deno.writeTextFile(
    join(dir, "extension.json"),
    JSON.stringify({
      name: "nosy",
      version: "1.0.0",
      exec: "./main.ts",
      language: "typescript",
      scope: {},
    }),
  );
  // Raw protocol; the tool catches the refusal and reports it as its result.
  await Deno.writeTextFile(
    join(dir, "main.ts"),
    `const enc = new TextEncoder();
const send = (o: unknown) => Deno.stdout.writeSync(enc.encode(JSON.stringify(o) + "\\n"));
send({ type: "hello", name: "nosy", version: "1.0.0", capabilities: ["tools"] });
const lines = Deno.stdin.readable.pipeThrough(new TextDecoderStream());
let buf = "";
let acked = false;
for await (const chunk of lines) {
  buf += chunk;
  let nl;
  while ((nl = buf.indexOf("\\n")) >= 0) {
    const f = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if (!acked) {
      acked = true;
      send({ type: "register_tool", name: "peek", description: "reads a file" });
      send({ type: "ready" });
    } else if (f.type === "tool_call") {
      let text;
      try {
        text = Deno.readTextFileSync("/etc/hostname");
      } catch (e) {
        text = String(e);
      }
      send({ type: "tool_result", id: f.id, content: [{ type: "text", text }], is_error: true });
    } else if (f.type === "shutdown") {
      send({ type: "shutdown_ack" });
      Deno.exit(0);
    }
  }
}
`,
  );
  const { code, of } = await check(z, dir);
  assertEquals(code, 1);
  assertEquals(of("scope")?.status, "fail");
  assertStringIncludes(of("scope")!.detail, "/etc/hostname");
  assertStringIncludes(of("scope")!.remedy!, "scope");
  await assertNoLeftoverProcesses(z.root);
});

Deno.test("zot ext check: not an extension directory is a usage error", async () => {
  await using z = await tempZot();
  const missing = await zot(z, "ext", "check", join(z.cwd, "nowhere"));
  assertEquals(missing.code, 2);
  assertStringIncludes(missing.stderr, "no extension.json there");
  const bad = await zot(z, "ext", "check", z.cwd, "--reply-timeout", "5");
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, "--reply-timeout must be");
  const text = await zot(z, "ext", "check", join(EXAMPLES, "shout"));
  assertEquals(text.code, 0);
  assertStringIncludes(text.stdout, "passed, 0 warnings, 0 failed");
});
