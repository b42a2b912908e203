/**
 * Journeys: every error zot prints on stderr starts the same way, `zot: `,
 * whether commander found a usage error, a subcommand refused, or a run
 * failed; none starts with commander's `error: ` or a bare message.
 */

import { assert, assertEquals } from "../helpers/assert.ts";
import { journey } from "./zot.ts";

Deno.test("journey: usage errors, refusals and failures share the zot: prefix", async () => {
  await using j = await journey();
  const cases: [string[], number][] = [
    [["--frobnicate"], 2],
    [["--model"], 2],
    [["ext", "lsit"], 2],
    [["ext", "new"], 2],
    [["ext", "list", "--bogus"], 2],
    [["login", "--bogus"], 2],
    [["ext", "remove", "nope"], 1],
    [["ext", "install", "./nothing-here", "--yes"], 1],
    [["--list-models", "--provider", "nosuch"], 2],
  ];
  for (const [args, code] of cases) {
    const r = await j.zot(...args);
    const first = r.stderr.split("\n")[0];
    assertEquals(r.code, code, `${args.join(" ")}: ${r.stderr}`);
    assert(first.startsWith("zot: "), `${args.join(" ")}: ${r.stderr}`);
    assert(!/^zot: error: /i.test(first), `${args.join(" ")}: ${r.stderr}`);
  }
});
