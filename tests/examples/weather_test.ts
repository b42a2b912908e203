import { assertEquals, assertStringIncludes } from "../helpers/assert.ts";
import { EXAMPLES, load, resultText, runTool } from "./harness.ts";

/** A fake wttr.in on 127.0.0.1 speaking its `format=j1` JSON. */
function fakeWeather() {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const url = new URL(req.url);
    const city = decodeURIComponent(url.pathname.slice(1));
    if (url.searchParams.get("format") !== "j1" || city !== "Berlin") {
      return new Response("unknown location", { status: 404 });
    }
    return Response.json({
      current_condition: [{ temp_C: "16", weatherDesc: [{ value: "Fog" }] }],
    });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    port: server.addr.port,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

/** The sandbox passes only granted variables, read from zot's own environment. */
async function withWeatherUrl<T>(url: string, fn: () => Promise<T>): Promise<T> {
  Deno.env.set("WEATHER_URL", url);
  try {
    return await fn();
  } finally {
    Deno.env.delete("WEATHER_URL");
  }
}

Deno.test("example weather: the sandboxed tool fetches from the granted host", async () => {
  await using server = fakeWeather();
  await using env = await withWeatherUrl(server.url, () => load([`${EXAMPLES}weather`]));
  const ok = await runTool(env.host, "weather", { city: "Berlin" });
  assertEquals([resultText(ok), ok.isError ?? false], ["Berlin: 16°C, fog", false]);
  const missing = await runTool(env.host, "weather", { city: "Atlantis" });
  assertEquals([resultText(missing), missing.isError], [
    'The weather service answered 404 for "Atlantis"',
    true,
  ]);
  const empty = await runTool(env.host, "weather", {});
  assertStringIncludes(resultText(empty), 'needs a "city"');
  const cmd = await env.host.invokeCommand("weather", "Oslo");
  assertEquals(
    cmd.ok && cmd.action === "prompt" ? cmd.prompt : cmd,
    "Use the weather tool to get the current weather in Oslo; answer in one line.",
  );
});

Deno.test("example weather: a host outside the scope is refused by the sandbox", async () => {
  await using server = fakeWeather();
  // Same server, but named "localhost", which the scope does not grant.
  await using env = await withWeatherUrl(
    `http://localhost:${server.port}`,
    () => load([`${EXAMPLES}weather`]),
  );
  const refused = await runTool(env.host, "weather", { city: "Berlin" });
  assertEquals(refused.isError, true);
  assertStringIncludes(resultText(refused), "Requires net access to");
});
