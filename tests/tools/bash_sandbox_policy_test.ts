/**
 * The sandboxed bash tool without the OS sandbox: its policy, and that it never runs a command
 * unconfined when the sandbox is on but cannot confine (an OS sandbox that is missing, broken or
 * refuses the policy).
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { tempDir } from "../helpers/tmp.ts";
import { createBashTool } from "../../src/tools/bash.ts";
import {
  bashPolicy,
  type BashSandbox,
  type OsConfiner,
  secretPaths,
} from "../../src/tools/bash_sandbox.ts";
import { sandboxStopNote, sandboxStops } from "../../src/tools/sandbox_stop.ts";
import { resultText, testContext } from "./_ctx.ts";

function box(project: string, confiner?: OsConfiner): BashSandbox {
  return {
    enabled: true,
    net: ["github.com"],
    loopback: false,
    project,
    zotHome: "/zh",
    home: "/home/u",
    confiner,
  };
}

Deno.test("the bash policy hides credentials and zot's keys, and writes only project and temp", () => {
  const p = bashPolicy(box("/proj"), "/tmp/zot-bash-1", {
    PATH: "/bin",
    ANTHROPIC_API_KEY: "sk-1",
    OPENAI_API_KEY: "sk-2",
  });
  // zot's home as a whole: its entries are never listed one by one.
  for (const secret of ["/home/u/.ssh", "/home/u/.aws", "/home/u/.gnupg", "/zh"]) {
    assert(p.readDeny.includes(secret), secret);
  }
  assert(p.readDeny.includes("/home/u/.config/gcloud") && p.readDeny.includes("/home/u/.npmrc"));
  assertEquals(p.write, ["/proj", "/tmp/zot-bash-1"]);
  for (const kept of ["/proj/.git/hooks", "/proj/.git/config", "/proj/.zot", "/zh"]) {
    assert(p.writeDeny?.includes(kept), kept);
  }
  assertEquals(p.env, { PATH: "/bin", TMPDIR: "/tmp/zot-bash-1" });
  assertEquals(p.netHosts, ["github.com"]);
  assertEquals(secretPaths(undefined, "/zh"), ["/zh"]);
  // Where one directory holds only credentials, it is denied whole (a file in it may be
  // replaced by rename during a command).
  assert(p.readDeny.includes("/home/u/.docker") && p.readDeny.includes("/home/u/.config/pip"));
});

/** A command that leaves a mark when it runs at all. */
async function refusedWithoutRunning(confiner: OsConfiner | undefined, expect: string) {
  await using dir = await tempDir();
  // zot's home in the temp dir: a launch that gets far enough makes it.
  const bash = createBashTool({
    sandbox: { ...box(dir.path, confiner), zotHome: `${dir.path}/zh` },
  });
  const r = await bash.execute({ command: "touch ran" }, testContext(dir.path));
  assertEquals(r.isError, true);
  assertEquals(r.outcome, "blocked");
  assertStringIncludes(resultText(r), "Cannot run the command in the sandbox");
  assertStringIncludes(resultText(r), expect);
  const ran = await Deno.stat(`${dir.path}/ran`).then(() => true, () => false);
  assert(!ran, "the command ran unconfined");
}

Deno.test("sandboxed bash refuses, with the remedy, when the OS sandbox is unavailable", async () => {
  await refusedWithoutRunning({
    status: () => Promise.resolve({ ok: false, reason: '"bwrap" not found', remedy: "apt x" }),
    confine: () => Promise.reject(new Error("must not be called")),
  }, '"bwrap" not found (apt x, or turn the sandbox off with /sandbox');
});

Deno.test("sandboxed bash refuses when confining fails", async () => {
  await refusedWithoutRunning({
    status: () => Promise.resolve({ ok: true }),
    confine: () => Promise.reject(new Error("policy cannot be expressed")),
  }, "policy cannot be expressed");
});

Deno.test("sandboxed bash refuses when no OS sandbox was wired", async () => {
  await refusedWithoutRunning(undefined, "no OS sandbox is available");
});

Deno.test("the stop note names the limit that shows in the output, and what to allow", () => {
  assertEquals(sandboxStops("touch: cannot touch '/x': Read-only file system"), ["write"]);
  assertEquals(sandboxStops("cat: /h/.ssh/id_rsa: Operation not permitted"), ["read"]);
  assertEquals(sandboxStops("curl: (6) Could not resolve host: example.com"), ["network"]);
  // What the filtering proxy's refusal looks like to curl, git and Python.
  for (
    const line of [
      "curl: (56) CONNECT tunnel failed, response 403",
      "curl: (22) The requested URL returned error: 403",
      "urllib.error.HTTPError: HTTP Error 403: Forbidden",
    ]
  ) assertEquals(sandboxStops(line), ["network"], line);
  assertEquals(sandboxStops("line 403 of the report"), []);
  assertEquals(sandboxStopNote("all fine", { write: [], net: [], denied: [] }), undefined);
  assertEquals(sandboxStops("cat: /h/.ssh/k: No such file or directory", ["/h/.ssh"]), ["read"]);
  const note = sandboxStopNote("curl: (56) CONNECT tunnel failed, response 403 Forbidden", {
    write: ["/p"],
    denied: [],
    net: [],
  })!;
  assertStringIncludes(note, "(now: none)");
  assertStringIncludes(note, '"bashSandbox.net"');
});
