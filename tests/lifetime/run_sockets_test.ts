/**
 * What a program started through a `run` grant can connect to, beyond hosts.
 * It cannot talk to a daemon on a Unix socket: Docker's, an ssh agent's, a
 * session bus would act outside the view for it (a container mounting `/`, a
 * signature with your key). A daemon stand-in listens on a socket outside
 * `/tmp` and the home (where Docker's lives: a path the view shows); Python
 * connects to it from a confined runner, with and without hosts in the
 * scope. And a scope without hosts does not even reach the proxy.
 */

import { assert, assertStringIncludes } from "../helpers/assert.ts";
import { confineRunner } from "../../src/sandbox/run_grant.ts";
import { resetOsSandbox } from "../../src/ossandbox/confine.ts";
import { PYTHON } from "../helpers/python.ts";

const CONNECT = `import socket, sys
try:
    s = socket.socket(socket.AF_UNIX)
    s.connect(sys.argv[1])
    print("daemon said", s.recv(100).decode().strip())
except Exception as e:
    print("refused:", e)
`;

/** A daemon on a Unix socket in /var/tmp; closed (and its folder removed) by `using`. */
async function daemon() {
  const dir = await Deno.makeTempDir({ dir: "/var/tmp", prefix: "zot-daemon-" });
  const path = `${dir}/daemon.sock`;
  const listener = Deno.listen({ transport: "unix", path });
  const serving = (async () => {
    for await (const conn of listener) {
      await conn.write(new TextEncoder().encode("obeying\n")).catch(() => {});
      conn.close();
    }
  })();
  return {
    path,
    async [Symbol.asyncDispose]() {
      listener.close();
      await serving.catch(() => {});
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** What `script` printed, run by Python as a run-grant program of a scope with hosts `net`. */
async function inRunGrant(script: string, arg: string, net: string[]): Promise<string> {
  const home = await Deno.makeTempDir({ prefix: "zot-run-sockets-" });
  try {
    const confined = await confineRunner(
      { command: PYTHON, args: ["-c", script, arg], env: { PATH: "/usr/bin:/bin" } },
      { net, import: [] },
      {
        name: "x",
        run: ["python3"],
        zotHome: home,
        extensionDir: home,
        dataDir: home,
        searchPath: Deno.env.get("PATH") ?? "/usr/bin:/bin",
        os: "linux",
      },
    );
    assert(confined.ok, !confined.ok ? confined.why : "");
    try {
      const out = await new Deno.Command(confined.command, {
        args: confined.args,
        clearEnv: true,
        env: confined.env,
      }).output();
      return new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    } finally {
      await confined.release?.();
    }
  } finally {
    await Deno.remove(home, { recursive: true });
    await resetOsSandbox();
  }
}

Deno.test("run grant without hosts: a daemon's Unix socket cannot be reached", async () => {
  await using d = await daemon();
  const out = await inRunGrant(CONNECT, d.path, []);
  assert(!out.includes("obeying"), `the daemon answered the program:\n${out}`);
  assertStringIncludes(out, "refused:");
});

Deno.test("run grant with hosts: a daemon's Unix socket cannot be reached either", async () => {
  await using d = await daemon();
  const out = await inRunGrant(CONNECT, d.path, ["example.com"]);
  assert(!out.includes("obeying"), `the daemon answered the program:\n${out}`);
  assertStringIncludes(out, "refused:");
});

Deno.test("run grant: the daemon stand-in answers outside the sandbox (the test can tell)", async () => {
  await using d = await daemon();
  const out = await new Deno.Command(PYTHON, { args: ["-c", CONNECT, d.path] }).output();
  assertStringIncludes(new TextDecoder().decode(out.stdout), "daemon said obeying");
});

const PROXY = `import socket, sys
try:
    socket.create_connection(("127.0.0.1", int(sys.argv[1])), 3)
    print("connected")
except Exception as e:
    print("refused:", e)
`;

Deno.test("run grant without hosts: not even the proxy can be reached", async () => {
  const withHosts = await inRunGrant(PROXY, "3128", ["example.com"]);
  // With hosts the proxy answers on its port: the test probes the right place.
  assertStringIncludes(withHosts, "connected");
  const without = await inRunGrant(PROXY, "3128", []);
  assert(!without.includes("connected"), `the proxy was reachable without hosts:\n${without}`);
});

/** Attach to each of the OS sandbox's helpers (its shells and socat relays) the program sees. */
const PTRACE = `import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
seen = 0
for p in os.listdir("/proc"):
    if not p.isdigit():
        continue
    try:
        name = open(f"/proc/{p}/status").read().split("\\n")[0].split()[-1]
    except Exception:
        continue
    if name not in ("socat", "bash"):
        continue
    seen += 1
    if libc.ptrace(16, int(p), 0, 0) == 0:
        print("attached to", p, name)
        try:
            os.waitpid(int(p), 0x40000000)
        except Exception:
            pass
        libc.ptrace(17, int(p), 0, 0)
print("helpers seen:", seen)
`;

Deno.test("run grant: the OS sandbox's own helpers cannot be taken over by the program", async () => {
  for (const net of [[], ["example.com"]]) {
    const out = await inRunGrant(PTRACE, "", net);
    // It sees the sandbox's processes in /proc, and can attach to none of them.
    assert(/helpers seen: [1-9]/.test(out), out);
    assert(!out.includes("attached to"), `a helper was taken over (${net}):\n${out}`);
  }
});
