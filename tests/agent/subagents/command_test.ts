import { assert, assertEquals } from "../../helpers/assert.ts";
import {
  childCommand,
  type ChildProfile,
  childTools,
  DEPTH_ENV,
  depthOf,
} from "../../../src/agent/subagents/command.ts";
import { NO_KEY } from "../../../src/config/credentials.ts";
import { isCompiled } from "../../../src/self_exec.ts";

const PROFILE: ChildProfile = {
  provider: "anthropic",
  model: "claude-test",
  apiKey: "sk-secret-123",
  baseUrl: "http://127.0.0.1:9",
  ext: ["/abs/guard"],
  noExt: true,
  noSkill: false,
  withSkills: false,
  maxSteps: 7,
  depth: 0,
  home: "/zot-home",
};

Deno.test("the key travels in the child's env, never in argv", () => {
  const c = childCommand(PROFILE, undefined, "/usr/bin/deno");
  assert(!c.args.some((a) => a.includes("sk-secret")), c.args.join(" "));
  assertEquals(c.env.ANTHROPIC_API_KEY, "sk-secret-123");
  assertEquals(c.env[DEPTH_ENV], "1");
  assertEquals(c.env.ZOT_HOME, "/zot-home");
  const keyless = childCommand({ ...PROFILE, provider: "openai", apiKey: NO_KEY }, undefined);
  assertEquals(keyless.env.OPENAI_API_KEY, undefined);
  const found = childCommand({ ...PROFILE, apiKey: undefined }, undefined);
  assertEquals(found.env.ANTHROPIC_API_KEY, undefined, "an env or auth.json key is found again");
});

Deno.test("under deno run the child is main.ts with the repo config; compiled it is the binary", () => {
  const c = childCommand(PROFILE, ["read"], "/usr/bin/deno");
  assertEquals(c.command, "/usr/bin/deno");
  assertEquals(c.args.slice(0, 2), ["run", "-A"]);
  const config = c.args[c.args.indexOf("--config") + 1];
  assert(config.endsWith("/deno.json"), config);
  const main = c.args.findIndex((a) => a.endsWith("/main.ts"));
  assert(main > 0, "main.ts follows the deno flags");
  const flags = c.args.slice(main + 1);
  assertEquals(flags.slice(0, 3), ["--json", "--no-session", "--provider"]);
  for (
    const [flag, value] of [["--model", "claude-test"], ["--max-steps", "7"], ["--tools", "read"]]
  ) {
    assertEquals(flags[flags.indexOf(flag) + 1], value, flag);
  }
  assertEquals(flags[flags.indexOf("--base-url") + 1], "http://127.0.0.1:9");
  assertEquals(flags[flags.indexOf("--ext") + 1], "/abs/guard");
  assert(flags.includes("--no-ext"));

  const compiled = childCommand(PROFILE, [], "/opt/zot/zot");
  assertEquals(compiled.command, "/opt/zot/zot");
  assertEquals(compiled.args[0], "--json");
  assert(compiled.args.includes("--no-tools"));
  assert(isCompiled("/opt/zot/zot"));
  assert(!isCompiled("/home/u/.deno/bin/deno"));
});

Deno.test("a child never gets tools beyond the parent's allow list", () => {
  assertEquals(childTools(undefined, undefined), undefined);
  assertEquals(childTools(["read"], undefined), ["read"]);
  assertEquals(childTools(undefined, ["read", "bash"]), ["read", "bash"]);
  assertEquals(childTools(["bash", "write"], ["read", "bash"]), ["bash"]);
});

Deno.test("depth: unset is top level, garbage counts as too deep", () => {
  assertEquals(depthOf(undefined), 0);
  assertEquals(depthOf(""), 0);
  assertEquals(depthOf("1"), 1);
  assertEquals(depthOf("lots"), 1);
  assertEquals(depthOf("-3"), 1);
});

Deno.test("a child of a sandboxed parent runs its bash sandboxed too", () => {
  const on = childCommand({ ...PROFILE, sandbox: true }, undefined, "/usr/bin/deno");
  assert(on.args.includes("--sandbox"), on.args.join(" "));
  const off = childCommand({ ...PROFILE, sandbox: false }, undefined, "/usr/bin/deno");
  assert(!off.args.includes("--sandbox"), off.args.join(" "));
});
