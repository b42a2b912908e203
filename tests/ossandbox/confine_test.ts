/**
 * The OS sandbox core against real processes: what a confined shell can
 * read, write, reach and see of its environment.
 *
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { OsSandboxError, resetOsSandbox, shellQuote } from "../../src/ossandbox/confine.ts";
import { basePolicy, runConfined, tempTree } from "./_run.ts";

// Not skipped where the OS sandbox is missing: the tests fail there with the remedy, as the
// confinement they check would be missing too.
const opts = { sanitizeResources: false, sanitizeOps: false };

Deno.test("shellQuote keeps quotes, spaces and dollars literal", async () => {
  const word = `a b'c"$HOME\`x\`\\`;
  const out = await new Deno.Command("sh", { args: ["-c", `printf %s ${shellQuote(word)}`] })
    .output();
  assertEquals(new TextDecoder().decode(out.stdout), word);
});

Deno.test("a confined shell cannot read a secret under the denied home", opts, async () => {
  await using t = await tempTree();
  try {
    const ran = await runConfined(["cat", t.secret], basePolicy(t.home), t.root);
    assert(ran.code !== 0, ran.stdout);
    assert(!ran.stdout.includes("SECRET-KEY"));
    const listed = await runConfined(["ls", `${t.home}/.ssh`], basePolicy(t.home), t.root);
    assert(!listed.stdout.includes("id_rsa"), listed.stdout);
  } finally {
    await resetOsSandbox();
  }
});

Deno.test(
  "a path under the denied home that the policy allows again is readable",
  opts,
  async () => {
    await using t = await tempTree();
    try {
      await Deno.writeTextFile(`${t.home}/.ssh/ok.txt`, "fine\n");
      const policy = basePolicy(t.home, { readAllow: [`${t.home}/.ssh/ok.txt`] });
      const ok = await runConfined(["cat", `${t.home}/.ssh/ok.txt`], policy, t.root);
      assertEquals(ok.stdout, "fine\n", ok.stderr);
      const secret = await runConfined(["cat", t.secret], policy, t.root);
      assert(!secret.stdout.includes("SECRET-KEY"));
    } finally {
      await resetOsSandbox();
    }
  },
);

Deno.test("a confined shell writes only where the policy allows", opts, async () => {
  await using t = await tempTree();
  try {
    const policy = basePolicy(t.home, { write: [t.allowed] });
    const script = `echo in > ${shellQuote(`${t.allowed}/f`)}; echo out > ${
      shellQuote(`${t.outside}/f`)
    }; echo home > ${shellQuote(`${t.home}/f`)}; true`;
    const ran = await runConfined(["sh", "-c", script], policy, t.root);
    assertEquals(ran.code, 0, ran.stderr);
    assertEquals(await Deno.readTextFile(`${t.allowed}/f`), "in\n");
    for (const f of [`${t.outside}/f`, `${t.home}/f`]) {
      let exists = true;
      await Deno.stat(f).catch(() => exists = false);
      assert(!exists, `${f} was written`);
    }
  } finally {
    await resetOsSandbox();
  }
});

Deno.test("a confined process gets only the policy's environment", opts, async () => {
  await using t = await tempTree();
  Deno.env.set("ZOT_OSBX_HOST_SECRET", "leak");
  try {
    const policy = basePolicy(t.home, {
      env: { PATH: "/usr/bin:/bin", GRANTED: "yes" },
    });
    const ran = await runConfined(["env"], policy, t.root);
    assertStringIncludes(ran.stdout, "GRANTED=yes");
    assert(!ran.stdout.includes("ZOT_OSBX_HOST_SECRET"), ran.stdout);
    assert(!ran.stdout.includes(`HOME=${Deno.env.get("HOME")}\n`), ran.stdout);
  } finally {
    Deno.env.delete("ZOT_OSBX_HOST_SECRET");
    await resetOsSandbox();
  }
});

/** A local HTTP server answering `name`. */
function server(name: string) {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => new Response(name));
}

const FETCH = `import sys, urllib.request
try:
    print(urllib.request.urlopen(sys.argv[1], timeout=5).read().decode())
except Exception as e:
    print("refused", type(e).__name__)`;

Deno.test("a local port is refused unless granted, and only the granted one", opts, async () => {
  await using t = await tempTree();
  const granted = server("pong-granted");
  const other = server("pong-other");
  try {
    const url = (s: typeof granted) => `http://127.0.0.1:${s.addr.port}/`;
    const none = await runConfined(
      ["python3", "-c", FETCH, url(granted)],
      basePolicy(t.home, {
        env: { PATH: "/usr/bin:/bin" },
      }),
      t.root,
    );
    assertStringIncludes(none.stdout, "refused");
    const policy = basePolicy(t.home, {
      loopback: true,
      netHosts: [`127.0.0.1:${granted.addr.port}`],
      env: { PATH: "/usr/bin:/bin" },
    });
    const yes = await runConfined(["python3", "-c", FETCH, url(granted)], policy, t.root);
    assertStringIncludes(yes.stdout, "pong-granted", yes.stderr);
    const no = await runConfined(["python3", "-c", FETCH, url(other)], policy, t.root);
    assertStringIncludes(no.stdout, "refused");
    assert(!no.stdout.includes("pong-other"));
  } finally {
    await granted.shutdown();
    await other.shutdown();
    await resetOsSandbox();
  }
});

Deno.test(
  "with every path denied but the system's, a granted port is still reached",
  opts,
  async () => {
    await using t = await tempTree();
    const granted = server("pong-granted");
    try {
      const policy = basePolicy(t.home, {
        readDeny: ["/"],
        readAllow: ["/usr", "/lib", "/lib64", "/bin", "/etc"],
        loopback: true,
        netHosts: [`127.0.0.1:${granted.addr.port}`],
        env: { PATH: "/usr/bin:/bin" },
      });
      const url = `http://127.0.0.1:${granted.addr.port}/`;
      const yes = await runConfined(["/usr/bin/python3", "-c", FETCH, url], policy, "/");
      assertStringIncludes(yes.stdout, "pong-granted", yes.stderr);
    } finally {
      await granted.shutdown();
      await resetOsSandbox();
    }
  },
);

Deno.test(
  "a loopback host without loopback allowed is refused before anything runs",
  opts,
  async () => {
    await using t = await tempTree();
    try {
      let error: unknown;
      await runConfined(["true"], basePolicy(t.home, { netHosts: ["localhost:80"] }), t.root)
        .catch((e) => error = e);
      assert(error instanceof OsSandboxError);
      assertStringIncludes(error.message, "loopback is not allowed");
    } finally {
      await resetOsSandbox();
    }
  },
);

Deno.test("a setsid daemon dies with the confined process", opts, async () => {
  await using t = await tempTree();
  try {
    const marker = `zot-osbx-daemon-${crypto.randomUUID()}`;
    const ran = await runConfined(
      ["sh", "-c", `setsid sh -c 'exec -a ${marker} sleep 300' >/dev/null 2>&1 & echo started`],
      basePolicy(t.home),
      t.root,
    );
    assertStringIncludes(ran.stdout, "started");
    const ps = await new Deno.Command("ps", { args: ["-eo", "args"] }).output();
    assert(!new TextDecoder().decode(ps.stdout).includes(marker), "the daemon is still running");
  } finally {
    await resetOsSandbox();
  }
});
