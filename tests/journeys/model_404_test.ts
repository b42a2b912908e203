/**
 * A model the server does not know (404) is answered with the command that
 * lists the models to pick from, and that command, run as advised, works:
 * an OpenAI-compatible server is asked for its own models.
 *
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { startFakeLlm } from "../helpers/fake_llm.ts";
import { journey } from "./zot.ts";

/** The `zot ...` command in a `run "zot ..."` remedy, as argv without "zot". */
function advised(stderr: string): string[] {
  const m = stderr.match(/run "zot (--list-models[^"]*)" to see the models/);
  assert(m, stderr);
  return m[1].split(" ");
}

function errorEvent(stdout: string): string {
  const events = stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
  const errors = events.filter((e) => e.type === "error");
  assertEquals(errors.length, 1, stdout);
  return errors[0].message;
}

Deno.test("journey: a 404 for an unknown model points to --list-models, which lists what to pick", async () => {
  await using j = await journey();
  const cases = [
    { provider: "openai", base: (u: { openaiBaseUrl: string }) => u.openaiBaseUrl },
    { provider: "anthropic", base: (u: { anthropicBaseUrl: string }) => u.anthropicBaseUrl },
  ];
  for (const { provider, base } of cases) {
    for (const mode of ["-p", "--json"]) {
      await using llm = await startFakeLlm({
        models: ["llama-local"],
        script: [{ error: { status: 404, message: "model 'nope' not found" } }],
      });
      const r = await j.zot(
        mode,
        "--provider",
        provider,
        "--model",
        "nope",
        "--base-url",
        base(llm),
        "--api-key",
        "x",
        "hi",
      );
      assertEquals(r.code, 1, r.stderr);
      // Print mode says it on stderr; JSON mode in its one error event.
      const said = mode === "-p" ? r.stderr : errorEvent(r.stdout);
      assertStringIncludes(said, "API error 404: model 'nope' not found");
      const args = advised(said);
      assertEquals(args.slice(0, 3), ["--list-models", "--provider", provider]);
      const listed = await j.zot(...args, "--api-key", "x");
      assertEquals(listed.code, 0, listed.stderr);
      // The server's own list where it has one; zot's known models otherwise.
      if (provider === "openai") assertEquals(listed.stdout.includes("llama-local"), true);
      else assertStringIncludes(listed.stdout, "anthropic ");
    }
  }
});
