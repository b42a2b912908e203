// weather: an LLM tool that calls a web service from inside the sandbox.
// The scope grants exactly the service's host (and 127.0.0.1, so you and the
// tests can point WEATHER_URL at a local server) and the WEATHER_URL variable.
import { errorResult, Extension, prompt, textResult } from "./zot_sdk/sdk/mod.ts";

const DEFAULT_URL = "https://wttr.in";

const ext = new Extension("weather", "1.0.0");

/** Read when called, not at start-up: only granted variables are visible. */
function serviceUrl(): string {
  try {
    return (Deno.env.get("WEATHER_URL") || DEFAULT_URL).replace(/\/+$/, "");
  } catch {
    return DEFAULT_URL;
  }
}

function first(v: unknown): Record<string, unknown> {
  const item = Array.isArray(v) ? v[0] : undefined;
  return typeof item === "object" && item !== null ? item : {};
}

ext.tool({
  name: "weather",
  description: "Get the current weather for a city.",
  schema: {
    type: "object",
    properties: { city: { type: "string", description: "city name, e.g. Berlin" } },
    required: ["city"],
  },
}, async (args, ctx) => {
  const city = typeof args.city === "string" ? args.city.trim() : "";
  if (!city) return errorResult('The weather tool needs a "city" (for example "Berlin")');
  const base = serviceUrl();
  let data: unknown;
  try {
    const res = await fetch(`${base}/${encodeURIComponent(city)}?format=j1`, {
      signal: ctx.signal,
    });
    if (!res.ok) {
      await res.body?.cancel();
      return errorResult(`The weather service answered ${res.status} for "${city}"`);
    }
    data = await res.json();
  } catch (e) {
    return errorResult(
      `Cannot reach the weather service at ${base}: ${e instanceof Error ? e.message : e}`,
    );
  }
  const now = first(
    typeof data === "object" && data !== null && "current_condition" in data
      ? data.current_condition
      : undefined,
  );
  const desc = first(now.weatherDesc).value;
  if (typeof now.temp_C !== "string" || typeof desc !== "string") {
    return errorResult(`The weather service sent no current conditions for "${city}"`);
  }
  return textResult(`${city}: ${now.temp_C}°C, ${desc.toLowerCase()}`);
});

ext.command(
  "weather",
  "ask the model for the weather in a city",
  (args) =>
    prompt(
      `Use the weather tool to get the current weather in ${args || "Berlin"}; answer in one line.`,
    ),
);

await ext.run();
