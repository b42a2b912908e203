import { readAuth, removeApiKey, saveApiKey } from "../../src/config/auth.ts";
import {
  type CredentialSources,
  loadCredentials,
  NO_KEY,
  requireCredentials,
  resolveCredentials,
} from "../../src/config/credentials.ts";
import { readSettings, rememberModel } from "../../src/config/settings.ts";
import {
  DEFAULT_MODELS,
  PROVIDER_NAMES,
  providerOfModelId,
} from "../../src/config/provider_names.ts";
import { defaultModel, findModel, MODELS } from "../../src/providers/models.ts";
import { assert, assertEquals, assertStringIncludes, assertThrows } from "../helpers/assert.ts";
import { tempZot } from "../helpers/tmp.ts";
import { ZotError } from "../../src/errors.ts";

function sources(patch: Partial<CredentialSources> = {}): CredentialSources {
  return { env: () => undefined, auth: {}, settings: {}, authPath: "/z/auth.json", ...patch };
}

const env = (vars: Record<string, string>) => (name: string) => vars[name];
const authWith = (provider: string, key: string) => ({ [provider]: { type: "api_key", key } });

Deno.test("credentials: --api-key beats the env var, which beats auth.json", () => {
  const all = sources({
    env: env({ ANTHROPIC_API_KEY: "from-env" }),
    auth: authWith("anthropic", "from-file"),
  });
  const flag = resolveCredentials({ apiKey: "from-flag" }, all);
  assert(flag.ok);
  assertEquals([flag.value.apiKey, flag.value.keySource], ["from-flag", "flag"]);
  const fromEnv = resolveCredentials({}, all);
  assert(fromEnv.ok);
  assertEquals([fromEnv.value.apiKey, fromEnv.value.keySource], ["from-env", "env"]);
  const fromFile = resolveCredentials({}, sources({ auth: authWith("anthropic", "from-file") }));
  assert(fromFile.ok);
  assertEquals([fromFile.value.apiKey, fromFile.value.keySource], ["from-file", "auth"]);
});

Deno.test("credentials: a missing key says how to set one", () => {
  const anthropic = resolveCredentials({}, sources());
  assertEquals(anthropic, {
    ok: false,
    code: "no-api-key",
    provider: "anthropic",
    model: "claude-opus-4-7",
    error:
      'No API key for provider "anthropic": set ANTHROPIC_API_KEY, pass --api-key, or run "zot login anthropic" (stores it in /z/auth.json)',
  });
  const openai = resolveCredentials({ provider: "openai" }, sources());
  assert(!openai.ok);
  assertStringIncludes(openai.error, "set OPENAI_API_KEY");
  const err = assertThrows(() => requireCredentials(openai), "OPENAI_API_KEY");
  assertEquals(err.name, "ZotError");
  // The code, not the wording, is what an interactive run checks to start without a key.
  assertEquals((err as ZotError).code, "no-api-key");
});

Deno.test("credentials: the provider comes from the flag, the model, config, then keys", () => {
  const pick = (flags: Parameters<typeof resolveCredentials>[0], s = sources()) => {
    const r = resolveCredentials({ apiKey: "k", ...flags }, s);
    assert(r.ok, JSON.stringify(r));
    return [r.value.provider, r.value.model];
  };
  assertEquals(pick({}), ["anthropic", defaultModel("anthropic")]);
  assertEquals(pick({ provider: "openai" }), ["openai", defaultModel("openai")]);
  assertEquals(pick({ model: "gpt-4o" }), ["openai", "gpt-4o"]);
  assertEquals(pick({ model: "claude-haiku-4-5" }), ["anthropic", "claude-haiku-4-5"]);
  assertEquals(pick({ model: "llama3.2", baseUrl: "http://127.0.0.1:11434/v1" }), [
    "openai",
    "llama3.2",
  ]);
  const remembered = sources({ settings: { provider: "openai", model: "gpt-4.1" } });
  assertEquals(pick({}, remembered), ["openai", "gpt-4.1"]);
  // The remembered model belongs to another provider: use the default.
  assertEquals(pick({ provider: "anthropic" }, remembered), [
    "anthropic",
    defaultModel("anthropic"),
  ]);
  const openaiKey = sources({ env: env({ OPENAI_API_KEY: "sk" }) });
  assertEquals(pick({}, openaiKey), ["openai", defaultModel("openai")]);
  const bad = resolveCredentials({ provider: "gemini" }, sources());
  assertEquals(bad, {
    ok: false,
    code: "credentials",
    error: 'Unknown provider "gemini" (use "anthropic" or "openai")',
  });
});

Deno.test("credentials: a keyless OpenAI-compatible server is allowed", () => {
  const r = resolveCredentials(
    { provider: "openai", baseUrl: "http://127.0.0.1:11434/v1" },
    sources(),
  );
  assert(r.ok);
  assertEquals([r.value.apiKey, r.value.keySource, r.value.baseUrl], [
    NO_KEY,
    "none",
    "http://127.0.0.1:11434/v1",
  ]);
});

Deno.test("auth.json is written 0600 and atomically, keeping other entries", async () => {
  await using zot = await tempZot();
  const path = zot.paths.auth;
  await saveApiKey(path, "anthropic", "sk-ant-1");
  await saveApiKey(path, "openai", "sk-oa-1");
  assertEquals((await Deno.stat(path)).mode! & 0o777, 0o600);
  assertEquals(JSON.parse(await Deno.readTextFile(path)), {
    anthropic: { type: "api_key", key: "sk-ant-1" },
    openai: { type: "api_key", key: "sk-oa-1" },
  });
  await removeApiKey(path, "openai");
  assertEquals((await readAuth(path)).value, { anthropic: { type: "api_key", key: "sk-ant-1" } });
  // No temp files left behind by the rename-based writes.
  const names = [...Deno.readDirSync(zot.home)].map((e) => e.name);
  assertEquals(names, ["auth.json"]);
  const loaded = await loadCredentials({}, zot.paths, () => undefined);
  assert(loaded.result.ok);
  assertEquals(loaded.result.value.apiKey, "sk-ant-1");
});

Deno.test("auth.json: a fresh ZOT_HOME is created 0700", async () => {
  await using zot = await tempZot();
  const home = `${zot.root}/fresh`;
  await saveApiKey(`${home}/auth.json`, "anthropic", "k");
  assertEquals((await Deno.stat(home)).mode! & 0o777, 0o700);
});

Deno.test("auth.json that is broken gives a diagnostic, not a crash", async () => {
  await using zot = await tempZot();
  await Deno.writeTextFile(zot.paths.auth, "{not json");
  const loaded = await loadCredentials({}, zot.paths, () => undefined);
  assert(!loaded.result.ok);
  assertEquals(loaded.diagnostics.length, 1);
  assertStringIncludes(loaded.diagnostics[0], "invalid JSON");
});

Deno.test("config.json remembers the last provider and model and keeps other keys", async () => {
  await using zot = await tempZot();
  await Deno.writeTextFile(zot.paths.config, JSON.stringify({ theme: "dark" }));
  await rememberModel(zot.paths.config, "openai", "gpt-4.1");
  const { value } = await readSettings(zot.paths.config);
  assertEquals([value.provider, value.model, value.raw.theme], ["openai", "gpt-4.1", "dark"]);
  const loaded = await loadCredentials({}, zot.paths, env({ OPENAI_API_KEY: "sk" }));
  assert(loaded.result.ok);
  assertEquals([loaded.result.value.provider, loaded.result.value.model], ["openai", "gpt-4.1"]);
});

Deno.test("default models and prefix guesses agree with the model table", () => {
  for (const provider of PROVIDER_NAMES) {
    assertEquals(findModel(DEFAULT_MODELS[provider])?.provider, provider);
  }
  for (const m of MODELS) assertEquals(providerOfModelId(m.id), m.provider, m.id);
  assertEquals(providerOfModelId("llama3.2"), undefined);
});

Deno.test("auth.json that is broken is not overwritten by saveApiKey or removeApiKey", async () => {
  await using zot = await tempZot();
  const broken = '{"openai": {"type": "api_key", "key": "sk-oa"},';
  await Deno.writeTextFile(zot.paths.auth, broken);
  for (
    const change of [
      () => saveApiKey(zot.paths.auth, "anthropic", "k"),
      () => removeApiKey(zot.paths.auth, "openai"),
    ]
  ) {
    const err = await change().then(() => undefined, (e) => e);
    assert(err instanceof ZotError, String(err));
    assertStringIncludes(err.message, "invalid JSON");
    assertEquals(await Deno.readTextFile(zot.paths.auth), broken);
  }
});
