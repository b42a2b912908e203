/**
 * Manual-journey launcher: starts the fake LLM with a script read from a JSON
 * file (argv[0]) and prints its URL; runs until killed. Used by hand, not by tests.
 *
 * @module
 */
import { startFakeLlm } from "../helpers/fake_llm.ts";

const script = Deno.args[0] ? JSON.parse(await Deno.readTextFile(Deno.args[0])) : [];
const llm = await startFakeLlm({ script, models: ["fake-model", "fake-model-2"] });
console.log(llm.url);
await new Promise(() => {});
