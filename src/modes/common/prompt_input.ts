/**
 * The prompt of a headless run: the positional words, or stdin when none
 * were given and stdin is not a terminal.
 *
 * @module
 */

import { UsageError } from "../../errors.ts";

export async function headlessPrompt(words: string[], mode: string): Promise<string> {
  const joined = words.join(" ").trim();
  if (joined !== "") return joined;
  if (!Deno.stdin.isTerminal()) {
    const text = (await new Response(Deno.stdin.readable).text()).trim();
    if (text !== "") return text;
  }
  throw new UsageError(`No prompt for ${mode} mode (pass it as an argument or pipe it on stdin)`);
}
