import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import {
  allowsCallTool,
  allowsEvent,
  allowsIntercept,
  allowsSystemPrompt,
} from "../../src/scope/allows.ts";
import { scopeToJson } from "../../src/scope/json.ts";
import { parseScope } from "../../src/scope/parse.ts";
import { resolveScopePath } from "../../src/scope/paths.ts";
import { refusalMessage } from "../../src/scope/refusal.ts";
import { defaultScope, type Scope } from "../../src/scope/scope.ts";
import { scopeWidening } from "../../src/scope/widening.ts";

function scope(raw: unknown): Scope {
  const r = parseScope(raw);
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.scope;
}

function errors(raw: unknown): string {
  const r = parseScope(raw);
  assert(!r.ok, "expected the scope to be refused");
  return r.errors.join("\n");
}

Deno.test("no scope is least privilege", () => {
  assertEquals(scope(undefined), defaultScope());
  assertEquals(defaultScope().memory, 256);
});

Deno.test("a full scope parses, sorted and de-duplicated", () => {
  const s = scope({
    read: ["${project}/docs/", "${project}//src", "${project}/docs"],
    write: ["${data}/cache"],
    net: ["api.example.com:443", "127.0.0.1", "[::1]:8080"],
    env: ["WEATHER_*", "HOME"],
    run: ["git", "/usr/bin/echo"],
    sys: ["hostname"],
    import: ["esm.sh:443"],
    memory: 512,
    events: ["tool_result", "session_start"],
    intercept: ["tool_call"],
    system_prompt: true,
    call_tool: ["read"],
  });
  assertEquals(s.read, ["${project}/docs", "${project}/src"]);
  assertEquals(s.net, ["127.0.0.1", "[::1]:8080", "api.example.com:443"]);
  assertEquals(s.env, ["HOME", "WEATHER_*"]);
  assertEquals(s.memory, 512);
  assertEquals(s.systemPrompt, true);
  assertEquals(scope(scopeToJson(s)), s);
});

Deno.test("bad scopes are refused with the field and a remedy", () => {
  assertStringIncludes(errors({ reed: [] }), `scope."reed" is not a known key`);
  assertStringIncludes(errors({ read: "x" }), "scope.read must be an array of strings");
  assertStringIncludes(
    errors({ read: ["docs"] }),
    `scope.read[0]: "docs" must be absolute or start with a placeholder`,
  );
  assertStringIncludes(errors({ read: ["${cwd}/x"] }), "unknown placeholder");
  assertStringIncludes(errors({ write: ["${project}/../x"] }), `must not contain ".."`);
  assertStringIncludes(errors({ read: ["/a/${project}"] }), "placeholder only at the start");
  assertStringIncludes(errors({ net: ["http://x.com"] }), "is not a host or host:port");
  assertStringIncludes(errors({ net: ["x.com:70000"] }), "port outside 1-65535");
  assertStringIncludes(errors({ env: ["*"] }), "variable name or prefix wildcard");
  assertStringIncludes(errors({ run: ["./bin/tool"] }), "program name or an absolute path");
  assertStringIncludes(errors({ sys: ["everything"] }), "is not a sys API");
  assertStringIncludes(errors({ memory: 8 }), "scope.memory must be a whole number of MB from 32");
  assertStringIncludes(errors({ events: ["tool_called"] }), "is not a lifecycle event");
  assertStringIncludes(
    errors({ intercept: ["before_agent_start"] }),
    `granted with "system_prompt": true`,
  );
  assertStringIncludes(errors({ intercept: ["session_start"] }), "cannot be intercepted");
  assertStringIncludes(
    errors({ system_prompt: "yes" }),
    "scope.system_prompt must be true or false",
  );
  assertStringIncludes(errors([]), "scope must be an object");
});

Deno.test("placeholders resolve; a missing one is an error", () => {
  const values = { project: "/p", extension: "/e", data: "/d", home: undefined };
  assertEquals(resolveScopePath("${project}/docs", values), { ok: true, path: "/p/docs" });
  assertEquals(resolveScopePath("/etc/hosts", values), { ok: true, path: "/etc/hosts" });
  assertEquals(resolveScopePath("${home}/.config", values).ok, false);
});

Deno.test("widening names exactly what grew", () => {
  const granted = scope({ net: ["127.0.0.1"], read: ["${project}"], env: ["WEATHER_*"] });
  assertEquals(
    scopeWidening(granted, scope({ net: ["127.0.0.1:8080"], read: ["${project}/src"] })),
    [],
  );
  assertEquals(scopeWidening(granted, scope({ env: ["WEATHER_KEY"] })), []);
  assertEquals(
    scopeWidening(
      granted,
      scope({ net: ["127.0.0.1", "api.example.com:443"], memory: 512, system_prompt: true }),
    ),
    ["net: +api.example.com:443", "memory: 256 → 512 MB", "system_prompt: +allowed"],
  );
  assertEquals(scopeWidening(granted, scope({ read: ["${home}"] })), ["read: +${home}"]);
  assertEquals(scopeWidening(scope({ events: ["*"] }), scope({ events: ["tool_result"] })), []);
});

Deno.test("protocol questions follow the scope", () => {
  const s = scope({ events: ["tool_result"], intercept: ["tool_call"], call_tool: ["read"] });
  assert(allowsEvent(s, "tool_result"));
  assert(!allowsEvent(s, "assistant_message"));
  assert(allowsIntercept(s, "tool_call"));
  assert(!allowsIntercept(s, "turn_start"));
  assert(!allowsIntercept(s, "before_agent_start"));
  assert(!allowsSystemPrompt(s));
  assert(allowsIntercept(scope({ system_prompt: true }), "before_agent_start"));
  assert(allowsCallTool(s, "read"));
  assert(!allowsCallTool(s, "bash"));
  assert(allowsCallTool(scope({ call_tool: ["*"] }), "bash"));
  assertEquals(
    refusalMessage("x", "events", "tool_result"),
    `extension "x" subscribed to "tool_result" but its scope does not declare it (add it to scope.events)`,
  );
});
